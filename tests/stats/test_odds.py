"""The Rubicon odds: the stored table is what the simulation makes, it agrees
with an independent sample within a sound bound, and `needs` says the right
numbers."""

from __future__ import annotations

import importlib.util
import json
import math
from importlib import resources
from pathlib import Path

import pytest

from scorer import score_record
from scorer.cards import Card
from scorer.hand import is_carte_blanche
from scorer.odds import (
    DATA_FILE,
    OddsTable,
    chance,
    frequency_words,
    needs,
    odds_table,
    rubicon_needs,
    tables_from_counts,
)
from scorer.odds_simulation import (
    Counts,
    follow_card,
    lead_card,
    one_deal_record,
    policy_deal,
    simulate,
    simulate_chunk,
)

REPO = Path(__file__).resolve().parents[2]
ROLES = ("elder", "younger")


@pytest.fixture(scope="module")
def stored() -> dict:
    text = resources.files("scorer").joinpath("data", DATA_FILE).read_text(encoding="utf-8")
    return json.loads(text)


def _build_module():
    spec = importlib.util.spec_from_file_location("build_odds", REPO / "scripts" / "build_odds.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --- the stored table came from this code ------------------------------------------


def test_stored_first_chunk_is_replayed_exactly(stored):
    """Chunk 0 of the stored build, played again from its seed, gives the same counts."""
    again = simulate_chunk(stored["seed"], 0, stored["chunk_size"])
    assert again.to_json() == stored["first_chunk"]


def test_stored_counts_and_tables_hang_together(stored):
    counts = stored["counts"]
    assert counts["deals"] == stored["deals"] == stored["chunks"] * stored["chunk_size"]
    for key in ("elder", "younger", "difference"):
        assert sum(counts[key]) == counts["deals"]
        assert all(
            whole >= part
            for whole, part in zip(counts[key], stored["first_chunk"][key], strict=True)
        )
    assert stored["tables"] == tables_from_counts(counts)
    table = odds_table()
    assert table.deals == stored["deals"]
    for role in ROLES:
        published = stored["tables"][role]
        assert len(published["at_least"]) == 174  # n = 0..173
        for n in (0, 10, 37, 100, 173):
            assert table.at_least(role, n) == pytest.approx(published["at_least"][n], abs=1e-6)
            assert table.standard_error(role, n) == pytest.approx(
                published["standard_error"][n], abs=1e-6
            )
        margins = stored["tables"][f"{role}_margin"]["at_least"]
        for n in (0, 20, 60):
            assert table.margin_at_least(role, n) == pytest.approx(margins[n], abs=1e-6)


def test_a_seeded_build_is_reproduced_by_the_same_code_path():
    build = _build_module().build
    first, second = build(300, seed=7, chunk_size=100), build(300, seed=7, chunk_size=100)
    assert first == second
    assert first["first_chunk"] == simulate_chunk(7, 0, 100).to_json()
    other = build(300, seed=8, chunk_size=100)
    assert other["counts"] != first["counts"]
    # the tables are what the counts say, counted here the plain way
    counts = first["counts"]
    for role in ROLES:
        for n in (0, 5, 25, 40):
            plain = sum(k for points, k in enumerate(counts[role]) if points >= n) / 300
            assert first["tables"][role]["at_least"][n] == pytest.approx(plain, abs=1e-6)


# --- the stored table agrees with an independent sample -------------------------------

INDEPENDENT_SEED = 20_261_123  # not the stored build's seed: other deals entirely
INDEPENDENT_DEALS = 3_000
ALPHA = 1e-6  # the chance that a correct table fails each bound below


def _dkw(deals: int) -> float:
    """Dvoretzky-Kiefer-Wolfowitz (Massart's constant): the empirical CDF of
    `deals` draws is within this of the true one everywhere, with probability
    at least 1 - ALPHA."""
    return math.sqrt(math.log(2 / ALPHA) / (2 * deals))


@pytest.fixture(scope="module")
def independent() -> dict:
    total, _ = simulate(INDEPENDENT_SEED, INDEPENDENT_DEALS // 1000, 1000)
    return tables_from_counts(total.to_json())


@pytest.mark.parametrize("table", ["elder", "younger", "elder_margin", "younger_margin"])
def test_stored_table_within_a_simultaneous_bound_of_an_independent_sample(
    stored, independent, table
):
    """Both samples come from the same distribution, so by DKW applied to each,
    sup_n |P_stored(>=n) - P_sample(>=n)| <= eps_N + eps_m (failure <= 2*ALPHA)."""
    bound = _dkw(stored["deals"]) + _dkw(INDEPENDENT_DEALS)
    mine = stored["tables"][table]["at_least"]
    theirs = independent[table]["at_least"]
    worst = max(abs(a - b) for a, b in zip(mine, theirs, strict=True))
    assert worst <= bound, (table, worst, bound)


@pytest.mark.parametrize("role", ROLES)
def test_each_frequency_within_its_stated_error(stored, independent, role):
    """Per n, the difference of two independent estimates has standard error
    sqrt(se_stored^2 + p(1-p)/m); 5.6 of those is a two-sided 2e-8 chance, and
    a Bonferroni sum over the 174 values stays under 4e-6."""
    published = stored["tables"][role]
    for n in range(174):
        p = published["at_least"][n]
        se = math.sqrt(published["standard_error"][n] ** 2 + p * (1 - p) / INDEPENDENT_DEALS)
        floor = 1 / INDEPENDENT_DEALS  # a frequency of 0 in the smaller sample is not evidence
        assert abs(p - independent[role]["at_least"][n]) <= 5.6 * se + floor, (role, n)


def test_carte_blanche_as_often_as_the_pack_says(stored):
    """A check of the dealing: a hand of 12 from 32 without K, Q, J has
    probability C(20,12)/C(32,12); the stored count is within 5 sigma."""
    p = math.comb(20, 12) / math.comb(32, 12)
    hands = 2 * stored["deals"]
    seen = stored["counts"]["bonuses"]["carte_blanche_elder"]
    seen += stored["counts"]["bonuses"]["carte_blanche_younger"]
    assert abs(seen - hands * p) <= 5 * math.sqrt(hands * p * (1 - p))


# --- the policy plays legal cards and the engine scores them ----------------------


def test_policy_deals_are_legal_and_scored_by_the_engine():
    import random

    rng = random.Random(3)
    for _ in range(40):
        deal = policy_deal(rng)
        score = score_record(one_deal_record(deal))  # validates every card played
        (scored,) = score["deals"]
        assert scored["complete"]
        assert len(deal["tricks"]) == 12
        for role in ROLES:
            hand = [Card.parse(c) for c in deal["hands"][role]]
            assert len(set(hand)) == 12
        for role in deal.get("carte_blanche", []):
            assert role in ROLES
        assert all(0 <= points <= 173 for points in scored["scores"].values())


def test_lead_and_follow_rules():
    hand = [Card.parse(c) for c in ["AS", "9S", "8S", "KH", "QH", "JH", "10H", "7D"]]
    assert str(lead_card(hand)) == "KH"  # longest suit, its highest card
    assert str(follow_card(hand, Card.parse("JS"))) == "AS"  # the lowest that wins
    assert str(follow_card(hand, Card.parse("AH"))) == "10H"  # cannot win: the lowest
    assert str(follow_card(hand, Card.parse("9C"))) == "7D"  # void: the lowest card
    assert not is_carte_blanche(hand)


# --- needs ---------------------------------------------------------------------------


def _record(deals: list[dict], game: str = "rubicon") -> dict:
    return {
        "format": "piquet-record/1",
        "game": game,
        "players": ["Anne", "Bruno"],
        "first_dealer": "Anne",
        "deals": deals,
    }


def _entered(elder: int, younger: int) -> dict:
    return {"entered": {"elder": elder, "younger": younger}}


# Bruno is Elder in deals 1, 3, 5; Anne in 2, 4, 6 (Anne deals first).
FIVE_DEALS = [_entered(5, 40), _entered(30, 10), _entered(6, 35), _entered(30, 12), _entered(12, 3)]


def test_last_deal_need_and_its_frequency():
    score = score_record(_record(FIVE_DEALS))
    bruno = sum(d["scores"]["Bruno"] for d in score["deals"])
    anne = sum(d["scores"]["Anne"] for d in score["deals"])
    assert bruno < 100 and anne > bruno
    found = rubicon_needs(score)
    rubicon = next(n for n in found if n.kind == "rubicon")
    assert (rubicon.player, rubicon.points, rubicon.roles) == ("Bruno", 100 - bruno, ("younger",))
    table = odds_table()
    assert rubicon.chance == pytest.approx(table.at_least("younger", 100 - bruno))
    win = next(n for n in found if n.kind == "win")
    assert win.points == anne - bruno + 1
    assert win.chance == pytest.approx(table.margin_at_least("younger", anne - bruno + 1))
    text = needs(score, "en")
    assert text[0].startswith(f"Bruno needs {100 - bruno} in the last deal to cross the Rubicon: ")
    assert "to Younger." in text[0]
    assert text[1].startswith(f"To win, Bruno must outscore Anne by {anne - bruno + 1} ")
    french = needs(score, "fr")
    assert f"Bruno doit marquer {100 - bruno} dans la dernière donne" in french[0]
    assert "franchir le Rubicon" in french[0] and "au dernier" in french[0]


def test_during_the_last_deal_the_need_stands_and_so_far_is_said():
    before = score_record(_record(FIVE_DEALS))
    during = score_record(_record([*FIVE_DEALS, {"tricks": "YYY"}]))
    need_before = rubicon_needs(before)[0]
    need_during = rubicon_needs(during)[0]
    assert need_during.points == need_before.points
    assert need_during.so_far == during["deals"][-1]["scores"]["Bruno"] > 0
    assert f"({need_during.so_far} so far)" in needs(during)[0]


def test_two_deals_combine_by_convolution():
    score = score_record(_record(FIVE_DEALS[:4]))
    found = rubicon_needs(score)
    rubicon = next(n for n in found if n.kind == "rubicon")
    assert rubicon.deals == 2 and set(rubicon.roles) == {"elder", "younger"}
    table = odds_table()
    # P(E + Y >= n) summed the other way round: over Elder's points, the tail of Younger's
    n = rubicon.points
    elder = table.points("elder")
    direct = sum(p * table.at_least("younger", n - a) for a, p in enumerate(elder))
    assert rubicon.chance == pytest.approx(direct, abs=1e-9)
    assert "in the last two deals" in needs(score)[0]


def test_four_deal_last_deal_counts_double():
    score = score_record(
        _record([_entered(10, 40), _entered(30, 10), _entered(5, 50)], "four-deal")
    )
    rubicon = next(n for n in rubicon_needs(score) if n.kind == "rubicon")
    assert rubicon.multipliers == (2,)
    assert rubicon.chance == pytest.approx(
        odds_table().at_least(rubicon.roles[0], math.ceil(rubicon.points / 2))
    )
    assert "(it counts double)" in needs(score)[0]


def test_nothing_to_say_early_or_when_finished_or_au_cent():
    assert needs(score_record(_record(FIVE_DEALS[:2]))) == []
    finished = score_record(_record([*FIVE_DEALS, _entered(3, 3)]))
    assert finished["finished"] and needs(finished) == []
    au_cent = score_record(_record([_entered(20, 30)] * 2, "au-cent"))
    assert needs(au_cent, game="au-cent") == []


def test_beyond_reach_is_said_plainly():
    score = score_record(_record([_entered(150, 0), _entered(0, 150)] * 2 + [_entered(150, 0)]))
    text = needs(score)
    assert any("can no longer win" in line for line in text)
    assert all(n.possible == (n.kind == "rubicon") for n in rubicon_needs(score))


def test_house_rules_give_the_need_without_a_frequency():
    score = score_record(_record(FIVE_DEALS))
    found = rubicon_needs(score, variants={"trick_count": "american"})
    assert all(n.chance is None for n in found)
    assert needs(score, variants={"trick_count": "american"})[0].endswith("Rubicon.")


def test_chance_falls_as_the_need_grows():
    for roles in (("elder",), ("younger",), ("elder", "younger")):
        values = [chance(n, roles, (1,) * len(roles)) for n in range(0, 200, 7)]
        assert values == sorted(values, reverse=True)
        assert values[0] == pytest.approx(1.0)


def test_frequency_words():
    assert frequency_words(0.25, "deal", "en", 1000) == ("about 1 deal in 4", False)
    assert frequency_words(0.7, "deal", "en", 1000) == ("about 7 deals in 10", True)
    assert frequency_words(0.0, "deal", "en", 250000)[0] == "fewer than 1 deal in 250,000"
    assert frequency_words(0.25, "time", "fr", 1000)[0] == "environ 1 fois sur 4"
    assert frequency_words(1 / 437, "deal", "en", 1000)[0] == "about 1 deal in 440"


def test_a_table_from_counts_reads_back():
    counts = Counts()
    counts.add(30, 10, {"repique": None, "pique": "elder", "capot": None}, ())
    counts.add(10, 30, {"repique": None, "pique": None, "capot": None}, ())
    table = OddsTable.from_json({"format": "piquet-rubicon-odds/1", "counts": counts.to_json()})
    assert table.at_least("elder", 11) == 0.5
    assert table.margin_at_least("younger", 20) == 0.5
    assert table.margin_at_least("elder", 21) == 0.0


def test_the_bound_has_power_elder_and_younger_tell_apart(stored, independent):
    """The bound is not vacuous: Elder's stored table against Younger's sample fails it."""
    bound = _dkw(stored["deals"]) + _dkw(INDEPENDENT_DEALS)
    mine = stored["tables"]["elder"]["at_least"]
    theirs = independent["younger"]["at_least"]
    assert max(abs(a - b) for a, b in zip(mine, theirs, strict=True)) > 2 * bound


def test_the_examples_in_the_docs_are_what_the_code_says():
    # Bruno 63, Anne 108 after five deals; Bruno is Younger in the sixth
    deals = [_entered(20, 30), _entered(30, 13), _entered(20, 30), _entered(18, 10)]
    deals.append(_entered(0, 0))
    score = score_record(_record(deals))
    assert score["totals"] == {"Anne": 108, "Bruno": 63}
    text = (REPO / "docs" / "odds.md").read_text(encoding="utf-8")
    quoted = " ".join(
        line.removeprefix(">").strip() for line in text.splitlines() if line.startswith(">")
    )
    for sentence in needs(score, "en"):
        assert sentence in quoted
