"""A sitting: several parties played one after another, with each player's
running net (RULES.md, "A sitting"; Cavendish's score card of five parties).

The winner of a partie gains its points and the loser loses them; a draw
moves nothing. Players may change between parties (a chouette, a new
opponent), so the net is kept per name.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from scorer.frozen import frozen


@frozen
class SittingRow:
    number: int
    players: tuple[str, ...]
    winner: str | None
    points: int
    net: dict[str, int]  # each player's running net after this partie


def sitting(results: Iterable[dict[str, Any]]) -> list[SittingRow]:
    """Rows of a sitting from finished `piquet-score/1` answers, in play order.

    An unfinished partie contributes nothing to the net (it is listed with no
    winner and 0 points)."""
    net: dict[str, int] = {}
    rows = []
    for number, score in enumerate(results, start=1):
        players = tuple(score["players"])
        for name in players:
            net.setdefault(name, 0)
        result = score.get("result") or {}
        winner = result.get("winner")
        points = int(result.get("points", 0)) if winner else 0
        if winner:
            for name in players:
                net[name] += points if name == winner else -points
        rows.append(SittingRow(number, players, winner, points, dict(net)))
    return rows
