"""The score sheet as plain values for the screen, from a `piquet-score/1` dict.

Everything here is read from the engine's answer (`score_record`): the deal
scores, the totals and the result. The settlement line only explains the
engine's `result.points` by showing how it splits into the two totals and the
bonus; it never decides anything itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kiosk.i18n import Translator


@dataclass(frozen=True)
class SheetRow:
    label: str  # "Deal 3" (with "×2" when the deal counts double)
    scores: tuple[str, str]  # what the deal added, player by player
    running: tuple[str, str]  # running totals after the deal


def sheet_rows(score: dict[str, Any], _: Translator, short: bool = False) -> list[SheetRow]:
    """One row per deal; `short` labels a row with the deal's number only."""
    players = score["players"]
    running = {p: 0 for p in players}
    rows = []
    for deal in score["deals"]:
        for p in players:
            running[p] += deal["scores"].get(p, 0)
        label = str(deal["number"]) if short else _("Deal {n}", n=deal["number"])
        if deal.get("multiplier", 1) != 1:
            label += f" ×{deal['multiplier']}"
        if not deal.get("complete", True):
            label += " …"
        rows.append(
            SheetRow(
                label=label,
                scores=(str(deal["scores"].get(players[0], 0)),
                        str(deal["scores"].get(players[1], 0))),
                running=(str(running[players[0]]), str(running[players[1]])),
            )
        )
    return rows


def settlement(score: dict[str, Any], _: Translator, game: str = "rubicon") -> str:
    """One sentence explaining the engine's result, or "" while in play."""
    result = score.get("result")
    if not result:
        return ""
    if result.get("draw"):
        return _("The partie is a draw.")
    winner = result["winner"]
    loser = next(p for p in score["players"] if p != winner)
    w, lo, points = score["totals"][winner], score["totals"][loser], result["points"]
    if game == "au-cent":
        if result.get("double"):
            return _("{winner} wins a double game: {points} = ({w} − {l}) × 2",
                     winner=winner, points=points, w=w, l=lo)
        return _("{winner} wins {points} = {w} − {l}", winner=winner, points=points, w=w, l=lo)
    if result.get("rubicon"):
        bonus = points - w - lo
        return _("{loser} is rubiconed: {w} + {l} + {bonus} = {points}",
                 loser=loser, w=w, l=lo, bonus=bonus, points=points)
    bonus = points - (w - lo)
    return _("{winner} wins {points} = {w} − {l} + {bonus}",
             winner=winner, points=points, w=w, l=lo, bonus=bonus)
