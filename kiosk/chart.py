"""The partie at a glance, as plain values for the sheet's chart (Kivy-free).

`chart_of(score, seats, record)` reads the engine's answer: each seat's running
total before the first deal (0) and after every deal, the deals with a pique,
a repique or a capot (who scored it, as a letter), the deals corrected after
the partie (Law 70) and the line at 100 (the Rubicon; au Cent's target). The
seats' order is the players' at the table, so the chart keeps their sides and
colours on every screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorer.correction import is_corrected
from scorer.frozen import frozen
from scorer.partie import RUBICON

BONUS_LETTERS = (("pique", "P"), ("repique", "R"), ("capot", "C"))


@frozen
class Chart:
    names: tuple[str, str]  # the seats' order
    totals: tuple[tuple[int, ...], tuple[int, ...]]  # per seat: 0, then after each deal
    deals: tuple[int, ...]  # the deals' numbers, 1..n
    marks: tuple[tuple[int, int, str], ...]  # (deal's index 1..n, seat, "P" / "R" / "C")
    corrected: tuple[int, ...]  # the deals corrected after the partie
    in_play: bool  # the last deal is still in play
    line: int = RUBICON

    def to_view(self) -> dict[str, Any]:
        return {
            "names": list(self.names),
            "totals": [list(t) for t in self.totals],
            "deals": list(self.deals),
            "marks": [list(m) for m in self.marks],
            "corrected": list(self.corrected),
            "in_play": self.in_play,
            "line": self.line,
        }


def chart_of(
    score: dict[str, Any], seats: Sequence[str], record: dict[str, Any] | None = None
) -> Chart:
    a, b = seats
    running = {a: 0, b: 0}
    series: tuple[list[int], list[int]] = ([0], [0])
    marks = []
    raw = (record or {}).get("deals") or []
    corrected = []
    for index, deal in enumerate(score["deals"], start=1):
        for seat, name in enumerate((a, b)):
            running[name] += deal["scores"].get(name, 0)
            series[seat].append(running[name])
        for bonus, letter in BONUS_LETTERS:
            holder = deal["bonuses"].get(bonus)
            if holder in running:
                marks.append((index, (a, b).index(holder), letter))
        if index <= len(raw) and is_corrected(raw[index - 1]):
            corrected.append(deal["number"])
    deals = score["deals"]
    return Chart(
        (a, b),
        (tuple(series[0]), tuple(series[1])),
        tuple(d["number"] for d in deals),
        tuple(marks),
        tuple(corrected),
        bool(deals) and not deals[-1]["complete"],
    )
