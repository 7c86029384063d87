"""Engine sentences said again in the reader's language (issue 23).

A refusal with a count takes the plural of the language it is said in:
English says "0 tricks", French "0 pli" (0 and 1 are singular in French, by
its catalog's Plural-Forms), whatever form the English picked. A two-handed
problem of the record/2 engine, its roles renamed by seat, keeps the seats
in French too."""

from __future__ import annotations

import pickle

import pytest

from scorer import ActionError
from scorer.actions import play
from scorer.errors import Said, in_words
from scorer.multi import actions as multi
from tests.multi.helpers import normand
from vocabulary import Words

NNBSP = "\u202f"
RECORD = {"format": "piquet-record/1", "players": ["Anne", "Ben"], "first_dealer": "Anne"}
NEEDS = "it needs 12 tricks, a throw-in or entered totals, and has"
FRENCH_NEEDS = (
    f"la donne 1 n’est pas complète{NNBSP}: il lui faut 12 plis, un abandon ou des totaux "
    "saisis, et elle a"
)


def refusal_after(tricks: int) -> ActionError:
    record = {**RECORD, "deals": [{"tricks": "E" * tricks}] if tricks else []}
    with pytest.raises(ActionError) as refused:
        play(record, {"next_deal": True})
    return refused.value


@pytest.mark.parametrize(
    ("tricks", "english", "french"),
    [(0, "0 tricks", "0 pli"), (1, "1 trick", "1 pli"), (2, "2 tricks", "2 plis")],
)
def test_next_deal_on_an_incomplete_deal_counts_its_tricks_in_each_language(
    tricks, english, french
):
    refused = refusal_after(tricks)
    assert str(refused) == f"deal 1 is not complete: {NEEDS} {english}"
    assert in_words(refused, Words("en")) == str(refused)
    assert in_words(refused, Words("fr")) == f"{FRENCH_NEEDS} {french}"


@pytest.mark.parametrize(("tricks", "french"), [(0, "0 pli"), (1, "1 pli"), (2, "2 plis")])
def test_the_engine_for_three_to_seven_counts_in_french_too(tricks, french):
    record = normand(first_dealer="Anne")
    for _ in range(tricks):
        record = multi.apply_action(record, {"trick": "A"})
    with pytest.raises(ActionError) as refused:
        multi.play(record, {"next_deal": True})
    english = "1 trick" if tricks == 1 else f"{tricks} tricks"
    assert str(refused.value).endswith(f"and has {english}")
    said = in_words(refused.value, Words("fr"))
    assert said.startswith("la donne 1 n’est pas complète") and said.endswith(f"elle a {french}")


def test_a_counted_sentence_keeps_its_count_through_a_pickle():
    line = Said.counted("{k} trick", "{k} tricks", "k", k=0)
    again = pickle.loads(pickle.dumps(line))
    assert again == line == "0 tricks"
    assert again.plural == ("{k} trick", "{k} tricks", "k")


def test_a_problem_renamed_by_seat_keeps_its_seat_in_french_and_through_a_pickle():
    from functools import partial

    from scorer.errors import Rewritten
    from scorer.multi.ecrire import _in_seats

    problem = Said(
        "{role} declares a point of {cards} but the hand holds none (a false declaration)",
        role="elder",
        cards=5,
    )
    renamed = Rewritten(problem, partial(_in_seats, elder="B", dealer="A"))
    assert (
        renamed == "elder (B) declares a point of 5 but the hand holds none (a false declaration)"
    )
    again = pickle.loads(pickle.dumps(renamed))
    assert (
        in_words(again, Words("fr"))
        == "elder (B) annonce un point de 5 mais la main n’en a pas (une fausse annonce)"
    )
