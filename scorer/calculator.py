"""The hand calculator: two hands of twelve, who is good in each class, what
the good side scores there, and whether the declarations make a repique.

Nothing here decides a rule. `compare` writes the two hands into a one-deal
record (the first hand Elder or Younger, no tricks played, no carte blanche
claimed) and lets the engine score it as if each hand declared everything it
holds; the classes and the repique are then read off the engine's score. So
the calculator and `piquet score` can never disagree.

For the kiosk and `piquet hand CARD... --against CARD... [--younger] --json`:

- `compare(hand, against, elder="hand", variants=None, lang="en") -> Comparison`
  raises `HandError` for a hand that is not twelve cards, or two hands that
  share a card.
- `Comparison.to_json()`: `{"against": {...}, "classes": {"point": {"good":
  "hand"|"against"|null, "scores": N}, "sequences": ..., "sets": ...},
  "repique": "hand"|"against"|null}`; `Comparison.lines` are the engine's
  score lines (with `why` and `rule`) for showing what each side scores.
- `hand_json(cards, against, younger=False)`: the whole `piquet hand --json`
  answer with the comparison added.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorer.errors import HandError, RecordError, Said
from scorer.frozen import frozen
from scorer.hand import parse_hand, read_hand
from scorer.score import score_record

SIDES = ("hand", "against")
CLASSES = ("point", "sequences", "sets")


@frozen
class ClassOutcome:
    good: str | None  # "hand", "against", or None when equal or neither holds one
    scores: int  # everything the good side scores in the class; 0 when None

    def to_json(self) -> dict[str, Any]:
        return {"good": self.good, "scores": self.scores}


@frozen
class Comparison:
    hand: dict[str, Any]  # `read_hand` of the first hand
    against: dict[str, Any]  # `read_hand` of the other
    elder: str  # the side that is Elder: "hand" or "against"
    classes: dict[str, ClassOutcome]
    repique: str | None
    lines: tuple[dict[str, Any], ...]  # the engine's lines; `player` is "hand"/"against"

    def to_json(self) -> dict[str, Any]:
        return {
            "against": self.against,
            "classes": {k: v.to_json() for k, v in self.classes.items()},
            "repique": self.repique,
        }


def deal_record(
    hand: Sequence[str],
    against: Sequence[str],
    elder: str = "hand",
    variants: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A one-deal record holding the two hands, nothing declared or played."""
    if elder not in SIDES:
        raise ValueError(f"elder must be 'hand' or 'against', not {elder!r}")
    younger = "against" if elder == "hand" else "hand"
    cards = {"hand": list(hand), "against": list(against)}
    return {
        "format": "piquet-record/1",
        "game": "rubicon",
        "variants": dict(variants or {}),
        "players": list(SIDES),
        "first_dealer": younger,
        "deals": [{"hands": {"elder": cards[elder], "younger": cards[younger]}}],
    }


def _check(hand: Sequence[str], against: Sequence[str]) -> None:
    for name, cards in (("hand", hand), ("against", against)):
        try:
            parse_hand(cards)
        except HandError as exc:
            raise HandError(Said.around("{name}: {problem}", exc, name=name)) from None
    shared = set(parse_hand(hand)) & set(parse_hand(against))
    if shared:
        both = " ".join(sorted(str(c) for c in shared))
        raise HandError(
            Said("{cards} in both hands: the two hands must be 24 different cards", cards=both)
        )


def compare(
    hand: Sequence[str],
    against: Sequence[str],
    elder: str = "hand",
    variants: dict[str, Any] | None = None,
    lang: str = "en",
) -> Comparison:
    """Who is good in each class between two twelve-card hands, as the engine
    scores them when each declares everything it holds."""
    _check(hand, against)
    try:
        score = score_record(deal_record(hand, against, elder, variants), lang, notes=True)
    except RecordError as exc:  # e.g. an unknown variant
        raise HandError("; ".join(exc.problems)) from None
    deal = score["deals"][0]
    lines = tuple(deal["lines"])
    classes = {}
    for klass in CLASSES:
        scored = [ln for ln in lines if ln["category"] == klass and ln["points"]]
        sides = {ln["player"] for ln in scored}
        assert len(sides) <= 1, "only the good side scores in a class"
        good = sides.pop() if sides else None
        classes[klass] = ClassOutcome(good, sum(ln["points"] for ln in scored))
    return Comparison(
        hand=read_hand(list(hand)),
        against=read_hand(list(against)),
        elder=elder,
        classes=classes,
        repique=deal["bonuses"]["repique"],
        lines=lines,
    )


def hand_json(
    cards: Sequence[str], against: Sequence[str] | None = None, younger: bool = False
) -> dict[str, Any]:
    """`piquet hand --json`: the hand read, and with `against` the comparison."""
    if against is None:
        return read_hand(list(cards))
    comparison = compare(cards, against, elder="against" if younger else "hand")
    return {**comparison.hand, **comparison.to_json()}


__all__ = ["CLASSES", "SIDES", "ClassOutcome", "Comparison", "compare", "deal_record", "hand_json"]
