"""The score sheet as plain values for the screen, from a `piquet-score/1` dict.

Everything here is read from the engine's answer (`score_record`): the deal
scores, the totals and the result; the settlement in words comes from
`scorer.explain`. Columns follow the seats (`names`), the players' order at
the table.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from kiosk.i18n import Translator
from scorer.frozen import frozen


@frozen
class SheetRow:
    number: int
    label: str  # "Deal 3" (with "×2" when the deal counts double, "(totals)" in quick mode,
    # "(corrected)" when corrected after the partie)
    scores: tuple[str, str]  # what the deal added, seat by seat ("+12")
    running: tuple[str, str]  # running totals after the deal
    totals_only: bool  # entered as its two totals (quick mode)


def sheet_rows(
    score: dict[str, Any],
    _: Translator,
    short: bool = False,
    names: Sequence[str] | None = None,
    corrected: Collection[int] = (),
) -> list[SheetRow]:
    """One row per deal; `short` labels a row with the deal's number only;
    `corrected`: the numbers of the deals corrected after the partie (Law 70)."""
    a, b = names or score["players"]
    running = {a: 0, b: 0}
    rows = []
    for deal in score["deals"]:
        for p in (a, b):
            running[p] += deal["scores"].get(p, 0)
        label = str(deal["number"]) if short else _("Deal {n}", n=deal["number"])
        if deal.get("multiplier", 1) != 1:
            label += f" ×{deal['multiplier']}"
        totals_only = any(line["category"] == "entered" for line in deal["lines"])
        if not deal.get("complete", True):
            label = _("{deal} (in play)", deal=label)
        elif deal["number"] in corrected:
            label = _("{deal} (corrected)", deal=label)
        elif totals_only and not short:
            label = _("{deal} (totals)", deal=label)
        rows.append(
            SheetRow(
                number=deal["number"],
                label=label,
                scores=(f"+{deal['scores'].get(a, 0)}", f"+{deal['scores'].get(b, 0)}"),
                running=(str(running[a]), str(running[b])),
                totals_only=totals_only,
            )
        )
    return rows
