"""No tap is lost (issue 20): bursts of taps through Kivy's real input path.

Each tap is a touch (a MotionEvent, as a touch screen's provider makes
them) queued on the event loop, `begin` then `end`, and dispatched by the
loop itself (`EventLoop.idle`: the post-processing modules, the window's
rotation, the widgets), with a given number of frames between the taps:
none at all (a slow device: every tap of the burst arrives before the next
frame is drawn), one (100 ms apart at 10 frames a second, 40 ms at 25), or
six (100 ms apart at 60 frames a second). So the guarantee does not depend
on the frame rate.

Where to tap is learnt first, slowly (each tap drawn before the next): the
centre of the button that tap is for, as a player who knows the screen
taps there. The burst, from the same start on a fresh journal, must end
exactly where the slow taps ended: each tap registered once, in order,
nothing else selected. The screens the burst opens are made anew (as on a
kiosk just started), so that a screen on its first visit is tested too.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import pytest

from journal import Journal
from kiosk.presenter import Presenter
from tests.kiosk.window import pump

# (frames between two taps, frames a finger stays down)
PACES = [(0, 0), (1, 0), (1, 1), (6, 1)]
_ids = itertools.count(1000)


def finger(x: float, y: float) -> Any:
    """A touch at window pixel (x, y), as the panel would report it."""
    from kivy.core.window import Window
    from kivy.input.motionevent import MotionEvent

    from kiosk.app import normalized

    class Finger(MotionEvent):
        def depack(self, args: dict[str, float]) -> None:
            self.sx, self.sy = args["x"], args["y"]
            self.profile = ["pos"]
            super().depack(args)

    nx, ny = normalized(x, y)
    touch = Finger("burst", next(_ids), {"x": nx, "y": ny}, is_touch=True, type_id="touch")
    assert Window is not None
    return touch


def burst(points: list[tuple[float, float]], between: int, held: int) -> None:
    from kivy.base import EventLoop

    for x, y in points:
        touch = finger(x, y)
        EventLoop._dispatch_input("begin", touch)
        pump(held)
        touch.update_time_end()
        EventLoop._dispatch_input("end", touch)
        pump(between)
    pump(12)


def centre(app, key: str) -> tuple[float, float]:
    from kiosk.app import find_key

    widget = find_key(app.sm.current_screen, key)
    assert widget is not None, (key, app.sm.current)
    assert not widget.disabled, key
    return widget.to_window(*widget.center)


def fresh(app, setup: Callable[[Presenter], None]) -> Presenter:
    """A new journal brought to the start by the presenter, drawn, and every
    screen but the one shown made anew when next shown."""
    p = Presenter(Journal.open(":memory:"), lang="en")
    setup(p)
    app.set_presenter(p)
    pump(12)
    for screen in list(app.sm.screens):
        if screen is not app.sm.current_screen:
            app.sm.remove_widget(screen)
    return p


def learn_places(app, setup, keys: list[str]) -> tuple[list[tuple[float, float]], Any]:
    """Tap each key slowly; where each was, and what the taps made."""
    from kiosk.app import find_key, tap

    p = fresh(app, setup)
    points = []
    for key in keys:
        points.append(centre(app, key))
        tap(find_key(app.sm.current_screen, key))
        pump(12)
    return points, outcome(p)


def outcome(p: Presenter) -> Any:
    return (
        p.screen,
        [dict(a) for a in p.journal.actions()] if p.journal.current_partie() else [],
        p.drill_player,
        p.drill_typed,
        {side: list(cards) for side, cards in p.calc_hands.items()},
    )


def two_player(p: Presenter) -> None:
    p.new_partie()
    p.draft.names = ["Anne", "Bruno"]
    p.names_done()
    p.rules_done()
    p.set_first_dealer(1)
    p.start_partie()


def in_play(p: Presenter) -> None:
    two_player(p)
    for key in ("cb-done", "ex-done", *["nothing"] * 6):
        p.answer(key)


def learn(p: Presenter) -> None:
    in_play(p)  # a partie played: Anne and Bruno are recent names
    p.open_learn()


def calculator(p: Presenter) -> None:
    p.open_learn()
    p.open_calculator()


CARDS = [f"card-{c}" for c in "AH KH QH JS JD JC 10S 9S 8S 7D 9H 7C".split()]
TRICKS = ["won-a", "won-b", "won-b", "won-a", "won-a", "won-a", "won-b", "won-a", "won-b"]
ANSWERS = ["cb-done", "ex-elder-5", "ex-younger-3", "call-5", "good", "call-4", "good", "top-K"]
ANSWERS += ["done", "nothing", "nothing"]

CASES = {
    "calculator cards": (calculator, CARDS),
    "trick buttons": (in_play, TRICKS),
    "drills: a name then Start": (learn, ["drills", "player-Anne"]),
    "drills: typed, then Start": (learn, ["drills", *[f"letter-{c}" for c in "CLEO"], "name_done"]),
    "dialogue answers": (two_player, ANSWERS),
}


@pytest.mark.parametrize("pace", PACES, ids=lambda p: f"{p[0]} frames between, {p[1]} down")
@pytest.mark.parametrize("case", list(CASES))
def test_a_burst_of_taps_registers_each_once_in_order(app, case, pace):
    setup, keys = CASES[case]
    points, slow = learn_places(app, setup, keys)
    p = fresh(app, setup)
    burst(points, *pace)
    assert outcome(p) == slow
