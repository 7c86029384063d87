"""Reading a `piquet-record/2` record: the table (form, players, seats,
settings) and the parts of a deal that name seats (docs/record-2.md).

Seats are letters given by the order of `players`, which is the seating
order going to the left: seat A is `players[0]`, B sits on A's left, and the
last player's left-hand neighbour is A. Deals name seats, never roles, so a
hand, a declaration or a trick says whose it is.

As in `scorer.record`, every problem is collected with its place ("record:
...", "deal 3: ...") so that a bad record is refused whole. Fields the format
does not list are ignored (it may grow), except inside `settings`,
`declared` and `variants`, where a misspelt key would silently change a score.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from scorer.cards import RANKS, Card
from scorer.combinations import (
    Holding,
)
from scorer.errors import HandError, Said
from scorer.frozen import frozen
from scorer.hand import by_suit, parse_hand
from scorer.multi.settings import parse_settings
from scorer.multi.traits import TRAITS, Traits
from scorer.quoting import quoted
from scorer.record import (
    OF_RANKS,
    RANK_WORDS,
    false_point,
    false_sequence,
    false_set,
    more_than_a_pack,
    not_following,
    not_held,
    rank_need,
    read_point,
    read_sequences,
    read_sets,
)
from scorer.variants import GAMES, parse_variants

FORMAT = "piquet-record/2"
FORMS = tuple(TRAITS)
# How many players each form seats (the format itself takes two to seven).
PLAYER_COUNTS = {name: rules.players for name, rules in TRAITS.items()}
MIN_PLAYERS, MAX_PLAYERS = 2, 7
SEAT_LETTERS = ("A", "B", "C", "D", "E", "F", "G")
MAX_NAME = 40
MAX_DEALS = 200
# Forms that are two-handed piquet underneath take `game` and `variants`.
TAKES_GAME = tuple(name for name, rules in TRAITS.items() if rules.takes_game)
TAKES_VARIANTS = tuple(name for name, rules in TRAITS.items() if rules.takes_variants)

Problem = Callable[[str], None]


def noting(problems: list[str], place: str) -> Problem:
    """A `Problem` that adds each problem said to `problems`, after `place`
    ("deal 3: ...": `Said("deal {n}", n=3)`, so that the line is said again
    in the reader's language, place and problem)."""
    return lambda text: problems.append(Said.around("{place}: {problem}", text, place=place))


def both(seats: Iterable[str]) -> str:
    """ "A and C" ("A and B and C"), said again in the reader's language."""
    together: str | None = None
    for seat in seats:
        together = seat if together is None else Said("{one} and {other}", one=together, other=seat)
    return together or ""


def at_deal(number: int) -> Said:
    """The place "deal 3" of a problem."""
    return Said("deal {n}", n=number)


def at_record() -> Said:
    """The place "record" of a problem."""
    return Said("record")


@dataclass(frozen=True)
class Table:
    """Who sits where, and the rules chosen: the top level of a record."""

    form: str
    players: tuple[str, ...]  # seating order, each one's left-hand neighbour next
    first_dealer: str | None  # a seat; None for chouette (each partie names its own)
    game: str
    settings: Mapping[str, Any]
    variants: Mapping[str, Any]  # the two-handed variants, as given (ecrire, chouette)
    raw: Mapping[str, Any] = field(repr=False, default_factory=dict)

    @property
    def rules(self) -> Traits:
        """What sets the form apart (`scorer.multi.traits`)."""
        return TRAITS[self.form]

    @property
    def seats(self) -> tuple[str, ...]:
        return SEAT_LETTERS[: len(self.players)]

    def name(self, seat: str) -> str:
        return self.players[self.seats.index(seat)]

    def names(self) -> dict[str, str]:
        return dict(zip(self.seats, self.players, strict=True))

    def left_of(self, seat: str, steps: int = 1) -> str:
        seats = self.seats
        return seats[(seats.index(seat) + steps) % len(seats)]

    def dealer(self, number: int) -> str:
        """The deal passes to the left from the first dealer (deals count from 1)."""
        assert self.first_dealer is not None
        return self.left_of(self.first_dealer, number - 1)

    def play_order(self, leader: str, seats: Iterable[str] | None = None) -> list[str]:
        """`seats` (all by default) from `leader` going to the left."""
        playing = set(self.seats if seats is None else seats)
        return [
            s for s in (self.left_of(leader, i) for i in range(len(self.seats))) if s in playing
        ]


def read_table(record: object) -> tuple[Table | None, list[str]]:
    """The top level of a record; returns the table and the problems found."""
    if not isinstance(record, dict):
        return None, [Said("record: a partie record must be a JSON object")]
    problems: list[str] = []
    problem = noting(problems, at_record())

    if record.get("format") != FORMAT:
        problem(
            Said(
                "format must be {format}, not {given}",
                format=quoted(FORMAT),
                given=quoted(record.get("format")),
            )
        )
    form = record.get("form")
    if form not in FORMS:
        problem(
            Said("form {form} is not one of {forms}", form=quoted(form), forms=", ".join(FORMS))
        )
        return None, problems
    rules = TRAITS[form]
    players = _read_players(record.get("players"), form, problem)
    first_dealer = None
    if not rules.parties:
        raw_dealer = record.get("first_dealer")
        if players is not None:
            if raw_dealer not in players:
                problem(Said("first_dealer {name} is not a player", name=quoted(raw_dealer)))
            else:
                first_dealer = SEAT_LETTERS[players.index(raw_dealer)]
    game = record.get("game", "rubicon")
    if rules.takes_game:
        if game not in GAMES:
            problem(
                Said("game {game} is not one of {games}", game=quoted(game), games=", ".join(GAMES))
            )
    elif "game" in record:
        problem(Said("{form} has its own way to end; game does not apply", form=form))
    variants: dict[str, Any] = {}
    if rules.takes_variants:
        raw_variants = record.get("variants")
        parse_variants(raw_variants, problems)  # problems start with "record: "
        variants = dict(raw_variants) if isinstance(raw_variants, dict) else {}
        if not rules.takes_game and variants.get("stop_at_target"):  # no partie au Cent
            problem(Said("variants.stop_at_target is for au Cent, not for the hands of à Écrire"))
    elif record.get("variants"):
        problem(
            Said("{form} takes no two-handed variants (its choices are in settings)", form=form)
        )
    settings = parse_settings(form, record.get("settings"), problem)
    if rules.sides and players is not None:
        _check_partnerships(record.get("partnerships"), problem)
    if problems or players is None:
        return None, problems
    return Table(form, tuple(players), first_dealer, game, settings, variants, record), problems


def _read_players(raw: object, form: str, problem: Problem) -> list[str] | None:
    least, most = PLAYER_COUNTS[form]
    if not isinstance(raw, list) or not MIN_PLAYERS <= len(raw) <= MAX_PLAYERS:
        problem(
            Said("players must list {least} to {most} names", least=MIN_PLAYERS, most=MAX_PLAYERS)
        )
        return None
    ok = True
    for name in raw:
        if not isinstance(name, str) or not name.strip():
            problem(Said("player name {name} must be a non-empty string", name=quoted(name)))
            ok = False
        elif len(name) > MAX_NAME:
            problem(
                Said(
                    "player name {name} is longer than {most} characters",
                    name=quoted(name),
                    most=MAX_NAME,
                )
            )
            ok = False
    if not ok:
        return None
    twice = sorted(n for n, k in Counter(raw).items() if k > 1)
    if twice:
        problem(Said("two players are called {name}", name=quoted(twice[0])))
        return None
    if not least <= len(raw) <= most:
        if least == most:
            problem(
                Said(
                    "{form} is for {most} players, not {count}",
                    form=form,
                    most=most,
                    count=len(raw),
                )
            )
        else:
            problem(
                Said(
                    "{form} is for {least} to {most} players, not {count}",
                    form=form,
                    least=least,
                    most=most,
                    count=len(raw),
                )
            )
        return None
    return list(raw)


VOLEUR_SIDES = (("A", "C"), ("B", "D"))


def _check_partnerships(raw: object, problem: Problem) -> None:
    """Partners sit opposite: A with C, B with D. The field may be left out."""
    if raw is None:
        return
    given = None
    if isinstance(raw, list) and all(
        isinstance(p, list) and all(isinstance(seat, str) for seat in p) for p in raw
    ):  # seats are text: anything else (null, a number) is refused, not sorted
        given = sorted(tuple(sorted(p)) for p in raw)
    if given != sorted(VOLEUR_SIDES):
        problem(
            Said(
                'partnerships must be [["A", "C"], ["B", "D"]]: partners sit opposite, not {given}',
                given=quoted(raw),
            )
        )


def read_deals(raw: object, problem: Problem) -> list[Any]:
    if not isinstance(raw, list):
        problem(Said("deals must be a list"))
        return []
    if len(raw) > MAX_DEALS:
        problem(Said("deals has {count} entries, at most {most}", count=len(raw), most=MAX_DEALS))
        return []
    return raw


# --- the parts of a deal -------------------------------------------------------------


def is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def seat_list(raw: object, allowed: Iterable[str], name: str, problem: Problem) -> tuple[str, ...]:
    """A seat or a list of seats, each once, from `allowed`."""
    if raw is None:
        return ()
    allowed = tuple(allowed)
    items = [raw] if isinstance(raw, str) else raw
    if not isinstance(items, list) or any(s not in allowed for s in items):
        problem(
            Said(
                "{name} must list seats among {seats}, not {given}",
                name=name,
                seats=" ".join(allowed),
                given=quoted(raw),
            )
        )
        return ()
    if len(set(items)) != len(items):
        problem(Said("{name} names the same seat twice", name=name))
    return tuple(s for s in allowed if s in items)


def read_hands(
    raw: object, allowed: Iterable[str], size: int, problem: Problem
) -> dict[str, tuple[Card, ...]]:
    """`{"A": [cards], ...}` for some of the seats; no card in two hands."""
    allowed = tuple(allowed)
    if not isinstance(raw, dict) or set(raw) - set(allowed):
        problem(
            Said(
                "hands must map seats ({seats}) to {size} cards each",
                seats=" ".join(allowed),
                size=size,
            )
        )
        return {}
    hands: dict[str, tuple[Card, ...]] = {}
    for seat in allowed:
        if seat not in raw:
            continue
        cards = raw[seat]
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            problem(Said('hands.{seat} must be a list of cards such as "10H"', seat=seat))
            continue
        try:
            hands[seat] = parse_hand(cards, size)
        except HandError as exc:
            problem(Said.around("hands.{role}: {problem}", exc, role=seat))
    seen: dict[Card, str] = {}
    for seat, cards in hands.items():
        for card in cards:
            if card in seen:
                problem(
                    Said(
                        "{card} is in the hands of both {one} and {other} (a card twice)",
                        card=str(card),
                        one=seen[card],
                        other=seat,
                    )
                )
                return {}
            seen[card] = seat
    return hands


def read_declared(
    raw: object, allowed: Iterable[str], problem: Problem, least_point: int = 3
) -> dict[str, Holding]:
    """What each seat called, class by class (the calls of spec/record.md, by
    seat). `least_point` is the shortest longest suit a hand can have: three of
    ten or twelve cards, two of Voleur's eight."""
    allowed = tuple(allowed)
    if not isinstance(raw, dict):
        problem(
            Said("declared must be an object keyed by seats ({seats})", seats=" ".join(allowed))
        )
        return {}
    holdings: dict[str, Holding] = {}
    for seat, calls in raw.items():
        if seat not in allowed:
            problem(
                Said(
                    "declared has an unknown seat {seat} (use {seats})",
                    seat=quoted(seat),
                    seats=" ".join(allowed),
                )
            )
            continue
        if calls is None:
            holdings[seat] = Holding()
            continue
        if not isinstance(calls, dict):
            problem(Said("declared.{seat} must be an object", seat=seat))
            continue
        unknown = set(calls) - {"point", "sequences", "sets"}
        if unknown:
            problem(
                Said(
                    "declared.{seat} has unknown classes {classes} (point, sequences, sets)",
                    seat=seat,
                    classes=str(sorted(unknown)),
                )
            )
        holdings[seat] = Holding(
            point=read_point(calls.get("point"), f"declared.{seat}.point", problem, least_point),
            sequences=read_sequences(calls.get("sequences"), f"declared.{seat}.sequences", problem),
            sets=read_sets(calls.get("sets"), f"declared.{seat}.sets", problem),
        )
    longest = max((h.point.cards for h in holdings.values() if h.point), default=0)
    tied = {s: h.point for s, h in holdings.items() if h.point and h.point.cards == longest}
    if len(tied) > 1 and any(point.value is None for point in tied.values()):
        problem(
            Said(
                "{seats} each call a point of {cards} cards, so each needs its value",
                seats=both(tied),
                cards=longest,
            )
        )
    return {s: holdings[s] for s in allowed if s in holdings}


def check_pack(holdings: Mapping[str, Holding], problem: Problem) -> None:
    """All the calls together never need more than the pack's four of a rank."""
    total: Counter[str] = Counter()
    for seat, holding in holdings.items():
        need = rank_need(holding)
        for rank, n in need.items():
            if n > 4:
                problem(more_than_a_pack(seat, rank, n))
        total.update(need)
    for rank in reversed(RANKS):
        if total[rank] > 4:
            quatorze = [
                s
                for s, h in holdings.items()
                if any(x.rank == rank and x.count == 4 for x in h.sets)
            ]
            if len(quatorze) > 1:
                problem(
                    Said(
                        "{seats} both declare a quatorze {of_rank}",
                        seats=both(quatorze),
                        of_rank=Said(OF_RANKS[rank]),
                    )
                )
            else:
                problem(
                    Said(
                        "the declarations need {n} {ranks} between them, a pack has 4",
                        n=total[rank],
                        ranks=Said(RANK_WORDS[rank]),
                    )
                )


def check_held(seat: str, holding: Holding, cards: tuple[Card, ...], problem: Problem) -> None:
    """With `hands`, every declared combination must be in that hand."""
    suits = by_suit(cards)
    point = holding.point
    if point is not None and not any(
        len(s) >= point.cards and sum(c.pips for c in s) >= (point.value or 0)
        for s in suits.values()
    ):
        problem(false_point(seat, point))
    for seq in holding.sequences:
        if not any({c.rank for c in s} >= set(seq.ranks()) for s in suits.values()):
            problem(false_sequence(seat, seq))
    counts = Counter(c.rank for c in cards)
    for found in holding.sets:
        if counts[found.rank] < found.count:
            problem(false_set(seat, found, counts[found.rank]))


@frozen
class Trick:
    leader: str
    winner: str
    cards: tuple[Card, ...] | None = None  # in play order from the leader


def read_tricks(
    raw: object,
    table: Table,
    seats: tuple[str, ...],
    first_leader: str,
    most: int,
    hands: Mapping[str, tuple[Card, ...]],
    problem: Problem,
) -> tuple[Trick, ...]:
    """Trick winners as a string of seat letters, or a list of
    `{"winner": SEAT, "cards": [CARD, ...]}` with the cards in play order from
    the leader (the first leader, then each trick's winner)."""
    if isinstance(raw, str):
        if len(raw) > most:
            problem(Said("tricks has {count} entries, at most {most}", count=len(raw), most=most))
            return ()
        bad = sorted(set(raw) - set(seats))
        if bad:
            problem(
                Said(
                    "tricks may hold only the seats {seats}, not {given}",
                    seats=" ".join(seats),
                    given=quoted("".join(bad)),
                )
            )
            return ()
        raw = [{"winner": ch} for ch in raw]
    if not isinstance(raw, list):
        problem(Said("tricks must be a string of seats or a list of {winner, cards}"))
        return ()
    if len(raw) > most:
        problem(Said("tricks has {count} entries, at most {most}", count=len(raw), most=most))
        return ()
    tricks: list[Trick] = []
    seen: set[Card] = set()
    remaining = {s: set(cards) for s, cards in hands.items()}
    leader = first_leader
    for index, item in enumerate(raw, start=1):
        if not isinstance(item, dict) or item.get("winner") not in seats:
            problem(
                Said(
                    'trick {i}: must be {{"winner": SEAT, "cards": [...]}} with a seat among '
                    "{seats}",
                    i=index,
                    seats=" ".join(seats),
                )
            )
            return ()
        winner = item["winner"]
        if "cards" not in item:
            tricks.append(Trick(leader, winner))
            leader = winner
            continue
        order = table.play_order(leader, seats)
        played = item["cards"]
        if not isinstance(played, list) or len(played) != len(order):
            problem(
                Said(
                    "trick {i}: cards must list {count} cards in play order from {leader}",
                    i=index,
                    count=len(order),
                    leader=leader,
                )
            )
            return ()
        try:
            cards = tuple(Card.parse(str(c)) for c in played)
        except HandError as exc:
            problem(Said.around("trick {i}: {problem}", exc, i=index))
            return ()
        for seat, card in zip(order, cards, strict=True):
            if card in seen:
                problem(
                    Said("trick {i}: {card} is played twice in the deal", i=index, card=str(card))
                )
                return ()
            seen.add(card)
            if seat in remaining:
                if card not in remaining[seat]:
                    problem(not_held(index, seat, card))
                    return ()
                lead = cards[0]
                if card.suit != lead.suit and any(c.suit == lead.suit for c in remaining[seat]):
                    problem(not_following(index, seat, lead, card))
                    return ()
                remaining[seat].discard(card)
        lead = cards[0]
        best = max((c for c in cards if c.suit == lead.suit), key=lambda c: c.height)
        takes = order[cards.index(best)]
        if takes != winner:
            problem(
                Said(
                    "trick {i}: {cards} played from {leader}, so {takes} wins, not {winner}",
                    i=index,
                    cards=" ".join(map(str, cards)),
                    leader=leader,
                    takes=takes,
                    winner=winner,
                )
            )
            return ()
        tricks.append(Trick(leader, winner, cards))
        leader = winner
    return tuple(tricks)


def read_entered(
    raw: object, keys: tuple[str, ...], most: int, problem: Problem
) -> dict[str, int] | None:
    """The deal's totals as the players counted them (quick mode)."""
    if not isinstance(raw, dict) or set(raw) != set(keys):
        problem(Said("entered must give a total for each of {keys}", keys=" ".join(keys)))
        return None
    for key in keys:
        value = raw[key]
        if not is_int(value) or not 0 <= value <= most:
            problem(
                Said(
                    "entered.{key} must be 0 to {most}, not {given}",
                    key=key,
                    most=most,
                    given=quoted(value),
                )
            )
            return None
    return {key: raw[key] for key in keys}


def refuse_fields(
    raw: Mapping[str, Any], fields: Iterable[str], why: str, problem: Problem
) -> None:
    """Fields of another form that would change nothing here, said aloud."""
    for name in fields:
        if name in raw:
            problem(Said.around("{name} does not apply: {problem}", why, name=name))
