"""Declarable combinations: the point, sequences and sets, what each scores
and how two of a class compare (RULES.md, "Declarations"; Laws 62-64).
"""

from __future__ import annotations

from itertools import combinations

from scorer.cards import PIP_VALUE, RANKS, rank_height
from scorer.frozen import frozen

TYPE_CHECKING = False  # typing is not imported at run time (`piquet score` starts faster)
if TYPE_CHECKING:
    from typing import Protocol

    class Combination(Protocol):
        """A declared point, sequence or set, as the reckoning compares them."""

        def key(self) -> tuple[int, float]: ...

        def scores(self) -> int: ...


VOID = "void"  # the top of the void-suit sequence (a variant)
SET_RANKS = ("A", "K", "Q", "J", "10")
SET_RANKS_WITHOUT_TENS = ("A", "K", "Q", "J")


@frozen
class Point:
    """A point: its number of cards, and its value when called."""

    cards: int
    value: int | None = None

    def key(self) -> tuple[int, int]:
        return (self.cards, self.value or 0)

    def scores(self, ending_in_four: bool = False) -> int:
        if ending_in_four and self.value is not None and self.value % 10 == 4:
            return self.cards - 1
        return self.cards

    def to_json(self) -> dict[str, int]:
        out = {"cards": self.cards}
        if self.value is not None:
            out["value"] = self.value
        return out


@frozen
class Sequence:
    """A sequence: its length and its top card's rank."""

    length: int
    top: str  # a rank, or VOID

    def key(self) -> tuple[int, float]:
        # The void-suit sequence ranks between an ace-high and a king-high quint.
        height = rank_height("K") + 0.5 if self.top == VOID else rank_height(self.top)
        return (self.length, height)

    def scores(self) -> int:
        if self.top == VOID:
            return 10
        return self.length if self.length <= 4 else 10 + self.length

    def ranks(self) -> tuple[str, ...]:
        """The ranks the run holds, highest first (none for the void sequence)."""
        if self.top == VOID:
            return ()
        top = rank_height(self.top)
        return tuple(RANKS[h] for h in range(top, top - self.length, -1))

    def to_json(self) -> dict[str, object]:
        return {"length": self.length, "top": self.top}


@frozen
class Set:
    """A set (trio or quatorze): how many cards of one rank."""

    count: int
    rank: str

    def key(self) -> tuple[int, int]:
        return (self.count, rank_height(self.rank))

    def scores(self) -> int:
        return 14 if self.count == 4 else 3

    def to_json(self) -> dict[str, object]:
        return {"count": self.count, "rank": self.rank}


def possible_point_values(cards: int) -> frozenset[int]:
    """Every value `cards` cards of one suit can make (A 11, K Q J 10 ten each...)."""
    pips = [PIP_VALUE[r] for r in RANKS]
    return frozenset(sum(c) for c in combinations(pips, cards))


POINT_VALUES = {n: possible_point_values(n) for n in range(1, 9)}


def sequence_top_allows(length: int, top: str) -> bool:
    """A tierce runs at least to the nine; a huitième only to the ace."""
    return rank_height(top) >= length - 1


@frozen
class Holding:
    """What one hand declares (or, from its cards, holds) in the three classes."""

    point: Point | None = None
    sequences: tuple[Sequence, ...] = ()
    sets: tuple[Set, ...] = ()

    def best_sequence(self) -> Sequence | None:
        return max(self.sequences, key=Sequence.key, default=None)

    def best_set(self) -> Set | None:
        return max(self.sets, key=Set.key, default=None)


def better(mine: tuple, theirs: tuple | None) -> bool | None:
    """True if `mine` beats `theirs`, False if it loses, None if they are equal."""
    if theirs is None or mine > theirs:
        return True
    if mine == theirs:
        return None
    return False
