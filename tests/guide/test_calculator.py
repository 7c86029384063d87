"""The hand calculator against the engine and against the laws read plainly,
over thousands of random pairs of hands."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from scorer import score_record
from scorer.calculator import CLASSES, compare, deal_record
from scorer.cards import full_pack
from scorer.errors import HandError
from scorer.hand import read_hand
from tests.guide import oracle

PAIRS = 1500


def _pairs(seed: int, count: int):
    rng = random.Random(seed)
    pack = [str(c) for c in full_pack()]
    for _ in range(count):
        rng.shuffle(pack)
        if rng.random() < 0.3:  # stack a long suit and a quatorze now and then
            suit = rng.choice("SHDC")
            run = [f"{r}{suit}" for r in ("A", "K", "Q", "J", "10", "9", "8", "7")]
            strong = run[: rng.randint(5, 8)] + [f"K{s}" for s in "SHDC"]
            strong = list(dict.fromkeys(strong))[:12]
            rest = [c for c in pack if c not in strong]
            yield strong + rest[: 12 - len(strong)], rest[12 - len(strong) : 24 - len(strong)]
        else:
            yield pack[:12], pack[12:24]


def _by_category(score: dict, side: str, category: str) -> int:
    lines = score["deals"][0]["lines"]
    return sum(ln["points"] for ln in lines if ln["player"] == side and ln["category"] == category)


def test_classes_agree_with_scoring_the_same_hands_as_a_record() -> None:
    """The expectation comes from `piquet score`'s own answer for the record, read
    line by line (category and player), not from the calculator's code."""
    rng = random.Random(11)
    for hand, against in _pairs(1, PAIRS):
        elder = rng.choice(["hand", "against"])
        got = compare(hand, against, elder=elder)
        score = score_record(deal_record(hand, against, elder))
        for klass in CLASSES:
            points = {side: _by_category(score, side, klass) for side in ("hand", "against")}
            good = [side for side, n in points.items() if n]
            assert len(good) <= 1
            assert got.classes[klass].good == (good[0] if good else None)
            assert got.classes[klass].scores == sum(points.values())
        assert got.repique == score["deals"][0]["bonuses"]["repique"]


def test_classes_agree_with_the_laws_read_plainly() -> None:
    rng = random.Random(12)
    repiques = 0
    for hand, against in _pairs(2, PAIRS):
        elder = rng.choice(["hand", "against"])
        got = compare(hand, against, elder=elder)
        first, second = (hand, against) if elder == "hand" else (against, hand)
        side_of = {0: elder, 1: "against" if elder == "hand" else "hand", None: None}
        for klass, (winner, points) in oracle.classes(first, second).items():
            assert got.classes[klass].good == side_of[winner], (hand, against, klass)
            assert got.classes[klass].scores == points
        assert got.repique == side_of[oracle.repique(first, second)]
        repiques += got.repique is not None
    assert repiques > 20  # the stacked hands make the repique come up


def test_the_first_hand_reads_as_piquet_hand_does() -> None:
    hand, against = next(_pairs(3, 1))
    got = compare(hand, against)
    assert got.hand == read_hand(hand)
    assert got.against == read_hand(against)


@pytest.mark.parametrize(
    ("hand", "against", "message"),
    [
        ("AS KS".split(), [str(c) for c in full_pack()[12:24]], "hand:"),
        ([str(c) for c in full_pack()[:12]], [str(c) for c in full_pack()[11:23]], "in both hands"),
        ([str(c) for c in full_pack()[:12]], ["XX"] * 12, "against:"),
    ],
)
def test_bad_pairs_are_refused(hand: list[str], against: list[str], message: str) -> None:
    with pytest.raises(HandError, match=message):
        compare(hand, against)


def piquet(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "piquet", *args], capture_output=True, text=True, timeout=60
    )


SPEC_HAND = "AS JS 9S 8S AH KH QH JH 8H KD JC 9C".split()
OTHER = "KS QS 10S 7S 10H 9H AD QD JD 10D AC KC".split()


def test_piquet_hand_against_json() -> None:
    done = piquet("hand", *SPEC_HAND, "--against", *OTHER, "--json")
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    plain = json.loads(piquet("hand", *SPEC_HAND, "--json").stdout)
    assert {k: answer[k] for k in plain} == plain  # the hand reads as before
    assert answer["against"] == read_hand(OTHER)
    expected = compare(SPEC_HAND, OTHER).to_json()
    assert answer["classes"] == expected["classes"]
    assert set(answer["classes"]) == {"point", "sequences", "sets"}
    assert answer["repique"] == expected["repique"]


def test_the_seat_is_passed_on_and_declarations_alone_do_not_depend_on_it() -> None:
    """Law 67 reckons by class whoever holds the cards, so with no play the seat
    changes neither the classes nor the repique; --younger is still accepted."""
    answers = [
        json.loads(piquet("hand", *SPEC_HAND, "--against", *OTHER, *seat, "--json").stdout)
        for seat in ((), ("--elder",), ("--younger",))
    ]
    assert answers[0] == answers[1] == answers[2]
    for hand, against in _pairs(4, 200):
        assert (
            compare(hand, against, "hand").to_json() == compare(hand, against, "against").to_json()
        )


def test_piquet_hand_refusals_exit_2() -> None:
    for args in (
        ("hand", *SPEC_HAND, "--against", *SPEC_HAND),  # the same cards twice
        ("hand", *SPEC_HAND, "--against", *OTHER[:11]),  # eleven cards
        ("hand", *SPEC_HAND, "--younger"),  # a seat without the other hand
        ("hand", *SPEC_HAND, "--against", *OTHER, "--elder", "--younger"),
    ):
        done = piquet(*args)
        assert done.returncode == 2, args
        assert done.stdout == ""
        assert done.stderr.strip()


def test_piquet_hand_against_in_words() -> None:
    done = piquet("hand", *SPEC_HAND, "--against", *OTHER)
    assert done.returncode == 0
    assert "Point: hand is good, scores 5" in done.stdout
