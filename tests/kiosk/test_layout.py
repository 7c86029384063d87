"""Every screen fits every supported display: 800x480, 1024x600, 1280x720,
1280x800 and 720x1280 portrait, at text sizes 1.0 and 1.6, in English and
French. One app; the window is resized between cases.

The screens are the screenshot tour's (kiosk/screenshots.py): every page of a
new partie, the deal in each phase and step, the end of a deal with a
banner, the last deal's end, quick mode, a sheet with many rows, a history
with many parties, settings, learn. For each case it fails if a widget with
text lies partly outside the window or its parent, if a text is wider or
taller than its box (or has a word broken), if a text had to be drawn at
under half its size, if a button is smaller than a finger (48 px at
800x480, in proportion elsewhere), if two buttons overlap, or if an enabled
button does not get a real tap at its centre (something hidden over it).
"""

from __future__ import annotations

import pytest

from journal import Journal
from kiosk.presenter import Presenter

pytestmark = pytest.mark.slow

SIZES = [(800, 480), (1024, 600), (1280, 720), (1280, 800), (720, 1280)]
SCALES = (1.0, 1.6)
LANGS = ("en", "fr")


@pytest.fixture(scope="module")
def app():
    from piquet.kiosk_command import configure_kivy

    configure_kivy(False)
    from kivy.base import runTouchApp, stopTouchApp
    from kivy.clock import Clock
    from kivy.core.window import Window

    from kiosk.app import PiquetApp

    app = PiquetApp(Presenter(Journal.open(":memory:")))
    app._run_prepare()
    runTouchApp(embedded=True)
    fps, Clock._max_fps = Clock._max_fps, 0  # no waiting for the next frame
    size = tuple(Window.size)
    yield app
    Clock._max_fps = fps
    Window.size = size
    app.stop()
    stopTouchApp()


def settle(app) -> None:
    """Run the clock until the layout stops changing (a few ticks), each tick
    followed by what Kivy's loop runs before it draws a frame (`tick_draw`:
    the layouts and text fits armed meanwhile, to the end)."""
    from kivy.clock import Clock

    last, same = None, 0
    for _ in range(16):
        Clock.tick()
        Clock.tick_draw()
        shape = [
            (
                round(w.x),
                round(w.y),
                round(w.width),
                round(w.height),
                w.font_size if hasattr(w, "font_size") else 0,
            )
            for w in app.sm.current_screen.walk()
        ]
        same = same + 1 if shape == last else 0
        if same == 2:
            return
        last = shape


def window_rect(widget) -> tuple[float, float, float, float]:
    x0, y0 = widget.to_window(widget.x, widget.y)
    x1, y1 = widget.to_window(widget.right, widget.top)
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def inside(inner, outer, slack: float = 1.0) -> bool:
    return (
        inner[0] >= outer[0] - slack
        and inner[1] >= outer[1] - slack
        and inner[2] <= outer[2] + slack
        and inner[3] <= outer[3] + slack
    )


def clip(rect, to):
    return max(rect[0], to[0]), max(rect[1], to[1]), min(rect[2], to[2]), min(rect[3], to[3])


def overlap(a, b) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def problems(app) -> list[str]:
    from kivy.core.window import Window
    from kivy.uix.button import Button
    from kivy.uix.label import Label
    from kivy.uix.scrollview import ScrollView

    from kiosk.app import shown
    from kiosk.widgets import text_overflow

    found: list[str] = []
    window = (0, 0, *Window.size)
    buttons = []
    for w in app.sm.current_screen.walk(restrict=True):
        if not shown(w) or not w.get_root_window():
            continue
        rect = window_rect(w)
        scroll = next((a for a in _ancestors(w) if isinstance(a, ScrollView)), None)
        text = getattr(w, "text", None)
        name = f"{type(w).__name__} {text!r}"[:70]
        if isinstance(text, str) and text.strip():
            if scroll is None:
                if not inside(rect, window):
                    found.append(f"{name} outside the window: {rect}")
                if (
                    w.parent is not None
                    and shown(w.parent)
                    and not inside(rect, window_rect(w.parent))
                ):
                    found.append(f"{name} outside its parent: {rect} in {window_rect(w.parent)}")
            if isinstance(w, Label):
                over_w, over_h = text_overflow(w)
                if over_w > 1 or over_h > 1:
                    found.append(f"{name} spills out of its box by {over_w:.0f}x{over_h:.0f}")
                if getattr(w, "fitted", 1.0) < 0.5:
                    found.append(f"{name} drawn at {w.fitted:.0%} of its size")
                if w.font_size != int(w.font_size):
                    # SDL_ttf draws it at the whole pixels, but Kivy opens a font
                    # of its own for each size as written (kiosk.widgets.font_px)
                    found.append(f"{name} asks for a font of {w.font_size} px")
        if isinstance(w, Button):
            if scroll is not None:
                rect = clip(rect, window_rect(scroll))
                if rect[2] <= rect[0] or rect[3] <= rect[1]:
                    continue  # scrolled out of sight
            elif min(w.width, w.height) < app.tgt - 0.5:
                found.append(f"{name} is {w.width:.0f}x{w.height:.0f}, under {app.tgt:.0f}")
            buttons.append((name, rect))
    for i, (a, ra) in enumerate(buttons):
        for b, rb in buttons[i + 1 :]:
            if overlap(ra, rb) > 1:
                found.append(f"{a} overlaps {b}")
    return found


def unreachable(app) -> list[str]:
    """Every enabled button shown gets a tap at its centre: a real touch,
    with the presenter replaced by a recorder (nothing is done)."""
    from kivy.uix.behaviors import ButtonBehavior
    from kivy.uix.scrollview import ScrollView

    from kiosk.app import shown, tap

    calls: list[str] = []

    class Recorder:
        def __getattr__(self, name):
            return lambda *args, **kwargs: calls.append(name)

    found = []
    real, app.p = app.p, Recorder()
    try:
        for w in list(app.sm.current_screen.walk(restrict=True)):
            if (
                not isinstance(w, ButtonBehavior)
                or w.disabled
                or not shown(w)
                or any(isinstance(a, ScrollView) for a in _ancestors(w))
            ):
                continue
            calls.clear()
            tap(w)
            if not calls:
                found.append(
                    f"{type(w).__name__} {getattr(w, 'text', '')!r}"[:60]
                    + " does not get a tap at its centre"
                )
    finally:
        app.p = real
    return found


def _ancestors(widget):
    w = widget.parent
    while w is not None and w is not w.parent:  # the window is its own parent
        yield w
        w = w.parent


def test_every_screen_fits_every_display_and_text_size_in_both_languages(app, monkeypatch):
    """The tour once per size, text size and language (its own language
    switches are held, so that each run stays in one language)."""
    from kivy.core.window import Window

    from kiosk.screenshots import TOUR
    from kiosk.session import Session

    monkeypatch.setattr(Session, "set_lang", lambda self, lang: None)
    failures: list[str] = []
    cases = 0
    for size in SIZES:
        Window.size = size
        for scale in SCALES:
            for lang in LANGS:
                p = Presenter(Journal.open(":memory:"), lang=lang, text_scale=scale)
                app.set_presenter(p)
                for name, step in TOUR:
                    step(p)
                    app.refresh()
                    settle(app)
                    cases += 1
                    failures += [
                        f"{name} {size[0]}x{size[1]} x{scale} {lang}: {f}"
                        for f in problems(app) + unreachable(app)
                    ]
    assert cases == len(SIZES) * len(SCALES) * len(TOUR) * len(LANGS)
    assert not failures, f"{len(failures)} problems:\n" + "\n".join(failures)


def test_a_size_in_part_pixels_draws_what_its_whole_pixels_draw(app):
    """Why the kiosk asks for whole pixels (kiosk.widgets.font_px): SDL_ttf
    draws 17.28 px as 17, so nothing drawn changes, while each size as written
    costs Kivy an open font of its own."""
    from kivy.core.text import Label as CoreLabel

    from kiosk.widgets import font_px

    def drawn(size: float, bold: bool = False) -> tuple[tuple[int, int], bytes]:
        label = CoreLabel(text="Jean-Christophe · 127", font_size=size, bold=bold)
        label.refresh()
        return tuple(label.texture.size), bytes(label.texture.pixels)

    for size in (11.52, 17.28, 23.9, 34.56):
        assert font_px(size) == int(size)
        assert drawn(size) == drawn(font_px(size))
        assert drawn(size, bold=True) == drawn(font_px(size), bold=True)
    assert drawn(17.28) != drawn(18)  # the comparison tells one pixel apart
