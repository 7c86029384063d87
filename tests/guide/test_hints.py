"""A guided deal: a hint for every step a deal can reach, in both languages,
naming the player whose turn it is."""

from __future__ import annotations

import random

import pytest

from scorer.actions import apply_action
from scorer.dialogue import Ask, choices, hear, replay
from scorer.errors import ActionError
from scorer.guide.facts import facts
from scorer.hints import hint_for
from scorer.progress import progress
from tests.scorer.helpers import record
from vocabulary.terms import term


def _walk(rng: random.Random) -> list[Ask]:
    """Random legal utterances from the carte blanche to the play."""
    conversation = replay([])
    seen = []
    for _ in range(60):
        ask = conversation.ask()
        seen.append(ask)
        if ask.phase == "play":
            break
        offered = choices(ask)
        word = rng.choice(sorted(offered))
        params = rng.choice(offered[word])
        try:
            hear(conversation, {"say": word, **({"by": ask.who} if ask.who else {}), **params})
        except ActionError:
            continue
    return seen


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_step_of_the_declarations_has_a_hint(lang: str) -> None:
    rng = random.Random(lang)
    steps = set()
    for _ in range(300):
        for ask in _walk(rng):
            text = hint_for(ask, lang)
            assert text and "{" not in text
            if ask.who is not None:
                assert term(ask.good or ask.who, lang).lower() in text.lower(), (ask, text)
            steps.add((ask.phase, ask.step))
    assert {
        ("point", "value"),
        ("sequences", "top"),
        ("sets", "add"),
        ("point", "reply_more"),
        ("play", "trick"),
    } <= steps


def _partie(*deals: dict) -> dict:
    return record(*deals)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_hints_from_progress_name_the_players(lang: str) -> None:
    start = _partie({})
    text = hint_for(progress(start), lang)
    assert "carte blanche" in text.lower()
    assert f"Ben ({term('younger', lang)})" in text  # the dealer deals first
    assert str(facts(lang)["hand"]) in text and str(facts(lang)["talon"]) in text
    after = apply_action(start, {"say": "done"})
    after = apply_action(after, {"exchange": "elder", "cards": 5})
    text = hint_for(progress(after), lang)
    assert "Ben" in text  # Younger, who has yet to exchange
    playing = _partie({"tricks": "EY"})
    text = hint_for(progress(playing), lang)
    assert "Ben" in text  # Ben won the last trick and leads
    over = _partie({"tricks": "E" * 12})
    assert hint_for(progress(over), lang) != hint_for(progress(playing), lang)


def test_a_throw_in_is_offered_in_the_hint() -> None:
    anne_only = [{"entered": {"elder": 40, "younger": 0}}, {"entered": {"elder": 0, "younger": 40}}]
    behind = _partie(*anne_only * 2, anne_only[0], {"tricks": ""})
    state = progress(behind)
    assert state.may_throw_in == ("elder",)  # Ben, Elder in deal 6, has 0
    assert "Ben (Elder) cannot reach 100" in hint_for(state, "en")
    assert "abandonner" in hint_for(state, "fr")
