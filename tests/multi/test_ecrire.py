"""Piquet à Écrire, worked from the seed's words (seed 004): each player plays
a hand first with the player at his right and then with the player at his
left; the deal passes to the left; after each has played, each lower score
pays to the higher score the difference. Each hand is two-handed piquet.
"""

from __future__ import annotations

import pytest

from scorer.multi import score_record2, seating
from tests.multi.helpers import calls, problems_of, record

PLAYERS3 = ["Anne", "Ben", "Cleo"]


def ecrire(players: list[str], *deals: dict, **top) -> dict:
    return record("ecrire", players, *deals, first_dealer=players[0], **top)


def entered(**by_seat: int) -> dict:
    return {"entered": by_seat}


def test_each_plays_first_with_his_right_then_with_his_left() -> None:
    # Anne deals first. Round the table to the left: Anne, Ben, Cleo, Dan.
    players = ["Anne", "Ben", "Cleo", "Dan"]
    pairs = [
        (
            seating("ecrire", players, "Anne", k)["dealer"],
            seating("ecrire", players, "Anne", k)["leader"],
        )
        for k in range(1, 5)
    ]
    assert pairs == [("Anne", "Ben"), ("Ben", "Cleo"), ("Cleo", "Dan"), ("Dan", "Anne")]
    # Ben's right-hand neighbour is Anne (he sits at her left): he plays her first
    # (deal 1), then Cleo, at his left (deal 2); and the deal has passed to the left.
    answer = score_record2(
        ecrire(players, entered(B=1, A=0), entered(C=1, B=0), entered(D=1, C=0), entered(A=1, D=0))
    )
    assert [(d["dealer"], d["elder"], d["younger"]) for d in answer["deals"]] == [
        ("Anne", "Ben", "Anne"),
        ("Ben", "Cleo", "Ben"),
        ("Cleo", "Dan", "Cleo"),
        ("Dan", "Anne", "Dan"),
    ]


def test_a_round_each_lower_score_pays_each_higher_the_difference() -> None:
    # Deal 1, Anne deals to Ben: 20 and 30. Deal 2, Ben deals to Cleo: Cleo's point
    # of five is good (5); Cleo leads 1-8 and wins 1-7 (8 for leading), Ben wins 8
    # (1), leads 9-12 (4) and takes the last (1); Cleo has the cards (7 tricks, 10).
    # Deal 3, Cleo deals to Anne: 10 and 50.
    deals = [
        entered(B=30, A=20),
        {"declared": {"C": calls((5, 48)), "B": calls(4)}, "tricks": "CCCCCCCBBBBB"},
        entered(A=10, C=50),
    ]
    answer = score_record2(ecrire(PLAYERS3, *deals))
    assert answer["deals"][1]["scores"] == {"Cleo": 5 + 8 + 10, "Ben": 6}
    scores = {"Anne": 20 + 10, "Ben": 30 + 6, "Cleo": 23 + 50}
    assert answer["rounds"][0]["scores"] == scores == answer["totals"]
    # Anne pays Ben 6 and Cleo 43; Ben pays Cleo 37.
    assert answer["settlement"] == {"Anne": -6 - 43, "Ben": 6 - 37, "Cleo": 43 + 37}
    assert answer["rounds"][0]["payments"] == [
        "Anne pays Ben 6 = 36 - 30",
        "Anne pays Cleo 43 = 73 - 30",
        "Ben pays Cleo 37 = 73 - 36",
    ]
    assert answer["finished"] and answer["result"]["winner"] == "Cleo"


def test_equal_scores_pay_nothing_between_them() -> None:
    answer = score_record2(
        ecrire(PLAYERS3, entered(B=10, A=10), entered(C=10, B=0), entered(A=0, C=0))
    )
    # Anne 10, Ben 10, Cleo 10.
    assert answer["settlement"] == {"Anne": 0, "Ben": 0, "Cleo": 0}
    assert answer["rounds"][0]["payments"] == []
    assert answer["result"]["winner"] is None


def test_each_hand_is_two_handed_piquet() -> None:
    # 24 in hand (point of seven 7, septième 17) is a repique in Normand (20) but
    # not between two players (30); a quatorze of aces more makes 38 and repique 60.
    hand = calls(7, [(7, "A")])
    answer = score_record2(ecrire(PLAYERS3, {"declared": {"B": hand, "A": calls()}}))
    assert answer["deals"][0]["bonuses"]["repique"] is None
    hand = calls(7, [(7, "A")], [(4, "A")])
    answer = score_record2(ecrire(PLAYERS3, {"declared": {"B": hand, "A": calls()}}))
    assert answer["deals"][0]["bonuses"]["repique"] == "Ben"
    assert answer["deals"][0]["scores"]["Ben"] == 7 + 17 + 14 + 60


def test_two_rounds_and_no_more() -> None:
    round_ = [entered(B=40, A=0), entered(C=0, B=0), entered(A=0, C=0)]
    settings = {"rounds": 2}
    half = score_record2(ecrire(PLAYERS3, *round_, settings=settings))
    assert not half["finished"] and half["settlement"] == {"Anne": -40, "Ben": 80, "Cleo": -40}
    both = score_record2(ecrire(PLAYERS3, *round_, *round_, settings=settings))
    assert both["finished"] and both["settlement"] == {"Anne": -80, "Ben": 160, "Cleo": -80}
    [line] = problems_of(ecrire(PLAYERS3, *round_, *round_, entered(B=0, A=0), settings=settings))
    assert line == "deal 7: the game ended after deal 6 (2 round(s) of 3 deals)"


def test_an_unfinished_round_settles_nothing() -> None:
    answer = score_record2(ecrire(PLAYERS3, entered(B=40, A=0), {"tricks": "BB"}))
    assert answer["settlement"] == {"Anne": 0, "Ben": 0, "Cleo": 0}
    assert not answer["rounds"][0]["complete"] and not answer["finished"]


def test_seven_players() -> None:
    players = ["Anne", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus"]
    seats = "ABCDEFG"
    deals = [entered(**{seats[(k + 1) % 7]: 10 * k, seats[k]: 0}) for k in range(7)]
    answer = score_record2(ecrire(players, *deals))
    # Each player scores as elder: Ben 0, Cleo 10, ..., Gus 50, Anne 60.
    scores = {name: 10 * ((i - 1) % 7) for i, name in enumerate(players)}
    assert answer["totals"] == scores
    # What each receives is the sum of his differences with everyone else.
    assert answer["settlement"] == {n: sum(scores[n] - s for s in scores.values()) for n in players}
    assert sum(answer["settlement"].values()) == 0


def test_variants_apply_to_each_hand() -> None:
    # Ben (elder) leads the three tricks and wins two. Standard count: Ben 3 for
    # leading, Anne 1 for winning his lead. American count: 1 for each lead and 1 for
    # each trick taken, whoever led: Ben 3 + 2, Anne 1.
    standard = score_record2(ecrire(PLAYERS3, {"tricks": "BBA"}))
    assert standard["deals"][0]["scores"] == {"Ben": 3, "Anne": 1}
    answer = score_record2(
        ecrire(PLAYERS3, {"tricks": "BBA"}, variants={"trick_count": "american"})
    )
    assert answer["deals"][0]["scores"] == {"Ben": 3 + 2, "Anne": 1}


@pytest.mark.parametrize(
    ("deal", "problem"),
    [
        (
            {"declared": {"C": calls(5)}},
            "deal 1: declared: seat 'C' does not play this deal (A deals to B)",
        ),
        ({"tricks": "BBC"}, "deal 1: tricks: seat 'C' does not play this deal (A deals to B)"),
        (
            {"throw_in": "A"},
            "deal 1: throw_in does not apply: each hand of à Écrire is a single deal",
        ),
        (
            {"declared": {"B": calls(4, sets=[(4, "K")]), "A": calls(sets=[(4, "K")])}},
            "deal 1: both hands declare a quatorze of kings",
        ),
        ({"exchange": {"B": 6}}, "deal 1: exchange.B must be 1 to 5 cards, not 6"),
    ],
)
def test_problems_name_the_deal_and_the_seats(deal: dict, problem: str) -> None:
    assert problems_of(ecrire(PLAYERS3, deal)) == [problem]


def test_a_two_handed_problem_names_the_seat_of_the_role() -> None:
    # Deal 2: Ben (B) deals to Cleo (C), who leads the ace of spades; Ben answers
    # with the seven of hearts, which he does not hold.
    cleo = ["AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "AH", "KH", "QH", "JH"]
    ben = ["10H", "9H", "8H", "AD", "KD", "QD", "JD", "10D", "9D", "8D", "7D", "AC"]
    deal = {
        "hands": {"C": cleo, "B": ben},
        "tricks": [{"winner": "C", "lead": "AS", "follow": "7H"}],
    }
    assert problems_of(ecrire(PLAYERS3, entered(B=0, A=0), deal)) == [
        "deal 2: trick 1: younger (B) plays 7H, which is not in the hand"
    ]
