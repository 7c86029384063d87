"""The game's terms are defined once (vocabulary/terms.py and one catalog entry
a language): renaming one renames it in every text that names it."""

from __future__ import annotations

import pytest

from scorer.drills import drill_from
from scorer.hints import hint_for
from scorer.multi.wording import render as render_multi
from scorer.wording import render, why
from vocabulary.catalog import entries, key
from vocabulary.lookup import forget
from vocabulary.numbers import number
from vocabulary.terms import TERMS, sequence_name, term


@pytest.fixture(autouse=True)
def _texts_worked_out_afresh():
    """These tests rename a term while the program runs: the lookup's texts
    worked out before (and with) the new name are dropped."""
    forget()
    yield
    forget()


def test_the_terms_in_both_languages() -> None:
    assert [sequence_name(n, "fr") for n in range(3, 9)] == [
        "tierce",
        "quatrième",
        "quinte",
        "sixième",
        "septième",
        "huitième",
    ]
    assert [sequence_name(n, "en") for n in range(3, 9)] == [
        "tierce",
        "quart",
        "quint",
        "sixième",
        "septième",
        "huitième",
    ]
    assert (term("pique", "fr"), term("repique", "fr")) == ("pic", "repic")
    assert (term("elder", "fr"), term("younger", "fr")) == ("le premier", "le dernier")


def _repique_lines(lang: str) -> list[str]:
    two = render(why("repique", name="Anne", points=60, other="Ben"), lang)
    more = render_multi(why("m.repique", name="Anne", points=90, others="Ben"), lang)
    return [two, more]


def test_renaming_a_term_in_french_is_one_catalog_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    before = _repique_lines("fr")
    assert all(line.startswith("Repic\u202f:") for line in before)
    monkeypatch.setitem(entries("fr").messages, key("repique", "term.repique"), "contre-pic")
    forget()  # the texts worked out with the old name
    after = _repique_lines("fr")
    assert all(line.startswith("Contre-pic\u202f:") for line in after)
    assert [a.removeprefix("Contre-pic") for a in after] == [
        b.removeprefix("Repic") for b in before
    ]


def test_renaming_a_term_in_english_is_one_table_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(TERMS.messages, "repique", "re-pique")
    forget()  # the texts worked out with the old name
    assert all(line.startswith("Re-pique: Anne made") for line in _repique_lines("en"))
    monkeypatch.setitem(TERMS.messages, "elder", "Major")
    monkeypatch.setitem(TERMS.messages, "younger", "Minor")
    forget()  # the texts worked out with the old name
    from scorer.dialogue import replay

    assert hint_for(replay([]).ask(), "en").startswith("Minor deals")
    assert drill_from("good", 1, "en").question.startswith("Major holds")


def test_numbers_in_words_for_the_voice() -> None:
    assert [number(n, "en") for n in (28, 94, 103)] == [
        "twenty-eight",
        "ninety-four",
        "one hundred and three",
    ]
    assert [number(n, "fr") for n in (28, 71, 80, 94)] == [
        "vingt-huit",
        "soixante et onze",
        "quatre-vingts",
        "quatre-vingt-quatorze",
    ]


def test_the_calculators_class_titles_are_the_terms(monkeypatch: pytest.MonkeyPatch) -> None:
    from journal import Journal
    from kiosk.presenter import Presenter

    p = Presenter(Journal.open(":memory:"), lang="fr")
    calculator = p.calculator
    calculator.calc_deal()
    calculator.calc_switch("against")
    calculator.calc_deal()
    titles = [line.split("\u202f:")[0] for line in calculator._calc_results().splitlines()[1:4]]
    assert titles == ["Point", "Séquences", "Trios et quatorzes"]
    monkeypatch.setitem(entries("fr").messages, key("sequences", "term.sequences"), "suites")
    forget()  # the texts worked out with the old name
    assert "\nSuites\u202f:" in calculator._calc_results()
