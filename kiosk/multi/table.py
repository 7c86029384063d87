"""Where a game for three to seven players stands, for the screens: the
engine's own answer (`scorer.multi.in_play`). Whether a record is one is its
form's question (`scorer.multi.traits.record_traits`).
"""

from __future__ import annotations

from scorer.multi.in_play import (
    DealTable,
    current_deal,
    deal_actions,
    deal_table,
    score_deals,
    seats_of,
    trick_winners,
)

__all__ = [
    "DealTable",
    "current_deal",
    "deal_actions",
    "deal_table",
    "score_deals",
    "seats_of",
    "trick_winners",
]
