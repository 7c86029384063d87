"""The rules guide: built from the engine when the tests run, its examples
scored and their stories checked, the same in English and French."""

from __future__ import annotations

import copy
import json
import re
import subprocess
import sys

import pytest

from scorer import score_record
from scorer.guide import SECTION_IDS, GuideError, guide, model, plan, render_section, section
from scorer.guide import facts as facts_module
from scorer.guide.words import prose
from tests.conftest import LAWS


def _engine_score(record: dict, lang: str) -> dict:
    """The engine's score of an example: two players, or more (the sections on
    Piquet Normand and Piquet Voleur hold `piquet-record/2` examples)."""
    if record.get("format") == "piquet-record/2":
        from scorer.multi import score_record2

        return score_record2(record, lang)
    return score_record(record, lang, notes=True)


@pytest.fixture(scope="module")
def built() -> dict[str, tuple[model.Section, ...]]:
    """Built afresh here (not the cached guide): every example is scored now."""
    return {lang: model.build(lang) for lang in model.LANGUAGES}


def test_every_example_is_the_engines_score_of_its_record(built) -> None:
    count = 0
    for lang, sections in built.items():
        for found in sections:
            for example in found.examples:
                assert example.score == _engine_score(example.record, lang)
                assert (
                    example.lines
                    or len(example.deals) > 1
                    or not example.score["deals"][0]["lines"]
                )
                count += 1
    assert count >= 2 * 40


def test_both_languages_have_the_same_sections_and_examples(built) -> None:
    shape = {
        lang: [(s.id, s.part, [e.id for e in s.examples], s.see_also) for s in sections]
        for lang, sections in built.items()
    }
    assert shape["en"] == shape["fr"]
    for sections in built.values():
        titles = [s.title for s in sections]
        assert len(set(titles)) == len(titles)
        for found in sections:
            assert found.title and found.text and found.source
            assert set(found.see_also) <= set(SECTION_IDS) - {found.id}
            assert "{" not in found.text and "}" not in found.text
            for example in found.examples:
                assert example.title and example.text and "{" not in example.text


def test_the_sections_the_issue_asks_for_are_there() -> None:
    wanted = {
        "deal",
        "point",
        "sequences",
        "sets",
        "carte-blanche",
        "play",
        "cards",
        "capot",
        "pique",
        "repique",
        "order",
        "rubicon",
        "four-deal",
        "au-cent",
        "throw-in",
    }
    variants = {
        "variant-" + key.replace("_", "-")
        for key in (
            "younger_may_exchange_none",
            "carte_rouge",
            "void_suit_point",
            "sets_without_tens",
            "point_ending_in_four",
            "stop_at_target",
        )
    }
    variants = {v.replace("void-suit-point", "void-suit") for v in variants}
    tricks = {
        "variant-american",
        "variant-tens-and-above",
        "variant-card-played",
        "variant-last-trick-ten",
    }
    assert wanted | variants | tricks <= set(SECTION_IDS)


def _law_numbers(source: str) -> set[int]:
    numbers: set[int] = set()
    for match in re.finditer(r"\b(?:Laws?|lois?) ([\d ,toaàndet]+)", source):
        text = match.group(1)
        for a, b in re.findall(r"(\d+) (?:to|à) (\d+)", text):
            numbers |= set(range(int(a), int(b) + 1))
        numbers |= {int(n) for n in re.findall(r"\d+", text)}
    return numbers


def test_every_law_cited_exists_in_the_reference() -> None:
    reference = (LAWS).read_text(encoding="utf-8")
    laws = {int(n) for n in re.findall(r"^\s*(\d+)\.", reference, re.MULTILINE)}
    cited: set[int] = set()
    for lang in model.LANGUAGES:
        for found in guide(lang):
            cited |= _law_numbers(found.source)
    assert cited and cited <= laws
    assert {67, 68, 69} <= cited


def test_the_order_section_tells_the_surprising_cases(built) -> None:
    order = next(s for s in built["en"] if s.id == "order")
    bonuses = {e.id: e.score["deals"][-1]["bonuses"] for e in order.examples}
    assert bonuses["younger-point-saves"]["repique"] is None
    assert bonuses["younger-repique"]["repique"] == "Ben"  # Younger in that deal
    assert bonuses["thirty-on-the-lead"]["pique"] == "Anne"
    assert bonuses["capot-no-pique"] == {"repique": None, "pique": None, "capot": "Anne"}
    assert bonuses["carte-blanche-repique"]["repique"] == "Anne"


def test_an_example_the_engine_contradicts_stops_the_build(monkeypatch) -> None:
    wrong = [copy.deepcopy(p) for p in plan.SECTIONS]
    point = next(p for p in wrong if p.id == "point")
    longer = point.examples[0]
    point.examples[0].claims["point"] = "E" if longer.claims["point"] == "Y" else "Y"
    monkeypatch.setattr(model, "SECTIONS", tuple(wrong))
    with pytest.raises(GuideError, match="point/longer: the engine disagrees"):
        model.build("en")


def test_a_record_the_engine_refuses_stops_the_build(monkeypatch) -> None:
    wrong = [copy.deepcopy(p) for p in plan.SECTIONS]
    sets = next(p for p in wrong if p.id == "sets")
    sets.examples[0].record["deals"][0]["declared"]["younger"]["sets"].append(
        {"count": 4, "rank": "A"}
    )  # a fifth ace between the hands
    monkeypatch.setattr(model, "SECTIONS", tuple(wrong))
    with pytest.raises(GuideError, match="refuses the record"):
        model.build("fr")


def test_the_texts_take_their_numbers_from_the_engine(monkeypatch) -> None:
    """Change a constant the guide quotes and the text follows it."""
    monkeypatch.setattr(facts_module, "RUBICON", 150)
    facts_module.numbers.cache_clear()
    facts_module.facts.cache_clear()
    try:
        known = model.text_facts("en")
        text = prose("en").SECTIONS["rubicon"]["text"].format_map(known)
        assert "150" in text and "100" not in text
    finally:
        facts_module.numbers.cache_clear()
        facts_module.facts.cache_clear()


def test_french_uses_the_games_french_words() -> None:
    text = "\n".join(render_section(s, "fr") for s in guide("fr")).lower()
    for word in (
        "le premier",
        "le dernier",
        "tierce",
        "quatrième",
        "quinte",
        "trio",
        "quatorze",
        "repic",
        "pic",
        "capot",
        "pli",
    ):
        assert word in text, word
    for word in ("brelan", "elder", "younger", "aîné", "cadet", "levée", "quart "):
        assert word not in text, word
    english = "\n".join(render_section(s, "en") for s in guide("en")).lower()
    assert "quatrième" not in english and "premier" not in english


def piquet(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "piquet", *args], capture_output=True, text=True, timeout=60
    )


def test_piquet_rules_json_lists_every_section() -> None:
    for lang in ("en", "fr"):
        done = piquet("rules", "--json", "--lang", lang)
        assert done.returncode == 0, done.stderr
        sections = json.loads(done.stdout)["sections"]
        assert [s["id"] for s in sections] == list(SECTION_IDS)
        for entry in sections:
            assert {"id", "title", "text", "source"} <= set(entry)
            assert entry["title"] == section(entry["id"], lang).title


def test_piquet_rules_one_section_as_text_and_json() -> None:
    done = piquet("rules", "point")
    assert done.returncode == 0
    found = section("point")
    assert done.stdout.startswith(found.title)
    assert found.text in done.stdout and "[point]" in done.stdout
    done = piquet("rules", "repique", "--lang", "fr", "--json")
    assert [s["id"] for s in json.loads(done.stdout)["sections"]] == ["repique"]
    whole = piquet("rules")
    assert all(section(i).title in whole.stdout for i in SECTION_IDS)


def test_piquet_rules_unknown_id_exits_2_listing_the_ids() -> None:
    done = piquet("rules", "trumps")
    assert done.returncode == 2
    assert done.stdout == ""
    assert "trumps" in done.stderr and all(i in done.stderr for i in SECTION_IDS)
    assert piquet("rules", "point", "--lang", "de").returncode == 2
