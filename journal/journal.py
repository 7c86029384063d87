"""The journal: every action durable, undoable and resumable.

`Journal` sits between the table (kiosk, buttons, command line) and a store.

Checking and writing are one transaction. `act`, `undo`, `redo`, `set_current`,
`new_partie` and `import_record` take the store's write lock first; inside it
they read which partie is current and the partie's revision, and only then
decide. A view older than the file (another writer acted, undid, or started a
partie since this Journal last read it) is refused with `JournalChangedError`
(an `ActionError`: nothing written) and read again, so the caller can show
what is now there. `recheck=True` instead decides against the state read
inside the transaction: for callers that showed nothing, like the command
line. Once a method returns, its change is committed; a refused action raises
`ActionError` and writes nothing. Undo removes the last action and replays
the rest from the start of the partie: there is no reverse arithmetic.

A journal always opens. A partie is its actions up to the first one the
engine refuses (or a gap); the refused ones are moved to the `aside` table the
next time the journal may write (never deleted), and `warnings(partie)` and
the history say so (see `journal.fold`).

Only the current partie's record, score and actions stay in memory; other
parties are folded when asked for and not kept, so memory does not grow with
the number of actions played. Opening folds the current partie alone; the
history reads the summaries cached in the store. The first writable opening
of a journal written before the revisions existed starts checking every partie
once, newest first, a fraction of a second at each writable opening.

`refresh()` is cheap (SQLite's `data_version`): it says whether another
writer changed the file and reloads the current partie if so.

Every change to a partie also rewrites its figures in the same transaction
(`journal.figures`; schema 5), which `club` reads: statistics, the player list
and sittings cost a few rows, never the history. `history_page` reads the
history a page at a time. `correct` puts right a deal of a finished partie
(Law 70; `scorer.correction`), the one action allowed after the end, and
`undo(partie=ID)` / `redo(partie=ID)` take back a correction of a partie that
is not the current one.
"""

from __future__ import annotations

import copy
import json
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from journal.club import FIGURES_LEFT_KEY, Club
from journal.errors import (
    JournalChangedError,
    JournalError,
    NoPartieError,
    ReadOnlyJournalError,
)
from journal.figures import lines_of
from journal.fold import Refusal, fold, whole
from journal.forms import FORMAT_2, parser, vocabulary
from journal.location import default_journal_path
from journal.memory_store import MemoryStore
from journal.sqlite_store import SqliteStore
from journal.store import (
    Action,
    AsideSummary,
    DrillRow,
    PartieHeader,
    PartieSummary,
    PlayerLine,
    Store,
)
from scorer import correction
from scorer.actions import copy_json, new_record, score_or_refuse
from scorer.errors import ActionError, RecordError, Said
from scorer.frozen import frozen, replace
from scorer.multi.traits import record_traits

MEMORY = ":memory:"
NAME_MAX = 40  # spec: a player's name is at most 40 characters
CHECKED_KEY = "parties_checked"
# Bump when the engine refuses something it used to accept: every journal is
# then checked once more, partie by partie, at its next writable opening.
CHECK_VERSION = "1"
CHECK_BUDGET_S = 0.3  # at most about this long checking old parties at each writable opening
COUNT_BUDGET_S = 0.3  # at most about this long counting old parties' figures at each opening

CHANGED = (
    "the journal changed meanwhile (another program wrote to it); nothing was done: "
    "look again, then repeat if it still applies"
)
NO_CURRENT = Said("no current partie: start one with `piquet new`")


@frozen
class PartieState:
    """A partie folded: its record, score and actions after `seq` actions, at `revision`.

    `kept_aside` names the stored actions after these that the engine refuses and
    that are still among the partie's actions in the store (not yet moved aside).
    """

    partie: int
    seq: int
    record: dict[str, Any]
    score: dict[str, Any]
    revision: int = 0
    start: dict[str, Any] | None = None
    actions: tuple[Action, ...] = ()
    kept_aside: Refusal | None = None

    def summary(self) -> PartieSummary:
        return PartieSummary(
            seq=self.seq,
            deal=vocabulary(self.record).deal_in_play(self.record),
            totals=dict(self.score["totals"]),
            finished=bool(self.score["finished"]),
            result=copy.deepcopy(self.score["result"]),
        )

    def outcome(self) -> dict[str, Any]:
        """What `act`, `undo` and `redo` return (a partie of three players or more
        adds its `form`, and a chouette sitting its number of `parties`)."""
        return outcome_of(self.partie, self.record, self.score)


def outcome_of(partie: int, record: dict[str, Any], score: dict[str, Any]) -> dict[str, Any]:
    """`{"partie", "deal", "totals", "finished"}` for a partie's record and score."""
    out: dict[str, Any] = {
        "partie": partie,
        "deal": vocabulary(record).deal_in_play(record),
        "totals": dict(score["totals"]),
        "finished": bool(score["finished"]),
    }
    if record.get("format") == FORMAT_2:
        out["form"] = record.get("form")
        kind = record_traits(record)
        if kind is not None and kind.parties:  # totals: the card's net; and the partie in play
            parties = score.get("parties") or []
            out["parties"] = len(parties)
            if parties:
                out["partie_totals"] = dict(parties[-1]["score"]["totals"])
    return out


# an action worked out ahead of `act` (Journal.prepare): the record, score and
# club figures after it
Prepared = tuple[dict[str, Any], dict[str, Any], list[PlayerLine]]
# what the journal read before an action whose commit is still under way (`settle`):
# its state, the data version it had seen, its notes and its count of actions set aside
Unsettled = tuple[PartieState, int, dict[int, str], int]


def _action_key(action: Action) -> str:
    return json.dumps(action, sort_keys=True)


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _header_record(header: PartieHeader) -> dict[str, Any]:
    if header.format == FORMAT_2:
        from scorer.multi.actions import new_record as new_record2

        extra = header.extra
        return new_record2(
            str(extra.get("form", header.game)),
            header.players,
            header.first_dealer or None,
            game=extra.get("game"),
            variants=header.variants,
            settings=extra.get("settings"),
        )
    return new_record(header.players, header.first_dealer, header.game, header.variants)


def header_of_record2(record: dict[str, Any], created_at: str, origin: str) -> PartieHeader:
    """The stored header of a `piquet-record/2` record (its deals or parties left out)."""
    form = record.get("form")
    extra: dict[str, Any] = {"form": form, "settings": dict(record.get("settings") or {})}
    if "game" in record:
        extra["game"] = record["game"]
    dealer = record.get("first_dealer")
    return PartieHeader(
        list(record.get("players") or []),
        dealer if isinstance(dealer, str) else "",
        str(form),
        dict(record.get("variants") or {}),
        created_at,
        origin,
        format=FORMAT_2,
        extra=extra,
    )


def aside_words(partie: int, count: int, first_seq: int, reason: str) -> str:
    """The warning for a partie with actions kept aside."""
    return Said.counted(
        "partie {partie}: {count} action kept aside, refused by the rules engine from action "
        "{first} on ({reason}); the partie is what comes before",
        "partie {partie}: {count} actions kept aside, refused by the rules engine from action "
        "{first} on ({reason}); the partie is what comes before",
        "count",
        partie=partie,
        count=count,
        first=first_seq,
        reason=reason,
    )


class Journal:
    """Parties and their actions, kept in a store; one partie is current."""

    def __init__(self, store: Store, *, read_only_reason: str | None = None) -> None:
        self._storage = store  # (read through `_store`, which settles a commit first)
        self._unsettled: Unsettled | None = None  # see `settle`
        self._unsaid: JournalError | None = None  # a commit's failure, for `settle`
        self._state: PartieState | None = None
        self._last_other: tuple[PartieState, int] | None = None  # see _looked_at
        self._notes: dict[int, str] = {}  # refusals found by folding, not yet kept aside
        self._moved: list[int] = []  # parties whose refused actions this transaction moves
        self._seen = 0
        # what `prepare` worked out: the state it started from, and per action
        # (its JSON) the record, score and club figures after it
        self._prepared: tuple[PartieState | None, dict[str, Prepared]] = (None, {})
        self._redo_known: tuple[PartieState, int, bool] | None = None  # see can_redo
        self._supposing = False  # inside `supposing`: the partie read is not the stored one
        self._asides = 0  # actions this journal set aside (see _aside)
        self._aside_known: tuple[tuple[int, int], dict[int, AsideSummary]] | None = None
        self._read_only_reason = read_only_reason if store.read_only else None
        if store.read_only and self._read_only_reason is None:
            where = getattr(store, "path", "the journal")
            self._read_only_reason = f"{where}: the journal is open for reading only"
        if not store.read_only:
            self._check_parties()
            self.count_figures(COUNT_BUDGET_S)
        self._load_current()

    @classmethod
    def open(
        cls,
        path: str | os.PathLike[str] | None = None,
        *,
        create: bool = True,
        read_only: bool = False,
        fall_back_to_reading: bool = False,
        check: bool = False,
    ) -> Journal:
        """The journal at `path`: None for the default file, ":memory:" for memory only.

        - `create`: a missing or empty file may become a new journal (else NoJournalError).
        - `read_only`: open for reading only; nothing is created, migrated or written, so
          a read-only file, folder or disk reads fine. Writing raises ReadOnlyJournalError.
        - `fall_back_to_reading`: when the journal cannot be written (read-only file,
          folder or disk), open it for reading instead of raising ReadOnlyJournalError;
          `read_only` is then True and `read_only_reason` says why, in words.
        - `check`: run `PRAGMA quick_check` on the file first, before anything is read or
          written, and raise DamagedJournalError (its words name the newest backup) for a
          damaged one. The command line checks every journal it opens; the kiosk checks on
          a thread instead (`journal.sqlite_store.quick_check_file`), so that its first
          frame does not wait (about 0.14 s for 10,000 parties: journal.damage).
        """
        if path is not None and os.fspath(path) == MEMORY:
            return cls(MemoryStore())
        target = default_journal_path() if path is None else Path(path)
        reason = None
        if read_only:
            store = SqliteStore.open(target, read_only=True, check=check)
        else:
            try:
                store = SqliteStore.open(target, create=create, check=check)
            except ReadOnlyJournalError as error:
                if not fall_back_to_reading:
                    raise
                store = SqliteStore.open(target, read_only=True, check=check)
                reason = str(error)
        try:
            return cls(store, read_only_reason=reason)
        except BaseException:
            store.close()
            raise

    # --- what the journal is ------------------------------------------------

    @property
    def read_only(self) -> bool:
        """True when nothing can be written through this Journal."""
        return bool(self._storage.read_only)  # (fixed at opening: no commit waited for)

    @property
    def read_only_reason(self) -> str | None:
        """Why the journal is read-only, in words (None when it can be written)."""
        return self._read_only_reason

    @property
    def path(self) -> Path | None:
        """The journal file (None in memory)."""
        return getattr(self._storage, "path", None)

    # --- transactions and folding -------------------------------------------

    @property
    def _store(self) -> Store:
        """The store, once the commit of an action made `behind` is done (`settle`)."""
        if self._unsettled is not None:
            self._wait_for_commit()
        return self._storage

    def settle(self) -> None:
        """Wait for the commit of the last action made with `act(..., behind=True)`.
        One that failed was rolled back: the journal reads again as it did before
        that action, and its error (a JournalError, in words) is raised here, once.

        Anything else that uses the journal's store waits for the commit first,
        and reads the journal as it then is, but leaves the error to this."""
        self._wait_for_commit()
        error, self._unsaid = self._unsaid, None
        if error is not None:
            raise error

    def _wait_for_commit(self) -> None:
        before, self._unsettled = self._unsettled, None
        if before is None:
            return
        try:
            self._storage.settle()
        except BaseException as error:
            self._state, self._seen, self._notes, self._asides = before
            self._prepared, self._redo_known = (None, {}), None
            self._aside_known, self._last_other = None, None
            if not isinstance(error, JournalError):
                raise
            self._unsaid = error

    @contextmanager
    def _transaction(self, behind: bool = False) -> Iterator[None]:
        """The store's write lock: everything decided inside is read inside.
        `behind`: the commit may still be under way when the block is left."""
        if self._supposing:
            raise RuntimeError("the journal is supposing an action: nothing can be written")
        if self._store.read_only:
            raise ReadOnlyJournalError(self._read_only_reason)
        self._moved = []
        with self._store.transaction(behind):
            yield
            self._seen = self._store.data_version()
        for partie_id in self._moved:  # committed: the aside table says it from now on
            self._notes.pop(partie_id, None)

    def _fold(self, partie_id: int, note: bool = True) -> PartieState:
        """The partie as stored now; reads only (inside a transaction if one is open).
        `note`: remember (or forget) the warning of actions the engine refuses."""
        with self._store.reading():
            stored = self._store.partie(partie_id)
            rows = self._store.stored_actions(partie_id)
            revision = self._store.revision(partie_id)
        start = _header_record(stored.header)
        folded = fold(start, rows)
        if not note:
            pass
        elif folded.refusal is None:
            self._notes.pop(partie_id, None)
        else:
            refusal = folded.refusal
            self._notes[partie_id] = aside_words(
                partie_id, refusal.count, refusal.first_seq, refusal.reason
            )
        return PartieState(
            partie_id,
            len(folded.actions),
            folded.record,
            folded.score,
            revision,
            start,
            tuple(folded.actions),
            folded.refusal,
        )

    def _set_aside(self, state: PartieState) -> PartieState:
        """Inside a transaction: move the refused stored actions to the aside."""
        if state.kept_aside is None:
            return state
        refused = state.kept_aside
        self._asides += 1
        self._store.set_aside(state.partie, refused.first_seq, refused.reason, state.summary())
        self._count(state)
        self._moved.append(state.partie)
        return replace(state, revision=self._store.revision(state.partie), kept_aside=None)

    def _count(self, state: PartieState, lines: list[PlayerLine] | None = None) -> None:
        """Inside a transaction: the partie's figures follow its new state (`lines`:
        its figures, when they are known already)."""
        if lines is None:
            lines = lines_of(state.record, state.score)
        self._store.put_figures(state.partie, lines)

    def count_figures(self, budget_s: float = COUNT_BUDGET_S) -> int:
        """Count the figures of parties written before the journal kept them, newest
        first, for about `budget_s`; returns how many may be left (0: all counted).

        Called at each writable opening; a kiosk may call it again when idle."""
        club = self.club
        if self.read_only or not club.kept or club.left() <= 0:
            return 0
        deadline = time.monotonic() + budget_s
        try:
            with self._transaction():
                left = Club(self._store).left()
                while left > 0:  # at least one partie each time
                    page = self._store.parties_page(left + 1, 16)
                    if not page:
                        left = 0
                        break
                    for stored in page:
                        self._store.put_figures(stored.id, self._figures_of(stored.id))
                        left = stored.id - 1
                        if time.monotonic() > deadline:
                            break
                    if time.monotonic() > deadline:
                        break
                self._store.put_setting(FIGURES_LEFT_KEY, str(left))
        except JournalError:
            return club.left()  # e.g. the disk is full: counted at the next opening
        return left

    def _figures_of(self, partie_id: int) -> list[Any]:
        try:
            state = self._fold(partie_id, note=False)  # the check says what it refuses
        except ActionError:  # a header the engine refuses: its names only
            header = self._store.partie(partie_id).header
            return lines_of({"players": header.players, "format": header.format}, None)
        return lines_of(state.record, state.score)

    def _load(self, partie_id: int) -> PartieState:
        """The partie folded; refused actions are moved aside at once when the journal can write."""
        state = self._fold(partie_id)
        if state.kept_aside is None or self._store.read_only:
            return state
        try:
            with self._transaction():
                return self._set_aside(self._fold(partie_id))  # again, under the write lock
        except JournalError:
            return state  # e.g. the disk is full: kept in memory, moved at the next write

    def _load_current(self) -> None:
        self._seen = self._store.data_version()  # before reading: a change after it is seen
        current = self._store.current()
        self._state = None if current is None else self._load_or_note(current)

    def _load_or_note(self, partie_id: int) -> PartieState | None:
        """The partie, or None with a warning when the engine refuses its very header."""
        try:
            return self._load(partie_id)
        except ActionError as error:  # e.g. a variant this engine no longer knows
            self._notes[partie_id] = Said.around(
                "partie {n} cannot be shown: {problem}", error, n=partie_id
            )
            return None

    def _check_parties(self) -> None:
        """Move aside what the engine refuses in every stored partie, a little at a time.

        Newest first, for about CHECK_BUDGET_S at each writable opening, until every partie
        has been checked once for this CHECK_VERSION. The setting CHECKED_KEY holds
        "VERSION:N": every partie above id N is checked (N = 0: all of them). Parties
        started after the check began were checked as they were written.
        """
        version, _, below = (self._store.setting(CHECKED_KEY) or "").partition(":")
        if version == CHECK_VERSION and below == "0":
            return
        deadline = time.monotonic() + CHECK_BUDGET_S
        try:
            with self._transaction():
                version, _, below = (self._store.setting(CHECKED_KEY) or "").partition(":")
                ids = [stored.id for stored in self._store.parties()]  # newest first
                known = version == CHECK_VERSION and below.isdigit()
                left = int(below) if known else max(ids, default=0)
                for partie_id in (i for i in ids if i <= left):
                    with suppress(ActionError):  # a header the engine refuses: nothing shows
                        self._set_aside(self._fold(partie_id))
                    left = partie_id - 1
                    if time.monotonic() > deadline:
                        break
                else:
                    left = 0
                self._store.put_setting(CHECKED_KEY, f"{CHECK_VERSION}:{left}")
        except JournalError:
            pass  # e.g. the disk is full: the check goes on at the next opening

    def _fresh(self, recheck: bool) -> PartieState:
        """Inside a transaction: the current partie as stored; a stale view is refused."""
        current = self._store.current()
        state = self._state
        if state is not None and current == state.partie:
            if self._store.revision(current) == state.revision:
                return state
        elif state is None and current is None:
            raise NoPartieError(NO_CURRENT)
        fresh = None if current is None else self._fold(current)
        self._state = fresh
        self._seen = self._store.data_version()
        if not recheck:
            raise JournalChangedError(CHANGED)
        if fresh is None:
            raise NoPartieError(NO_CURRENT)
        return fresh

    def deals_complete(self, partie_id: int) -> int | None:
        """How many of a partie's deals are complete, read without replaying it:
        the current partie's from its score at hand, another two-player
        partie's as its kept figures count them (`Club.deals_counted`); None
        when not known (another partie of three to seven players)."""
        from scorer.progress import complete_deals

        if self._state is not None and partie_id == self._state.partie:
            return complete_deals(self._state.score)
        return self.club.deals_counted(partie_id)  # (two players' figures only)

    def _state_of(self, partie_id: int | None) -> PartieState:
        if partie_id is None or (self._state is not None and partie_id == self._state.partie):
            if self._state is None:
                raise NoPartieError(NO_CURRENT)
            return self._state
        return self._looked_at(partie_id)

    def _looked_at(self, partie_id: int) -> PartieState:
        """Another partie than the current one, folded once for the record, score and
        actions read in turn (a sheet, an export): the last one is kept, until the file
        or that partie changes (its revision and SQLite's `data_version` say so)."""
        kept = self._last_other
        if kept is not None:
            state, seen = kept
            if (
                state.partie == partie_id
                and seen == self._store.data_version()
                and (state.revision == self._store.revision(partie_id))
            ):
                return state
        seen = self._store.data_version()  # before reading: a change after it is seen
        state = self._load(partie_id)
        self._last_other = (state, seen) if state.kept_aside is None else None
        return state

    # --- another writer -------------------------------------------------------

    def refresh(self, *, look_at_file: bool = True) -> bool:
        """Reload when another writer changed the journal; True if it did.

        Cheap when nothing changed (SQLite's `data_version`). When something did, the
        current partie (and which partie is current) is read again. Raises
        JournalGoneError when the file was deleted or replaced; `look_at_file=False`
        leaves that to the write about to be made (every write looks at the file
        before its commit, and commits nothing to a file that went).
        Not while supposing an action (`supposing`): it is read once that is over.
        """
        if self._supposing:
            return False
        if look_at_file:
            self._store.check_file()
        version = self._store.data_version()
        if version == self._seen:
            return False
        self._seen = version
        current = self._store.current()
        state = self._state
        if current is None:
            self._state = None
        elif (
            state is None
            or state.partie != current
            or self._store.revision(current) != state.revision
        ):
            self._state = self._load_or_note(current)
        return True

    # --- parties ----------------------------------------------------------

    def new_partie(
        self,
        players: list[str],
        first_dealer: str,
        game: str = "rubicon",
        variants: dict[str, Any] | None = None,
        lang: str | None = None,
    ) -> int:
        """Start a partie and make it current. Raises ActionError for a bad header.

        `lang`: the language it is played in (the table's), kept beside it for its
        score sheet (`played_in`); not part of its record."""
        header = PartieHeader(
            list(players), first_dealer, game, dict(variants or {}), _now(), lang=lang
        )
        record = _header_record(header)
        score = score_or_refuse(record)  # the header alone decides: no stored state is read
        state = PartieState(0, 0, record, score, start=copy.deepcopy(record))
        with self._transaction():
            partie_id = self._store.create_partie(header, state.summary(), [], make_current=True)
            state = replace(state, partie=partie_id, revision=self._store.revision(partie_id))
            self._count(state)
        self._state = state
        return partie_id

    def new_multi_partie(
        self,
        form: str,
        players: list[str],
        first_dealer: str | None = None,
        *,
        game: str | None = None,
        variants: dict[str, Any] | None = None,
        settings: dict[str, Any] | None = None,
        lang: str | None = None,
    ) -> int:
        """Start a `piquet-record/2` game (docs/record-2.md) and make it current.

        `form` is "normand", "voleur", "ecrire" or "chouette"; `players` in seating
        order going to the left (seat A first); `first_dealer` a name (None in
        chouette, where `next_partie` names each partie's); `game` the two-handed
        partie of voleur and chouette ("rubicon" by default); `variants` the
        two-handed variants of ecrire and chouette; `settings` the form's choices.
        Raises ActionError, saying what is wrong, for a header the engine refuses.
        `lang`: the language it is played in, as for `new_partie`.
        """
        from scorer.multi.actions import new_record as new_record2
        from scorer.multi.actions import score_or_refuse as score2

        record = new_record2(
            form, list(players), first_dealer, game=game, variants=variants, settings=settings
        )
        score = score2(record)  # the header alone decides: no stored state is read
        header = replace(header_of_record2(record, _now(), "table"), lang=lang)
        state = PartieState(0, 0, record, score, start=copy.deepcopy(record))
        with self._transaction():
            partie_id = self._store.create_partie(header, state.summary(), [], make_current=True)
            state = replace(state, partie=partie_id, revision=self._store.revision(partie_id))
            self._count(state)
        self._state = state
        return partie_id

    def played_in(self, partie_id: int | None = None) -> str | None:
        """The language a partie (the current one by default) was played in, as
        kept when it started; None when not known (a partie started from the
        command line, imported, or written before the journal kept it)."""
        partie = self._state_of(partie_id).partie
        return self._store.partie(partie).header.lang

    def current_partie(self) -> int | None:
        return None if self._state is None else self._state.partie

    def set_current(self, partie_id: int) -> None:
        """Make a partie current (to go on with it). Raises NoPartieError for an unknown one."""
        with self._transaction():
            state = self._set_aside(self._fold(partie_id))
            self._store.set_current(partie_id)
        self._state = state

    # --- actions ----------------------------------------------------------

    def act(
        self, action: dict[str, Any], *, recheck: bool = False, behind: bool = False
    ) -> dict[str, Any]:
        """Check, commit and apply one action; returns {"partie","deal","totals","finished"}.

        The check reads the partie inside the write transaction. A view older than the
        file raises JournalChangedError (nothing written; the view is read again),
        unless `recheck`, which checks the action against the partie as stored.

        `behind`: the action is checked and written, and the journal reads as after
        it, but its commit (the sync to the disk) is still under way on a thread of
        its own when this returns, so that the caller can make its next frame
        meanwhile. The caller waits for it with `settle` before it shows anything
        of it; the journal's next use waits for it too.
        """
        seen = self._state
        clean = parser(seen.record if seen is not None else {})(action)  # cheap, before the lock
        with self._transaction(behind):
            state = self._fresh(recheck)
            # (what a failed commit behind puts back: `settle`)
            before = (state, self._seen, dict(self._notes), self._asides) if behind else None
            if state.record.get("format") != (seen.record if seen else {}).get("format"):
                clean = parser(state.record)(action)  # another format than the view's
            ready = self._ready(state, clean)
            if ready is None:
                record, score = vocabulary(state.record).play(state.record, clean, state.score)
                lines = None
            else:
                record, score, lines = ready
            state = self._set_aside(state)
            after = replace(
                state, seq=state.seq + 1, record=record, score=score,
                actions=(*state.actions, clean),
            )  # fmt: skip
            self._store.append(after.partie, after.seq, clean, after.summary())
            self._count(after, lines)
            after = replace(after, revision=self._store.revision(after.partie))
        self._state = after
        self._prepared = (None, {})
        # the append forgot the partie's undone actions (in its transaction): the
        # screen the tap leads to asks can_redo, and need not read it back
        self._redo_known = (after, self._seen, False)
        self._unsettled = before
        return after.outcome()

    def prepare(self, action: dict[str, Any]) -> bool:
        """Check and score `action` against the current partie ahead of time (a kiosk
        does it for the next trick's two winners while the table is still), so
        that `act` finds it done. Nothing is written. `act` takes it up only if
        the partie it reads inside its write transaction is the very state this
        started from (the same revision, so the same check and the same score);
        anything else is checked afresh there, as always. False when the action
        does not fit (it is then refused by `act`, with the reason, if tried)."""
        state = self._state
        if state is None or self.read_only:
            return False
        try:
            clean = parser(state.record)(action)
            if self._ready(state, clean) is not None:
                return True  # worked out already (a screen drawn again meanwhile)
            record, score = vocabulary(state.record).play(state.record, clean, state.score)
            lines = lines_of(record, score)
        except (ActionError, RecordError):
            return False
        kept, ready = self._prepared
        if kept is not state:
            ready = {}
        ready[_action_key(clean)] = (record, score, lines)
        self._prepared = (state, ready)
        return True

    def foreseen(self, action: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """The record and the score `prepare` worked out for `action` from the
        current partie as it stands (the journal's own copies: the reader
        changes nothing in them), or None when it was not prepared from this
        very state. Nothing is checked or written: a screen made ahead of the
        tap reads them; `act` alone decides."""
        found = self._foreseen(action)
        return None if found is None else (found[1][0], found[1][1])

    def _foreseen(self, action: dict[str, Any]) -> tuple[Action, Prepared] | None:
        """`action` as the partie reads it, and what `prepare` worked out for it
        from the current state; None when nothing was."""
        state = self._state
        if state is None:
            return None
        try:
            clean = parser(state.record)(action)
        except (ActionError, RecordError):
            return None
        ready = self._ready(state, clean)
        return None if ready is None else (clean, ready)

    @contextmanager
    def supposing(self, action: dict[str, Any]) -> Iterator[bool]:
        """Inside: the current partie read as if `action`, prepared from it as
        it stands (`prepare`), were its next action, so that a screen can be
        made ahead of the tap; nothing is written, and nothing can be (a write
        inside raises RuntimeError). Yields False, and the partie reads as it
        is, when the action was not prepared from this very state. Afterwards
        the journal is exactly as it was."""
        state = self._state
        found = self._foreseen(action)
        if state is None or found is None:
            yield False
            return
        clean, (record, score, _lines) = found
        supposed = replace(
            state, seq=state.seq + 1, record=record, score=score,
            actions=(*state.actions, clean),
        )  # fmt: skip
        kept = (self._prepared, self._redo_known)
        self._state, self._supposing = supposed, True
        try:
            yield True
        finally:
            self._state, self._supposing = state, False
            self._prepared, self._redo_known = kept

    def _ready(self, state: PartieState, clean: Action) -> Prepared | None:
        """What `prepare` worked out for this action from this very state, if anything."""
        kept, ready = self._prepared
        return ready.get(_action_key(clean)) if kept is state else None

    def correct(
        self,
        partie_id: int | None,
        deal: int,
        now: dict[str, int],
        *,
        was: dict[str, int] | None = None,
    ) -> dict[str, Any]:
        """Put right deal `deal` of a finished partie (Law 70, by agreement): from now on
        it scores `now` ({"elder": N, "younger": N}, the deal's own points) as entered
        totals. Any partie (None: the current one), decided against the partie as stored,
        inside the write transaction. `was`: what the caller showed as the deal's totals
        (a screen's view); None takes the deal as it stands. Appends a `correct` action
        (`scorer.correction`), kept in the history and undone like any action. Raises
        ActionError, in words, for a correction the engine refuses (nothing written).
        """
        with self._transaction():
            target = self._store.current() if partie_id is None else partie_id
            if target is None:
                raise NoPartieError(NO_CURRENT)
            state = self._fold(target)
            if state.record.get("format") == FORMAT_2:
                raise ActionError(
                    Said("partie {n}: corrections are for two-player parties", n=target)
                )
            score = state.score
            if was is None and score["finished"] and 1 <= deal <= len(score["deals"]):
                was = correction.stands_at(score, deal)
            action = parser(state.record)(
                {
                    correction.KIND: {
                        "deal": deal,
                        "was": was or {"elder": 0, "younger": 0},
                        "now": now,
                    }
                }
            )
            record, score = vocabulary(state.record).play(state.record, action, score)
            state = self._set_aside(state)
            after = replace(
                state,
                seq=state.seq + 1,
                record=record,
                score=score,
                actions=(*state.actions, action),
            )
            self._store.append(after.partie, after.seq, action, after.summary())
            self._count(after)
            after = replace(after, revision=self._store.revision(after.partie))
        if self._state is not None and self._state.partie == after.partie:
            self._state = after
        return after.outcome()

    def _other(self, partie_id: int | None) -> int | None:
        """Inside a transaction: `partie_id` when it names a partie that is not the current one."""
        if partie_id is None or partie_id == self._store.current():
            return None
        return partie_id

    def undo(self, *, recheck: bool = False, partie: int | None = None) -> dict[str, Any]:
        """Remove the current partie's last action and replay the rest.

        `partie`: another partie's, decided against it as stored; there only a
        correction may be taken back (play on with a partie to undo its play)."""
        with self._transaction():
            other = self._other(partie)
            state = self._fresh(recheck) if other is None else self._fold(other)
            if state.seq == 0:
                raise ActionError(Said("nothing to undo"))
            if other is not None and not vocabulary(state.record).is_correction(state.actions[-1]):
                raise ActionError(
                    Said(
                        "partie {n}: its last action is not a correction; only a correction "
                        "is undone on a partie that is not the current one",
                        n=other,
                    )
                )
            actions = state.actions[:-1]
            start = state.start if state.start is not None else state.record
            rules = vocabulary(start)
            record = rules.replay(start, actions)
            state = self._set_aside(state)
            after = replace(
                state, seq=state.seq - 1, record=record, score=rules.score_or_refuse(record),
                actions=actions,
            )  # fmt: skip
            self._store.remove_last(state.partie, state.seq, after.summary())
            self._count(after)
            after = replace(after, revision=self._store.revision(after.partie))
        self._keep(after, other)
        return after.outcome()

    def redo(self, *, recheck: bool = False, partie: int | None = None) -> dict[str, Any]:
        """Restore the action just undone, unless another action came since.

        `partie`: another partie's undone correction, decided against it as stored."""
        with self._transaction():
            other = self._other(partie)
            state = self._fresh(recheck) if other is None else self._fold(other)
            action = self._store.undone(state.partie, state.seq + 1)
            if action is None:
                raise ActionError(Said("nothing to redo"))
            if other is not None and not vocabulary(state.record).is_correction(action):
                raise ActionError(
                    Said(
                        "partie {n}: only a correction is redone on a partie that is not the "
                        "current one",
                        n=other,
                    )
                )
            record, score = vocabulary(state.record).play(state.record, action, state.score)
            state = self._set_aside(state)
            after = replace(
                state, seq=state.seq + 1, record=record, score=score,
                actions=(*state.actions, parser(state.record)(action)),
            )  # fmt: skip
            self._store.restore(state.partie, after.seq, after.summary())
            self._count(after)
            after = replace(after, revision=self._store.revision(after.partie))
        self._keep(after, other)
        return after.outcome()

    def _keep(self, after: PartieState, other: int | None) -> None:
        """After an undo or a redo: the current partie's view, unless another's changed."""
        if other is None:
            self._state = after

    def can_undo(self) -> bool:
        return not self.read_only and self._state is not None and self._state.seq > 0

    def can_redo(self) -> bool:
        """An undone action waits to be redone (read once per state of the partie:
        every screen after a tap asks)."""
        state = self._state
        if self.read_only or state is None:
            return False
        known = self._redo_known
        if known is not None and known[0] is state and known[1] == self._seen:
            return known[2]
        answer = self._store.undone(state.partie, state.seq + 1) is not None
        self._redo_known = (state, self._seen, answer)
        return answer

    # --- reading ----------------------------------------------------------

    def actions(self, partie_id: int | None = None) -> list[Action]:
        """The partie's actions (the current one by default), without those kept aside."""
        return copy_json(list(self._state_of(partie_id).actions))

    def record(self, partie_id: int | None = None, *, shared: bool = False) -> dict[str, Any]:
        """The folded record of a partie (the current one by default): `piquet-record/1`,
        or `piquet-record/2` for three players or more (its "format" says which).
        `shared`: the journal's own copy, not a new one (for a reader that changes
        nothing in it and reads on every tap: a copy costs in proportion to the partie)."""
        record = self._state_of(partie_id).record
        return record if shared else copy_json(record)

    def score(self, partie_id: int | None = None, *, shared: bool = False) -> dict[str, Any]:
        """The score of a partie (the current one by default): `piquet-score/1`, or
        `piquet-score/2` for a `piquet-record/2` partie (in English). `shared`: as
        for `record`."""
        score = self._state_of(partie_id).score
        return score if shared else copy_json(score)

    def warnings(self, partie_id: int | None = None) -> list[str]:
        """What is wrong with a partie (the current one by default), in words: [] when all is well.

        Today: actions refused by the rules engine and kept aside. The kiosk shows
        these in a banner; `piquet history` and `piquet export` print them.
        """
        if partie_id is None:
            partie_id = self.current_partie()
            if partie_id is None:
                return []
        return self._warnings(partie_id, self._aside())

    def _aside(self) -> dict[int, AsideSummary]:
        """The store's actions kept aside, read once per version of the file this
        journal has seen (SQLite's `data_version`, read again by `refresh` and after
        each write) and again after it set some aside itself: every screen after a
        tap asks for the partie's warnings."""
        key = (self._seen, self._asides)
        known = self._aside_known
        if known is None or known[0] != key:
            known = (key, self._store.aside())
            self._aside_known = known
        return known[1]

    def _warnings(self, partie_id: int, aside: dict[int, Any]) -> list[str]:
        found = []
        kept = aside.get(partie_id)
        if kept is not None:
            found.append(aside_words(partie_id, kept.count, kept.first_seq, kept.reason))
        if partie_id in self._notes:
            found.append(self._notes[partie_id])
        return found

    def history(self, details: bool = False) -> list[dict[str, Any]]:
        """Every partie, newest first (the journal's own order), from the cached summaries.

        Each entry's "warnings" lists what is wrong with that partie ([] when nothing);
        `details` adds its header's "first_dealer" and "variants".
        A `piquet-record/2` partie's entry has "format": "piquet-record/2" and its form
        ("normand", "voleur", "ecrire", "chouette") as "game".
        """
        aside = self._store.aside()
        return [self._entry(stored, aside, details) for stored in self._store.parties()]

    def _entry(self, stored: Any, aside: dict[int, Any], details: bool = False) -> dict[str, Any]:
        summary = stored.summary
        if self._state is not None and stored.id == self._state.partie:
            summary = self._state.summary()
        entry = {
            "partie": stored.id,
            "created": stored.header.created_at,
            "players": list(stored.header.players),
            "game": stored.header.game,
            "finished": summary.finished,
            "result": summary.result,
            "totals": summary.totals,
            "deal": summary.deal,
            "origin": stored.header.origin,
            "warnings": self._warnings(stored.id, aside),
        }
        if stored.header.format == FORMAT_2:  # "game" holds the form
            entry["format"] = FORMAT_2
        if details:
            entry["first_dealer"] = stored.header.first_dealer
            entry["variants"] = copy.deepcopy(stored.header.variants)
        return entry

    def history_page(self, before: int | None = None, limit: int = 20) -> list[dict[str, Any]]:
        """At most `limit` parties with an id under `before` (None: the newest), newest
        first, as `history()` gives them; the next page starts before the last one's id.
        Reads those rows only, whatever the history's length."""
        page = self._store.parties_page(before, limit)
        aside = self._store.aside() if page else {}
        return [self._entry(stored, aside) for stored in page]

    def history_entry(self, partie_id: int) -> dict[str, Any]:
        """One partie as `history()` gives it. Raises NoPartieError."""
        return self._entry(self._store.partie(partie_id), self._store.aside())

    @property
    def club(self) -> Club:
        """The kept figures: players, statistics, head to head, sittings (journal.club)."""
        return Club(self._store)

    def import_record(self, record: dict[str, Any]) -> int:
        """Store a record (e.g. from paper) as actions; returns the new partie's id.

        Raises RecordError for an invalid record. A record still in progress
        becomes the current partie; a finished one only joins the history. A
        `piquet-record/2` record (its "format" says so) is stored with that format's
        actions; a Chouette sitting can always go on (another partie), so it becomes
        the current partie.
        """
        if isinstance(record, dict) and record.get("format") == FORMAT_2:
            from scorer.multi import score_record2

            original = score_record2(record)
            header = header_of_record2(record, _now(), "import")
        else:
            from scorer import score_record

            original = score_record(record)
            header = PartieHeader(
                list(record["players"]),
                record["first_dealer"],
                record.get("game", "rubicon"),
                dict(record.get("variants") or {}),
                _now(),
                origin="import",
            )
        start = _header_record(header)
        rules = vocabulary(start)
        read = parser(start)
        actions = [read(action) for action in rules.record_to_actions(record)]
        if any(rules.is_correction(action) for action in actions):
            checked = whole(start, actions)  # each correction checked on the partie before it
            if checked is None:
                raise ActionError(
                    Said(
                        "record: its corrections cannot be replayed on the deals they correct "
                        "(each must change a finished partie's deal from what it stood at)"
                    )
                )
            folded, score = checked
        else:
            folded = rules.replay(start, actions)
            score = rules.score_or_refuse(folded)
        if not rules.same_score(score, original):
            raise ActionError(
                Said("record: it cannot be stored as actions without changing its score")
            )
        state = PartieState(0, len(actions), folded, score, start=start, actions=tuple(actions))
        make_current = not rules.ended(score)
        with self._transaction():  # the record alone decides: no stored state is read
            partie_id = self._store.create_partie(header, state.summary(), actions, make_current)
            state = replace(state, partie=partie_id, revision=self._store.revision(partie_id))
            self._count(state)
        if make_current:
            self._state = state
        return partie_id

    # --- drills (the kiosk's practice questions, scorer.drills) ---------------

    def record_drill(self, result: Any) -> None:
        """Keep one answered drill (a `scorer.drills.DrillResult`) for its player.

        Raises ActionError, writing nothing, for a player name that is empty or
        over 40 characters, an unknown kind, or an answer that is not JSON."""
        import json

        from scorer.drills import KINDS

        player = str(result.player).strip()
        if not player or len(player) > NAME_MAX:
            raise ActionError(
                Said("a drill's player needs a name of 1 to {most} characters", most=NAME_MAX)
            )
        if result.kind not in KINDS:
            raise ActionError(
                Said(
                    "no drill {kind} (kinds: {listed})",
                    kind=repr(str(result.kind)[:40]),
                    listed=", ".join(KINDS),
                )
            )
        try:
            answer = json.dumps(result.answer, ensure_ascii=False, allow_nan=False)
        except (TypeError, ValueError):
            raise ActionError(Said("a drill's answer must be JSON")) from None
        row = DrillRow(
            player,
            result.kind,
            int(result.seed),
            str(result.lang),
            bool(result.right),
            str(result.section),
            answer,
            _now(),
        )
        with self._transaction():
            self._store.add_drill(row)

    def drill_tally(self, player: str) -> dict[str, dict[str, int]]:
        """{kind: {"asked": N, "right": M}} over the player's drills ({} for none),
        as `scorer.drills.tally` sums them; a few rows read, kept up to date by
        `record_drill`, however many answers the journal holds."""
        return {
            kind: {"asked": asked, "right": right}
            for kind, (asked, right) in self._store.drill_counts(player.strip()).items()
        }

    def recent_players(self, limit: int = 8) -> list[str]:
        """Up to `limit` names, newest first: who drilled lately, then who played
        the newest parties. Reads a bounded number of rows, however long the
        journal."""
        return self._store.recent_names(limit)

    def checkpoint(self) -> None:
        """In a still moment: the file brought up to date with its log (the
        store's `checkpoint`, on a connection of its own: any thread may ask);
        nothing the journal says changes."""
        self._storage.checkpoint()  # (not `_store`: another thread must not settle)

    def close(self) -> None:
        """Close the store; an action's commit still under way is waited for first."""
        self._storage.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
