"""Every `rule` that `piquet score` emits for a `piquet-record/2` game is a
section of the rules guide, in both languages, with a worked example showing
it: over the doc's examples, the guide's own and random legal games of every
form (as tests/guide/test_rule_ids.py does for two players)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer.guide import SECTION_IDS, example_for_rule, guide
from scorer.multi import score_record2
from scorer.multi.normand import RULES as NORMAND_RULES
from scorer.multi.voleur import RULES as VOLEUR_RULES
from tests.multi.strategies import normand_deal, rich_deal, voleur_deal
from tests.multi.test_actions import doc_records

ROOT = Path(__file__).resolve().parents[2]
# The forms' own rule ids, as the engine names them and docs/rules-multi.md lists them
# ("entered" is the two-player section's).
OWN = (set(NORMAND_RULES.values()) | set(VOLEUR_RULES.values())) - {"entered"}


def rules_of(answer: dict[str, Any]) -> set[str]:
    deals = list(answer.get("deals") or [])
    for partie in answer.get("parties") or []:
        deals += partie["score"]["deals"]
    return {line["rule"] for deal in deals for line in deal["lines"]}


def test_the_rule_ids_the_doc_lists_are_the_engines() -> None:
    text = (ROOT / "docs" / "rules-multi.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"`((?:normand|voleur)-[a-z]+)`", text.split("## Rule ids")[1]))
    assert listed == OWN


def test_every_own_rule_is_a_section_with_an_example_that_shows_it() -> None:
    for lang in ("en", "fr"):
        assert [s.id for s in guide(lang)] == list(SECTION_IDS)
        for rule in OWN:
            found, example = example_for_rule(rule, lang)
            assert found.id == rule and found.part
            assert example is not None and any(ln["rule"] == rule for ln in example.lines)
            assert example.score == score_record2(example.record, lang)


def test_the_doc_and_guide_examples_emit_only_sections_and_every_own_rule() -> None:
    emitted: set[str] = set()
    for record in doc_records():
        for lang in ("en", "fr"):
            emitted |= rules_of(score_record2(record, lang))
    for found in guide("en"):
        for example in found.examples:
            if example.record.get("format") == "piquet-record/2":
                emitted |= rules_of(example.score)
    assert emitted <= set(SECTION_IDS)
    assert emitted >= OWN


@st.composite
def random_game(draw: st.DrawFn) -> dict[str, Any]:
    form = draw(st.sampled_from(["normand", "voleur"]))
    dealer = "C" if form == "normand" else "D"
    plain = normand_deal if form == "normand" else voleur_deal
    deal = draw(st.one_of(plain(dealer), rich_deal(form, dealer)))
    players = ["Anne", "Ben", "Cleo"] if form == "normand" else ["Anne", "Ben", "Cleo", "Dan"]
    return {
        "format": "piquet-record/2",
        "form": form,
        "players": players,
        "first_dealer": players[-1],
        "deals": [deal],
        "settings": draw(
            st.sampled_from([{}, {"pique_opponents": "not_both", "shared_capot": "besides"}])
        )
        if form == "normand"
        else {"partners_point": draw(st.sampled_from(["both", "one"]))},
    }


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(random_game(), st.sampled_from(["en", "fr"]))
def test_random_games_emit_only_guide_sections(record, lang) -> None:
    assert rules_of(score_record2(record, lang)) <= set(SECTION_IDS)


def test_piquet_rules_json_has_every_rule_piquet_score_emits_for_record_2(tmp_path) -> None:
    emitted: set[str] = set()
    for index, record in enumerate(doc_records()):
        path = tmp_path / f"{index}.json"
        path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
        done = subprocess.run(
            [sys.executable, "-m", "piquet", "score", str(path)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        emitted |= rules_of(json.loads(done.stdout))
    for lang in ("en", "fr"):
        done = subprocess.run(
            [sys.executable, "-m", "piquet", "rules", "--json", "--lang", lang],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        ids = {section["id"] for section in json.loads(done.stdout)["sections"]}
        assert emitted | OWN <= ids
