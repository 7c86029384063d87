"""No number in the guide's texts is typed by hand: every figure is a
placeholder filled from the engine's constants or from a scored example.

The scan reads the source templates (titles, texts, example texts, the words
the figures use, and the guided-deal hints), removes the `{placeholders}`,
and looks for digits and for numbers spelled out. Card ranks (seven to ten),
"one" as a pronoun, "un"/"une" as articles and the names of rules ("the
four-deal partie", "a point ending in four", "Piquet au Cent", "quatorze")
are words of the game, not figures.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterator

import pytest

from scorer import hints
from scorer.guide.words import GUIDE, prose
from vocabulary import Words

SPELLED = {
    "en": r"two|three|four|five|six|eleven|twelve|thirteen|fourteen|fifteen|sixteen|"
    r"seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|"
    r"ninety|hundred|thousand|twice|thrice|half",
    "fr": r"deux|trois|quatre|cinq|six|onze|douze|treize|quinze|seize|vingt|trente|"
    r"quarante|cinquante|soixante|cent|mille|moitié",
}
# Names of rules that hold a number word: they name the rule, they quote no figure.
NAMES = {
    "en": ("four-deal", "ending in four", "ends in four", "au cent"),
    "fr": ("finissant par quatre", "finit par quatre", "en quatre donnes", "au cent"),
}


def _strings(value: object, place: str) -> Iterator[tuple[str, str]]:
    if isinstance(value, str):
        yield place, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(item, f"{place}.{key}")
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            yield from _strings(item, f"{place}[{index}]")


def _templates(lang: str) -> Iterator[tuple[str, str]]:
    module = prose(lang)
    for section_id, texts in module.SECTIONS.items():
        for key in ("title", "text"):
            yield f"{lang}:{section_id}.{key}", texts[key]
        yield from _strings(texts["examples"], f"{lang}:{section_id}.examples")
    words = Words(lang)
    yield from _strings([words.table(GUIDE, k) for k in GUIDE], f"{lang}:guide words")
    yield from _strings([words.table(hints.HINTS, k) for k in hints.HINTS], f"{lang}:hints")


def _without_placeholders(template: str) -> str:
    kept = []
    for literal, field, _spec, _conv in string.Formatter().parse(template):
        kept.append(literal)
        if field is not None:
            kept.append(" ")
    return "".join(kept)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_digit_outside_placeholders(lang: str) -> None:
    found = [
        (place, match.group())
        for place, template in _templates(lang)
        for match in re.finditer(r"\d+", _without_placeholders(template))
    ]
    assert found == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_number_spelled_out(lang: str) -> None:
    pattern = re.compile(rf"\b({SPELLED[lang]})\b", re.IGNORECASE)
    found = []
    for place, template in _templates(lang):
        text = _without_placeholders(template).lower()
        for name in NAMES[lang]:
            text = text.replace(name, " ")
        found += [(place, m.group()) for m in pattern.finditer(text)]
    assert found == []


def test_the_scan_sees_a_typed_number() -> None:
    """The scan itself: a figure typed into a template is caught."""
    assert re.findall(r"\d+", _without_placeholders("scores {quint}, or 15")) == ["15"]
    assert re.findall(r"\d+", _without_placeholders("{seq_5} and {E_point}")) == []
