"""A full disk is said the same from the command line as on the kiosk (issue 21, item 6).

On a full disk SQLite often reports a bare "disk I/O error": the WAL's index
(-shm) that even a reader writes, or the WAL recovered by the first connection,
cannot grow. The command line used to say "could not be read or written (disk
I/O error)" while the kiosk said "The disk is full". The failure is injected at
SQLite's level (a full disk cannot be made here without privileges), and the
disk is taken for nearly full (`journal.disk.NEARLY_FULL`).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

import journal.sqlite_store as sqlite_store
from journal import Journal, disk
from kiosk.journal_guard import GuardedJournal, JournalRefused
from tests.cli.fuzzing import run_piquet


def io_error() -> sqlite3.OperationalError:
    error = sqlite3.OperationalError("disk I/O error")
    error.sqlite_errorname = "SQLITE_IOERR_SHMSIZE"
    return error


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "journal.sqlite3"
    with Journal.open(path) as journal:
        journal.new_partie(["Anne", "Ben"], "Ben")
    monkeypatch.setattr(disk, "NEARLY_FULL", 1 << 62)  # every disk is nearly full
    return path


@pytest.mark.parametrize(
    "command",
    [
        ["history"],
        ["export"],
        ["act", '{"trick": "E"}'],
        ["new", "--players", "Anne", "Ben", "--first-dealer", "Ben"],
        ["stats"],
    ],
)
def test_the_command_line_says_the_disk_is_full_when_the_journal_cannot_be_opened(
    db: Path, monkeypatch: pytest.MonkeyPatch, command: list[str]
) -> None:
    def failing(conn: sqlite3.Connection) -> int:
        raise io_error()

    monkeypatch.setattr(sqlite_store, "stored_version", failing)
    run = run_piquet([command[0], "--db", str(db), *command[1:]])
    assert run.status == 2 and run.stdout == b""
    assert len(run.stderr.splitlines()) == 1
    assert "the disk is full" in run.stderr
    assert "disk I/O error" not in run.stderr


def test_the_kiosk_and_the_command_line_say_the_same_for_a_failed_write(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def failing() -> str:  # the time of the action written: inside the write transaction
        raise io_error()

    with Journal.open(db) as journal:
        guarded = GuardedJournal(journal, lambda text, **fields: text.format(**fields))
        monkeypatch.setattr(sqlite_store, "_now", failing)
        with pytest.raises(JournalRefused) as refused:
            guarded.act({"trick": "E"})
    run = run_piquet(["act", "--db", str(db), '{"trick": "E"}'])
    assert refused.value.kind == "full"
    assert "The disk is full" in str(refused.value)
    assert run.status == 2 and "the disk is full; nothing was saved" in run.stderr
