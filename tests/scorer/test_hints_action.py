"""The guided deal's hints as an action of two-handed Piquet (`{"hints": bool}`):
the partie's top-level `hints`, at any step until the end, scoring nothing,
and kept through export and import (scorer.actions)."""

import pytest

from scorer.actions import guided, new_record, play, record_to_actions, replay
from scorer.errors import ActionError


def test_hints_on_and_off_change_the_record_and_never_the_score():
    record = new_record(["Anne", "Bruno"], "Bruno", "rubicon", None)
    on, score_on = play(record, {"hints": True})
    assert guided(on) and not guided(record)
    assert score_on["totals"] == {"Anne": 0, "Bruno": 0}
    played, score = play(on, {"trick": "E"})
    off, score_off = play(played, {"hints": False})
    assert not guided(off) and "hints" not in off
    assert score_off["totals"] == score["totals"]
    assert play(record, {"trick": "E"})[1]["totals"] == score["totals"]


def test_hints_may_follow_a_complete_deal_and_are_kept_as_the_first_action():
    record = new_record(["Anne", "Bruno"], "Bruno", "rubicon", None)
    record, _ = play(record, {"entered": {"elder": 20, "younger": 7}})
    record, _ = play(record, {"hints": True})  # the deal is complete: only next_deal, and this
    assert record_to_actions(record) == [{"hints": True}, {"entered": {"elder": 20, "younger": 7}}]
    rebuilt = replay(
        new_record(["Anne", "Bruno"], "Bruno", "rubicon", None), record_to_actions(record)
    )
    assert rebuilt == record


@pytest.mark.parametrize("value", [1, "true", None, [True]])
def test_hints_take_true_or_false_only(value):
    record = new_record(["Anne", "Bruno"], "Bruno", "rubicon", None)
    with pytest.raises(ActionError, match="'hints' must be true or false"):
        play(record, {"hints": value})


def test_no_hints_after_the_partie_is_finished():
    record = new_record(["Anne", "Bruno"], "Bruno", "au-cent", None)
    record, score = play(record, {"entered": {"elder": 150, "younger": 0}})
    assert score["finished"]
    with pytest.raises(ActionError, match="finished"):
        play(record, {"hints": True})


@pytest.mark.parametrize("form", ["normand", "voleur", "ecrire", "chouette"])
def test_the_forms_for_more_players_have_no_guided_deal(form):
    from scorer.protocol import find_form

    players = ["Anne", "Ben", "Cleo", "Dan"][: 4 if form == "voleur" else 3]
    found = find_form(form)
    record = found.new_record(players, players[-1])
    with pytest.raises(ActionError, match="exactly one kind"):  # no such kind
        found.play(record, {"hints": True})
