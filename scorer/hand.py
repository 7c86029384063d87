"""Reading a twelve-card hand: carte blanche, the point, sequences, sets,
carte rouge. This also answers `piquet hand`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from scorer.cards import FACE_RANKS, RANKS, SUITS, Card, sort_key
from scorer.combinations import (
    SET_RANKS,
    SET_RANKS_WITHOUT_TENS,
    VOID,
    Holding,
    Point,
    Sequence,
    Set,
)
from scorer.errors import HandError, Said

HAND_SIZE = 12


def parse_hand(texts: Iterable[str], size: int | None = HAND_SIZE) -> tuple[Card, ...]:
    cards = tuple(Card.parse(t) for t in texts)
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise HandError(Said("{card} appears twice", card=str(card)))
        seen.add(card)
    if size is not None and len(cards) != size:
        raise HandError(
            Said("a hand has {size} cards, this one has {count}", size=size, count=len(cards))
        )
    return tuple(sorted(cards, key=sort_key))


def by_suit(cards: Iterable[Card]) -> dict[str, list[Card]]:
    suits: dict[str, list[Card]] = {s: [] for s in SUITS}
    for card in cards:
        suits[card.suit].append(card)
    for suit_cards in suits.values():
        suit_cards.sort(key=lambda c: -c.height)
    return suits


def is_carte_blanche(cards: Iterable[Card]) -> bool:
    return not any(c.rank in FACE_RANKS for c in cards)


def best_point(cards: Iterable[Card]) -> tuple[Point, str]:
    """The longest suit; on equal length the higher value; then S H D C order."""
    best: tuple[tuple[int, int], str] | None = None
    for suit, suit_cards in by_suit(cards).items():
        key = (len(suit_cards), sum(c.pips for c in suit_cards))
        if best is None or key > best[0]:
            best = (key, suit)
    assert best is not None
    (length, value), suit = best
    return Point(length, value), suit


def sequences_in(cards: Iterable[Card]) -> list[tuple[Sequence, str]]:
    """The longest runs of three or more in each suit (a quart is not two tierces)."""
    found: list[tuple[Sequence, str]] = []
    for suit, suit_cards in by_suit(cards).items():
        heights = sorted({c.height for c in suit_cards}, reverse=True)
        run: list[int] = []
        for h in [*heights, -10]:
            if run and h == run[-1] - 1:
                run.append(h)
                continue
            if len(run) >= 3:
                found.append((Sequence(len(run), RANKS[run[0]]), suit))
            run = [h]
    found.sort(key=lambda item: (-item[0].length, -item[0].key()[1], SUITS.index(item[1])))
    return found


def sets_in(cards: Iterable[Card], without_tens: bool = False) -> list[Set]:
    ranks = SET_RANKS_WITHOUT_TENS if without_tens else SET_RANKS
    counts = Counter(c.rank for c in cards)
    found = [Set(counts[r], r) for r in ranks if counts[r] >= 3]
    found.sort(key=lambda s: (-s.count, -s.key()[1]))
    return found


def void_suits(cards: Iterable[Card]) -> list[str]:
    return [suit for suit, suit_cards in by_suit(cards).items() if not suit_cards]


def holding_of(
    cards: Iterable[Card], void_suit_point: bool = False, sets_without_tens: bool = False
) -> Holding:
    """Everything a hand holds, as it would declare all of it."""
    cards = list(cards)
    point, _suit = best_point(cards)
    sequences = [s for s, _ in sequences_in(cards)]
    voids = void_suits(cards) if void_suit_point else []
    if voids:
        void_point = Point(5, 50)
        if void_point.key() > point.key():
            point = void_point
        sequences.extend(Sequence(5, VOID) for _ in voids)
    return Holding(point, tuple(sequences), tuple(sets_in(cards, sets_without_tens)))


def is_carte_rouge(cards: Iterable[Card], sets_without_tens: bool = False) -> bool:
    """Every card lies in the point suit, a sequence or a set (seeds 002, 003).

    The point suit is the hand's best point; whether it is good against the
    opponent does not matter. (Our reading of "every card in a scoring
    combination": a combination the hand holds, not one that was good.)
    """
    cards = list(cards)
    _point, point_suit = best_point(cards)
    covered = {c for c in cards if c.suit == point_suit}
    for seq, suit in sequences_in(cards):
        covered.update(c for c in cards if c.suit == suit and c.rank in seq.ranks())
    for found in sets_in(cards, sets_without_tens):
        covered.update(c for c in cards if c.rank == found.rank)
    return len(covered) == len(cards)


def read_hand(texts: list[str]) -> dict[str, object]:
    """The `piquet hand --json` answer for twelve cards."""
    cards = parse_hand(texts)
    point, suit = best_point(cards)
    return {
        "cards": [str(c) for c in cards],
        "carte_blanche": is_carte_blanche(cards),
        "point": {
            "cards": point.cards,
            "value": point.value,
            "suit": suit,
            "scores": point.scores(),
        },
        "sequences": [
            {"length": s.length, "top": s.top, "suit": suit_, "scores": s.scores()}
            for s, suit_ in sequences_in(cards)
        ],
        "sets": [{"count": s.count, "rank": s.rank, "scores": s.scores()} for s in sets_in(cards)],
        "carte_rouge": is_carte_rouge(cards),
    }
