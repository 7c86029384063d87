"""Reckoning a deal among several scoring parties, in Law 67's order.

A *party* is whoever shares a score: each player in Piquet Normand, each
partnership in Piquet Voleur. A *seat* is one player. The deal becomes a
stream of events in reckoning order, as in `scorer.reckoning`:

    I carte blanche · II point · III sequences · IV sets · V play · VI the cards

In each class the best holding of all is good only if it is better than every
other party's best (an equal best at the top scores nothing, as between two
players). Then its holder, and in a partnership his partner too, scores every
combination of that class he called. Repique and pique are found by walking
the stream with the form's threshold and bonus, and inserted right after the
event that made them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from scorer.combinations import Holding
from scorer.multi.wording import Why, and_, point_phrase, why
from scorer.wording import sequence_phrase, set_phrase

TYPE_CHECKING = False  # typing is not imported at run time (`piquet score` starts faster)
if TYPE_CHECKING:
    from typing import TypeVar

    from scorer.combinations import Combination

    _C = TypeVar("_C", bound=Combination)

CARTE_BLANCHE, POINT, SEQUENCES, SETS, PLAY, CARDS = 1, 2, 3, 4, 5, 6
CATEGORY_CLASS = {
    "carte_blanche": CARTE_BLANCHE,
    "point": POINT,
    "sequences": SEQUENCES,
    "sets": SETS,
    "repique": SETS,
    "play": PLAY,
    "pique": PLAY,
    "cards": CARDS,
    "capot": CARDS,
    "entered": PLAY,
}
CARTE_BLANCHE_SCORES = 10


@dataclass(frozen=True)
class Event:
    party: str
    seat: str | None  # the player who made it; None for what a party makes together
    category: str
    points: int
    why: Why | None = None
    rule: str = ""
    trick: int | None = None
    kind: str = ""  # play: "lead", "win" or "last"

    @property
    def reckons_in(self) -> int:
        return CATEGORY_CLASS[self.category]


@dataclass(frozen=True)
class Parties:
    """Who scores together, in the order they announce (from the dealer's left)."""

    members: Mapping[str, tuple[str, ...]]  # party -> its seats
    names: Mapping[str, str]  # seat -> player name
    order: tuple[str, ...]  # every seat, in announcement order

    def party_of(self, seat: str) -> str:
        return next(p for p, seats in self.members.items() if seat in seats)

    def label(self, party: str) -> Why | str:
        return and_([self.names[s] for s in self.members[party]])

    def others(self, party: str) -> Why | str:
        return and_([self.names[s] for s in self.order if s not in self.members[party]])

    @property
    def in_order(self) -> tuple[str, ...]:
        """The parties, the first to announce first."""
        seen: list[str] = []
        for seat in self.order:
            party = self.party_of(seat)
            if party not in seen:
                seen.append(party)
        return tuple(seen)


# --- I to IV: the hands -------------------------------------------------------------


def hand_events(
    parties: Parties,
    holdings: Mapping[str, Holding],
    carte_blanche: tuple[str, ...],
    partners_point: str = "both",
    partner_rule: str = "",
) -> list[Event]:
    """Carte blanche, then the point, sequences and sets of every seat."""
    events = [
        Event(
            parties.party_of(s),
            s,
            "carte_blanche",
            CARTE_BLANCHE_SCORES,
            Why("carte_blanche"),
            "carte-blanche",
        )
        for s in parties.order
        if s in carte_blanche
    ]
    held = {s: holdings.get(s, Holding()) for s in parties.order}
    events += _class_events(
        "point",
        parties,
        {s: (h.point,) if h.point else () for s, h in held.items()},
        lambda p: point_phrase(p.cards, p.value),
        lambda p: p.cards,
        partners_too=partners_point == "both",
        partner_rule=partner_rule,
    )
    events += _class_events(
        "sequences",
        parties,
        {s: h.sequences for s, h in held.items()},
        lambda q: sequence_phrase(q.length, q.top),
        lambda q: q.scores(),
        partners_too=True,
        partner_rule=partner_rule,
    )
    events += _class_events(
        "sets",
        parties,
        {s: h.sets for s, h in held.items()},
        lambda q: set_phrase(q.count, q.rank),
        lambda q: q.scores(),
        partners_too=True,
        partner_rule=partner_rule,
    )
    return events


def _key(combination: Combination) -> tuple[int, float]:
    return combination.key()


def _class_events(
    klass: str,
    parties: Parties,
    calls: Mapping[str, tuple[_C, ...]],
    phrase: Callable[[_C], Why],
    scores: Callable[[_C], int],
    partners_too: bool,
    partner_rule: str,
) -> list[Event]:
    best_of = {s: max(calls[s], key=_key) for s in parties.order if calls[s]}
    # Each party's best holding and who holds it (the first to announce, on equal ones).
    party_best: dict[str, str] = {}
    for seat in parties.order:
        if seat not in best_of:
            continue
        party = parties.party_of(seat)
        if party not in party_best or _key(best_of[seat]) > _key(best_of[party_best[party]]):
            party_best[party] = seat
    if not party_best:
        return []
    ranked = sorted(party_best.items(), key=lambda item: _key(best_of[item[1]]), reverse=True)
    winner, holder = ranked[0]
    runner_up = ranked[1][1] if len(ranked) > 1 else None
    if runner_up is not None and _key(best_of[runner_up]) == _key(best_of[holder]):
        return []  # equal at the top: nobody scores in this class
    seats = [holder] + [s for s in parties.members[winner] if s != holder and partners_too]
    events = []
    for seat in seats:
        for index, combination in enumerate(sorted(calls[seat], key=_key, reverse=True)):
            if seat != holder:
                reason = why(
                    f"m.{klass}.partner",
                    best=phrase(combination),
                    combination=phrase(combination),
                    name=parties.names[seat],
                    partner=parties.names[holder],
                )
                rule = partner_rule or klass
            elif index:
                reason = why(
                    f"m.{klass}.also", combination=phrase(combination), name=parties.names[seat]
                )
                rule = klass
            elif runner_up is None:
                reason = why(f"m.{klass}.alone", best=phrase(combination))
                rule = klass
            else:
                reason = why(
                    f"m.{klass}.good",
                    best=phrase(combination),
                    name=parties.names[runner_up],
                    other=phrase(best_of[runner_up]),
                )
                rule = klass
            events.append(Event(winner, seat, klass, scores(combination), reason, rule))
    return events


# --- the bonuses -----------------------------------------------------------------------


def with_repique(
    events: list[Event], parties: Parties, at: int, bonus: int, rule: str
) -> list[Event]:
    """`at` in hand alone, by scores that reckon before anything any other party
    scores (Law 68 with the form's numbers). Equal holdings save nothing."""
    first_scored = {
        p: min((e.reckons_in for e in events if e.party == p and e.points), default=99)
        for p in parties.in_order
    }
    for party in parties.in_order:
        others_first = min((first_scored[q] for q in parties.in_order if q != party), default=99)
        mine = [e for e in events if e.party == party and e.reckons_in < others_first]
        total = 0
        for event in mine:
            total += event.points
            if total >= at:
                made = sum(e.points for e in mine)
                reason = why(
                    "m.repique",
                    name=parties.label(party),
                    points=made,
                    others=parties.others(party),
                )
                index = events.index(event) + 1
                return [
                    *events[:index],
                    Event(party, None, "repique", bonus, reason, rule),
                    *events[index:],
                ]
    return events


def with_pique(
    events: list[Event],
    parties: Parties,
    at: int,
    bonus: int,
    rule: str,
    opponents: str = "neither",
) -> list[Event]:
    """`at` in hand and play, reached on a point of play, before the other
    parties have scored: before any of them has (`neither`), or before all of
    them have (`not_both`). A party that repiqued does not also pique; a deal
    has at most one pique, the first made."""
    repiqued = {e.party for e in events if e.category == "repique"}
    scored = dict.fromkeys(parties.in_order, 0)
    for index, event in enumerate(events):
        scored[event.party] += event.points
        party = event.party
        if event.category != "play" or party in repiqued or scored[party] < at:
            continue
        others = [scored[q] for q in parties.in_order if q != party]
        ok = not any(others) if opponents == "neither" else not all(others)
        if ok:
            key = "m.pique" if opponents == "neither" else "m.pique.not_both"
            reason = why(
                key,
                name=parties.label(party),
                points=scored[party],
                trick=event.trick or 1,
                others=parties.others(party),
            )
            return [
                *events[: index + 1],
                Event(party, None, "pique", bonus, reason, rule, event.trick),
                *events[index + 1 :],
            ]
    return events


# --- V: the play ---------------------------------------------------------------------------


def play_events(
    tricks: tuple,
    parties: Parties,
    count: int,
    trick_count: str = "standard",
    capot: str = "law66",
) -> list[Event]:
    """The play, Law 65 counted for several players (`standard`): 1 for each
    lead; 1 for winning a trick led by another party; 1 more for the last of
    `count` tricks. `american`: 1 for each lead and 1 for each trick taken,
    whoever led, nothing for the last. `tens_and_above` (seed 004): a lead
    scores only with a card higher than a nine, a win of another party's lead
    only with one; 1 for the last trick. With `capot` "scarne" (seed 004), a
    party that takes every trick has nothing extra for the last one."""
    events: list[Event] = []
    takers = {parties.party_of(t.winner) for t in tricks}
    swept = len(tricks) == count and len(takers) == 1
    for number, trick in enumerate(tricks, start=1):
        leader, winner = trick.leader, trick.winner
        mine, theirs = parties.party_of(leader), parties.party_of(winner)
        if trick_count == "american":
            events.append(Event(mine, leader, "play", 1, trick=number, kind="lead"))
            events.append(Event(theirs, winner, "play", 1, trick=number, kind="taken"))
            continue
        if trick_count == "tens_and_above":
            led, won = _trick_cards(trick, parties)
            if led.height >= TEN_HEIGHT:
                events.append(Event(mine, leader, "play", 1, trick=number, kind="lead"))
            if theirs != mine and won.height >= TEN_HEIGHT:
                events.append(Event(theirs, winner, "play", 1, trick=number, kind="win"))
        else:
            events.append(Event(mine, leader, "play", 1, trick=number, kind="lead"))
            if theirs != mine:
                events.append(Event(theirs, winner, "play", 1, trick=number, kind="win"))
        if number == count and not (swept and capot == "scarne"):
            events.append(Event(theirs, winner, "play", 1, trick=number, kind="last"))
    return events


TEN_HEIGHT = 3  # a card's height: 7 is 0, the ten 3 (scorer.cards)


def _trick_cards(trick: Any, parties: Parties) -> tuple[Any, Any]:
    """The card led and the winner's card (the record gives the cards in play
    order from the leader; the reader checked they are there)."""
    order = [s for s in _round_from(parties.order, trick.leader)]
    playing = order[: len(trick.cards)]
    return trick.cards[0], trick.cards[playing.index(trick.winner)]


def _round_from(order: tuple[str, ...], first: str) -> list[str]:
    start = order.index(first)
    return [*order[start:], *order[:start]]


# --- the lines shown ------------------------------------------------------------------------


@dataclass(frozen=True)
class Line:
    party: str
    seat: str | None
    category: str
    points: int
    why: Why
    rule: str


def lines_of(
    events: list[Event], parties: Parties, play_rule: str, wins_key: str = "m.play.wins"
) -> list[Line]:
    """The hand line by line, the play summed per seat, then what comes after."""
    lines = [
        Line(e.party, e.seat, e.category, e.points, e.why, e.rule)
        for e in events
        if e.reckons_in < PLAY and e.why is not None
    ]
    play = [e for e in events if e.category == "play"]
    for seat in parties.order:
        mine = [e for e in play if e.seat == seat]
        if not mine:
            continue
        party = parties.party_of(seat)
        leads = sum(1 for e in mine if e.kind == "lead")
        wins = sum(1 for e in mine if e.kind == "win")
        taken = sum(1 for e in mine if e.kind == "taken")
        parts: list[Why] = []
        if leads:
            parts.append(why("m.play.leads", n=leads))
        if wins:
            parts.append(why(wins_key, n=wins, other=parties.others(party)))
        if taken:
            parts.append(why("m.play.taken", n=taken))
        if any(e.kind == "last" for e in mine):
            parts.append(Why("m.play.last"))
        reason = why("m.play", parts=Why("join", tuple((str(i), p) for i, p in enumerate(parts))))
        lines.append(Line(party, seat, "play", sum(e.points for e in mine), reason, play_rule))
    for event in events:
        if event.reckons_in >= PLAY and event.category != "play" and event.why is not None:
            lines.append(
                Line(event.party, event.seat, event.category, event.points, event.why, event.rule)
            )
    return lines


def bonus_holder(events: list[Event], category: str) -> str | None:
    return next((e.party for e in events if e.category == category), None)
