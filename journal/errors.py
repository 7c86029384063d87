"""Errors of the journal.

`JournalError` is the root. A missing partie is also an `ActionError` (acting
with no partie in play is a refused action), so the kiosk can catch either.
"""

from __future__ import annotations

from scorer.errors import ActionError


class JournalError(Exception):
    """The journal cannot do what was asked."""


class NewerJournalError(JournalError):
    """The journal file was written by a newer version of the program; it is left untouched."""


class NotAJournalError(JournalError):
    """The file exists but is not a piquet-table journal."""


class NoPartieError(JournalError, ActionError):
    """There is no current partie, or no partie with that id."""


class StoreConflict(JournalError):
    """The stored actions are not where the caller expected (another writer, or a gap)."""
