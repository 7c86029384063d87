"""French score lines name a player with the elision French makes: "les
séquences d'Anne", "l'entame de Ben", "avant qu'Hélène ne marque rien", "les
séquences du premier" (the drills' players are "le premier", "le dernier")."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorer import score_record
from scorer.guide import guide
from scorer.wording import de, que


@pytest.mark.parametrize(
    ("name", "of", "that"),
    [
        ("Anne", "d'Anne", "qu'Anne"),
        ("Ben", "de Ben", "que Ben"),
        ("Hélène", "d'Hélène", "qu'Hélène"),  # a mute h
        ("Hugo", "d'Hugo", "qu'Hugo"),
        ("Émile", "d'Émile", "qu'Émile"),  # a capital with an accent
        ("Œdipe", "d'Œdipe", "qu'Œdipe"),
        ("Yves", "d'Yves", "qu'Yves"),  # y before a consonant sounds as a vowel
        ("Yann", "de Yann", "que Yann"),  # y before a vowel is a consonant
        ("Wanda", "de Wanda", "que Wanda"),
        ("Xavier", "de Xavier", "que Xavier"),
        ("Hh", "de Hh", "que Hh"),  # an h before a consonant: no vowel sound
        ("2B", "de 2B", "que 2B"),
        ("le premier", "du premier", "que le premier"),  # the drills' role names
        ("le dernier", "du dernier", "que le dernier"),
        ("Le Goff", "de Le Goff", "que Le Goff"),  # a surname's capital article stays
    ],
)
def test_de_and_que_before_a_name(name, of, that):
    assert de(name) == of
    assert que(name) == that


def spec_record(elder: str, younger: str) -> dict:
    """The spec's deal: both players score sequences or sets that "also count",
    and each wins tricks on the other's lead."""
    return {
        "format": "piquet-record/1",
        "players": [elder, younger],
        "first_dealer": younger,
        "deals": [
            {
                "declared": {
                    "elder": {
                        "point": {"cards": 5, "value": 49},
                        "sequences": [{"length": 4, "top": "A"}, {"length": 3, "top": "9"}],
                    },
                    "younger": {"sets": [{"count": 4, "rank": "10"}, {"count": 3, "rank": "Q"}]},
                },
                "tricks": "EEEEEYYYYYEE",
            }
        ],
    }


def test_the_score_lines_elide_before_a_vowel_and_not_before_a_consonant():
    lines = score_record(spec_record("Anne", "Ben"), "fr")["deals"][0]["lines"]
    text = " | ".join(ln["why"] for ln in lines)
    assert "les séquences d'Anne sont bonnes" in text
    assert "les trios et quatorzes de Ben sont bons" in text
    assert "sur l'entame d'Anne" in text and "sur l'entame de Ben" in text
    lines = score_record(spec_record("le premier", "Hélène"), "fr")["deals"][0]["lines"]
    text = " | ".join(ln["why"] for ln in lines)
    assert "les séquences du premier sont bonnes" in text
    assert "les trios et quatorzes d'Hélène sont bons" in text
    assert "sur l'entame du premier" in text


def test_a_pique_says_qu_before_a_vowel():
    record = {
        "format": "piquet-record/1",
        "players": ["Ben", "Anne"],
        "first_dealer": "Anne",
        "deals": [
            {
                "declared": {
                    "elder": {
                        "point": {"cards": 6, "value": 60},
                        "sequences": [{"length": 6, "top": "A"}],
                    },
                    "younger": {},
                },
                "tricks": "EEEEEEEEEEEY",
            }
        ],
    }
    lines = score_record(record, "fr")["deals"][0]["lines"]
    pique = next(ln["why"] for ln in lines if ln["category"] == "pique")
    assert "avant qu'Anne ne marque rien" in pique


@given(st.text(alphabet="abcdefhijlmnouyzAEHIOUYéÉœ -'", min_size=1, max_size=12))
def test_a_name_is_kept_whole_after_de_and_que(name):
    for said, word in ((de(name), "de"), (que(name), "que")):
        if name.startswith(("le ", "les ")) and word == "de":
            assert said.endswith(name.split(" ", 1)[1])
        else:
            assert said in (f"{word} {name}", f"{word[:-1]}'{name}")


@pytest.mark.parametrize("lang", ["fr"])
def test_the_guide_never_says_de_or_que_before_a_vowel_name(lang):
    """The French guide, examples and score lines: never "de Anne", "que Anne",
    "de le", "à le"."""
    text = []
    for section in guide(lang):
        text += [section.title, section.text]
        for example in section.examples:
            text += [example.title, example.text, *example.settlement]
            text += [ln["why"] for ln in example.lines]
    whole = "\n".join(text)
    assert not re.findall(r"\b(?:de|que) (?:Anne|Hélène|Émile)\b", whole)
    assert not re.findall(r"\b(?:de|à) le\b", whole)
