"""Scoring an action reckons the deal in play alone: the same answers as the whole record.

`play(record, action, score)` takes up the deals before the deal in play from
`score` (a `scorer.score.Score`, as `score_or_refuse` gives it) and reckons only
the last deal. Given a plain dict instead, it scores the whole record, as it
always did. Random legal parties of every game, with stray actions mixed in
(some refused, some accepted), must give the same record, the same score and
the same refusals both ways, and the score of a whole-record scoring.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer import score_record
from scorer.actions import new_record, play, record_to_actions, replay, score_or_refuse
from scorer.errors import ActionError
from scorer.score import Score, rescore
from tests.scorer.strategies import legal_deal

STRAY: list[dict[str, Any]] = [
    {"next_deal": True},
    {"trick": "E"},
    {"trick": "Y"},
    {"entered": {"elder": 30, "younger": 12}},
    {"entered": {"elder": 0, "younger": 95}},
    {"entry": "totals"},
    {"entry": "dialogue"},
    {"throw_in": "younger"},
    {"carte_blanche": "elder"},
    {"declare": "point", "by": "elder", "cards": 5, "value": 49},
    {"declare": "sequence", "by": "younger", "length": 8, "top": "A"},
    {"declare": "set", "by": "elder", "count": 4, "rank": "A"},
    {"exchange": "elder", "cards": 5},
]


@st.composite
def parties(draw: st.DrawFn) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A partie's header and its actions: legal deals (played, entered as totals, or
    winners only), the last one maybe unfinished, and stray actions among them."""
    game = draw(st.sampled_from(["rubicon", "four-deal", "au-cent"]))
    variants = {"stop_at_target": True} if game == "au-cent" and draw(st.booleans()) else {}
    deals = []
    for _ in range(draw(st.integers(1, 8))):
        kind = draw(st.sampled_from(["played", "entered", "winners"]))
        if kind == "played":
            deals.append(draw(legal_deal(complete=True)))
        elif kind == "entered":
            deals.append(
                {
                    "entered": {
                        "elder": draw(st.integers(0, 60)),
                        "younger": draw(st.integers(0, 60)),
                    }
                }
            )
        else:
            deals.append(
                {"tricks": "".join(draw(st.lists(st.sampled_from("EY"), min_size=12, max_size=12)))}
            )
    header = new_record(["Anne", "Ben"], "Ben", game, variants)
    actions = record_to_actions({**header, "deals": deals})
    mixed = []
    for action in actions:
        if draw(st.integers(0, 9)) == 0:
            mixed.append(draw(st.sampled_from(STRAY)))
        mixed.append(action)
    return header, mixed


def _played(
    record: dict[str, Any], action: dict[str, Any], score: dict[str, Any]
) -> tuple[dict[str, Any], dict[str, Any]] | str:
    try:
        return play(record, action, score)
    except ActionError as error:
        return f"refused: {error}"


@settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(partie=parties())
def test_the_deal_in_play_alone_scores_as_the_whole_record(
    partie: tuple[dict[str, Any], list[dict[str, Any]]],
) -> None:
    header, actions = partie
    record, score = header, score_or_refuse(header)
    accepted = []
    for action in actions:
        assert isinstance(score, Score)  # what play gives, play takes up
        fast = _played(record, action, score)
        whole = _played(record, action, dict(score))  # a plain dict: the whole record
        assert fast == whole
        if isinstance(fast, str):
            continue
        record, score = fast
        accepted.append(action)
        assert score == score_record(record)
    assert record == replay(header, accepted)


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(partie=parties())
def test_the_record_one_action_back_scores_from_the_later_score(
    partie: tuple[dict[str, Any], list[dict[str, Any]]],
) -> None:
    """What the journal asks when it folds a finished partie: the partie one action
    before, reckoned from the later score (its deals but the last are the same)."""
    header, actions = partie
    record, score = header, score_or_refuse(header)
    for action in actions:
        played = _played(record, action, score)
        if isinstance(played, str):
            continue
        assert rescore(record, played[1]) == score
        record, score = played


def test_a_score_in_french_or_with_notes_is_not_taken_up() -> None:
    """Only the engine's own English answer is taken up: a kiosk's French score with
    notes gives an English score without them, as the whole record would."""
    header = new_record(["Anne", "Ben"], "Ben")
    deals = [{"entered": {"elder": 30, "younger": 12}}, {"tricks": "EYEYEYEYEYEY"}]
    record = {**header, "deals": deals}
    french = score_record(record, "fr", notes=True)
    new, score = play(record, {"next_deal": True}, french)
    assert score == score_record(new)
    assert not isinstance(french, Score) and isinstance(score, Score)
