"""Piquet Normand: three players (seed 004, "Piquet Normand (Three-Handed
Pique)"; docs/rules-multi.md).

- Ten cards each; the two left over are a widow that only the dealer may take,
  giving two of his cards for it.
- The player at the dealer's left announces first, then each in turn; the
  classes are reckoned in Law 67's order, as between two players.
- Repique 90 for 20 in hand before the others have scored anything; pique 60
  for 20 in hand and play before the opponents have scored (setting
  `pique_opponents`).
- The most tricks score 10, or 5 each to those tied for the most; capot (all
  ten) 40; two players who take all the tricks between them 20 each.
- The first to reach 100 (setting `target`) at the end of a deal wins: each
  lower score pays him the difference, or he takes a pot of equal antes
  (setting `settlement`).
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
from scorer.quoting import quoted

HAND_SIZE = 10
TRICKS = TRAITS["normand"].tricks  # 10
WIDOW = TRAITS["normand"].widow  # 2
REPIQUE, PIQUE, BONUS_AT = 90, 60, 20
CARDS_MOST, CARDS_TIE, CAPOT, SHARED_CAPOT = 10, 5, 40, 20
MAX_ENTERED = TRAITS["normand"].entered_most
RULES = {
    "repique": "normand-repique",
    "pique": "normand-pique",
    "play": "normand-play",
    "cards": "normand-cards",
    "capot": "normand-capot",
    "entered": "entered",
}


@dataclass(frozen=True)
class Deal:
    number: int
    dealer: str
    order: tuple[str, ...]  # the announcing (and first trick's) order: dealer's left first
    carte_blanche: tuple[str, ...] = ()
    holdings: dict[str, Holding] | None = None
    tricks: tuple[rec.Trick, ...] = ()
    entered: dict[str, int] | None = None

    @property
    def complete(self) -> bool:
        return self.entered is not None or len(self.tricks) == TRICKS


@dataclass(frozen=True)
class Reckoned:
    deal: Deal
    points: dict[str, int]  # by seat
    lines: list[Line]
    bonuses: dict[str, Any]
    won: dict[str, int]  # tricks taken, by seat


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

    rec.refuse_fields(raw, ("throw_in",), Said("Piquet Normand has no throwing in"), note)
    if "entered" in raw:
        others = sorted(k for k in raw if k in _FIELDS and k not in ("entered", "exchange"))
        if others:
            note(f"entered cannot be combined with {', '.join(others)}")
    blanche = rec.seat_list(raw.get("carte_blanche"), seats, "carte_blanche", note)
    if "exchange" in raw:
        _check_exchange(raw["exchange"], dealer, note)
    hands = rec.read_hands(raw["hands"], seats, HAND_SIZE, note) if "hands" in raw else {}
    for seat in blanche:
        if seat in hands and seat != dealer and not is_carte_blanche(hands[seat]):
            note(f"{seat} claims carte blanche but holds a king, queen or jack")
    holdings: dict[str, Holding] = {}
    if "declared" in raw:
        holdings = rec.read_declared(raw["declared"], seats, note)
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
        rec.read_entered(raw["entered"], seats, MAX_ENTERED, note) if "entered" in raw else None
    )
    if failed:
        return None
    holdings = answered_holdings(holdings, raw, order)  # an unanswered call scores nothing
    return Deal(number, dealer, order, blanche, holdings, tricks, entered)


_FIELDS = ("carte_blanche", "exchange", "declared", "hands", "tricks", "throw_in", "entered")


def _check_exchange(raw: object, dealer: str, problem: rec.Problem) -> None:
    """Only the dealer takes the widow, giving up to two cards for it."""
    if not isinstance(raw, dict) or set(raw) - {dealer}:
        problem(
            Said(
                'exchange must be {{"{dealer}": 0..{most}}}: only the dealer ({dealer}) '
                "may take the widow",
                dealer=dealer,
                most=WIDOW,
            )
        )
        return
    taken = raw.get(dealer)
    if taken is not None and (not rec.is_int(taken) or not 0 <= taken <= WIDOW):
        problem(
            Said(
                "exchange.{dealer} must be 0 to {most} cards, not {given}",
                dealer=dealer,
                most=WIDOW,
                given=quoted(taken),
            )
        )


def parties_of(table: rec.Table, deal: Deal) -> Parties:
    return Parties({s: (s,) for s in table.seats}, table.names(), deal.order)


def reckon(table: rec.Table, deal: Deal) -> Reckoned:
    parties = parties_of(table, deal)
    won = dict(Counter(t.winner for t in deal.tricks))
    if deal.entered is not None:
        lines = [
            Line(s, s, "entered", deal.entered[s], Why("entered"), RULES["entered"])
            for s in deal.order
        ]
        return Reckoned(
            deal, dict(deal.entered), lines, {"repique": None, "pique": None, "capot": []}, won
        )
    events = hand_events(parties, deal.holdings or {}, deal.carte_blanche)
    events = with_repique(events, parties, BONUS_AT, REPIQUE, RULES["repique"])
    events += play_events(
        deal.tricks, parties, TRICKS, table.settings["trick_count"], table.settings["capot"]
    )
    events = with_pique(
        events, parties, BONUS_AT, PIQUE, RULES["pique"], table.settings["pique_opponents"]
    )
    events += cards_events(deal, parties, table.settings["shared_capot"], table.settings["capot"])
    points = {s: sum(e.points for e in events if e.party == s) for s in table.seats}
    capot = [e.party for e in events if e.category == "capot"]
    bonuses = {
        "repique": bonus_holder(events, "repique"),
        "pique": bonus_holder(events, "pique"),
        "capot": capot,
    }
    return Reckoned(deal, points, lines_of(events, parties, RULES["play"]), bonuses, won)


def cards_events(
    deal: Deal, parties: Parties, shared_capot: str, capot: str = "scarne"
) -> list[Event]:
    """The most tricks 10, or 5 each to those tied for the most; capot 40; two
    players who take all the tricks between them 20 each."""
    if len(deal.tricks) < TRICKS:
        return []
    won = Counter(t.winner for t in deal.tricks)
    takers = [s for s in deal.order if won[s]]
    names = parties.names
    if len(takers) == 1:
        [seat] = takers
        return [Event(seat, seat, "capot", CAPOT, why(CAPOT_WHY[capot], of=TRICKS), RULES["capot"])]
    events: list[Event] = []
    if len(takers) == 2:
        a, b = takers
        for seat, other in ((a, b), (b, a)):
            events.append(
                Event(
                    seat,
                    seat,
                    "capot",
                    SHARED_CAPOT,
                    why("m.capot.shared", name=names[seat], other=names[other], of=TRICKS),
                    RULES["capot"],
                )
            )
        if shared_capot == "instead":
            return events
    most = max(won.values())
    leaders = [s for s in deal.order if won[s] == most]
    if len(leaders) == 1:
        [seat] = leaders
        events.append(
            Event(
                seat,
                seat,
                "cards",
                CARDS_MOST,
                why("m.cards.most", n=most, of=TRICKS),
                RULES["cards"],
            )
        )
    else:
        for seat in leaders:
            others = [names[s] for s in leaders if s != seat]
            events.append(
                Event(
                    seat,
                    seat,
                    "cards",
                    CARDS_TIE,
                    why("m.cards.tie", n=most, of=TRICKS, other=and_(others)),
                    RULES["cards"],
                )
            )
    return events


# --- the game ------------------------------------------------------------------------------


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
    target = table.settings["target"]
    totals = dict.fromkeys(table.seats, 0)
    reckoned: list[Reckoned] = []
    winner: str | None = None
    for deal in deals:
        if winner is not None:
            problems.append(
                Said(
                    "deal {n}: the game was already won after deal {last}",
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
        for seat, points in done.points.items():
            totals[seat] += points
        if deal.complete:
            winner = _winner(totals, target)
    if problems:
        raise RecordError(problems)
    return _answer(table, reckoned, totals, winner, lang)


def _winner(totals: dict[str, int], target: int) -> str | None:
    """The one highest total at or over the target; equal highest totals play on."""
    top = max(totals.values())
    leaders = [s for s, t in totals.items() if t == top]
    return leaders[0] if top >= target and len(leaders) == 1 else None


def settlement(
    table: rec.Table, totals: dict[str, int], winner: str, deals: int
) -> tuple[dict[str, int], list[Why], int | None]:
    """What each player wins or loses, the reasons (one a payment), and the pot."""
    names = table.names()
    money = dict.fromkeys(table.seats, 0)
    reasons: list[Why] = []
    if table.settings["settlement"] == "pot":
        each = deals if table.settings["pot_antes"] == "each_deal" else 1
        for seat in table.seats:
            reasons.append(why("m.antes", name=names[seat], points=each))
            if seat != winner:
                money[seat] -= each
                money[winner] += each
        return money, reasons, each * len(table.seats)
    for seat in table.seats:
        if seat == winner:
            continue
        owed = totals[winner] - totals[seat]
        money[seat] -= owed
        money[winner] += owed
        reasons.append(
            why(
                "m.pays",
                name=names[seat],
                other=names[winner],
                points=owed,
                w=totals[winner],
                l=totals[seat],
            )
        )
    return money, reasons, None


def _answer(
    table: rec.Table,
    reckoned: list[Reckoned],
    totals: dict[str, int],
    winner: str | None,
    lang: str,
) -> dict[str, Any]:
    names = table.names()
    deals = []
    for done in reckoned:
        deal = done.deal
        bonuses = done.bonuses
        deals.append(
            {
                "number": deal.number,
                "dealer": names[deal.dealer],
                "leader": names[deal.order[0]],
                "scores": {names[s]: done.points[s] for s in table.seats},
                "tricks": {names[s]: done.won.get(s, 0) for s in table.seats},
                "bonuses": {
                    "repique": names[bonuses["repique"]] if bonuses["repique"] else None,
                    "pique": names[bonuses["pique"]] if bonuses["pique"] else None,
                    "capot": [names[s] for s in bonuses["capot"]],
                },
                "complete": deal.complete,
                "lines": [
                    {
                        "player": names[ln.seat or ln.party],
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
    result = None
    if winner is not None:
        by_seat, reasons, pot = settlement(table, totals, winner, len(reckoned))
        money = {names[s]: v for s, v in by_seat.items()}
        target = table.settings["target"]
        if pot is not None:
            head = why(
                "m.result.pot", winner=names[winner], target=target, w=totals[winner], pot=pot
            )
        else:
            head = why("m.result.difference", winner=names[winner], target=target, w=totals[winner])
        result = {
            "winner": names[winner],
            "basis": table.settings["settlement"],
            "unit": "antes" if pot is not None else "points",
            "points": by_seat[winner],
            "why": render(head, lang),
            "payments": [render(r, lang) for r in reasons],
        }
        if pot is not None:
            result["pot"] = pot
    return {
        "deals": deals,
        "totals": {names[s]: totals[s] for s in table.seats},
        "finished": result is not None,
        "result": result,
        "settlement": money,
    }
