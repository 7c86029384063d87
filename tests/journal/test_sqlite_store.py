"""The SQLite store: its file settings, its schema versions and what it refuses to open."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from journal_helpers import sha256_files

from journal import Journal, JournalError, NewerJournalError, NotAJournalError
from journal.schema import MIGRATIONS, SCHEMA_VERSION, stored_version
from journal.sqlite_store import SqliteStore, peek_version
from journal.store import PartieHeader, PartieSummary

HEADER = PartieHeader(["Anne", "Ben"], "Ben", "rubicon", {}, "2026-01-02T03:04:05Z")


def files_of(path: Path) -> list[Path]:
    return [path, Path(f"{path}-wal"), Path(f"{path}-shm")]


def set_version(path: Path, version: int) -> None:
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("UPDATE schema_version SET version = ?", (version,))
    conn.close()


def test_a_new_file_gets_the_current_schema_in_wal_mode(db_path):
    store = SqliteStore.open(db_path)
    assert store.version() == SCHEMA_VERSION
    conn = store._conn
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert store.integrity() == "ok"
    store.close()
    assert peek_version(db_path) == SCHEMA_VERSION


def test_a_missing_directory_is_created(tmp_path):
    path = tmp_path / "deep" / "er" / "journal.sqlite3"
    SqliteStore.open(path).close()
    assert path.exists()


def test_forward_migrations_run_in_order_and_keep_the_data(db_path):
    store = SqliteStore.open(db_path)
    partie = store.create_partie(HEADER, PartieSummary(1, 1, {}, False), [{"trick": "E"}], True)
    store.close()

    def add_notes(conn: sqlite3.Connection) -> None:
        conn.execute("ALTER TABLE parties ADD COLUMN notes TEXT NOT NULL DEFAULT ''")

    upgraded = SqliteStore.open(db_path, [*MIGRATIONS, add_notes])
    assert upgraded.version() == SCHEMA_VERSION + 1
    assert upgraded.actions_of(partie) == [{"trick": "E"}]
    columns = [row[1] for row in upgraded._conn.execute("PRAGMA table_info(parties)")]
    assert "notes" in columns
    upgraded.close()


def test_a_failed_migration_leaves_the_old_version(db_path):
    SqliteStore.open(db_path).close()

    def broken(conn: sqlite3.Connection) -> None:
        conn.execute("ALTER TABLE parties ADD COLUMN notes TEXT")
        raise sqlite3.OperationalError("disk on fire")

    with pytest.raises(JournalError, match="left as it was"):
        SqliteStore.open(db_path, [*MIGRATIONS, broken])
    conn = sqlite3.connect(db_path)
    assert stored_version(conn) == SCHEMA_VERSION
    assert "notes" not in [row[1] for row in conn.execute("PRAGMA table_info(parties)")]
    conn.close()


def test_a_journal_from_a_newer_program_is_refused_and_left_untouched(db_path):
    with Journal.open(db_path) as journal:
        journal.new_partie(["Anne", "Ben"], "Ben")
        journal.act({"trick": "E"})
    set_version(db_path, SCHEMA_VERSION + 1)
    before = sha256_files(*files_of(db_path))
    with pytest.raises(NewerJournalError, match="newer version"):
        Journal.open(db_path)
    assert sha256_files(*files_of(db_path)) == before
    assert not Path(f"{db_path}-wal").exists()


def test_a_newer_journal_is_refused_even_with_a_wal_file_beside_it(db_path):
    SqliteStore.open(db_path).close()
    set_version(db_path, SCHEMA_VERSION + 5)
    holder = sqlite3.connect(db_path)  # another program holds it open: a -wal file exists
    holder.execute("PRAGMA journal_mode = WAL")
    holder.execute("SELECT * FROM parties").fetchall()
    assert Path(f"{db_path}-wal").exists()
    main_before = sha256_files(db_path)
    with pytest.raises(NewerJournalError):
        SqliteStore.open(db_path)
    assert sha256_files(db_path) == main_before
    holder.close()


def test_a_foreign_database_is_refused(db_path):
    conn = sqlite3.connect(db_path)
    conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.commit()
    conn.close()
    before = sha256_files(db_path)
    with pytest.raises(NotAJournalError):
        Journal.open(db_path)
    assert sha256_files(db_path) == before


def test_a_file_that_is_not_sqlite_is_refused(db_path):
    db_path.write_text("dear diary\n" * 100)
    with pytest.raises(NotAJournalError):
        Journal.open(db_path)
    assert db_path.read_text() == "dear diary\n" * 100


def test_actions_with_a_gap_are_reported(db_path):
    store = SqliteStore.open(db_path)
    partie = store.create_partie(HEADER, PartieSummary(2, 1, {}, False), [{"trick": "E"}] * 2, True)
    store._conn.execute("DELETE FROM actions WHERE seq = 1")
    with pytest.raises(Exception, match="numbered"):
        store.actions_of(partie)
    store.close()
