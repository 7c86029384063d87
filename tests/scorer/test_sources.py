"""The worked examples of the seeds (the first rules texts) and of Cavendish's laws
(tests/examples/cavendish-laws-of-piquet.md), each a test named after its source."""

from __future__ import annotations

import pytest

from scorer import RecordError, score_record
from scorer.actions import apply_action, new_record
from scorer.partie import settlement
from tests.scorer.helpers import entered, lines_of, record

# --- seed 000 ---------------------------------------------------------------------


def test_seed000_margin_128_to_119_is_109() -> None:
    result = settlement(128, 119, "A")
    assert (result.points, result.rubicon) == (109, False)


def test_seed000_rubiconed_117_to_96_is_313() -> None:
    result = settlement(117, 96, "A")
    assert (result.points, result.rubicon) == (313, True)


def test_seed000_capot_scores_40_with_the_cards() -> None:
    # "they score 40 points together with the ten for the cards": 40 in all, not 50.
    score = score_record(record({"tricks": "E" * 12}))
    assert ("Anne", "capot", 40) in lines_of(score)
    assert not [ln for ln in lines_of(score) if ln[1] == "cards"]


# --- seed 001 ---------------------------------------------------------------------


def test_seed001_rubicon_120_to_112_is_108_not_as_printed() -> None:
    # The seed prints "100 + (120-108)"; RULES.md: the right figure is 108.
    assert settlement(120, 112, "one").points == 108


def test_seed001_rubicon_85_to_70_is_255() -> None:
    result = settlement(85, 70, "one")
    assert (result.points, result.rubicon) == (255, True)


def test_seed001_29_in_hand_and_the_first_lead_is_a_pique_not_a_repique() -> None:
    # Elder: sixième (16) + quart (4) + quint... make 29 exactly: point 6, sixième 16,
    # trio 3, tierce 3 ... then 1 for leading.
    deal = {
        "declared": {
            "elder": {
                "point": {"cards": 6},
                "sequences": [{"length": 6, "top": "A"}, {"length": 4, "top": "K"}],
                "sets": [{"count": 3, "rank": "J"}],
            }
        },
        "tricks": "E",
    }
    score = score_record(record(deal))
    assert score["deals"][0]["bonuses"] == {"repique": None, "pique": "Anne", "capot": None}
    assert score["totals"]["Anne"] == 29 + 1 + 30


# --- seed 002 (Parlett) -----------------------------------------------------------

# Parlett's two repique examples, as printed, cannot be held in twelve cards, so
# the engine refuses them (scorer/fit.py) and each rule is shown again with the
# nearest hand that can be dealt.
PARLETT_EXAMPLE_1_AS_PRINTED = {
    "elder": {
        "point": {"cards": 7},
        "sequences": [
            {"length": 5, "top": "A"},
            {"length": 4, "top": "K"},
            {"length": 3, "top": "Q"},
        ],
        "sets": [{"count": 3, "rank": "Q"}],
    }
}
# AS KS QS JS 10S 8S 7S, KH QH JH, KD QD: point 7, quint, tierce, trios of K and Q.
PARLETT_EXAMPLE_1 = {
    "elder": {
        "point": {"cards": 7},
        "sequences": [{"length": 5, "top": "A"}, {"length": 3, "top": "K"}],
        "sets": [{"count": 3, "rank": "K"}, {"count": 3, "rank": "Q"}],
    }
}


def test_seed002_example1_as_printed_needs_more_than_twelve_cards() -> None:
    # A suit of seven cannot hold both a quint and another run (5 + 1 + 3 > 8 ranks),
    # so the quint, quart and tierce take three suits and twelve cards, and the point
    # of seven two more.
    with pytest.raises(RecordError, match=r"declared\.elder: .* need 14 cards; a hand has 12"):
        score_record(record({"declared": PARLETT_EXAMPLE_1_AS_PRINTED}))


def test_seed002_example1_elder_31_in_hand_repiques_to_91() -> None:
    score = score_record(record({"declared": PARLETT_EXAMPLE_1}))
    assert score["deals"][0]["scores"]["Anne"] == 7 + 15 + 3 + 3 + 3 + 60
    assert score["deals"][0]["bonuses"]["repique"] == "Anne"


def test_seed002_example1_younger_blank_saves_the_repique() -> None:
    score = score_record(record({"declared": PARLETT_EXAMPLE_1, "carte_blanche": ["younger"]}))
    assert score["deals"][0]["scores"] == {"Anne": 31, "Ben": 10}
    assert score["deals"][0]["bonuses"]["repique"] is None


PARLETT_EXAMPLE_2_AS_PRINTED = {
    "elder": {"point": {"cards": 5, "value": 45}, "sequences": [{"length": 4, "top": "J"}]},
    "younger": {
        "point": {"cards": 5, "value": 45},
        "sequences": [{"length": 4, "top": "J"}],
        "sets": [{"count": 4, "rank": "A"}, {"count": 4, "rank": "K"}, {"count": 3, "rank": "10"}],
    },
}
# Two quatorzes and a trio leave Younger one free card: no suit longer than four and,
# holding every ace and king, no run Elder could equal. So: points equal at 39, no
# sequences. Younger AS KS 10S 8S, AH KH, AD KD 10D, AC KC 10C; Elder QH JH 10H 9H...
PARLETT_EXAMPLE_2 = {
    "elder": {"point": {"cards": 4, "value": 39}},
    "younger": {
        "point": {"cards": 4, "value": 39},
        "sets": [{"count": 4, "rank": "A"}, {"count": 4, "rank": "K"}, {"count": 3, "rank": "10"}],
    },
}


def test_seed002_example2_as_printed_needs_more_than_twelve_cards() -> None:
    with pytest.raises(RecordError, match=r"declared\.younger: .* need 15 cards; a hand has 12"):
        score_record(record({"declared": PARLETT_EXAMPLE_2_AS_PRINTED}))


def test_seed002_example2_younger_sets_after_an_equal_point_repique() -> None:
    score = score_record(record({"declared": PARLETT_EXAMPLE_2}))
    assert score["deals"][0]["scores"] == {"Anne": 0, "Ben": 31 + 60}
    assert score["deals"][0]["bonuses"]["repique"] == "Ben"


def test_seed002_example2_elder_blank_would_stop_younger_repique() -> None:
    score = score_record(record({"declared": PARLETT_EXAMPLE_2, "carte_blanche": ["elder"]}))
    assert score["deals"][0]["scores"] == {"Anne": 10, "Ben": 31}


def test_seed002_highest_deal_is_173_with_a_blank() -> None:
    deal = {
        "carte_blanche": ["elder"],
        "hands": {
            "elder": "AS KS QS JS 10S 9S AH AD AC 10H 10D 10C".split(),
            "younger": "KH QH JH 9H 8H 7H KD QD JD 9D 8D 7D".split(),
        },
        "tricks": "E" * 12,
    }
    score = score_record(record(deal))
    assert score["deals"][0]["scores"] == {"Anne": 173, "Ben": 0}
    assert score["deals"][0]["bonuses"] == {"repique": "Anne", "pique": None, "capot": "Anne"}


def test_seed002_highest_without_a_blank_is_170() -> None:
    deal = {
        "hands": {
            "elder": "AS KS QS AH KH QH AD KD QD AC KC QC".split(),
            "younger": "JS 10S 9S JH 10H 9H JD 10D 9D JC 10C 9C".split(),
        },
        "tricks": "E" * 12,
    }
    score = score_record(record(deal))
    assert score["deals"][0]["scores"]["Anne"] == 170
    assert sum(p for who, cat, p in lines_of(score) if who == "Anne" and cat == "sequences") == 12


def test_seed002_napoleon_154_to_113_settles_141() -> None:
    assert settlement(154, 113, "Napoleon").points == 141


def test_seed002_josephine_154_to_93_settles_347() -> None:
    assert settlement(154, 93, "Josephine").points == 347


def test_seed002_void_suit_point_scores_5_and_sequence_10() -> None:
    # Elder has no clubs: a point worth 50 beats Younger's five making 49, and the
    # void "quint" beats Younger's king-high quint.
    deal = {
        "declared": {
            "elder": {
                "point": {"cards": 5, "value": 50},
                "sequences": [{"length": 5, "top": "void"}],
            },
            "younger": {
                "point": {"cards": 5, "value": 49},
                "sequences": [{"length": 5, "top": "K"}],
            },
        }
    }
    score = score_record(record(deal, variants={"void_suit_point": True}))
    assert lines_of(score) == [("Anne", "point", 5), ("Anne", "sequences", 10)]


def test_seed002_void_suit_loses_to_a_quint_major() -> None:
    deal = {
        "declared": {
            "elder": {"sequences": [{"length": 5, "top": "void"}]},
            "younger": {"sequences": [{"length": 5, "top": "A"}]},
        }
    }
    score = score_record(record(deal, variants={"void_suit_point": True}))
    assert lines_of(score) == [("Ben", "sequences", 15)]


def test_seed002_void_suit_read_from_the_hand() -> None:
    deal = {
        "hands": {
            "elder": "AS KS QS JS 9S AH KH QH 8H AD KD 7D".split(),
            "younger": "10S 8S 7S JH 10H 9H QD JD 10D 9D 8D AC".split(),
        }
    }
    score = score_record(record(deal, variants={"void_suit_point": True}))
    # Elder: five spades making 50 (A K Q J 9 = 50), equal to the void's 50; the void
    # quint (10) and spades' quart... ranks: AKQJ of spades is a quart.
    elder = [ln for ln in lines_of(score) if ln[0] == "Anne"]
    assert ("Anne", "sequences", 10) in elder


def test_seed002_last_trick_ten_flat_point_per_trick() -> None:
    score = score_record(
        record({"tricks": "EEEEEEEYYYYY"}, variants={"trick_count": "last_trick_ten"})
    )
    assert score["deals"][0]["scores"] == {"Anne": 7, "Ben": 5 + 10}


def test_seed002_parlett_equivalent_count_gives_the_same_totals() -> None:
    # Elder 1 for the first lead; then a trick won scores 1 if its winner led it, 2 if not.
    tricks = "EYYEEYEYYYEE"
    score = score_record(record({"tricks": tricks}))
    parlett = {"E": 1, "Y": 0}
    leader = "E"
    for winner in tricks:
        parlett[winner] += 1 if winner == leader else 2
        leader = winner
    play = {who: p for who, cat, p in lines_of(score) if cat == "play"}
    assert (play["Anne"], play["Ben"]) == (parlett["E"], parlett["Y"])


# --- seed 003 (French) ------------------------------------------------------------


def test_seed003_card_played_count() -> None:
    # Each card played 1, each trick won 1 more, the last trick 1 more.
    score = score_record(
        record({"tricks": "EEEEEEYYYYYY"}, variants={"trick_count": "card_played"})
    )
    play = {who: p for who, cat, p in lines_of(score) if cat == "play"}
    assert play == {"Anne": 12 + 6, "Ben": 12 + 6 + 1}


def test_seed003_carte_rouge_scores_20() -> None:
    hands = {
        "elder": "AS KS QS JS 10S AH KH QH AD KD QD AC".split(),
        "younger": "9S 8S 7S JH 10H 9H 8H 7H JD 10D 9D 8D".split(),
    }
    score = score_record(record({"hands": hands}, variants={"carte_rouge": 20}))
    assert ("Anne", "carte_rouge", 20) in lines_of(score)


def test_seed003_sets_of_tens_do_not_count_without_tens() -> None:
    deal = {"declared": {"elder": {"sets": [{"count": 4, "rank": "10"}]}}}
    with pytest.raises(RecordError, match="does not count"):
        score_record(record(deal, variants={"sets_without_tens": True}))


# --- seed 004 (Scarne) -------------------------------------------------------------


def test_seed004_scarne_declaring_dialogue_nondealer_6_dealer_18() -> None:
    said = [
        {"say": "done"},
        {"say": "done"},
        {"say": "call", "by": "elder", "cards": 4},
        {"say": "making", "by": "younger"},
        {"say": "value", "by": "elder", "value": 37},
        {"say": "not_good", "by": "younger", "value": 39},
        {"say": "call", "by": "elder", "length": 3},
        {"say": "how_high", "by": "younger"},
        {"say": "top", "by": "elder", "top": "A"},
        {"say": "good", "by": "younger"},
        {"say": "add", "by": "elder", "length": 3, "top": "9"},
        {"say": "done"},
        {"say": "call", "by": "elder", "count": 3, "rank": "K"},
        {"say": "not_good", "by": "younger", "count": 4, "rank": "10"},
        {"say": "done"},
    ]
    partie = new_record(["North", "South"], "South")
    for utterance in said:
        partie = apply_action(partie, utterance)
    assert score_record(partie)["totals"] == {"North": 6, "South": 18}


def test_seed004_tens_and_above_seven_then_nineteen() -> None:
    # Nondealer has 6 and leads an ace: "Seven". Dealer has 18 and wins a trick with a
    # king: "Nineteen". A nine led scores nothing.
    deal = {
        "declared": {
            "elder": {"sequences": [{"length": 3, "top": "A"}, {"length": 3, "top": "9"}]},
            "younger": {"point": {"cards": 4}, "sets": [{"count": 4, "rank": "10"}]},
        },
        "tricks": [
            {"winner": "E", "lead": "AS", "follow": "7S"},
            {"winner": "Y", "lead": "9H", "follow": "KH"},
        ],
    }
    deal["declared"]["elder"]["point"] = {"cards": 3}
    score = score_record(record(deal, variants={"trick_count": "tens_and_above"}))
    assert score["totals"] == {"Anne": 7, "Ben": 19}


def test_seed004_american_count_one_per_lead_one_per_trick() -> None:
    score = score_record(record({"tricks": "EEEEEEEYYYYY"}, variants={"trick_count": "american"}))
    play = {who: p for who, cat, p in lines_of(score) if cat == "play"}
    # Elder leads tricks 1 to 8 (he wins 1 to 7), Younger leads 9 to 12.
    assert play == {"Anne": 8 + 7, "Ben": 4 + 5}


def test_seed004_club_piquet_four_deals_first_and_last_double() -> None:
    score = score_record(
        record(entered(20, 10), entered(20, 10), entered(20, 10), entered(20, 10), game="four-deal")
    )
    assert [d["multiplier"] for d in score["deals"]] == [2, 1, 1, 2]
    assert score["totals"] == {"Anne": 40 + 10 + 20 + 20, "Ben": 20 + 20 + 10 + 40}


def test_seed004_au_cent_double_when_loser_under_50() -> None:
    score = score_record(record(entered(60, 10), entered(10, 45), game="au-cent"))
    # Anne: 60 + 45 = 105, Ben: 10 + 10 = 20.
    assert score["result"] == {
        "winner": "Anne",
        "draw": False,
        "points": 2 * (105 - 20),
        "rubicon": False,
        "double": True,
    }


# --- Cavendish, Laws of Piquet ----------------------------------------------------


def test_law18_carte_blanche_counts_toward_a_repique() -> None:
    deal = {
        "carte_blanche": ["elder"],
        "declared": {"elder": {"point": {"cards": 5}, "sequences": [{"length": 5, "top": "A"}]}},
    }
    score = score_record(record(deal))
    assert score["deals"][0]["bonuses"]["repique"] == "Anne"
    assert score["deals"][0]["scores"]["Anne"] == 10 + 5 + 15 + 60


def test_law18_carte_blanche_saves_a_repique() -> None:
    deal = {
        "carte_blanche": ["younger"],
        "declared": {"elder": {"point": {"cards": 7}, "sequences": [{"length": 7, "top": "A"}]}},
    }
    score = score_record(record(deal))
    assert score["deals"][0]["bonuses"]["repique"] is None


def test_law65_last_trick_scores_two() -> None:
    score = score_record(record({"tricks": "YYYYYYYYYYYY"}))
    # Elder leads trick 1 only; Younger wins it (1), then leads 11 more (11) + last (1).
    play = {who: p for who, cat, p in lines_of(score) if cat == "play"}
    assert play == {"Anne": 1, "Ben": 1 + 11 + 1}


def test_law66_six_tricks_each_divides_the_cards() -> None:
    score = score_record(record({"tricks": "EEEEEEYYYYYY"}))
    assert not [ln for ln in lines_of(score) if ln[1] in ("cards", "capot")]


def test_law66_capot_40_instead_of_10_and_the_last_trick_still_counts() -> None:
    score = score_record(record({"tricks": "E" * 12}))
    assert score["deals"][0]["scores"]["Anne"] == 12 + 1 + 40


def test_law69_capot_does_not_count_toward_a_pique() -> None:
    # 16 in hand + 13 for play = 29; the capot's 40 reckons after play.
    deal = {"declared": {"elder": {"sequences": [{"length": 6, "top": "A"}]}}, "tricks": "E" * 12}
    score = score_record(record(deal))
    assert score["deals"][0]["bonuses"] == {"repique": None, "pique": None, "capot": "Anne"}
    assert score["deals"][0]["scores"]["Anne"] == 16 + 13 + 40


def test_law69_younger_never_piques() -> None:
    deal = {
        "declared": {"younger": {"sequences": [{"length": 6, "top": "A"}], "point": {"cards": 6}}},
        "tricks": "Y" * 12,
    }
    score = score_record(record(deal))
    assert score["deals"][0]["bonuses"]["pique"] is None


def test_law71_tie_after_six_deals_each_deals_once_more() -> None:
    six = [entered(20, 20)] * 6
    score = score_record(record(*six))
    assert not score["finished"]
    score = score_record(record(*six, entered(30, 0)))
    assert not score["finished"]  # the tie-break is two deals
    score = score_record(record(*six, entered(30, 0), entered(0, 10)))
    # Deal 7: Anne elder 30; deal 8: Ben elder 0, Anne younger 10: Anne 160, Ben 120.
    assert score["result"]["winner"] == "Anne"
    assert score["result"]["points"] == 160 - 120 + 100


def test_law71_second_tie_is_a_draw() -> None:
    score = score_record(record(*[entered(20, 20)] * 8))
    assert score["result"] == {"winner": None, "draw": True, "points": 0, "rubicon": False}


def test_law71_note_four_deal_extra_deals_count_single() -> None:
    deals = [entered(10, 10)] * 4 + [entered(15, 0), entered(0, 0)]
    score = score_record(record(*deals, game="four-deal"))
    assert [d["multiplier"] for d in score["deals"]] == [2, 1, 1, 2, 1, 1]
    assert score["result"]["winner"] == "Anne"


def test_laws72_73_settlement_on_a_whole_partie() -> None:
    score = score_record(
        record(
            entered(30, 20),
            entered(20, 30),
            entered(30, 20),
            entered(20, 30),
            entered(30, 20),
            entered(34, 20),
        )
    )
    # Anne: 30+30+30+30+30+20 ... Anne is elder in odd deals, younger in even ones.
    assert score["totals"] == {
        "Anne": 30 + 30 + 30 + 30 + 30 + 20,
        "Ben": 20 + 20 + 20 + 20 + 20 + 34,
    }
    assert score["result"]["points"] == 170 - 134 + 100


# --- Cavendish, Laws of Piquet au Cent --------------------------------------------


def test_au_cent_laws_point_ending_in_four_scores_one_less() -> None:
    # Four cards making 34 (10 9 8 7) against three: one less than four.
    deal = {
        "declared": {
            "elder": {"point": {"cards": 4, "value": 34}},
            "younger": {"point": {"cards": 3}},
        }
    }
    score = score_record(record(deal, variants={"point_ending_in_four": True}))
    assert lines_of(score) == [("Anne", "point", 3)]
    plain = score_record(record(deal))
    assert lines_of(plain) == [("Anne", "point", 4)]


def test_au_cent_laws_younger_need_not_discard() -> None:
    deal = {"exchange": {"elder": 5, "younger": 0}}
    score_record(record(deal, game="au-cent"))
    with pytest.raises(RecordError, match=r"exchange\.younger"):
        score_record(record(deal))
    score_record(record(deal, variants={"younger_may_exchange_none": True}))


def test_au_cent_laws_game_is_one_hundred_up() -> None:
    score = score_record(record(entered(60, 40), entered(30, 30), game="au-cent"))
    # Anne 60 + 30 = 90, Ben 40 + 30 = 70: nobody at 100 yet.
    assert not score["finished"]
    score = score_record(record(entered(60, 40), entered(30, 30), entered(20, 5), game="au-cent"))
    # Anne 60 + 30 + 20 = 110, Ben 40 + 30 + 5 = 75: the difference, single.
    assert score["result"]["winner"] == "Anne"
    assert score["result"]["points"] == 110 - 75
    assert score["result"]["double"] is False
