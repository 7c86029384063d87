"""The kiosk brings its journal's file up to date with the log once a new
screen is drawn (a still moment: journal/sqlite_store.py `checkpoint`), on a
thread of its own, in a real (offscreen) Kivy window; never on a file that
went."""

from __future__ import annotations

from pathlib import Path


def counted(journal) -> list[int]:
    """The checkpoints `journal` (a Journal) is asked for, counted."""
    calls: list[int] = []
    checkpoint = journal.checkpoint

    def counting() -> None:
        calls.append(1)
        checkpoint()

    journal.checkpoint = counting
    return calls


def finished(app) -> None:
    """The checkpoint asked for last, if any, done."""
    thread = app.s.journal.checkpointing
    if thread is not None:
        thread.join(timeout=10)
        assert not thread.is_alive()


def shown_on_file(app, db: Path):
    """The kiosk on a new partie in a journal file at `db`: the journal and the
    checkpoints it is asked for."""
    from journal import Journal
    from kiosk.presenter import Presenter
    from tests.kiosk.window import screen, use

    journal = Journal.open(db)
    journal.new_partie(["Anne", "Bruno"], "Bruno")
    calls = counted(journal)
    use(app, Presenter(journal))
    finished(app)
    assert screen(app).name == "deal"
    return journal, calls


def test_a_new_screen_drawn_brings_the_file_up_to_date_and_a_tap_does_not(app, tmp_path):
    from tests.kiosk.window import pump, screen

    db = tmp_path / "journal.sqlite3"
    journal, calls = shown_on_file(app, db)
    before = len(calls)
    app.p.answer("cb-done")  # the same screen, its next question
    pump()
    assert len(calls) == before
    wal = Path(f"{db}-wal")
    logged = wal.stat().st_size
    app.p.go("learn")
    pump()
    finished(app)
    assert screen(app).name == "learn" and len(calls) == before + 1
    # the next commit writes the log from its start again: it does not grow
    app.p.go("deal")
    pump()
    finished(app)
    app.p.answer("ex-done")
    pump()
    assert wal.stat().st_size == logged
    assert journal.actions() == [{"say": "done"}, {"say": "done"}]  # both taps saved


def test_a_journal_whose_file_went_is_not_asked(app, tmp_path):
    from tests.kiosk.window import pump, screen

    db = tmp_path / "journal.sqlite3"
    _journal, calls = shown_on_file(app, db)
    for path in (db, Path(f"{db}-wal"), Path(f"{db}-shm")):
        path.unlink(missing_ok=True)
    app.p.answer("cb-done")  # the write finds the file gone, and says so
    pump()
    finished(app)
    before = len(calls)
    app.p.go("learn")
    pump()
    finished(app)
    assert screen(app).name == "learn"
    assert len(calls) == before


def test_the_first_frame_gives_the_log_room_before_the_first_tap(app, tmp_path):
    from journal.log_room import LOG_ROOM_BYTES
    from tests.kiosk.window import pump

    db = tmp_path / "journal.sqlite3"
    journal, calls = shown_on_file(app, db)
    before = len(calls)
    app._first_flip()  # (as the window's first flip calls it at start)
    pump()
    finished(app)
    assert len(calls) == before + 1
    wal = Path(f"{db}-wal")
    assert wal.stat().st_size == LOG_ROOM_BYTES
    app.p.answer("cb-done")  # the first tap writes over the room
    pump()
    assert wal.stat().st_size == LOG_ROOM_BYTES
    assert journal.actions() == [{"say": "done"}]
