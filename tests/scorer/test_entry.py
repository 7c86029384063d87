"""How a deal is entered (quick mode as a fact of the partie): the `entry` action."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer import ActionError, score_record
from scorer.actions import apply_action, new_record, record_to_actions, replay
from scorer.progress import progress

TOTALS = {"entry": "totals"}
DIALOGUE = {"entry": "dialogue"}


def acts(*actions: dict, partie: dict | None = None) -> dict:
    partie = partie or new_record(["Anne", "Ben"], "Ben")
    for action in actions:
        partie = apply_action(partie, action)
    return partie


def entered(elder: int, younger: int) -> dict:
    return {"entered": {"elder": elder, "younger": younger}}


def test_a_deal_entered_as_totals_asks_for_its_totals_and_so_does_the_next() -> None:
    partie = acts(TOTALS)
    assert partie["deals"] == [{"entry": "totals"}]
    where = progress(partie)
    assert (where.entry, where.ask.phase, where.at_start) == ("totals", "totals", True)
    partie = acts(entered(30, 12), {"next_deal": True}, partie=partie)
    assert partie["deals"][-1] == {"entry": "totals"}  # quick mode carries on
    assert progress(partie).entry == "totals"
    partie = acts(DIALOGUE, partie=partie)  # and back, at the start of a deal
    assert partie["deals"][-1] == {}
    assert (progress(partie).entry, progress(partie).phase) == ("dialogue", "carte_blanche")
    assert score_record(partie)["totals"] == {"Anne": 30, "Ben": 12}


def test_the_entry_is_chosen_before_the_deals_first_action() -> None:
    started = acts({"carte_blanche": "elder"})
    assert not progress(started).at_start
    with pytest.raises(ActionError, match="before anything else"):
        apply_action(started, TOTALS)
    totals = acts(TOTALS, entered(20, 20))
    with pytest.raises(ActionError, match="complete"):
        apply_action(totals, DIALOGUE)
    with pytest.raises(ActionError, match="must be"):
        apply_action(new_record(["Anne", "Ben"], "Ben"), {"entry": "quick"})


@pytest.mark.parametrize(
    "action",
    [
        {"say": "done"},
        {"trick": "E"},
        {"carte_blanche": "elder"},
        {"declare": "point", "by": "elder", "cards": 5},
    ],
)
def test_a_deal_entered_as_totals_takes_only_its_totals(action: dict) -> None:
    partie = acts(TOTALS)
    with pytest.raises(ActionError, match="entered as totals"):
        apply_action(partie, action)
    assert acts({"exchange": "elder", "cards": 5}, entered(10, 3), partie=partie)


def test_a_refused_total_changes_nothing() -> None:
    partie = acts(TOTALS, entered(30, 12))
    before = copy.deepcopy(partie)
    opened = apply_action(partie, {"next_deal": True})
    with pytest.raises(ActionError, match="0 to 173"):
        apply_action(opened, entered(999, 0))
    assert partie == before


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(st.booleans(), st.integers(0, 60), st.integers(0, 60)), min_size=1, max_size=5
    )
)
def test_records_with_entries_mean_the_same_and_rebuild_from_their_actions(deals) -> None:
    """Switching between totals and the dialogue: the score is the record's
    without `entry`, and record_to_actions rebuilds the same record."""
    actions: list[dict] = []
    quick = False
    for i, (totals, elder, younger) in enumerate(deals):
        if i:
            actions.append({"next_deal": True})
        if totals != quick:
            actions.append(TOTALS if totals else DIALOGUE)
            quick = totals
        actions.append(entered(elder, younger))
    partie = acts(*actions)
    plain = {
        **partie,
        "deals": [{k: v for k, v in d.items() if k != "entry"} for d in partie["deals"]],
    }
    assert score_record(partie) == score_record(plain)
    assert record_to_actions(partie) == actions
    assert replay(new_record(["Anne", "Ben"], "Ben"), record_to_actions(partie)) == partie
    assert not any("entry" in a for a in record_to_actions(plain))


@pytest.mark.parametrize(
    "action",
    [
        {"declare": []},
        {"declare": "x" * 5000},
        {"trick": "Z" * 5000},
        {"entry": ["totals"] * 1000},
        {"say": {"a": 1}},
        {"next_deal": True, "k" * 5000: 1},
    ],
)
def test_a_bad_action_is_refused_in_a_short_sentence(action: dict) -> None:
    from scorer.actions import parse_action

    with pytest.raises(ActionError) as refused:
        parse_action(action)
    assert len(str(refused.value)) < 160
