"""The in-memory store: dictionaries, for tests and for `Journal.open(":memory:")`."""

from __future__ import annotations

import copy
from dataclasses import replace

from journal.errors import NoPartieError, StoreConflict
from journal.store import Action, PartieHeader, PartieSummary, StoredPartie


class MemoryStore:
    """Keeps everything in dictionaries; copies in and out, like a database would."""

    def __init__(self) -> None:
        self._parties: dict[int, StoredPartie] = {}
        self._actions: dict[int, list[Action]] = {}
        self._undone: dict[int, dict[int, Action]] = {}
        self._current: int | None = None

    def create_partie(
        self,
        header: PartieHeader,
        summary: PartieSummary,
        actions: list[Action],
        make_current: bool,
    ) -> int:
        if summary.seq != len(actions):
            raise StoreConflict(f"a summary after {summary.seq} actions for {len(actions)}")
        partie_id = max(self._parties, default=0) + 1
        self._parties[partie_id] = StoredPartie(partie_id, copy.deepcopy(header), summary)
        self._actions[partie_id] = copy.deepcopy(actions)
        self._undone[partie_id] = {}
        if make_current:
            self._current = partie_id
        return partie_id

    def partie(self, partie_id: int) -> StoredPartie:
        if partie_id not in self._parties:
            raise NoPartieError(f"no partie {partie_id} in the journal")
        return copy.deepcopy(self._parties[partie_id])

    def parties(self) -> list[StoredPartie]:
        return [copy.deepcopy(self._parties[key]) for key in sorted(self._parties, reverse=True)]

    def actions_of(self, partie_id: int) -> list[Action]:
        self.partie(partie_id)
        return copy.deepcopy(self._actions[partie_id])

    def _expect(self, partie_id: int, seq: int, last: bool, summary: PartieSummary) -> None:
        """Refuse unless `seq` is the last action (or the next one) and `summary` fits."""
        self.partie(partie_id)
        count = len(self._actions[partie_id])
        expected = count if last else count + 1
        after = count - 1 if last else count + 1
        if seq != expected:
            raise StoreConflict(f"partie {partie_id}: action {seq} where {expected} was expected")
        if summary.seq != after:
            raise StoreConflict(f"partie {partie_id}: a summary after {summary.seq} actions")

    def _summarize(self, partie_id: int, summary: PartieSummary) -> None:
        self._parties[partie_id] = replace(self._parties[partie_id], summary=summary)

    def append(self, partie_id: int, seq: int, action: Action, summary: PartieSummary) -> None:
        self._expect(partie_id, seq, False, summary)
        self._actions[partie_id].append(copy.deepcopy(action))
        self._undone[partie_id].clear()
        self._summarize(partie_id, summary)

    def remove_last(self, partie_id: int, seq: int, summary: PartieSummary) -> Action:
        self._expect(partie_id, seq, True, summary)
        action = self._actions[partie_id].pop()
        self._undone[partie_id][seq] = action
        self._summarize(partie_id, summary)
        return copy.deepcopy(action)

    def undone(self, partie_id: int, seq: int) -> Action | None:
        self.partie(partie_id)
        return copy.deepcopy(self._undone[partie_id].get(seq))

    def restore(self, partie_id: int, seq: int, summary: PartieSummary) -> Action:
        self._expect(partie_id, seq, False, summary)
        if seq not in self._undone[partie_id]:
            raise StoreConflict(f"partie {partie_id}: no undone action {seq}")
        action = self._undone[partie_id].pop(seq)
        self._actions[partie_id].append(action)
        self._summarize(partie_id, summary)
        return copy.deepcopy(action)

    def current(self) -> int | None:
        return self._current

    def set_current(self, partie_id: int | None) -> None:
        if partie_id is not None:
            self.partie(partie_id)
        self._current = partie_id

    def close(self) -> None:
        """Nothing to release."""
