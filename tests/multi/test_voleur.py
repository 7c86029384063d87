"""Piquet Voleur, worked from the seed's words (seed 004): partners opposite;
eight cards each, no exchange; a partner of a good combination also scores his
of the same kind; repique 90 and pique 60 at 20; "carte blanche between
partners would be a certain repique"; only one partner scores for the lead;
the partie as in two-handed piquet.

Anne (A) and Cleo (C) play against Ben (B) and Dan (D). Dan deals first, so
Anne declares and leads first; the play goes round Anne, Ben, Cleo, Dan.
"""

from __future__ import annotations

import pytest

from scorer.multi import score_record2
from tests.multi.helpers import calls, lines_of, problems_of, voleur


def test_the_partner_of_a_good_sequence_scores_his_own() -> None:
    # Anne's quint to the ace beats Ben's quart to the king; Cleo's tierce to the
    # nine is lower than Ben's quart, and still counts: her partner's is good.
    # Ben's point of five beats Anne's four; Dan has none, so BD score 5 only.
    deal = {
        "declared": {
            "A": calls(4, [(5, "A")]),
            "B": calls((5, 45), [(4, "K")]),
            "C": calls(sequences=[(3, "9")]),
            "D": calls(),
        }
    }
    answer = score_record2(voleur(deal))
    assert lines_of(answer) == [
        ("Ben", "point", 5),
        ("Anne", "sequences", 15),
        ("Cleo", "sequences", 3),
    ]
    assert answer["deals"][0]["scores"] == {"AC": 18, "BD": 5}
    assert answer["totals"] == {"Anne": 18, "Ben": 5, "Cleo": 18, "Dan": 5}


def test_carte_blanche_between_partners_is_a_certain_repique() -> None:
    deal = {"carte_blanche": ["A", "C"], "declared": {"B": calls((6, 56))}}
    answer = score_record2(voleur(deal))
    assert lines_of(answer)[:3] == [
        ("Anne", "carte_blanche", 10),
        ("Cleo", "carte_blanche", 10),
        (None, "repique", 90),
    ]
    assert answer["deals"][0]["bonuses"]["repique"] == "AC"
    # ... unless an opponent has one too: his reckons in the same class.
    deal["carte_blanche"] = ["A", "B", "C"]
    assert score_record2(voleur(deal))["deals"][0]["bonuses"]["repique"] is None


def test_repique_from_both_partners_hands() -> None:
    # Anne's point of six (6) and Cleo's point of five (5, her partner's point is
    # good), then Anne's quint to the king (15): 26 before BD score (sets, class IV).
    deal = {
        "declared": {
            "A": calls((6, 56), [(5, "K")]),
            "B": calls(4, sets=[(3, "A")]),
            "C": calls((5, 45)),
            "D": calls(),
        }
    }
    answer = score_record2(voleur(deal))
    assert lines_of(answer) == [
        ("Anne", "point", 6),
        ("Cleo", "point", 5),
        ("Anne", "sequences", 15),
        (None, "repique", 90),
        ("Ben", "sets", 3),
    ]
    assert answer["deals"][0]["lines"][3]["side"] == "AC"


def test_pique_goes_only_to_the_side_that_leads_first() -> None:
    # AC have 19 in hand (Anne's quint 15, Cleo's quart 4 as her partner), BD
    # nothing: Anne's lead to the first trick makes 20.
    deal = {
        "declared": {"A": calls(sequences=[(5, "A")]), "C": calls(sequences=[(4, "10")])},
        "tricks": "A",
    }
    answer = score_record2(voleur(deal))
    assert answer["deals"][0]["bonuses"]["pique"] == "AC"
    assert answer["deals"][0]["scores"] == {"AC": 19 + 1 + 60, "BD": 0}
    # BD with the same 19: Anne's lead scores for AC first, so Ben's 20 is no pique.
    deal = {
        "declared": {"B": calls(sequences=[(5, "A")]), "D": calls(sequences=[(4, "10")])},
        "tricks": "B",
    }
    answer = score_record2(voleur(deal))
    assert answer["deals"][0]["bonuses"]["pique"] is None
    assert answer["deals"][0]["scores"] == {"AC": 1, "BD": 20}


def test_only_one_partner_scores_for_the_lead() -> None:
    # Trick 1: Anne leads, Cleo (her partner) wins: AC score the lead only.
    # Trick 2: Cleo leads, Dan wins: 1 for Cleo's lead, 1 for Dan's win.
    # Trick 3: Dan leads, Ben (his partner) wins: 1 for Dan's lead.
    answer = score_record2(voleur({"tricks": "CDB"}))
    assert lines_of(answer) == [("Anne", "play", 1), ("Cleo", "play", 1), ("Dan", "play", 2)]
    assert answer["deals"][0]["scores"] == {"AC": 2, "BD": 2}


@pytest.mark.parametrize(
    ("tricks", "ac", "bd"),
    [
        # 8-0: capot 40, nothing extra for the majority or the last trick (seed 004).
        # Anne leads and wins all: 8 leads.
        ("A" * 8, 8 + 40, 0),
        # 4-4: the cards are divided. Anne leads 1-4 and wins them; Ben wins 5 (1), leads
        # 6-8 and takes the last (1).
        ("AAAABBBB", 5, 1 + 3 + 1),
        # 6-2: AC have the cards. Anne leads 1-5 (Cleo wins her partner's lead 5: nothing
        # more); Cleo leads 6, Ben wins it (1) and leads 7-8; Anne wins 8 (1) and the last (1).
        ("AAAACBBA", 5 + 1 + 1 + 1 + 10, 1 + 2),
    ],
)
def test_the_cards(tricks: str, ac: int, bd: int) -> None:
    answer = score_record2(voleur({"tricks": tricks}))
    assert answer["deals"][0]["scores"] == {"AC": ac, "BD": bd}


def test_equal_best_points_of_the_two_sides_score_nothing() -> None:
    deal = {"declared": {"A": calls((5, 48)), "B": calls((5, 48)), "C": calls(4)}}
    assert lines_of(score_record2(voleur(deal))) == []


def test_only_the_holder_of_the_good_point_with_the_setting() -> None:
    deal = {"declared": {"A": calls((5, 48)), "B": calls(4), "C": calls(4), "D": calls()}}
    both = score_record2(voleur(deal))
    one = score_record2(voleur(deal, settings={"partners_point": "one"}))
    assert lines_of(both) == [("Anne", "point", 5), ("Cleo", "point", 4)]
    assert lines_of(one) == [("Anne", "point", 5)]


def entered(ac: int, bd: int) -> dict:
    return {"entered": {"AC": ac, "BD": bd}}


def test_a_rubicon_partie_between_the_sides() -> None:
    deals = [entered(25, 20)] * 6  # AC 150, BD 120: 150 - 120 + 100
    answer = score_record2(voleur(*deals))
    assert answer["result"]["winner"] == "AC" and answer["result"]["winners"] == ["Anne", "Cleo"]
    assert answer["result"]["points"] == 130 and not answer["result"]["rubicon"]
    assert answer["settlement"] == {"Anne": 130, "Ben": -130, "Cleo": 130, "Dan": -130}
    rubicon = score_record2(voleur(*[entered(25, 10)] * 6))  # BD 60: 150 + 60 + 100
    assert rubicon["result"]["points"] == 310 and rubicon["result"]["rubicon"]
    assert rubicon["result"]["why"] == "Ben and Dan are rubiconed: 150 + 60 + 100 = 310"


def test_a_four_deal_partie_doubles_the_first_and_last() -> None:
    answer = score_record2(voleur(*[entered(30, 10)] * 4, game="four-deal"))
    assert [d["multiplier"] for d in answer["deals"]] == [2, 1, 1, 2]
    assert answer["side_totals"] == {"AC": 180, "BD": 60}
    assert answer["result"]["points"] == 180 + 60 + 100


def test_au_cent_between_the_sides() -> None:
    answer = score_record2(voleur(entered(60, 20), entered(50, 20), game="au-cent"))
    assert answer["result"]["winner"] == "AC"
    assert answer["result"]["double"] and answer["result"]["points"] == 2 * (110 - 40)


def test_a_tie_after_six_deals_each_side_deals_once_more() -> None:
    answer = score_record2(voleur(*[entered(20, 20)] * 6))
    assert not answer["finished"]
    answer = score_record2(voleur(*[entered(20, 20)] * 7, entered(0, 5)))
    assert answer["result"]["winner"] == "BD"


def test_no_exchange_and_no_throwing_in() -> None:
    [line] = problems_of(voleur({"exchange": {"A": 2}}))
    assert line == "deal 1: exchange does not apply: in Piquet Voleur the whole pack is dealt"
    [line] = problems_of(voleur({"throw_in": "A"}))
    assert line.startswith("deal 1: throw_in does not apply")


def test_a_trick_with_its_cards() -> None:
    # Anne leads the ace of hearts; Ben plays the king, Cleo the seven, Dan the ten:
    # Anne wins her own lead. Then a trick whose winner is wrong.
    good = {"tricks": [{"winner": "A", "cards": ["AH", "KH", "7H", "10H"]}]}
    assert score_record2(voleur(good))["deals"][0]["scores"] == {"AC": 1, "BD": 0}
    bad = {"tricks": [{"winner": "B", "cards": ["AH", "KH", "7H", "10H"]}]}
    assert problems_of(voleur(bad)) == [
        "deal 1: trick 1: AH KH 7H 10H played from A, so A wins, not B"
    ]
