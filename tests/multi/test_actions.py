"""The action vocabulary of `piquet-record/2` (scorer/multi/actions.py): every
record folds back from its actions, every legal deal is accepted action by
action, and impossible actions are refused in words, the record untouched."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer.errors import ActionError
from scorer.multi import actions, score_record2
from tests.multi.strategies import normand_deal, voleur_deal

DOC = Path(__file__).resolve().parents[2] / "docs" / "record-2.md"
AGREE = ("totals", "finished", "result", "settlement")


def doc_records() -> list[dict[str, Any]]:
    text = DOC.read_text(encoding="utf-8")
    blocks = [json.loads(b) for b in re.findall(r"```json\n(.*?)```", text, re.S)]
    return [b for b in blocks if b.get("format") == "piquet-record/2"]


def start(record: dict[str, Any]) -> dict[str, Any]:
    return actions.start_of(actions.header_of(record))


def play_all(record: dict[str, Any], steps: list[dict[str, Any]]) -> tuple[dict, dict]:
    score = actions.score_or_refuse(record)
    for step in steps:
        record, score = actions.play(record, step, score)
    return record, score


def agree(mine: dict[str, Any], theirs: dict[str, Any]) -> None:
    for key in AGREE:
        assert mine[key] == theirs[key], key


@pytest.mark.parametrize("record", doc_records(), ids=lambda r: r["form"])
def test_every_doc_example_folds_back_from_its_actions(record) -> None:
    original = score_record2(record)
    steps = actions.record_to_actions(record)
    assert steps and all(actions.parse_action(s, record["form"]) == s for s in steps)
    replayed = actions.replay(start(record), steps)
    assert actions.same_score(score_record2(replayed), original)
    played, score = play_all(start(record), steps)  # each one checked, one by one
    assert played == replayed
    agree(score, original)


def test_the_new_records_score_and_the_deal_in_play() -> None:
    normand = actions.new_record(
        "normand", ["Anne", "Ben", "Cleo"], "Cleo", settings={"target": 150}
    )
    assert normand["deals"] == [{}] and actions.deal_in_play(normand) == 1
    assert score_record2(normand)["settings"]["target"] == 150
    chouette = actions.new_record("chouette", ["Anne", "Ben", "Cleo"], variants={"carte_rouge": 20})
    assert chouette["parties"] == [] and actions.deal_in_play(chouette) == 0
    assert not actions.ended(score_record2(chouette))
    voleur = actions.new_record("voleur", ["A", "B", "C", "D"], "D", game="four-deal")
    assert score_record2(voleur)["game"] == "four-deal"


def _game(form: str, rounds: int = 1) -> dict[str, Any]:
    players = {
        "normand": ["Anne", "Ben", "Cleo"],
        "voleur": ["Anne", "Ben", "Cleo", "Dan"],
        "ecrire": ["Anne", "Ben", "Cleo"],
        "chouette": ["Anne", "Ben", "Cleo"],
    }[form]
    first = None if form == "chouette" else players[-1] if form != "ecrire" else players[0]
    settings = {"rounds": rounds} if form == "ecrire" else None
    return actions.new_record(form, players, first, settings=settings)


CHOUETTE_START = {"next_partie": {"single": "A", "playing": "B", "first_dealer": "A"}}
SIX_DEALS = [{"entered": {"A": 40, "B": 20}}, {"next_deal": True}] * 5 + [
    {"entered": {"A": 40, "B": 20}}
]


REFUSED = [
    ("normand", [{"trick": "A"}] * 10, {"trick": "B"}, "an 11th trick"),
    ("voleur", [{"trick": "A"}] * 8, {"trick": "B"}, "a 9th trick"),
    ("ecrire", [{"trick": "B"}] * 12, {"trick": "A"}, "a 13th trick"),
    ("chouette", [CHOUETTE_START, *[{"trick": "A"}] * 12], {"trick": "B"}, "a 13th trick"),
    ("normand", [], {"trick": "D"}, "seat D is not at the table (seats A B C)"),
    ("voleur", [], {"carte_blanche": "E"}, "seat E is not at the table"),
    ("ecrire", [], {"trick": "C"}, "seat C does not play this deal (only A and B)"),
    (
        "chouette",
        [CHOUETTE_START],
        {"declare": "point", "by": "C", "cards": 5},
        "seat C does not play this deal",
    ),
    (
        "normand",
        [{"entered": {"A": 110, "B": 0, "C": 0}}],
        {"next_deal": True},
        "the game is finished: no action may follow",
    ),
    (
        "ecrire",
        [
            {"entered": {"A": 1, "B": 2}},
            {"next_deal": True},
            {"entered": {"B": 1, "C": 2}},
            {"next_deal": True},
            {"entered": {"C": 1, "A": 2}},
        ],
        {"trick": "A"},
        "the game is finished",
    ),
    (
        "chouette",
        [CHOUETTE_START, *SIX_DEALS],
        {"next_deal": True},
        "partie 1 is finished: only next_partie may follow",
    ),
    (
        "chouette",
        [CHOUETTE_START],
        {"next_partie": {"single": "B", "playing": "C", "first_dealer": "B"}},
        "partie 1 is not finished",
    ),
    (
        "chouette",
        [CHOUETTE_START, *SIX_DEALS],
        {"next_partie": {"single": "B", "playing": "C", "first_dealer": "B"}},
        "Anne won partie 1 and keeps the single seat",
    ),
    ("chouette", [], {"trick": "A"}, "no partie in play yet"),
    ("voleur", [], {"exchange": "A", "cards": 2}, "voleur has no exchange"),
    ("normand", [], {"throw_in": "A"}, "normand has no throw in"),
    ("normand", [], {"exchange": "A", "cards": 2}, "only the dealer (C) may take the widow"),
    (
        "normand",
        [],
        {"trick": {"winner": "A", "lead": "AS", "follow": "7S"}},
        "gives its 'cards' in play order",
    ),
    (
        "ecrire",
        [],
        {"trick": {"winner": "B", "cards": ["AS", "7S"]}},
        "gives its 'lead' and 'follow'",
    ),
    (
        "normand",
        [{"trick": "A"}],
        {"declare": "set", "by": "B", "count": 3, "rank": "K"},
        "a declaration after the first trick",
    ),
    ("normand", [{"trick": "A"}], {"next_deal": True}, "deal 1 is not complete"),
    (
        "voleur",
        [{"declare": "point", "by": "A", "cards": 4}],
        {"entered": {"AC": 1, "BD": 2}},
        "entered totals cannot be combined with declared",
    ),
    (
        "normand",
        [{"carte_blanche": "B"}],
        {"carte_blanche": "B"},
        "B has already claimed carte blanche",
    ),
    (
        "normand",
        [],
        {"trick": {"winner": "B", "cards": ["AS", "KS", "7S"]}},
        "AS KS 7S played from A, so A wins, not B",
    ),
    ("voleur", [], {"entered": {"AB": 1, "CD": 2}}, "must be a seat letter"),
    ("normand", [], {"trick": "Z"}, "'trick' must be a seat letter"),
    ("normand", [], {"declare": "point", "by": "A"}, "'cards' must be a whole number"),
    ("normand", [], {"next_partie": {"single": "A"}}, "'next_partie' must be"),
    ("normand", [], {"trick": "A", "next_deal": True}, "exactly one kind"),
    ("normand", [], ["trick"], "expected a JSON object"),
]


@pytest.mark.parametrize(
    ("form", "before", "bad", "words"), REFUSED, ids=[f"{r[0]}-{r[3][:30]}" for r in REFUSED]
)
def test_impossible_actions_are_refused_in_words_and_change_nothing(
    form, before, bad, words
) -> None:
    record, score = play_all(_game(form), before)
    kept = copy.deepcopy(record)
    with pytest.raises(ActionError) as refused:
        actions.play(record, bad, score)
    assert words in str(refused.value)
    assert record == kept


def test_a_trick_with_its_cards_turns_the_tricks_into_the_list_form() -> None:
    record, _ = play_all(
        _game("normand"),
        [
            {"trick": "A"},
            {"trick": {"winner": "B", "cards": ["9S", "KS", "7S"]}},  # A leads: A won trick 1
        ],
    )
    assert record["deals"][-1]["tricks"] == [
        {"winner": "A"},
        {"winner": "B", "cards": ["9S", "KS", "7S"]},
    ]
    record, _ = play_all(_game("ecrire"), [{"trick": "B"}, {"trick": "A"}])
    assert record["deals"][-1]["tricks"] == "BA"  # plain winners stay a string


def test_a_second_point_call_replaces_the_first() -> None:
    record, score = play_all(
        _game("normand"),
        [
            {"declare": "point", "by": "A", "cards": 5},
            {"declare": "point", "by": "A", "cards": 5, "value": 48},
            {"declare": "point", "by": "B", "cards": 5, "value": 44},
            {"declare": "nothing", "by": "C", "class": "point"},
        ],
    )
    assert record["deals"][-1]["declared"]["A"] == {"point": {"cards": 5, "value": 48}}
    assert [ln["player"] for ln in score["deals"][0]["lines"] if ln["category"] == "point"] == [
        "Anne"
    ]


def test_playing_seats_follow_the_pairings() -> None:
    record = _game("ecrire")  # Anne deals deal 1 to Ben
    seats = [actions.playing_seats(record)]
    for _ in range(2):
        record, _ = play_all(
            record, [{"entered": dict.fromkeys(seats[-1], 0)}, {"next_deal": True}]
        )
        seats.append(actions.playing_seats(record))
    assert seats == [("A", "B"), ("B", "C"), ("A", "C")]
    assert actions.playing_seats(_game("voleur")) == ("A", "B", "C", "D")


def _with_deals(form: str, deals: list[dict[str, Any]]) -> dict[str, Any]:
    players = ["Anne", "Ben", "Cleo"] if form == "normand" else ["Anne", "Ben", "Cleo", "Dan"]
    return {
        "format": "piquet-record/2",
        "form": form,
        "players": players,
        "first_dealer": players[-1],
        "deals": deals,
    }


@st.composite
def two_deals(draw: st.DrawFn, form: str) -> dict[str, Any]:
    """A complete deal then one in play, dealt and played legally."""
    players = 3 if form == "normand" else 4
    strategy = normand_deal if form == "normand" else voleur_deal
    first = draw(strategy("ABCD"[players - 1]))
    second = draw(strategy("A", complete=False))
    if score_record2(_with_deals(form, [first]))["finished"]:
        return _with_deals(form, [first])  # won in one deal: nothing may follow
    return _with_deals(form, [first, second])


PROPERTY = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@PROPERTY
@given(st.sampled_from(["normand", "voleur"]).flatmap(two_deals))
def test_every_legal_deal_is_accepted_action_by_action(record) -> None:
    original = score_record2(record)
    steps = actions.record_to_actions(record)
    played, score = play_all(start(record), steps)
    agree(score, original)
    assert score["deals"] == original["deals"]
    replayed = actions.replay(start(record), steps)
    assert played == replayed and actions.same_score(score_record2(replayed), original)


def test_hands_that_declare_nothing_fold_back_as_sunk() -> None:
    """With hands, a deal that has declarations scores the calls only: a seat that
    called nothing sank its hand, which `{"declare": "nothing"}` keeps."""
    hands = {
        "A": "AS KS QS JS 10S 9S AH KH QH JH".split(),
        "B": "8S 7S 10H 9H 8H 7H AD KD QD JD".split(),
        "C": "10D 9D 8D 7D AC KC QC JC 10C 9C".split(),
    }
    for declared in ({"A": {}, "B": {}, "C": {}}, {}, {"B": {"point": {"cards": 4}}, "A": {}}):
        record = _with_deals("normand", [{"hands": hands, "declared": declared}])
        steps = actions.record_to_actions(record)
        assert {"declare": "nothing", "by": "A"} in steps
        _, score = play_all(start(record), steps)
        agree(score, score_record2(record))
        assert score["totals"]["Anne"] == 0  # her sixième and quatorze were sunk


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.text(max_size=6)
    | st.sampled_from(["A", "B", "D", "AC", "point", "set", "nothing", "AS", "10H"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    *actions.KINDS,
                    "by",
                    "cards",
                    "value",
                    "winner",
                    "lead",
                    "follow",
                    "single",
                    "playing",
                    "first_dealer",
                    "length",
                    "top",
                    "count",
                    "rank",
                    "x",
                ]
            ),
            inner,
            max_size=4,
        )
    ),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["normand", "voleur", "ecrire", "chouette"]), JSON)
def test_any_json_is_an_action_or_a_refusal_in_words(form, value) -> None:
    record, score = play_all(_game(form), [CHOUETTE_START] if form == "chouette" else [])
    try:
        actions.play(record, value, score)
    except ActionError as refused:
        assert str(refused) and len(str(refused)) < 400


# --- what the table asks next, kept by the journal: quick mode and a first tap ----------


@pytest.mark.parametrize("form", ["normand", "voleur", "ecrire"])
def test_a_deal_entered_as_totals_takes_its_totals_and_the_next_opens_the_same_way(
    form: str,
) -> None:
    totals = {"AC": 30, "BD": 8} if form == "voleur" else None
    record, score = play_all(_game(form), [{"entry": "totals"}])
    assert record["deals"][-1] == {"entry": "totals"}
    assert score["totals"] == actions.score_or_refuse(_game(form))["totals"]  # scores nothing
    seats = actions.playing_seats(record)
    entered = totals or {seat: 10 * (i + 1) for i, seat in enumerate(seats)}
    with pytest.raises(ActionError, match="entered as totals"):
        actions.play(record, {"trick": seats[0]}, score)
    record, score = play_all(record, [{"entered": entered}, {"next_deal": True}])
    assert record["deals"][-1] == {"entry": "totals"}  # quick mode goes on
    record, _ = play_all(record, [{"entry": "dialogue"}])
    assert record["deals"][-1] == {"entry": "dialogue"}
    assert actions.replay(actions.start_of(record), actions.record_to_actions(record)) == record


def test_the_way_a_deal_is_entered_changes_only_before_its_first_action() -> None:
    record, score = play_all(_game("normand"), [{"exchange": "C", "cards": 1}])
    with pytest.raises(ActionError, match="only before its first action"):
        actions.play(record, {"entry": "totals"}, score)


def test_a_first_tap_is_kept_until_the_next_action_of_the_deal_takes_its_place() -> None:
    step = {"kind": "top", "seat": "A", "length": 5, "then": "call"}
    record, score = play_all(_game("normand"), [{"pending": step}])
    assert record["deals"][-1]["pending"] == step
    assert score["totals"] == {"Anne": 0, "Ben": 0, "Cleo": 0}
    assert actions.replay(actions.start_of(record), actions.record_to_actions(record)) == record
    record, _ = play_all(record, [{"declare": "sequence", "by": "A", "length": 5, "top": "A"}])
    assert "pending" not in record["deals"][-1]
    for bad in ({"kind": "guess", "seat": "A"}, {"kind": "top", "seat": "Z"}, "top"):
        with pytest.raises(ActionError):
            actions.parse_action({"pending": bad}, "normand")
    with pytest.raises(ActionError, match="does not play this deal"):
        actions.play(_game("ecrire"), {"pending": {"kind": "making", "seat": "C"}})
