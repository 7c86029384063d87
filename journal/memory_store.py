"""The in-memory store: dictionaries, for tests and for `Journal.open(":memory:")`."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from journal.errors import NoPartieError, StoreConflict
from journal.store import (
    RECENT_ROWS,
    Action,
    AsideSummary,
    DrillRow,
    PartieHeader,
    PartieLine,
    PartieSummary,
    PlayerLine,
    StoredAction,
    StoredPartie,
    Totals,
    add_sums,
)
from scorer.errors import Said
from scorer.frozen import replace


class MemoryStore:
    """Keeps everything in dictionaries; copies in and out, like a database would."""

    read_only = False
    figures_kept = True

    def __init__(self) -> None:
        self._parties: dict[int, StoredPartie] = {}
        self._revisions: dict[int, int] = {}
        self._actions: dict[int, list[Action]] = {}
        self._undone: dict[int, dict[int, Action]] = {}
        self._aside: list[tuple[int, int, Action, str]] = []
        self._settings: dict[str, str] = {}
        self._drills: list[DrillRow] = []
        self._tally: dict[str, dict[str, tuple[int, int]]] = {}  # player: kind: (asked, right)
        self._current: int | None = None
        self._changes = 0
        self._depth = 0
        self._figures: dict[int, list[PlayerLine]] = {}
        self._totals: dict[tuple[str, str], Totals] = {}

    # --- transactions -----------------------------------------------------

    def _tables(self) -> tuple[Any, ...]:
        return (
            self._parties,
            self._revisions,
            self._actions,
            self._undone,
            self._aside,
            self._settings,
            self._current,
            self._changes,
            self._drills,
            self._tally,
            self._figures,
            self._totals,
        )

    @contextmanager
    def transaction(self, behind: bool = False) -> Iterator[None]:
        """All or nothing: a failure inside puts every table back as it was.
        (`behind` changes nothing: memory has no sync to wait for.)"""
        if self._depth:
            yield
            return
        saved = copy.deepcopy(self._tables())
        self._depth += 1
        try:
            yield
        except BaseException:
            (
                self._parties,
                self._revisions,
                self._actions,
                self._undone,
                self._aside,
                self._settings,
                self._current,
                self._changes,
                self._drills,
                self._tally,
                self._figures,
                self._totals,
            ) = saved
            raise
        finally:
            self._depth -= 1

    @contextmanager
    def reading(self) -> Iterator[None]:
        yield

    def _changed(self) -> None:
        self._changes += 1

    def data_version(self) -> int:
        return self._changes

    def check_file(self) -> None:
        """Memory has no file to lose."""

    # --- parties ----------------------------------------------------------

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
        self._revisions[partie_id] = 0
        self._actions[partie_id] = copy.deepcopy(actions)
        self._undone[partie_id] = {}
        if make_current:
            self._current = partie_id
        self._changed()
        return partie_id

    def partie(self, partie_id: int) -> StoredPartie:
        if partie_id not in self._parties:
            raise NoPartieError(Said("no partie {id} in the journal", id=partie_id))
        return copy.deepcopy(self._parties[partie_id])

    def parties(self) -> list[StoredPartie]:
        return [copy.deepcopy(self._parties[key]) for key in sorted(self._parties, reverse=True)]

    def revision(self, partie_id: int) -> int:
        self.partie(partie_id)
        return self._revisions[partie_id]

    def stored_actions(self, partie_id: int) -> list[StoredAction]:
        self.partie(partie_id)
        return [
            StoredAction(seq, copy.deepcopy(action), json.dumps(action))
            for seq, action in enumerate(self._actions[partie_id], start=1)
        ]

    def actions_of(self, partie_id: int) -> list[Action]:
        self.partie(partie_id)
        return copy.deepcopy(self._actions[partie_id])

    # --- writing ----------------------------------------------------------

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
        self._revisions[partie_id] += 1
        self._changed()

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

    def set_aside(self, partie_id: int, from_seq: int, reason: str, summary: PartieSummary) -> int:
        self.partie(partie_id)
        if summary.seq != from_seq - 1:
            raise StoreConflict(f"partie {partie_id}: a summary after {summary.seq} actions")
        kept = self._actions[partie_id][from_seq - 1 :]
        del self._actions[partie_id][from_seq - 1 :]
        self._aside += [(partie_id, from_seq + n, a, reason) for n, a in enumerate(kept)]
        self._summarize(partie_id, summary)
        return len(kept)

    def aside(self) -> dict[int, AsideSummary]:
        found: dict[int, AsideSummary] = {}
        for partie_id, seq, _, reason in self._aside:
            seen = found.get(partie_id)
            if seen is None:
                found[partie_id] = AsideSummary(1, seq, reason)
            else:
                first = min(seen.first_seq, seq)
                why = reason if seq < seen.first_seq else seen.reason
                found[partie_id] = AsideSummary(seen.count + 1, first, why)
        return found

    def current(self) -> int | None:
        return self._current

    def parties_page(self, below: int | None, limit: int) -> list[StoredPartie]:
        ids = sorted((i for i in self._parties if below is None or i < below), reverse=True)
        return [copy.deepcopy(self._parties[i]) for i in ids[:limit]]

    # --- figures ------------------------------------------------------------

    def put_figures(self, partie_id: int, lines: list[PlayerLine]) -> None:
        self.partie(partie_id)
        for line in self._figures.pop(partie_id, []):
            self._add_totals(line, partie_id, -1)
        self._figures[partie_id] = [copy.deepcopy(line) for line in lines]
        for line in lines:
            self._add_totals(line, partie_id, 1)
        self._changed()

    def _add_totals(self, line: PlayerLine, partie_id: int, sign: int) -> None:
        for opponent in ("", line.opponent) if line.opponent else ("",):
            key = (line.player, opponent)
            old = self._totals.get(key) or Totals(line.player, opponent, 0, 0, {})
            self._totals[key] = Totals(
                line.player,
                opponent,
                old.counted + sign * (1 if line.opponent else 0),
                max(old.last_partie, partie_id),
                add_sums(old.sums, line.sums, sign),
            )

    def figures_of(self, partie_id: int) -> list[PlayerLine]:
        lines = self._figures.get(partie_id, [])
        return sorted(copy.deepcopy(lines), key=lambda line: line.player)

    def totals(self, player: str, opponent: str = "") -> Totals | None:
        found = self._totals.get((player, opponent))
        if found is None:
            return None
        best = table_best = None
        if not opponent:
            kept = [
                (line.opponent, line.best)
                for lines in self._figures.values()
                for line in lines
                if line.player == player and line.best is not None
            ]
            best = max((b for o, b in kept if o), default=None)
            table_best = max((b for o, b in kept if not o), default=None)
        return replace(copy.deepcopy(found), best=best, table_best=table_best)

    @staticmethod
    def _page(rows: list[Totals], key, limit: int, after: tuple[int, str] | None) -> list[Totals]:
        rows = sorted(rows, key=lambda t: (-t.last_partie, key(t)))
        if after is not None:
            rows = [t for t in rows if (-t.last_partie, key(t)) > (-after[0], after[1])]
        return copy.deepcopy(rows[:limit])

    def players_by_recency(
        self, limit: int, after: tuple[int, str] | None = None, counted_only: bool = False
    ) -> list[Totals]:
        rows = [
            t
            for (_, opponent), t in self._totals.items()
            if not opponent and (t.counted > 0 or not counted_only)
        ]
        return self._page(rows, lambda t: t.player, limit, after)

    def opponents(
        self, player: str, limit: int, after: tuple[int, str] | None = None
    ) -> list[Totals]:
        rows = [t for (name, opponent), t in self._totals.items() if name == player and opponent]
        return self._page(rows, lambda t: t.opponent, limit, after)

    def partie_lines(self, player: str, below: int, limit: int) -> list[PartieLine]:
        found = []
        for partie_id in sorted(self._figures, reverse=True):
            if partie_id >= below:
                continue
            for line in self._figures[partie_id]:
                if line.player == player:
                    stored = self._parties[partie_id]
                    found.append(
                        PartieLine(
                            partie_id,
                            player,
                            line.opponent,
                            stored.header.created_at,
                            stored.summary.finished,
                            copy.deepcopy(stored.summary.result),
                        )
                    )
            if len(found) >= limit:
                break
        return found[:limit]

    def last_of_pair(self, player: str, opponent: str, below: int) -> int | None:
        for partie_id in sorted(self._figures, reverse=True):
            if (
                partie_id < below
                and self._parties[partie_id].summary.finished
                and any(
                    line.player == player and line.opponent == opponent
                    for line in self._figures[partie_id]
                )
            ):
                return partie_id
        return None

    def set_current(self, partie_id: int | None) -> None:
        if partie_id is not None:
            self.partie(partie_id)
        self._current = partie_id
        self._changed()

    def setting(self, key: str) -> str | None:
        return self._settings.get(key)

    def put_setting(self, key: str, value: str) -> None:
        self._settings[key] = value
        self._changed()

    # --- drills -------------------------------------------------------------

    def add_drill(self, row: DrillRow) -> None:
        self._drills.append(row)
        mine = self._tally.setdefault(row.player, {})
        asked, right = mine.get(row.kind, (0, 0))
        mine[row.kind] = (asked + 1, right + int(row.right))
        self._changed()

    def drill_counts(self, player: str) -> dict[str, tuple[int, int]]:
        return dict(self._tally.get(player, {}))

    def recent_names(self, limit: int) -> list[str]:
        names: list[str] = []
        drilled = [row.player for row in reversed(self._drills[-RECENT_ROWS:])]
        played = [
            n
            for key in sorted(self._parties, reverse=True)[:RECENT_ROWS]
            for n in self._parties[key].header.players
        ]
        for name in drilled + played:
            if name not in names:
                names.append(name)
        return names[:limit]

    def checkpoint(self) -> None:
        """Memory keeps no log."""

    def settle(self) -> None:
        """Every transaction of memory is over when its block is."""

    def close(self) -> None:
        """Nothing to release."""
