"""Cards of the 32-card piquet pack: ranks, suits, parsing and formatting.

A card is written rank then suit: `AS`, `10H` (or `TH`), `7C`. Ranks run
A K Q J 10 9 8 7 and suits are listed S H D C, the order used for output.
"""

from __future__ import annotations

from scorer.errors import HandError, Said
from scorer.frozen import frozen

# Ranks from the lowest, so a rank's index is its height.
RANKS: tuple[str, ...] = ("7", "8", "9", "10", "J", "Q", "K", "A")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
FACE_RANKS = frozenset({"K", "Q", "J"})
# Pip values used to compare points of equal length.
PIP_VALUE = {"A": 11, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 9, "8": 8, "7": 7}


def normalise_rank(text: str) -> str:
    """`"T"`/`"t"` -> `"10"`, `"a"` -> `"A"`; raises HandError for anything else."""
    rank = text.strip().upper()
    if rank == "T":
        rank = "10"
    if rank not in RANKS:
        raise HandError(Said("{text} is not a rank (A K Q J 10 9 8 7)", text=repr(text)))
    return rank


def rank_height(rank: str) -> int:
    return RANKS.index(rank)


@frozen(order=True)
class Card:
    """One card of the 32-card pack: its suit letter and its rank."""

    suit: str
    rank: str

    @classmethod
    def parse(cls, text: str) -> Card:
        raw = text.strip().upper()
        if len(raw) < 2:
            raise HandError(Said("{text} is not a card (write e.g. AS, 10H, TH)", text=repr(text)))
        rank, suit = raw[:-1], raw[-1]
        if suit not in SUITS:
            raise HandError(
                Said("{text} is not a card: the suit must be one of S H D C", text=repr(text))
            )
        try:
            rank = normalise_rank(rank)
        except HandError:
            raise HandError(
                Said(
                    "{text} is not a card: the rank must be one of A K Q J 10 9 8 7",
                    text=repr(text),
                )
            ) from None
        return cls(suit=suit, rank=rank)

    @property
    def height(self) -> int:
        return rank_height(self.rank)

    @property
    def pips(self) -> int:
        return PIP_VALUE[self.rank]

    def __str__(self) -> str:
        return f"{self.rank}{self.suit}"


def sort_key(card: Card) -> tuple[int, int]:
    """Suits in S H D C order, then ranks highest first."""
    return (SUITS.index(card.suit), -card.height)


def full_pack() -> list[Card]:
    return [Card(suit, rank) for suit in SUITS for rank in RANKS]
