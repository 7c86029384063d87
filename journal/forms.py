"""Which action vocabulary a partie speaks: `piquet-record/1` (two players,
`scorer.actions`) or `piquet-record/2` (three to seven players,
`scorer.multi.actions`).

The journal folds, checks and replays every partie through the `Vocabulary`
of its record's `format`, so a stored partie of either format goes through
the same transactions, revisions, undo, redo and checks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from scorer import actions as two_handed
from scorer.frozen import frozen
from scorer.multi import actions as multi

FORMAT_1 = "piquet-record/1"
FORMAT_2 = "piquet-record/2"
FORMATS = (FORMAT_1, FORMAT_2)

Record = dict[str, Any]
Score = dict[str, Any]


@frozen
class Vocabulary:
    """The action functions of one record format."""

    format: str
    parse_action: Callable[[object], dict[str, Any]]
    play: Callable[[Record, object, Score | None], tuple[Record, Score]]
    replay: Callable[[Record, Iterable[dict[str, Any]]], Record]
    # (record, known=None): `known`, the score of the record one action before or
    # after, lets the two-handed engine reckon the last deal alone
    score_or_refuse: Callable[..., Score]
    record_to_actions: Callable[[Record], list[dict[str, Any]]]
    ended: Callable[[Score], bool]  # no action at all may follow
    deal_in_play: Callable[[Record], int]
    same_score: Callable[[Score, Score], bool]  # a folded record's score agrees
    # the one kind allowed after the end: a correction (Law 70; two players only)
    is_correction: Callable[[dict[str, Any]], bool] = lambda action: False


def _same_score_1(folded: Score, original: Score) -> bool:
    count = len(original["deals"])
    return (
        folded["totals"] == original["totals"]
        and folded["finished"] == original["finished"]
        and folded["result"] == original["result"]
        and folded["deals"][:count] == original["deals"]
    )


ONE = Vocabulary(
    FORMAT_1,
    two_handed.parse_action,
    two_handed.play,
    two_handed.replay,
    two_handed.score_or_refuse,
    two_handed.record_to_actions,
    lambda score: bool(score["finished"]),
    lambda record: len(record.get("deals") or []),
    _same_score_1,
    two_handed.is_correction,
)


def _parse_2(record_form: str | None) -> Callable[[object], dict[str, Any]]:
    return lambda action: multi.parse_action(action, record_form)


TWO = Vocabulary(
    FORMAT_2,
    multi.parse_action,
    multi.play,
    multi.replay,
    lambda record, known=None: multi.score_or_refuse(record),
    multi.record_to_actions,
    multi.ended,
    multi.deal_in_play,
    multi.same_score,
)


def vocabulary(record: Record) -> Vocabulary:
    """The vocabulary of a record (version 1 unless it says version 2)."""
    return TWO if record.get("format") == FORMAT_2 else ONE


def parser(record: Record) -> Callable[[object], dict[str, Any]]:
    """The action parser for a partie whose record is `record` (its form's kinds only)."""
    if record.get("format") == FORMAT_2:
        return _parse_2(record.get("form"))
    return two_handed.parse_action
