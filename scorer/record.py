"""Reading a `piquet-record/1` partie record into checked, typed values.

Every problem found is collected with its place ("record: ...", "deal 3:
...") so a bad record is reported whole and never half-scored. Fields the
spec does not list are ignored (the format may grow), except inside
`declared` and `variants`, where a misspelt key would silently change a score.
"""

from __future__ import annotations

from collections import Counter

from scorer.cards import FACE_RANKS, RANKS, Card, normalise_rank
from scorer.combinations import (
    POINT_VALUES,
    SET_RANKS,
    SET_RANKS_WITHOUT_TENS,
    VOID,
    Holding,
    Point,
    Sequence,
    Set,
    sequence_top_allows,
)
from scorer.errors import N_, HandError, Said
from scorer.fit import NONE as NO_LIMIT
from scorer.fit import Calls, cards_needed, faces_needed, fits, fits_alone, mask_of
from scorer.frozen import factory, frozen
from scorer.hand import HAND_SIZE, by_suit, holding_of, is_carte_rouge, sequences_in, void_suits
from scorer.quoting import quoted
from scorer.variants import GAMES, Variants, parse_variants, plays_to_target

TYPE_CHECKING = False  # True for mypy only: the scorer's import spares `typing`
if TYPE_CHECKING:
    from typing import TypeGuard

FORMAT = "piquet-record/1"
ROLES = ("elder", "younger")
ROLE_LETTER = {"E": "elder", "Y": "younger"}
TRICKS_PER_DEAL = 12
MAX_NAME = 40
MAX_DEALS = 200  # spec/record.md, "Additions": more deals exit 2
MAX_DEAL_SCORE = 173
# "a quatorze of kings": the rank's words after "of", whole (French elides: "d'as")
OF_RANKS = {
    "A": N_("of aces"),
    "K": N_("of kings"),
    "Q": N_("of queens"),
    "J": N_("of jacks"),
    "10": N_("of tens"),
    "9": N_("of nines"),
    "8": N_("of eights"),
    "7": N_("of sevens"),
}
RANK_WORDS = {
    "A": N_("aces"),
    "K": N_("kings"),
    "Q": N_("queens"),
    "J": N_("jacks"),
    "10": N_("tens"),
    "9": N_("nines"),
    "8": N_("eights"),
    "7": N_("sevens"),
}


def other(role: str) -> str:
    return "younger" if role == "elder" else "elder"


@frozen
class Trick:
    """One trick: who took it, and the cards when they were given."""

    winner: str  # "elder" | "younger"
    lead: Card | None = None
    follow: Card | None = None


@frozen
class Deal:
    """One deal of a record, read and checked."""

    number: int
    carte_blanche: frozenset[str] = frozenset()
    carte_rouge: frozenset[str] = frozenset()
    holdings: dict[str, Holding] = factory(dict)
    tricks: tuple[Trick, ...] = ()
    throw_in: str | None = None
    entered: dict[str, int] | None = None

    @property
    def complete(self) -> bool:
        return (
            self.entered is not None
            or self.throw_in is not None
            or len(self.tricks) == TRICKS_PER_DEAL
        )


@frozen
class Partie:
    """A partie record, read and checked: players, game, house rules and deals."""

    players: tuple[str, ...]
    first_dealer: str
    game: str
    variants: Variants
    deals: tuple[Deal, ...]

    def dealer(self, number: int) -> str:
        """The deal alternates from the first dealer (deal numbers start at 1)."""
        first = self.players.index(self.first_dealer)
        return self.players[(first + number - 1) % len(self.players)]

    def elder(self, number: int) -> str:
        dealer = self.dealer(number)
        return next(p for p in self.players if p != dealer)

    def name_of(self, number: int, role: str) -> str:
        return self.elder(number) if role == "elder" else self.dealer(number)


# --- the top level ---------------------------------------------------------


def read_partie(record: object, first: int = 0) -> tuple[Partie | None, list[str]]:
    """Parse and check the record's shape; returns the partie and the problems.

    `first`: read the deals from this index on only (the earlier ones are known
    to be good); the partie's `deals` are then those, numbered as in the record.
    """
    problems: list[str] = []
    if not isinstance(record, dict):
        return None, [Said("record: a partie record must be a JSON object")]
    if record.get("format") != FORMAT:
        problems.append(
            Said(
                "record: format must be {format}, not {given}",
                format=repr(FORMAT),
                given=quoted(record.get("format")),
            )
        )
    players = _read_players(record.get("players"), problems)
    first_dealer = record.get("first_dealer")
    if players is not None and (not isinstance(first_dealer, str) or first_dealer not in players):
        problems.append(
            Said("record: first_dealer {name} is not a player", name=quoted(first_dealer))
        )
    game = record.get("game", "rubicon")
    if not isinstance(game, str) or game not in GAMES:
        problems.append(
            Said(
                "record: game {game} is not one of {games}",
                game=quoted(game),
                games=", ".join(GAMES),
            )
        )
        game = "rubicon"
    variants = parse_variants(record.get("variants"), problems)
    raw_deals = record.get("deals")
    if not isinstance(raw_deals, list):
        problems.append(Said("record: deals must be a list"))
        raw_deals = []
    elif len(raw_deals) > MAX_DEALS:
        problems.append(
            Said(
                "record: {count} deals, more than the {most} accepted",
                count=len(raw_deals),
                most=MAX_DEALS,
            )
        )
        raw_deals = []
    deals = []
    for number, raw in enumerate(raw_deals[first:], start=first + 1):
        deal = read_deal(number, raw, variants, game, problems)
        if deal is not None:
            deals.append(deal)
    if problems:
        return None, problems
    assert players is not None and isinstance(first_dealer, str)
    return Partie(players, first_dealer, game, variants, tuple(deals)), problems


def _read_players(players: object, problems: list[str]) -> tuple[str, str] | None:
    """Two distinct names, each non-empty text of at most MAX_NAME characters."""
    if not (isinstance(players, list) and len(players) == 2):
        problems.append(Said("record: players must list two names"))
        return None
    good = True
    for name in players:
        if not isinstance(name, str) or not name.strip():
            problems.append(
                Said("record: player name {name} must be a non-empty string", name=quoted(name))
            )
            good = False
        elif len(name) > MAX_NAME:
            problems.append(
                Said(
                    "record: player name {name} is longer than {most} characters",
                    name=quoted(name),
                    most=MAX_NAME,
                )
            )
            good = False
        elif not _is_text(name):
            problems.append(
                Said(
                    "record: player name {name} is not Unicode text "
                    "(it cannot be written as UTF-8)",
                    name=quoted(name),
                )
            )
            good = False
    if not good:
        return None
    if players[0] == players[1]:
        problems.append(
            Said("record: the two players are both called {name}", name=quoted(players[0]))
        )
        return None
    return players[0], players[1]


def _is_text(name: str) -> bool:
    """Text that can be written as UTF-8: no lone surrogate ("\\ud800")."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


# --- one deal ----------------------------------------------------------------


def read_deal(
    number: int, raw: object, variants: Variants, game: str, problems: list[str]
) -> Deal | None:
    if not isinstance(raw, dict):
        problems.append(Said("deal {n}: a deal must be a JSON object", n=number))
        return None
    before = len(problems)

    def problem(text: str) -> None:
        problems.append(Said.around("deal {n}: {problem}", text, n=number))

    if "entered" in raw:
        others = sorted(k for k in raw if k in _DEAL_FIELDS and k not in ("entered", "exchange"))
        if others:
            problem(Said("entered cannot be combined with {fields}", fields=", ".join(others)))
    carte_blanche = _roles(raw.get("carte_blanche"), "carte_blanche", problem)
    carte_rouge = _roles(raw.get("carte_rouge"), "carte_rouge", problem)
    exchange: dict[str, int] = {}
    if "exchange" in raw:
        exchange = _check_exchange(raw["exchange"], variants, game, problem)
    hands = _read_hands(raw.get("hands"), problem) if "hands" in raw else {}
    holdings: dict[str, Holding] = {}
    if "declared" in raw:
        holdings = _read_declared(raw["declared"], variants, problem)
        if hands and len(problems) == before:
            for role, holding in holdings.items():
                if role in hands:
                    _check_held(role, holding, hands[role], variants, problem)
    else:
        for role, cards in hands.items():
            holdings[role] = holding_of(cards, variants.void_suit_point, variants.sets_without_tens)
    if len(problems) == before:
        _check_pack(holdings, problem)
    if len(problems) == before:
        _check_fit(holdings, hands, carte_blanche, exchange, variants, problem)
    if hands and variants.carte_rouge is not None:
        if "declared" not in raw:
            carte_rouge = frozenset(
                r for r, cards in hands.items() if is_carte_rouge(cards, variants.sets_without_tens)
            )
        for role in carte_rouge:
            if role in hands and not is_carte_rouge(hands[role], variants.sets_without_tens):
                problem(
                    Said(
                        "{role} claims carte rouge but not every card is in a combination",
                        role=role,
                    )
                )
    tricks = _read_tricks(raw.get("tricks", ""), hands, variants, problem)
    throw_in = raw.get("throw_in")
    if throw_in is not None:
        if throw_in not in ROLES:
            problem(
                Said("throw_in must be 'elder' or 'younger', not {given}", given=quoted(throw_in))
            )
        elif tricks:
            problem(Said("a hand thrown in has no tricks"))
    entered = _read_entered(raw["entered"], problem) if "entered" in raw else None
    if len(problems) != before:
        return None
    return Deal(
        number=number,
        carte_blanche=carte_blanche,
        carte_rouge=carte_rouge if variants.carte_rouge is not None else frozenset(),
        holdings=holdings,
        tricks=tricks,
        throw_in=throw_in,
        entered=entered,
    )


_DEAL_FIELDS = (
    "carte_blanche",
    "carte_rouge",
    "exchange",
    "declared",
    "hands",
    "tricks",
    "throw_in",
    "entered",
)


def _roles(raw: object, name: str, problem) -> frozenset[str]:
    if raw is None:
        return frozenset()
    items = [raw] if isinstance(raw, str) else raw
    if not isinstance(items, list) or any(r not in ROLES for r in items):
        problem(
            Said(
                "{name} must list 'elder' and/or 'younger', not {given}",
                name=name,
                given=quoted(raw),
            )
        )
        return frozenset()
    if len(set(items)) != len(items):
        problem(Said("{name} names the same hand twice", name=name))
    return frozenset(items)


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_card_text(value: object) -> bool:
    """A string short enough to be a card (" 10H " at most), so messages stay short."""
    return isinstance(value, str) and len(value) <= 8


def _check_exchange(raw: object, variants: Variants, game: str, problem) -> dict[str, int]:
    """The counts given, checked: {"elder": 1..5, "younger": 0..} (either may be missing)."""
    if not isinstance(raw, dict) or set(raw) - set(ROLES):
        problem(Said('exchange must be {"elder": 1..5, "younger": 0..}'))
        return {}
    elder = raw.get("elder")
    if elder is not None and (not _is_int(elder) or not 1 <= elder <= 5):
        problem(Said("exchange.elder must be 1 to 5 cards, not {given}", given=quoted(elder)))
        return {}
    younger = raw.get("younger")
    counts = {} if elder is None else {"elder": elder}
    if younger is None:
        return counts
    least = 0 if (variants.younger_may_exchange_none or plays_to_target(game)) else 1
    most = 8 - (elder if _is_int(elder) else 1)
    if not _is_int(younger) or not least <= younger <= most:
        problem(
            Said(
                "exchange.younger must be {least} to {most} cards, not {given}",
                least=least,
                most=most,
                given=quoted(younger),
            )
        )
        return {}
    return {**counts, "younger": younger}


def most_taken(role: str, exchange: dict[str, int]) -> int:
    """The most cards `role` took in: its count, or the most the other's count leaves
    (Elder 1 to 5; Younger what is left of the talon's 8)."""
    if role in exchange:
        return exchange[role]
    if role == "elder":
        return min(5, 8 - exchange.get("younger", 0))
    return 8 - exchange.get("elder", 1)


def _read_hands(raw: object, problem) -> dict[str, tuple[Card, ...]]:
    from scorer.hand import parse_hand

    if not isinstance(raw, dict) or set(raw) - set(ROLES):
        problem(Said('hands must be {"elder": [12 cards], "younger": [12 cards]}'))
        return {}
    hands: dict[str, tuple[Card, ...]] = {}
    for role, cards in raw.items():
        if not isinstance(cards, list) or not all(_is_card_text(c) for c in cards):
            problem(Said('hands.{role} must be a list of cards such as "10H"', role=role))
            continue
        try:
            hands[role] = parse_hand(cards)
        except HandError as exc:
            problem(Said.around("hands.{role}: {problem}", exc, role=role))
    if len(hands) == 2:
        shared = set(hands["elder"]) & set(hands["younger"])
        if shared:
            both = ", ".join(sorted(map(str, shared)))
            problem(Said("{cards} in both hands (a card twice)", cards=both))
            return {}
    return hands


def _read_declared(raw: object, variants: Variants, problem) -> dict[str, Holding]:
    if not isinstance(raw, dict):
        problem(Said("declared must be an object with 'elder' and/or 'younger'"))
        return {}
    holdings: dict[str, Holding] = {}
    for role, calls in raw.items():
        if role not in ROLES:
            problem(
                Said(
                    "declared has an unknown hand {role} (use 'elder' or 'younger')",
                    role=quoted(role),
                )
            )
            continue
        if calls is None:
            holdings[role] = Holding()
            continue
        if not isinstance(calls, dict):
            problem(Said("declared.{role} must be an object", role=role))
            continue
        unknown = set(calls) - {"point", "sequences", "sets"}
        if unknown:
            problem(
                Said(
                    "declared.{role} has unknown classes {classes} (point, sequences, sets)",
                    role=role,
                    classes=quoted(sorted(unknown)),
                )
            )
        holdings[role] = Holding(
            point=read_point(
                calls.get("point"),
                f"declared.{role}.point",
                problem,
                void_point=variants.void_suit_point,
            ),
            sequences=read_sequences(
                calls.get("sequences"),
                f"declared.{role}.sequences",
                problem,
                void_suit_point=variants.void_suit_point,
            ),
            sets=read_sets(
                calls.get("sets"),
                f"declared.{role}.sets",
                problem,
                SET_RANKS_WITHOUT_TENS if variants.sets_without_tens else SET_RANKS,
            ),
        )
    points = [h.point for h in holdings.values() if h.point is not None]
    if (
        len(points) == 2
        and points[0].cards == points[1].cards
        and (points[0].value is None or points[1].value is None)
    ):
        problem(
            Said("both points have {cards} cards, so both need their value", cards=points[0].cards)
        )
    return holdings


def read_point(
    raw: object, place: str, problem, least: int = 3, void_point: bool = False
) -> Point | None:
    """A declared point ({"cards", "value"}) at `place`, or None with its problem said.
    `least`: the shortest longest suit a hand can have (two in Voleur's eight
    cards); `void_point`: the void-suit point's 5 cards making 50 is allowed."""
    if raw is None or raw == {}:
        return None
    if not isinstance(raw, dict):
        problem(Said('{place} must be {{"cards": N, "value": V}}', place=place))
        return None
    cards, value = raw.get("cards"), raw.get("value")
    if not _is_int(cards) or not least <= cards <= 8:
        problem(
            Said(
                "{place}: a point of {cards} cards is impossible ({least} to 8)",
                place=place,
                cards=quoted(cards),
                least=least,
            )
        )
        return None
    if value is not None:
        void = void_point and (cards, value) == (5, 50)
        if not _is_int(value) or (value not in POINT_VALUES[cards] and not void):
            possible = POINT_VALUES[cards]
            problem(
                Said(
                    "{place}: {cards} cards of one suit cannot make {value} "
                    "(possible: {low} to {high})",
                    place=place,
                    cards=cards,
                    value=quoted(value),
                    low=min(possible),
                    high=max(possible),
                )
            )
            return None
    return Point(cards, value)


def _read_rank(raw: object) -> str | None:
    if isinstance(raw, str):
        try:
            return normalise_rank(raw)
        except HandError:
            return None
    return None


def read_sequences(
    raw: object, place: str, problem, void_suit_point: bool = False
) -> tuple[Sequence, ...]:
    """The declared sequences at `place` (a list of {"length", "top"}), problems said."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        problem(Said("{place} must be a list", place=place))
        return ()
    found = []
    for item in raw:
        if not isinstance(item, dict):
            problem(
                Said(
                    '{place}: {given} must be {{"length": N, "top": RANK}}',
                    place=place,
                    given=quoted(item),
                )
            )
            continue
        length, top_raw = item.get("length"), item.get("top")
        if not _is_int(length) or not 3 <= length <= 8:
            problem(
                Said(
                    "{place}: a sequence of {length} cards is impossible (3 to 8)",
                    place=place,
                    length=quoted(length),
                )
            )
            continue
        if top_raw == VOID:
            if not void_suit_point:
                problem(
                    Said(
                        "{place}: a void-suit sequence needs the void_suit_point variant",
                        place=place,
                    )
                )
            elif length != 5:
                problem(
                    Said(
                        "{place}: the void-suit sequence counts as a quint (length 5)",
                        place=place,
                    )
                )
            else:
                found.append(Sequence(5, VOID))
            continue
        top = _read_rank(top_raw)
        if top is None:
            problem(
                Said(
                    "{place}: top {top} is not a rank (A K Q J 10 9 8 7)",
                    place=place,
                    top=quoted(top_raw),
                )
            )
        elif not sequence_top_allows(length, top):
            problem(
                Said(
                    "{place}: a sequence of {length} cannot run to the {top} "
                    "(it needs at least the {least})",
                    place=place,
                    length=length,
                    top=top,
                    least=RANKS[length - 1],
                )
            )
        else:
            found.append(Sequence(length, top))
    return tuple(found)


def read_sets(
    raw: object, place: str, problem, allowed: tuple[str, ...] = SET_RANKS
) -> tuple[Set, ...]:
    """The declared trios and quatorzes at `place` (ranks in `allowed`), problems said."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        problem(Said("{place} must be a list", place=place))
        return ()
    found = []
    for item in raw:
        if not isinstance(item, dict):
            problem(
                Said(
                    '{place}: {given} must be {{"count": 3|4, "rank": RANK}}',
                    place=place,
                    given=quoted(item),
                )
            )
            continue
        count, rank = item.get("count"), _read_rank(item.get("rank"))
        if not _is_int(count) or count not in (3, 4):
            problem(
                Said(
                    "{place}: a set has 3 or 4 cards, not {count}", place=place, count=quoted(count)
                )
            )
        elif rank not in allowed:
            problem(
                Said(
                    "{place}: a set of {rank} does not count (only {ranks})",
                    place=place,
                    rank=quoted(item.get("rank")),
                    ranks=" ".join(allowed),
                )
            )
        else:
            found.append(Set(count, rank))
    ranks = Counter(s.rank for s in found)
    for rank, n in ranks.items():
        if n > 1:
            problem(
                Said(
                    "{place}: {ranks} are declared {n} times",
                    place=place,
                    ranks=Said(RANK_WORDS[rank]),
                    n=n,
                )
            )
    return tuple(found)


def rank_need(holding: Holding) -> Counter[str]:
    """The fewest cards of each rank a hand's calls need."""
    need: Counter[str] = Counter()
    in_sequences: Counter[str] = Counter(r for s in holding.sequences for r in s.ranks())
    for rank in RANKS:
        need[rank] = max(
            in_sequences[rank], max((s.count for s in holding.sets if s.rank == rank), default=0)
        )
    return need


def not_held(index: int, role: str, card: Card) -> Said:
    """Trick `index`: a card played that the hand does not hold."""
    return Said(
        "trick {i}: {role} plays {card}, which is not in the hand",
        i=index,
        role=role,
        card=str(card),
    )


def not_following(index: int, role: str, lead: Card, follow: Card) -> Said:
    """Trick `index`: a card of another suit played by a hand that holds the suit led."""
    return Said(
        "trick {i}: {role} must follow suit to {lead} but plays {follow}",
        i=index,
        role=role,
        lead=str(lead),
        follow=str(follow),
    )


def more_than_a_pack(role: str, rank: str, n: int) -> Said:
    """One hand's calls needing more than the pack's four of a rank."""
    return Said(
        "{role}'s declarations need {n} {ranks}, a pack has 4",
        role=role,
        n=n,
        ranks=Said(RANK_WORDS[rank]),
    )


def _check_pack(holdings: dict[str, Holding], problem) -> None:
    """The two hands' calls together may never need more than four of a rank."""
    quatorzes = [{s.rank for s in h.sets if s.count == 4} for h in holdings.values()]
    if len(quatorzes) == 2:
        for rank in sorted(quatorzes[0] & quatorzes[1], key=RANKS.index, reverse=True):
            problem(Said("both hands declare a quatorze {of_rank}", of_rank=Said(OF_RANKS[rank])))
    total: Counter[str] = Counter()
    for role, holding in holdings.items():
        need = rank_need(holding)
        for rank, n in need.items():
            if n > 4:
                problem(more_than_a_pack(role, rank, n))
        total.update(need)
    if len(holdings) == 2:
        for rank in RANKS:
            both_quatorze = all(rank in q for q in quatorzes)
            if total[rank] > 4 and not both_quatorze:
                problem(
                    Said(
                        "the two hands' declarations need {n} {ranks} between them, a pack has 4",
                        n=total[rank],
                        ranks=Said(RANK_WORDS[rank]),
                    )
                )


def _check_fit(
    holdings: dict[str, Holding],
    hands: dict[str, tuple[Card, ...]],
    blanks: frozenset[str],
    exchange: dict[str, int],
    variants: Variants,
    problem,
) -> None:
    """The declarations must be holdable: each hand's in 12 cards of its own, both
    hands' together in the 32-card pack, a blank hand's with no more kings, queens
    and jacks than it took in (scorer/fit.py searches for such a deal)."""
    if len(blanks & set(ROLES)) == 2:
        # Two hands of 12 with no king, queen or jack need 24 cards from the
        # pack's 20 aces, tens, nines, eights and sevens.
        problem(
            Said(
                "carte_blanche: both hands claim carte blanche, but two hands of 12 without "
                "a king, queen or jack need 24 such cards and the pack has 20"
            )
        )
        return
    limit = {role: most_taken(role, exchange) for role in blanks}
    for role in sorted(blanks & hands.keys()):
        faces = sum(1 for card in hands[role] if card.rank in FACE_RANKS)
        if faces > limit[role]:
            problem(
                Said(
                    "carte_blanche: {role} claims carte blanche but holds {faces} kings, queens "
                    "and jacks, more than the {limit} cards it took in",
                    role=role,
                    faces=faces,
                    limit=limit[role],
                )
            )
    if not (holdings or blanks) or all(role in hands for role in ROLES):
        return
    void = variants.void_suit_point
    calls = {}
    for role in ROLES:
        if role in hands:
            calls[role] = Calls(Holding(), cards=mask_of(hands[role]))
        else:
            calls[role] = Calls(
                holdings.get(role, Holding()),
                most_faces=limit.get(role, NO_LIMIT),
                void_suit_point=void,
            )
    if fits(calls["elder"], calls["younger"]):
        return
    # Which hand, and is it the blank claim? Each hand alone, then with its limit.
    found = False
    for role in ROLES:
        holding = holdings.get(role)
        if role in hands or holding is None:
            continue
        alone = Calls(holding, void_suit_point=void)
        if not fits_alone(alone):
            found = True
            need = cards_needed(alone)
            if need is not None and need > HAND_SIZE:
                problem(
                    Said(
                        "declared.{role}: these declarations need {need} cards; a hand has 12",
                        role=role,
                        need=need,
                    )
                )
            else:
                problem(
                    Said(
                        "declared.{role}: these declarations cannot all be in one hand "
                        "(each sequence is a run of its own; the point is that many cards "
                        "of one suit making its value)",
                        role=role,
                    )
                )
        elif role in blanks and not fits_alone(calls[role]):
            found = True
            taken, need = limit[role], faces_needed(alone)
            problem(_blank_short(role, taken, need))
    if not found:
        problem(
            Said(
                "declared: the two hands' declarations cannot both be held: no deal of the "
                "32-card pack gives each hand all it declared"
            )
        )


def _blank_short(role: str, taken: int, need: int | None) -> Said:
    """A carte blanche claimed by a hand whose declarations need more kings,
    queens and jacks than it took in."""
    if taken == 0:
        message = (
            N_(
                "carte_blanche: {role} claims carte blanche and took in no card, "
                "but its declarations need {need} king, queen or jack"
            )
            if need == 1
            else N_(
                "carte_blanche: {role} claims carte blanche and took in no card, "
                "but its declarations need {need} kings, queens or jacks"
            )
        )
    elif taken == 1:
        message = (
            N_(
                "carte_blanche: {role} claims carte blanche and took in at most {taken} card, "
                "but its declarations need {need} king, queen or jack"
            )
            if need == 1
            else N_(
                "carte_blanche: {role} claims carte blanche and took in at most {taken} card, "
                "but its declarations need {need} kings, queens or jacks"
            )
        )
    else:
        message = (
            N_(
                "carte_blanche: {role} claims carte blanche and took in at most {taken} cards, "
                "but its declarations need {need} king, queen or jack"
            )
            if need == 1
            else N_(
                "carte_blanche: {role} claims carte blanche and took in at most {taken} cards, "
                "but its declarations need {need} kings, queens or jacks"
            )
        )
    return Said(message, role=role, taken=taken, need=need)


def _check_held(
    role: str, holding: Holding, cards: tuple[Card, ...], variants: Variants, problem
) -> None:
    """With `hands`, every declared combination must be in that hand."""
    suits = by_suit(cards)
    point = holding.point
    if point is not None:
        real = any(
            len(s) >= point.cards and sum(c.pips for c in s) >= (point.value or 0)
            for s in suits.values()
        )
        void = (
            variants.void_suit_point
            and (point.cards, point.value) == (5, 50)
            and bool(void_suits(cards))
        )
        if not (real or void):
            problem(false_point(role, point))
    held_voids = len(void_suits(cards))
    all_found = True
    for seq in holding.sequences:
        if seq.top == VOID:
            ok = held_voids > 0
        else:
            ok = any({c.rank for c in s} >= set(seq.ranks()) for s in suits.values())
        if not ok:
            all_found = False
            problem(false_sequence(role, seq))
    if all_found and not _separate_runs(holding.sequences, cards):
        problem(
            Said(
                "declared.{role}.sequences: the hand holds these sequences only as parts of "
                "one run; each declared sequence must be a run of its own (a false declaration)",
                role=role,
            )
        )
    counts = Counter(c.rank for c in cards)
    for found in holding.sets:
        if counts[found.rank] < found.count:
            problem(false_set(role, found, counts[found.rank]))


def false_point(role: str, point: Point) -> Said:
    """A point declared that the hand does not hold (`role`: a hand or a seat)."""
    if point.value is None:
        return Said(
            "{role} declares a point of {cards} but the hand holds none (a false declaration)",
            role=role,
            cards=point.cards,
        )
    return Said(
        "{role} declares a point of {cards} making {value} but the hand holds "
        "none (a false declaration)",
        role=role,
        cards=point.cards,
        value=point.value,
    )


def false_sequence(role: str, seq: Sequence) -> Said:
    """A sequence declared that the hand does not hold."""
    return Said(
        "{role} declares a sequence of {length} to the {top} "
        "but the hand holds none (a false declaration)",
        role=role,
        length=seq.length,
        top=seq.top,
    )


def false_set(role: str, found: Set, held: int) -> Said:
    """A set declared with more cards of its rank than the hand holds."""
    return Said(
        "{role} declares {count} {ranks} but the hand holds {held} (a false declaration)",
        role=role,
        count=found.count,
        ranks=Said(RANK_WORDS[found.rank]),
        held=held,
    )


def _separate_runs(declared: tuple[Sequence, ...], cards: tuple[Card, ...]) -> bool:
    """Each declared sequence lies in a run of the hand that no other one uses, and
    there are as many void suits as void sequences."""
    voids = sum(1 for s in declared if s.top == VOID)
    if voids > len(void_suits(cards)):
        return False
    wanted = [s for s in declared if s.top != VOID]
    runs = sequences_in(cards)
    if len(wanted) > len(runs):
        return False
    inside = [
        [i for i, (run, suit) in enumerate(runs) if set(seq.ranks()) <= set(run.ranks())]
        for seq in wanted
    ]

    def assign(index: int, used: frozenset[int]) -> bool:
        if index == len(inside):
            return True
        return any(assign(index + 1, used | {i}) for i in inside[index] if i not in used)

    return assign(0, frozenset())


def _too_many_tricks(count: int) -> Said:
    return Said("tricks has {count} entries, at most {most}", count=count, most=TRICKS_PER_DEAL)


def _read_tricks(
    raw: object, hands: dict[str, tuple[Card, ...]], variants: Variants, problem
) -> tuple[Trick, ...]:
    if isinstance(raw, str):
        if len(raw) > TRICKS_PER_DEAL:
            problem(_too_many_tricks(len(raw)))
            return ()
        bad = sorted(set(raw) - set(ROLE_LETTER))
        if bad:
            problem(Said("tricks may hold only E and Y, not {given}", given=quoted("".join(bad))))
            return ()
        if raw and variants.trick_count == "tens_and_above":
            problem(
                Said(
                    "the tens-and-above trick count needs the cards of each trick "
                    "(tricks as a list of {winner, lead, follow})"
                )
            )
            return ()
        return tuple(Trick(ROLE_LETTER[ch]) for ch in raw)
    if not isinstance(raw, list):
        problem(Said("tricks must be a string of E/Y or a list of {winner, lead, follow}"))
        return ()
    if len(raw) > TRICKS_PER_DEAL:
        problem(_too_many_tricks(len(raw)))
        return ()
    tricks: list[Trick] = []
    seen: set[Card] = set()
    remaining = {role: set(cards) for role, cards in hands.items()}
    leader = "elder"
    for index, item in enumerate(raw, start=1):
        winner_letter = item.get("winner") if isinstance(item, dict) else None
        if not isinstance(winner_letter, str) or winner_letter not in ROLE_LETTER:
            problem(
                Said(
                    'trick {i}: must be {{"winner": "E"|"Y", "lead": CARD, "follow": CARD}}',
                    i=index,
                )
            )
            return ()
        winner = ROLE_LETTER[winner_letter]
        if ("lead" in item) != ("follow" in item):
            problem(Said("trick {i}: give both lead and follow, or neither", i=index))
            return ()
        if "lead" not in item:
            if variants.trick_count == "tens_and_above":
                problem(
                    Said(
                        "trick {i}: the tens-and-above trick count needs the cards played",
                        i=index,
                    )
                )
                return ()
            tricks.append(Trick(winner))
            leader = winner
            continue
        texts = (item["lead"], item["follow"])
        if not all(_is_card_text(t) for t in texts):
            problem(
                Said(
                    'trick {i}: lead and follow must be cards such as "10H", not {given}',
                    i=index,
                    given=quoted(texts),
                )
            )
            return ()
        try:
            lead, follow = Card.parse(item["lead"]), Card.parse(item["follow"])
        except HandError as exc:
            problem(Said.around("trick {i}: {problem}", exc, i=index))
            return ()
        for card in (lead, follow):
            if card in seen:
                problem(
                    Said("trick {i}: {card} is played twice in the deal", i=index, card=str(card))
                )
                return ()
            seen.add(card)
        follower = other(leader)
        if remaining:
            for role, card in ((leader, lead), (follower, follow)):
                if role in remaining and card not in remaining[role]:
                    problem(not_held(index, role, card))
                    return ()
            if (
                follower in remaining
                and follow.suit != lead.suit
                and any(c.suit == lead.suit for c in remaining[follower])
            ):
                problem(not_following(index, follower, lead, follow))
                return ()
            for role, card in ((leader, lead), (follower, follow)):
                remaining.get(role, set()).discard(card)
        takes = follower if (follow.suit == lead.suit and follow.height > lead.height) else leader
        if takes != winner:
            problem(
                Said(
                    "trick {i}: {lead} led and {follow} played, so {takes} wins, not {winner}",
                    i=index,
                    lead=str(lead),
                    follow=str(follow),
                    takes=takes,
                    winner=winner,
                )
            )
            return ()
        tricks.append(Trick(winner, lead, follow))
        leader = winner
    return tuple(tricks)


def _read_entered(raw: object, problem) -> dict[str, int] | None:
    if not isinstance(raw, dict) or set(raw) != set(ROLES):
        problem(Said('entered must be {"elder": N, "younger": N}'))
        return None
    for role in ROLES:
        value = raw[role]
        if not _is_int(value) or not 0 <= value <= MAX_DEAL_SCORE:
            problem(
                Said(
                    "entered.{role} must be 0 to {most}, not {given}",
                    role=role,
                    most=MAX_DEAL_SCORE,
                    given=quoted(value),
                )
            )
            return None
    return {role: raw[role] for role in ROLES}
