"""Only `new`, `import` (and the kiosk's first start) create a journal; a backup copy is one.

Any other command given a missing or empty file exits 2 with one line and
leaves the path exactly as it was: no journal written into an empty file, no
-wal/-shm files beside it, no folder created.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from journal_helpers import sha256_files

from journal import Journal, NoJournalError
from tests.conftest import EXAMPLES

HEADER = ["--players", "Anne", "Ben", "--first-dealer", "Ben"]


def piquet(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "piquet", *args], capture_output=True, text=True, timeout=60
    )


def files_of(path: Path) -> list[Path]:
    return [path, Path(f"{path}-wal"), Path(f"{path}-shm"), Path(f"{path}-journal")]


CASES = [
    *(
        (command, kind)
        for command in ("act", "undo", "redo", "export", "history")
        for kind in ("missing", "empty")
    ),
    ("act", "missing-folder"),
    ("history", "missing-folder"),
]
ARGS = {"act": ['{"trick": "E"}']}


@pytest.mark.parametrize(("command", "kind"), CASES)
def test_no_command_but_new_and_import_makes_a_journal(tmp_path, kind, command):
    folder = tmp_path / "nowhere" if kind == "missing-folder" else tmp_path
    db = folder / "journal.sqlite3"
    if kind == "empty":
        db.write_bytes(b"")
    before = sha256_files(*files_of(db))
    done = piquet(command, "--db", str(db), *ARGS.get(command, []))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        f"piquet {command}: no journal at {db}: start one with `piquet new` (or `piquet import`)\n"
    )
    assert sha256_files(*files_of(db)) == before
    assert folder.exists() == (kind != "missing-folder")


@pytest.mark.parametrize("kind", ["missing", "empty"])
def test_the_python_interface_creates_only_when_asked(tmp_path, kind):
    db = tmp_path / "journal.sqlite3"
    if kind == "empty":
        db.write_bytes(b"")
    before = sha256_files(*files_of(db))
    with pytest.raises(NoJournalError, match="no journal at"):
        Journal.open(db, create=False)
    with pytest.raises(NoJournalError):
        Journal.open(db, read_only=True)
    assert sha256_files(*files_of(db)) == before
    with Journal.open(db) as journal:  # the kiosk's first start
        assert journal.history() == []
    assert db.stat().st_size > 0


def test_new_and_import_start_a_journal_in_an_empty_file(tmp_path):
    db = tmp_path / "journal.sqlite3"
    db.write_bytes(b"")
    assert piquet("new", "--db", str(db), *HEADER).returncode == 0
    other = tmp_path / "other.sqlite3"
    other.write_bytes(b"")
    record = json.loads(sorted(EXAMPLES.glob("*.json"))[0].read_text())["record"]
    source = tmp_path / "record.json"
    source.write_text(json.dumps(record))
    done = piquet("import", "--db", str(other), str(source))
    assert done.returncode == 0, done.stderr


def test_a_backup_copy_is_a_journal_every_command_opens(tmp_path):
    """A copy made with SQLite's backup API, while the journal is open with its WAL."""
    db, copy = tmp_path / "journal.sqlite3", tmp_path / "backup.sqlite3"
    with Journal.open(db) as kiosk:
        kiosk.new_partie(["Anne", "Ben"], "Ben")
        for winner in "EEY":
            kiosk.act({"trick": winner})  # in the -wal file, not yet in the main one
        source, target = sqlite3.connect(db), sqlite3.connect(copy)
        source.backup(target)
        target.close()
        source.close()
    assert not Path(f"{copy}-wal").exists()
    copied = str(copy)
    assert json.loads(piquet("export", "--db", copied).stdout)["deals"] == [{"tricks": "EEY"}]
    assert len(json.loads(piquet("history", "--db", copied, "--json").stdout)) == 1
    for command in (["act", '{"trick": "Y"}'], ["undo"], ["redo"], ["new", *HEADER]):
        done = piquet(command[0], "--db", copied, *command[1:])
        assert done.returncode == 0, (command, done.stderr)
    with Journal.open(copy) as journal:
        assert journal.actions(1) == [{"trick": w} for w in "EEYY"]
        assert journal._store.integrity() == "ok"


def test_reading_commands_neither_migrate_nor_write_an_older_journal(tmp_path):
    from journal.schema import MIGRATIONS
    from journal.sqlite_store import SqliteStore
    from journal.store import PartieHeader, PartieSummary

    db = tmp_path / "journal.sqlite3"
    older = SqliteStore.open(db, MIGRATIONS[:1])  # as the program before schema v2 left it
    header = PartieHeader(["Anne", "Ben"], "Ben", "rubicon", {}, "2026-01-01T10:00:00Z")
    summary = PartieSummary(1, 1, {"Anne": 0, "Ben": 0}, False)
    older.create_partie(header, summary, [{"exchange": "elder", "cards": 5}], make_current=True)
    older.close()
    before = sha256_files(*files_of(db))
    export = piquet("export", "--db", str(db))
    assert export.returncode == 0, export.stderr
    assert json.loads(export.stdout)["deals"] == [{"exchange": {"elder": 5}}]
    assert piquet("history", "--db", str(db)).returncode == 0
    assert sha256_files(*files_of(db)) == before
    assert piquet("act", "--db", str(db), '{"exchange": "younger", "cards": 3}').returncode == 0
    conn = sqlite3.connect(db)
    assert conn.execute("SELECT version FROM schema_version").fetchone()[0] == len(MIGRATIONS)
    conn.close()
