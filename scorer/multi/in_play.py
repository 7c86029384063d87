"""Where a game for three to seven players stands: the deal in play, who
deals it, who announces first and leads, who plays it and in which order,
the sides of Voleur, and the actions of the deal in play (the journal's own
list, from the action that opened the deal). Pure: read from the record.
"""

from __future__ import annotations

from typing import Any

from scorer.frozen import frozen
from scorer.multi.record import SEAT_LETTERS
from scorer.multi.seats import seating
from scorer.multi.traits import traits

OPENERS = ("next_deal", "next_partie")


@frozen
class DealTable:
    """The deal in play: its number, who deals and who leads (seat letters),
    the seats that play it in play order from the leader, and the names."""

    form: str
    number: int  # the deal in play (in Chouette, of the partie in play); 0: none
    partie: int  # Chouette: the partie in play (0 before the first); else 0
    dealer: str
    leader: str
    order: tuple[str, ...]
    names: dict[str, str]
    sides: tuple[tuple[str, ...], ...]  # Voleur: ("A", "C"), ("B", "D"); else one seat each

    def name(self, seat: str) -> str:
        return self.names.get(seat, seat)

    def side_of(self, seat: str) -> tuple[str, ...]:
        return next((side for side in self.sides if seat in side), (seat,))

    def partner(self, seat: str) -> str | None:
        side = self.side_of(seat)
        return next((s for s in side if s != seat), None)

    @property
    def two_handed(self) -> bool:
        return traits(self.form).two_handed

    @property
    def tricks(self) -> int:
        """The tricks of a deal of this form."""
        return traits(self.form).tricks


def seats_of(record: dict[str, Any]) -> dict[str, str]:
    return dict(zip(SEAT_LETTERS, record.get("players") or [], strict=False))


def deal_table(record: dict[str, Any]) -> DealTable:
    """The deal in play of a `piquet-record/2` record."""
    form = record["form"]
    names = seats_of(record)
    seat = {name: letter for letter, name in names.items()}
    if traits(form).parties:
        parties = record.get("parties") or []
        if not parties:
            return DealTable(form, 0, 0, "", "", (), names, tuple((s,) for s in names))
        partie = parties[-1]
        number = len(partie.get("deals") or [{}])
        first = partie["first_dealer"]
        other = partie["playing"] if first == partie["single"] else partie["single"]
        dealer, leader = (first, other) if number % 2 else (other, first)
        return DealTable(
            form,
            number,
            len(parties),
            dealer,
            leader,
            (leader, dealer),
            names,
            tuple((s,) for s in names),
        )
    number = len(record.get("deals") or [{}])
    where = seating(form, list(record["players"]), record["first_dealer"], number)
    order = tuple(seat[n] for n in where["playing"])
    sides = (
        tuple(tuple(seat[n] for n in side) for side in where["sides"])
        if where["sides"]
        else tuple((s,) for s in names)
    )
    return DealTable(
        form, number, 0, seat[where["dealer"]], seat[where["leader"]], order, names, sides
    )


def deal_actions(actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The actions of the deal in play: those after the last that opened a deal."""
    start = 0
    for index in range(len(actions) - 1, -1, -1):
        if any(key in actions[index] for key in OPENERS):
            start = index + 1
            break
    return actions[start:]


def current_deal(record: dict[str, Any]) -> dict[str, Any]:
    """The deal in play as the record holds it ({} before a Chouette partie)."""
    if traits(record.get("form")).parties:
        parties = record.get("parties") or []
        deals = (parties[-1].get("deals") or [{}]) if parties else [{}]
        return deals[-1]
    return (record.get("deals") or [{}])[-1]


def score_deals(score: dict[str, Any]) -> list[dict[str, Any]]:
    """The deals of the game (Chouette: of the partie in play) in the engine's answer."""
    if traits(score.get("form")).parties:
        parties = score.get("parties") or []
        return list(parties[-1]["score"]["deals"]) if parties else []
    return list(score.get("deals") or [])


def trick_winners(deal: dict[str, Any]) -> list[str]:
    tricks = deal.get("tricks") or ""
    return [t if isinstance(t, str) else t.get("winner", "") for t in tricks]
