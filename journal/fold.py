"""Folding a partie's stored actions: the partie, and what the rules engine refuses.

A journal must always open. The partie is its actions folded in order up to
the first one the engine refuses, or a missing number, or a row that is not
an action; that one and everything after it are the `Refusal`: the journal
keeps them aside (never deleted) and says so.

A partie is folded with the vocabulary of its record's format
(`journal.forms`): `piquet-record/1` for two players, `piquet-record/2` for
three to seven.

The usual case costs one replay and one scoring (and, for a finished partie,
the last deal reckoned once more to see that the last action ended it): actions
that fold and score as a whole were each accepted once. Only when that fails (or
when a finished partie may have been finished before its last action) are the actions played
one by one with the engine's own check, to find the first one refused.
Corrections of a finished partie (`{"correct": ...}`, the one kind allowed
after the end) come last; each is played with the engine's check on the
partie as it stood, one scoring each.
"""

from __future__ import annotations

from typing import Any

from journal.forms import vocabulary
from journal.store import Action, StoredAction
from scorer.errors import ActionError, RecordError
from scorer.frozen import frozen


@frozen
class Refusal:
    """The stored actions from number `first_seq` on, which are not part of the partie."""

    first_seq: int
    count: int  # how many stored rows, from first_seq on
    reason: str


@frozen
class Folded:
    record: dict[str, Any]
    score: dict[str, Any]
    actions: list[Action]
    refusal: Refusal | None


def _readable_prefix(stored: list[StoredAction]) -> tuple[list[Action], str | None]:
    """The actions numbered 1, 2, 3... without a gap; and why the run stops early, if it does."""
    actions: list[Action] = []
    for expected, row in enumerate(stored, start=1):
        if row.seq != expected:
            return actions, f"action {expected} is missing"
        if row.action is None:
            return actions, f"action {expected} is not a readable action"
        actions.append(row.action)
    return actions, None


def whole(start: dict[str, Any], actions: list[Action]) -> tuple[dict, dict] | None:
    """The record and score of all `actions` when they fold and score as a whole, else None."""
    rules = vocabulary(start)
    game = next((i for i, a in enumerate(actions) if rules.is_correction(a)), len(actions))
    try:
        played = actions[:game]  # the partie's own actions; its corrections follow
        before = rules.replay(start, played[:-1]) if played else start
        record = rules.replay(before, played[-1:])
        score = rules.score_or_refuse(record)
        # the partie one action before shares all its deals but the last: reckoned alone
        if rules.ended(score) and played and rules.ended(rules.score_or_refuse(before, score)):
            return None  # finished earlier: an action came after the end
        for action in actions[game:]:  # corrections, each checked (anything else: refused)
            record, score = rules.play(record, action, score)
    except (ActionError, RecordError, RecursionError):
        return None
    return record, score


def fold(start: dict[str, Any], stored: list[StoredAction]) -> Folded:
    """Fold `stored` onto the partie's first record `start`.

    Raises ActionError only when `start` itself is refused (the partie's header).
    """
    rules = vocabulary(start)
    actions, stop = _readable_prefix(stored)
    folded = whole(start, actions)
    if folded is not None:
        record, score = folded
        kept = len(actions)
    else:
        record, score = start, rules.score_or_refuse(start)
        kept = 0
        for action in actions:
            try:
                record, score = rules.play(record, action, score)
            except (ActionError, RecordError, RecursionError) as error:
                stop = str(error) or type(error).__name__
                break
            kept += 1
    refusal = None
    if stop is not None:
        refusal = Refusal(kept + 1, len(stored) - kept, stop)
    return Folded(record, score, actions[:kept], refusal)
