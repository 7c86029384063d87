"""A damaged journal, found and said in words (issue 21, items 2 and 3).

Random bytes changed in a journal file (a failing SD card, a power cut during a
write the disk reordered) show in one of three ways:

- SQLite finds its pages or indexes inconsistent: `PRAGMA quick_check` says so,
  or a read fails with SQLITE_CORRUPT;
- text that is not UTF-8 where SQLite keeps text (the schema, a name, an
  action): every connection of the journal reads text with `strict_text`, which
  raises `UnicodeDecodeError` (one of `SQLITE_ERRORS`, so every place that turns
  SQLite's errors into the journal's turns this one too);
- a stored value that is not the JSON the journal wrote there.

Each comes out as `DamagedJournalError`, whose one line says what is wrong and
what to do: put back the newest backup with `piquet restore` (named when there is
one in `backups/` beside the journal). Nothing is written into a journal found
damaged: the command line checks before it reads or writes (`check`), the
kiosk at start on a thread and before its first write.

`PRAGMA quick_check` reads every page once (it leaves out integrity_check's
comparison of each index with its table): about 0.14 s on a journal of 10,000
parties (53 MB) on the development box, see bench/journal_check.py.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

from journal.errors import DamagedJournalError
from scorer.errors import Said

BACKUPS = "backups"
SHOWN = 80  # characters of SQLite's own words kept in the line


class DamagedFile(sqlite3.DatabaseError):
    """What the file holds cannot be what the journal wrote: it was damaged."""


# What a call into SQLite may raise: its errors, and UnicodeDecodeError when SQLite's
# own message quotes text of the file that is not UTF-8 ("malformed database schema
# (...)" with a damaged table name): Python decodes the message before raising.
SQLITE_ERRORS: tuple[type[sqlite3.Error], type[UnicodeDecodeError]] = (
    sqlite3.Error,
    UnicodeDecodeError,
)


# SQLite's text as Python text, strictly UTF-8: `bytes.decode` itself, called in C for
# every text cell read (a function of Python's here made a history page 11 % slower);
# text that is not UTF-8 raises UnicodeDecodeError, which `disk.problem` and
# `quick_check` say as a damaged journal. (SQLite's default, `str`, would raise an
# OperationalError known only by its message.)
strict_text: Callable[[bytes], str] = bytes.decode


def newest_backup(path: Path) -> Path | None:
    """The newest copy in `backups/` beside the journal (daily or before a restore)."""
    folder = Path(path).parent / BACKUPS
    try:
        copies = [
            (entry.stat().st_mtime_ns, entry)
            for entry in folder.iterdir()
            if entry.suffix == ".sqlite3" and not entry.name.startswith(".") and entry.is_file()
        ]
    except OSError:
        return None
    return max(copies)[1] if copies else None


def what_to_do(path: Path) -> str:
    """The advice of a damaged journal: the newest backup, and `piquet restore`."""
    copy = newest_backup(path)
    if copy is None:
        return Said(
            "put back a backup with `piquet restore --db {path} COPY` "
            "(none in {backups}/ beside it)",
            path=str(path),
            backups=BACKUPS,
        )
    return Said(
        "put back the newest backup with `piquet restore --db {path} {copy}`",
        path=str(path),
        copy=str(copy),
    )


def damaged(path: Path, why: str) -> DamagedJournalError:
    """The error of the damaged journal at `path`, in one line."""
    why = " ".join(str(why).split())
    why = why if len(why) <= SHOWN else why[: SHOWN - 3] + "..."
    return DamagedJournalError(
        Said(
            "{path}: the journal file is damaged ({why}); nothing was read from it or "
            "written to it: {what_to_do}",
            path=str(path),
            why=why,
            what_to_do=what_to_do(path),
        )
    )


def quick_check(conn: sqlite3.Connection, path: Path) -> None:
    """`PRAGMA quick_check` on an open connection; DamagedJournalError unless "ok".

    Other errors of SQLite (busy, a disk error) are left to the caller."""
    try:
        rows = conn.execute("PRAGMA quick_check(3)").fetchall()
    except UnicodeDecodeError as error:
        raise damaged(path, "text that is not UTF-8") from error
    except sqlite3.DatabaseError as error:
        name = getattr(error, "sqlite_errorname", "") or ""
        if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")) or not name:
            raise damaged(path, str(error)) from error
        raise
    found = [str(row[0]) for row in rows]
    if found != ["ok"]:
        raise damaged(path, "; ".join(found))
