"""Chouette, from Cavendish's description as summarised in issue 14: one
against two in consultation; the winner keeps the single seat and the pair
change places; the single player plays double stakes; each partie's points
rounded to tens (416 counts 420, 141 counts 140) and entered without the
nought on a card keeping each player's running net.

Each partie here is six deals entered as totals, so that its result is known
in advance: a rubicon partie won by W against L (L at 100 or more) is worth
W - L + 100.
"""

from __future__ import annotations

import pytest

from scorer.multi import score_record2
from scorer.multi.chouette import next_partie, rounded_tens
from tests.multi.helpers import problems_of, record


def partie(
    single: str, playing: str, single_total: int, pair_total: int, first_dealer: str | None = None
) -> dict:
    """Six entered deals: the single seat's deals add to `single_total`, the pair's
    to `pair_total` (each split into five equal deals and a remainder)."""

    def split(total: int) -> list[int]:
        return [total // 6] * 5 + [total - 5 * (total // 6)]

    deals = [
        {"entered": {single: s, playing: p}}
        for s, p in zip(split(single_total), split(pair_total), strict=True)
    ]
    return {
        "single": single,
        "playing": playing,
        "first_dealer": first_dealer or single,
        "deals": deals,
    }


def chouette(*parties: dict, **top) -> dict:
    return record("chouette", ["A", "B", "C"], parties=list(parties), **top)


@pytest.mark.parametrize(
    ("points", "tens"),
    [(416, 42), (141, 14), (415, 41), (420, 42), (146, 15), (5, 0), (6, 1), (0, 0)],
)
def test_rounding_to_tens(points: int, tens: int) -> None:
    assert rounded_tens(points) == tens


def test_cavendish_card_as_the_running_net() -> None:
    # A, single, wins a partie of 150 (200 v 150): +30, B -15, C -15. Still single, he
    # wins one of 270 (300 v 130): +54, so A +84, B -42, C -42. He loses one of 900
    # (the pair 960 v 160): -180, so A -96, B +48, C +48.
    answer = score_record2(
        chouette(partie("A", "B", 200, 150), partie("A", "C", 300, 130), partie("A", "B", 160, 960))
    )
    assert [p["points"] for p in answer["parties"]] == [150, 270, 900]
    assert [row["net"] for row in answer["card"]] == [
        {"A": 30, "B": -15, "C": -15},
        {"A": 84, "B": -42, "C": -42},
        {"A": -96, "B": 48, "C": 48},
    ]


def test_cavendish_card_as_each_parties_entries() -> None:
    # Read as one line a partie: parties of 150, 420 (480 v 160) and 480 (the pair
    # 540 v 160, against A).
    answer = score_record2(
        chouette(partie("A", "B", 200, 150), partie("A", "C", 480, 160), partie("A", "B", 160, 540))
    )
    assert [p["points"] for p in answer["parties"]] == [150, 420, 480]
    assert [row["entries"] for row in answer["card"]] == [
        {"A": 30, "B": -15, "C": -15},
        {"A": 84, "B": -42, "C": -42},
        {"A": -96, "B": 48, "C": 48},
    ]
    assert answer["card"][-1]["net"] == {"A": 18, "B": -9, "C": -9}
    assert answer["settlement"] == {"A": 180, "B": -90, "C": -90}


def test_a_partie_of_416_counts_420_and_one_of_141_counts_140() -> None:
    # 516 v 200: 416. Then B, who played, takes the seat and C, who advised, plays
    # for the pair (A advises): B 241 v C 200 is 141.
    answer = score_record2(chouette(partie("A", "B", 200, 516), partie("B", "C", 241, 200)))
    assert [(p["points"], p["rounded"]) for p in answer["parties"]] == [(416, 42), (141, 14)]
    assert answer["card"][0]["entries"] == {"A": -84, "B": 42, "C": 42}
    assert answer["card"][1]["entries"] == {"A": -14, "B": 28, "C": -14}
    assert answer["parties"][0]["why"] == (
        "B and C win against A: 416 counts 420, -84 for A, +42 each for B and C"
    )


def test_the_winner_keeps_the_seat_and_the_pair_change_places() -> None:
    answer = score_record2(chouette(partie("A", "B", 200, 150)))
    assert answer["next"] == {"single": "A", "choices": ["A"], "playing": "C"}
    assert problems_of(chouette(partie("A", "B", 200, 150), partie("B", "A", 200, 150))) == [
        "partie 2: A won partie 1 and keeps the single seat"
    ]
    assert problems_of(chouette(partie("A", "B", 200, 150), partie("A", "B", 200, 150))) == [
        "partie 2: the pair change places after each partie: C, who advised, now plays"
    ]


def test_when_the_single_player_loses_the_winner_takes_the_seat_as_cavendish_writes() -> None:
    # Cavendish: the winner (B, who played) becomes the single player, the one who
    # advised (C) plays the cards for the pair, and the beaten A advises.
    answer = score_record2(chouette(partie("A", "B", 150, 200)))
    assert answer["next"] == {"single": "B", "choices": ["B"], "playing": "C"}
    assert next_partie(answer) == answer["next"]
    second = score_record2(chouette(partie("A", "B", 150, 200), partie("B", "C", 200, 150)))
    assert second["parties"][1]["advising"] == "A"
    assert problems_of(chouette(partie("A", "B", 150, 200), partie("A", "C", 200, 150))) == [
        "partie 2: A lost partie 1, so the single seat passes to the other side"
    ]
    assert problems_of(chouette(partie("A", "B", 150, 200), partie("C", "A", 200, 150))) == [
        "partie 2: B won partie 1 for the pair, so takes the single seat (Cavendish)"
    ]
    assert problems_of(chouette(partie("A", "B", 150, 200), partie("B", "A", 200, 150))) == [
        "partie 2: C, who advised, now plays the cards for the pair; the beaten A advises "
        "(Cavendish)"
    ]


def test_a_drawn_partie_enters_nothing_and_the_single_player_stays() -> None:
    # Six deals level, then one more each, level again: a draw (Law 71).
    drawn = partie("A", "B", 120, 120)
    drawn["deals"] += [{"entered": {"A": 10, "B": 10}}] * 2
    answer = score_record2(chouette(drawn))
    assert answer["parties"][0]["winner"] is None
    assert answer["card"][0]["entries"] == {"A": 0, "B": 0, "C": 0}
    assert answer["next"] == {"single": "A", "choices": ["A"], "playing": "C"}


def test_a_partie_in_progress() -> None:
    unfinished = {
        "single": "A",
        "playing": "B",
        "first_dealer": "B",
        "deals": [{"entered": {"A": 20, "B": 30}}, {"tricks": "AA"}],
    }
    answer = score_record2(chouette(partie("A", "C", 200, 150), unfinished))
    assert not answer["finished"] and answer["next"] is None
    # In deal 2 the dealer alternates: A deals, so B is elder and leads the first
    # trick (1), which A wins (1); A leads the second (1) and wins it.
    assert answer["parties"][1]["score"]["totals"] == {"A": 20 + 2, "B": 30 + 1}
    assert answer["parties"][1]["score"]["deals"][1]["elder"] == "B"
    assert answer["card"] == [
        {
            "partie": 1,
            "single": "A",
            "entries": {"A": 30, "B": -15, "C": -15},
            "net": {"A": 30, "B": -15, "C": -15},
        }
    ]
    assert problems_of(chouette(unfinished, partie("A", "C", 200, 150))) == [
        "partie 1: unfinished, but only the last partie may be"
    ]


def test_the_parties_game_and_variants() -> None:
    four_deal = {
        "single": "A",
        "playing": "B",
        "first_dealer": "A",
        "deals": [{"entered": {"A": 50, "B": 20}}] * 4,
    }
    answer = score_record2(chouette(four_deal, game="four-deal"))
    # Deals 1 and 4 count double: A 300, B 120: 300 - 120 + 100 = 280.
    assert answer["parties"][0]["points"] == 280
    assert answer["card"][0]["entries"] == {"A": 56, "B": -28, "C": -28}


def test_deal_problems_name_the_partie_the_deal_and_the_seat() -> None:
    bad = {
        "single": "A",
        "playing": "B",
        "first_dealer": "A",
        "deals": [{"tricks": "AB"}, {"tricks": "AC"}],
    }
    [line] = problems_of(chouette(bad))
    assert line == "partie 1: deal 2: tricks: seat 'C' does not play this deal (B deals to A)"
    exchange = {
        "single": "A",
        "playing": "B",
        "first_dealer": "A",
        "deals": [{"exchange": {"B": 7}}],
    }
    assert problems_of(chouette(exchange)) == [
        "partie 1: deal 1: exchange.B must be 1 to 5 cards, not 7"
    ]


def test_a_hand_thrown_in_in_the_last_deal() -> None:
    # Five deals: A 100, B 60. In the sixth, B (elder: A deals the even deals) throws
    # in: A counts 13 for the tricks and 10 for the cards. A 123 v 60: 60 + 123 + 100.
    deals = [{"entered": {"A": 20, "B": 12}}] * 5 + [{"throw_in": "B"}]
    answer = score_record2(
        chouette({"single": "A", "playing": "B", "first_dealer": "B", "deals": deals})
    )
    assert answer["parties"][0]["score"]["totals"] == {"A": 123, "B": 60}
    assert answer["parties"][0]["points"] == 283
    assert answer["card"][0]["entries"] == {"A": 56, "B": -28, "C": -28}
