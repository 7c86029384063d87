"""What the disk says, in words: read-only files, folders and disks, a full disk.

SQLite reports these as "attempt to write a readonly database", "database or
disk is full" or a bare "disk I/O error". `problem(...)` turns any of its
errors into one of the journal's errors with a plain message naming the file;
`why_not_writable(path)` looks before anything is written, so a journal that
cannot be written is refused (or opened for reading) before SQLite creates
its -wal and -shm files beside it.

The journal's folder (and any missing folder above it) is created 0700 and a
new journal file 0600, whatever the umask: a journal holds names and games.
"""

from __future__ import annotations

import errno
import os
import sqlite3
from pathlib import Path

from journal.errors import (
    DiskFullError,
    JournalBusyError,
    JournalError,
    JournalIOError,
    NotAJournalError,
    ReadOnlyJournalError,
)
from scorer.errors import Said

FOLDER_MODE = 0o700
FILE_MODE = 0o600
NEARLY_FULL = 1 << 20  # under 1 MiB free, a failed write is taken for a full disk


def existing_ancestor(path: Path) -> Path:
    """`path` itself if it exists, else the nearest folder above it that does."""
    for candidate in (path, *path.parents):
        if candidate.exists():
            return candidate
    return Path("/")


def _mounted_read_only(path: Path) -> bool:
    try:
        return bool(os.statvfs(existing_ancestor(path)).f_flag & os.ST_RDONLY)
    except OSError:
        return False


def nearly_full(path: Path) -> bool:
    """Less than NEARLY_FULL bytes left for this user on the disk holding `path`."""
    try:
        stats = os.statvfs(existing_ancestor(path))
    except OSError:
        return False
    blocks = stats.f_bfree if os.geteuid() == 0 else stats.f_bavail
    return blocks * stats.f_frsize < NEARLY_FULL


def why_not_writable(path: Path) -> str | None:
    """None when the journal at `path` can be written (or created), else why not, in words."""
    if _mounted_read_only(path):
        return Said("the disk is read-only (mounted read-only)")
    if path.exists() and not os.access(path, os.W_OK):
        return Said("the journal file is read-only")
    folder = existing_ancestor(path.parent)
    if not os.access(folder, os.W_OK | os.X_OK):
        return Said("the folder {folder} is read-only", folder=folder)
    for suffix in ("-wal", "-shm"):
        side = Path(f"{path}{suffix}")
        if side.exists() and not os.access(side, os.W_OK):
            return Said("the file {name} beside it is read-only", name=side.name)
    return None


def read_only_error(path: Path, why: str) -> ReadOnlyJournalError:
    return ReadOnlyJournalError(
        Said.around("{path}: {problem}; nothing can be saved to this journal", why, path=path)
    )


def full_error(path: Path, writing: bool = True) -> DiskFullError:
    if not writing:
        return DiskFullError(
            Said(
                "{path}: the disk is full; the journal cannot be opened until some space is "
                "freed (free some space, then try again)",
                path=path,
            )
        )
    return DiskFullError(
        Said(
            "{path}: the disk is full; nothing was saved (free some space, then try again)",
            path=path,
        )
    )


def problem(error: sqlite3.Error | UnicodeDecodeError, path: Path, writing: bool) -> JournalError:
    """The journal's error, in words, for an SQLite error on the journal at `path`.

    A damaged file (SQLITE_CORRUPT, text that is not UTF-8) is a
    `DamagedJournalError` that says which backup to put back (`journal.damage`)."""
    from journal import damage

    if isinstance(error, UnicodeDecodeError):
        return damage.damaged(path, "text that is not UTF-8")
    if isinstance(error, damage.DamagedFile):
        return damage.damaged(path, str(error))
    name = getattr(error, "sqlite_errorname", "") or ""
    if name.startswith("SQLITE_FULL"):
        return full_error(path)
    if name.startswith("SQLITE_READONLY"):
        return read_only_error(
            path, why_not_writable(path) or Said("the journal cannot be written")
        )
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        return JournalBusyError(
            Said(
                "{path}: another program kept the journal locked; nothing was done (try again)",
                path=path,
            )
        )
    if name.startswith("SQLITE_NOTADB"):
        return NotAJournalError(
            Said(
                "{path}: not a piquet-table journal, or one too damaged to read ({error}); "
                "if it was the journal, {what_to_do}",
                path=path,
                error=str(error),
                what_to_do=damage.what_to_do(path),
            )
        )
    if name.startswith("SQLITE_CORRUPT"):
        return damage.damaged(path, str(error))
    if str(error).startswith(("no such column", "no such table")):
        # the journal's own statements name what its schema made: a name gone from the
        # schema's text is a damaged file (a flipped bit there still parses)
        return damage.damaged(path, str(error))
    # A reader writes too: the WAL's index (-shm) of a journal in WAL mode, and the WAL
    # recovered by the first connection after a crash. On a full disk either fails
    # as a bare "disk I/O error" (issue 21, item 6): called a full disk, as the kiosk does.
    if (writing or name.startswith("SQLITE_IOERR") or not name) and nearly_full(path):
        return full_error(path, writing)
    why = why_not_writable(path) if writing else None
    if why is not None:
        return read_only_error(path, why)
    return JournalIOError(
        Said("{path}: the journal could not be read or written ({error})", path=path, error=error)
    )


def os_problem(error: OSError, path: Path) -> JournalError:
    """The journal's error, in words, for a failure to create its folder or file."""
    if error.errno == errno.ENOSPC:
        return full_error(path)
    if error.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return read_only_error(path, why_not_writable(path) or Said("the folder is read-only"))
    return JournalIOError(
        Said(
            "{path}: cannot create the journal ({error})",
            path=path,
            error=error.strerror or error,
        )
    )


def make_folder(folder: Path) -> None:
    """Create `folder` and any missing folder above it, each 0700 whatever the umask."""
    missing = [p for p in (folder, *folder.parents) if not p.exists()]
    for path in reversed(missing):
        try:
            os.mkdir(path, FOLDER_MODE)
        except FileExistsError:
            continue
        os.chmod(path, FOLDER_MODE)


def make_file(path: Path) -> None:
    """Create an empty journal file 0600 (SQLite gives its -wal and -shm the same mode)."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, FILE_MODE)
    except FileExistsError:
        return
    try:
        os.fchmod(fd, FILE_MODE)
    finally:
        os.close(fd)
