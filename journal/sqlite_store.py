"""The SQLite store: one file, WAL, synchronous=FULL, one transaction per change.

Once a method returns, its change is on disk (the WAL is synced at each
commit), so it survives SIGKILL and a power cut. A failed method changes
nothing. A file from a newer program is refused after a read-only look and is
never written to.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from journal.errors import (
    JournalError,
    NewerJournalError,
    NoPartieError,
    NotAJournalError,
    StoreConflict,
)
from journal.schema import MIGRATIONS, Migration, migrate, stored_version
from journal.store import Action, PartieHeader, PartieSummary, StoredPartie

CURRENT_KEY = "current_partie"


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _newer(path: Path, version: int, known: int) -> NewerJournalError:
    return NewerJournalError(
        f"{path}: this journal was written by a newer version of piquet-table "
        f"(schema version {version}; this program knows up to {known}); it is left untouched"
    )


def peek_version(path: Path) -> int | None:
    """The schema version of the file at `path`, read without writing anything.

    None when there is no database yet. Raises NotAJournalError for a foreign file.
    Without a -wal file the main file is the whole truth and is read as immutable,
    so not even -wal/-shm files are created; otherwise a plain read-only look.
    """
    if not path.exists() or path.stat().st_size == 0:
        return None
    wal = Path(f"{path}-wal")
    uri = path.resolve().as_uri() + ("?mode=ro" if wal.exists() else "?mode=ro&immutable=1")
    try:
        conn = sqlite3.connect(uri, uri=True)
        try:
            version = stored_version(conn)
        finally:
            conn.close()
    except sqlite3.DatabaseError as error:
        raise NotAJournalError(f"{path}: not a piquet-table journal ({error})") from error
    if version is None:
        raise NotAJournalError(f"{path}: not a piquet-table journal")
    return version


class SqliteStore:
    """The journal's store in one SQLite file."""

    def __init__(self, conn: sqlite3.Connection, path: Path) -> None:
        self._conn = conn
        self.path = path

    @classmethod
    def open(
        cls, path: str | os.PathLike[str], migrations: Sequence[Migration] = MIGRATIONS
    ) -> SqliteStore:
        """Open (creating or migrating) the journal at `path`."""
        path = Path(path)
        known = len(migrations)
        version = peek_version(path)
        if version is not None and version > known:
            raise _newer(path, version, known)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(path, isolation_level=None, timeout=10.0)
        except (OSError, sqlite3.Error) as error:
            raise JournalError(f"{path}: cannot open the journal ({error})") from error
        store = cls(conn, path)
        try:
            store._prepare(migrations)
        except BaseException:
            conn.close()
            raise
        return store

    def _prepare(self, migrations: Sequence[Migration]) -> None:
        conn = self._conn
        try:
            if conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = FULL")
            conn.execute("PRAGMA foreign_keys = ON")
            version = stored_version(conn)
            if version == len(migrations):
                return
            with self._write():
                version = stored_version(conn)  # again, under the write lock
                if version is None:
                    raise NotAJournalError(f"{self.path}: not a piquet-table journal")
                if version > len(migrations):
                    raise _newer(self.path, version, len(migrations))
                try:
                    migrate(conn, version, migrations)
                except sqlite3.Error as error:
                    raise JournalError(
                        f"{self.path}: cannot update the journal from schema version {version} "
                        f"to {len(migrations)} ({error}); it is left as it was"
                    ) from error
        except sqlite3.DatabaseError as error:
            raise NotAJournalError(f"{self.path}: not a piquet-table journal ({error})") from error

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One transaction: committed (and synced) on success, rolled back on any error."""
        self._conn.execute("BEGIN IMMEDIATE")
        try:
            yield self._conn
        except BaseException:
            self._conn.execute("ROLLBACK")
            raise
        self._conn.execute("COMMIT")

    # --- reading ----------------------------------------------------------

    def version(self) -> int:
        version = stored_version(self._conn)
        return version or 0

    @staticmethod
    def _partie_from(row: sqlite3.Row | tuple[Any, ...]) -> StoredPartie:
        (partie_id, created, players, dealer, game, variants, origin) = row[:7]
        (seq, deal, totals, finished, result) = row[7:]
        header = PartieHeader(
            json.loads(players), dealer, game, json.loads(variants), created, origin
        )
        summary = PartieSummary(
            seq, deal, json.loads(totals), bool(finished), json.loads(result) if result else None
        )
        return StoredPartie(partie_id, header, summary)

    _COLUMNS = (
        "id, created_at, players, first_dealer, game, variants, origin, "
        "seq, deal, totals, finished, result"
    )

    def partie(self, partie_id: int) -> StoredPartie:
        row = self._conn.execute(
            f"SELECT {self._COLUMNS} FROM parties WHERE id = ?", (partie_id,)
        ).fetchone()
        if row is None:
            raise NoPartieError(f"no partie {partie_id} in the journal")
        return self._partie_from(row)

    def parties(self) -> list[StoredPartie]:
        rows = self._conn.execute(f"SELECT {self._COLUMNS} FROM parties ORDER BY id DESC")
        return [self._partie_from(row) for row in rows]

    def actions_of(self, partie_id: int) -> list[Action]:
        self.partie(partie_id)
        rows = self._conn.execute(
            "SELECT seq, action FROM actions WHERE partie_id = ? ORDER BY seq", (partie_id,)
        ).fetchall()
        if [seq for seq, _ in rows] != list(range(1, len(rows) + 1)):
            raise StoreConflict(f"partie {partie_id}: the actions are not numbered 1..{len(rows)}")
        return [json.loads(action) for _, action in rows]

    def undone(self, partie_id: int, seq: int) -> Action | None:
        self.partie(partie_id)
        row = self._conn.execute(
            "SELECT action FROM undone WHERE partie_id = ? AND seq = ?", (partie_id, seq)
        ).fetchone()
        return json.loads(row[0]) if row else None

    def current(self) -> int | None:
        row = self._conn.execute(
            "SELECT value FROM settings WHERE key = ?", (CURRENT_KEY,)
        ).fetchone()
        return int(row[0]) if row and row[0] is not None else None

    # --- writing ----------------------------------------------------------

    def _last_seq(self, conn: sqlite3.Connection, partie_id: int) -> int:
        if conn.execute("SELECT 1 FROM parties WHERE id = ?", (partie_id,)).fetchone() is None:
            raise NoPartieError(f"no partie {partie_id} in the journal")
        return int(
            conn.execute(
                "SELECT COALESCE(MAX(seq), 0) FROM actions WHERE partie_id = ?", (partie_id,)
            ).fetchone()[0]
        )

    @staticmethod
    def _expect(
        partie_id: int, seq: int, expected: int, summary: PartieSummary, after: int
    ) -> None:
        if seq != expected:
            raise StoreConflict(f"partie {partie_id}: action {seq} where {expected} was expected")
        if summary.seq != after:
            raise StoreConflict(f"partie {partie_id}: a summary after {summary.seq} actions")

    @staticmethod
    def _summarize(conn: sqlite3.Connection, partie_id: int, summary: PartieSummary) -> None:
        conn.execute(
            "UPDATE parties SET seq = ?, deal = ?, totals = ?, finished = ?, result = ? "
            "WHERE id = ?",
            (
                summary.seq,
                summary.deal,
                _dumps(summary.totals),
                int(summary.finished),
                None if summary.result is None else _dumps(summary.result),
                partie_id,
            ),
        )

    @staticmethod
    def _set_current(conn: sqlite3.Connection, partie_id: int | None) -> None:
        conn.execute(
            "INSERT INTO settings (key, value) VALUES (?, ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (CURRENT_KEY, None if partie_id is None else str(partie_id)),
        )

    def create_partie(
        self,
        header: PartieHeader,
        summary: PartieSummary,
        actions: list[Action],
        make_current: bool,
    ) -> int:
        if summary.seq != len(actions):
            raise StoreConflict(f"a summary after {summary.seq} actions for {len(actions)}")
        now = _now()
        with self._write() as conn:
            cursor = conn.execute(
                "INSERT INTO parties (created_at, players, first_dealer, game, variants, origin,"
                " seq, deal, totals, finished, result)"
                " VALUES (?, ?, ?, ?, ?, ?, 0, 1, '{}', 0, NULL)",
                (
                    header.created_at,
                    _dumps(header.players),
                    header.first_dealer,
                    header.game,
                    _dumps(header.variants),
                    header.origin,
                ),
            )
            partie_id = int(cursor.lastrowid or 0)
            conn.executemany(
                "INSERT INTO actions (partie_id, seq, action, created_at) VALUES (?, ?, ?, ?)",
                [(partie_id, seq, _dumps(a), now) for seq, a in enumerate(actions, start=1)],
            )
            self._summarize(conn, partie_id, summary)
            if make_current:
                self._set_current(conn, partie_id)
        return partie_id

    def append(self, partie_id: int, seq: int, action: Action, summary: PartieSummary) -> None:
        with self._write() as conn:
            self._expect(partie_id, seq, self._last_seq(conn, partie_id) + 1, summary, seq)
            conn.execute(
                "INSERT INTO actions (partie_id, seq, action, created_at) VALUES (?, ?, ?, ?)",
                (partie_id, seq, _dumps(action), _now()),
            )
            conn.execute("DELETE FROM undone WHERE partie_id = ?", (partie_id,))
            self._summarize(conn, partie_id, summary)

    def remove_last(self, partie_id: int, seq: int, summary: PartieSummary) -> Action:
        with self._write() as conn:
            self._expect(partie_id, seq, self._last_seq(conn, partie_id), summary, seq - 1)
            (text,) = conn.execute(
                "SELECT action FROM actions WHERE partie_id = ? AND seq = ?", (partie_id, seq)
            ).fetchone()
            conn.execute("DELETE FROM actions WHERE partie_id = ? AND seq = ?", (partie_id, seq))
            conn.execute(
                "INSERT OR REPLACE INTO undone (partie_id, seq, action) VALUES (?, ?, ?)",
                (partie_id, seq, text),
            )
            self._summarize(conn, partie_id, summary)
        return json.loads(text)

    def restore(self, partie_id: int, seq: int, summary: PartieSummary) -> Action:
        with self._write() as conn:
            self._expect(partie_id, seq, self._last_seq(conn, partie_id) + 1, summary, seq)
            row = conn.execute(
                "SELECT action FROM undone WHERE partie_id = ? AND seq = ?", (partie_id, seq)
            ).fetchone()
            if row is None:
                raise StoreConflict(f"partie {partie_id}: no undone action {seq}")
            conn.execute("DELETE FROM undone WHERE partie_id = ? AND seq = ?", (partie_id, seq))
            conn.execute(
                "INSERT INTO actions (partie_id, seq, action, created_at) VALUES (?, ?, ?, ?)",
                (partie_id, seq, row[0], _now()),
            )
            self._summarize(conn, partie_id, summary)
        return json.loads(row[0])

    def set_current(self, partie_id: int | None) -> None:
        with self._write() as conn:
            if partie_id is not None:
                self._last_seq(conn, partie_id)  # refuses an unknown partie
            self._set_current(conn, partie_id)

    def integrity(self) -> str:
        """`PRAGMA integrity_check`: "ok" for a sound file."""
        return str(self._conn.execute("PRAGMA integrity_check").fetchone()[0])

    def close(self) -> None:
        self._conn.close()
