"""Each house rule of the spec's `variants` table, switched on and off."""

from __future__ import annotations

import pytest

from scorer import RecordError, score_record
from tests.scorer.helpers import entered, lines_of, record

HANDS_WITH_TENS = {
    "elder": "10S 10H 10D AS KS QS 9H 8H 7H 9D 8D 7D".split(),
    "younger": "JS 9S 8S 7S AH KH QH JH AD KD QD 10C".split(),
}


def test_sets_without_tens_ignores_a_trio_of_tens_in_the_hand() -> None:
    plain = score_record(record({"hands": HANDS_WITH_TENS}))
    without = score_record(record({"hands": HANDS_WITH_TENS}, variants={"sets_without_tens": True}))
    # Younger holds no set, so with tens Elder's trio of tens scores 3.
    assert ("Anne", "sets", 3) in lines_of(plain)
    assert not [ln for ln in lines_of(without) if ln[1] == "sets"]


def test_carte_rouge_off_ignores_claims_and_on_scores_its_value() -> None:
    deal = {"carte_rouge": ["elder"]}
    assert score_record(record(deal))["totals"]["Anne"] == 0
    # Worth 40, it reckons first and alone makes 30 in hand: a repique too.
    assert score_record(record(deal, variants={"carte_rouge": 40}))["totals"]["Anne"] == 100
    assert score_record(record(deal, variants={"carte_rouge": 20}))["totals"]["Anne"] == 20


def test_carte_rouge_claim_is_checked_against_the_hand() -> None:
    deal = {"carte_rouge": ["younger"], "hands": HANDS_WITH_TENS, "declared": {}}
    with pytest.raises(RecordError, match="carte rouge"):
        score_record(record(deal, variants={"carte_rouge": 20}))


def test_carte_rouge_reckons_first_and_can_repique() -> None:
    deal = {
        "carte_rouge": ["elder"],
        "declared": {"elder": {"point": {"cards": 5}, "sequences": [{"length": 5, "top": "A"}]}},
    }
    score = score_record(record(deal, variants={"carte_rouge": 20}))
    assert score["deals"][0]["bonuses"]["repique"] == "Anne"
    assert lines_of(score)[0] == ("Anne", "carte_rouge", 20)


def test_younger_may_exchange_none() -> None:
    deal = {"exchange": {"elder": 3, "younger": 0}}
    with pytest.raises(RecordError):
        score_record(record(deal))
    score_record(record(deal, variants={"younger_may_exchange_none": True}))


def test_tens_and_above_counts_only_high_cards() -> None:
    tricks = [
        {"winner": "E", "lead": "9S", "follow": "7S"},
        {"winner": "Y", "lead": "8H", "follow": "AH"},
        {"winner": "Y", "lead": "KD", "follow": "7D"},
    ]
    score = score_record(record({"tricks": tricks}, variants={"trick_count": "tens_and_above"}))
    # Trick 1: a nine led, nothing. Trick 2: Younger wins Elder's lead with an ace: 1.
    # Trick 3: Younger leads a king: 1.
    assert score["totals"] == {"Anne": 0, "Ben": 2}


def test_last_trick_ten_goes_to_the_last_trick_not_the_majority() -> None:
    score = score_record(
        record({"tricks": "EEEEEEEEEEEY"}, variants={"trick_count": "last_trick_ten"})
    )
    assert score["totals"] == {"Anne": 11, "Ben": 1 + 10}
    capot = score_record(record({"tricks": "E" * 12}, variants={"trick_count": "last_trick_ten"}))
    assert capot["totals"]["Anne"] == 12 + 40


def test_a_capot_keeps_the_last_trick_by_law_66_and_drops_it_as_seed_004_reads() -> None:
    # Law 66: capot 40 "instead of ten" for the cards; the last trick still scores 1.
    law = score_record(record({"tricks": "E" * 12}))
    assert law["totals"]["Anne"] == 12 + 1 + 40
    # Seed 004 (Scarne), a house rule: "nothing extra for majority or for the last trick".
    scarne = score_record(record({"tricks": "E" * 12}, variants={"capot_without_last_trick": True}))
    assert scarne["totals"]["Anne"] == 12 + 40
    # Without a capot the last trick scores as ever.
    split = score_record(
        record({"tricks": "E" * 11 + "Y"}, variants={"capot_without_last_trick": True})
    )
    assert split["totals"] == {"Anne": 12 + 10, "Ben": 1 + 1}  # 12 leads; Ben wins the 12th


def test_point_ending_in_four_needs_the_value() -> None:
    deal = {
        "declared": {
            "elder": {"point": {"cards": 6, "value": 54}},
            "younger": {"point": {"cards": 5}},
        }
    }
    score = score_record(record(deal, variants={"point_ending_in_four": True}))
    assert lines_of(score) == [("Anne", "point", 5)]


def test_stop_at_target_stops_the_deal_when_100_is_reached() -> None:
    # Anne reaches 95 after two deals; in deal 3 she is elder and leads: 96, 97...
    deals = [entered(60, 0), entered(0, 35), {"tricks": "EEEEE"}]
    score = score_record(record(*deals, game="au-cent", variants={"stop_at_target": True}))
    assert score["totals"]["Anne"] == 100
    assert score["deals"][-1]["complete"] is True
    assert score["result"]["winner"] == "Anne"
    assert score["result"]["double"] is True  # Ben had 0 < 50
    played_out = score_record(record(*deals[:2], {"tricks": "EEEEEEEEEEEE"}, game="au-cent"))
    assert played_out["totals"]["Anne"] == 95 + 13 + 40


def test_stop_at_target_refuses_tricks_after_the_stop() -> None:
    deals = [entered(60, 0), entered(0, 35), {"tricks": "EEEEEE"}]
    with pytest.raises(RecordError, match="play stops there"):
        score_record(record(*deals, game="au-cent", variants={"stop_at_target": True}))


def test_stop_at_target_reached_by_the_cards_keeps_all_twelve_tricks() -> None:
    """The cards (10 for most tricks) reckon after the last trick: a deal that
    reaches 100 only with them stops there, its twelve tricks all played.
    Found by the protocol's random games (au Cent, stop_at_target): the twelfth
    trick was offered, then refused as "before trick 1"."""
    # Ben 85 after two deals; deal 3 (Anne elder): Anne leads the first trick.
    deals = [entered(0, 45), entered(40, 0), {"tricks": "EYYEYYYEEYEY"}]
    score = score_record(record(*deals, game="au-cent", variants={"stop_at_target": True}))
    # Ben: 11 in the play (6 leads, 4 wins of Anne's leads, the last trick) = 96,
    # then 10 for seven tricks = 106; Anne: 9 in the play.
    assert score["totals"] == {"Anne": 9, "Ben": 106}
    assert score["deals"][-1]["complete"] is True
    assert score["result"]["winner"] == "Ben" and score["result"]["double"] is True
    eleven = [*deals[:2], {"tricks": "EYYEYYYEEYE"}]
    score = score_record(record(*eleven, game="au-cent", variants={"stop_at_target": True}))
    assert score["totals"] == {"Anne": 8, "Ben": 94} and not score["finished"]


def test_au_cent_both_past_100_equal_plays_another_deal() -> None:
    deals = [entered(50, 50), entered(50, 50)]
    score = score_record(record(*deals, game="au-cent"))
    assert not score["finished"]
    score = score_record(record(*deals, entered(1, 0), game="au-cent"))
    assert score["result"]["winner"] == "Anne" and score["result"]["points"] == 1


def test_four_deal_partie_settles_against_100() -> None:
    score = score_record(
        record(entered(20, 10), entered(10, 20), entered(20, 10), entered(10, 20), game="four-deal")
    )
    # Anne: 40 + 20 + 20 + 40 = 120 (deals 1 and 4 double), Ben: 20 + 10 + 10 + 20 = 60.
    assert score["totals"] == {"Anne": 120, "Ben": 60}
    assert score["result"] == {"winner": "Anne", "draw": False, "points": 280, "rubicon": True}


def test_throw_in_gives_13_for_play_and_10_for_the_cards() -> None:
    deals = [entered(10, 10)] * 5 + [
        {"declared": {"younger": {"point": {"cards": 5}}}, "throw_in": "younger"}
    ]
    score = score_record(record(*deals))
    last = score["deals"][-1]
    # Deal 6: Ben is elder, Anne (younger) throws in.
    assert last["scores"] == {"Anne": 5, "Ben": 23}
    assert [ln["category"] for ln in last["lines"]] == ["point", "play", "cards"]


def test_stop_at_target_counts_elder_first_within_a_class() -> None:
    from scorer.actions import apply_action, new_record

    partie = new_record(["Anne", "Ben"], "Ben", "au-cent", {"stop_at_target": True})
    for action in (
        {"entered": {"elder": 50, "younger": 50}},
        {"next_deal": True},
        {"entered": {"elder": 45, "younger": 45}},
        {"next_deal": True},
    ):
        partie = apply_action(partie, action)
    # 95 each. Deal 3: Anne is elder; her carte blanche reckons first and reaches 100.
    partie = apply_action(partie, {"carte_blanche": "elder"})
    score = score_record(partie)
    assert score["deals"][-1]["complete"] and score["finished"]
    assert score["result"]["winner"] == "Anne" and score["totals"] == {"Anne": 105, "Ben": 95}
    with pytest.raises(ValueError, match="finished"):
        apply_action(partie, {"carte_blanche": "younger"})
