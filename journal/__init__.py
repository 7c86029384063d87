"""The journal: every action at the table durable, undoable and resumable.

`Journal.open(path)` is the entry point (None: the default file in the user's
data directory; ":memory:": nothing on disk). See `journal.journal`.
"""

from journal.errors import (
    JournalError,
    NewerJournalError,
    NoPartieError,
    NotAJournalError,
    StoreConflict,
)
from journal.journal import Journal
from journal.location import default_journal_path

__all__ = [
    "Journal",
    "JournalError",
    "NewerJournalError",
    "NoPartieError",
    "NotAJournalError",
    "StoreConflict",
    "default_journal_path",
]
