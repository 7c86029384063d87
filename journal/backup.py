"""Consistent copies of the journal (SQLite's online backup API), their rotation, a restore.

A plain copy of `journal.sqlite3` misses the latest actions: in WAL mode they
wait in `journal.sqlite3-wal` until a checkpoint. `sqlite3.Connection.backup`
reads one snapshot through SQLite, WAL included, in one step (one read
transaction), so the copy holds every action committed before it began; the
kiosk goes on writing meanwhile (WAL readers never block the writer).

The copy is written to a hidden file beside the destination, checked
(`PRAGMA integrity_check`, a piquet-table journal), synced, and only then
renamed: the destination is the whole copy or nothing. A copy is a single
self-contained file, itself a journal that every `piquet` command opens.

Daily copies are named `journal-YYYY-MM-DD.sqlite3` (the table's local date);
`daily_backup` keeps the newest `keep` of them and never touches other files.
"""

from __future__ import annotations

import os
import re
import sqlite3
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path

from journal.errors import JournalError, NewerJournalError
from journal.schema import MIGRATIONS, stored_version
from journal.sqlite_store import peek_version

DAILY_NAME = re.compile(r"^journal-(\d{4}-\d{2}-\d{2})\.sqlite3$")
DEFAULT_KEEP = 14


class BackupError(JournalError):
    """A copy or a restore could not be made; nothing was changed."""


@dataclass(frozen=True)
class CopyFacts:
    """What a copy holds, read back from the copy itself."""

    path: Path
    parties: int
    actions: int


def daily_name(day: date) -> str:
    return f"journal-{day.isoformat()}.sqlite3"


def _existing_journal(path: Path) -> int:
    """The schema version of the journal at `path`; BackupError if there is none."""
    if not path.is_file():
        raise BackupError(f"{path}: no journal there")
    version = peek_version(path)  # NotAJournalError (a JournalError) for a foreign file
    if version is None:
        raise BackupError(f"{path}: empty file, not a journal")
    return version


def _facts(conn: sqlite3.Connection, path: Path) -> CopyFacts:
    integrity = conn.execute("PRAGMA integrity_check").fetchone()[0]
    if integrity != "ok":
        raise BackupError(f"{path}: the copy is not sound ({integrity})")
    if stored_version(conn) is None:
        raise BackupError(f"{path}: the copy is not a piquet-table journal")
    parties = conn.execute("SELECT COUNT(*) FROM parties").fetchone()[0]
    actions = conn.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
    return CopyFacts(path, int(parties), int(actions))


def _sync_file(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _sync_folder(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _connect_existing(path: Path) -> sqlite3.Connection:
    """A connection to a database that must already exist (never creates one)."""
    return sqlite3.connect(f"{path.resolve().as_uri()}?mode=rw", uri=True, timeout=30.0)


def backup_journal(source: Path, dest: Path) -> CopyFacts:
    """Copy the journal at `source` to `dest`, a new file (an existing one is refused)."""
    source, dest = Path(source), Path(dest)
    _existing_journal(source)
    if dest.exists() or dest.is_symlink():
        raise BackupError(f"{dest}: already exists; a backup never overwrites a file")
    try:
        dest.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise BackupError(f"{dest.parent}: cannot create the folder ({error.strerror})") from error
    partial = dest.with_name(f".{dest.name}.partial-{os.getpid()}")
    partial.unlink(missing_ok=True)
    try:
        try:
            src = _connect_existing(source)
            try:
                copy = sqlite3.connect(partial)
                try:
                    src.backup(copy)  # pages=-1: one step, one consistent snapshot
                    facts = _facts(copy, dest)
                finally:
                    copy.close()
            finally:
                src.close()
        except sqlite3.Error as error:
            raise BackupError(f"{source}: cannot copy the journal ({error})") from error
        _sync_file(partial)
        os.replace(partial, dest)
        _sync_folder(dest.parent)
    except OSError as error:
        raise BackupError(f"{dest}: cannot write the copy ({error.strerror})") from error
    finally:
        partial.unlink(missing_ok=True)
    return facts


def prune(folder: Path, keep: int) -> list[Path]:
    """Remove all but the newest `keep` daily copies in `folder`; returns those removed."""
    if keep < 1:
        raise BackupError(f"keep must be at least 1, not {keep}")
    dailies = sorted(
        (p for p in Path(folder).iterdir() if DAILY_NAME.match(p.name) and p.is_file()),
        key=lambda p: p.name,
        reverse=True,
    )
    removed = dailies[keep:]
    for path in removed:
        path.unlink()
    return removed


def daily_backup(
    source: Path, folder: Path, keep: int = DEFAULT_KEEP, today: date | None = None
) -> tuple[CopyFacts, list[Path]]:
    """Today's copy in `folder` (replacing an earlier one of the same day), then `prune`."""
    if keep < 1:
        raise BackupError(f"keep must be at least 1, not {keep}")
    folder = Path(folder)
    dest = folder / daily_name(today or date.today())
    fresh = folder / f".{dest.name}.new"
    fresh.unlink(missing_ok=True)
    facts = backup_journal(source, fresh)
    try:
        os.replace(fresh, dest)  # the day's earlier copy stays until this one is whole
        _sync_folder(folder)
    except OSError as error:
        fresh.unlink(missing_ok=True)
        raise BackupError(f"{dest}: cannot write the copy ({error.strerror})") from error
    return CopyFacts(dest, facts.parties, facts.actions), prune(folder, keep)


def _move_aside(journal: Path, saved: Path) -> None:
    try:
        saved.parent.mkdir(parents=True, exist_ok=True)
        for suffix in ("", "-wal"):
            if Path(f"{journal}{suffix}").exists():
                os.replace(f"{journal}{suffix}", f"{saved}{suffix}")
        Path(f"{journal}-shm").unlink(missing_ok=True)
    except OSError as error:
        raise BackupError(f"{journal}: cannot move the damaged journal aside ({error})") from error


def restore_journal(copy: Path, journal: Path, save_folder: Path) -> tuple[CopyFacts, Path | None]:
    """Make `journal` hold what `copy` holds; the journal as it was is saved first.

    The saved journal goes to `save_folder` as `before-restore-<time>.sqlite3`
    (never pruned). The copy is written into the journal through SQLite, so a
    WAL left by a crash is dealt with. Stop the kiosk first.
    Returns what the journal now holds and where the old one was saved.
    """
    copy, journal = Path(copy), Path(journal)
    version = _existing_journal(copy)
    if version > len(MIGRATIONS):
        raise NewerJournalError(
            f"{copy}: written by a newer version of piquet-table (schema version {version}; "
            f"this program knows up to {len(MIGRATIONS)}); nothing was restored"
        )
    try:
        src = _connect_existing(copy)
        try:
            _facts(src, copy)
        finally:
            src.close()
    except sqlite3.Error as error:
        raise BackupError(f"{copy}: cannot read the copy ({error})") from error
    saved = None
    if journal.exists():
        stamp = datetime.now().strftime("%Y-%m-%d-%H%M%S")
        saved = Path(save_folder) / f"before-restore-{stamp}.sqlite3"
        try:
            backup_journal(journal, saved)
        except JournalError:  # a damaged journal cannot be read: keep its files as they are
            _move_aside(journal, saved)
    try:
        journal.parent.mkdir(parents=True, exist_ok=True)
        src = _connect_existing(copy)
        try:
            target = sqlite3.connect(journal, timeout=30.0)
            try:
                src.backup(target)
                facts = _facts(target, journal)
            finally:
                target.close()
        finally:
            src.close()
    except (sqlite3.Error, OSError) as error:
        raise BackupError(f"{journal}: cannot restore the copy ({error})") from error
    return facts, saved
