"""Kill the kiosk in the middle of a deal for three players (SIGKILL), even
between the two taps of a two-tap answer, and start it again on the same
journal: the same screen, the same question, the same totals.

The app runs as `piquet kiosk --db FILE` in a subprocess (offscreen); the test
hooks of kiosk/app.py tap buttons by key and dump the visible texts.
"""

from __future__ import annotations

import pytest

from journal import Journal
from piquet.cli import main
from scorer.multi import score_record2
from tests.kiosk.process import kill, start_kiosk, wait_for_dump

pytestmark = pytest.mark.slow


def test_killed_mid_deal_and_restarted_shows_the_same_question(tmp_path):
    # actions, a carte blanche, then the first tap of "Making?" (a journal action)
    taps, asked = "cb-B,ex-C-1,call-5,making", "Making? Anne, what does your point make?"
    db = tmp_path / "journal.sqlite3"
    assert (
        main(
            [
                "new",
                "--db",
                str(db),
                "--game",
                "normand",
                "--players",
                "Anne",
                "Ben",
                "Cleo",
                "--first-dealer",
                "Cleo",
            ]
        )
        == 0
    )
    dump = tmp_path / "screen.json"
    first = start_kiosk(db, dump, taps)
    try:
        before = wait_for_dump(first, dump)
    finally:
        kill(first)
    assert before["screen"] == "multi_deal"
    # (short of room, 800x480, the question's label says its hint after it)
    assert any(text.startswith(asked) for text in before["texts"])
    dump.unlink()
    second = start_kiosk(db, dump)
    try:
        after = wait_for_dump(second, dump)
    finally:
        kill(second)
    assert after["screen"] == before["screen"]
    assert after["texts"] == before["texts"]
    with Journal.open(db) as j:
        totals = score_record2(j.record())["totals"]
        assert j.actions()[-1] == {"pending": {"kind": "making", "seat": "A"}}
    assert str(totals["Ben"]) in after["texts"]


def test_killed_in_quick_mode_and_restarted_shows_the_quick_screen(tmp_path):
    db = tmp_path / "journal.sqlite3"
    players = ["Anne", "Ben", "Cleo", "Dan"]
    new = ["new", "--db", str(db), "--game", "voleur", "--players", *players]
    assert main([*new, "--first-dealer", "Dan"]) == 0
    dump = tmp_path / "screen.json"
    first = start_kiosk(db, dump, "quick-on")
    try:
        before = wait_for_dump(first, dump)
    finally:
        kill(first)
    assert before["screen"] == "multi_quick"
    dump.unlink()
    second = start_kiosk(db, dump)
    try:
        after = wait_for_dump(second, dump)
    finally:
        kill(second)
    assert after["screen"] == "multi_quick" and after["texts"] == before["texts"]
    with Journal.open(db) as j:
        assert j.actions() == [{"entry": "totals"}]
