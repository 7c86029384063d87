"""The action vocabulary and the fold (scorer/actions.py)."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer import ActionError, score_record
from scorer.actions import (
    KINDS,
    apply_action,
    is_complete,
    new_record,
    parse_action,
    play,
    record_to_actions,
    replay,
)
from tests.conftest import EXAMPLES


def fold(actions: list[dict], record: dict | None = None) -> dict:
    record = record or new_record(["Anne", "Ben"], "Ben")
    for action in actions:
        record = apply_action(record, action)
    return record


def tricks(winners: str) -> list[dict]:
    return [{"trick": winner} for winner in winners]


def test_a_new_record_has_one_empty_deal_in_play():
    record = new_record(["Anne", "Ben"], "Ben", "four-deal", {"carte_rouge": 20})
    assert record["deals"] == [{}]
    assert record["game"] == "four-deal"
    assert score_record(record)["totals"] == {"Anne": 0, "Ben": 0}


def test_actions_fold_into_the_spec_example_deal():
    spec_deal = {
        "exchange": {"elder": 5, "younger": 3},
        "declared": {
            "elder": {
                "point": {"cards": 5, "value": 49},
                "sequences": [{"length": 4, "top": "A"}],
                "sets": [{"count": 3, "rank": "J"}],
            },
            "younger": {
                "point": {"cards": 5, "value": 48},
                "sets": [{"count": 4, "rank": "10"}, {"count": 3, "rank": "Q"}],
            },
        },
        "tricks": "EEEEEYYYYYEE",
    }
    actions = [
        {"exchange": "elder", "cards": 5},
        {"exchange": "younger", "cards": 3},
        {"declare": "point", "by": "elder", "cards": 5, "value": 49},
        {"declare": "point", "by": "younger", "cards": 5, "value": 48},
        {"declare": "sequence", "by": "elder", "length": 4, "top": "A"},
        {"declare": "set", "by": "elder", "count": 3, "rank": "J"},
        {"declare": "set", "by": "younger", "count": 4, "rank": "10"},
        {"declare": "set", "by": "younger", "count": 3, "rank": "Q"},
        *tricks("EEEEEYYYYYEE"),
    ]
    assert fold(actions)["deals"] == [spec_deal]


def test_a_second_point_call_by_the_same_hand_replaces_the_first():
    record = fold(
        [
            {"declare": "point", "by": "elder", "cards": 5},
            {"declare": "point", "by": "elder", "cards": 5, "value": 49},
        ]
    )
    assert record["deals"][0]["declared"]["elder"]["point"] == {"cards": 5, "value": 49}


def test_sequences_and_sets_append():
    record = fold(
        [
            {"declare": "sequence", "by": "younger", "length": 3, "top": "A"},
            {"declare": "sequence", "by": "younger", "length": 3, "top": "10"},
            {"declare": "set", "by": "younger", "count": 3, "rank": "K"},
        ]
    )
    calls = record["deals"][0]["declared"]["younger"]
    assert [s["top"] for s in calls["sequences"]] == ["A", "10"]
    assert len(calls["sets"]) == 1


def test_plain_tricks_stay_a_string_and_a_trick_with_cards_turns_the_list_form():
    plain = fold(tricks("EY"))
    assert plain["deals"][0]["tricks"] == "EY"
    # Younger won trick 2, so leads trick 3
    mixed = apply_action(plain, {"trick": {"winner": "Y", "lead": "AH", "follow": "10H"}})
    assert mixed["deals"][0]["tricks"] == [
        {"winner": "E"},
        {"winner": "Y"},
        {"winner": "Y", "lead": "AH", "follow": "10H"},
    ]
    after = apply_action(mixed, {"trick": "Y"})
    assert after["deals"][0]["tricks"][-1] == {"winner": "Y"}


def test_a_trick_object_without_cards_is_a_plain_winner():
    assert fold([{"trick": {"winner": "Y"}}])["deals"][0]["tricks"] == "Y"


def test_apply_action_never_mutates_its_input():
    record = fold(tricks("EEE"))
    before = copy.deepcopy(record)
    apply_action(record, {"trick": "Y"})
    assert record == before


def test_next_deal_opens_the_next_empty_deal_and_the_deal_number_follows():
    record = fold([{"entered": {"elder": 20, "younger": 17}}, {"next_deal": True}])
    assert record["deals"][1] == {}
    assert len(score_record(record)["deals"]) == 2


def test_entered_keeps_the_exchange():
    record = fold([{"exchange": "elder", "cards": 5}, {"entered": {"elder": 3, "younger": 4}}])
    assert record["deals"][0] == {"exchange": {"elder": 5}, "entered": {"elder": 3, "younger": 4}}


def test_a_second_carte_blanche_in_one_deal_is_refused():
    # Two blank hands need 24 cards below the jack; the pack has 20.
    with pytest.raises(ActionError, match="both hands claim carte blanche"):
        fold([{"carte_blanche": "younger"}, {"carte_blanche": "elder"}])


@pytest.mark.parametrize(
    ("actions", "refused", "words"),
    [
        (tricks("E" * 12), {"trick": "Y"}, "13th trick"),
        (tricks("E"), {"declare": "point", "by": "elder", "cards": 5}, "after the first trick"),
        (tricks("Y"), {"carte_blanche": "elder"}, "after the first trick"),
        (tricks("Y"), {"exchange": "elder", "cards": 3}, "after the first trick"),
        (tricks("EY" * 5), {"next_deal": True}, "not complete"),
        ([], {"next_deal": True}, "not complete"),
        (tricks("E"), {"entered": {"elder": 1, "younger": 2}}, "cannot be combined"),
        (
            [{"declare": "set", "by": "elder", "count": 3, "rank": "K"}],
            {"entered": {"elder": 1, "younger": 2}},
            "cannot be combined",
        ),
        ([{"entered": {"elder": 1, "younger": 2}}], {"trick": "E"}, "complete"),
        ([{"carte_blanche": "elder"}], {"carte_blanche": "elder"}, "already claimed"),
    ],
)
def test_illegal_actions_are_refused_with_their_reason(actions, refused, words):
    record = fold(actions)
    with pytest.raises(ActionError, match=words):
        apply_action(record, refused)


def test_the_engine_refuses_what_the_record_cannot_hold():
    record = fold([{"declare": "point", "by": "elder", "cards": 5, "value": 49}])
    with pytest.raises(ActionError, match="deal 1"):
        apply_action(record, {"declare": "point", "by": "younger", "cards": 5})


def test_nothing_follows_a_finished_partie():
    record = new_record(["Anne", "Ben"], "Ben")
    for number in range(6):
        if number:
            record = apply_action(record, {"next_deal": True})
        elder = 30 if number == 0 else 0
        record = apply_action(record, {"entered": {"elder": elder, "younger": 0}})
    assert score_record(record)["finished"]
    for action in ({"next_deal": True}, {"trick": "E"}, {"carte_blanche": "elder"}):
        with pytest.raises(ActionError, match="finished"):
            apply_action(record, action)


@pytest.mark.parametrize(
    "malformed",
    [
        "trick E",
        ["trick", "E"],
        {},
        {"bid": 3},
        {"trick": "E", "next_deal": True},
        {"trick": "X"},
        {"trick": {"winner": "E", "lead": "AH"}},
        {"trick": {"winner": "E", "lead": "AH", "follow": "KH", "note": 1}},
        {"exchange": "dealer", "cards": 3},
        {"exchange": "elder", "cards": "3"},
        {"exchange": "elder", "cards": True},
        {"declare": "quint", "by": "elder"},
        {"declare": "point", "by": "elder"},
        {"declare": "point", "by": "elder", "cards": 5, "top": "A"},
        {"declare": "sequence", "by": "elder", "length": 4},
        {"declare": "set", "by": "younger", "count": 3, "rank": 10},
        {"entered": {"elder": 1}},
        {"entered": {"elder": 1, "younger": 2.5}},
        {"next_deal": False},
        {"throw_in": "E"},
        {"hands": "elder", "cards": "AS KS"},
        {"carte_blanche": "elder", "by": "elder"},
    ],
)
def test_malformed_actions_are_refused(malformed):
    with pytest.raises(ActionError, match="action"):
        parse_action(malformed)


def test_every_kind_of_the_spec_table_parses():
    spec_table = [
        {"carte_blanche": "elder"},
        {"exchange": "younger", "cards": 3},
        {"declare": "point", "by": "elder", "cards": 5, "value": 49},
        {"declare": "point", "by": "elder", "cards": 5},
        {"declare": "sequence", "by": "elder", "length": 4, "top": "A"},
        {"declare": "set", "by": "younger", "count": 4, "rank": "10"},
        {"trick": "E"},
        {"trick": {"winner": "E", "lead": "AH", "follow": "10H"}},
        {"throw_in": "younger"},
        {"entered": {"elder": 20, "younger": 17}},
        {"next_deal": True},
    ]
    for action in spec_table:
        assert parse_action(action) == action
    assert {name for action in spec_table for name in action if name in KINDS} <= set(KINDS)


def test_play_returns_the_new_record_with_its_score():
    start = new_record(["Anne", "Ben"], "Ben")
    record, score = play(start, {"declare": "point", "by": "elder", "cards": 5, "value": 49})
    assert score == score_record(record)
    assert score["totals"]["Anne"] > 0  # Anne is elder in deal 1 (Ben deals)


def test_replay_folds_like_the_checked_steps():
    actions = [
        {"exchange": "elder", "cards": 4},
        {"declare": "point", "by": "younger", "cards": 6, "value": 56},
        *tricks("EYYEEYYEEYEY"),
        {"next_deal": True},
        {"entered": {"elder": 12, "younger": 30}},
    ]
    assert replay(new_record(["Anne", "Ben"], "Ben"), actions) == fold(actions)


def test_is_complete():
    assert not is_complete({})
    assert not is_complete({"tricks": "E" * 11})
    assert is_complete({"tricks": "E" * 12})
    assert is_complete({"throw_in": "elder"})
    assert is_complete({"entered": {"elder": 0, "younger": 0}})


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.json")), ids=lambda p: p.stem)
def test_every_example_record_rebuilds_from_its_actions(path):
    record = json.loads(path.read_text())["record"]
    header = new_record(
        record["players"],
        record["first_dealer"],
        record.get("game", "rubicon"),
        record.get("variants"),
    )
    rebuilt = replay(header, [parse_action(a) for a in record_to_actions(record)])
    assert score_record(rebuilt) == score_record(record)


CARDS = [rank + suit for rank in ("A", "K", "Q", "J", "10", "9", "8", "7") for suit in "SHDC"]


@settings(max_examples=150, deadline=None)
@given(
    dealt=st.permutations(CARDS),
    declared=st.sampled_from([None, {}, {"elder": {}}, {"younger": {}}]),
    winners=st.text("EY", min_size=12, max_size=12),
)
def test_hands_beside_an_empty_declared_rebuild_as_sunk_not_as_declared(dealt, declared, winners):
    # With `hands`, a `declared` that is there but empty means every class was
    # sunk; without it, the scorer declares everything. Import keeps the difference.
    deal: dict = {"hands": {"elder": dealt[:12], "younger": dealt[12:24]}, "tricks": winners}
    if declared is not None:
        deal["declared"] = declared
    record = {**new_record(["Anne", "Ben"], "Ben"), "deals": [deal]}
    actions = record_to_actions(record)
    assert ({"declare": "nothing", "by": "elder"} in actions) == (declared is not None)
    rebuilt = replay(new_record(["Anne", "Ben"], "Ben"), [parse_action(a) for a in actions])
    assert score_record(rebuilt) == score_record(record)


def test_declaring_nothing_comes_before_a_hand_s_calls_never_after():
    record = fold(
        [
            {"declare": "nothing", "by": "elder"},
            {"declare": "point", "by": "elder", "cards": 5, "value": 49},
        ]
    )
    assert record["deals"][0]["declared"] == {"elder": {"point": {"cards": 5, "value": 49}}}
    with pytest.raises(ActionError, match="has already declared"):
        fold(
            [
                {"declare": "point", "by": "younger", "cards": 4, "value": 39},
                {"declare": "nothing", "by": "younger"},
            ]
        )
    with pytest.raises(ActionError, match="takes no 'cards'"):
        parse_action({"declare": "nothing", "by": "elder", "cards": 3})
