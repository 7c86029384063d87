"""Piquet Voleur: four players, two partnerships, partners opposite (seed
004, "Piquet Voleur (Four-Handed Piquet)"; docs/rules-multi.md).

- The whole pack is dealt, eight cards each; no exchange.
- The player at the dealer's left declares and leads; the declarations are
  made as the first trick goes round, and reckon in Law 67's order.
- When a player's combination is good, his partner also scores his own
  combinations of that class (setting `partners_point`: whether that holds
  for the point too).
- Repique 90 for 20 in hand before the other side has scored; pique 60 for
  20 in hand and play before the other side has scored.
- In play, a side scores 1 for each lead; winning a trick scores 1 only if
  the other side led it; the last trick 1 more. The most tricks of eight score
  10, all eight (capot) 40.
- The partie is one of the two-handed forms (`game`): rubicon, four-deal or
  au-cent, between the two sides.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from scorer.combinations import Holding
from scorer.errors import RecordError, Said
from scorer.hand import holding_of, is_carte_blanche
from scorer.multi import record as rec
from scorer.multi.answered import answered_holdings
from scorer.multi.reckon import (
    Event,
    Line,
    Parties,
    bonus_holder,
    hand_events,
    lines_of,
    play_events,
    with_pique,
    with_repique,
)
from scorer.multi.settings import CAPOT_WHY, NEED_CARDS
from scorer.multi.traits import TRAITS
from scorer.multi.wording import Why, and_, render, why
from scorer.partie import (
    AU_CENT_DOUBLE_UNDER,
    AU_CENT_TARGET,
    EXTRA_DEALS,
    REGULAR_DEALS,
    multiplier,
    settlement,
)
from scorer.variants import plays_to_target

HAND_SIZE = 8
LEAST_POINT = TRAITS["voleur"].least_point  # eight cards hold a suit of two at least
TRICKS = TRAITS["voleur"].tricks  # 8
REPIQUE, PIQUE, BONUS_AT = 90, 60, 20
CARDS, CAPOT = 10, 40
MAX_ENTERED = TRAITS["voleur"].entered_most
SIDES = {"AC": ("A", "C"), "BD": ("B", "D")}
RULES = {
    "partners": "voleur-partners",
    "repique": "voleur-repique",
    "pique": "voleur-pique",
    "play": "voleur-play",
    "cards": "voleur-cards",
    "capot": "voleur-capot",
    "entered": "entered",
}


def side_of(seat: str) -> str:
    return next(side for side, seats in SIDES.items() if seat in seats)


@dataclass(frozen=True)
class Deal:
    number: int
    dealer: str
    order: tuple[str, ...]  # from the dealer's left, who declares and leads first
    carte_blanche: tuple[str, ...] = ()
    holdings: dict[str, Holding] | None = None
    tricks: tuple[rec.Trick, ...] = ()
    entered: dict[str, int] | None = None  # by side

    @property
    def complete(self) -> bool:
        return self.entered is not None or len(self.tricks) == TRICKS


@dataclass(frozen=True)
class Reckoned:
    deal: Deal
    multiplier: int
    points: dict[str, int]  # raw, by side
    lines: list[Line]
    bonuses: dict[str, str | None]
    won: dict[str, int]  # tricks taken, by side

    def scores(self) -> dict[str, int]:
        return {side: p * self.multiplier for side, p in self.points.items()}


def read_deal(table: rec.Table, number: int, raw: object, problem: rec.Problem) -> Deal | None:
    if not isinstance(raw, dict):
        problem(Said("a deal must be a JSON object"))
        return None
    dealer = table.dealer(number)
    order = tuple(table.play_order(table.left_of(dealer)))
    seats = table.seats
    failed = False

    def note(text: str) -> None:
        nonlocal failed
        failed = True
        problem(text)

    rec.refuse_fields(raw, ("exchange",), Said("in Piquet Voleur the whole pack is dealt"), note)
    rec.refuse_fields(raw, ("throw_in",), Said("Piquet Voleur has no throwing in"), note)
    if "entered" in raw:
        others = sorted(k for k in raw if k in _FIELDS and k != "entered")
        if others:
            note(f"entered cannot be combined with {', '.join(others)}")
    blanche = rec.seat_list(raw.get("carte_blanche"), seats, "carte_blanche", note)
    hands = rec.read_hands(raw["hands"], seats, HAND_SIZE, note) if "hands" in raw else {}
    for seat in blanche:
        if seat in hands and not is_carte_blanche(hands[seat]):
            note(f"{seat} claims carte blanche but holds a king, queen or jack")
    if "declared" in raw:
        holdings = rec.read_declared(raw["declared"], seats, note, LEAST_POINT)
        if not failed:
            for seat, holding in holdings.items():
                if seat in hands:
                    rec.check_held(seat, holding, hands[seat], note)
    else:
        holdings = {seat: holding_of(cards) for seat, cards in hands.items()}
    if not failed:
        rec.check_pack(holdings, note)
    tricks = rec.read_tricks(raw.get("tricks", ""), table, seats, order[0], TRICKS, hands, note)
    if any(t.cards is None for t in tricks) and table.settings["trick_count"] in NEED_CARDS:
        note(
            "the tens-and-above count (settings.trick_count) needs each trick's cards: "
            '{"winner": SEAT, "cards": [...]}'
        )
    entered = (
        rec.read_entered(raw["entered"], tuple(SIDES), MAX_ENTERED, note)
        if "entered" in raw
        else None
    )
    if failed:
        return None
    holdings = answered_holdings(holdings, raw, order)  # an unanswered call scores nothing
    return Deal(number, dealer, order, blanche, holdings, tricks, entered)


_FIELDS = ("carte_blanche", "exchange", "declared", "hands", "tricks", "throw_in", "entered")


def parties_of(table: rec.Table, deal: Deal) -> Parties:
    return Parties(SIDES, table.names(), deal.order)


def reckon(table: rec.Table, deal: Deal) -> Reckoned:
    parties = parties_of(table, deal)
    won = dict(Counter(side_of(t.winner) for t in deal.tricks))
    factor = multiplier(table.game, deal.number)
    if deal.entered is not None:
        lines = [
            Line(side, None, "entered", deal.entered[side], Why("entered"), RULES["entered"])
            for side in SIDES
        ]
        return Reckoned(
            deal,
            factor,
            dict(deal.entered),
            lines,
            {"repique": None, "pique": None, "capot": None},
            won,
        )
    events = hand_events(
        parties,
        deal.holdings or {},
        deal.carte_blanche,
        table.settings["partners_point"],
        RULES["partners"],
    )
    events = with_repique(events, parties, BONUS_AT, REPIQUE, RULES["repique"])
    events += play_events(
        deal.tricks, parties, TRICKS, table.settings["trick_count"], table.settings["capot"]
    )
    events = with_pique(events, parties, BONUS_AT, PIQUE, RULES["pique"])
    events += cards_events(deal, parties, table.settings["capot"])
    points = {side: sum(e.points for e in events if e.party == side) for side in SIDES}
    bonuses = {k: bonus_holder(events, k) for k in ("repique", "pique", "capot")}
    lines = lines_of(events, parties, RULES["play"], "m.play.wins.side")
    return Reckoned(deal, factor, points, lines, bonuses, won)


def cards_events(deal: Deal, parties: Parties, capot: str = "scarne") -> list[Event]:
    """The side with five or more tricks of eight scores 10; all eight, capot 40."""
    if len(deal.tricks) < TRICKS:
        return []
    won = Counter(side_of(t.winner) for t in deal.tricks)
    for side in parties.in_order:
        if won[side] == TRICKS:
            return [
                Event(side, None, "capot", CAPOT, why(CAPOT_WHY[capot], of=TRICKS), RULES["capot"])
            ]
        if won[side] > TRICKS // 2:
            return [
                Event(
                    side,
                    None,
                    "cards",
                    CARDS,
                    why("m.cards.side", n=won[side], of=TRICKS),
                    RULES["cards"],
                )
            ]
    return []


# --- the partie ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Result:
    winner: str | None  # a side
    draw: bool
    points: int
    rubicon: bool
    double: bool | None
    why: Why | None


def decided(game: str, number: int, totals: dict[str, int]) -> Result | None:
    """The two-handed partie's ending between the two sides (Laws 71-73; au Cent)."""
    (first, a), (second, b) = totals.items()
    if plays_to_target(game):
        if max(a, b) < AU_CENT_TARGET or a == b:
            return None
        winner, loser = (first, second) if a > b else (second, first)
        double = totals[loser] < AU_CENT_DOUBLE_UNDER
        difference = totals[winner] - totals[loser]
        key = "m.side.au_cent.double" if double else "m.side.au_cent"
        points = difference * (2 if double else 1)
        return Result(
            winner,
            False,
            points,
            False,
            double,
            why(key, w=totals[winner], l=totals[loser], points=points),
        )
    regular = REGULAR_DEALS[game]
    if number < regular:
        return None
    if a == b:
        if number >= regular + EXTRA_DEALS:
            return Result(None, True, 0, False, None, why("m.side.draw", a=a))
        return None
    if regular < number < regular + EXTRA_DEALS:
        return None  # the tie-break is two deals, one dealt by each side
    winner, loser = (first, second) if a > b else (second, first)
    settled = settlement(totals[winner], totals[loser], winner)
    if settled.rubicon:
        reason = why(
            "m.side.rubicon", w=totals[winner], l=totals[loser], bonus=100, points=settled.points
        )
    else:
        reason = why(
            "m.side.difference", w=totals[winner], l=totals[loser], bonus=100, points=settled.points
        )
    return Result(winner, False, settled.points, settled.rubicon, None, reason)


def score(table: rec.Table, lang: str = "en") -> dict[str, Any]:
    problems: list[str] = []
    raw_deals = rec.read_deals(table.raw.get("deals"), rec.noting(problems, rec.at_record()))
    deals: list[Deal] = []
    for number, raw in enumerate(raw_deals, start=1):
        deal = read_deal(table, number, raw, rec.noting(problems, rec.at_deal(number)))
        if deal is not None:
            deals.append(deal)
    if problems:
        raise RecordError(problems)
    totals = dict.fromkeys(SIDES, 0)
    reckoned: list[Reckoned] = []
    result: Result | None = None
    for deal in deals:
        if result is not None:
            problems.append(
                Said(
                    "deal {n}: the partie was already decided after deal {last}",
                    n=deal.number,
                    last=reckoned[-1].deal.number,
                )
            )
            break
        if reckoned and not reckoned[-1].deal.complete:
            problems.append(
                Said(
                    "deal {n}: incomplete, but only the last deal may be",
                    n=reckoned[-1].deal.number,
                )
            )
            break
        done = reckon(table, deal)
        reckoned.append(done)
        for side, points in done.scores().items():
            totals[side] += points
        if deal.complete:
            result = decided(table.game, deal.number, totals)
    if problems:
        raise RecordError(problems)
    return _answer(table, reckoned, totals, result, lang)


def _answer(
    table: rec.Table,
    reckoned: list[Reckoned],
    totals: dict[str, int],
    result: Result | None,
    lang: str,
) -> dict[str, Any]:
    names = table.names()

    def label(side: str) -> str:
        return render(and_([names[s] for s in SIDES[side]]), lang)

    deals = []
    for done in reckoned:
        deal = done.deal
        deals.append(
            {
                "number": deal.number,
                "dealer": names[deal.dealer],
                "leader": names[deal.order[0]],
                "multiplier": done.multiplier,
                "scores": done.scores(),
                "tricks": {side: done.won.get(side, 0) for side in SIDES},
                "bonuses": done.bonuses,
                "complete": deal.complete,
                "lines": [
                    {
                        "player": names[ln.seat] if ln.seat else None,
                        "side": ln.party,
                        "category": ln.category,
                        "points": ln.points,
                        "why": render(ln.why, lang),
                        "rule": ln.rule,
                    }
                    for ln in done.lines
                ],
            }
        )
    money = dict.fromkeys(table.players, 0)
    answer_result = None
    if result is not None:
        if result.winner is not None:
            for seat in table.seats:
                won = side_of(seat) == result.winner
                money[names[seat]] = result.points if won else -result.points
        text = ""
        if result.why is not None:
            loser = next(s for s in SIDES if s != result.winner)
            args = dict(result.why.args)
            if result.winner is not None:
                args.update(winner=label(result.winner), loser=label(loser))
            text = render(why(result.why.key, **args), lang)
        answer_result = {
            "winner": result.winner,
            "winners": [names[s] for s in SIDES[result.winner]] if result.winner else [],
            "draw": result.draw,
            "points": result.points,
            "rubicon": result.rubicon,
            "why": text,
        }
        if plays_to_target(table.game):
            answer_result["double"] = bool(result.double)
    return {
        "sides": [
            {"id": side, "seats": list(seats), "players": [names[s] for s in seats]}
            for side, seats in SIDES.items()
        ],
        "deals": deals,
        "side_totals": dict(totals),
        "totals": {names[s]: totals[side_of(s)] for s in table.seats},
        "finished": answer_result is not None,
        "result": answer_result,
        "settlement": money,
    }
