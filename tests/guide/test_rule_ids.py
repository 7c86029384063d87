"""Every `rule` that `piquet score` emits is a section of the guide, in both
languages: over the shared examples, the guide's own examples and a few
thousand random legal deals under every house rule."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer import score_record
from scorer.cards import full_pack
from scorer.guide import SECTION_IDS, example_for_rule, guide
from scorer.hand import holding_of
from scorer.reckoning import RULE_IDS
from scorer.variants import TRICK_COUNTS
from tests.conftest import EXAMPLES
from tests.scorer.helpers import record
from tests.scorer.strategies import legal_deal, rich_deal

SETTINGS = settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _rules(score: dict[str, Any]) -> set[str]:
    return {line["rule"] for deal in score["deals"] for line in deal["lines"]}


def _check(answer: dict[str, Any]) -> None:
    for deal in answer["deals"]:
        for line in deal["lines"]:
            assert line["rule"] in SECTION_IDS, line
            assert line["rule"] in RULE_IDS, line


def test_the_guide_has_the_same_sections_in_both_languages() -> None:
    assert [s.id for s in guide("en")] == [s.id for s in guide("fr")] == list(SECTION_IDS)
    assert set(SECTION_IDS) >= RULE_IDS


def test_every_rule_the_engine_knows_is_emitted_and_has_a_worked_example() -> None:
    emitted: set[str] = set()
    for path in sorted(EXAMPLES.glob("*.json")):
        answer = score_record(json.loads(path.read_text(encoding="utf-8"))["record"])
        _check(answer)
        emitted |= _rules(answer)
    for lang in ("en", "fr"):
        for found in guide(lang):
            for example in found.examples:
                if example.score["format"] != "piquet-score/1":
                    continue  # more players: tests/multi/test_guide_multi.py
                _check(example.score)
                emitted |= _rules(example.score)
    assert emitted == RULE_IDS  # RULE_IDS lists exactly what the engine can say
    for rule in RULE_IDS:
        for lang in ("en", "fr"):
            found, example = example_for_rule(rule, lang)
            assert found.id == rule
            assert example is not None and any(ln["rule"] == rule for ln in example.lines)


@st.composite
def random_partie(draw: st.DrawFn) -> dict[str, Any]:
    flags = {
        "void_suit_point": draw(st.booleans()),
        "sets_without_tens": draw(st.booleans()),
        "younger_may_exchange_none": draw(st.booleans()),
    }
    variants: dict[str, Any] = {k: v for k, v in flags.items() if v}
    if draw(st.booleans()):
        variants["carte_rouge"] = draw(st.sampled_from([10, 20, 50]))
    if draw(st.booleans()):
        variants["point_ending_in_four"] = True
    if draw(st.booleans()):
        variants["trick_count"] = draw(st.sampled_from(TRICK_COUNTS))
    tens = variants.get("trick_count") == "tens_and_above"
    plain = tens or flags["sets_without_tens"] or flags["void_suit_point"]
    deal = draw(legal_deal(**flags) if plain else st.one_of(legal_deal(**flags), rich_deal()))
    before: list[dict[str, Any]] = []
    if draw(st.integers(0, 4)) == 0:  # a last deal thrown in, after five entered
        before = [{"entered": {"elder": draw(st.integers(0, 60)), "younger": 0}}] * 5
        deal = {k: v for k, v in deal.items() if k != "tricks"}
        deal["throw_in"] = draw(st.sampled_from(["elder", "younger"]))
    return record(*before, deal, variants=variants)


@SETTINGS
@given(random_partie())
def test_random_deals_emit_only_guide_sections(partie: dict[str, Any]) -> None:
    _check(score_record(partie))
    _check(score_record(partie, "fr", notes=True))


def _seeded_partie(rng: random.Random) -> dict[str, Any]:
    """A quicker generator for the bulk: dealt hands, some declarations sunk,
    legal play of some tricks, any house rule, sometimes a throw-in or totals."""
    pack = full_pack()
    rng.shuffle(pack)
    hands = {"elder": pack[:12], "younger": pack[12:24]}
    variants: dict[str, Any] = {}
    for key in ("void_suit_point", "sets_without_tens", "point_ending_in_four"):
        if rng.random() < 0.2:
            variants[key] = True
    if rng.random() < 0.2:
        variants["carte_rouge"] = rng.choice([10, 20])
    if rng.random() < 0.5:
        variants["trick_count"] = rng.choice(TRICK_COUNTS)
    deal: dict[str, Any] = {"hands": {r: [str(c) for c in h] for r, h in hands.items()}}
    if rng.random() < 0.05:  # a carte blanche as dealt (the hands are after the exchange):
        # a blank hand holds no more kings, queens and jacks than it can have taken in
        role = rng.choice(["elder", "younger"])
        faces = sum(c.rank in ("K", "Q", "J") for c in hands[role])
        if faces <= (5 if role == "elder" else 7):
            deal["carte_blanche"] = [role]
    if rng.random() < 0.5:
        declared = {}
        for role, cards in hands.items():
            held = holding_of(
                cards,
                bool(variants.get("void_suit_point")),
                bool(variants.get("sets_without_tens")),
            )
            calls: dict[str, Any] = {}
            if held.point and rng.random() < 0.8:
                calls["point"] = held.point.to_json()
            calls["sequences"] = [s.to_json() for s in held.sequences if rng.random() < 0.8]
            calls["sets"] = [s.to_json() for s in held.sets if rng.random() < 0.8]
            declared[role] = calls
        deal["declared"] = declared
    if rng.random() < 0.1:
        before = [
            {"entered": {"elder": rng.randint(0, 60), "younger": rng.randint(0, 60)}}
            for _ in range(5)
        ]
        return record(
            *before, {**deal, "throw_in": rng.choice(["elder", "younger"])}, variants=variants
        )
    held = {r: list(h) for r, h in hands.items()}
    leader, tricks = "elder", []
    for _ in range(rng.choice([12, 12, rng.randint(0, 12)])):
        follower = "younger" if leader == "elder" else "elder"
        lead = held[leader].pop(rng.randrange(len(held[leader])))
        same = [c for c in held[follower] if c.suit == lead.suit]
        follow = rng.choice(same or held[follower])
        held[follower].remove(follow)
        takes = follower if follow.suit == lead.suit and follow.height > lead.height else leader
        tricks.append({"winner": takes[0].upper(), "lead": str(lead), "follow": str(follow)})
        leader = takes
    deal["tricks"] = tricks
    return record(deal, variants=variants)


def test_thousands_of_seeded_deals_emit_only_guide_sections() -> None:
    rng = random.Random("rule-ids")
    emitted: set[str] = set()
    for index in range(3000):
        answer = score_record(
            _seeded_partie(rng), "fr" if index % 2 else "en", notes=bool(index % 3)
        )
        _check(answer)
        emitted |= _rules(answer)
    assert emitted >= RULE_IDS - {"entered"}  # the bulk reaches nearly every rule


def test_piquet_score_gives_every_line_its_rule() -> None:
    import subprocess
    import sys

    path = EXAMPLES / "seed002-josephine.json"
    example = json.loads(path.read_text(encoding="utf-8"))["record"]
    example["deals"][0] = {"entered": {"elder": 12, "younger": 30}}
    done = subprocess.run(
        [sys.executable, "-m", "piquet", "score", "-"],
        input=json.dumps(example),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    lines = [line for deal in answer["deals"] for line in deal["lines"]]
    assert lines and all(line["rule"] in SECTION_IDS for line in lines)
    assert [line["rule"] for line in answer["deals"][0]["lines"]] == ["entered", "entered"]
    assert all(set(line) == {"player", "category", "points", "why", "rule"} for line in lines)
