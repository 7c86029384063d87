"""A tour of every screen at 800x480, saved as PNG files (scripts/screenshots).

It plays a partie into an in-memory journal through the presenter, the way
taps would, and photographs each screen after it has been drawn. Run with
`SDL_VIDEODRIVER=offscreen` to need no display.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

from journal import Journal
from kiosk.presenter import Presenter

Step = tuple[str, Callable[[Presenter], None]]


def _answers(*keys: str) -> Callable[[Presenter], None]:
    def run(p: Presenter) -> None:
        for key in keys:
            p.answer(key)
    return run


def _enter(e: int, y: int) -> Callable[[Presenter], None]:
    def run(p: Presenter) -> None:
        first = p.view()["elder_field"]  # the boxes are in the players' order
        p.quick_field(first)
        for d in str(e):
            p.quick_digit(d)
        p.quick_field(1 - first)
        for d in str(y):
            p.quick_digit(d)
        p.quick_enter()
    return run


def _names(p: Presenter) -> None:
    p.new_partie()
    for ch in "ANNE":
        p.type_key(ch)
    p.edit_name(1)
    for ch in "BRU":
        p.type_key(ch)


def _rules(p: Presenter) -> None:
    for ch in "NO":
        p.type_key(ch)
    p.names_done()
    p.set_first_dealer(1)
    p.toggle_variant("void_suit_point")  # on and off: its meaning shows under the rules
    p.toggle_variant("void_suit_point")


def _rules_fr(p: Presenter) -> None:
    p.new_partie()
    p.draft.names = ["Anne", "Bruno"]
    p.names_done()
    p.set_first_dealer(1)
    p.toggle_variant("point_ending_in_four")  # on and off: its meaning shows
    p.toggle_variant("point_ending_in_four")


def _tricks(n: int) -> Callable[[Presenter], None]:
    def run(p: Presenter) -> None:
        for i in range(n):
            p.trick_won(0 if i % 4 else 1)
    return run


def _quick_partie(p: Presenter) -> None:
    p.new_partie()
    p.draft.names = ["Cleo", "Dan"]
    p.names_done()
    p.set_first_dealer(0)
    p.toggle_quick()
    p.start_partie()
    for e, y in [(30, 12), (20, 41), (25, 5)]:
        _enter(e, y)(p)
    p.quick_field(0)
    p.quick_digit("1")
    p.quick_digit("8")
    p.quick_field(1)


def _finish_quick(p: Presenter) -> None:
    p.quick_entry.digits = ["", ""]
    for e, y in [(18, 9), (40, 0), (11, 15)]:
        _enter(e, y)(p)


def _return_match(p: Presenter) -> None:
    p.return_match()
    p.start_partie()
    for e, y in [(12, 30), (40, 20), (5, 25), (9, 18), (0, 40), (15, 11)]:
        _enter(e, y)(p)


def _repique(p: Presenter) -> None:
    p.new_partie()
    p.draft.names = ["Anne", "Bruno"]
    p.names_done()
    p.set_first_dealer(1)
    p.start_partie()
    _answers("cb-done", "ex-done", "call-6", "good", "call-6", "good", "top-A", "done",
             "call-4-A", "good", "done")(p)


TOUR: list[Step] = [
    ("home-empty", lambda p: None),
    ("new-partie-names", _names),
    ("new-partie-rules", _rules),
    ("deal-carte-blanche", lambda p: p.start_partie()),
    ("deal-exchange", _answers("cb-elder", "cb-done")),
    ("deal-exchange-entered", _answers("ex-elder-5")),
    ("deal-point-call", _answers("ex-younger-3", "ex-done")),
    ("deal-point-reply", _answers("call-5")),
    ("deal-point-making", _answers("making")),
    ("deal-point-equal", _answers("value-49")),
    ("deal-sequence-how-high", _answers("equal", "call-4", "how-high")),
    ("deal-sequence-add", _answers("top-K", "good")),
    ("deal-sets-call", _answers("done")),
    ("deal-sets-not-good", _answers("call-3-K", "not-good")),
    ("deal-play", _answers("set-4-A", "done")),
    ("deal-play-later", _tricks(7)),
    ("deal-play-fr", lambda p: p.set_lang("fr")),
    ("end-of-deal", lambda p: (p.set_lang("en"), _tricks(5)(p))),
    ("sheet-in-progress", lambda p: p.go("sheet")),
    ("home-resume", lambda p: p.go("home")),
    ("quick-mode", _quick_partie),
    ("sheet-settled", _finish_quick),
    ("sheet-sitting", lambda p: _return_match(p)),
    ("history", lambda p: p.go("history")),
    ("settings", lambda p: p.go("settings")),
    ("learn", lambda p: p.go("learn")),
    ("deal-repique-banner", _repique),
    ("sheet-settled-fr", lambda p: (p.set_lang("fr"), p.go("sheet"))),
    ("home-fr", lambda p: p.go("home")),
    ("settings-fr", lambda p: p.go("settings")),
    ("new-partie-rules-fr", _rules_fr),
    ("deal-exchange-entered-fr", lambda p: (p.start_partie(),
                                            _answers("cb-done", "ex-elder-5")(p))),
    ("deal-point-making-fr", _answers("ex-done", "call-5", "making")),
]


def main(out: Path) -> int:
    from piquet.kiosk_command import configure_kivy

    configure_kivy(False)
    from kivy.clock import Clock
    from kivy.core.window import Window

    from kiosk.app import PiquetApp

    out.mkdir(parents=True, exist_ok=True)
    presenter = Presenter(Journal.open(":memory:"), lang="en")
    app = PiquetApp(presenter)
    steps = list(TOUR)
    state = {"frames": 0}

    def tick(_dt: float) -> bool:
        state["frames"] += 1
        if state["frames"] % 5 == 1:  # do a step, then let four frames draw it
            if not steps:
                app.stop()
                return False
            name, setup = steps[0]
            setup(presenter)
        elif state["frames"] % 5 == 0:
            name, _setup = steps.pop(0)
            saved = Window.screenshot(name=str(out / f"{name}.png"))
            if saved:
                os.replace(saved, out / f"{name}.png")
            print(out / f"{name}.png")
        return True

    Clock.schedule_interval(tick, 0)
    app.run()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")))
