"""A call nobody has answered scores nothing, in every form.

Between two players the dialogue writes a class into `declared` only once it
is settled (`scorer.dialogue`). The forms for more players keep plain calls
by seat, written as they are said (`{"declare": "point", "by": "A", "cards":
5}`), so a call alone would score at once: in Piquet Normand a total rose the
moment a player called five cards, before anyone answered.

The rule, read from the deal alone: while a deal is being announced (no
trick yet, no entered totals, no throw-in), a class counts only once every
seat that plays the deal has said something in it: a call, or the class
given empty (`"point": null`, `"sequences": []`: "Good", "Nothing", written
by `{"declare": "nothing", "by": SEAT, "class": CLASS}`). Once the first
trick is played the announcing is over and every call stands, as at the
table. The calls are still checked while they wait (a fifth king is refused
when it is said, not when it is answered).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from scorer.combinations import Holding

CLASSES = ("point", "sequences", "sets")


def announcing(deal: Mapping[str, Any]) -> bool:
    """The deal is still being announced: nothing has ended the calls."""
    return not deal.get("tricks") and "entered" not in deal and "throw_in" not in deal


def unanswered(deal: object, seats: Iterable[str]) -> tuple[str, ...]:
    """The classes of `deal` holding a call that not every seat of `seats` has
    answered yet (empty once the announcing is over)."""
    if not isinstance(deal, dict) or not announcing(deal):
        return ()
    declared = deal.get("declared")
    if not isinstance(declared, dict):
        return ()
    seats = tuple(seats)
    said = {s: declared[s] for s in seats if isinstance(declared.get(s), dict)}
    return tuple(
        klass
        for klass in CLASSES
        if any(calls.get(klass) for calls in said.values())
        and not all(klass in said.get(s, {}) for s in seats)
    )


def without(deal: dict[str, Any], classes: Iterable[str]) -> dict[str, Any]:
    """A copy of `deal` whose `declared` leaves out `classes` (each seat keeps its
    entry, so that with `hands` it still declares only what it called)."""
    classes = tuple(classes)
    declared = {
        seat: {k: v for k, v in calls.items() if k not in classes}
        if isinstance(calls, dict)
        else calls
        for seat, calls in deal["declared"].items()
    }
    return {**deal, "declared": declared}


def answered_holdings(
    holdings: Mapping[str, Holding], raw: object, seats: Iterable[str]
) -> dict[str, Holding]:
    """`holdings` (read and checked from the deal's `declared`) without the
    classes nobody has answered yet: what scores now."""
    open_classes = unanswered(raw, seats)
    if not open_classes:
        return dict(holdings)
    return {
        seat: Holding(
            point=None if "point" in open_classes else holding.point,
            sequences=() if "sequences" in open_classes else holding.sequences,
            sets=() if "sets" in open_classes else holding.sets,
        )
        for seat, holding in holdings.items()
    }


def score_two_handed(record: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    """`scorer.score_record` for the two-handed partie of à Écrire or Chouette
    whose deals name "elder" and "younger": every call is checked, and the
    classes of its last deal nobody has answered yet score nothing."""
    from scorer.score import score_record

    answer = score_record(record, lang)
    deals = record.get("deals") or []
    open_classes = unanswered(deals[-1], ("elder", "younger")) if deals else ()
    if not open_classes:
        return answer
    answered = {**record, "deals": [*deals[:-1], without(deals[-1], open_classes)]}
    return score_record(answered, lang)
