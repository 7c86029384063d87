"""Seats to players: which letter a seat button's trick is, whose lead it is.

The seats are fixed at the table (seat A = button 0, seat B = button 1);
the kiosk knows which player sits where (`seat_players`, in seat order) and,
from the score, who is Elder in the current deal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal


def trick_winner(seat: int, seat_players: Sequence[str], elder: str) -> Literal["E", "Y"]:
    """The `{"trick": ...}` letter for a press of `seat` in a deal with this Elder."""
    if elder not in seat_players:
        raise ValueError(f"{elder!r} does not sit at the table")
    return "E" if seat_players[seat] == elder else "Y"


def leading_seat(seat_players: Sequence[str], elder: str, tricks: str) -> int:
    """The seat that leads next: Elder to the first trick, then the last winner."""
    younger = next(p for p in seat_players if p != elder)
    leader = elder if not tricks or tricks[-1] == "E" else younger
    return list(seat_players).index(leader)
