"""The SQLite store: one file, WAL, synchronous=FULL, one transaction per change.

Once a transaction returns, its change is on disk (the WAL is synced at each
commit), so it survives SIGKILL and a power cut. A failed one changes nothing.

Opening:
- For writing (`read_only=False`), a missing or empty file is created only with
  `create=True` (else `NoJournalError`, and nothing is created); a file from a
  newer program is refused after a read-only look and never written to; a file
  that cannot be written (read-only file, folder or disk) is refused with
  `ReadOnlyJournalError` before anything is created beside it.
- For reading (`read_only=True`), nothing is ever created, migrated or written:
  with a -wal file beside it (a writer has it open, or was killed) the file is
  opened `mode=ro`; without one the main file is the whole truth and is read as
  `immutable`, which creates no -wal/-shm files, so it works in a read-only
  folder. An immutable view checks after each read that the file did not
  change meanwhile (same inode, size and time, still no -wal) and reads again
  if it did. An older schema is read as it is.

Every write transaction checks, just before COMMIT, that the path still names
the file opened (same device and inode): a journal deleted or replaced while
open raises `JournalGoneError` and the change is rolled back, so nothing is
acknowledged that is not in the file at the path. SQLite's errors come out as
the journal's errors in words (`journal.disk.problem`), never as
`sqlite3.OperationalError`.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from journal import damage, disk
from journal.committer import Committer
from journal.errors import (
    DiskFullError,
    JournalBusyError,
    JournalError,
    JournalGoneError,
    JournalIOError,
    NewerJournalError,
    NoJournalError,
    NoPartieError,
    NotAJournalError,
    ReadOnlyJournalError,
    StoreConflict,
)
from journal.log_room import make_room
from journal.schema import MIGRATIONS, Migration, migrate, stored_version
from journal.store import (
    FORMAT_1,
    RECENT_ROWS,
    Action,
    AsideSummary,
    DrillRow,
    PartieHeader,
    PartieLine,
    PartieSummary,
    PlayerLine,
    StoredAction,
    StoredPartie,
    Totals,
    add_sums,
)
from scorer.errors import N_, Said

CURRENT_KEY = "current_partie"
BUSY_TIMEOUT_S = 10.0
READ_ATTEMPTS = 5

T = TypeVar("T")


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _newer(path: Path, version: int, known: int) -> NewerJournalError:
    return NewerJournalError(
        Said(
            "{path}: this journal was written by a newer version of piquet-table "
            "(schema version {version}; this program knows up to {known}); it is left untouched",
            path=path,
            version=version,
            known=known,
        )
    )


def _wal(path: Path) -> Path:
    return Path(f"{path}-wal")


def _unknown(partie_id: int) -> NoPartieError:
    """The refusal of a partie the journal does not hold."""
    return NoPartieError(Said("no partie {id} in the journal", id=partie_id))


def holds_data(path: Path) -> bool:
    """There is something at `path` to open: a non-empty file (or an empty one with its WAL)."""
    if path.is_dir():
        raise NotAJournalError(Said("{path}: a folder, not a journal file", path=path))
    if not path.exists():
        return False
    if path.stat().st_size > 0:
        return True
    wal = _wal(path)
    return wal.exists() and wal.stat().st_size > 0


def no_journal(path: Path) -> NoJournalError:
    return NoJournalError(
        Said("no journal at {path}: start one with `piquet new` (or `piquet import`)", path=path)
    )


def _reading_uri(path: Path) -> tuple[str, bool]:
    """The URI that reads `path` without writing anything; and whether it is immutable."""
    immutable = not _wal(path).exists()
    flags = "?mode=ro&immutable=1" if immutable else "?mode=ro"
    return path.resolve().as_uri() + flags, immutable


def _fingerprint(path: Path) -> tuple[int, int, int, int]:
    st = path.stat()
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def peek_version(path: Path) -> int | None:
    """The schema version of the file at `path`, read without writing anything.

    None when there is no database yet. Raises NotAJournalError for a foreign file.
    Without a -wal file the main file is the whole truth and is read as immutable,
    so not even -wal/-shm files are created; otherwise a plain read-only look.
    """
    if not holds_data(path):
        return None
    uri, _ = _reading_uri(path)
    try:
        conn = sqlite3.connect(uri, uri=True)
        conn.text_factory = damage.strict_text
        try:
            version = stored_version(conn)
        finally:
            conn.close()
    except damage.SQLITE_ERRORS as error:
        raise disk.problem(error, path, writing=False) from error
    if version is None:
        raise NotAJournalError(Said("{path}: not a piquet-table journal", path=path))
    return version


def quick_check_file(path: Path) -> None:
    """`PRAGMA quick_check` of the journal at `path`, on a connection of its own that
    writes nothing (a thread may run it while another connection writes).
    DamagedJournalError, in words, for a damaged file; NoJournalError for none."""
    path = Path(path)
    store = SqliteStore._open_reading(path, 1 << 30) if holds_data(path) else None
    if store is None:
        raise no_journal(path)
    try:
        store.check()
    finally:
        store.close()


class SqliteStore:
    """The journal's store in one SQLite file."""

    def __init__(
        self, conn: sqlite3.Connection, path: Path, read_only: bool = False, immutable: bool = False
    ) -> None:
        self._connection = conn
        self.path = path
        self.read_only = read_only
        self._immutable = immutable
        self._tx: str | None = None  # "read" or "write" while a transaction is open
        self._generation = 0
        self._schema = 0
        self._fingerprint = _fingerprint(path)
        self._identity = self._fingerprint[:2]
        self._wal_identity: tuple[int, int] | None = None
        # the file and its -wal as check_file stats them, before and in every write
        # (made once: a Path made and spelled out each time cost more than the stats)
        self._watched = (os.fspath(path), os.fspath(_wal(path)))
        # the COMMIT of a write transaction handed behind (transaction(behind=True))
        self._committer = Committer()
        self._behind = False
        self._unsaid: JournalError | None = None  # a failed commit, for `settle`

    @property
    def _conn(self) -> sqlite3.Connection:
        """The connection, once a commit handed behind is done (its failure is
        left to `settle`: a read meanwhile reads the file as it then is)."""
        if self._behind:
            self._wait_for_commit()
        return self._connection

    # --- opening ----------------------------------------------------------

    @classmethod
    def open(
        cls,
        path: str | os.PathLike[str],
        migrations: Sequence[Migration] = MIGRATIONS,
        *,
        create: bool = True,
        read_only: bool = False,
        check: bool = False,
    ) -> SqliteStore:
        """Open the journal at `path`: for writing (creating or migrating it), or for reading.

        `check`: run `PRAGMA quick_check` first (before anything is written), and raise
        DamagedJournalError, in words, for a damaged file (`journal.damage`)."""
        path = Path(path)
        try:
            there = holds_data(path)
        except OSError as error:
            raise disk.os_problem(error, path) from error
        if not there and (read_only or not create):
            raise no_journal(path)
        if read_only:
            return cls._open_reading(path, len(migrations), check)
        if check and there:
            quick_check_file(path)
        version = peek_version(path)
        if version is not None and version > len(migrations):
            raise _newer(path, version, len(migrations))
        why = disk.why_not_writable(path)
        if why is not None:
            raise disk.read_only_error(path, why)
        try:
            if not path.exists():
                disk.make_folder(path.parent)
                disk.make_file(path)
            # (a commit handed behind runs on the committer's thread: the store
            # lets one user at a time have the connection, see `_conn`)
            conn = sqlite3.connect(
                path, isolation_level=None, timeout=BUSY_TIMEOUT_S, check_same_thread=False
            )
            conn.text_factory = damage.strict_text
        except OSError as error:
            raise disk.os_problem(error, path) from error
        except damage.SQLITE_ERRORS as error:
            raise disk.problem(error, path, writing=True) from error
        store = cls(conn, path)
        try:
            store._prepare(migrations)
            store._wal_identity = store._identity_of(_wal(path))
        except BaseException:
            conn.close()
            raise
        return store

    @classmethod
    def _open_reading(cls, path: Path, known: int, check: bool = False) -> SqliteStore:
        conn, immutable = cls._connect_reading(path)
        store = cls(conn, path, read_only=True, immutable=immutable)
        try:
            if check:
                store.check()
            version = store._read(lambda: stored_version(store._conn))
            if version is None:
                raise NotAJournalError(Said("{path}: not a piquet-table journal", path=path))
            if version > known:
                raise _newer(path, version, known)
            store._schema = version
        except BaseException:
            store.close()
            raise
        return store

    @staticmethod
    def _connect_reading(path: Path) -> tuple[sqlite3.Connection, bool]:
        uri, immutable = _reading_uri(path)
        try:
            conn = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=BUSY_TIMEOUT_S)
            conn.text_factory = damage.strict_text
        except damage.SQLITE_ERRORS as error:
            raise disk.problem(error, path, writing=False) from error
        return conn, immutable

    def _prepare(self, migrations: Sequence[Migration]) -> None:
        conn = self._conn
        try:
            if conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = FULL")
            conn.execute("PRAGMA foreign_keys = ON")
            version = stored_version(conn)
        except damage.SQLITE_ERRORS as error:
            raise self._problem(error) from error
        if version == len(migrations):
            self._schema = version
            return
        with self.transaction():
            version = stored_version(conn)  # again, under the write lock
            if version is None:
                raise NotAJournalError(Said("{path}: not a piquet-table journal", path=self.path))
            if version > len(migrations):
                raise _newer(self.path, version, len(migrations))
            try:
                migrate(conn, version, migrations)
            except damage.SQLITE_ERRORS as error:
                found = self._problem(error)
                if isinstance(found, DiskFullError | ReadOnlyJournalError | JournalGoneError):
                    raise found from error
                raise JournalError(
                    Said(
                        "{path}: cannot update the journal from schema version {version} to "
                        "{count} ({error}); it is left as it was",
                        path=str(self.path),
                        version=version,
                        count=len(migrations),
                        error=str(error),
                    )
                ) from error
        self._schema = len(migrations)

    def check(self) -> None:
        """`PRAGMA quick_check` of the file: DamagedJournalError, in words, if damaged."""
        self._read(lambda: damage.quick_check(self._conn, self.path))

    # --- errors, reads and transactions -------------------------------------

    def _problem(self, error: sqlite3.Error | UnicodeDecodeError) -> JournalError:
        if not self.read_only:
            try:
                self.check_file()
            except JournalGoneError as gone:
                return gone
        return disk.problem(error, self.path, writing=not self.read_only)

    def _sql(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Cursor:
        try:
            return self._conn.execute(sql, params)
        except damage.SQLITE_ERRORS as error:
            raise self._problem(error) from error

    def _intact(self) -> bool:
        """An immutable view still shows the file as it is (nobody wrote to it since)."""
        try:
            return _fingerprint(self.path) == self._fingerprint and not _wal(self.path).exists()
        except OSError:
            return False

    def _reconnect(self) -> None:
        conn, immutable = self._connect_reading(self.path)
        self._connection.close()
        self._connection, self._immutable = conn, immutable
        self._generation += 1
        try:
            self._fingerprint = _fingerprint(self.path)
        except OSError as error:
            raise disk.os_problem(error, self.path) from error

    def _read(self, read: Callable[[], T]) -> T:
        """Run `read`; an immutable view whose file changed meanwhile reads again, afresh."""
        for _ in range(READ_ATTEMPTS):
            try:
                result = read()
            except damage.SQLITE_ERRORS as error:
                if self._immutable and not self._intact():
                    self._reconnect()
                    continue
                raise self._problem(error) from error
            if not self._immutable or self._intact():
                return result
            self._reconnect()
        raise JournalBusyError(
            Said("{path}: the journal kept changing while it was read", path=str(self.path))
        )

    @contextmanager
    def reading(self) -> Iterator[None]:
        """One consistent view (a read transaction) for the reads inside."""
        if self._tx is not None or self._immutable:
            yield
            return
        self._sql("BEGIN")
        self._tx = "read"
        try:
            yield
        finally:
            self._tx = None
            with suppress(*damage.SQLITE_ERRORS):
                self._conn.execute("COMMIT")

    @contextmanager
    def transaction(self, behind: bool = False) -> Iterator[None]:
        """One write transaction: committed (and synced) on success, rolled back on any error.

        The write lock is taken first (BEGIN IMMEDIATE), so whatever is read inside is
        what the change applies to. Just before COMMIT the path must still name the
        file this store opened.

        `behind`: the COMMIT may be only begun, on a thread of its own, and the
        caller goes on (where the disk's syncs are slow: journal/committer.py);
        `settle` waits for it, and so does anything that uses the store next.
        The lock is held until it is done.
        """
        if self._tx == "write":
            yield
            return
        if self._tx == "read":
            raise RuntimeError("a write transaction cannot start inside a read")
        if self.read_only:
            raise disk.read_only_error(self.path, "the journal is open for reading only")
        self._sql("BEGIN IMMEDIATE")
        self._tx = "write"
        try:
            yield
            self.check_file()
            if behind and self._committer.worth_it():
                self._committer.hand(self._connection)
                self._behind = True
            else:
                self._committer.commit_here(self._conn)
        except BaseException as error:
            if self._conn.in_transaction:
                with suppress(*damage.SQLITE_ERRORS):
                    self._conn.execute("ROLLBACK")
            if isinstance(error, damage.SQLITE_ERRORS):
                raise self._problem(error) from error
            raise
        finally:
            self._tx = None

    def _identity_of(self, path: str | Path) -> tuple[int, int] | None:
        try:
            st = os.stat(path)
        except FileNotFoundError:
            return None
        except OSError as error:
            raise JournalIOError(
                Said(
                    "{path}: cannot look at the journal file ({error})",
                    path=str(path),
                    error=str(error),
                )
            ) from error
        return (st.st_dev, st.st_ino)

    def check_file(self) -> None:
        """Raise JournalGoneError if the path no longer names the file this store opened.

        A writer also checks its -wal file: while this connection is open nobody deletes
        it, and commits written to a deleted one would not be in the file at the path.
        """
        path, wal = self._watched
        identity = self._identity_of(path)
        if identity == self._identity and (
            self.read_only or self._wal_identity is None
            or self._identity_of(wal) == self._wal_identity
        ):  # fmt: skip
            return
        if identity is None:
            message = N_(
                "{path}: the journal file was deleted while it was open; nothing more can be "
                "saved to it (open the journal again)"
            )
        elif identity != self._identity:
            message = N_(
                "{path}: the journal file was replaced by another file while it was open; "
                "nothing more can be saved to it (open the journal again)"
            )
        else:
            message = N_(
                "{path}: the journal file was left without its -wal file while it was open; "
                "nothing more can be saved to it (open the journal again)"
            )
        raise JournalGoneError(Said(message, path=str(self.path)))

    def data_version(self) -> int:
        """Changes when another connection committed (or an immutable view was read afresh)."""
        if self._immutable and not self._intact():
            self._reconnect()
        version = self._read(lambda: int(self._conn.execute("PRAGMA data_version").fetchone()[0]))
        return (self._generation << 48) + version

    # --- reading ----------------------------------------------------------

    def version(self) -> int:
        version = self._read(lambda: stored_version(self._conn))
        return version or 0

    def _loads(self, text: str) -> Any:
        """A value the journal stored as JSON; DamagedJournalError when it is not JSON."""
        try:
            return json.loads(text)
        except (TypeError, ValueError, RecursionError) as error:
            raise damage.damaged(self.path, "a stored value is not what was written") from error

    def _partie_from(self, row: sqlite3.Row | tuple[Any, ...]) -> StoredPartie:
        (partie_id, created, players, dealer, game, variants, origin) = row[:7]
        (seq, deal, totals, finished, result) = row[7:12]
        more: dict[str, Any] = {}
        # one guard for the row's values, and no parse of the commonest, "{}" (a history
        # page reads 20 rows; most parties have no variants and nothing extra)
        loads = json.loads
        try:
            if len(row) > 12:  # schema 3: the record's format and the rest of its top level
                extra = loads(row[13]) if row[13] and row[13] != "{}" else {}
                more = {"format": row[12], "extra": extra if isinstance(extra, dict) else {}}
            if len(row) > 14:  # schema 7: the language it is played in
                more["lang"] = row[14] if isinstance(row[14], str) else None
            header = PartieHeader(
                loads(players),
                dealer,
                game,
                loads(variants) if variants != "{}" else {},
                created,
                origin,
                **more,
            )
            summary = PartieSummary(
                seq, deal, loads(totals), bool(finished), loads(result) if result else None
            )
        except (TypeError, ValueError, RecursionError) as error:
            raise damage.damaged(self.path, "a stored value is not what was written") from error
        return StoredPartie(partie_id, header, summary)

    _COLUMNS = (
        "id, created_at, players, first_dealer, game, variants, origin, "
        "seq, deal, totals, finished, result"
    )

    @property
    def _columns(self) -> str:
        """The parties' columns this file has (an older schema is read as it is)."""
        return (
            self._COLUMNS
            + (", format, extra" if self._schema >= 3 else "")
            + (", lang" if self._schema >= 7 else "")
        )

    def partie(self, partie_id: int) -> StoredPartie:
        row = self._read(
            lambda: self._conn.execute(
                f"SELECT {self._columns} FROM parties WHERE id = ?", (partie_id,)
            ).fetchone()
        )
        if row is None:
            raise _unknown(partie_id)
        return self._partie_from(row)

    def parties(self) -> list[StoredPartie]:
        rows = self._read(
            lambda: self._conn.execute(
                f"SELECT {self._columns} FROM parties ORDER BY id DESC"
            ).fetchall()
        )
        return [self._partie_from(row) for row in rows]

    def revision(self, partie_id: int) -> int:
        if self._schema < 2:
            self.partie(partie_id)
            return 0
        row = self._read(
            lambda: self._conn.execute(
                "SELECT revision FROM parties WHERE id = ?", (partie_id,)
            ).fetchone()
        )
        if row is None:
            raise _unknown(partie_id)
        return int(row[0])

    def _rows(self, partie_id: int) -> list[tuple[int, str]]:
        self.partie(partie_id)
        return self._read(
            lambda: self._conn.execute(
                "SELECT seq, action FROM actions WHERE partie_id = ? ORDER BY seq", (partie_id,)
            ).fetchall()
        )

    def stored_actions(self, partie_id: int) -> list[StoredAction]:
        found = []
        for seq, text in self._rows(partie_id):
            try:
                action = json.loads(text)
            except (TypeError, ValueError, RecursionError):
                action = None
            found.append(StoredAction(seq, action if isinstance(action, dict) else None, str(text)))
        return found

    def actions_of(self, partie_id: int) -> list[Action]:
        stored = self.stored_actions(partie_id)
        if [row.seq for row in stored] != list(range(1, len(stored) + 1)):
            raise StoreConflict(
                f"partie {partie_id}: the actions are not numbered 1..{len(stored)}"
            )
        unreadable = [row.seq for row in stored if row.action is None]
        if unreadable:
            raise StoreConflict(f"partie {partie_id}: action {unreadable[0]} is unreadable")
        return [row.action for row in stored if row.action is not None]

    def undone(self, partie_id: int, seq: int) -> Action | None:
        self.partie(partie_id)
        row = self._read(
            lambda: self._conn.execute(
                "SELECT action FROM undone WHERE partie_id = ? AND seq = ?", (partie_id, seq)
            ).fetchone()
        )
        if row is None:
            return None
        try:
            action = json.loads(row[0])
        except (TypeError, ValueError, RecursionError):
            return None
        return action if isinstance(action, dict) else None

    def aside(self) -> dict[int, AsideSummary]:
        if self._schema < 2:
            return {}
        rows = self._read(
            lambda: self._conn.execute(
                "SELECT partie_id, COUNT(*), MIN(seq), (SELECT reason FROM aside AS first"
                " WHERE first.partie_id = kept.partie_id ORDER BY seq, id LIMIT 1)"
                " FROM aside AS kept GROUP BY partie_id"
            ).fetchall()
        )
        return {int(p): AsideSummary(int(n), int(s), str(r)) for p, n, s, r in rows}

    def current(self) -> int | None:
        row = self._read(
            lambda: self._conn.execute(
                "SELECT value FROM settings WHERE key = ?", (CURRENT_KEY,)
            ).fetchone()
        )
        return int(row[0]) if row and row[0] is not None else None

    def setting(self, key: str) -> str | None:
        row = self._read(
            lambda: self._conn.execute(
                "SELECT value FROM settings WHERE key = ?", (key,)
            ).fetchone()
        )
        return None if row is None or row[0] is None else str(row[0])

    def parties_page(self, below: int | None, limit: int) -> list[StoredPartie]:
        top = (1 << 62) if below is None else below
        rows = self._read(
            lambda: self._conn.execute(
                f"SELECT {self._columns} FROM parties WHERE id < ? ORDER BY id DESC LIMIT ?",
                (top, limit),
            ).fetchall()
        )
        return [self._partie_from(row) for row in rows]

    # --- figures (schema 5) ------------------------------------------------

    @property
    def figures_kept(self) -> bool:
        return self._schema >= 5

    def figures_of(self, partie_id: int) -> list[PlayerLine]:
        if not self.figures_kept:
            return []
        rows = self._read(
            lambda: self._conn.execute(
                "SELECT player, opponent, sums, best FROM figures WHERE partie_id = ?"
                " ORDER BY player",
                (partie_id,),
            ).fetchall()
        )
        return [PlayerLine(p, o, self._loads(s), b) for p, o, s, b in rows]

    def _totals_from(
        self, row: tuple[Any, ...], best: int | None = None, table_best: int | None = None
    ) -> Totals:
        player, opponent, counted, last, sums = row
        return Totals(
            player, opponent, int(counted), int(last), self._loads(sums), best, table_best
        )

    def totals(self, player: str, opponent: str = "") -> Totals | None:
        if not self.figures_kept:
            return None

        def read() -> tuple[Any, Any, Any]:
            row = self._conn.execute(
                "SELECT player, opponent, counted, last_partie, sums FROM totals"
                " WHERE player = ? AND opponent = ?",
                (player, opponent),
            ).fetchone()
            best = table_best = None
            if row is not None and not opponent:
                # the two-player parties' lines name an opponent, the larger games' none
                best, table_best = (
                    self._conn.execute(
                        "SELECT MAX(best) FROM figures WHERE player = ? AND (opponent = '') = ?",
                        (player, larger),
                    ).fetchone()[0]
                    for larger in (0, 1)
                )
            return row, best, table_best

        row, best, table_best = self._read(read)
        return None if row is None else self._totals_from(row, best, table_best)

    def players_by_recency(
        self, limit: int, after: tuple[int, str] | None = None, counted_only: bool = False
    ) -> list[Totals]:
        if not self.figures_kept:
            return []
        last, name = after if after is not None else (1 << 62, "")
        rows = self._read(
            lambda: self._conn.execute(
                "SELECT player, opponent, counted, last_partie, sums FROM totals"
                " WHERE opponent = '' AND last_partie <= ?"
                " AND NOT (last_partie = ? AND player <= ?)"
                + (" AND counted > 0" if counted_only else "")
                + " ORDER BY last_partie DESC, player LIMIT ?",
                (last, last, name, limit),
            ).fetchall()
        )
        return [self._totals_from(row) for row in rows]

    def opponents(
        self, player: str, limit: int, after: tuple[int, str] | None = None
    ) -> list[Totals]:
        if not self.figures_kept:
            return []
        last, name = after if after is not None else (1 << 62, "")
        rows = self._read(
            lambda: self._conn.execute(
                "SELECT player, opponent, counted, last_partie, sums FROM totals"
                " WHERE player = ? AND last_partie <= ? AND opponent != ''"
                " AND NOT (last_partie = ? AND opponent <= ?)"
                " ORDER BY last_partie DESC, opponent LIMIT ?",
                (player, last, last, name, limit),
            ).fetchall()
        )
        return [self._totals_from(row) for row in rows]

    def partie_lines(self, player: str, below: int, limit: int) -> list[PartieLine]:
        if not self.figures_kept:
            return []
        rows = self._read(
            lambda: self._conn.execute(
                "SELECT f.partie_id, f.opponent, p.created_at, p.finished, p.result"
                " FROM figures AS f JOIN parties AS p ON p.id = f.partie_id"
                " WHERE f.player = ? AND f.partie_id < ? ORDER BY f.partie_id DESC LIMIT ?",
                (player, below, limit),
            ).fetchall()
        )
        return [
            PartieLine(int(i), player, o, c, bool(f), self._loads(r) if r else None)
            for i, o, c, f, r in rows
        ]

    def last_of_pair(self, player: str, opponent: str, below: int) -> int | None:
        if not self.figures_kept:
            return None
        row = self._read(
            lambda: self._conn.execute(
                "SELECT partie_id FROM figures WHERE player = ? AND opponent = ? AND finished = 1"
                " AND partie_id < ? ORDER BY partie_id DESC LIMIT 1",
                (player, opponent, below),
            ).fetchone()
        )
        return None if row is None else int(row[0])

    # --- writing ----------------------------------------------------------

    def put_figures(self, partie_id: int, lines: list[PlayerLine]) -> None:
        if not self.figures_kept:
            return
        with self.transaction():
            stand = self._figures_stand(partie_id, lines)
            if not (stand and lines):  # (stored rows, joined to their partie, show it is there)
                self._known(partie_id)
            if stand:
                return  # a trick in the play: nothing the club counts has moved
            for line in self.figures_of(partie_id):
                self._add_totals(line, partie_id, -1)
            self._sql("DELETE FROM figures WHERE partie_id = ?", (partie_id,))
            for line in lines:
                self._sql(
                    "INSERT INTO figures (partie_id, player, opponent, sums, best, finished)"
                    " SELECT ?, ?, ?, ?, ?, finished FROM parties WHERE id = ?",
                    (
                        partie_id,
                        line.player,
                        line.opponent,
                        _dumps(line.sums),
                        line.best,
                        partie_id,
                    ),
                )
                self._add_totals(line, partie_id, 1)

    def _figures_stand(self, partie_id: int, lines: list[PlayerLine]) -> bool:
        """Inside the transaction: the partie's stored figures are already `lines`,
        and were written with its finished state as it is now."""
        rows = self._sql(
            "SELECT f.player, f.opponent, f.sums, f.best, f.finished = p.finished"
            " FROM figures AS f JOIN parties AS p ON p.id = f.partie_id"
            " WHERE f.partie_id = ? ORDER BY f.player",
            (partie_id,),
        ).fetchall()
        if len(rows) != len(lines) or not all(same for *_, same in rows):
            return False
        stored = [PlayerLine(p, o, self._loads(s), b) for p, o, s, b, _ in rows]
        return stored == sorted(lines, key=lambda line: line.player)

    def _add_totals(self, line: PlayerLine, partie_id: int, sign: int) -> None:
        """Add (or take away) one partie's line to the player's sums and the pair's."""
        for opponent in ("", line.opponent) if line.opponent else ("",):
            row = self._sql(
                "SELECT counted, last_partie, sums FROM totals WHERE player = ? AND opponent = ?",
                (line.player, opponent),
            ).fetchone()
            counted, last, sums = row if row is not None else (0, 0, "{}")
            self._sql(
                "INSERT OR REPLACE INTO totals (player, opponent, counted, last_partie, sums)"
                " VALUES (?, ?, ?, ?, ?)",
                (
                    line.player,
                    opponent,
                    int(counted) + sign * (1 if line.opponent else 0),
                    max(int(last), partie_id),
                    _dumps(add_sums(self._loads(sums), line.sums, sign)),
                ),
            )

    def _known(self, partie_id: int) -> None:
        """Refuses an unknown partie."""
        if self._sql("SELECT 1 FROM parties WHERE id = ?", (partie_id,)).fetchone() is None:
            raise _unknown(partie_id)

    def _count(self, partie_id: int) -> int:
        return int(
            self._sql("SELECT COUNT(*) FROM actions WHERE partie_id = ?", (partie_id,)).fetchone()[
                0
            ]
        )

    def _expect(self, partie_id: int, seq: int, ahead: int, summary: PartieSummary, after: int):
        """`seq` is the partie's last action `ahead` (0: the last itself, 1: the next),
        its actions are numbered without a gap, and `summary` comes after `after`."""
        # the partie known, its last action and how many it has, in one read
        known, last, count = self._sql(
            "SELECT EXISTS (SELECT 1 FROM parties WHERE id = ?), COALESCE(MAX(seq), 0),"
            " COUNT(*) FROM actions WHERE partie_id = ?",
            (partie_id, partie_id),
        ).fetchone()
        if not known:
            raise _unknown(partie_id)
        expected = last + ahead
        if seq != expected or count != last:
            raise StoreConflict(f"partie {partie_id}: action {seq} where {expected} was expected")
        if summary.seq != after:
            raise StoreConflict(f"partie {partie_id}: a summary after {summary.seq} actions")

    def _summarize(self, partie_id: int, summary: PartieSummary) -> None:
        """Store the summary; a change to the partie's actions bumps its revision."""
        self._sql(
            "UPDATE parties SET seq = ?, deal = ?, totals = ?, finished = ?, result = ?"
            + (", revision = revision + 1" if self._schema >= 2 else "")
            + " WHERE id = ?",
            (
                summary.seq,
                summary.deal,
                _dumps(summary.totals),
                int(summary.finished),
                None if summary.result is None else _dumps(summary.result),
                partie_id,
            ),
        )

    def _set_current(self, partie_id: int | None) -> None:
        self._sql(
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
        columns = (
            "created_at, players, first_dealer, game, variants, origin,"
            " seq, deal, totals, finished, result"
        )
        values: tuple[Any, ...] = (
            header.created_at,
            _dumps(header.players),
            header.first_dealer,
            header.game,
            _dumps(header.variants),
            header.origin,
            summary.seq,
            summary.deal,
            _dumps(summary.totals),
            int(summary.finished),
            None if summary.result is None else _dumps(summary.result),
        )
        if self._schema >= 3:
            columns += ", format, extra"
            values += (header.format, _dumps(header.extra))
        elif header.format != FORMAT_1 or header.extra:
            raise JournalError(
                Said(
                    "{path}: the journal is too old to hold a {format} partie",
                    path=str(self.path),
                    format=header.format,
                )
            )
        if self._schema >= 7:  # an older file (read only) keeps no language
            columns += ", lang"
            values += (header.lang,)
        with self.transaction():
            cursor = self._sql(
                f"INSERT INTO parties ({columns}) VALUES ({', '.join('?' * len(values))})",
                values,
            )
            partie_id = int(cursor.lastrowid or 0)
            try:
                self._conn.executemany(
                    "INSERT INTO actions (partie_id, seq, action, created_at) VALUES (?, ?, ?, ?)",
                    [(partie_id, seq, _dumps(a), now) for seq, a in enumerate(actions, start=1)],
                )
            except damage.SQLITE_ERRORS as error:
                raise self._problem(error) from error
            if make_current:
                self._set_current(partie_id)
        return partie_id

    def append(self, partie_id: int, seq: int, action: Action, summary: PartieSummary) -> None:
        with self.transaction():
            self._expect(partie_id, seq, 1, summary, seq)
            self._sql(
                "INSERT INTO actions (partie_id, seq, action, created_at) VALUES (?, ?, ?, ?)",
                (partie_id, seq, _dumps(action), _now()),
            )
            self._sql("DELETE FROM undone WHERE partie_id = ?", (partie_id,))
            self._summarize(partie_id, summary)

    def remove_last(self, partie_id: int, seq: int, summary: PartieSummary) -> Action:
        with self.transaction():
            self._expect(partie_id, seq, 0, summary, seq - 1)
            (text,) = self._sql(
                "SELECT action FROM actions WHERE partie_id = ? AND seq = ?", (partie_id, seq)
            ).fetchone()
            self._sql("DELETE FROM actions WHERE partie_id = ? AND seq = ?", (partie_id, seq))
            self._sql(
                "INSERT OR REPLACE INTO undone (partie_id, seq, action) VALUES (?, ?, ?)",
                (partie_id, seq, text),
            )
            self._summarize(partie_id, summary)
        return self._loads(text)

    def restore(self, partie_id: int, seq: int, summary: PartieSummary) -> Action:
        with self.transaction():
            self._expect(partie_id, seq, 1, summary, seq)
            row = self._sql(
                "SELECT action FROM undone WHERE partie_id = ? AND seq = ?", (partie_id, seq)
            ).fetchone()
            if row is None:
                raise StoreConflict(f"partie {partie_id}: no undone action {seq}")
            self._sql("DELETE FROM undone WHERE partie_id = ? AND seq = ?", (partie_id, seq))
            self._sql(
                "INSERT INTO actions (partie_id, seq, action, created_at) VALUES (?, ?, ?, ?)",
                (partie_id, seq, row[0], _now()),
            )
            self._summarize(partie_id, summary)
        return self._loads(row[0])

    def set_aside(self, partie_id: int, from_seq: int, reason: str, summary: PartieSummary) -> int:
        if self._schema < 2:
            raise JournalError(
                Said("{path}: the journal is too old to keep actions aside", path=str(self.path))
            )
        with self.transaction():
            self._known(partie_id)
            if summary.seq != from_seq - 1:
                raise StoreConflict(f"partie {partie_id}: a summary after {summary.seq} actions")
            moved = self._sql(
                "INSERT INTO aside (partie_id, seq, action, created_at, set_aside_at, reason)"
                " SELECT partie_id, seq, action, created_at, ?, ? FROM actions"
                " WHERE partie_id = ? AND seq >= ? ORDER BY seq",
                (_now(), reason, partie_id, from_seq),
            ).rowcount
            self._sql("DELETE FROM actions WHERE partie_id = ? AND seq >= ?", (partie_id, from_seq))
            if self._count(partie_id) != from_seq - 1:
                raise StoreConflict(f"partie {partie_id}: actions before {from_seq} are missing")
            self._summarize(partie_id, summary)
        return int(moved)

    def set_current(self, partie_id: int | None) -> None:
        with self.transaction():
            if partie_id is not None:
                self._known(partie_id)
            self._set_current(partie_id)

    def put_setting(self, key: str, value: str) -> None:
        with self.transaction():
            self._sql(
                "INSERT INTO settings (key, value) VALUES (?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )

    # --- drills (schema 4) ------------------------------------------------------

    def add_drill(self, row: DrillRow) -> None:
        with self.transaction():
            self._sql(
                "INSERT INTO drills (player, kind, seed, lang, right, section, answer, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    row.player,
                    row.kind,
                    row.seed,
                    row.lang,
                    int(row.right),
                    row.section,
                    row.answer,
                    row.created_at,
                ),
            )
            self._sql(
                "INSERT INTO drill_tally (player, kind, asked, right) VALUES (?, ?, 1, ?) "
                "ON CONFLICT (player, kind) DO UPDATE SET asked = asked + 1, "
                "right = right + excluded.right",
                (row.player, row.kind, int(row.right)),
            )

    def drill_counts(self, player: str) -> dict[str, tuple[int, int]]:
        if self._schema < 4:  # an older file read as it is: nobody drilled yet
            return {}
        rows = self._read(
            lambda: self._conn.execute(
                "SELECT kind, asked, right FROM drill_tally WHERE player = ?",
                (player,),
            ).fetchall()
        )
        return {str(kind): (int(asked), int(right)) for kind, asked, right in rows}

    def recent_names(self, limit: int) -> list[str]:
        def read() -> tuple[list[Any], list[Any]]:
            drilled = (
                []
                if self._schema < 4
                else self._conn.execute(
                    "SELECT player FROM drills ORDER BY id DESC LIMIT ?", (RECENT_ROWS,)
                ).fetchall()
            )
            played = self._conn.execute(
                "SELECT players FROM parties ORDER BY id DESC LIMIT ?", (RECENT_ROWS,)
            ).fetchall()
            return drilled, played

        with self.reading():
            drilled, played = self._read(read)
        names: list[str] = []
        played_names = [n for row in played for n in self._loads(row[0])]
        for name in [row[0] for row in drilled] + played_names:
            if isinstance(name, str) and name not in names:
                names.append(name)
        return names[:limit]

    def checkpoint(self) -> None:
        """The -wal's committed pages copied into the file: SQLite's PASSIVE
        checkpoint, which waits for no reader or writer, on a connection of
        its own (so it may run on another thread: the kiosk's taps never wait
        for its sync). Asked for in a still moment (the kiosk: once a new
        screen is drawn), it keeps the commits of the taps cheap: after it the
        -wal is written again from its start, over blocks it already has,
        where a -wal that grows makes every commit's sync also write the
        file's new size (a commit here: ~0.45 ms growing, ~0.2 ms over its
        own blocks); and SQLite's own checkpoint, every 1,000 pages, no longer
        falls inside a tap. Another connection's checkpoint is no change to
        this one (its `data_version` stays). Then the -wal is given room
        ahead (journal/log_room.py), so the commits until the next still
        moment write over blocks it has. Nothing for a reader, and nothing
        where the path no longer names this store's file: the connection never
        creates one (a deleted journal stays "deleted" for the next write to
        say)."""
        if self.read_only or self._immutable:
            return
        try:
            self.check_file()
        except JournalError:
            return
        with suppress(*damage.SQLITE_ERRORS):
            uri = self.path.resolve().as_uri() + "?mode=rw"
            conn = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=0)
            try:
                conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
                make_room(conn, _wal(self.path.resolve()))
            finally:
                conn.close()

    def integrity(self) -> str:
        """`PRAGMA integrity_check`: "ok" for a sound file."""
        return str(self._read(lambda: self._conn.execute("PRAGMA integrity_check").fetchone()[0]))

    def settle(self) -> None:
        """Wait for a COMMIT handed behind (`transaction(behind=True)`). One that
        failed has been rolled back: nothing of its transaction was written, and
        its error is raised here, in words (a JournalError), once."""
        if self._behind:
            self._wait_for_commit()
        error, self._unsaid = self._unsaid, None
        if error is not None:
            raise error

    def _wait_for_commit(self) -> None:
        self._behind = False
        error = self._committer.wait()
        if error is None:
            return
        if self._connection.in_transaction:
            with suppress(*damage.SQLITE_ERRORS):
                self._connection.execute("ROLLBACK")
        if not isinstance(error, damage.SQLITE_ERRORS):
            raise error
        problem = self._problem(error)
        problem.__cause__ = error
        self._unsaid = problem

    def close(self) -> None:
        """Close the file; a commit handed behind is waited for first (one that
        fails then is rolled back, with nobody left to tell)."""
        with suppress(JournalError):
            self.settle()
        self._committer.close()
        with suppress(*damage.SQLITE_ERRORS):
            self._connection.close()
