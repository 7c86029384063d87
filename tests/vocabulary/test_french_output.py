"""Every text the engine writes, rendered in French over the worked examples
and random deals: no English game word in it, and French typography (a narrow
no-break space, never a plain one, before ; : ! ? and inside « »). The same
texts in English hold no French game word.

What is rendered: the score lines and settlements of every example
(tests/examples/) and of random deals of two and of three players, the calls
said aloud, the hints of random conversations, every drill, the odds of
crossing the Rubicon, every guide section with its examples, and the printed
sheet (`SHEETS`: each renderer the printed sheet offers is one more entry).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer import score_record
from scorer.calls import partie_calls
from scorer.calls_words import say
from scorer.dialogue import choices, hear, replay
from scorer.drills import KINDS, drill_from
from scorer.errors import ActionError
from scorer.explain import explain_result
from scorer.guide import guide
from scorer.hints import hint_for
from scorer.multi import score_record2
from scorer.odds import needs
from tests.multi.strategies import normand_deal
from tests.scorer.helpers import record
from tests.scorer.strategies import legal_deal, rich_deal

EXAMPLES = sorted((Path(__file__).parents[1] / "examples").glob("*.json"))
PROPERTY = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# The game's English words that French never uses (a French text says "pic",
# "repic", "quatrième", "quinte", "le premier", "pli", "donne", "valet"...).
# "pique" is not here: it is French for spades.
ENGLISH = re.compile(
    r"\b(elder|younger|quart|quint|repique|tricks?|deals?|dealer|good|not good|equal|"
    r"making|makes|sequences?|sets?|point of|aces?|kings?|queens?|jacks?|knaves?|tens|"
    r"spades|hearts|diamonds|clubs|the|and|of|is|wins?|void|suit|lead|leads|"
    r"rubiconed|throws?|threw|hand|cards|player|partner|round|nobody|nothing|"
    r"who|what|how|your|you|each|both|neither|before|after|also|counts?)\b",
    re.IGNORECASE,
)
# French game words an English text never uses.
FRENCH = re.compile(
    r"\b(pic|repic|quatrième|quinte|premier|dernier|pli|plis|donne|donnes|valet|dame|"
    r"roi|cœur|carreau|trèfle|séquence|bon|bonne|gagne|partie nulle|et|de|le|la|les)\b",
    re.IGNORECASE,
)
PLAIN_SPACE_BEFORE_SIGN = re.compile(r"[ \u00a0][;:!?]|«[ \u00a0]|[ \u00a0]»")

# The printed sheet as text lines, (record, score, lang) -> lines; a hook for
# every layout the sheet has.
SheetRenderer = Callable[[dict[str, Any], dict[str, Any], str], list[str]]


def _sheet(record_: dict[str, Any], score: dict[str, Any], lang: str) -> list[str]:
    from hardware.sheet import build_sheet

    return [line.text for line in build_sheet(record_, score, lang=lang)]


SHEETS: tuple[SheetRenderer, ...] = (_sheet,)


def _examples() -> Iterator[dict[str, Any]]:
    for path in EXAMPLES:
        data = json.loads(path.read_text(encoding="utf-8"))
        yield data.get("record", data)


def _lines(score: dict[str, Any]) -> Iterator[str]:
    for deal in score["deals"]:
        for line in deal["lines"]:
            yield line["why"]


def _partie_texts(rec: dict[str, Any], lang: str) -> Iterator[tuple[str, str]]:
    """(place, text): the engine's texts, then the printed sheet's lines (the
    printer has no narrow no-break space: the sheet prints a plain one)."""
    score = score_record(rec, lang, notes=True)
    for text in _lines(score):
        yield "line", _without(rec["players"], text)
    for text in explain_result(score, rec.get("game", "rubicon"), lang):
        yield "settlement", _without(rec["players"], text)
    for text in needs(score, lang):
        yield "odds", _without(rec["players"], text)
    for call in partie_calls(rec):
        yield "call", say(call, lang)
    for render in SHEETS:
        for text in render(rec, score, lang):
            yield "sheet", _without(rec["players"], text)


def _without(names: list[str], text: str) -> str:
    """A text without the players' names ("Elder" may be one)."""
    for name in sorted(names, key=len, reverse=True):
        text = re.sub(rf"\b{re.escape(name)}\b", "", text)
    return text


def _hints(lang: str, seed: int) -> Iterator[str]:
    rng = random.Random(seed)
    conversation = replay([])
    for _ in range(60):
        ask = conversation.ask()
        yield hint_for(ask, lang)
        if ask.phase == "play":
            return
        offered = choices(ask)
        word = rng.choice(sorted(offered))
        params = rng.choice(offered[word])
        try:
            hear(conversation, {"say": word, **({"by": ask.who} if ask.who else {}), **params})
        except ActionError:
            continue


def _drills(lang: str) -> Iterator[str]:
    for kind in KINDS:
        for seed in range(8):
            drill = drill_from(kind, seed, lang)
            yield from (drill.question, drill.prompt, drill.why)
            yield from (choice.label for choice in drill.choices)
            yield drill.check(drill.expected).explanation
            if drill.record is not None:
                yield from _lines(score_record(drill.record, lang, notes=True))


def _guide(lang: str) -> Iterator[tuple[str, str]]:
    """Each section's words, by place (its source, a citation, is left out)."""
    for found in guide(lang):
        yield f"{found.id}.title", found.title
        yield f"{found.id}.text", found.text
        for example in found.examples:
            yield f"{found.id}/{example.id}.title", example.title
            yield f"{found.id}/{example.id}.text", example.text
            for line in example.lines:
                yield f"{found.id}/{example.id} line", line["why"]
            for line in example.settlement:
                yield f"{found.id}/{example.id} settlement", line


def _check_french(texts: list[tuple[str, str]]) -> None:
    # A setting's value quoted as the config file spells it ("« both »") is no word.
    texts = [(place, re.sub("«\u202f[a-z_]+\u202f»", "", text)) for place, text in texts]
    english = [
        (place, text, ENGLISH.findall(text)) for place, text in texts if ENGLISH.search(text)
    ]
    spaces = [
        (place, text)
        for place, text in texts
        if place != "sheet" and PLAIN_SPACE_BEFORE_SIGN.search(text)
    ]
    assert english == []
    assert spaces == []


def _check_english(texts: list[tuple[str, str]]) -> None:
    french = [(place, text) for place, text in texts if FRENCH.search(text)]
    assert french == []


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_the_examples_in_french_and_in_english(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    rec = data.get("record", data)
    _check_french(list(_partie_texts(rec, "fr")))
    _check_english(list(_partie_texts(rec, "en")))


@PROPERTY
@given(deal=st.one_of(legal_deal(), rich_deal()))
def test_random_deals_in_french(deal: dict[str, Any]) -> None:
    rec = record(deal)
    _check_french(list(_partie_texts(rec, "fr")))
    _check_english(list(_partie_texts(rec, "en")))


@PROPERTY
@given(deals=st.lists(normand_deal("C"), min_size=1, max_size=1))
def test_random_deals_of_three_players_in_french(deals: list[dict[str, Any]]) -> None:
    rec = {
        "format": "piquet-record/2",
        "form": "normand",
        "players": ["Anne", "Ben", "Cleo"],
        "first_dealer": "Cleo",
        "deals": deals,
    }
    _check_french([("normand", t) for t in _lines(score_record2(rec, "fr"))])
    _check_english([("normand", t) for t in _lines(score_record2(rec, "en"))])


@pytest.mark.parametrize("seed", range(6))
def test_every_hint_in_french(seed: int) -> None:
    _check_french([("hint", t) for t in _hints("fr", seed)])
    _check_english([("hint", t) for t in _hints("en", seed)])


def test_every_drill_in_french() -> None:
    _check_french([("drill", t) for t in _drills("fr")])
    _check_english([("drill", t) for t in _drills("en")])


def test_every_guide_section_in_french() -> None:
    _check_french(list(_guide("fr")))


def test_the_check_finds_what_it_looks_for() -> None:
    """The two checks are not blind: an English term, a plain space before a
    colon and a French word in English each fail."""
    with pytest.raises(AssertionError):
        _check_french([("x", "Repique\u202f: Anne fait 30")])
    with pytest.raises(AssertionError):
        _check_french([("x", "Repic : Anne fait 30")])
    with pytest.raises(AssertionError):
        _check_english([("x", "Pic: Anne reached 30")])
    _check_french([("x", "Repic\u202f: Anne fait 30 «\u202fBon\u202f»")])
