"""Where a game for three to seven players stands, for the screens: the
engine's own answer (`scorer.multi.in_play`), and whether a record is one.
"""

from __future__ import annotations

from typing import Any

from scorer.multi.in_play import (
    DealTable,
    current_deal,
    deal_actions,
    deal_table,
    score_deals,
    seats_of,
    trick_winners,
)

FORMAT_2 = "piquet-record/2"


def is_multi(record: dict[str, Any] | None) -> bool:
    """A `piquet-record/2` game (three to seven players)."""
    return record is not None and record.get("format") == FORMAT_2


__all__ = [
    "FORMAT_2",
    "DealTable",
    "current_deal",
    "deal_actions",
    "deal_table",
    "is_multi",
    "score_deals",
    "seats_of",
    "trick_winners",
]
