"""The journal: every action at the table durable, undoable and resumable.

`Journal.open(path)` is the entry point (None: the default file in the user's
data directory; ":memory:": nothing on disk). See `journal.journal`.

For the kiosk (and anything that holds a Journal open for long):

- `Journal.open(path, *, create=True, read_only=False, fall_back_to_reading=False)`.
  `create=False` refuses a missing or empty file (`NoJournalError`) and leaves it
  as it was. `read_only=True` creates, migrates and writes nothing, so a read-only
  file, folder or disk reads fine. `fall_back_to_reading=True` opens a journal that
  cannot be written for reading instead of raising `ReadOnlyJournalError`; then
  `journal.read_only` is True and `journal.read_only_reason` says why, in words,
  for a banner. Writing to a read-only journal raises `ReadOnlyJournalError`.
- `act(action)`, `undo()`, `redo()` decide on the partie read inside the write
  transaction. A view older than the file (another writer acted, undid or started
  a partie) raises `JournalChangedError`, an `ActionError`: nothing was written and
  the view has been read again, so show it and let the table tap again.
  `recheck=True` decides against the stored partie instead (the command line).
- `refresh() -> bool`: cheap (SQLite's `data_version`); True when another writer
  changed the journal, and the current partie (and which one is current) has been
  read again. Call it on a timer and before each tap. It raises `JournalGoneError`
  when the file was deleted or replaced.
- `new_partie(..., lang=None)` and `new_multi_partie(..., lang=None)` keep the
  language the partie is played in (the table's, "en" or "fr"); `played_in(partie=None)`
  gives it back, None when not known (schema 7; never part of the record). The
  sheet of a partie prints in it (`piquet print --db`).
- `warnings(partie=None) -> list[str]`: what is wrong with a partie, in words
  (today: actions the rules engine refused, kept aside); also in each
  `history()` entry as "warnings". Show them in a banner.
- Errors, all `JournalError`s with one plain line naming the file:
  `DiskFullError` ("the disk is full; nothing was saved"), `ReadOnlyJournalError`
  ("the journal file is read-only", "the folder F is read-only", "the disk is
  read-only", "open for reading only"), `JournalGoneError` ("deleted" or
  "replaced by another file while it was open": nothing more is saved; open
  again), `JournalBusyError`, `JournalIOError`, `NoJournalError`,
  `NotAJournalError`, `NewerJournalError`; `NoPartieError` and
  `JournalChangedError` are also `ActionError`s.
- `default_location()` gives the default file and, when `$HOME` does not exist, a
  `note` saying where the journal went instead (show it).

Games for three to seven players (issue 14; `piquet-record/2`, docs/record-2.md):

- `new_multi_partie(form, players, first_dealer=None, *, game=None, variants=None,
  settings=None) -> int` starts one and makes it current: `form` "normand",
  "voleur", "ecrire" or "chouette"; `players` in seating order going to the left
  (seat A first); `first_dealer` a name (None in chouette); `game` the two-handed
  partie of voleur and chouette; `variants` (ecrire, chouette); `settings` the
  form's choices. ActionError, in words, for what the engine refuses.
- `act`, `undo`, `redo`, `record`, `score`, `actions`, `history`, `import_record`
  and `warnings` work on such a partie as on a two-player one, with the actions
  of `scorer.multi.actions` (they name seats: `{"trick": "B"}`). `record()`'s
  "format" says which vocabulary a partie speaks; `score()` is then
  `piquet-score/2`. `act` returns `{"partie", "deal", "totals", "finished",
  "form"}`; in chouette also `"parties"` and the partie in play's
  `"partie_totals"` ("totals" is the card's net there, and "deal" the deal in
  the partie in play). A history entry of such a partie has
  `"format": "piquet-record/2"` and its form as "game".
- `scorer.multi.seating(...)` says who deals, leads and plays a deal (the trick
  buttons); `scorer.multi.actions.playing_seats(record)` the seats of the deal in
  play; `scorer.multi.chouette.next_partie(score)` who may sit where next.

The record of a club (issue 13; schema 5):

- `history_page(before=None, limit=20) -> list[dict]`: at most `limit` parties with
  an id under `before`, newest first, as `history()` gives them (the next page:
  `before=` the last one's id); `history_entry(partie)`: one. They read those rows
  only, whatever the history's length (`history()` reads every partie).
  `history(details=True)` adds each header's "first_dealer" and "variants".
- `club` (`journal.club.Club`): the figures kept for every partie and their sums per
  player and pair, rewritten in the transaction of every change: `names(limit)` (the
  player list), `players(limit, after, counted_only)`, `figures(name) ->
  PlayerFigures`, `opponents(name, limit, after)`, `pair(a, b) -> PairFigures`,
  `sitting_of(partie) -> Sitting | None`, `sittings(a, b, before, count)`,
  `deals_counted(partie)`, `left()` (parties of an older journal still to count);
  `count_figures(budget_s)` counts more of them (the kiosk calls it when idle).
- `correct(partie, deal, now, *, was=None) -> dict`: Law 70, a deal of a finished
  partie (any partie; None: the current one) put right by agreement: the
  `{"correct": ...}` action (`scorer.correction`), checked in the write transaction;
  `was` is what the screen showed (a stale view is refused). `undo(partie=ID)` and
  `redo(partie=ID)` take back or restore a correction of a partie that is not the
  current one (only a correction there). ActionError, in words, for a refusal.

What changed for users (issue 9): `piquet export` and `piquet history` open the
journal read-only; every failure says what is wrong in words (a full disk, a
read-only file, folder or disk, a journal deleted or replaced while open, no
journal at the path); only `new`, `import` and the kiosk's first start create a
journal (its folder 0700, the file 0600); actions the rules engine refuses are
kept aside in the journal's `aside` table, never deleted, the partie being what
comes before them, and `history` marks such a partie "!" while `export` prints
the valid part and a warning on standard error.
"""

from journal.errors import (
    DamagedJournalError,
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
    "DamagedJournalError",
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
