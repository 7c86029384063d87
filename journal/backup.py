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

Every copy is made 0600 and every folder made to hold copies 0700, whatever the
umask, as the journal and its folder are (`journal.disk`): they hold the same
names and games. A folder that is already there keeps its mode (it may be a
USB stick's, or one the user chose), except `backups/` beside the journal,
which is the program's own and is made private again if it was not.

A restore never destroys the only copy of anything: the journal as it was is
saved first, under a name that no other restore takes (the time, then `-2`,
`-3`... if that name is already there, claimed with O_EXCL), and a restore
whose copy is the journal itself (the same file by another path, a symlink or
a hard link: the same device and inode) is refused before anything is done.
If writing the copy into the journal fails after the journal was moved aside,
it is moved back.
"""

from __future__ import annotations

import contextlib
import os
import re
import sqlite3
import stat
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path

from journal import damage, disk
from journal.errors import DamagedJournalError, JournalError, NewerJournalError, NotAJournalError
from journal.schema import MIGRATIONS, stored_version
from journal.sqlite_store import peek_version
from scorer.errors import Said

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
        raise BackupError(Said("{path}: no journal there", path=str(path)))
    version = peek_version(path)  # NotAJournalError (a JournalError) for a foreign file
    if version is None:
        raise BackupError(Said("{path}: empty file, not a journal", path=str(path)))
    return version


def _facts(conn: sqlite3.Connection, path: Path, source: Path | None = None) -> CopyFacts:
    """What the copy at `path` holds; a copy that is not sound is refused (its
    `source`, the journal copied, is then the damaged one)."""
    integrity = conn.execute("PRAGMA integrity_check").fetchone()[0]
    if integrity != "ok":
        if source is not None:
            raise damage.damaged(source, integrity)
        raise BackupError(
            Said("{path}: the copy is not sound ({why})", path=str(path), why=integrity)
        )
    if stored_version(conn) is None:
        raise BackupError(Said("{path}: the copy is not a piquet-table journal", path=str(path)))
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
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=rw", uri=True, timeout=30.0)
    conn.text_factory = damage.strict_text
    return conn


def backup_journal(source: Path, dest: Path) -> CopyFacts:
    """Copy the journal at `source` to `dest`, a new file (an existing one is refused)."""
    source, dest = Path(source), Path(dest)
    _existing_journal(source)
    if dest.exists() or dest.is_symlink():
        raise BackupError(
            Said("{path}: already exists; a backup never overwrites a file", path=str(dest))
        )
    make_copies_folder(dest.parent)
    partial = dest.with_name(f".{dest.name}.partial-{os.getpid()}")
    partial.unlink(missing_ok=True)
    try:
        try:
            disk.make_file(partial)  # 0600 before SQLite writes a byte into it
            src = _connect_existing(source)
            try:
                copy = sqlite3.connect(partial)
                copy.text_factory = damage.strict_text
                try:
                    src.backup(copy)  # pages=-1: one step, one consistent snapshot
                    facts = _facts(copy, dest, source)
                finally:
                    copy.close()
            finally:
                src.close()
        except damage.SQLITE_ERRORS as error:
            found = disk.problem(error, source, writing=False)
            if isinstance(found, DamagedJournalError | NotAJournalError):
                raise found from error
            raise BackupError(
                Said(
                    "{path}: cannot copy the journal ({error})",
                    path=str(source),
                    error=str(error),
                )
            ) from error
        _sync_file(partial)
        os.replace(partial, dest)
        _sync_folder(dest.parent)
    except OSError as error:
        raise BackupError(
            Said("{path}: cannot write the copy ({error})", path=str(dest), error=error.strerror)
        ) from error
    finally:
        partial.unlink(missing_ok=True)
    return facts


def make_copies_folder(folder: Path) -> None:
    """`folder`, made 0700 (with any missing folder above it) if it is not there."""
    try:
        disk.make_folder(Path(folder))
    except OSError as error:
        raise BackupError(
            Said(
                "{path}: cannot create the folder ({error})",
                path=str(folder),
                error=error.strerror,
            )
        ) from error


def keep_private(folder: Path) -> None:
    """The program's own `backups/` folder, 0700 again if an older version made it 0755."""
    try:
        st = folder.stat()
        if stat.S_ISDIR(st.st_mode) and st.st_uid == os.geteuid() and st.st_mode & 0o077:
            os.chmod(folder, disk.FOLDER_MODE)
    except OSError:
        return  # not ours to change, or not there yet: it is made 0700 when it is made


def claim_name(folder: Path, stem: str) -> Path:
    """A new empty file (0600) `folder/stem.sqlite3`, else `stem-2.sqlite3`, `stem-3`...:
    the first name nobody holds, claimed with O_EXCL, so that no two callers (two
    restores in one second, two processes) ever get the same one."""
    make_copies_folder(folder)
    for number in range(1, 10_000):
        path = Path(folder) / (f"{stem}.sqlite3" if number == 1 else f"{stem}-{number}.sqlite3")
        if Path(f"{path}-wal").exists() or Path(f"{path}-wal").is_symlink():
            continue
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, disk.FILE_MODE)
        except FileExistsError:
            continue
        except OSError as error:
            raise BackupError(
                Said(
                    "{path}: cannot create the copy ({error})",
                    path=str(path),
                    error=error.strerror,
                )
            ) from error
        try:
            os.fchmod(fd, disk.FILE_MODE)
        finally:
            os.close(fd)
        return path
    raise BackupError(
        Said("{path}: no free name for another {stem} copy", path=str(folder), stem=stem)
    )


def prune(folder: Path, keep: int) -> list[Path]:
    """Remove all but the newest `keep` daily copies in `folder`; returns those removed."""
    if keep < 1:
        raise BackupError(Said("keep must be at least 1, not {keep}", keep=keep))
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
        raise BackupError(Said("keep must be at least 1, not {keep}", keep=keep))
    folder = Path(folder)
    if folder == Path(source).parent / "backups":
        keep_private(folder)
    dest = folder / daily_name(today or date.today())
    fresh = folder / f".{dest.name}.new"
    fresh.unlink(missing_ok=True)
    facts = backup_journal(source, fresh)
    try:
        os.replace(fresh, dest)  # the day's earlier copy stays until this one is whole
        _sync_folder(folder)
    except OSError as error:
        fresh.unlink(missing_ok=True)
        raise BackupError(
            Said("{path}: cannot write the copy ({error})", path=str(dest), error=error.strerror)
        ) from error
    return CopyFacts(dest, facts.parties, facts.actions), prune(folder, keep)


def _move_aside(journal: Path, saved: Path) -> None:
    """The journal's files to `saved` (a name claimed for it): the WAL first, so a
    failure half way leaves the journal whole where it was."""
    try:
        if Path(f"{journal}-wal").exists():
            os.replace(f"{journal}-wal", f"{saved}-wal")
        os.replace(journal, saved)
        Path(f"{journal}-shm").unlink(missing_ok=True)
    except OSError as error:
        _move_back(saved, journal)
        raise BackupError(
            Said(
                "{path}: cannot move the damaged journal aside ({error}); nothing was restored",
                path=str(journal),
                error=error.strerror,
            )
        ) from error


def _move_back(saved: Path, journal: Path) -> None:
    """Undo `_move_aside` as far as it went (nothing is overwritten at the journal's path)."""
    for suffix in ("", "-wal"):
        there, here = Path(f"{saved}{suffix}"), Path(f"{journal}{suffix}")
        if there.exists() and not here.exists() and (suffix or there.stat().st_size):
            with contextlib.suppress(OSError):
                os.replace(there, here)


def _why(error: Exception) -> str:
    """The reason in a journal's error ("PATH: why (detail); advice" -> "why (detail)")."""
    text = str(error).split(": ", 1)[-1]
    return text.split("; ")[0]


def _same_file(one: Path, other: Path) -> bool:
    """`one` and `other` are the same file (same device and inode: a symlink, a hard
    link or another spelling of the path)."""
    try:
        a, b = os.stat(one), os.stat(other)
    except OSError:
        return False
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def restore_journal(copy: Path, journal: Path, save_folder: Path) -> tuple[CopyFacts, Path | None]:
    """Make `journal` hold what `copy` holds; the journal as it was is saved first.

    The saved journal goes to `save_folder` as `before-restore-<time>.sqlite3`
    (never pruned). The copy is written into the journal through SQLite, so a
    WAL left by a crash is dealt with. Stop the kiosk first.
    Returns what the journal now holds and where the old one was saved.
    """
    copy, journal = Path(copy), Path(journal)
    if _same_file(copy, journal):
        raise BackupError(
            Said(
                "{path}: is the journal itself; nothing was restored "
                "(give a copy made by `piquet backup`, e.g. one in backups/)",
                path=str(copy),
            )
        )
    try:
        version = _existing_journal(copy)
    except (DamagedJournalError, NotAJournalError) as error:
        raise BackupError(
            Said(
                "{path}: not a sound journal, so not a copy to restore ({why}); "
                "nothing was restored (choose another copy)",
                path=str(copy),
                why=_why(error),
            )
        ) from error
    if version > len(MIGRATIONS):
        raise NewerJournalError(
            Said(
                "{path}: written by a newer version of piquet-table (schema version {version}; "
                "this program knows up to {known}); nothing was restored",
                path=str(copy),
                version=version,
                known=len(MIGRATIONS),
            )
        )
    try:
        src = _connect_existing(copy)
        try:
            _facts(src, copy)
        finally:
            src.close()
    except damage.SQLITE_ERRORS as error:
        raise BackupError(
            Said("{path}: cannot read the copy ({error})", path=str(copy), error=str(error))
        ) from error
    saved = moved = None
    if Path(save_folder) == journal.parent / "backups":
        keep_private(Path(save_folder))
    if journal.exists():
        stamp = datetime.now().strftime("%Y-%m-%d-%H%M%S")
        saved = claim_name(Path(save_folder), f"before-restore-{stamp}")
        fresh = saved.with_name(f".{saved.name}.new")
        fresh.unlink(missing_ok=True)
        try:
            backup_journal(journal, fresh)
            os.replace(fresh, saved)  # onto the empty file claimed for it
        except (JournalError, OSError):  # a damaged journal: keep its files as they are
            fresh.unlink(missing_ok=True)
            _move_aside(journal, saved)
            moved = saved
    try:
        disk.make_folder(journal.parent)
        disk.make_file(journal)  # 0600 (a journal moved aside leaves none)
        src = _connect_existing(copy)
        try:
            target = sqlite3.connect(journal, timeout=30.0)
            target.text_factory = damage.strict_text
            try:
                src.backup(target)
                facts = _facts(target, journal)
            finally:
                target.close()
        finally:
            src.close()
    except (*damage.SQLITE_ERRORS, OSError, JournalError) as error:
        if moved is not None:  # the journal found goes back where it was
            for suffix in ("", "-wal", "-shm"):
                Path(f"{journal}{suffix}").unlink(missing_ok=True)
            _move_back(moved, journal)
        raise BackupError(
            Said("{path}: cannot restore the copy ({error})", path=str(journal), error=str(error))
        ) from error
    return facts, saved
