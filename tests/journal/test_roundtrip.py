"""Export round trip: for random parties built action by action, `export` then `score`
agrees with the journal's own state, and so does an import of the export."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from journal_helpers import DECLARATIONS

from journal import Journal
from scorer import ActionError, score_record

entered_deal = st.fixed_dictionaries(
    {"entered": st.fixed_dictionaries({"elder": st.integers(0, 60), "younger": st.integers(0, 60)})}
)
played_deal = st.fixed_dictionaries(
    {
        "exchange": st.one_of(st.none(), st.tuples(st.integers(1, 5), st.integers(1, 3))),
        "calls": st.lists(st.booleans(), min_size=len(DECLARATIONS), max_size=len(DECLARATIONS)),
        "tricks": st.text(alphabet="EY", min_size=12, max_size=12),
    }
)
deals = st.lists(st.one_of(entered_deal, played_deal), min_size=1, max_size=9)


def deal_actions(deal: dict[str, Any]) -> list[dict[str, Any]]:
    if "entered" in deal:
        return [{"entered": deal["entered"]}]
    actions: list[dict[str, Any]] = []
    if deal["exchange"]:
        elder, younger = deal["exchange"]
        actions += [
            {"exchange": "elder", "cards": elder},
            {"exchange": "younger", "cards": younger},
        ]
    actions += [call for call, made in zip(DECLARATIONS, deal["calls"], strict=True) if made]
    return actions + [{"trick": winner} for winner in deal["tricks"]]


def build(journal: Journal, game: str, plan: list[dict[str, Any]], stop: int) -> int:
    """Play the deals of `plan` until `stop` actions are in, or the partie ends."""
    partie = journal.new_partie(["Anne", "Ben"], "Ben", game)
    actions = [
        a
        for index, deal in enumerate(plan)
        for a in ([{"next_deal": True}] if index else []) + deal_actions(deal)
    ]
    for action in actions[:stop]:
        if journal.score()["finished"]:
            break
        journal.act(action)
    return partie


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(["rubicon", "four-deal", "au-cent"]),
    plan=deals,
    stop=st.integers(0, 200),
    undos=st.integers(0, 4),
)
def test_export_then_score_equals_the_journal_state(game, plan, stop, undos):
    journal = Journal.open(":memory:")
    partie = build(journal, game, plan, stop)
    for _ in range(undos):
        if journal.can_undo():
            journal.undo()
    exported = json.loads(json.dumps(journal.record(partie)))  # what `piquet export` prints
    state = journal.score(partie)
    assert score_record(exported) == state

    other = Journal.open(":memory:")
    imported = other.import_record(exported)
    assert other.score(imported) == state
    assert other.record(imported) == exported


@settings(max_examples=30, deadline=None)
@given(plan=deals, stop=st.integers(1, 120))
def test_the_fold_never_accepts_a_state_the_engine_refuses(plan, stop):
    """Whatever is accepted scores; a refused action leaves the same score behind."""
    journal = Journal.open(":memory:")
    build(journal, "rubicon", plan, stop)
    before = journal.score()
    for probe in ({"trick": "E"}, {"next_deal": True}, DECLARATIONS[0]):
        try:
            journal.act(probe)
        except ActionError:
            assert journal.score() == before
        else:
            assert score_record(journal.record()) == journal.score()
            journal.undo()
            assert journal.score() == before
