"""A partie's figures as the journal keeps them: one `PlayerLine` per player.

For a two-player partie (`piquet-record/1`) the lines hold
`scorer.stats.partie_figures(score)`, the numbers that add up (`sums`) and the
best deal (`best`); a game of three or more (`piquet-record/2`, schema 6) holds
`scorer.stats.game_figures(score)` under keys of their own (`TABLE_SUMS`:
"table_games", ...), its best deal in `best` and no opponent (''), so that a
player's sums keep both apart and his two bests are read from the lines with an
opponent and those without.
"""

from __future__ import annotations

from typing import Any

from journal.forms import FORMAT_2
from journal.store import PlayerLine
from scorer.stats import PlayerFigures, game_figures, partie_figures

BEST = "best_deal"


def lines_of(record: dict[str, Any], score: dict[str, Any] | None) -> list[PlayerLine]:
    """The lines of a partie from its record and score (None: its figures are not
    known, e.g. a header the engine refuses: names only)."""
    players = list(dict.fromkeys(record.get("players") or []))
    if record.get("format") == FORMAT_2 and score is not None:
        games = game_figures(score)
        return [
            PlayerLine(name, "", games[name].to_sums(), games[name].best_deal)
            for name in players
            if name in games
        ]
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
