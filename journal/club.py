"""The club's figures, read from the journal's kept sums: players, statistics, head
to head and sittings, each read costing a few rows whatever the history's length.

`Journal.club` gives a `Club` on the journal's store. The figures follow every
change to a partie (an action, an undo, a correction) in the same transaction
(`journal.figures`, schema 5); parties written before schema 5 are counted
afterwards, a few at each opening (`Journal.count_figures`), and `left()` says
how many are still to count.

- `players(limit, after=None, counted_only=False) -> list[Totals]`: the players
  of the newest parties first (`counted_only`: of a two-player partie); page
  on with `after=page_key(last row)`.
- `names(limit)`: the names of the newest parties' players (the player list).
- `figures(player) -> PlayerFigures | None`: his statistics, as `piquet stats`.
- `totals(player) -> Totals | None`: his kept sums (`counted`: two-player parties).
- `table_figures(player) -> TableFigures | None`: his games of three to seven players.
- `opponents(player, limit, after=None) -> list[Totals]`: his pairs, newest first.
- `pair(a, b) -> PairFigures | None`: head to head.
- `deals_counted(partie) -> int | None`: a two-player partie's complete deals.
- `sitting_of(partie) -> Sitting | None`: the sitting a finished partie ends, up to it.
- `sittings(a, b, before=None, count=3) -> (list[Sitting], more)`: the pair's
  sittings, newest first, `count` of them before partie `before`; `more` is the
  `before` of the next page, or None.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator
from typing import Any

from journal.figures import figures_from
from journal.store import PartieLine, Store, Totals
from scorer.stats import (
    PairFigures,
    PartieEntry,
    PlayerFigures,
    Sitting,
    TableFigures,
    pair_of,
    sitting_ending,
)

FIGURES_LEFT_KEY = "figures_below"  # parties with an id up to it are still to count
BATCH = 8  # rows read at a time along a player's parties
TOP = 1 << 62


def page_key(row: Totals, of_opponent: bool = False) -> tuple[int, str]:
    """Where the next page starts after `row`."""
    return row.last_partie, row.opponent if of_opponent else row.player


class Club:
    def __init__(self, store: Store) -> None:
        self._store = store

    @property
    def kept(self) -> bool:
        """The journal keeps figures (a file before schema 5, read-only, keeps none)."""
        return bool(self._store.figures_kept)

    def left(self) -> int:
        """How many parties written before the figures were kept are still to count
        (an upper bound: the ids still to look at)."""
        if not self.kept:
            return 0
        text = self._store.setting(FIGURES_LEFT_KEY) or "0"
        return int(text) if text.isdigit() else 0

    # --- players ------------------------------------------------------------

    def players(
        self, limit: int, after: tuple[int, str] | None = None, counted_only: bool = False
    ) -> list[Totals]:
        return self._store.players_by_recency(limit, after, counted_only)

    def names(self, limit: int = 8) -> list[str]:
        return [row.player for row in self._store.players_by_recency(limit)]

    def figures(self, player: str) -> PlayerFigures | None:
        row = self._store.totals(player)
        return None if row is None else figures_from(row.sums, row.best)

    def totals(self, player: str) -> Totals | None:
        """His kept sums over all his parties (`counted`: his two-player parties)."""
        return self._store.totals(player)

    def table_figures(self, player: str) -> TableFigures | None:
        """His figures in games of three to seven players; None without one."""
        row = self._store.totals(player)
        figures = None if row is None else TableFigures.from_sums(row.sums, row.table_best)
        return figures if figures is not None and figures.played else None

    def opponents(
        self, player: str, limit: int, after: tuple[int, str] | None = None
    ) -> list[Totals]:
        return self._store.opponents(player, limit, after)

    def deals_counted(self, partie: int) -> int | None:
        """The complete deals of a two-player partie, as kept (None: not kept)."""
        lines = self._store.figures_of(partie)
        if len(lines) != 2 or "deals" not in lines[0].sums:
            return None
        return int(lines[0].sums["deals"])

    def pair(self, a: str, b: str) -> PairFigures | None:
        rows = {name: self._store.totals(name, other) for name, other in ((a, b), (b, a))}
        if any(row is None for row in rows.values()):
            return None
        per = {name: figures_from(row.sums, None) for name, row in rows.items() if row}
        first, second = pair_of((a, b))
        return PairFigures(
            (first, second),
            parties=per[first].parties,
            drawn=per[first].drawn,
            deals=per[first].deals,
            won={name: per[name].won for name in (first, second)},
            rubicons_inflicted={name: per[name].rubicons_inflicted for name in (first, second)},
            settlement_net={name: per[name].settlement_net for name in (first, second)},
        )

    # --- sittings -----------------------------------------------------------

    def _lines(self, player: str, below: int) -> Iterator[PartieLine]:
        """The player's parties under `below`, newest first, read a few at a time."""
        while True:
            rows = self._store.partie_lines(player, below, BATCH)
            yield from rows
            if len(rows) < BATCH:
                return
            below = rows[-1].partie

    def _earlier(self, pair: tuple[str, str], below: int) -> Iterator[PartieEntry]:
        """The parties under `below` that seat either player, newest first (each once)."""
        seen = None
        merged = heapq.merge(
            *(self._lines(name, below) for name in pair), key=lambda line: -line.partie
        )
        for line in merged:
            if line.partie == seen:
                continue
            seen = line.partie
            yield _entry(line)

    def _sitting_ending(self, partie: int, pair: tuple[str, str]) -> Sitting | None:
        lines = self._store.partie_lines(pair[0], partie + 1, 1)
        if not lines or lines[0].partie != partie:
            return None
        return sitting_ending(_entry(lines[0]), self._earlier(pair, partie))

    def sitting_of(self, partie: int) -> Sitting | None:
        """The sitting the finished two-player partie `partie` ends, up to it."""
        lines = self._store.figures_of(partie)
        if len(lines) != 2 or not lines[0].opponent:
            return None
        return self._sitting_ending(partie, pair_of(line.player for line in lines))

    def sittings(
        self, a: str, b: str, before: int | None = None, count: int = 3
    ) -> tuple[list[Sitting], int | None]:
        pair = pair_of((a, b))
        below = TOP if before is None else before
        found: list[Sitting] = []
        while len(found) < count:
            last = self._store.last_of_pair(pair[0], pair[1], below)
            if last is None:
                return found, None
            sitting = self._sitting_ending(last, pair)
            if sitting is None:  # pragma: no cover - a finished partie of the pair has one
                return found, None
            found.append(sitting)
            below = sitting.parties[0].partie
        more = self._store.last_of_pair(pair[0], pair[1], below) is not None
        return found, below if more else None


def _entry(line: PartieLine) -> PartieEntry:
    """A kept line as the sittings read a partie (players, result and time only)."""
    players = (line.player, line.opponent) if line.opponent else (line.player, "", "")
    score: dict[str, Any] = {
        "players": list(players),
        "result": line.result if line.finished else None,
    }
    return PartieEntry(line.partie, line.created, score)
