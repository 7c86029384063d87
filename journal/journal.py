"""The journal: every action durable, undoable and resumable.

`Journal` sits between the table (kiosk, buttons, command line) and a store.
An action is checked by the rules engine (`scorer.actions.play`) BEFORE it is
written; a refused action raises `ActionError` and writes nothing. Once `act`
returns, the action is committed. Undo removes the last action and replays the
rest from the start of the partie: there is no reverse arithmetic.

The current partie's record and score stay in memory, so `act` scores only the
new record. Opening folds the current partie alone; the history reads the
summaries cached in the store, so finished parties are never replayed at open.

`import_record` stores a record as actions. A finished record only joins the
history; one still in progress becomes the current partie, to be played on.
"""

from __future__ import annotations

import copy
import os
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from journal.errors import NoPartieError, StoreConflict
from journal.location import default_journal_path
from journal.memory_store import MemoryStore
from journal.sqlite_store import SqliteStore
from journal.store import Action, PartieHeader, PartieSummary, Store
from scorer.actions import (
    new_record,
    parse_action,
    play,
    record_to_actions,
    replay,
    score_or_refuse,
)
from scorer.errors import ActionError

MEMORY = ":memory:"


@dataclass(frozen=True)
class PartieState:
    """A partie folded: its record and score after `seq` actions."""

    partie: int
    seq: int
    record: dict[str, Any]
    score: dict[str, Any]

    def summary(self) -> PartieSummary:
        return PartieSummary(
            seq=self.seq,
            deal=len(self.record["deals"]),
            totals=dict(self.score["totals"]),
            finished=bool(self.score["finished"]),
            result=copy.deepcopy(self.score["result"]),
        )

    def outcome(self) -> dict[str, Any]:
        """What `act`, `undo` and `redo` return."""
        return {
            "partie": self.partie,
            "deal": len(self.record["deals"]),
            "totals": dict(self.score["totals"]),
            "finished": bool(self.score["finished"]),
        }


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _header_record(header: PartieHeader) -> dict[str, Any]:
    return new_record(header.players, header.first_dealer, header.game, header.variants)


def _same_state(folded: dict[str, Any], original: dict[str, Any]) -> bool:
    """The folded score matches the original one (the fold may add the empty deal 1)."""
    count = len(original["deals"])
    return (
        folded["totals"] == original["totals"]
        and folded["finished"] == original["finished"]
        and folded["result"] == original["result"]
        and folded["deals"][:count] == original["deals"]
    )


class Journal:
    """Parties and their actions, kept in a store; one partie is current."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self._state: PartieState | None = None
        self._scores: dict[tuple[int, int], dict[str, Any]] = {}
        current = store.current()
        if current is not None:
            self._state = self._fold(current)

    @classmethod
    def open(cls, path: str | os.PathLike[str] | None = None) -> Journal:
        """The journal at `path`: None for the default file, ":memory:" for memory only."""
        if path is not None and os.fspath(path) == MEMORY:
            return cls(MemoryStore())
        store = SqliteStore.open(default_journal_path() if path is None else path)
        try:
            return cls(store)
        except BaseException:
            store.close()
            raise

    # --- folding ----------------------------------------------------------

    def _fold(self, partie_id: int) -> PartieState:
        stored = self._store.partie(partie_id)
        actions = self._store.actions_of(partie_id)
        record = replay(_header_record(stored.header), actions)
        key = (partie_id, len(actions))
        if key not in self._scores:
            self._scores[key] = score_or_refuse(record)
        return PartieState(partie_id, len(actions), record, self._scores[key])

    def _require_current(self) -> PartieState:
        if self._state is None:
            raise NoPartieError("no current partie: start one with `piquet new`")
        return self._state

    def _state_of(self, partie_id: int | None) -> PartieState:
        if partie_id is None or (self._state is not None and partie_id == self._state.partie):
            return self._require_current()
        return self._fold(partie_id)

    def _settle(self, state: PartieState) -> dict[str, Any]:
        self._state = state
        self._scores[(state.partie, state.seq)] = state.score
        return state.outcome()

    def _resync(self, error: StoreConflict) -> ActionError:
        """Another writer changed the partie: reload it and refuse the action."""
        if self._state is not None:
            self._state = self._fold(self._state.partie)
        return ActionError(f"the journal changed meanwhile; nothing was done ({error})")

    # --- parties ----------------------------------------------------------

    def new_partie(
        self,
        players: list[str],
        first_dealer: str,
        game: str = "rubicon",
        variants: dict[str, Any] | None = None,
    ) -> int:
        """Start a partie and make it current. Raises ActionError for a bad header."""
        header = PartieHeader(list(players), first_dealer, game, dict(variants or {}), _now())
        record = _header_record(header)
        score = score_or_refuse(record)
        state = PartieState(0, 0, record, score)
        partie_id = self._store.create_partie(header, state.summary(), [], make_current=True)
        self._settle(PartieState(partie_id, 0, record, score))
        return partie_id

    def current_partie(self) -> int | None:
        return None if self._state is None else self._state.partie

    def set_current(self, partie_id: int) -> None:
        state = self._fold(partie_id)
        self._store.set_current(partie_id)
        self._state = state

    # --- actions ----------------------------------------------------------

    def act(self, action: dict[str, Any]) -> dict[str, Any]:
        """Check, commit and apply one action; returns {"partie","deal","totals","finished"}."""
        state = self._require_current()
        clean = parse_action(action)
        record, score = play(state.record, clean, state.score)
        after = PartieState(state.partie, state.seq + 1, record, score)
        try:
            self._store.append(state.partie, after.seq, clean, after.summary())
        except StoreConflict as error:
            raise self._resync(error) from error
        return self._settle(after)

    def undo(self) -> dict[str, Any]:
        """Remove the current partie's last action and replay the rest."""
        state = self._require_current()
        if state.seq == 0:
            raise ActionError("nothing to undo")
        stored = self._store.partie(state.partie)
        actions = self._store.actions_of(state.partie)[:-1]
        record = replay(_header_record(stored.header), actions)
        after = PartieState(state.partie, state.seq - 1, record, score_or_refuse(record))
        try:
            self._store.remove_last(state.partie, state.seq, after.summary())
        except StoreConflict as error:
            raise self._resync(error) from error
        for key in [key for key in self._scores if key[0] == state.partie and key[1] > after.seq]:
            del self._scores[key]  # those states may be rebuilt differently now
        return self._settle(after)

    def redo(self) -> dict[str, Any]:
        """Restore the action just undone, unless another action came since."""
        state = self._require_current()
        action = self._store.undone(state.partie, state.seq + 1)
        if action is None:
            raise ActionError("nothing to redo")
        record, score = play(state.record, action, state.score)
        after = PartieState(state.partie, state.seq + 1, record, score)
        try:
            self._store.restore(state.partie, after.seq, after.summary())
        except StoreConflict as error:
            raise self._resync(error) from error
        return self._settle(after)

    def can_undo(self) -> bool:
        return self._state is not None and self._state.seq > 0

    def can_redo(self) -> bool:
        state = self._state
        return state is not None and self._store.undone(state.partie, state.seq + 1) is not None

    # --- reading ----------------------------------------------------------

    def actions(self, partie_id: int | None = None) -> list[Action]:
        if partie_id is None:
            return self._store.actions_of(self._require_current().partie)
        return self._store.actions_of(partie_id)

    def record(self, partie_id: int | None = None) -> dict[str, Any]:
        """The folded `piquet-record/1` record of a partie (the current one by default)."""
        return copy.deepcopy(self._state_of(partie_id).record)

    def score(self, partie_id: int | None = None) -> dict[str, Any]:
        """The `piquet-score/1` score of a partie (the current one by default)."""
        return copy.deepcopy(self._state_of(partie_id).score)

    def history(self) -> list[dict[str, Any]]:
        """Every partie, newest first, from the cached summaries."""
        return [
            {
                "partie": stored.id,
                "created": stored.header.created_at,
                "players": list(stored.header.players),
                "game": stored.header.game,
                "finished": stored.summary.finished,
                "result": stored.summary.result,
                "totals": stored.summary.totals,
                "deal": stored.summary.deal,
                "origin": stored.header.origin,
            }
            for stored in self._store.parties()
        ]

    def import_record(self, record: dict[str, Any]) -> int:
        """Store a record (e.g. from paper) as actions; returns the new partie's id.

        Raises RecordError for an invalid record. A record still in progress
        becomes the current partie; a finished one only joins the history.
        """
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
        actions = [parse_action(action) for action in record_to_actions(record)]
        folded = replay(_header_record(header), actions)
        score = score_or_refuse(folded)
        if not _same_state(score, original):
            raise ActionError("record: it cannot be stored as actions without changing its score")
        state = PartieState(0, len(actions), folded, score)
        make_current = not score["finished"]
        partie_id = self._store.create_partie(header, state.summary(), actions, make_current)
        state = PartieState(partie_id, len(actions), folded, score)
        self._scores[(partie_id, state.seq)] = score
        if make_current:
            self._state = state
        return partie_id

    def close(self) -> None:
        self._store.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
