"""The order of reckoning: partly played deals, the moment of a pique, lines."""

from __future__ import annotations

from scorer import score_record
from scorer.sitting import sitting
from tests.scorer.helpers import entered, lines_of, record

ELDER_26 = {
    "elder": {
        "point": {"cards": 6},
        "sequences": [{"length": 6, "top": "A"}],
        "sets": [{"count": 3, "rank": "A"}],
    }
}


def test_a_pique_shows_the_moment_it_happens() -> None:
    # 6 + 16 + 3 = 25 in hand: the fifth lead makes 30.
    for played, pique in ((4, None), (5, "Anne")):
        score = score_record(record({"declared": ELDER_26, "tricks": "E" * played}))
        deal = score["deals"][0]
        assert deal["complete"] is False
        assert deal["bonuses"]["pique"] == pique


def test_younger_winning_a_trick_before_thirty_saves_the_pique() -> None:
    score = score_record(record({"declared": ELDER_26, "tricks": "EEEYEEEEEEEE"}))
    assert score["deals"][0]["bonuses"]["pique"] is None


def test_a_younger_point_blocks_elder_repique_even_with_30_in_sequences_and_sets() -> None:
    deal = {
        "declared": {
            "elder": {
                "point": {"cards": 5},
                "sequences": [{"length": 6, "top": "A"}],
                "sets": [{"count": 4, "rank": "K"}],
            },
            "younger": {"point": {"cards": 6}},
        }
    }
    score = score_record(record(deal))
    assert score["deals"][0]["bonuses"] == {"repique": None, "pique": None, "capot": None}
    assert score["deals"][0]["scores"] == {"Anne": 30, "Ben": 6}


def test_lines_come_in_reckoning_order() -> None:
    deal = {"carte_blanche": ["younger"], "declared": ELDER_26, "tricks": "EEEEEEEYYYYY"}
    order = [cat for _who, cat, _p in lines_of(score_record(record(deal)))]
    assert order == ["carte_blanche", "point", "sequences", "sets", "play", "play", "cards"]


def test_play_lines_explain_the_count() -> None:
    score = score_record(record({"tricks": "EYYEEEEEEEEE"}))
    lines = score["deals"][0]["lines"]
    whys = {ln["player"]: ln["why"] for ln in lines if ln["category"] == "play"}
    assert whys["Anne"] == "Play: 10 for leading, 1 for winning Ben's lead, 1 for the last trick"
    assert whys["Ben"] == "Play: 2 for leading, 1 for winning Anne's lead"


def test_french_whys_use_the_french_words() -> None:
    deal = {"declared": ELDER_26, "tricks": "E" * 5}
    whys = [ln["why"] for ln in score_record(record(deal), lang="fr")["deals"][0]["lines"]]
    assert any(w.startswith("Sixième à l'as") for w in whys)
    assert any(w.startswith("Pic\u202f:") for w in whys)


def test_a_sitting_keeps_a_running_net() -> None:
    first = score_record(record(*[entered(30, 10), entered(10, 30)] * 3))
    second = score_record(record(*[entered(10, 30), entered(30, 10)] * 3))
    rows = sitting([first, second, first])
    assert [r.winner for r in rows] == ["Anne", "Ben", "Anne"]
    settled = first["result"]["points"]
    assert rows[-1].net == {
        "Anne": settled - second["result"]["points"] + settled,
        "Ben": -(settled - second["result"]["points"] + settled),
    }


def test_the_settlement_is_explained_with_its_arithmetic() -> None:
    from scorer.explain import explain_result

    rubiconed = score_record(record(*[entered(30, 10), entered(10, 30)] * 3))
    # Anne 180, Ben 60: rubiconed.
    assert explain_result(rubiconed) == ["Anne wins 340", "Ben is rubiconed: 180 + 60 + 100 = 340"]
    crossed = score_record(record(*[entered(30, 20), entered(20, 30)] * 3))
    assert explain_result(crossed) == ["Anne wins 160 = 180 - 120 + 100"]
    assert explain_result(crossed, lang="fr") == ["Anne gagne 160 = 180 - 120 + 100"]
    au_cent = score_record(record(entered(60, 10), entered(10, 45), game="au-cent"))
    assert explain_result(au_cent, "au-cent") == [
        "Anne wins 170 = 2 x (105 - 20)",
        "Double game: Ben was under 50",
    ]
    drawn = score_record(record(*[entered(20, 20)] * 8))
    assert explain_result(drawn) == ["The partie is drawn: 160 all"]
    assert explain_result(score_record(record(entered(1, 1)))) == []


def test_equal_classes_are_explained_only_when_notes_are_asked_for() -> None:
    deal = {
        "declared": {
            "elder": {"point": {"cards": 5, "value": 49}, "sequences": [{"length": 4, "top": "K"}]},
            "younger": {
                "point": {"cards": 5, "value": 49},
                "sequences": [{"length": 4, "top": "K"}],
            },
        }
    }
    plain = score_record(record(deal))
    assert plain["deals"][0]["lines"] == []
    taught = score_record(record(deal), notes=True)["deals"][0]["lines"]
    assert [(ln["category"], ln["points"]) for ln in taught] == [("point", 0), ("sequences", 0)]
    assert taught[0]["why"] == "Points equal, five making 49 each: nobody scores the point"
    assert taught[1]["why"] == (
        "Sequences equal, a quart to the king each: nobody scores for sequences"
    )
    assert taught == score_record(record(deal), notes=True)["deals"][0]["lines"]
    assert plain["totals"] == {"Anne": 0, "Ben": 0}
