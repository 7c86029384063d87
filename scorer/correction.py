"""Correcting a finished partie (Law 70, by agreement): one deal's totals put right.

Law 70 lets a scoring error be put right until the player in error has seen
his next hand, and by agreement afterwards. At the table that is a deal
whose totals were mistyped in quick mode, found once the partie is over.
The correction is one more action of that partie, the one action allowed
after its end:

    {"correct": {"deal": 3, "was": {"elder": 30, "younger": 12},
                 "now": {"elder": 25, "younger": 12}}}

- `was` and `now` are the deal's own points for each hand, before the
  four-deal doubling (as `entered` is). `was` must be what the deal gives as
  it stands; `now` must differ from it and be 0 to 173 each.
- The deal then scores `now` as entered totals: it becomes
  `{"entered": now}` (keeping `exchange` and `entry`, which `entered` allows)
  and keeps a mark of every correction, a deal field the spec lets us add:
  `"corrected": [{"was": ..., "now": ..., "order": 1}]`. `order` numbers the
  partie's corrections 1, 2, 3... in the order they were made, so that an
  imported record replays them in that order.
- A correction is refused, in words, before a partie is finished, for a deal
  that does not exist, when `was` does not match, when the corrected record
  would be invalid (a deal after an au Cent partie already decided) or when
  the partie would no longer be decided.

Pure Python, no I/O. `scorer.actions` calls in here for the `correct` kind.
"""

from __future__ import annotations

import copy
from itertools import pairwise
from typing import Any

from scorer.errors import ActionError, Said
from scorer.quoting import quoted
from scorer.record import MAX_DEAL_SCORE

ROLES = ("elder", "younger")
KIND = "correct"
MARK = "corrected"
KEEP = ("exchange", "entry")  # what a corrected deal keeps beside its entered totals


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _totals(value: object, name: str) -> None:
    if (
        not isinstance(value, dict)
        or set(value) != set(ROLES)
        or not all(_is_int(value[role]) for role in ROLES)
    ):
        raise ActionError(
            Said(
                'action: a correction\'s {name} must be {{"elder": N, "younger": N}} with '
                "whole numbers, not {given}",
                name=repr(name),
                given=quoted(value),
            )
        )


def check_shape(action: dict[str, Any]) -> None:
    """The shape of a `correct` action; raises ActionError."""
    body = action.get(KIND)
    if not isinstance(body, dict) or set(body) != {"deal", "was", "now"}:
        raise ActionError(
            Said(
                'action: \'correct\' must be {{"deal": N, "was": {{"elder": N, "younger": '
                'N}}, "now": {{"elder": N, "younger": N}}}}, not {given}',
                given=quoted(body),
            )
        )
    if not _is_int(body["deal"]) or body["deal"] < 1:
        raise ActionError(
            Said(
                "action: a correction's 'deal' must be a deal number, not {given}",
                given=quoted(body["deal"]),
            )
        )
    _totals(body["was"], "was")
    _totals(body["now"], "now")


def words(totals: dict[str, int]) -> Said:
    """ "30 and 12": Elder's points, then Younger's."""
    return Said("{elder} and {younger}", elder=totals["elder"], younger=totals["younger"])


def stands_at(score: dict[str, Any], number: int) -> dict[str, int]:
    """What deal `number` gives each hand as it stands, before the four-deal doubling."""
    deal = score["deals"][number - 1]
    return {role: deal["scores"][deal[role]] // deal["multiplier"] for role in ROLES}


def check_against(score: dict[str, Any], action: dict[str, Any]) -> None:
    """Whether the correction fits the partie as it stands (`score`); raises ActionError."""
    body = action[KIND]
    number = body["deal"]
    if not score["finished"]:
        raise ActionError(
            Said(
                "a correction is for a finished partie (Law 70, by agreement); "
                "while it is in play, Undo puts a deal right"
            )
        )
    deals = score["deals"]
    if number > len(deals):
        raise ActionError(
            Said(
                "deal {n}: there is no such deal (the partie has {count})",
                n=number,
                count=len(deals),
            )
        )
    was = stands_at(score, number)
    if body["was"] != was:
        raise ActionError(
            Said(
                "deal {n}: the correction says it was {was} (Elder, Younger), "
                "but it stands at {stands}",
                n=number,
                was=words(body["was"]),
                stands=words(was),
            )
        )
    if body["now"] == was:
        raise ActionError(
            Said(
                "deal {n}: it already stands at {stands}; nothing to correct",
                n=number,
                stands=words(was),
            )
        )
    for role in ROLES:
        value = body["now"][role]
        if not 0 <= value <= MAX_DEAL_SCORE:
            raise ActionError(
                Said(
                    "deal {n}: a deal scores 0 to {most} for each hand, not {value} for {hand}",
                    n=number,
                    most=MAX_DEAL_SCORE,
                    value=value,
                    hand=Said("Elder") if role == "elder" else Said("Younger"),
                )
            )


def apply(record: dict[str, Any], action: dict[str, Any]) -> None:
    """The structural step, on a private copy of the record: the deal takes `now` as
    its entered totals and keeps the mark. Raises ActionError for a deal not there."""
    body = action[KIND]
    number = body["deal"]
    deals = record.get("deals") or []
    if not 1 <= number <= len(deals) or not isinstance(deals[number - 1], dict):
        raise ActionError(Said("deal {n}: there is no such deal to correct", n=number))
    old = deals[number - 1]
    order = 1 + sum(len(marks_of(deal)) for deal in deals if isinstance(deal, dict))
    marks = [*marks_of(old), {"was": dict(body["was"]), "now": dict(body["now"]), "order": order}]
    deal = {key: copy.deepcopy(old[key]) for key in KEEP if key in old}
    deal["entered"] = {role: body["now"][role] for role in ROLES}
    deal[MARK] = marks
    deals[number - 1] = deal


def check_after(score: dict[str, Any], action: dict[str, Any]) -> None:
    """The corrected partie must still be decided; raises ActionError."""
    if not score["finished"]:
        number = action[KIND]["deal"]
        raise ActionError(
            Said(
                "deal {n}: with {now} the partie would no longer be "
                "decided (it would need more deals); nothing was corrected",
                n=number,
                now=words(action[KIND]["now"]),
            )
        )


def refused_record(action: dict[str, Any], problem: object) -> ActionError:
    """The corrected record is invalid (`problem`: the engine's error, or its
    sentence): said with the correction's deal."""
    number = action[KIND]["deal"]
    return ActionError(
        Said.around(
            "deal {n}: with {now} the record would be invalid ({problem}); nothing was corrected",
            problem,
            n=number,
            now=words(action[KIND]["now"]),
        )
    )


# --- marks: reading them back ----------------------------------------------------------


def _mark_ok(mark: object) -> bool:
    if not isinstance(mark, dict):
        return False
    for name in ("was", "now"):
        value = mark.get(name)
        if not isinstance(value, dict) or set(value) != set(ROLES):
            return False
        if not all(_is_int(value[role]) for role in ROLES):
            return False
    return True


def marks_of(deal: dict[str, Any]) -> list[dict[str, Any]]:
    """The correction marks of a deal ([] when it was never corrected, or when its
    `corrected` field is not ours)."""
    marks = deal.get(MARK)
    if not isinstance(marks, list) or not marks or not all(_mark_ok(m) for m in marks):
        return []
    return marks


def is_corrected(deal: object) -> bool:
    return isinstance(deal, dict) and bool(marks_of(deal))


def as_first_entered(number: int, deal: dict[str, Any]) -> dict[str, Any]:
    """A corrected deal as it was before its first correction, as far as the record
    tells: its first `was` as entered totals. Raises ActionError when its marks do
    not lead from one to the next and to the totals it stands at."""
    marks = marks_of(deal)
    for before, after in pairwise(marks):
        if after["was"] != before["now"]:
            raise ActionError(
                Said(
                    "deal {n}: its corrections do not follow on (one ends at {ends}, "
                    "the next starts at {starts})",
                    n=number,
                    ends=words(before["now"]),
                    starts=words(after["was"]),
                )
            )
    if deal.get("entered") != marks[-1]["now"]:
        raise ActionError(
            Said(
                "deal {n}: its last correction gives {now}, but the deal is entered as {given}",
                n=number,
                now=words(marks[-1]["now"]),
                given=quoted(deal.get("entered")),
            )
        )
    first = {key: copy.deepcopy(deal[key]) for key in KEEP if key in deal}
    first["entered"] = dict(marks[0]["was"])
    return first


def corrections_in_order(record: dict[str, Any]) -> list[dict[str, Any]]:
    """The `correct` actions that the record's marks stand for, in the order they
    were made (by `order`; marks without one after, by deal)."""
    found = []
    for number, deal in enumerate(record.get("deals") or [], start=1):
        if not isinstance(deal, dict):
            continue
        for index, mark in enumerate(marks_of(deal)):
            order = mark.get("order")
            key = (order if _is_int(order) else 1 << 30, number, index)
            found.append(
                (key, {KIND: {"deal": number, "was": dict(mark["was"]), "now": dict(mark["now"])}})
            )
    return [action for _key, action in sorted(found, key=lambda item: item[0])]
