"""A partie's figures as the journal keeps them: one `PlayerLine` per player.

For a two-player partie (`piquet-record/1`) the lines hold
`scorer.stats.partie_figures(score)`, the numbers that add up (`sums`) and the
best deal (`best`); a game of three or more (`piquet-record/2`) gives each of
its players an empty line, which keeps his name in the player list and
counts nothing (statistics count two-player parties only, as `piquet stats`).
"""

from __future__ import annotations

from typing import Any

from journal.forms import FORMAT_2
from journal.store import PlayerLine
from scorer.stats import PlayerFigures, partie_figures

BEST = "best_deal"


def lines_of(record: dict[str, Any], score: dict[str, Any] | None) -> list[PlayerLine]:
    """The lines of a partie from its record and score (None: its figures are not
    known, e.g. a header the engine refuses: names only)."""
    players = list(dict.fromkeys(record.get("players") or []))
    if record.get("format") == FORMAT_2 or len(players) != 2 or score is None:
        return [PlayerLine(name, "") for name in players]
    per = partie_figures(score)
    a, b = players
    return [line(name, other, per[name]) for name, other in ((a, b), (b, a))]


def line(player: str, opponent: str, figures: PlayerFigures) -> PlayerLine:
    sums = figures.to_dict()
    best = sums.pop(BEST)
    return PlayerLine(player, opponent, sums, best)


def figures_from(sums: dict[str, int], best: int | None) -> PlayerFigures:
    """The figures back from kept sums."""
    return PlayerFigures.from_dict({**sums, BEST: best})
