"""A journal file deleted or replaced while it is open: nothing more is acknowledged.

SQLite goes on writing happily to a deleted file (its inode lives while open),
so taps would be "saved" into nothing. Every write transaction looks at the
path before COMMIT: gone, or another file (device and inode), and the change
is rolled back with JournalGoneError.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from journal_helpers import sha256_files

from journal import Journal, JournalGoneError


def files_of(path: Path) -> list[Path]:
    return [path, Path(f"{path}-wal"), Path(f"{path}-shm")]


def test_a_deleted_journal_acknowledges_nothing(db_path):
    with Journal.open(db_path) as kiosk:
        kiosk.new_partie(["Anne", "Ben"], "Ben")
        kiosk.act({"trick": "E"})
        for path in files_of(db_path):
            path.unlink(missing_ok=True)
        with pytest.raises(JournalGoneError, match="deleted while it was open"):
            kiosk.act({"trick": "Y"})
        assert kiosk.actions() == [{"trick": "E"}]  # what is shown is what was saved
        for write in (
            kiosk.undo,
            lambda: kiosk.new_partie(["Carl", "Dora"], "Dora"),
            lambda: kiosk.act({"trick": "E"}),
        ):
            with pytest.raises(JournalGoneError):
                write()
        with pytest.raises(JournalGoneError):
            kiosk.refresh()  # the kiosk's timer hears of it too
    assert not db_path.exists()


def test_a_replaced_journal_is_not_written_to(db_path, tmp_path):
    other = tmp_path / "other.sqlite3"
    with Journal.open(other) as journal:
        journal.new_partie(["Carl", "Dora"], "Dora")
    with Journal.open(db_path) as kiosk:
        kiosk.new_partie(["Anne", "Ben"], "Ben")
        os.replace(other, db_path)  # e.g. a backup copied back over it
        for side in files_of(db_path)[1:]:
            side.unlink(missing_ok=True)
        before = sha256_files(db_path)
        with pytest.raises(JournalGoneError, match="replaced by another file"):
            kiosk.act({"trick": "E"})
        assert sha256_files(db_path) == before
    with Journal.open(db_path) as reopened:
        assert reopened.score()["players"] == ["Carl", "Dora"]
        assert reopened.actions() == []


def test_a_journal_left_without_its_wal_file_acknowledges_nothing(db_path):
    with Journal.open(db_path) as kiosk:
        kiosk.new_partie(["Anne", "Ben"], "Ben")
        kiosk.act({"trick": "E"})
        Path(f"{db_path}-wal").unlink()  # where the last actions live until a checkpoint
        with pytest.raises(JournalGoneError, match="without its -wal file"):
            kiosk.act({"trick": "Y"})


def test_the_file_still_there_is_written_as_usual(db_path):
    with Journal.open(db_path) as kiosk:
        kiosk.new_partie(["Anne", "Ben"], "Ben")
        os.utime(db_path)  # touched, not replaced
        kiosk.act({"trick": "E"})
        assert kiosk.refresh() is False
    with Journal.open(db_path) as reopened:
        assert reopened.actions() == [{"trick": "E"}]
