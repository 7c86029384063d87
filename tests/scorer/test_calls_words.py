"""The words of the calls (scorer.calls_words): numbers in English and French,
French as French players call, and no English game term in the French."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer.calls import partie_calls
from scorer.calls_words import CALLS, number, say
from tests.scorer.helpers import record
from tests.scorer.strategies import legal_deal, rich_deal
from vocabulary import Words, catalog
from vocabulary.catalog import key
from vocabulary.numbers import NUMBERS

PROPERTY = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Written out by hand from the rules of French numbers (not from the code):
# hyphens under a hundred, "et" in 21 31 41 51 61 71 only, "quatre-vingts"
# and "deux cents" take their "s" only when nothing follows.
FRENCH = {
    0: "zéro",
    1: "un",
    16: "seize",
    17: "dix-sept",
    19: "dix-neuf",
    20: "vingt",
    21: "vingt et un",
    22: "vingt-deux",
    28: "vingt-huit",
    31: "trente et un",
    49: "quarante-neuf",
    51: "cinquante et un",
    61: "soixante et un",
    69: "soixante-neuf",
    70: "soixante-dix",
    71: "soixante et onze",
    72: "soixante-douze",
    79: "soixante-dix-neuf",
    80: "quatre-vingts",
    81: "quatre-vingt-un",
    88: "quatre-vingt-huit",
    90: "quatre-vingt-dix",
    91: "quatre-vingt-onze",
    94: "quatre-vingt-quatorze",
    99: "quatre-vingt-dix-neuf",
    100: "cent",
    101: "cent un",
    111: "cent onze",
    121: "cent vingt et un",
    170: "cent soixante-dix",
    171: "cent soixante et onze",
    173: "cent soixante-treize",
    180: "cent quatre-vingts",
    181: "cent quatre-vingt-un",
    199: "cent quatre-vingt-dix-neuf",
    200: "deux cents",
    201: "deux cent un",
    280: "deux cent quatre-vingts",
}
ENGLISH = {
    0: "nought",
    9: "nine",
    13: "thirteen",
    21: "twenty-one",
    28: "twenty-eight",
    40: "forty",
    94: "ninety-four",
    100: "one hundred",
    103: "one hundred and three",
    173: "one hundred and seventy-three",
    200: "two hundred",
}


@pytest.mark.parametrize(("n", "words"), sorted(FRENCH.items()))
def test_french_numbers(n: int, words: str) -> None:
    assert number(n, "fr") == words


@pytest.mark.parametrize(("n", "words"), sorted(ENGLISH.items()))
def test_english_numbers(n: int, words: str) -> None:
    assert number(n, "en") == words


def test_every_number_to_two_hundred_is_distinct_words_in_both_languages() -> None:
    for lang in ("en", "fr"):
        said = [number(n, lang) for n in range(201)]
        assert len(set(said)) == len(said)
        assert all(re.fullmatch(r"[a-zàâçéèêëîïôûùüÿœ\- ]+", w) for w in said), lang
        assert not any("  " in w or w != w.strip() for w in said)
    with pytest.raises(ValueError):
        number(1000)


# The French templates of the calls and of the numbers' pieces, from the catalog.
_FR = {
    f"{table.name}.{k}": Words("fr").table(table, k) for table in (CALLS, NUMBERS) for k in table
}


def test_every_message_of_the_calls_has_its_french_entry() -> None:
    french = catalog("fr")
    missing = [
        table.context(k)
        for table in (CALLS, NUMBERS)
        for k in table
        if key(table.english(k), table.context(k)) not in french
    ]
    assert missing == []
    assert Words("en").table(CALLS, "answer.good") == "Good."
    assert Words("fr").table(CALLS, "answer.good") == "Bon."


def test_french_punctuation_has_its_narrow_no_break_space() -> None:
    for template in _FR.values():
        assert not re.search(r"[ \u00a0][?!:;]", template), template
        for mark in re.finditer(r"[?!:;]", template):
            assert template[mark.start() - 1] == "\u202f", template


# Game words an English table says that a French one never would.
ENGLISH_TERMS = re.compile(
    r"\b(good|not|equal|what|make|cards?|hearts|spades|diamonds|clubs|knaves?|jacks?|"
    r"queens?|kings?|aces?|tens?|nothing|quart|quint|major|and|are|tricks?|throw|"
    r"carte blanche, ten|void|suit|one|two|three|four|five|seven|eight|nine|"
    r"twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|nought)\b",
    re.IGNORECASE,
)


@PROPERTY
@given(deal=st.one_of(legal_deal(), rich_deal()))
def test_french_calls_hold_no_english_game_term(deal: dict[str, Any]) -> None:
    for call in partie_calls(record(deal)):
        text = say(call, "fr")
        assert not ENGLISH_TERMS.search(text), text
        assert not re.search(r"[ \u00a0][?!:;]", text), text


def test_every_french_template_is_free_of_english_game_terms() -> None:
    for msgid, template in _FR.items():
        words = re.sub(r"\{\w+\}", "", template)  # the fields' names are not said
        assert not ENGLISH_TERMS.search(words), msgid


def test_void_suit_and_carte_rouge_in_both_languages() -> None:
    deal = {
        "declared": {
            "elder": {
                "point": {"cards": 5, "value": 50},
                "sequences": [{"length": 5, "top": "void"}],
            },
            "younger": {"point": {"cards": 4, "value": 40}},
        },
        "carte_rouge": ["younger"],
        "tricks": "E",
    }
    rec = record(deal, variants={"void_suit_point": True, "carte_rouge": 20})
    calls = partie_calls(rec)
    assert [say(c) for c in calls] == [
        "Five cards.",
        "Good.",
        "Void suit.",
        "Good.",
        "Five and ten are fifteen.",
        "Sixteen.",
        "Carte rouge twenty.",
    ]
    assert [say(c, "fr") for c in calls][2] == "Couleur vide."
    assert [say(c, "fr") for c in calls][6] == "Carte rouge, vingt."
