"""Errors of the journal.

`JournalError` is the root; every message is one plain line that names the file
and says what is wrong in words. A missing partie and a stale view are also
`ActionError`s (the action is refused and nothing is written), so the kiosk can
catch either.

What the disk or the file refuses has its own class, so a caller can say it on
screen: `ReadOnlyJournalError` (the file, its folder or the disk is read-only,
or the journal was opened for reading), `DiskFullError`, `JournalGoneError`
(the file was deleted or replaced while open), `JournalBusyError`,
`JournalIOError` (any other input/output failure), `NoJournalError` (a missing
or empty file where a journal is needed), `DamagedJournalError` (the file's
bytes were damaged: `journal.damage`).
"""

from __future__ import annotations

from scorer.errors import ActionError


class JournalError(Exception):
    """The journal cannot do what was asked."""


class NewerJournalError(JournalError):
    """The journal file was written by a newer version of the program; it is left untouched."""


class NotAJournalError(JournalError):
    """The file exists but is not a piquet-table journal."""


class NoJournalError(JournalError):
    """There is no journal at that path (no file, or an empty one), and none may be created."""


class NoPartieError(JournalError, ActionError):
    """There is no current partie, or no partie with that id."""


class StoreConflict(JournalError):
    """The stored actions are not where the caller expected (another writer, or a gap)."""


class JournalChangedError(JournalError, ActionError):
    """Another writer changed the partie (or which partie is current) since this view was read.

    Nothing was written; the view has been read again, so the caller can show it
    and let the user decide again.
    """


class JournalGoneError(JournalError):
    """The journal file was deleted or replaced while it was open; nothing more is saved."""


class ReadOnlyJournalError(JournalError):
    """The journal cannot be written: a read-only file, folder or disk, or opened for reading."""


class DiskFullError(JournalError):
    """The disk is full: the change was not saved."""


class JournalBusyError(JournalError):
    """Another program held the journal locked for too long; nothing was done."""


class JournalIOError(JournalError):
    """The disk could not be read or written (an input/output error)."""


class DamagedJournalError(JournalError):
    """The journal file is damaged (PRAGMA quick_check, text that is not UTF-8, a stored
    value that cannot be read): nothing is read from it or written to it; its message
    says which backup to put back with `piquet restore`."""
