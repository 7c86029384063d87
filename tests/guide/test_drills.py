"""No drill ever marks a right answer wrong: thousands of seeded drills, each
checked against the laws read plainly (tests/guide/oracle.py)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from scorer.drills import KINDS, DrillResult, drill_from, make_drill, result_of, tally
from scorer.guide import SECTION_IDS
from tests.guide import oracle

PER_KIND = 500


def _oracle(drill) -> Any:
    if drill.kind == "point":
        cards, value = oracle.point(list(drill.hand))
        return {"cards": cards, "value": value}
    if drill.kind == "sequence":
        found = oracle.runs(list(drill.hand))
        if not found:
            return None
        length, top = max(found)
        return {"length": length, "top": oracle.ORDER[top]}
    if drill.kind == "good":
        winner, _ = oracle.classes(list(drill.hand), list(drill.against))[drill.klass]
        return {0: "elder", 1: "younger", None: None}[winner]
    if drill.kind == "elder_before_lead":
        return oracle.before_lead(list(drill.hand), list(drill.against))
    if drill.kind == "bonus":
        tricks = drill.record["deals"][0]["tricks"]
        return oracle.bonus(
            list(drill.hand), list(drill.against), "".join(t["winner"] for t in tricks)
        )
    assert drill.kind == "settlement"
    totals = {"Anne": 0, "Ben": 0}
    for number, deal in enumerate(drill.record["deals"], start=1):
        elder, younger = ("Anne", "Ben") if number % 2 else ("Ben", "Anne")
        totals[elder] += deal["entered"]["elder"]
        totals[younger] += deal["entered"]["younger"]
    return oracle.settlement(totals["Anne"], totals["Ben"])


def _same(kind: str, a: Any, b: Any) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


@pytest.mark.parametrize("kind", KINDS)
def test_a_right_answer_is_never_marked_wrong(kind: str) -> None:
    rng = random.Random(f"drills-{kind}")
    seen = set()
    for index in range(PER_KIND):
        drill = make_drill(kind, rng, "fr" if index % 7 == 0 else "en")
        right = _oracle(drill)
        check = drill.check(right)
        assert check.right, (drill.kind, drill.seed, drill.question, right, drill.expected)
        assert check.section in SECTION_IDS
        assert check.explanation
        # The offered choices: exactly the right one(s) are marked right.
        assert any(_same(kind, c.answer, right) for c in drill.choices)
        for choice in drill.choices:
            assert drill.check(choice.answer).right == _same(kind, choice.answer, right), (
                drill.seed,
                choice,
            )
        seen.add(json.dumps(right, sort_keys=True))
    assert len(seen) > 2  # the drills vary


def test_bonus_drills_ask_every_answer() -> None:
    rng = random.Random("bonus-mix")
    answers = {make_drill("bonus", rng).expected for _ in range(400)}
    assert answers == {"pique", "repique", "neither"}


def test_wrong_answers_are_marked_wrong_and_explained() -> None:
    drill = drill_from("point", 5)
    wrong = {"cards": drill.expected["cards"] + 1, "value": drill.expected["value"]}
    check = drill.check(wrong)
    assert not check.right and check.section == "point"
    assert str(drill.expected["value"]) in check.explanation
    assert not drill.check("nonsense").right
    assert not drill_from("settlement", 5).check(True).right


def test_a_drill_is_the_same_from_its_seed() -> None:
    for kind in KINDS:
        a, b = drill_from(kind, 1234), drill_from(kind, 1234)
        assert (a.question, a.expected, a.choices) == (b.question, b.expected, b.choices)
        assert drill_from(kind, 1234, "fr").expected == a.expected


def test_results_serialise_and_tally() -> None:
    drills = [drill_from(kind, 77) for kind in KINDS]
    results = [result_of("Anne", d, d.expected) for d in drills]
    results.append(result_of("Anne", drills[0], None))
    back = [DrillResult.from_json(json.loads(json.dumps(r.to_json()))) for r in results]
    assert back == results
    counts = tally(back)
    assert counts["point"] == {"asked": 2, "right": 1}
    assert all(counts[k]["asked"] >= 1 for k in KINDS)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_drill_offers_a_choice_and_a_prompt_without_the_hands(lang: str) -> None:
    """At least two answers to choose from, and a prompt that is the question's
    end (the screen shows the hands as cards)."""
    rng = random.Random(f"prompt-{lang}")
    for kind in KINDS:
        for _ in range(60):
            drill = make_drill(kind, rng, lang)
            assert len(drill.choices) >= 2, (kind, drill.seed)
            assert drill.prompt and drill.question.endswith(drill.prompt)
            assert "{" not in drill.prompt
