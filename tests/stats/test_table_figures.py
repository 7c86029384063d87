"""`scorer.stats.game_figures` on the shapes of the four larger forms' scores
(`piquet-score/2`), cut down to what it reads, with the figures worked out by
hand: whose deal a deal is, and who ended a game ahead."""

from __future__ import annotations

from scorer.stats import TableFigures, game_figures


def deal(scores: dict[str, int], complete: bool = True, multiplier: int = 1) -> dict:
    return {"scores": scores, "complete": complete, "multiplier": multiplier}


def test_voleur_partners_share_their_sides_deals_and_its_win():
    score = {
        "players": ["Anne", "Ben", "Cleo", "Dan"],
        "sides": [
            {"id": "AC", "players": ["Anne", "Cleo"]},
            {"id": "BD", "players": ["Ben", "Dan"]},
        ],
        "deals": [deal({"AC": 18, "BD": 11}), deal({"AC": 30, "BD": 12}), deal({}, False)],
        "finished": True,
        "settlement": {"Anne": 25, "Cleo": 25, "Ben": -25, "Dan": -25},
    }
    found = game_figures(score)
    assert found["Cleo"] == TableFigures(1, 1, 1, 25, 2, 48, 30)
    assert found["Dan"] == TableFigures(1, 1, 0, -25, 2, 23, 12)


def test_a_deal_of_a_ecrire_is_its_two_players_only():
    score = {
        "players": ["Anne", "Ben", "Cleo"],
        "deals": [deal({"Anne": 33, "Cleo": 6}), deal({"Ben": 20, "Cleo": 14})],
        "finished": False,
        "settlement": {"Anne": 0, "Ben": 0, "Cleo": 0},
    }
    found = game_figures(score)
    assert found["Anne"] == TableFigures(1, 0, 0, 0, 1, 33, 33)
    assert found["Cleo"] == TableFigures(1, 0, 0, 0, 2, 20, 14)
    assert found["Cleo"].average() == 10.0


def test_a_chouette_sittings_deals_are_its_parties_deals_at_their_own_points():
    score = {
        "players": ["Anne", "Ben", "Cleo"],
        "parties": [
            {
                "score": {
                    "deals": [deal({"Anne": 10, "Ben": 60}), deal({"Anne": 40, "Ben": 20}, True, 2)]
                }
            },
            {"score": {"deals": [deal({"Ben": 30, "Cleo": 12})]}},
        ],
        "finished": True,
        "settlement": {"Anne": -82, "Ben": 41, "Cleo": 41},
    }
    found = game_figures(score)
    # the doubled deal counts at what the cards gave (40 // 2, 20 // 2), as between two
    assert found["Anne"] == TableFigures(1, 1, 0, -82, 2, 30, 20)
    assert found["Ben"] == TableFigures(1, 1, 1, 41, 3, 100, 60)
    assert found["Cleo"] == TableFigures(1, 1, 1, 41, 1, 12, 12)  # advised, then played


def test_figures_add_up_and_keep_the_larger_best():
    a, b = TableFigures(1, 1, 1, 20, 2, 30, 25), TableFigures(1, 0, 0, 0, 1, 40, 40)
    assert a + b == TableFigures(2, 1, 1, 20, 3, 70, 40)
    assert TableFigures.from_sums((a + b).to_sums(), 40) == a + b
