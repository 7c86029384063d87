"""The score sheet as plain values for the screen, from a `piquet-score/1` dict.

Everything here is read from the engine's answer (`score_record`): the deal
scores, the totals and the result; the settlement in words comes from
`scorer.explain`.
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
            label = _("{deal} (in play)", deal=label)
        rows.append(
            SheetRow(
                label=label,
                scores=(str(deal["scores"].get(players[0], 0)),
                        str(deal["scores"].get(players[1], 0))),
                running=(str(running[players[0]]), str(running[players[1]])),
            )
        )
    return rows


