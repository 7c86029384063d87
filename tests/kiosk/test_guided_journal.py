"""A guided deal's hints on or off is a journal action (issue 19, item 2).

`{"hints": true}` / `{"hints": false}` is stored with the partie like every
other action: Undo and Redo take it back and bring it again, a restart reads
it from the journal, and a side file of the kiosk before it (its "guided"
list of parties) is taken up into the journal once, on the first open.
Kivy-free: the session and its presenters over a real journal file.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from journal import Journal
from kiosk.presenter import KioskState, Presenter


def kiosk(db: Path) -> Presenter:
    """The kiosk as `piquet kiosk --db` opens it: the journal and its side file."""
    return Presenter(Journal.open(db), state=KioskState(side_file(db)))


def side_file(db: Path) -> Path:
    return db.with_name(db.name + ".kiosk.json")


def start(p: Presenter, guided: bool) -> None:
    """The new partie's pages, as the table taps them."""
    p.new_partie()
    p.draft.names = ["Anne", "Bruno"]
    p.names_done()
    p.rules_done()
    p.set_first_dealer(1)
    if guided:
        p.toggle_guided()
    p.start_partie()


def test_a_guided_partie_says_so_in_the_journal_and_undo_takes_the_hints_away(tmp_path):
    p = kiosk(tmp_path / "j.sqlite3")
    start(p, guided=True)
    assert p.journal.actions() == [{"hints": True}]
    assert p.session.screen == "deal" and p.is_guided()
    hint = p.view()["guide"]
    assert hint  # the step's hint shows
    assert "guided" not in json.loads(side_file(tmp_path / "j.sqlite3").read_text())

    p.undo()
    assert not p.is_guided() and p.view()["guide"] == ""
    p.redo()
    assert p.is_guided() and p.view()["guide"] == hint

    p.session.act({"hints": False})  # off in the middle of a partie: one more action
    assert not p.is_guided() and p.view()["guide"] == ""
    p.undo()
    assert p.is_guided() and p.view()["guide"] == hint
    p.journal.close()


def test_a_plain_partie_writes_no_hints(tmp_path):
    p = kiosk(tmp_path / "j.sqlite3")
    start(p, guided=False)
    assert p.journal.actions() == []
    assert not p.is_guided() and p.view()["guide"] == ""
    p.journal.close()


def test_a_restart_shows_the_hints_where_the_partie_stands(tmp_path):
    db = tmp_path / "j.sqlite3"
    p = kiosk(db)
    start(p, guided=True)
    p.answer("cb-done")  # no carte blanche: the exchange is asked next
    before = p.view()["guide"]
    p.journal.close()

    again = kiosk(db)
    assert again.session.screen == "deal" and again.is_guided()
    assert again.view()["guide"] == before != ""
    again.journal.close()


def test_a_side_file_listing_guided_parties_is_taken_up_into_the_journal_once(tmp_path):
    db = tmp_path / "j.sqlite3"
    journal = Journal.open(db)
    aside = journal.new_partie(["Cleo", "Dan"], "Dan")  # set aside: not the current one
    partie = journal.new_partie(["Anne", "Bruno"], "Bruno")
    journal.act({"carte_blanche": "elder"})
    journal.close()
    # today's kiosk kept the guided parties in its side file
    side_file(db).write_text(json.dumps({"lang": "en", "guided": [aside, partie]}))

    p = kiosk(db)
    assert p.is_guided() and p.view()["guide"]
    assert p.journal.actions() == [{"carte_blanche": "elder"}, {"hints": True}]
    kept = json.loads(side_file(db).read_text())
    assert kept["guided"] == [aside]  # taken up when that partie is opened
    p.journal.close()

    again = kiosk(db)  # once: the journal says it now, nothing is added
    assert again.journal.actions() == [{"carte_blanche": "elder"}, {"hints": True}]
    again.undo()  # the taken-up hints are one action like any other
    assert not again.is_guided()
    again.journal.close()


@pytest.mark.slow
def test_a_killed_kiosk_comes_back_with_the_hints_of_a_partie_guided_from_the_command_line(
    tmp_path,
):
    """A real `piquet kiosk` process, killed (SIGKILL) after a tap and started
    again: the hints come from the journal (`piquet act '{"hints": true}'`),
    never from the side file."""
    from piquet.cli import main
    from scorer.hints import hint_for
    from scorer.progress import progress
    from scorer.score import score_record
    from tests.kiosk.process import kill, start_kiosk, wait_for_dump

    db = tmp_path / "journal.sqlite3"
    new = ["new", "--db", str(db), "--players", "Anne", "Bruno", "--first-dealer", "Bruno"]
    assert main(new) == 0
    assert main(["act", "--db", str(db), json.dumps({"hints": True})]) == 0
    dump = tmp_path / "screen.json"
    first = start_kiosk(db, dump, "cb-done")
    try:
        before = wait_for_dump(first, dump)
    finally:
        kill(first)
    with Journal.open(db) as journal:
        record = journal.record()
        hint = hint_for(progress(record, score_record(record)), "en")
    assert hint and hint in before["texts"]
    dump.unlink()
    second = start_kiosk(db, dump)
    try:
        after = wait_for_dump(second, dump)
    finally:
        kill(second)
    assert after["screen"] == before["screen"] == "deal"
    assert hint in after["texts"]
    assert not side_file(db).exists() or "guided" not in json.loads(side_file(db).read_text())
