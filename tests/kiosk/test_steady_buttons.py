"""No button moves under a finger (issue 20, after issue 8).

The screenshot tour (kiosk/screenshots.py: every screen, every form) is
walked with its presenter watched: every call a tour step makes is one tap
(an answer, a trick, a digit, Print, a name...). After each tap that leaves
the same screen showing, every button that was there before (known by its
`key`, else by its text) must be where it was and as large: a second tap
at the same spot, a moment later, must land on the same button. A button
inside a scrolled list is measured in the list (scrolling is the finger's
own doing). Buttons appearing or vanishing are counted and, where they do,
listed with the failures (not failures themselves: a new question has new
answers).

And across the screens of a partie (the deal, its end, quick entry, for two
to seven players) the commands every one of them has (Home, Undo, Redo,
Score sheet) and the phase's main action are in one place: a finger that
learnt where Home is finds it there on every phase.

The default run walks the tour at 800x480 text 1.0 in English and at
720x1280 text 1.6 in French; the whole matrix (the five sizes of
test_layout, 1.0 and 1.6, English and French) runs under the `slow` marker.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from journal import Journal
from kiosk.presenter import Presenter

SIZES = [(800, 480), (1024, 600), (1280, 720), (1280, 800), (720, 1280)]
DEFAULT_CASES = [((800, 480), 1.0, "en"), ((720, 1280), 1.6, "fr")]
FULL_CASES = [
    (size, scale, lang) for size in SIZES for scale in (1.0, 1.6) for lang in ("en", "fr")
]
# the largest text on a landscape display, where the deal's rows are shortest of room
# (the deal for three to seven players: the head of its question box takes what the
# rows under it leave, kiosk/screens/multi_deal.kv)
LARGE_LANDSCAPE = [c for c in FULL_CASES if c[1] == 1.6 and c[0][0] > c[0][1]]
# the commands of every screen of a partie, and where the phase's main action goes
PARTIE_COMMANDS = ("home", "undo", "redo", "sheet")
# and the head of the screen (the deal, the totals), one size in every phase
HEADERS = ("Header", "MultiHeader")
MAIN_ACTIONS = ("next_deal", "final_sheet", "next_partie", "seat_next")
# not taps: the tour's own set-up (another journal; the language is held per run)
NOT_TAPS = {"use_journal", "set_lang"}
# taps that open another page of the same screen (a section of the guide, a
# deal's lines, a player's figures): as if another screen showed
OTHER_PAGE = {
    "open_section",
    "open_rule",
    "view_deal",
    "view_partie",
    "view_player",
    "view_pair",
    "multi_view_row",
}


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


Rect = tuple[int, int, int, int]


@dataclass
class Shown:
    """What a screen shows of its buttons: name -> (where, text, enabled)."""

    screen: str
    buttons: dict[str, tuple[Rect, str, bool]]
    keys: dict[str, Rect]


@dataclass
class Findings:
    screens: set[str] = field(default_factory=set)
    taps: int = 0
    same_screen: int = 0
    compared: int = 0
    appeared: int = 0
    vanished: int = 0
    moved: list[str] = field(default_factory=list)
    changes: list[str] = field(default_factory=list)
    partie_places: dict[str, tuple[Rect, str]] = field(default_factory=dict)


def _ancestors(widget: Any):
    w = widget.parent
    while w is not None and w is not w.parent:
        yield w
        w = w.parent


def look(app) -> Shown:
    """Every button shown on the current screen, where a finger finds it."""
    from kivy.uix.behaviors import ButtonBehavior
    from kivy.uix.scrollview import ScrollView

    from kiosk.app import shown

    screen = app.sm.current_screen
    buttons: dict[str, tuple[Rect, str, bool]] = {}
    keys: dict[str, Rect] = {}
    for w in screen.walk(restrict=True):
        if type(w).__name__ in HEADERS and shown(w):
            x0, y0 = w.to_window(w.x, w.y)
            x1, y1 = w.to_window(w.right, w.top)
            keys.setdefault(type(w).__name__, (round(x0), round(y0), round(x1), round(y1)))
        if not isinstance(w, ButtonBehavior) or not w.get_root_window() or not shown(w):
            continue
        x0, y0 = w.to_window(w.x, w.y)
        x1, y1 = w.to_window(w.right, w.top)
        rect = [min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)]
        scroll = next((a for a in _ancestors(w) if isinstance(a, ScrollView)), None)
        if scroll is not None and scroll.children:
            # in the scrolled list: from the list's top left
            content = scroll.children[0]
            cx, _ = content.to_window(content.x, content.y)
            _, ctop = content.to_window(content.x, content.top)
            rect = [rect[0] - cx, ctop - rect[3], rect[2] - cx, ctop - rect[1]]
        text = str(getattr(w, "text", ""))
        name = f"{getattr(w, 'key', '') or type(w).__name__} {text!r}"
        base, n = name, 1
        while name in buttons:
            n += 1
            name = f"{base} #{n}"
        r = (round(rect[0]), round(rect[1]), round(rect[2]), round(rect[3]))
        buttons[name] = (r, text, not w.disabled)
        if getattr(w, "key", ""):
            keys.setdefault(w.key, r)
    return Shown(screen.name, buttons, keys)


def compare(before: Shown, after: Shown, where: str, found: Findings) -> None:
    if before.screen != after.screen:
        return
    found.same_screen += 1
    for name, (rect, _text, _enabled) in before.buttons.items():
        if name not in after.buttons:
            found.vanished += 1
            found.changes.append(f"{where}: {name} vanished")
            continue
        found.compared += 1
        now = after.buttons[name][0]
        if any(abs(a - b) > 1 for a, b in zip(rect, now, strict=True)):
            found.moved.append(
                f"{where} [{after.screen}]: {name} {rect} -> {now} ({after.buttons[name][1]!r})"
            )
    for name in after.buttons.keys() - before.buttons.keys():
        found.appeared += 1
        found.changes.append(f"{where}: {name} appeared")


def same_places(shown: Shown, where: str, found: Findings) -> None:
    """The partie's commands, its main action and its header in one place
    on every screen of a partie (a screen with Undo in its bottom bar), from
    the moment it shows to the next screen that is not a partie's (Home,
    the sheet, a new partie: the next partie may be of another form)."""
    if "undo" not in shown.keys or shown.screen.endswith("sheet"):
        found.partie_places.clear()
        return
    for name in (*PARTIE_COMMANDS, *MAIN_ACTIONS, *HEADERS):
        if name not in shown.keys:
            continue
        place = "main" if name in MAIN_ACTIONS else name
        rect = shown.keys[name]
        first = found.partie_places.setdefault(place, (rect, where))
        if any(abs(a - b) > 1 for a, b in zip(first[0], rect, strict=True)):
            found.moved.append(
                f"{where} [{shown.screen}]: {name} at {rect}, at {first[0]} on {first[1]}"
            )


class Watched:
    """The tour's presenter, each of the tour's calls being one tap: after
    it the screen is drawn and looked at."""

    def __init__(self, p: Presenter, after: Callable[[str, bool], None]) -> None:
        object.__setattr__(self, "_p", p)
        object.__setattr__(self, "_after", after)

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._p, name)
        if name.startswith("_") or name in NOT_TAPS or not callable(value):
            return value
        if isinstance(value, type):
            return value

        def tapped(*args: Any, **kwargs: Any) -> Any:
            changed: list[bool] = []
            listener = lambda: changed.append(True)  # noqa: E731
            self._p.listeners.append(listener)
            try:
                result = value(*args, **kwargs)
            finally:
                self._p.listeners.remove(listener)
            if changed:
                self._after(f"{name}{args!r}", name in OTHER_PAGE)
            return result

        return tapped

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self._p, name, value)


def walk_tour(app, size, scale, lang, found: Findings) -> None:
    from kivy.core.window import Window

    from kiosk.screenshots import TOUR
    from tests.kiosk.test_layout import settle

    Window.size = size
    p = Presenter(Journal.open(":memory:"), lang=lang, text_scale=scale)
    app.set_presenter(p)
    settle(app)
    state = {"last": look(app), "step": ""}
    case = f"{size[0]}x{size[1]} x{scale} {lang}"

    def after(call: str, other_page: bool) -> None:
        app.refresh()
        settle(app)
        now = look(app)
        where = f"{case} {state['step']} {call}"
        found.taps += 1
        found.screens.add(now.screen)
        if not other_page:
            compare(state["last"], now, where, found)
        same_places(now, where, found)
        state["last"] = now

    watched = Watched(p, after)
    for name, step in TOUR:
        state["step"] = name
        step(watched)  # type: ignore[arg-type]
        app.refresh()
        settle(app)
        state["last"] = look(app)
        same_places(state["last"], f"{case} {name}", found)


def run(app, monkeypatch, cases) -> Findings:
    from kiosk.session import Session

    monkeypatch.setattr(Session, "set_lang", lambda self, lang: None)
    found = Findings()
    for size, scale, lang in cases:
        found.partie_places.clear()  # one place per display, text size and language
        walk_tour(app, size, scale, lang, found)
    print(
        f"\nsteady buttons: {len(cases)} runs, {len(found.screens)} screens, {found.taps} taps, "
        f"{found.same_screen} on the same screen, {found.compared} buttons compared, "
        f"{found.appeared} appeared, {found.vanished} vanished, {len(found.moved)} moved"
    )
    if os.environ.get("PIQUET_STEADY_OUT"):
        Path(os.environ["PIQUET_STEADY_OUT"]).write_text("\n".join(found.moved + found.changes))
    return found


def test_no_button_moves_under_a_finger(app, monkeypatch):
    found = run(app, monkeypatch, DEFAULT_CASES)
    assert found.compared > 1000
    assert not found.moved, f"{len(found.moved)} moved:\n" + "\n".join(found.moved)


@pytest.mark.slow
def test_no_button_moves_at_any_size_text_size_or_language(app, monkeypatch):
    cases = [c for c in FULL_CASES if c not in LARGE_LANDSCAPE]
    found = run(app, monkeypatch, cases)
    assert not found.moved, f"{len(found.moved)} moved:\n" + "\n".join(found.moved)


@pytest.mark.slow
def test_no_button_moves_with_the_largest_text_on_a_landscape_display(app, monkeypatch):
    found = run(app, monkeypatch, LARGE_LANDSCAPE)
    assert "multi_deal" in found.screens
    assert not found.moved, f"{len(found.moved)} moved:\n" + "\n".join(found.moved)
