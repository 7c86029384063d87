"""The calls of a partie (scorer.calls): Cavendish's example, the bonuses as he
says them, and random legal parties against the scorer's own totals."""

from __future__ import annotations

import json
import re
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer import score_record
from scorer.calls import Call, partie_calls
from scorer.calls_words import say
from tests.conftest import EXAMPLES
from tests.scorer.helpers import entered, record
from tests.scorer.strategies import legal_deal, rich_deal

EXAMPLE = EXAMPLES / "cavendish-example-deal.json"  # the book's deal and its calls
STAGE_DIRECTION = re.compile(r"\s*\([^)]*\)")
PROPERTY = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def cavendish() -> dict[str, Any]:
    return json.loads(EXAMPLE.read_text(encoding="utf-8"))


def totals_by_player(calls: list[dict[str, Any]]) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for call in calls:
        if call["total"] is not None:
            out.setdefault(call["by"], []).append(call["total"])
    return out


# --- Cavendish's worked example ---------------------------------------------------


def test_each_player_calls_the_books_running_totals_in_the_books_order() -> None:
    example = cavendish()
    calls = partie_calls(example["record"])
    got = [{"by": c.by, "total": c.total} for c in calls]
    assert totals_by_player(got) == totals_by_player(example["calls"])
    assert totals_by_player(got) == {
        "A": [9, 10, 14, 15, 15, 16, 18, 28],
        "B": [17, 17, 18, 22, 23, 23],
    }


def test_the_example_is_called_call_for_call_in_the_books_words() -> None:
    example = cavendish()
    calls = partie_calls(example["record"])
    book = [(c["by"], STAGE_DIRECTION.sub("", c["say"]), c["total"]) for c in example["calls"]]
    assert [(c.by, say(c, "en"), c.total) for c in calls] == book


def test_the_example_in_french() -> None:
    calls = partie_calls(cavendish()["record"])
    said = [say(c, "fr") for c in calls]
    assert said[:11] == [
        "Cinq cartes.",
        "Combien\u202f?",
        "Quarante-neuf.",
        "Bon.",
        "À cœur\u202f; et quatrième majeure.",
        "Bon.",
        "Cinq et quatre font neuf.",
        "Trois valets\u202f?",
        "Pas bon.",
        "Dix.",
        "Quatorze de dix, quatorze\u202f; trois dames, dix-sept.",
    ]
    assert said[-2:] == ["Vingt-huit.", "Vingt-trois."]


def test_with_only_the_trick_winners_the_totals_are_the_same() -> None:
    example = cavendish()["record"]
    with_cards = partie_calls(example)
    winners = json.loads(json.dumps(example))
    winners["deals"][0]["tricks"] = "".join(t["winner"] for t in example["deals"][0]["tricks"])
    bare = partie_calls(winners)
    assert [(c.by, c.kind, c.total) for c in bare] == [(c.by, c.kind, c.total) for c in with_cards]
    # without the cards the point's suit is unknown, so it is not named
    assert say(bare[4]) == "Quart major."


# --- pique, repique, equal, carte blanche, as said -----------------------------------


def test_a_repique_turns_thirty_four_into_ninety_four() -> None:
    deal = {
        "declared": {
            "elder": {
                "point": {"cards": 5, "value": 51},
                "sequences": [{"length": 5, "top": "A"}],
                "sets": [{"count": 4, "rank": "K"}],
            },
            "younger": {},
        },
        "tricks": "",
    }
    calls = partie_calls(record(deal))
    said = [(c.by, say(c)) for c in calls]
    assert said == [
        ("Anne", "Five cards."),
        ("Ben", "Good."),
        ("Anne", "Quint major."),
        ("Ben", "Good."),
        ("Anne", "Five and fifteen are twenty."),
        ("Anne", "Four kings?"),
        ("Ben", "Good."),
        ("Anne", "Twenty and fourteen are ninety-four."),
    ]
    assert [c.bonus for c in calls][-1] == "repique"
    assert calls[-1].total == 94


def test_a_pique_is_sixty_where_it_would_have_been_thirty() -> None:
    deal = {
        "declared": {
            "elder": {
                "point": {"cards": 6, "value": 60},
                "sequences": [{"length": 6, "top": "A"}],
                "sets": [{"count": 3, "rank": "A"}, {"count": 3, "rank": "K"}],
            },
            "younger": {},
        },
        "tricks": "EEY",
    }
    calls = partie_calls(record(deal))
    said = [(c.by, say(c), c.bonus) for c in calls]
    assert said[-5:] == [
        ("Anne", "Twenty-two and three are twenty-five, and three are twenty-eight.", None),
        ("Anne", "Twenty-nine, sixty.", "pique"),
        ("Ben", "Nothing.", None),  # not scoring, he repeats his score
        ("Anne", "Sixty-one.", None),
        ("Ben", "One.", None),
    ]
    assert score_record(record(deal))["deals"][0]["bonuses"]["pique"] == "Anne"


def test_equal_points_and_a_younger_who_reckons_a_sequence_by_name() -> None:
    deal = {
        "carte_blanche": ["younger"],
        "declared": {
            "elder": {"point": {"cards": 4, "value": 38}, "sequences": [{"length": 3, "top": "Q"}]},
            "younger": {
                "point": {"cards": 4, "value": 38},
                "sequences": [{"length": 4, "top": "10"}],
            },
        },
        "tricks": "Y",
    }
    calls = partie_calls(record(deal))
    assert [(c.by, say(c)) for c in calls] == [
        ("Ben", "Carte blanche, ten."),
        ("Anne", "Four cards."),
        ("Ben", "What do they make?"),
        ("Anne", "Thirty-eight."),
        ("Ben", "Equal."),
        ("Anne", "Tierce to the queen."),
        ("Ben", "Not good."),
        ("Anne", "One."),
        ("Ben", "Ten, and quart to the ten fourteen."),
        ("Ben", "Fifteen."),
    ]
    assert [say(c, "fr") for c in calls][5] == "Tierce à la dame."
    assert [say(c, "fr") for c in calls][8] == "Dix\u202f; quatrième au dix, quatorze."


def test_a_hand_thrown_in_and_an_entered_deal() -> None:
    last = {
        "declared": {"elder": {"point": {"cards": 5, "value": 45}}, "younger": {}},
        "throw_in": "younger",
    }
    deals = [entered(20, 7)] * 5 + [last]
    calls = [c for c in partie_calls(record(*deals)) if c.deal in (1, 6)]
    assert [(c.deal, c.by, say(c)) for c in calls] == [
        (1, "Anne", "Twenty."),
        (1, "Ben", "Seven."),
        (6, "Ben", "Five cards."),
        (6, "Anne", "Good."),
        (6, "Ben", "Five."),
        (6, "Anne", "I throw in."),
        (6, "Ben", "Thirteen for the tricks, eighteen."),
        (6, "Ben", "Twenty-eight."),
        (6, "Anne", "Nothing."),
    ]


def test_a_deal_in_play_says_nothing_ahead_of_the_table() -> None:
    deal = cavendish()["record"]["deals"][0]
    for played in (0, 1, 3, 5):
        partial = {**deal, "tricks": deal["tricks"][:played]}
        calls = partie_calls(record(partial, players=("A", "B"), first_dealer="B"))
        full = partie_calls(cavendish()["record"])
        assert all(c.deal == 1 for c in calls)
        said = [(c.by, c.total) for c in calls]
        if played == 0:  # Younger reckons once Elder has led
            assert [c.kind for c in calls][-1] == "answer"
            assert "B" not in {c.by for c in calls if c.total is not None}
        else:
            assert said[: len(said) - 1] == [(c.by, c.total) for c in full][: len(said) - 1]


# --- random legal parties -------------------------------------------------------------


@st.composite
def parties(draw: st.DrawFn) -> dict[str, Any]:
    """A rubicon partie of one to six legal deals, the last one maybe in play."""
    count = draw(st.integers(1, 6))
    deals = [draw(legal_deal(complete=True)) for _ in range(count - 1)]
    deals.append(draw(legal_deal()))
    name = st.text("AbcÉé ", min_size=1, max_size=6).map(str.strip).filter(bool)
    players = draw(st.lists(name, min_size=2, max_size=2, unique=True))
    return record(*deals, players=(players[0], players[1]), first_dealer=players[1])


def check_against_the_score(rec: dict[str, Any]) -> list[Call]:
    calls = list(partie_calls(rec))
    scored = score_record(rec)
    names = set(rec["players"])
    for deal in scored["deals"]:
        mine = [c for c in calls if c.deal == deal["number"]]
        seats = {"elder": deal["elder"], "younger": deal["younger"]}
        for call in mine:
            assert call.by in names
            assert call.by == seats[call.role]
        raw_deal = rec["deals"][deal["number"] - 1]
        played = len(raw_deal.get("tricks", ""))
        for name in names:
            totals = [c.total for c in mine if c.by == name and c.total is not None]
            assert totals == sorted(totals), "a running total never goes down"
            points = deal["scores"][name] // deal["multiplier"]
            if deal["complete"]:
                assert totals, "a finished deal ends with both totals said"
                assert totals[-1] == points
            elif played or name == deal["elder"]:
                assert (totals[-1] if totals else 0) == points
            else:  # Younger's hand is reckoned once Elder has led
                assert (totals[-1] if totals else 0) <= points
        waiting = not deal["complete"] and not played  # Younger's hand is not reckoned yet
        for bonus in ("pique", "repique"):
            holder = deal["bonuses"][bonus]
            if waiting and holder == deal["younger"]:
                holder = None
            assert [c.by for c in mine if c.bonus == bonus] == ([holder] if holder else [])
    return calls


@PROPERTY
@given(rec=parties())
def test_random_parties_call_every_score(rec: dict[str, Any]) -> None:
    calls = check_against_the_score(rec)
    for call in calls:
        for lang in ("en", "fr"):
            text = say(call, lang)
            assert text[:1].isupper() and text[-1] in ".?", text


@PROPERTY
@given(deal=rich_deal())
def test_big_hands_call_their_piques_and_repiques(deal: dict[str, Any]) -> None:
    check_against_the_score(record(deal))


@PROPERTY
@given(rec=parties())
def test_only_the_trick_winners_give_the_same_totals(rec: dict[str, Any]) -> None:
    bare = json.loads(json.dumps(rec))
    for deal, source in zip(bare["deals"], rec["deals"], strict=True):
        if "declared" not in deal:  # the hands declared everything: say so
            deal["declared"] = _declared_from(source)
        deal.pop("hands", None)
        deal["tricks"] = "".join(t["winner"] for t in deal.get("tricks", []))
    with_cards = partie_calls(rec)
    winners_only = partie_calls(bare)
    assert [(c.by, c.kind, c.total) for c in winners_only] == [
        (c.by, c.kind, c.total) for c in with_cards if c.kind != "point_suit"
    ]  # only the cards tell the point's suit, said alone when no sequence is called


def _declared_from(deal: dict[str, Any]) -> dict[str, Any]:
    from scorer.cards import Card
    from scorer.hand import holding_of

    out: dict[str, Any] = {}
    for role, cards in deal["hands"].items():
        holding = holding_of([Card.parse(c) for c in cards])
        calls: dict[str, Any] = {"point": holding.point.to_json()}
        if holding.sequences:
            calls["sequences"] = [s.to_json() for s in holding.sequences]
        if holding.sets:
            calls["sets"] = [s.to_json() for s in holding.sets]
        out[role] = calls
    return out


TRICK_COUNTS = ["standard", "american", "tens_and_above", "card_played", "last_trick_ten"]


@PROPERTY
@given(
    data=st.data(),
    trick_count=st.sampled_from(TRICK_COUNTS),
    game=st.sampled_from(["rubicon", "four-deal"]),
)
def test_every_trick_count_and_the_four_deal_doubling(
    data: st.DataObject, trick_count: str, game: str
) -> None:
    deals = [data.draw(legal_deal(complete=True)) for _ in range(data.draw(st.integers(1, 3)))]
    check_against_the_score(record(*deals, game=game, variants={"trick_count": trick_count}))


def test_au_cent_stops_where_a_hundred_is_reached_and_both_totals_are_said() -> None:
    rec = record(
        entered(99, 0),
        {"tricks": "EY"},
        game="au-cent",
        variants={"stop_at_target": True},
    )
    calls = [c for c in partie_calls(rec) if c.deal == 2]
    assert [(c.by, say(c)) for c in calls] == [
        ("Ben", "One."),
        ("Anne", "Nothing."),
        ("Ben", "Two."),
        ("Anne", "One."),
    ]
    assert score_record(rec)["finished"]


def test_a_follower_who_scores_says_his_total_and_no_one_repeats_needlessly() -> None:
    def said(trick_count: str) -> list[tuple[str, str, str]]:
        rec = record({"tricks": "EYY"}, variants={"trick_count": trick_count})
        return [(c.by, c.kind, say(c)) for c in partie_calls(rec)]

    # the card-played count: every card scores, so the follower speaks each trick
    assert said("card_played") == [
        ("Anne", "lead", "Two."),
        ("Ben", "follow", "One."),
        ("Anne", "lead", "Three."),
        ("Ben", "win", "Three."),
        ("Ben", "lead", "Five."),
        ("Anne", "follow", "Four."),
    ]
    # a flat point a trick: a lead scores nothing, so a lost lead is not called
    assert said("last_trick_ten") == [
        ("Anne", "lead", "One."),
        ("Ben", "win", "One."),
        ("Ben", "lead", "Two."),
    ]


def test_without_runs_each_lead_is_its_own_call() -> None:
    calls = partie_calls(cavendish()["record"], runs=False)
    said = [(c.by, say(c)) for c in calls]
    assert said[11:17] == [
        ("A", "Eleven."),
        ("A", "Twelve."),
        ("A", "Thirteen."),
        ("A", "Fourteen."),
        ("B", "Seventeen."),
        ("A", "Fifteen."),
    ]
    assert said[-3:] == [("A", "Eighteen."), ("A", "Twenty-eight."), ("B", "Twenty-three.")]
    assert [c for c in calls if c.kind == "lead" and c.said.last] == [calls[-3]]


@PROPERTY
@given(deal=legal_deal(complete=True), cut=st.integers(0, 11))
def test_without_runs_a_trick_more_only_adds_calls(deal: dict[str, Any], cut: int) -> None:
    """What a table that speaks trick by trick needs: the calls one trick on
    begin with the calls before it."""
    before = record({**deal, "tricks": deal["tricks"][:cut]})
    after = record({**deal, "tricks": deal["tricks"][: cut + 1]})
    said_before = partie_calls(before, runs=False)
    said_after = partie_calls(after, runs=False)
    assert said_after[: len(said_before)] == said_before
    check_against_the_score(after)
