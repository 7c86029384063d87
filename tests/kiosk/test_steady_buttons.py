"""No button moves under a finger (issue 20, after issue 8).

The screenshot tour (kiosk/screenshots.py: every screen, every form) is
walked with its presenter watched: every call a tour step makes is one tap
(an answer, a trick, a digit, Print, a name...). After each tap that leaves
the same screen showing, every button that was there before (known by its
`key` and its words) must be where it was and as large: a second tap at the
same spot, a moment later, must land on the same button. Nor may a button
vanish (taken away, or drawn with no size, no opacity or off the screen)
unless another stands in its very place (its words changed, or it is
disabled), nor a new button come over a place a button had. A question's
answers are the exception: the next question brings its own answers where
the last one's were (the buttons of an answer grid, its "done" and "nothing
to declare", the play's trick buttons), while a row beside every question
(an answer grid with `stays`, the carte blanche row of a deal) keeps its
buttons, disabled once they can no longer be used. A button inside a
scrolled list is measured in the list (scrolling is the finger's own
doing), and compared with the buttons of that list only.

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
# what two buttons may share without one being over the other (pixels)
EDGE = 4
# a question's answers outside an answer grid (its "done", "nothing to declare")
ANSWERS = ("AnswerButton",)
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
    # a correction's confirmation: its two answers where the digits were ("Change
    # the totals" over Enter: a second tap on Enter goes back, never confirms)
    "correct_enter",
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
    # the buttons that are a question's answers (in an answer grid that does
    # not stay: the next question brings its own), by name
    answers: set[str] = field(default_factory=set)
    # the scrolled list a button is measured in (0: the screen)
    spaces: dict[str, int] = field(default_factory=dict)
    page: bool | None = None


@dataclass
class Findings:
    screens: set[str] = field(default_factory=set)
    taps: int = 0
    same_screen: int = 0
    compared: int = 0
    appeared: int = 0
    vanished: int = 0
    moved: list[str] = field(default_factory=list)
    gone: list[str] = field(default_factory=list)
    covered: list[str] = field(default_factory=list)
    partie_places: dict[str, tuple[Rect, str]] = field(default_factory=dict)


def _ancestors(widget: Any):
    w = widget.parent
    while w is not None and w is not w.parent:
        yield w
        w = w.parent


def look(app) -> Shown:
    """Every button shown on the current screen, where a finger finds it."""
    from kivy.core.window import Window
    from kivy.uix.behaviors import ButtonBehavior
    from kivy.uix.scrollview import ScrollView

    from kiosk.app import shown
    from kiosk.widgets import AnswerGrid

    screen = app.sm.current_screen
    screen_rect = (0, 0, round(Window.width), round(Window.height))
    buttons: dict[str, tuple[Rect, str, bool]] = {}
    keys: dict[str, Rect] = {}
    answers: set[str] = set()
    spaces: dict[str, int] = {}
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
        if scroll is None and not _overlap(_rounded(rect), screen_rect):
            continue  # off the screen: no finger finds it
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
        r = _rounded(rect)
        buttons[name] = (r, text, not w.disabled)
        if getattr(w, "key", ""):
            keys.setdefault(w.key, r)
        grid = w.parent
        staying = isinstance(grid, AnswerGrid) and grid.stays
        if not staying and (isinstance(grid, AnswerGrid) or type(w).__name__ in ANSWERS):
            answers.add(name)
        spaces[name] = id(scroll) if scroll is not None else 0
    return Shown(screen.name, buttons, keys, answers, spaces, _page(screen))


def _page(screen: Any) -> bool | None:
    """The deal's page: its questions, or its play (the trick buttons come
    where the questions' were, as on another page of the screen; None: a
    screen of one page)."""
    for name in ("v", "q"):
        values = getattr(screen, name, None)
        if isinstance(values, dict) and "play" in values:
            return bool(values["play"])
    return None


def _rounded(rect: list[float]) -> Rect:
    return (round(rect[0]), round(rect[1]), round(rect[2]), round(rect[3]))


def _same(a: Rect, b: Rect) -> bool:
    return all(abs(x - y) <= 1 for x, y in zip(a, b, strict=True))


def _overlap(a: Rect, b: Rect) -> bool:
    """More than an edge in common (a button's border, a pixel's rounding)."""
    return min(a[2], b[2]) - max(a[0], b[0]) > EDGE and min(a[3], b[3]) - max(a[1], b[1]) > EDGE


def compare(before: Shown, after: Shown, where: str, found: Findings) -> None:
    """Where the same screen still shows: every button (by its key and words)
    in its place and as large; a button gone only where another stands in
    its place (its words changed, or it is disabled) or where it was a
    question's answer (the next question brings its own answers, in the same
    grid); and no new button over a place a button had, unless both are
    answers (the next question's grid where the last one's was)."""
    if before.screen != after.screen or before.page != after.page:
        return
    found.same_screen += 1
    places = [(after.spaces[n], rect) for n, (rect, _text, _enabled) in after.buttons.items()]
    for name, (rect, _text, _enabled) in before.buttons.items():
        if name not in after.buttons:
            space = before.spaces[name]
            if any(s == space and _same(rect, place) for s, place in places):
                continue  # a button in its place still, its words changed
            found.vanished += 1
            if name not in before.answers:
                found.gone.append(f"{where} [{after.screen}]: {name} {rect} vanished")
            continue
        found.compared += 1
        now = after.buttons[name][0]
        if not _same(rect, now):
            found.moved.append(
                f"{where} [{after.screen}]: {name} {rect} -> {now} ({after.buttons[name][1]!r})"
            )
    for name in after.buttons.keys() - before.buttons.keys():
        found.appeared += 1
        rect = after.buttons[name][0]
        under = [
            f"{old} {was}"
            for old, (was, _text, _enabled) in before.buttons.items()
            if before.spaces[old] == after.spaces[name]
            and _overlap(rect, was)
            and not _same(rect, was)
            and not (name in after.answers and old in before.answers)
        ]
        if under:
            found.covered.append(
                f"{where} [{after.screen}]: {name} {rect} appeared over {', '.join(under)}"
            )


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
        f"{found.appeared} appeared, {found.vanished} vanished ({len(found.gone)} not a "
        f"question's answers), {len(found.moved)} moved, {len(found.covered)} covered"
    )
    if os.environ.get("PIQUET_STEADY_OUT"):
        Path(os.environ["PIQUET_STEADY_OUT"]).write_text(
            "\n".join(found.moved + found.gone + found.covered)
        )
    return found


def steady(found: Findings) -> None:
    """No button moved, vanished or covered (the first twenty of each said)."""
    for what, seen in (
        ("moved", found.moved),
        ("vanished", found.gone),
        ("covered", found.covered),
    ):
        assert not seen, f"{len(seen)} {what}:\n" + "\n".join(seen[:20])


def test_no_button_moves_under_a_finger(app, monkeypatch):
    found = run(app, monkeypatch, DEFAULT_CASES)
    assert found.compared > 1000
    steady(found)


@pytest.mark.slow
def test_no_button_moves_at_any_size_text_size_or_language(app, monkeypatch):
    cases = [c for c in FULL_CASES if c not in LARGE_LANDSCAPE]
    steady(run(app, monkeypatch, cases))


@pytest.mark.slow
def test_no_button_moves_with_the_largest_text_on_a_landscape_display(app, monkeypatch):
    found = run(app, monkeypatch, LARGE_LANDSCAPE)
    assert "multi_deal" in found.screens
    steady(found)
