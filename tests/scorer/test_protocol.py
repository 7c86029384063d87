"""The game protocol (`scorer.protocol`): random legal games of every form,
played through `progress()` and `play()` alone.

Properties: nothing crashes and no answer `progress` offers is refused;
`progress` always names who acts and offers a legal answer until the game is
over; folding the same actions with `replay` gives the record `play` built;
and a total never changes on a call nobody has answered yet.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from scorer.errors import ActionError
from scorer.multi.in_play import current_deal, deal_table
from scorer.protocol import find_form, form_names, form_of

PLAYERS = {
    "rubicon": ["Anne", "Ben"],
    "four-deal": ["Anne", "Ben"],
    "au-cent": ["Anne", "Ben"],
    "normand": ["Anne", "Ben", "Cleo"],
    "voleur": ["Anne", "Ben", "Cleo", "Dan"],
    "ecrire": ["Anne", "Ben", "Cleo", "Dan"],
    "chouette": ["Anne", "Ben", "Cleo"],
}
STEPS = 90  # a deal or two of each form: enough for every phase, quick enough


def unanswered(action: dict[str, Any], progress: Any, record: dict[str, Any]) -> bool:
    """After `action`, a call of its class waits for an answer: between two the
    elder's call (Younger answers it); among more, a call while some seat that
    plays the deal has said nothing in the class yet."""
    if "say" in action:
        return action["say"] == "call" and action.get("by") == "elder"
    if "declare" not in action or progress.question not in ("call", "reply"):
        return False
    table = deal_table(record)
    declared = current_deal(record).get("declared") or {}
    return any(progress.phase not in (declared.get(s) or {}) for s in table.order)


def random_game(name: str, rng: random.Random) -> None:
    form = find_form(name)
    start = form.new_record(PLAYERS[name])
    record, score = start, form.score(start)
    played: list[dict[str, Any]] = []
    for _ in range(STEPS):
        progress = form.progress(record, score)
        if progress.phase == "over":
            assert progress.finished and not progress.legal()
            break
        assert progress.to_act, f"{name}: nobody acts in {progress.phase}"
        legal = progress.legal()
        assert legal, f"{name}: no legal answer in {progress.phase} ({progress.question})"
        assert len({a.key for a in progress.answers}) == len(progress.answers)
        action = dict(rng.choice(legal))
        then = action.pop("then", None)  # the second half of the same tap, if any
        try:
            record, new_score = form.play(record, action, score)
        except ActionError as error:  # pragma: no cover - the failure says which
            pytest.fail(f"{name}: {action} was offered in {progress.phase} and refused: {error}")
        if unanswered(action, progress, record):
            after = form.progress(record, new_score).totals
            assert after == progress.totals, f"{name}: {action} scored unanswered"
        score = new_score
        played.append(action)
        if then is not None:
            record, score = form.play(record, {"pending": then}, score)
            played.append({"pending": then})
    replayed = form.replay(start, played)
    assert replayed == record
    assert form.score(replayed) == score
    assert form_of(record).name == name


@pytest.mark.parametrize("name", form_names())
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
@example(seed=44782254)  # au Cent: a blank Younger who took in nothing answered with a quint
def test_random_legal_games_through_the_protocol(name: str, seed: int) -> None:
    random_game(name, random.Random(seed))


def test_every_form_is_found_by_its_name_and_an_unknown_one_is_refused() -> None:
    assert form_names() == (
        "rubicon",
        "four-deal",
        "au-cent",
        "normand",
        "voleur",
        "ecrire",
        "chouette",
    )
    for name in form_names():
        assert find_form(name).name == name
    with pytest.raises(KeyError, match="no form 'bridge'"):
        find_form("bridge")


# --- a call nobody has answered scores nothing, in every form ---------------------------


def _point_of_five(name: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A game of the form where the first to announce calls a point of five making
    49, then every other hand says "Good": (the record before, the answers)."""
    form = find_form(name)
    record = form.new_record(PLAYERS[name])
    score = form.score(record)
    if name == "chouette":
        record, score = form.play(
            record, {"next_partie": {"single": "A", "playing": "B", "first_dealer": "B"}}, score
        )
    # The exchange and the claims: every hand says the least it may.
    progress = form.progress(record, score)
    while progress.phase in ("carte_blanche", "exchange"):
        say = next(
            a
            for a in progress.legal()
            if a.get("say") == "done" or ("exchange" in a and a.get("cards") in (1, 0))
        )
        record, score = form.play(record, say, score)
        progress = form.progress(record, score)
    assert progress.phase == "point"
    caller = progress.to_act[0]
    if "say" in next(iter(progress.legal())):  # two hands: the dialogue
        call = {"say": "call", "by": caller, "cards": 5}
        answers = [{"say": "making", "by": "younger"}, {"say": "value", "by": caller, "value": 49}]
        answers.append({"say": "good", "by": "younger"})
    else:
        call = {"declare": "point", "by": caller, "cards": 5, "value": 49}
        answers = [
            {"declare": "nothing", "by": seat, "class": "point"} for seat in _others(record, caller)
        ]
    return form.play(record, call, score)[0], answers


def _others(record: dict[str, Any], caller: str) -> list[str]:
    order = deal_table(record).order
    return [s for s in order if s != caller]


@pytest.mark.parametrize("name", form_names())
def test_a_call_nobody_has_answered_scores_nothing(name: str) -> None:
    form = find_form(name)
    called, answers = _point_of_five(name)
    record, score = called, form.score(called)
    totals = form.progress(record, score).totals
    assert set(totals.values()) == {0}, f"{name}: an unanswered call scored"
    for answer in answers[:-1]:  # answered by some, not yet by all
        record, score = form.play(record, answer, score)
        totals = form.progress(record, score).totals
        assert set(totals.values()) == {0}, f"{name}: a call scored half-answered"
    record, score = form.play(record, answers[-1], score)
    totals = form.progress(record, score).totals
    # answered: the point of five scores (doubled in the first deal of a four-deal partie)
    assert max(totals.values()) == (10 if name == "four-deal" else 5)


def test_the_two_handed_forms_count_the_tricks_of_two_handed_piquet() -> None:
    from scorer.multi.traits import TRAITS, TWO_HANDED_TRICKS
    from scorer.record import TRICKS_PER_DEAL

    assert TWO_HANDED_TRICKS == TRICKS_PER_DEAL
    assert {n for n, t in TRAITS.items() if t.tricks == TRICKS_PER_DEAL} == {"ecrire", "chouette"}


def test_a_records_traits_are_its_forms_and_none_between_two_players() -> None:
    from scorer.multi.traits import TRAITS, record_traits

    for name in form_names():
        record = find_form(name).new_record(PLAYERS[name])
        found = record_traits(record)
        if name in TRAITS:
            assert found is not None and found.name == name
        else:  # rubicon, four-deal, au-cent: two players, no seat letters
            assert found is None
    assert record_traits(None) is None
    assert [n for n, t in TRAITS.items() if t.rounds] == ["ecrire"]
