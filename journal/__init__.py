"""The journal: every action at the table durable, undoable and resumable.

`Journal.open(path)` is the entry point (None: the default file in the user's
data directory; ":memory:": nothing on disk). See `journal.journal`.
"""

from journal.errors import (
    DiskFullError,
    JournalBusyError,
    JournalChangedError,
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
from journal.journal import Journal
from journal.location import Location, default_journal_path, default_location

__all__ = [
    "DiskFullError",
    "Journal",
    "JournalBusyError",
    "JournalChangedError",
    "JournalError",
    "JournalGoneError",
    "JournalIOError",
    "Location",
    "NewerJournalError",
    "NoJournalError",
    "NoPartieError",
    "NotAJournalError",
    "ReadOnlyJournalError",
    "StoreConflict",
    "default_journal_path",
    "default_location",
]
