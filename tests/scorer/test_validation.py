"""Invalid or impossible records are refused whole, one line per problem
naming the deal and the field (spec/record.md)."""

from __future__ import annotations

import pytest

from scorer import RecordError, score_record
from tests.scorer.helpers import entered, record


def problems_of(rec: object) -> list[str]:
    with pytest.raises(RecordError) as caught:
        score_record(rec)
    assert caught.value.problems, "a refusal must say why"
    return caught.value.problems


def test_thirteen_tricks() -> None:
    assert problems_of(record({"tricks": "E" * 13})) == [
        "deal 1: tricks has 13 entries, at most 12"
    ]


def test_a_point_of_13_cards() -> None:
    [line] = problems_of(record({"declared": {"elder": {"point": {"cards": 13}}}}))
    assert line.startswith("deal 1: declared.elder.point") and "13" in line


def test_both_hands_with_a_quatorze_of_kings() -> None:
    deal = {
        "declared": {
            "elder": {"sets": [{"count": 4, "rank": "K"}]},
            "younger": {"sets": [{"count": 4, "rank": "K"}]},
        }
    }
    assert problems_of(record(deal)) == ["deal 1: both hands declare a quatorze of kings"]


def test_more_than_four_of_a_rank_between_the_hands() -> None:
    deal = {
        "declared": {
            "elder": {"sets": [{"count": 3, "rank": "Q"}]},
            "younger": {"sequences": [{"length": 3, "top": "K"}, {"length": 4, "top": "A"}]},
        }
    }
    [line] = problems_of(record(deal))
    assert line.startswith("deal 1:") and "5 queens" in line


def test_a_card_twice_in_the_hands() -> None:
    hands = {
        "elder": "AS KS QS JS 10S 9S 8S 7S AH KH QH JH".split(),
        "younger": "AS 10H 9H 8H 7H AD KD QD JD 10D 9D 8D".split(),
    }
    [line] = problems_of(record({"hands": hands}))
    assert line.startswith("deal 1: AS in both hands")


def test_a_card_twice_in_the_tricks() -> None:
    tricks = [
        {"winner": "E", "lead": "AS", "follow": "7S"},
        {"winner": "E", "lead": "AS", "follow": "8S"},
    ]
    [line] = problems_of(record({"tricks": tricks}))
    assert line == "deal 1: trick 2: AS is played twice in the deal"


def test_unknown_players() -> None:
    assert problems_of({**record(), "first_dealer": "C"}) == [
        "record: first_dealer 'C' is not a player"
    ]


def test_same_name_twice_and_empty_names() -> None:
    assert problems_of(record(players=("Anne", "Anne"), first_dealer="Anne")) == [
        "record: the two players are both called 'Anne'"
    ]
    assert "non-empty" in problems_of(record(players=("", "B"), first_dealer="B"))[0]
    assert "40" in problems_of(record(players=("x" * 41, "B"), first_dealer="B"))[0]


def test_entered_mixed_with_other_fields() -> None:
    [line] = problems_of(record({"entered": {"elder": 1, "younger": 2}, "tricks": "E"}))
    assert line == "deal 1: entered cannot be combined with tricks"
    score_record(
        record({"entered": {"elder": 1, "younger": 2}, "exchange": {"elder": 5, "younger": 3}})
    )


def test_a_deal_after_the_partie_is_decided() -> None:
    deals = [entered(30, 10), entered(10, 30)] * 3 + [entered(1, 1)]
    assert problems_of(record(*deals)) == ["deal 7: the partie was already decided after deal 6"]


def test_only_the_last_deal_may_be_incomplete() -> None:
    [line] = problems_of(record({"tricks": "EEE"}, {}))
    assert line.startswith("deal 1: incomplete")


def test_a_declared_combination_the_hand_does_not_hold() -> None:
    hands = {
        "elder": "AS KS QS JS 10S 9S 8S 7S AH KH QH JH".split(),
        "younger": "10H 9H 8H 7H AD KD QD JD 10D 9D 8D 7D".split(),
    }
    deal = {"hands": hands, "declared": {"elder": {"sets": [{"count": 3, "rank": "A"}]}}}
    [line] = problems_of(record(deal))
    assert line.startswith("deal 1: elder declares 3 aces") and "false declaration" in line
    deal = {"hands": hands, "declared": {"younger": {"sets": [{"count": 3, "rank": "K"}]}}}
    assert "false declaration" in problems_of(record(deal))[0]
    short = {
        "elder": "AS KS QS JS 10S 9S AH KH QH JH 10H 9H".split(),
        "younger": "8S 7S 8H 7H AD KD QD JD 10D 9D 8D 7D".split(),
    }
    deal = {"hands": short, "declared": {"elder": {"sequences": [{"length": 7, "top": "A"}]}}}
    assert "false declaration" in problems_of(record(deal))[0]


def test_an_unknown_variant_key() -> None:
    assert problems_of(record(variants={"trumps": True})) == ["record: unknown variant 'trumps'"]


def test_bad_variant_values() -> None:
    assert "trick_count" in problems_of(record(variants={"trick_count": "bridge"}))[0]
    assert "carte_rouge" in problems_of(record(variants={"carte_rouge": 0}))[0]
    assert "stop_at_target" in problems_of(record(variants={"stop_at_target": "yes"}))[0]


def test_every_problem_is_listed_not_just_the_first() -> None:
    rec = record({"tricks": "E" * 13}, variants={"trumps": 1})
    rec["first_dealer"] = "Zoe"
    assert len(problems_of(rec)) == 3


def test_not_a_record_at_all() -> None:
    assert problems_of([1, 2]) == ["record: a partie record must be a JSON object"]
    assert "format" in problems_of({**record(), "format": "piquet-record/2"})[0]


def test_equal_point_lengths_need_both_values() -> None:
    deal = {
        "declared": {
            "elder": {"point": {"cards": 5, "value": 49}},
            "younger": {"point": {"cards": 5}},
        }
    }
    assert "both need their value" in problems_of(record(deal))[0]


def test_point_value_must_be_possible() -> None:
    deal = {"declared": {"elder": {"point": {"cards": 3, "value": 40}}}}
    assert "cannot make 40" in problems_of(record(deal))[0]


def test_sequence_top_must_allow_its_length() -> None:
    deal = {"declared": {"elder": {"sequences": [{"length": 3, "top": "8"}]}}}
    assert "cannot run to the 8" in problems_of(record(deal))[0]
    deal = {"declared": {"elder": {"sequences": [{"length": 8, "top": "K"}]}}}
    assert problems_of(record(deal))
    score_record(record({"declared": {"elder": {"sequences": [{"length": 8, "top": "A"}]}}}))


def test_sets_below_ten_do_not_count() -> None:
    deal = {"declared": {"elder": {"sets": [{"count": 3, "rank": "9"}]}}}
    assert "does not count" in problems_of(record(deal))[0]


def test_ten_may_be_written_t() -> None:
    deal = {"declared": {"elder": {"sets": [{"count": 4, "rank": "T"}]}}}
    assert score_record(record(deal))["totals"]["Anne"] == 14


def test_trick_winner_must_hold_the_higher_card() -> None:
    tricks = [{"winner": "Y", "lead": "AS", "follow": "KS"}]
    assert "so elder wins" in problems_of(record({"tricks": tricks}))[0]


def test_follow_suit_is_checked_when_hands_are_known() -> None:
    hands = {
        "elder": "AS KS QS JS 10S 9S 8S AH KH QH JH 10H".split(),
        "younger": "7S 9H 8H 7H AD KD QD JD 10D 9D 8D 7D".split(),
    }
    tricks = [{"winner": "E", "lead": "AS", "follow": "AD"}]
    assert "must follow suit" in problems_of(record({"hands": hands, "tricks": tricks}))[0]


def test_tens_and_above_needs_the_cards() -> None:
    assert (
        "needs the cards"
        in problems_of(record({"tricks": "E"}, variants={"trick_count": "tens_and_above"}))[0]
    )


def test_throw_in_only_in_the_last_deal_and_without_tricks() -> None:
    assert "only in the last deal" in problems_of(record({"throw_in": "younger"}))[0]
    deals = [entered(10, 10)] * 5
    assert "no tricks" in problems_of(record(*deals, {"throw_in": "elder", "tricks": "E"}))[0]
    score = score_record(record(*deals, {"throw_in": "younger"}))
    assert score["finished"]


def test_exchange_limits() -> None:
    assert "exchange.elder" in problems_of(record({"exchange": {"elder": 6}}))[0]
    assert "exchange.younger" in problems_of(record({"exchange": {"elder": 5, "younger": 4}}))[0]
    score_record(record({"exchange": {"elder": 2, "younger": 6}}))


def test_entered_totals_are_bounded() -> None:
    assert "0 to 173" in problems_of(record(entered(174, 0)))[0]
