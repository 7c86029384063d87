"""Reckoning one deal: every score in Law 67 order, and the bonuses that
follow from that order (Laws 66-69).

The deal becomes a stream of `Event`s in reckoning order:

    I carte blanche (and carte rouge) · II point · III sequences · IV sets ·
    V play, trick by trick · VI the cards (or capot)

Repique and pique are found by walking that stream, and inserted right after
the event on which they were made, so a partly played deal shows a pique the
moment it happens. The stream can also be cut where a player reaches a target
(Piquet au Cent played to stop at 100). The score lines shown to people are
then the events with the play summed up per player.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from scorer.combinations import VOID, Holding, Point, better
from scorer.frozen import frozen
from scorer.record import ROLES, TRICKS_PER_DEAL, Deal, other
from scorer.variants import Variants
from scorer.wording import (
    Why,
    cards_word,
    join,
    sequence_phrase,
    set_phrase,
    why,
)

TYPE_CHECKING = False  # typing is not imported at run time (`piquet score` starts faster)
if TYPE_CHECKING:
    from typing import TypeVar

    from scorer.combinations import Combination

    _C = TypeVar("_C", bound=Combination)

# Law 67's classes, numbered so that a lower number reckons first.
CARTE_BLANCHE, POINT, SEQUENCES, SETS, PLAY, CARDS = 1, 2, 3, 4, 5, 6
CATEGORY_CLASS = {
    "carte_blanche": CARTE_BLANCHE,
    "carte_rouge": CARTE_BLANCHE,
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
REPIQUE, PIQUE, CAPOT = 60, 30, 40
BONUS_AT = 30

# Every line cites the rules-guide section that explains it (`Line.rule`, the
# `rule` of `piquet score`); these are ids of `scorer.guide`.
PLAY_RULES = {
    "standard": "play",
    "american": "variant-american",
    "tens_and_above": "variant-tens-and-above",
    "card_played": "variant-card-played",
    "last_trick_ten": "variant-last-trick-ten",
}
RULE_IDS = frozenset(
    {
        "carte-blanche",
        "variant-carte-rouge",
        "point",
        "variant-point-ending-in-four",
        "sequences",
        "variant-void-suit",
        "sets",
        "repique",
        "pique",
        "cards",
        "capot",
        "throw-in",
        "entered",
        *PLAY_RULES.values(),
    }
)


@frozen
class Event:
    """One event of a deal's reckoning, in Law 67 order."""

    role: str
    category: str
    points: int
    why: Why | None = None
    trick: int | None = None  # 1-based, for play events
    kind: str = ""  # for play events: how the point was made
    note: bool = False  # a class that was equal: nobody scores, said for the reader
    rule: str = ""  # the guide section that explains it (one of RULE_IDS)

    @property
    def reckons_in(self) -> int:
        return CATEGORY_CLASS[self.category]


@frozen
class Line:
    """One score line of a deal: who, what, how many points and why."""

    role: str
    category: str
    points: int
    why: Why
    note: bool = False  # a class that was equal: scores nothing, explained for the reader
    rule: str = ""  # the guide section that explains it (one of RULE_IDS)


@frozen
class DealReckoning:
    """A deal reckoned: its lines, points and bonuses."""

    lines: tuple[Line, ...]
    points: dict[str, int]  # raw, before any doubling
    bonuses: dict[str, str | None]  # "repique"/"pique"/"capot" -> role or None
    complete: bool
    stopped_at: Event | None = None  # where the deal stopped on reaching the target


def reckon(
    deal: Deal,
    variants: Variants,
    names: dict[str, str],
    need: dict[str, int] | None = None,
) -> DealReckoning:
    """Score a deal. `need`, for au Cent played to stop at the target, is how
    many points each role still needs; the deal then stops where one reaches it.
    """
    if deal.entered is not None:
        lines = tuple(
            Line(role, "entered", deal.entered[role], Why("entered"), rule="entered")
            for role in ROLES
        )
        return DealReckoning(lines, dict(deal.entered), _no_bonuses(), True)

    events, stopped_at = reckoned_events(deal, variants, names, need)
    complete = deal.complete or stopped_at is not None
    bonuses = _no_bonuses()
    for event in events:
        if event.category in bonuses:
            bonuses[event.category] = event.role
    points = {role: sum(e.points for e in events if e.role == role) for role in ROLES}
    return DealReckoning(_lines(events, variants, names), points, bonuses, complete, stopped_at)


def reckoned_events(
    deal: Deal,
    variants: Variants,
    names: dict[str, str],
    need: dict[str, int] | None = None,
) -> tuple[list[Event], Event | None]:
    """A deal's events in Law 67 order with its repique and pique, cut where a
    player reaches the target when `need` is given; and the event it stopped on
    (None when it did not stop). The calls (`scorer.calls`) walk the same events.
    The deal must not be `entered`."""
    events = hand_events(deal, variants, names)
    events = _with_repique(events, names)
    events += play_events(deal, variants, names)
    events = _with_pique(events, names)
    events += cards_events(deal, variants, names)
    if need is None:
        return events, None
    return _cut_at_target(events, need)


def _no_bonuses() -> dict[str, str | None]:
    return {"repique": None, "pique": None, "capot": None}


# --- I to IV: the hand ----------------------------------------------------------


def hand_events(deal: Deal, variants: Variants, names: dict[str, str]) -> list[Event]:
    events = [
        Event(role, "carte_blanche", 10, Why("carte_blanche"), rule="carte-blanche")
        for role in ROLES
        if role in deal.carte_blanche
    ]
    if variants.carte_rouge is not None:
        events += [
            Event(
                role,
                "carte_rouge",
                variants.carte_rouge,
                Why("carte_rouge"),
                rule="variant-carte-rouge",
            )
            for role in ROLES
            if role in deal.carte_rouge
        ]
    holdings = {role: deal.holdings.get(role, Holding()) for role in ROLES}
    events += _point_events(holdings, variants, names)
    events += _sequence_events(holdings, names)
    events += _set_events(holdings, names)
    return events


def _class_winner(keys: dict[str, tuple | None]) -> str | None:
    """The role whose best holding of a class is good; None when equal or none."""
    elder, younger = keys["elder"], keys["younger"]
    if elder is None and younger is None:
        return None
    if elder is None:
        return "younger"
    outcome = better(elder, younger)
    return None if outcome is None else ("elder" if outcome else "younger")


def _point_events(
    holdings: dict[str, Holding], variants: Variants, names: dict[str, str]
) -> list[Event]:
    points = {role: holdings[role].point for role in ROLES}
    winner = _class_winner({r: p.key() if p else None for r, p in points.items()})
    if winner is None:
        equal = points["elder"]
        if equal is None:
            return []
        return [
            Event(
                "elder",
                "point",
                0,
                why("point.equal", cards=cards_word(equal.cards), value=equal.value),
                note=True,
                rule="point",
            )
        ]
    mine = points[winner]
    assert mine is not None
    theirs = points[other(winner)]
    reason = _point_why(mine, theirs, names[other(winner)])
    scores = mine.scores(variants.point_ending_in_four)
    rule = "point"
    if scores != mine.cards:
        reason = why("point.ending_in_four", base=reason)
        rule = "variant-point-ending-in-four"
    return [Event(winner, "point", scores, reason, rule=rule)]


def _point_why(mine: Point, theirs: Point | None, other_name: str) -> Why:
    if theirs is None:
        if mine.value is not None:
            return why(
                "point.alone.making",
                cards=cards_word(mine.cards),
                value=mine.value,
                other=other_name,
            )
        return why("point.alone", cards=cards_word(mine.cards), other=other_name)
    if mine.cards == theirs.cards:
        return why(
            "point.making", cards=cards_word(mine.cards), value=mine.value, other_value=theirs.value
        )
    return why("point.longer", cards=cards_word(mine.cards), other_cards=cards_word(theirs.cards))


def _sequence_events(holdings: dict[str, Holding], names: dict[str, str]) -> list[Event]:
    calls = {role: holdings[role].sequences for role in ROLES}
    return _class_events(
        "sequences",
        calls,
        names,
        lambda s: sequence_phrase(s.length, s.top),
        lambda s: "variant-void-suit" if s.top == VOID else "sequences",
    )


def _set_events(holdings: dict[str, Holding], names: dict[str, str]) -> list[Event]:
    calls = {role: holdings[role].sets for role in ROLES}
    return _class_events(
        "sets", calls, names, lambda s: set_phrase(s.count, s.rank), lambda s: "sets"
    )


def _class_events(
    klass: str,
    calls: dict[str, tuple[_C, ...]],
    names: dict[str, str],
    phrase: Callable[[_C], Why],
    rule: Callable[[_C], str],
) -> list[Event]:
    """Sequences or sets: the better best combination is good, and its holder
    scores every combination of the class he declared (Laws 63-64)."""
    best = {role: max(calls[role], key=lambda c: c.key(), default=None) for role in ROLES}
    winner = _class_winner({r: c.key() if c else None for r, c in best.items()})
    if winner is None:
        equal = best["elder"]
        if equal is None:
            return []
        return [
            Event(
                "elder", klass, 0, why(f"{klass}.equal", best=phrase(equal)), note=True, rule=klass
            )
        ]
    theirs = best[other(winner)]
    events = []
    for index, combination in enumerate(sorted(calls[winner], key=lambda c: c.key(), reverse=True)):
        if index:
            reason = why(f"{klass}.also", combination=phrase(combination), name=names[winner])
        elif theirs is None:
            reason = why(f"{klass}.alone", best=phrase(combination), other=names[other(winner)])
        else:
            reason = why(f"{klass}.best", best=phrase(combination), other_best=phrase(theirs))
        events.append(Event(winner, klass, combination.scores(), reason, rule=rule(combination)))
    return events


def _with_repique(events: list[Event], names: dict[str, str]) -> list[Event]:
    """Law 68: thirty in hand alone, by scores that reckon before anything the
    adversary can count. Equal holdings score nothing, so they save nothing."""
    first_scored = {
        role: min((e.reckons_in for e in events if e.role == role and e.points), default=99)
        for role in ROLES
    }
    for role in ROLES:
        total = 0
        for index, event in enumerate(events):
            if event.role != role or event.reckons_in >= first_scored[other(role)]:
                continue
            total += event.points
            if total >= BONUS_AT:
                made = sum(
                    e.points
                    for e in events
                    if e.role == role and e.reckons_in < first_scored[other(role)]
                )
                bonus = Event(
                    role,
                    "repique",
                    REPIQUE,
                    why("repique", name=names[role], points=made, other=names[other(role)]),
                    rule="repique",
                )
                return [*events[: index + 1], bonus, *events[index + 1 :]]
    return events


# --- V: the play ------------------------------------------------------------------


def play_events(deal: Deal, variants: Variants, names: dict[str, str]) -> list[Event]:
    if deal.throw_in is not None:
        return [_thrown_in(deal.throw_in, "play", 13, names)]
    events: list[Event] = []
    leader = "elder"
    count = variants.trick_count
    swept = len(deal.tricks) == TRICKS_PER_DEAL and len({t.winner for t in deal.tricks}) == 1
    for number, trick in enumerate(deal.tricks, start=1):
        winner, follower = trick.winner, other(leader)
        last = number == TRICKS_PER_DEAL
        if count == "standard":
            events.append(Event(leader, "play", 1, trick=number, kind="lead"))
            if winner != leader:
                events.append(Event(winner, "play", 1, trick=number, kind="win"))
        elif count == "american":
            events.append(Event(leader, "play", 1, trick=number, kind="lead"))
            events.append(Event(winner, "play", 1, trick=number, kind="taken"))
            last = False
        elif count == "tens_and_above":
            assert trick.lead is not None and trick.follow is not None
            if trick.lead.height >= 3:  # a ten or higher
                events.append(Event(leader, "play", 1, trick=number, kind="lead_ten"))
            if winner != leader and trick.follow.height >= 3:
                events.append(Event(winner, "play", 1, trick=number, kind="win_ten"))
        elif count == "card_played":
            events.append(Event(leader, "play", 1, trick=number, kind="card"))
            events.append(Event(follower, "play", 1, trick=number, kind="card"))
            events.append(Event(winner, "play", 1, trick=number, kind="won"))
        else:  # last_trick_ten: a flat point per trick, and the ten goes to the last
            events.append(Event(winner, "play", 1, trick=number, kind="flat"))
            last = False
        if last and swept and variants.capot_without_last_trick:
            last = False  # seed 004: nothing extra for the last trick with a capot
        if last:
            events.append(Event(winner, "play", 1, trick=number, kind="last"))
        leader = winner
    return events


def _with_pique(events: list[Event], names: dict[str, str]) -> list[Event]:
    """Law 69: Elder makes thirty in hand and play before Younger has reckoned
    anything. Younger never piques; a repique excludes a pique."""
    if any(e.category == "repique" for e in events):
        return events
    total = 0
    for index, event in enumerate(events):
        if event.role == "younger" and event.points:
            return events
        total += event.points
        if total >= BONUS_AT and event.category == "play":
            bonus = Event(
                "elder",
                "pique",
                PIQUE,
                why(
                    "pique",
                    name=names["elder"],
                    points=total,
                    trick=event.trick or 1,
                    other=names["younger"],
                ),
                trick=event.trick,
                rule="pique",
            )
            return [*events[: index + 1], bonus, *events[index + 1 :]]
    return events


def _thrown_in(thrower: str, category: str, points: int, names: dict[str, str]) -> Event:
    """A hand thrown in: the opponent counts 13 for the tricks and 10 for the cards."""
    taker = other(thrower)
    reason = why(f"{category}.throw_in", name=names[taker], other=names[thrower])
    return Event(taker, category, points, reason, kind="throw_in", rule="throw-in")


# --- VI: the cards -------------------------------------------------------------------


def cards_events(deal: Deal, variants: Variants, names: dict[str, str]) -> list[Event]:
    if deal.throw_in is not None:
        return [_thrown_in(deal.throw_in, "cards", 10, names)]
    if len(deal.tricks) < TRICKS_PER_DEAL:
        return []
    won = Counter(t.winner for t in deal.tricks)
    for role in ROLES:
        if won[role] == TRICKS_PER_DEAL:
            return [Event(role, "capot", CAPOT, Why("capot"), rule="capot")]
    if variants.trick_count == "last_trick_ten":
        return [
            Event(
                deal.tricks[-1].winner,
                "cards",
                10,
                Why("cards.last_trick"),
                rule="variant-last-trick-ten",
            )
        ]
    for role in ROLES:
        if won[role] > TRICKS_PER_DEAL // 2:
            return [Event(role, "cards", 10, why("cards", n=won[role]), rule="cards")]
    return []


# --- stopping at a target, and the lines shown ------------------------------------


def _cut_at_target(events: list[Event], need: dict[str, int]) -> tuple[list[Event], Event | None]:
    gained = dict.fromkeys(ROLES, 0)
    for index, event in enumerate(events):
        gained[event.role] += event.points
        if event.points and gained[event.role] >= need[event.role]:
            return events[: index + 1], event
    return events, None


_PLAY_PARTS = {
    "lead": "play.leads",
    "win": "play.wins",
    "taken": "play.taken",
    "lead_ten": "play.leads_ten",
    "win_ten": "play.wins_ten",
    "card": "play.cards_played",
    "won": "play.tricks_won",
    "flat": "play.flat",
}


def _lines(events: list[Event], variants: Variants, names: dict[str, str]) -> tuple[Line, ...]:
    """Events as lines: the play summed per player, placed after the hand."""
    lines: list[Line] = []
    play = [e for e in events if e.category == "play"]
    later = [e for e in events if e.reckons_in >= PLAY and e.category != "play"]
    for event in events:
        if event.reckons_in < PLAY and event.why is not None:
            lines.append(
                Line(event.role, event.category, event.points, event.why, event.note, event.rule)
            )
    for role in ROLES:
        mine = [e for e in play if e.role == role]
        if not mine:
            continue
        if mine[0].kind == "throw_in":
            assert mine[0].why is not None
            lines.append(Line(role, "play", mine[0].points, mine[0].why, rule=mine[0].rule))
            continue
        kinds = Counter(e.kind for e in mine)
        parts = [
            why(_PLAY_PARTS[k], n=kinds[k], other=names[other(role)])
            for k in _PLAY_PARTS
            if kinds[k]
        ]
        if kinds["last"]:
            parts.append(Why("play.last"))
        lines.append(
            Line(
                role,
                "play",
                sum(e.points for e in mine),
                why("play", parts=join(*parts)),
                rule=PLAY_RULES[variants.trick_count],
            )
        )
    for event in later:
        assert event.why is not None
        lines.append(Line(event.role, event.category, event.points, event.why, rule=event.rule))
    return tuple(lines)
