"""Piquet Normand, worked from the seed's words (seed 004): repique 90 for 20
in announcements before the others have made anything; pique 60 for 20 before
both opponents have any score; the most tricks 10, or 5 each on a tie; capot
40, or 20 each when two take all the tricks; the first to 100 wins.

In every example Cleo deals first, so Anne (seat A, at the dealer's left)
announces first and leads to the first trick, then Ben (B), then Cleo (C).
"""

from __future__ import annotations

import pytest

from scorer.multi import score_record2
from tests.multi.helpers import calls, lines_of, normand, problems_of

QUINT_A = (5, "A")
QUART_K = (4, "K")


def test_repique_for_twenty_in_hand_before_the_others_score() -> None:
    # Anne: point of six (55) against Ben's four, 6; quint to the ace, 15: 21 in
    # classes II and III. Cleo's trio of kings reckons in class IV, after.
    deal = {
        "declared": {"A": calls((6, 55), [QUINT_A]), "B": calls(4), "C": calls(sets=[(3, "K")])},
        "tricks": "AAAABBBCCA",
    }
    answer = score_record2(normand(deal))
    scored = answer["deals"][0]
    assert scored["bonuses"] == {"repique": "Anne", "pique": None, "capot": []}
    assert lines_of(answer)[:4] == [
        ("Anne", "point", 6),
        ("Anne", "sequences", 15),
        ("Anne", "repique", 90),
        ("Cleo", "sets", 3),
    ]
    # Play, trick by trick (leader, winner): A leads 1-5 and wins 1-4, Ben wins 5
    # (Anne's lead: 1), leads 6-8 and loses 8 to Cleo (1), who leads 9-10 and loses
    # the last to Anne (1 for winning it, 1 more for the last).
    # Anne 5 leads + 1 + 1 = 7; Ben 1 + 3 leads = 4; Cleo 1 + 2 leads = 3.
    # Tricks: Anne 5 (1-4, 10), Ben 3 (5-7), Cleo 2 (8-9): Anne has the most, 10.
    assert scored["tricks"] == {"Anne": 5, "Ben": 3, "Cleo": 2}
    assert scored["scores"] == {"Anne": 6 + 15 + 90 + 7 + 10, "Ben": 4, "Cleo": 3 + 3}
    # Anne is over 100 at the end of the deal: each lower score pays her the difference.
    assert answer["finished"]
    assert answer["settlement"] == {
        "Anne": (128 - 4) + (128 - 6),
        "Ben": -(128 - 4),
        "Cleo": -(128 - 6),
    }


def test_a_point_scored_first_saves_the_repique() -> None:
    # Ben's point of seven (class II) reckons before Anne's quint and quatorze (29).
    deal = {"declared": {"A": calls(5, [QUINT_A], [(4, "10")]), "B": calls((7, 64)), "C": calls()}}
    answer = score_record2(normand(deal))
    assert answer["deals"][0]["bonuses"]["repique"] is None
    assert answer["deals"][0]["scores"] == {"Anne": 15 + 14, "Ben": 7, "Cleo": 0}


def test_equal_points_at_the_top_save_nothing() -> None:
    # Ben and Cleo call equal points: nobody scores the point, so Anne's quint to
    # the ace and quatorze of tens (29) come before anything the others score.
    deal = {
        "declared": {
            "A": calls(4, [QUINT_A], [(4, "10")]),
            "B": calls((5, 48)),
            "C": calls((5, 48)),
        }
    }
    answer = score_record2(normand(deal))
    assert lines_of(answer) == [
        ("Anne", "sequences", 15),
        ("Anne", "sets", 14),
        ("Anne", "repique", 90),
    ]


def test_two_cartes_blanches_save_a_repique() -> None:
    deal = {
        "carte_blanche": ["B", "C"],
        "declared": {"A": calls(5, [QUINT_A], [(4, "10")]), "B": calls(), "C": calls()},
    }
    answer = score_record2(normand(deal))
    assert answer["deals"][0]["bonuses"]["repique"] is None
    # Anne's point of five (nobody else calls one), quint and quatorze: 34, no repique.
    assert answer["deals"][0]["scores"] == {"Anne": 5 + 15 + 14, "Ben": 10, "Cleo": 10}


def test_pique_for_twenty_in_hand_and_play_before_both_opponents_score() -> None:
    # Anne: quint to the ace 15 and quart to the king 4 = 19 in hand, nobody else
    # scores; her lead to the first trick makes 20.
    deal = {"declared": {"A": calls(sequences=[QUINT_A, QUART_K]), "B": {}, "C": {}}, "tricks": "A"}
    answer = score_record2(normand(deal))
    assert answer["deals"][0]["bonuses"]["pique"] == "Anne"
    assert lines_of(answer)[-1] == ("Anne", "pique", 60)
    assert answer["deals"][0]["scores"]["Anne"] == 19 + 1 + 60
    assert not answer["deals"][0]["complete"]


@pytest.mark.parametrize(("opponents", "pique"), [("neither", None), ("not_both", "Ben")])
def test_the_middle_player_piques_only_when_one_opponent_may_have_scored(
    opponents: str, pique: str | None
) -> None:
    # Ben has 19 in hand; Anne leads the first trick (1) and Ben wins it (1): 20.
    # Anne has scored, Cleo has not: "before both opponents have any score".
    deal = {"declared": {"A": {}, "B": calls(sequences=[QUINT_A, QUART_K]), "C": {}}, "tricks": "B"}
    answer = score_record2(normand(deal, settings={"pique_opponents": opponents}))
    assert answer["deals"][0]["bonuses"]["pique"] == pique
    assert answer["deals"][0]["scores"]["Ben"] == 20 + (60 if pique else 0)


# --- the cards ----------------------------------------------------------------------------

# (tricks, shared_capot setting, each seat's play points, each seat's cards points)
CARDS_CASES = [
    # 4-3-3: Anne has the most. Play: Anne leads 1-5 (5); Ben wins 5 (1) and leads 6-8 (3);
    # Cleo wins 8 (1), leads 9-10 (2) and takes the last (1).
    ("AAAABBBCCC", "instead", (5, 4, 4), (10, 0, 0)),
    # 4-4-2: Anne and Ben tie for the most: 5 each. Anne leads 1-5; Ben wins 5, leads
    # 6-9; Cleo wins 9, leads 10, takes the last.
    ("AAAABBBBCC", "instead", (5, 5, 3), (5, 5, 0)),
    # 5-5-0: Anne and Ben take all ten between them: 20 each, instead of the 5 each.
    ("AAAAABBBBB", "instead", (6, 6, 0), (20, 20, 0)),
    ("AAAAABBBBB", "besides", (6, 6, 0), (25, 25, 0)),
    # 9-1-0: still two players take all the tricks between them.
    ("AAAAAAAAAB", "instead", (10, 2, 0), (20, 20, 0)),
    ("AAAAAAAAAB", "besides", (10, 2, 0), (30, 20, 0)),
    # 10-0-0: capot 40, and nothing extra for the majority or the last trick (seed 004).
    ("A" * 10, "instead", (10, 0, 0), (40, 0, 0)),
]


@pytest.mark.parametrize(("tricks", "shared", "play", "cards"), CARDS_CASES)
def test_the_cards(tricks: str, shared: str, play: tuple, cards: tuple) -> None:
    answer = score_record2(normand({"tricks": tricks}, settings={"shared_capot": shared}))
    names = ("Anne", "Ben", "Cleo")
    lines = lines_of(answer)
    for name, want_play, want_cards in zip(names, play, cards, strict=True):
        assert sum(p for n, c, p in lines if n == name and c == "play") == want_play
        assert sum(p for n, c, p in lines if n == name and c in ("cards", "capot")) == want_cards
    capot = answer["deals"][0]["bonuses"]["capot"]
    assert capot == [n for n, c, p in lines if c == "capot"]


# --- the game -------------------------------------------------------------------------------


def entered(a: int, b: int, c: int) -> dict:
    return {"entered": {"A": a, "B": b, "C": c}}


def test_equal_highest_totals_over_100_play_on_then_the_difference_is_paid() -> None:
    rec = normand(entered(60, 40, 20), entered(50, 70, 10))
    answer = score_record2(rec)
    assert answer["totals"] == {"Anne": 110, "Ben": 110, "Cleo": 30}
    assert not answer["finished"] and answer["result"] is None
    assert set(answer["settlement"].values()) == {0}
    answer = score_record2(normand(entered(60, 40, 20), entered(50, 70, 10), entered(5, 0, 0)))
    assert answer["result"]["winner"] == "Anne"
    assert answer["settlement"] == {"Anne": 5 + 85, "Ben": -(115 - 110), "Cleo": -(115 - 30)}


def test_two_over_100_in_one_deal_the_higher_wins() -> None:
    answer = score_record2(normand(entered(90, 95, 0), entered(20, 40, 0)))
    assert answer["result"]["winner"] == "Ben"
    assert answer["settlement"] == {"Anne": -(135 - 110), "Ben": 25 + 135, "Cleo": -135}


@pytest.mark.parametrize(("antes", "each"), [("each_deal", 2), ("once", 1)])
def test_the_pot(antes: str, each: int) -> None:
    settings = {"settlement": "pot", "pot_antes": antes}
    answer = score_record2(normand(entered(60, 0, 0), entered(50, 0, 0), settings=settings))
    assert answer["result"]["pot"] == 3 * each
    assert answer["result"]["unit"] == "antes"
    assert answer["settlement"] == {"Anne": 2 * each, "Ben": -each, "Cleo": -each}


def test_a_lower_target() -> None:
    answer = score_record2(normand(entered(50, 10, 0), settings={"target": 50}))
    assert answer["result"]["winner"] == "Anne"


def test_the_deal_passes_to_the_left() -> None:
    answer = score_record2(normand({"tricks": ""}, first_dealer="Anne"))
    assert answer["deals"][0]["dealer"] == "Anne" and answer["deals"][0]["leader"] == "Ben"
    answer = score_record2(normand(entered(0, 0, 0), {}, first_dealer="Anne"))
    assert answer["deals"][1]["dealer"] == "Ben" and answer["deals"][1]["leader"] == "Cleo"


def test_a_deal_after_the_game_is_won() -> None:
    assert problems_of(normand(entered(120, 0, 0), entered(0, 0, 0))) == [
        "deal 2: the game was already won after deal 1"
    ]


def test_only_the_dealer_takes_the_widow() -> None:
    [line] = problems_of(normand({"exchange": {"A": 2}}))
    assert line.startswith("deal 1: exchange") and "only the dealer (C)" in line
    [line] = problems_of(normand({"exchange": {"C": 3}}))
    assert line == "deal 1: exchange.C must be 0 to 2 cards, not 3"


def test_french_wording() -> None:
    deal = {"declared": {"A": calls((6, 55), [QUINT_A]), "B": calls(4), "C": calls()}}
    answer = score_record2(normand(deal), lang="fr")
    texts = [ln["why"] for ln in answer["deals"][0]["lines"]]
    assert texts[0] == "Point de six valant 55, bon contre le point de quatre de Ben"
    assert texts[2].startswith("Repic\u202f: Anne fait 21 en main")


def test_a_capot_scores_40_and_nothing_for_the_last_trick_or_law_66_as_a_setting() -> None:
    # Seed 004: "capot 40 (nothing extra for majority or for the last trick)". A
    # player who takes all ten tricks with nothing else scores 40 plus his leads.
    scarne = score_record2(normand({"tricks": "A" * 10}))
    assert scarne["deals"][0]["scores"]["Anne"] == 40 + 10
    why = [ln["why"] for ln in scarne["deals"][0]["lines"] if ln["category"] == "capot"]
    assert why == ["Capot: all 10 tricks score 40, nothing more for the last trick"]
    law66 = score_record2(normand({"tricks": "A" * 10}, settings={"capot": "law66"}))
    assert law66["deals"][0]["scores"]["Anne"] == 40 + 10 + 1


def test_the_american_trick_count() -> None:
    # 1 for each lead and 1 for each trick taken, whoever led; nothing for the last.
    answer = score_record2(normand({"tricks": "AAAABBBCCA"}, settings={"trick_count": "american"}))
    plays = {n: p for n, c, p in lines_of(answer) if c == "play"}
    # leads: Anne 5 (1-4 and 10, after Cleo's 9th), Ben 3, Cleo 2; taken 5, 3, 2
    assert plays == {"Anne": 10, "Ben": 6, "Cleo": 4}


def test_tens_and_above_as_seed_004_counts_it() -> None:
    # "1 point for each card he leads higher than a nine, and 1 point each time he
    # wins his opponent's lead with a card higher than a nine", 1 for the last trick.
    tricks = [
        # Anne leads a nine: nothing; Ben wins it with an ace: 1
        {"winner": "B", "cards": ["9H", "AH", "7H"]},
        # Ben leads a king: 1
        {"winner": "B", "cards": ["KS", "7S", "8S"]},
        # Ben leads an eight: nothing; Cleo wins it with a ten: 1
        {"winner": "C", "cards": ["8D", "10D", "9D"]},
    ]
    settings = {"trick_count": "tens_and_above"}
    answer = score_record2(normand({"tricks": tricks}, settings=settings))
    plays = {n: p for n, c, p in lines_of(answer) if c == "play"}
    assert plays == {"Ben": 2, "Cleo": 1}
    assert problems_of(normand({"tricks": "AB"}, settings=settings)) == [
        "deal 1: the tens-and-above count (settings.trick_count) needs each trick's cards: "
        '{"winner": SEAT, "cards": [...]}'
    ]
