"""A tour of every screen, saved as PNG files (scripts/screenshots).

It plays parties into an in-memory journal through the presenter, the way
taps would, and photographs each screen after it has been drawn, in several
sets: every screen at 800x480 (docs/screenshots/), and the key screens at
1280x720 (wide/), 720x1280 portrait (portrait/) and 800x480 at the largest
text size, 160 % (large-text/); in English, with a few French screens.
Run with `SDL_VIDEODRIVER=offscreen` to need no display. `TOUR` is also
what tests/kiosk/test_layout.py walks.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from journal import Journal
from kiosk.presenter import Presenter

Step = tuple[str, Callable[[Presenter], object]]  # a step may return what its calls did

# (folder under the output, window size, text scale): every screen at 800x480;
# the other sets photograph the screens of KEY_SHOTS (the tour still runs whole)
SETS = [
    ("", (800, 480), 1.0),
    ("wide", (1280, 720), 1.0),
    ("portrait", (720, 1280), 1.0),
    ("large-text", (800, 480), 1.6),
]
KEY_SHOTS = {
    "home-resume",
    "new-partie-names",
    "new-partie-start",
    "deal-carte-blanche",
    "deal-exchange-entered",
    "deal-point-reply",
    "deal-point-making",
    "deal-sequence-add",
    "deal-sets-not-good",
    "deal-play-later",
    "deal-repique-banner",
    "end-of-deal",
    "end-of-last-deal",
    "quick-mode",
    "sheet-settled",
    "history-many",
    "settings",
    "deal-point-making-fr",
    "deal-sets-add-fr",
    "sheet-settled-fr",
    "sheet-chart",
    "sheet-odds",
    "deal-lines-finished",
    "correct-deal",
    "correct-confirm",
    "sheet-corrected",
    "stats",
    "stats-player",
    "stats-pair",
    "stats-player-fr",
    "deal-kept-aside",
    "sheet-print-kept",
    "deal-read-only",
    "settings-journal-gone-fr",
    # teaching (kiosk/teaching.py)
    "learn",
    "guide-section-order",
    "guide-from-line",
    "new-partie-start-guided",
    "deal-guided-point",
    "deal-guided-sets",
    "deal-guided-play",
    "end-of-deal-guided",
    "calculator-both",
    "drill-player",
    "drill-question",
    "drill-bonus-answered",
}


def _then(*steps: Callable[[Presenter], object]) -> Callable[[Presenter], None]:
    """Several steps as one."""

    def run(p: Presenter) -> None:
        for step in steps:
            step(p)

    return run


def _named(*names: str) -> Callable[[Presenter], None]:
    """The new partie's names typed."""

    def run(p: Presenter) -> None:
        p.draft.names = list(names)

    return run


def _with_config_problems(p: Presenter) -> None:
    p.config = _config_with_problems()


def _answers(*keys: str) -> Callable[[Presenter], None]:
    def run(p: Presenter) -> None:
        for key in keys:
            before = len(p.journal.actions())
            p.answer(key)
            assert len(p.journal.actions()) == before + 1, (key, p.view().get("question"))

    return run


def _enter(e: int, y: int) -> Callable[[Presenter], None]:
    def run(p: Presenter) -> None:
        first = p.view()["elder_field"]  # the boxes are in the seats' order
        p.quick_field(first)
        for d in str(e):
            p.quick_digit(d)
        p.quick_field(1 - first)
        for d in str(y):
            p.quick_digit(d)
        p.quick_enter()

    return run


def _start(
    p: Presenter, names: tuple[str, str] = ("Anne", "Bruno"), dealer: int = 1, quick: bool = False
) -> None:
    p.new_partie()
    p.draft.names = list(names)
    p.names_done()
    p.rules_done()
    p.set_first_dealer(dealer)
    if quick:
        p.toggle_quick()
    p.start_partie()


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
    p.toggle_variant("void_suit_point")  # on and off: its meaning shows under the rules
    p.toggle_variant("void_suit_point")


def _start_page(p: Presenter) -> None:
    p.rules_done()
    p.set_first_dealer(1)


def _tricks(n: int) -> Callable[[Presenter], None]:
    def run(p: Presenter) -> None:
        for i in range(n):
            p.trick_won(0 if i % 4 else 1)

    return run


def _quick_partie(p: Presenter) -> None:
    _start(p, ("Marie-Hélène", "Jean-Christophe"), dealer=0, quick=True)
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
    _start(p)
    _answers(
        "cb-done",
        "ex-elder-4",
        "ex-younger-4",
        "call-6",
        "good",
        "call-6",
        "good",
        "top-A",
        "done",
        "call-4-A",
        "good",
        "done",
    )(p)


def _last_deal(p: Presenter) -> None:
    """Five deals as totals, then the sixth played: its end comes before the sheet."""
    _start(p, ("Hélène", "Jean-Christophe"), dealer=0, quick=True)
    for e, y in [(30, 12), (20, 41), (25, 5), (18, 9), (40, 0)]:
        _enter(e, y)(p)
    p.quick_off()
    _answers("cb-done", "ex-done", *["nothing"] * 6)(p)
    for i in range(12):
        p.trick_won(i % 2)  # six tricks each


def _odds(p: Presenter) -> None:
    """Five deals as totals: Bruno trails under 100 with one deal to go."""
    _start(p, ("Anne", "Bruno"), dealer=1, quick=True)
    for e, y in [(31, 12), (20, 25), (35, 8), (15, 22), (28, 14)]:
        _enter(e, y)(p)
    p.go("sheet")


def _correct_typed(p: Presenter) -> None:
    p.correct_deal()
    for d in "25":
        p.correct_digit(d)
    p.correct_enter()
    for d in "12":
        p.correct_digit(d)


def _many_parties(p: Presenter) -> None:
    for i in range(14):
        _start(p, (f"Player{i}", "Dan"), quick=True)
        _enter(10 + i, 20)(p)
    p.go("history")


TOUR: list[Step] = [
    ("home-empty", lambda p: None),
    ("new-partie-names", _names),
    ("new-partie-rules", _rules),
    ("new-partie-start", _start_page),
    ("deal-carte-blanche", lambda p: p.start_partie()),
    ("deal-exchange", _answers("cb-elder", "cb-done")),
    ("deal-exchange-entered", _answers("ex-elder-5")),
    ("deal-point-call", _answers("ex-younger-3")),
    ("deal-point-reply", _answers("call-5")),
    ("deal-point-making", _answers("making")),
    ("deal-point-equal", _answers("value-49")),
    ("deal-sequence-how-high", _answers("equal", "call-4", "how-high")),
    ("deal-sequence-add", _answers("top-K", "good")),
    ("deal-sequence-add-top", _answers("len-3")),
    ("deal-sets-call", _answers("top-9", "done")),
    ("deal-sets-not-good", _answers("call-3-K", "not-good")),
    ("deal-play", _answers("set-4-A", "done")),
    ("deal-play-later", _tricks(7)),
    ("deal-play-fr", lambda p: p.set_lang("fr")),
    ("end-of-deal", lambda p: (p.set_lang("en"), _tricks(5)(p))),
    ("sheet-in-progress", lambda p: p.go("sheet")),
    ("deal-lines", lambda p: p.view_deal(1)),
    ("home-resume", lambda p: p.go("home")),
    ("quick-mode", _quick_partie),
    ("sheet-settled", _finish_quick),
    ("deal-lines-finished", lambda p: p.view_deal(3)),
    ("correct-deal", _correct_typed),
    ("correct-confirm", lambda p: p.correct_enter()),
    ("sheet-corrected", lambda p: p.correct_confirm()),
    ("sheet-sitting", _return_match),
    ("history", lambda p: p.go("history")),
    ("settings", lambda p: p.go("settings")),
    ("learn", lambda p: p.open_learn()),
    ("deal-repique-banner", _repique),
    ("end-of-deal-repique", _tricks(12)),
    ("sheet-chart", lambda p: p.go("sheet")),
    ("end-of-last-deal", _last_deal),
    ("sheet-settled-fr", lambda p: (p.set_lang("fr"), p.final_sheet())),
    ("home-fr", lambda p: p.go("home")),
    ("settings-fr", lambda p: p.go("settings")),
    # the recent players, each tapped: the others stay where they were
    ("new-partie-recent-fr", lambda p: (p.new_partie(), p.pick_name("Anne"), p.pick_name("Bruno"))),
    (
        "new-partie-start-fr",
        _then(
            lambda p: p.new_partie(),
            _named("Hélène", "Bruno"),
            lambda p: p.names_done(),
            lambda p: p.rules_done(),
            lambda p: p.set_first_dealer(0),
        ),
    ),
    (
        "deal-exchange-entered-fr",
        lambda p: (p.start_partie(), _answers("cb-done", "ex-elder-5")(p)),
    ),
    ("deal-point-making-fr", _answers("ex-younger-3", "call-5", "making")),
    ("deal-sets-add-fr", _answers("value-48", "good", "nothing", "nothing", "call-3-Q", "good")),
    ("sheet-odds", _then(lambda p: p.set_lang("en"), _odds)),
    ("stats", lambda p: p.open_stats()),
    ("stats-player", lambda p: p.view_player("Jean-Christophe")),
    ("stats-pair", lambda p: p.view_pair("Marie-Hélène")),
    ("stats-player-fr", lambda p: (p.set_lang("fr"), p.go("stats_player"))),
    ("history-many", _then(lambda p: p.set_lang("en"), _many_parties)),
    # the table's state (kiosk/screens/table_state.py): a partie with actions kept aside,
    # a print kept for the printer, the config file's problems, a read-only
    # journal, a journal file deleted under the kiosk
    ("deal-kept-aside", lambda p: p.use_journal(Journal.open(journal_with_actions_aside()))),
    ("deal-changed-meanwhile", lambda p: _changed_meanwhile(p)),
    ("sheet-print-kept", lambda p: _print_kept(p)),
    (
        "settings-table-problems",
        _then(
            _with_config_problems,
            lambda p: p.go("settings"),
        ),
    ),
    ("deal-read-only", lambda p: p.use_journal(Journal.open(p.journal.path, read_only=True))),
    ("home-read-only", lambda p: p.go("home")),
    ("settings-read-only", lambda p: p.go("settings")),
    ("deal-journal-gone", lambda p: _gone(p)),
    ("settings-journal-gone", lambda p: p.go("settings")),
    ("deal-journal-gone-fr", lambda p: (p.set_lang("fr"), p.resume())),
    ("settings-journal-gone-fr", lambda p: p.go("settings")),
]

# three to seven players (kiosk/multi/tour.py)
from kiosk.multi.tour import MULTI_KEY_SHOTS, MULTI_TOUR  # noqa: E402


def _fresh_table(p: Presenter) -> None:
    """After the journal's troubles: a new journal, in English, as a table would start."""
    p.use_journal(Journal.open(":memory:"))
    p.set_lang("en")


_first_multi, _first_step = MULTI_TOUR[0]
TOUR += [(_first_multi, _then(_fresh_table, _first_step)), *MULTI_TOUR[1:]]
KEY_SHOTS |= MULTI_KEY_SHOTS


_SCRATCH: list[tempfile.TemporaryDirectory[str]] = []  # removed when the tour's process ends


def _scratch() -> Path:
    folder = tempfile.TemporaryDirectory(prefix="piquet-tour-")
    _SCRATCH.append(folder)
    return Path(folder.name)


def journal_with_actions_aside(folder: Path | None = None) -> Path:
    """A journal file whose partie in play ends in two actions the engine refuses
    (a trio declared after the play began, as an older kiosk could write them):
    the journal keeps them aside and says so (`Journal.warnings`)."""
    db = (folder or _scratch()) / "journal.sqlite3"
    with Journal.open(db) as journal:
        table = Presenter(journal)
        journal.new_partie(["Anne", "Bruno"], "Bruno")
        table.resume()
        _answers("cb-done", "ex-done", *["nothing"] * 6)(table)
        _tricks(3)(table)
        partie, seq = journal.current_partie(), len(journal.actions())
    conn = sqlite3.connect(db)
    with conn:
        conn.executemany(
            "INSERT INTO actions (partie_id, seq, action, created_at) VALUES (?, ?, ?, 't')",
            [
                (
                    partie,
                    seq + 1,
                    json.dumps({"declare": "set", "by": "elder", "count": 3, "rank": "K"}),
                ),
                (partie, seq + 2, json.dumps({"trick": "Y"})),
            ],
        )
        conn.execute("UPDATE parties SET seq = ? WHERE id = ?", (seq + 2, partie))
    conn.close()
    return db


class KeptPrinter:
    """A printer out of paper, for the tour: what it is given is kept."""

    name = "/dev/serial0"

    def __init__(self) -> None:
        self.kept: tuple[dict[str, Any], ...] = ()

    def print_record(self, record: dict[str, Any], lang: str = "en") -> None:
        self.kept = (*self.kept, record)

    def reprint_last(self) -> dict[str, Any] | None:
        return self.kept[-1] if self.kept else None


def _print_kept(p: Presenter) -> None:
    from hardware.news import news
    from hardware.print_queue import PrintJob, QueueStatus

    p.printer = KeptPrinter()
    p.go("sheet")
    p.print_sheet()
    job = PrintJob(" – ".join(p.seats()), ())
    p.print_status(
        QueueStatus(
            "failed",
            news("print-failed", problem=news("printer-paper-out"), title=job.title),
            job,
            "paper-out",
            kept=1,
        )
    )


def _changed_meanwhile(p: Presenter) -> None:
    """`piquet act` from elsewhere, then a tap decided on the screen before it: refused."""
    with Journal.open(p.journal.file) as other:
        other.act({"trick": "E"})
    p.trick_won(0)


def _config_with_problems() -> Any:
    from hardware.config import load_config

    path = _scratch() / "config.toml"
    path.write_text("[display]\nrotation = 45\n\n[pins]\nseat_a = 14\n", encoding="utf-8")
    return load_config(path)


def _gone(p: Presenter) -> None:
    """The journal file deleted while the kiosk runs: it notices within a second."""
    path = p.journal.path
    p.use_journal(Journal.open(path))
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    p.watch_journal()


# --- teaching: the guide, score lines that open it, the calculator, drills, a guided deal


def _guided_start(p: Presenter) -> None:
    p.set_lang("en")
    p.new_partie()
    p.draft.names = ["Anne", "Bruno"]
    p.names_done()
    p.rules_done()
    p.set_first_dealer(1)
    p.toggle_guided()


def _calculator_hand(p: Presenter) -> None:
    p.open_calculator()
    p.calc_clear()
    for card in "AH KH QH JH 9H JS JD JC 10S 9S 8S 7D".split():
        p.calc_tap("card-" + card)


def _calculator_both(p: Presenter) -> None:
    p.calc_switch("against")
    for card in "AS KS QS AD KD QD 10D 9D AC KC QC 10C".split():
        p.calc_tap("card-" + card)


def _drill(kind: str, seed: int) -> Callable[[Presenter], None]:
    def run(p: Presenter) -> None:
        import random

        p.rng = random.Random(seed)
        while p.drill_kind != kind:
            p.drill_cycle_kind()

    return run


def _wrong_answer(p: Presenter) -> None:
    drill = p.drill
    assert drill is not None
    wrong = next(i for i, c in enumerate(drill.choices) if not drill.check(c.answer).right)
    p.drill_answer(f"answer-{wrong}")


TEACHING_TOUR: list[Step] = [
    ("new-partie-start-guided", _guided_start),
    ("deal-guided-carte-blanche", lambda p: p.start_partie()),
    ("deal-guided-point", _answers("cb-done", "ex-elder-5", "ex-younger-3")),
    ("deal-guided-sets", _answers("call-5", "good", "call-4", "good", "top-K", "done")),
    ("deal-guided-play", _answers("nothing", "nothing")),
    ("end-of-deal-guided", _tricks(12)),
    ("guide-from-line", lambda p: p.open_rule(p.view()["lines"][0]["rule"])),
    ("deal-lines-from-sheet", lambda p: (p.back(), p.go("sheet"), p.view_deal(1))),
    ("learn-guided", lambda p: p.open_learn()),
    ("guide-section", lambda p: p.open_section("section-deal")),
    ("guide-section-order", lambda p: p.open_section("section-order")),
    ("guide-section-see-also", lambda p: p.open_section("section-repique")),
    ("guide-section-house-rule", lambda p: p.open_section("section-variant-tens-and-above")),
    ("guide-section-partie", lambda p: p.open_section("section-rubicon")),
    ("calculator-empty", lambda p: (p.open_learn(), p.open_calculator())),
    ("calculator-hand", _calculator_hand),
    ("calculator-both", _calculator_both),
    ("drill-player", lambda p: (p.open_learn(), p.open_drills())),
    ("drill-question", lambda p: (p.drill_pick("player-Anne"), _drill("good", 3)(p))),
    ("drill-answered", _wrong_answer),
    ("drill-point", _drill("point", 5)),
    ("drill-sequence", _drill("sequence", 6)),
    ("drill-elder-before-lead", _drill("elder_before_lead", 7)),
    ("drill-bonus-answered", _then(_drill("bonus", 8), _wrong_answer)),
    ("drill-settlement", _drill("settlement", 9)),
]
TOUR += TEACHING_TOUR
# pictures only (the layout test walks the tour in French already)
SHOTS_ONLY: list[Step] = [
    ("learn-fr", lambda p: (p.set_lang("fr"), p.open_learn())),
    ("guide-section-order-fr", lambda p: p.open_section("section-order")),
    ("calculator-both-fr", lambda p: (p.open_learn(), p.open_calculator())),
    (
        "drill-bonus-answered-fr",
        _then(
            lambda p: p.open_learn(), lambda p: p.open_drills(), _drill("bonus", 8), _wrong_answer
        ),
    ),
    ("deal-guided-fr", lambda p: p.resume()),
]


def main(out: Path, only: str | None = None) -> int:
    """Every set, each in a process of its own (an offscreen window keeps the
    size it was opened with), or the one named."""
    if only is None:
        import subprocess

        for folder, _size, _scale in SETS:
            done = subprocess.run(
                [sys.executable, "-m", "kiosk.screenshots", str(out), folder or "-"], check=False
            )
            if done.returncode:
                return done.returncode
        return 0
    folder, size, scale = next(s for s in SETS if s[0] == ("" if only == "-" else only))
    from piquet.kiosk_command import configure_kivy

    configure_kivy(False, size)
    from kivy.clock import Clock
    from kivy.core.window import Window

    from kiosk.app import PiquetApp

    target = out / folder if folder else out
    target.mkdir(parents=True, exist_ok=True)
    presenter = Presenter(Journal.open(":memory:"), lang="en", text_scale=scale)
    app = PiquetApp(presenter)
    steps = list(TOUR) + list(SHOTS_ONLY)
    state = {"frames": 0}

    def tick(_dt: float) -> bool:
        state["frames"] += 1
        if state["frames"] % 5 == 1:  # do a step, then let four frames draw it
            if not steps:
                app.stop()
                return False
            steps[0][1](presenter)
        elif state["frames"] % 5 == 0:
            name, _setup = steps.pop(0)
            if folder and name not in KEY_SHOTS:
                return True
            saved = Window.screenshot(name=str(target / f"{name}.png"))
            if saved:
                os.replace(saved, target / f"{name}.png")
            print(target / f"{name}.png")
        return True

    Clock.schedule_interval(tick, 0)
    app.run()
    return 0


if __name__ == "__main__":
    args = sys.argv[1:]
    raise SystemExit(
        main(Path(args[0] if args else "docs/screenshots"), args[1] if len(args) > 1 else None)
    )
