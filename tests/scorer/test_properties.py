"""Random legal deals: the engine never crashes and the laws hold."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer import score_record
from scorer.variants import TRICK_COUNTS
from tests.scorer.helpers import record
from tests.scorer.strategies import legal_deal, rich_deal

HAND_CLASS = {"carte_blanche": 1, "carte_rouge": 1, "point": 2, "sequences": 3, "sets": 4}
PROPERTY = settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _winners(deal: dict[str, Any]) -> list[str]:
    return [t["winner"] for t in deal["tricks"]]


def _oracle_play(winners: list[str]) -> dict[str, int]:
    """Law 65 counted the plain way: 1 per lead, 1 per winning of the opponent's
    lead, 1 more for the last trick."""
    points = {"E": 0, "Y": 0}
    leader = "E"
    for index, winner in enumerate(winners):
        points[leader] += 1
        if winner != leader:
            points[winner] += 1
        if index == 11:
            points[winner] += 1
        leader = winner
    return points


def _check_laws(deal_in: dict[str, Any], scored: dict[str, Any]) -> None:
    elder, younger = scored["elder"], scored["younger"]
    lines = scored["lines"]
    by_role = {elder: "E", younger: "Y"}
    cats = [ln["category"] for ln in lines]
    # Every line explains itself; the lines add up to the deal's scores.
    assert all(ln["why"] for ln in lines)
    for name in (elder, younger):
        assert sum(ln["points"] for ln in lines if ln["player"] == name) == scored["scores"][name]
    # No deal above 173, nor above 170 without a carte blanche.
    top = 173 if "carte_blanche" in cats else 170
    assert max(scored["scores"].values()) <= top
    # The cards and capot exclude each other; capot exactly when one wins all 12.
    assert not ("cards" in cats and "capot" in cats)
    winners = _winners(deal_in)
    capot = len(winners) == 12 and len(set(winners)) == 1
    assert (scored["bonuses"]["capot"] is not None) == capot
    if len(winners) == 12 and not capot:
        majority = max(winners.count("E"), winners.count("Y"))
        assert ("cards" in cats) == (majority > 6)
    # Play follows Law 65, trick by trick.
    play = {by_role[ln["player"]]: ln["points"] for ln in lines if ln["category"] == "play"}
    expected = {k: v for k, v in _oracle_play(winners).items() if v}
    assert play == expected
    # Pique and repique: never both to one player; never a Younger pique.
    bonuses = scored["bonuses"]
    assert not (bonuses["pique"] and bonuses["pique"] == bonuses["repique"])
    assert bonuses["pique"] in (None, elder)
    # Repique in Law 67 order: 30 in hand from classes that reckon before anything the
    # opponent scores.
    hand = [ln for ln in lines if ln["category"] in HAND_CLASS]
    for name, opponent in ((elder, younger), (younger, elder)):
        first = min(
            (HAND_CLASS[ln["category"]] for ln in hand if ln["player"] == opponent), default=9
        )
        early = sum(
            ln["points"]
            for ln in hand
            if ln["player"] == name and HAND_CLASS[ln["category"]] < first
        )
        assert (bonuses["repique"] == name) == (early >= 30), (name, early, first)
    # Pique: Elder reaches 30 with hand and play before Younger scores at all.
    if bonuses["repique"] is None:
        total = sum(ln["points"] for ln in hand if ln["player"] == elder)
        younger_hand = sum(ln["points"] for ln in hand if ln["player"] == younger)
        reached = False
        leader = "E"
        for index, winner in enumerate(winners):
            if younger_hand or reached:
                break
            if leader == "E":
                total += 1
                reached = total >= 30
            if reached:
                break
            if winner != leader:
                if winner == "Y":
                    break
                total += 1
            if index == 11:
                if winner == "Y":
                    break
                total += 1
            reached = total >= 30
            leader = winner
        assert (bonuses["pique"] == elder) == reached


@PROPERTY
@given(deal=legal_deal())
def test_random_legal_deals_obey_the_laws(deal: dict[str, Any]) -> None:
    scored = score_record(record(deal))["deals"][0]
    assert scored["complete"] == (len(deal["tricks"]) == 12)
    _check_laws(deal, scored)


@PROPERTY
@given(deal=rich_deal())
def test_big_hands_obey_the_laws(deal: dict[str, Any]) -> None:
    _check_laws(deal, score_record(record(deal))["deals"][0])


@PROPERTY
@given(deal=legal_deal(complete=True))
def test_complete_random_deals_obey_the_laws(deal: dict[str, Any]) -> None:
    _check_laws(deal, score_record(record(deal))["deals"][0])


@PROPERTY
@given(
    data=st.data(),
    trick_count=st.sampled_from(TRICK_COUNTS),
    carte_rouge=st.sampled_from([None, 20]),
    void=st.booleans(),
    no_tens=st.booleans(),
    four=st.booleans(),
)
def test_random_deals_under_any_house_rules_never_crash(
    data: st.DataObject,
    trick_count: str,
    carte_rouge: int | None,
    void: bool,
    no_tens: bool,
    four: bool,
) -> None:
    variants = {
        "trick_count": trick_count,
        "carte_rouge": carte_rouge,
        "void_suit_point": void,
        "sets_without_tens": no_tens,
        "point_ending_in_four": four,
    }
    deal = data.draw(legal_deal(void_suit_point=void, sets_without_tens=no_tens))
    score = score_record(record(deal, variants=variants))
    scored = score["deals"][0]
    cats = [ln["category"] for ln in scored["lines"]]
    assert not ("cards" in cats and "capot" in cats)
    assert scored["bonuses"]["pique"] in (None, scored["elder"])
    assert not (
        scored["bonuses"]["pique"] and scored["bonuses"]["pique"] == scored["bonuses"]["repique"]
    )
    for name in score["players"]:
        assert (
            sum(ln["points"] for ln in scored["lines"] if ln["player"] == name)
            == scored["scores"][name]
        )


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, 173), st.integers(0, 173)), min_size=6, max_size=8))
def test_rubicon_settlement_follows_laws_72_and_73(totals: list[tuple[int, int]]) -> None:
    deals = [{"entered": {"elder": e, "younger": y}} for e, y in totals]
    try:
        score = score_record(record(*deals))
    except ValueError:
        return  # more deals than the partie allows: refused, as it should be
    if not score["finished"]:
        return
    result, (a, b) = score["result"], score["totals"].values()
    if result["draw"]:
        assert a == b and result["points"] == 0
        return
    high, low = max(a, b), min(a, b)
    assert result["points"] == (high - low + 100 if low >= 100 else high + low + 100)
    assert result["rubicon"] == (low < 100)
