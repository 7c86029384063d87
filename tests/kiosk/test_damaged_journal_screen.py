"""The kiosk on a damaged journal (issue 21): the damaged-journal screen in a real
(offscreen) window, over a journal too damaged to open and over one the start's
check finds damaged; nothing is written."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "journal"))

from damaged_journals import bad_schema_text, broken_index, small_journal

from journal import Journal
from journal.backup import backup_journal
from kiosk.journal_guard import JournalRefused
from kiosk.presenter import Presenter
from piquet.kiosk_command import open_journal_at_start, watch_for_damage


def now(fn) -> None:  # the UI thread's dispatch, run at once
    fn()


@pytest.fixture
def data(tmp_path: Path) -> tuple[Path, bytes]:
    source = tmp_path / "made.sqlite3"
    sound = small_journal(source, parties=2, actions=12)
    backup_journal(source, tmp_path / "data" / "backups" / "journal-2026-11-26.sqlite3")
    return source, sound


def let_go(app, journal: Journal) -> None:
    """Close the test's journal once the window shows another: the window outlives
    the module, and its clock would otherwise still read the closed journal."""
    app.set_presenter(Presenter(Journal.open(":memory:"), lang="en"))
    journal.close()


def shown_text(screen) -> str:
    return " ".join(child.text for child in screen.walk() if hasattr(child, "text"))


def test_a_journal_too_damaged_to_open_shows_the_screen(app, tmp_path, data) -> None:
    from kivy.core.window import Window

    _, sound = data
    db = tmp_path / "data" / "journal.sqlite3"
    db.write_bytes(bad_schema_text(sound))
    before = db.read_bytes()
    journal, _, damaged = open_journal_at_start(str(db))
    assert damaged is not None and "damaged" in damaged
    assert journal.path is None  # the kiosk goes on, in memory
    p = Presenter(journal, lang="en")
    app.set_presenter(p)
    watch_for_damage(p, now, damaged)
    screen = p.journal.damaged_screen
    assert screen is not None and screen in Window.children
    said = shown_text(screen)
    assert "The journal is damaged" in said
    assert f"piquet restore --db {db}" in said and "journal-2026-11-26.sqlite3" in said
    assert not p.journal.writable
    assert p.journal_alert() == "The journal file is damaged: nothing is saved."
    with pytest.raises(JournalRefused) as refused:
        p.journal.new_partie(["Anne", "Ben"], "Ben")
    assert refused.value.kind == "damaged"
    screen.dismiss(animation=False)
    assert db.read_bytes() == before


def test_the_start_check_finds_damage_and_shows_the_screen(app, tmp_path, data) -> None:
    from kivy.core.window import Window

    source, _ = data
    db = tmp_path / "data" / "journal.sqlite3"
    db.write_bytes(broken_index(source))
    journal, _note, damaged = open_journal_at_start(str(db))
    assert damaged is None  # it opens: its tables read; only the check sees the damage
    p = Presenter(journal, lang="fr")
    app.set_presenter(p)
    queued: list = []  # the kiosk's dispatch: from the check's thread to the UI thread
    check = watch_for_damage(p, queued.append, None)
    check.start()
    assert check.verdict() is not None
    for fn in queued:
        fn()
    screen = p.journal.damaged_screen
    assert screen is not None and screen in Window.children
    assert "Le journal est endommagé" in shown_text(screen)
    with pytest.raises(JournalRefused):
        p.journal.undo()
    screen.dismiss(animation=False)
    let_go(app, journal)


def test_a_sound_journal_shows_no_screen(app, tmp_path, data) -> None:
    _, sound = data
    db = tmp_path / "journal.sqlite3"
    db.write_bytes(sound)
    journal = Journal.open(db)
    p = Presenter(journal, lang="en")
    app.set_presenter(p)
    check = watch_for_damage(p, now, None)
    check.start()
    assert check.verdict() is None
    assert p.journal.damaged_screen is None and p.journal.writable
    p.journal.undo()  # written: the check let it through
    let_go(app, journal)
