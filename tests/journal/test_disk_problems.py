"""A read-only or full disk: said in words, read-only journals still read, never a traceback.

Read-only cases run as a user that file modes apply to (the `unprivileged`
fixture: root without the capabilities that bypass file modes). A full disk is SQLite's
`max_page_count`: the database may not grow by one more page.
"""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import pytest
from journal_helpers import next_action, sha256_files

from journal import DiskFullError, Journal, ReadOnlyJournalError, disk

HEADER = ["--players", "Anne", "Ben", "--first-dealer", "Ben"]


def files_of(path: Path) -> list[Path]:
    return [path, Path(f"{path}-wal"), Path(f"{path}-shm")]


def a_journal_in(folder: Path) -> Path:
    db = folder / "journal.sqlite3"
    with Journal.open(db) as journal:
        journal.new_partie(["Anne", "Ben"], "Ben")
        journal.act({"trick": "E"})
    return db


def refused_in_words(done, *words: str) -> str:
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert done.stdout == ""
    assert len(done.stderr.splitlines()) == 1, done.stderr
    assert "Traceback" not in done.stderr and "OperationalError" not in done.stderr
    for word in words:
        assert word in done.stderr
    return done.stderr


@pytest.mark.parametrize("what", ["file", "folder"])
def test_reading_commands_work_on_a_read_only_journal_and_writes_say_why(unprivileged, what):
    folder = unprivileged.folder()
    db = a_journal_in(folder)
    (db if what == "file" else folder).chmod(0o444 if what == "file" else 0o555)
    before = sha256_files(*files_of(db))
    history = unprivileged.piquet(folder, "history", "--db", str(db), "--json")
    assert (history.returncode, history.stderr) == (0, "")
    assert json.loads(history.stdout)[0]["players"] == ["Anne", "Ben"]
    export = unprivileged.piquet(folder, "export", "--db", str(db))
    assert (export.returncode, export.stderr) == (0, "")
    assert json.loads(export.stdout)["deals"] == [{"tricks": "E"}]
    words = "the journal file is read-only" if what == "file" else f"the folder {folder} is"
    for command in (["act", '{"trick": "Y"}'], ["undo"], ["redo"], ["new", *HEADER]):
        done = unprivileged.piquet(folder, command[0], "--db", str(db), *command[1:])
        refused_in_words(done, words)
    assert sha256_files(*files_of(db)) == before  # not even -wal/-shm files were left


def test_a_new_journal_in_a_read_only_folder_says_so(unprivileged):
    folder = unprivileged.folder()
    folder.chmod(0o555)
    db = folder / "journal.sqlite3"
    refused_in_words(unprivileged.piquet(folder, "new", "--db", str(db), *HEADER), "read-only")
    assert not db.exists()


KIOSK = """
import json, sys
from journal import Journal, ReadOnlyJournalError
path = sys.argv[1]
try:
    Journal.open(path)
    print("opened for writing")
except ReadOnlyJournalError as error:
    print("refused:", error)
journal = Journal.open(path, fall_back_to_reading=True)
print(json.dumps([journal.read_only, journal.read_only_reason, journal.record()["deals"]]))
try:
    journal.act({"trick": "Y"})
except ReadOnlyJournalError as error:
    print("act refused:", error)
print(json.dumps([journal.can_undo(), journal.can_redo(), journal.refresh()]))
"""


def test_the_kiosk_can_open_a_read_only_journal_for_reading(unprivileged):
    folder = unprivileged.folder()
    db = a_journal_in(folder)
    db.chmod(0o444)
    done = unprivileged.python(folder, KIOSK, str(db))
    assert done.returncode == 0, done.stderr
    refused, state, act, buttons = done.stdout.splitlines()
    assert refused.startswith("refused:") and "the journal file is read-only" in refused
    read_only, reason, deals = json.loads(state)
    assert read_only is True and "read-only" in reason and deals == [{"tricks": "E"}]
    assert act.startswith("act refused:") and "read-only" in act
    assert json.loads(buttons) == [False, False, False]


def play_until_full(journal: Journal) -> tuple[int, dict]:
    """Act until the disk is full; returns how many actions were acknowledged, and the refused."""
    for round_ in range(1000):
        if journal.current_partie() is None or journal.score()["finished"]:
            journal.new_partie(["Anne", "Ben"], "Ben")
        action = next_action(journal.record(), journal.actions(), "full", round_ // 200)
        try:
            journal.act(action)
        except DiskFullError:
            return round_, action
    raise AssertionError("the disk never filled")


def test_a_full_disk_is_said_and_nothing_acknowledged_is_lost(db_path):
    with Journal.open(db_path) as journal:
        conn = journal._store._conn  # the store's own connection: its size limit is the disk
        conn.execute(f"PRAGMA max_page_count = {conn.execute('PRAGMA page_count').fetchone()[0]}")
        journal.new_partie(["Anne", "Ben"], "Ben")
        acknowledged, action = play_until_full(journal)
        shown, record = journal.actions(), journal.record()
        assert acknowledged > 10 and len(shown) > 0
        with pytest.raises(DiskFullError, match="the disk is full; nothing was saved"):
            journal.act(action)
        assert (journal.actions(), journal.record()) == (shown, record)
    with Journal.open(db_path) as reopened:
        assert reopened.actions() == shown
        assert reopened._store.integrity() == "ok"


FULL_COMMAND_LINE = """
import sqlite3, sys
real = sqlite3.connect
def tight(*args, **kwargs):  # every connection: the disk holds what is there, not a page more
    conn = real(*args, **kwargs)
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    conn.execute(f"PRAGMA max_page_count = {max(pages, 1)}")
    return conn
sqlite3.connect = tight
from piquet.cli import main
db = sys.argv[1]
for n in range(400):
    if main(["new", "--db", db, "--players", "Anne", "Ben", "--first-dealer", "Ben"]):
        print("stopped", n)
        break
"""


def test_the_command_line_says_the_disk_is_full(tmp_path):
    import subprocess
    import sys

    db = tmp_path / "journal.sqlite3"
    Journal.open(db).close()
    done = subprocess.run(
        [sys.executable, "-c", FULL_COMMAND_LINE, str(db)],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "stopped" in done.stdout.splitlines()[-1]
    assert done.stderr.splitlines()[-1] == (
        f"piquet new: {db}: the disk is full; nothing was saved (free some space, then try again)"
    )
    assert "Traceback" not in done.stderr


def test_a_read_only_disk_is_said_before_anything_is_written(db_path, monkeypatch):
    Journal.open(db_path).close()
    real = os.statvfs

    class ReadOnlyMount:
        def __init__(self, path):
            stats = real(path)
            for name in ("f_bavail", "f_bfree", "f_frsize"):
                setattr(self, name, getattr(stats, name))
            self.f_flag = stats.f_flag | os.ST_RDONLY

    monkeypatch.setattr(os, "statvfs", ReadOnlyMount)
    with pytest.raises(ReadOnlyJournalError, match="the disk is read-only"):
        Journal.open(db_path)
    with Journal.open(db_path, fall_back_to_reading=True) as journal:
        assert journal.read_only and "the disk is read-only" in str(journal.read_only_reason)


def test_a_bare_io_error_on_a_nearly_full_disk_is_called_a_full_disk(tmp_path, monkeypatch):
    error = sqlite3.OperationalError("disk I/O error")
    error.sqlite_errorname = "SQLITE_IOERR_WRITE"
    path = tmp_path / "journal.sqlite3"
    assert isinstance(disk.problem(error, path, writing=True), disk.JournalIOError)
    monkeypatch.setattr(disk, "NEARLY_FULL", 1 << 62)
    assert isinstance(disk.problem(error, path, writing=True), DiskFullError)
    # a reader writes the WAL's index: on a full disk that is a full disk too (issue 21)
    assert isinstance(disk.problem(error, path, writing=False), DiskFullError)
    other = sqlite3.OperationalError("no such table: parties")
    other.sqlite_errorname = "SQLITE_ERROR"
    assert not isinstance(disk.problem(other, path, writing=False), DiskFullError)
