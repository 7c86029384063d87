"""The answers to the question standing in a deal for three to seven players:
a fixed grid for each kind of question, each answer with the journal action a
tap records, or None where it cannot be true now (shown disabled in its
place, so that the answers keep their places and the kiosk never tries one to
see). Pure: no words (the kiosk writes the labels from `key` and `params`).

The question comes from `scorer.multi.flow` (who announces next). Each answer
is first allowed by the rules of the announcing (a reply must beat the call
standing, an addition must be lower than the good call, ...) and then by the
engine: it is tried on the deal in play alone (`accepted`: a call its hand
cannot hold, a fifth king beside the others' calls, a carte blanche with
faces called, is refused).

Two answers take two taps: a sequence is called by its length, then its top
card; "Making?" asks the caller for his point's value. The first tap's action
is `{"pending": {...}}`, a journal action (what the second tap completes):
`question(..., pending)` then asks the second. An answer whose action holds
`"then"` is followed by `{"pending": then}` in the same tap (the good
point's value, then the partner's own).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable
from typing import Any

from scorer.answer import Answer
from scorer.combinations import (
    POINT_VALUES,
    SET_RANKS,
    Point,
    Sequence,
    Set,
    sequence_top_allows,
)
from scorer.errors import ActionError
from scorer.frozen import frozen
from scorer.multi.flow import Call, Flow, Step, action_of
from scorer.multi.in_play import DealTable, current_deal
from scorer.multi.traits import traits

TOPS = ("A", "K", "Q", "J", "10", "9", "8", "7")
SETS = tuple((count, rank) for count in (4, 3) for rank in SET_RANKS)
LENGTHS = tuple(range(3, 9))


@frozen
class Question:
    """The question standing and its answers. `kind` is "exchange", "call",
    "reply", "add", "partner" (Voleur: the good player's partner), the
    second taps "top", "making", "value" and "value_first" (the good point's
    value, before the partner's own), or "play" / "over" (no question).
    `grid` and `grid2` are the answer grids (`row_len` a row), `answers` the
    row below them."""

    kind: str
    seat: str
    step: Step
    grid: tuple[Answer, ...] = ()
    row_len: int = 0
    grid2: tuple[Answer, ...] = ()
    answers: tuple[Answer, ...] = ()
    pending: dict[str, Any] | None = None  # the first tap this second tap completes

    def all(self) -> tuple[Answer, ...]:
        return self.grid + self.grid2 + self.answers

    def legal(self) -> tuple[dict[str, Any], ...]:
        """The actions that may be recorded now (first taps included)."""
        return tuple(a.action for a in self.all() if a.action is not None)


def least_point(form: str) -> int:
    """The shortest point a hand of the form can call (two of Voleur's eight cards)."""
    return traits(form).least_point


def nothing(seat: str, klass: str, key: str = "nothing", word: str = "nothing") -> Answer:
    return Answer(key, {"word": word}, {"declare": "nothing", "by": seat, "class": klass})


def _counts(seat: str, counts: Iterable[int]) -> tuple[Answer, ...]:
    return tuple(
        Answer(f"ex-{seat}-{n}", {"cards": n}, {"exchange": seat, "cards": n}) for n in counts
    )


def _point_counts(form: str, seat: str, enabled: Callable[[int], bool]) -> list[Answer]:
    return [
        Answer(f"call-{n}", {"cards": n}, action_of(seat, Point(n)) if enabled(n) else None)
        for n in range(least_point(form), 9)
    ]


def _point_values(seat: str, cards: int, enabled: Callable[[int], bool]) -> list[Answer]:
    return [
        Answer(
            f"value-{v}",
            {"cards": cards, "value": v},
            action_of(seat, Point(cards, v)) if enabled(v) else None,
        )
        for v in sorted(POINT_VALUES[cards])
    ]


def _lengths(
    seat: str, enabled: Callable[[int], bool], then: str, short: bool = False
) -> list[Answer]:
    return [
        Answer(
            f"len-{n}",
            {"length": n, "short": short},
            {"pending": {"kind": "top", "seat": seat, "length": n, "then": then}}
            if enabled(n)
            else None,
        )
        for n in LENGTHS
    ]


def _tops(
    seat: str, length: int, enabled: Callable[[Sequence], bool], key: str = "top"
) -> list[Answer]:
    out = []
    for top in TOPS:
        call = Sequence(length, top)
        fine = sequence_top_allows(length, top) and enabled(call)
        out.append(
            Answer(
                f"{key}-{top}",
                {"length": length, "top": top},
                action_of(seat, call) if fine else None,
            )
        )
    return out


def _sets(seat: str, enabled: Callable[[Set], bool]) -> list[Answer]:
    return [
        Answer(
            f"set-{count}-{rank}",
            {"count": count, "rank": rank},
            action_of(seat, Set(count, rank)) if enabled(Set(count, rank)) else None,
        )
        for count, rank in SETS
    ]


# --- the questions ------------------------------------------------------------------


def _exchange(table: DealTable, flow: Flow, step: Step) -> Question:
    seat = step.seat
    rules = traits(table.form)
    if rules.exchange == "dealer":
        counts: tuple[int, ...] = tuple(range(rules.widow + 1))
    elif seat == table.leader:  # elder: one to five
        counts = tuple(range(1, 6))
    else:  # younger: up to what elder left (the engine refuses more)
        counts = tuple(range(0, 8))
    return Question("exchange", seat, step, _counts(seat, counts))


def _call(table: DealTable, step: Step) -> Question:
    seat, klass = step.seat, step.phase
    if klass == "point":
        grid = _point_counts(table.form, seat, lambda n: True)
        row = 0
    elif klass == "sequences":
        grid = _lengths(seat, lambda n: True, "call")
        row = 0
    else:
        grid, row = _sets(seat, lambda s: True), 5
    return Question("call", seat, step, tuple(grid), row, answers=(nothing(seat, klass),))


def _reply(table: DealTable, step: Step) -> Question:
    seat, best, klass = step.seat, step.standing, step.phase
    good = nothing(seat, klass, "good", "good")
    grid: list[Answer] = []
    grid2: list[Answer] = []
    row = 0
    answers: list[Answer] = []
    if isinstance(best, Point):
        if best.value is None:
            holder = step.holders[0]
            answers = [
                Answer("good", {"word": "good", "shorter": True}, good.action),
                Answer(
                    "making", {"word": "making"}, {"pending": {"kind": "making", "seat": holder}}
                ),
            ]
        else:
            answers = [
                Answer("good", {"word": "good"}, good.action),
                Answer("equal", {"word": "equal"}, action_of(seat, Point(best.cards, best.value))),
            ]
            value = best.value
            grid = _point_values(seat, best.cards, lambda v: v > value)
        cards = best.cards
        grid2 = _point_counts(table.form, seat, lambda n: n > cards)
    elif isinstance(best, Sequence):
        sequence = best
        answers = [
            Answer("good", {"word": "good"}, good.action),
            Answer("equal", {"word": "equal"}, action_of(seat, sequence)),
        ]
        grid = _tops(seat, sequence.length, lambda c: c.key() > sequence.key(), "seq")
        grid2 = _lengths(seat, lambda n: n > sequence.length, "reply", short=True)
    elif isinstance(best, Set):
        held = best
        answers = [Answer("good", {"word": "good"}, good.action)]
        grid, row = _sets(seat, lambda s: s.key() > held.key()), 5
    return Question("reply", seat, step, tuple(grid), row, tuple(grid2), tuple(answers))


def _more(table: DealTable, step: Step) -> Question:
    """The good player's other combinations of the class; in Voleur, then his
    partner's own."""
    seat, best, klass = step.seat, step.best, step.phase
    word = "nothing_more" if step.kind == "add" else "nothing"
    done = nothing(seat, klass, "nothing", word)
    own = set(step.own)
    grid: list[Answer] = []
    row = 0
    if isinstance(best, Point):
        cards = best.cards
        grid = _point_counts(table.form, seat, lambda n: n < cards)
        # as many cards as the good point: its value is needed (said next)
        grid[cards - least_point(table.form)] = Answer(
            f"call-{cards}",
            {"cards": cards},
            {"pending": {"kind": "value", "seat": seat, "cards": cards, "good": step.good}},
        )
    elif isinstance(best, Sequence):
        length = best.length
        grid = _lengths(seat, lambda n: n <= length, step.kind)
    elif isinstance(best, Set):
        held = best
        grid, row = _sets(seat, lambda s: s.key() < held.key() and s not in own), 5
    return Question(step.kind, seat, step, tuple(grid), row, answers=(done,))


def _second(table: DealTable, step: Step, pending: dict[str, Any]) -> Question:
    """The second tap of a two-tap answer."""
    seat = str(pending.get("seat", ""))
    kind = pending.get("kind")
    best: Call | None = step.standing or step.best
    if kind == "top":
        length = int(pending["length"])
        then = pending.get("then")

        def fine(call: Sequence) -> bool:
            if best is None or then == "call":
                return True
            if then == "reply":
                return call.key() > best.key()
            if then == "add":
                return call.key() < best.key() and call not in step.own
            return call.key() <= best.key() and call not in step.own  # partner

        return Question("top", seat, step, tuple(_tops(seat, length, fine)), pending=pending)
    if kind == "making" and isinstance(best, Point):
        values = _point_values(seat, best.cards, lambda v: True)
        return Question("making", seat, step, tuple(values), pending=pending)
    if kind == "value" and isinstance(best, Point):
        good = str(pending.get("good", ""))
        cards = int(pending["cards"])
        if best.value is None:  # the good point's value first, then the partner's
            then = {"kind": "value", "seat": seat, "cards": cards, "good": good}
            values = [
                Answer(a.key, a.params, a.action and {"then": then, **a.action})
                for a in _point_values(good, cards, lambda v: True)
            ]
            return Question("value_first", good, step, tuple(values), pending=pending)
        top = best.value
        values = _point_values(seat, cards, lambda v: v <= top)
        return Question("value", seat, step, tuple(values), pending=pending)
    return Question("over", seat, step, pending=pending)


def question(
    table: DealTable,
    flow: Flow,
    step: Step,
    record: dict[str, Any] | None = None,
    pending: dict[str, Any] | None = None,
) -> Question:
    """The question standing at `step` and its answers; with `record`, those the
    engine would refuse are disabled (tried on the deal in play alone)."""
    if pending is not None:
        asked = _second(table, step, pending)
    elif step.kind == "exchange":
        asked = _exchange(table, flow, step)
    elif step.kind == "call":
        asked = _call(table, step)
    elif step.kind == "reply":
        asked = _reply(table, step)
    elif step.kind in ("add", "partner"):
        asked = _more(table, step)
    else:
        asked = Question(step.phase if step.phase in ("play", "over") else "over", "", step)
    if record is None:
        return asked
    engine = acceptance(record, table)

    def check(answer: Answer) -> Answer:
        answer = engine(answer)
        action = answer.action
        if action is None or "pending" not in action:
            return answer
        # a first tap is offered only if some second tap can follow it
        second = _second(table, step, action["pending"])
        if any(engine(a).enabled for a in second.all()):
            return answer
        return answer.disabled()

    return Question(
        asked.kind,
        asked.seat,
        asked.step,
        tuple(check(a) for a in asked.grid),
        asked.row_len,
        tuple(check(a) for a in asked.grid2),
        tuple(check(a) for a in asked.answers),
        asked.pending,
    )


def extras(
    table: DealTable, flow: Flow, step: Step, record: dict[str, Any], opened: bool
) -> tuple[Answer, ...]:
    """Beside the question: quick mode before a deal's first action (`opened`:
    something has been said in the deal), carte blanche for each seat until the
    declarations begin (both kept, disabled, until the play), carte rouge
    before the first trick when the game plays it. A claim made shows `on`,
    and cannot be made twice; one the engine refuses (a second carte blanche
    the exchange rules out) is disabled."""
    deal = current_deal(record)
    out: list[Answer] = []
    raw = deal.get("carte_blanche") or []
    claimed = [raw] if isinstance(raw, str) else list(raw)
    # the carte blanche row stays through the declarations (every question
    # before the play), its buttons disabled once the declarations begin, and
    # quick mode beside it disabled once the deal is opened: the row keeps its
    # place and no other button comes where it was (issue 20)
    carte_blanche = step.phase in ("exchange", "point", "sequences", "sets") and not flow.tricks
    open_to_claims = carte_blanche and not flow.declared
    if not opened or carte_blanche:
        out.append(Answer("quick-on", {"word": "quick"}, None if opened else {"entry": "totals"}))
    if carte_blanche:
        out += [
            Answer(
                f"cb-{s}",
                {"seat": s, "word": "carte_blanche"},
                {"carte_blanche": s} if open_to_claims and s not in claimed else None,
                on=s in claimed,
            )
            for s in table.order
        ]
    variants = record.get("variants") or {}
    rules = traits(table.form)
    if (
        step.phase == "play"
        and not flow.tricks
        and rules.takes("carte_rouge")
        and variants.get("carte_rouge") is not None
    ):
        rouge = deal.get("carte_rouge") or []
        out += [
            Answer(
                f"carte-rouge-{s}",
                {"seat": s, "word": "carte_rouge"},
                None if s in rouge else {"carte_rouge": s},
                on=s in rouge,
            )
            for s in table.order
        ]
    if not any(a.enabled and "entry" not in (a.action or {}) for a in out):
        return tuple(out)  # no claim to try (the engine is asked only when one is offered)
    check = acceptance(record, table)
    return tuple(check(a) for a in out)


# --- what the engine accepts -----------------------------------------------------------


def alone(record: dict[str, Any], table: DealTable) -> dict[str, Any]:
    """The deal in play alone, as the first deal of a game of the same table and
    partie form: enough to try an answer without scoring the whole game (a
    partie au Cent that stops at its target is played out, so that one deal
    cannot end it)."""
    deal = copy.deepcopy(current_deal(record))
    out = {k: v for k, v in record.items() if k not in ("deals", "parties")}
    rules = traits(table.form)
    if rules.takes_variants:
        out["variants"] = {**(record.get("variants") or {}), "stop_at_target": False}
    if rules.parties:
        partie = record["parties"][-1]
        out["parties"] = [
            {
                "single": partie["single"],
                "playing": partie["playing"],
                "first_dealer": table.dealer,
                "deals": [deal],
            }
        ]
        return out
    out["first_dealer"] = table.name(table.dealer)
    out["deals"] = [deal]
    out["settings"] = {
        k: v for k, v in (record.get("settings") or {}).items() if k not in ("target", "rounds")
    }
    return out


def acceptance(record: dict[str, Any], table: DealTable) -> Callable[[Answer], Answer]:
    """A check that disables an answer whose action the engine refuses on the
    deal in play alone (first taps and the kiosk's own steps pass as they are)."""
    from scorer.multi.actions import play, score_or_refuse

    try:
        trial = alone(record, table)
        base = score_or_refuse(trial)
    except (ActionError, KeyError, IndexError):
        return lambda answer: answer

    def check(answer: Answer) -> Answer:
        action = answer.action
        if action is None or "pending" in action:
            return answer
        try:
            play(trial, {k: v for k, v in action.items() if k != "then"}, base)
        except ActionError:
            return answer.disabled()
        return answer

    return check


def accepted(
    record: dict[str, Any], table: DealTable, actions: Iterable[dict[str, Any]]
) -> list[bool]:
    """For each action, whether the engine takes it on the deal in play."""
    check = acceptance(record, table)
    return [check(Answer("", {}, dict(a))).enabled for a in actions]
