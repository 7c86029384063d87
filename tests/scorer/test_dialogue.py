"""The spoken declarations (scorer.dialogue) and where a deal stands (scorer.progress)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer import ActionError, score_record
from scorer.actions import apply_action, new_record
from scorer.combinations import Holding
from scorer.hand import holding_of
from scorer.progress import progress
from scorer.protocol import find_form
from tests.scorer.helpers import record
from tests.scorer.strategies import dealt_hands

DONE = {"say": "done"}


def say(word: str, by: str | None = None, **params: Any) -> dict[str, Any]:
    return {"say": word, **({"by": by} if by else {}), **params}


def talk(*utterances: dict[str, Any], partie: dict | None = None) -> dict:
    partie = partie or new_record(["Anne", "Ben"], "Ben")
    for utterance in utterances:
        partie = apply_action(partie, utterance)
    return partie


def ask_of(partie: dict):
    return progress(partie).ask


def test_a_deal_starts_with_carte_blanche_then_the_exchange_then_the_point() -> None:
    partie = talk()
    assert (ask_of(partie).phase, ask_of(partie).step) == ("carte_blanche", "claims")
    partie = talk(DONE, partie=partie)
    assert ask_of(partie).phase == "exchange"
    partie = talk(DONE, partie=partie)
    ask = ask_of(partie)
    assert (ask.phase, ask.step, ask.who, ask.words) == (
        "point",
        "call",
        "elder",
        ("call", "nothing"),
    )


def test_an_unanswered_call_scores_nothing_until_younger_replies() -> None:
    partie = talk(DONE, DONE, say("call", "elder", cards=5))
    ask = ask_of(partie)
    assert (ask.step, ask.who, ask.words) == ("reply", "younger", ("good", "not_good", "making"))
    assert ask.standing == {"by": "elder", "cards": 5}
    assert score_record(partie)["totals"] == {"Anne": 0, "Ben": 0}
    partie = talk(say("good", "younger"), partie=partie)
    assert score_record(partie)["totals"] == {"Anne": 5, "Ben": 0}
    assert ask_of(partie).phase == "sequences"


def test_making_then_equal_scores_nobody() -> None:
    partie = talk(
        DONE,
        DONE,
        say("call", "elder", cards=5),
        say("making", "younger"),
        say("value", "elder", value=49),
    )
    assert ask_of(partie).words == ("good", "not_good", "equal")
    partie = talk(say("equal", "younger"), partie=partie)
    assert score_record(partie)["totals"] == {"Anne": 0, "Ben": 0}
    assert partie["deals"][0]["declared"] == {
        "elder": {"point": {"cards": 5, "value": 49}},
        "younger": {"point": {"cards": 5, "value": 49}},
    }


def test_not_good_with_a_longer_point() -> None:
    partie = talk(DONE, DONE, say("call", "elder", cards=5), say("not_good", "younger", cards=6))
    lines = score_record(partie)["deals"][0]["lines"]
    assert [(ln["player"], ln["points"], ln["why"]) for ln in lines] == [
        ("Ben", 6, "Point of six is good against five")
    ]


def test_how_high_brings_the_top_card_and_the_winner_adds_others() -> None:
    partie = talk(
        DONE,
        DONE,
        say("nothing", "elder"),
        say("nothing", "younger"),
        say("call", "elder", length=4),
        say("how_high", "younger"),
    )
    assert (ask_of(partie).step, ask_of(partie).who) == ("top", "elder")
    partie = talk(say("top", "elder", top="K"), say("not_good", "younger", top="A"), partie=partie)
    ask = ask_of(partie)
    assert (ask.step, ask.who, ask.good) == ("add", "younger", "younger")
    partie = talk(say("add", "younger", length=3, top="9"), DONE, partie=partie)
    assert ask_of(partie).phase == "sets"
    assert score_record(partie)["totals"] == {"Anne": 0, "Ben": 4 + 3}


def test_good_to_a_bare_sequence_asks_the_winner_for_its_top() -> None:
    partie = talk(
        DONE,
        DONE,
        say("call", "elder", cards=4),
        say("good", "younger"),
        say("call", "elder", length=5),
        say("good", "younger"),
    )
    assert (ask_of(partie).step, ask_of(partie).who) == ("top", "elder")
    assert score_record(partie)["totals"]["Anne"] == 4  # the quint is not shown yet
    partie = talk(say("top", "elder", top="Q"), partie=partie)
    assert score_record(partie)["totals"]["Anne"] == 4 + 15


def test_sets_and_the_play_follow() -> None:
    partie = talk(
        DONE,
        DONE,
        say("nothing", "elder"),
        say("nothing", "younger"),
        say("nothing", "elder"),
        say("nothing", "younger"),
        say("call", "elder", count=3, rank="K"),
        say("not_good", "younger", count=3, rank="A"),
        DONE,
    )
    assert ask_of(partie).phase == "play"
    assert progress(partie).leader == "elder"
    assert score_record(partie)["totals"] == {"Anne": 0, "Ben": 3}


@pytest.mark.parametrize(
    ("utterances", "message"),
    [
        ([say("good", "younger")], "does not fit now"),
        ([DONE, DONE, say("call", "younger", cards=5)], "elder's turn"),
        ([DONE, DONE, say("call", "elder", cards=5), say("how_high", "younger")], "does not fit"),
        (
            [DONE, DONE, say("call", "elder", cards=5), say("not_good", "younger", cards=5)],
            "Making?",
        ),
        (
            [DONE, DONE, say("call", "elder", cards=5), say("not_good", "younger", cards=4)],
            "longer",
        ),
        (
            [
                DONE,
                DONE,
                say("call", "elder", cards=3),
                say("making", "younger"),
                say("value", "elder", value=40),
            ],
            "cannot make 40",
        ),
        ([DONE, DONE, say("call", "elder", cards=9)], "cards must be 3 to 8"),
        ([DONE, DONE, say("shout", "elder")], "must be one of"),
    ],
)
def test_what_cannot_be_said_is_refused_and_changes_nothing(utterances: list, message: str) -> None:
    partie = talk(*utterances[:-1])
    with pytest.raises(ActionError, match=message):
        apply_action(partie, utterances[-1])


def test_nothing_is_said_once_play_has_begun() -> None:
    partie = apply_action(new_record(["Anne", "Ben"], "Ben"), {"trick": "E"})
    with pytest.raises(ActionError):
        apply_action(partie, DONE)


def test_a_deal_kept_with_declare_actions_is_picked_up_by_the_dialogue() -> None:
    partie = talk({"declare": "point", "by": "elder", "cards": 5})
    assert ask_of(partie).phase == "sequences"
    partie = talk(
        say("call", "elder", length=3, top="A"), say("good", "younger"), DONE, partie=partie
    )
    assert partie["deals"][0]["dialogue_from"] == "sequences"
    assert score_record(partie)["totals"]["Anne"] == 5 + 3
    assert ask_of(partie).phase == "sets"


def test_progress_through_a_partie_headers_and_lead() -> None:
    partie = talk({"trick": "E"}, {"trick": "Y"})
    where = progress(partie)
    assert (where.deal, where.regular_deals, where.dealer, where.elder) == (1, 6, "Ben", "Anne")
    assert (where.phase, where.tricks, where.leader) == ("play", 2, "younger")
    for winner in "EEEEEEEEEE":
        partie = apply_action(partie, {"trick": winner})
    assert progress(partie).phase == "deal_over"
    partie = apply_action(partie, {"next_deal": True})
    where = progress(partie)
    assert (where.deal, where.dealer, where.elder, where.phase) == (
        2,
        "Anne",
        "Ben",
        "carte_blanche",
    )


def test_throw_in_is_offered_in_the_last_deal_to_a_player_who_cannot_save_the_rubicon() -> None:
    deals = [{"entered": {"elder": 20, "younger": 0}}, {"entered": {"elder": 0, "younger": 20}}]
    partie = record(*(deals * 2), {"entered": {"elder": 20, "younger": 0}}, {})
    where = progress(partie)
    # Deal 6: Ben is elder with 0 points; Anne has 100.
    assert where.deal == 6 and where.elder == "Ben"
    assert where.may_throw_in == ("elder",)
    assert progress(record(*deals * 2, {})).may_throw_in == ()


def test_a_finished_partie_says_so() -> None:
    deals = [{"entered": {"elder": 30, "younger": 0}}, {"entered": {"elder": 0, "younger": 30}}]
    assert progress(record(*deals * 3)).phase == "partie_over"


# --- the dialogue spoken truthfully scores as the hands declared outright ----------


def _truthful(mine: Holding, theirs: Holding) -> list[dict[str, Any]]:
    """What two players holding these say when each declares everything."""
    out: list[dict[str, Any]] = [DONE, DONE]
    e, y = mine, theirs
    # the point
    assert e.point and y.point
    out.append(say("call", "elder", cards=e.point.cards))
    if y.point.cards < e.point.cards:
        out.append(say("good", "younger"))
    elif y.point.cards > e.point.cards:
        out.append(say("not_good", "younger", cards=y.point.cards, value=y.point.value))
    else:
        out += [say("making", "younger"), say("value", "elder", value=e.point.value)]
        word = {-1: "good", 0: "equal", 1: "not_good"}[
            (y.point.value > e.point.value) - (y.point.value < e.point.value)
        ]
        out.append(say(word, "younger", **({"value": y.point.value} if word == "not_good" else {})))
    out += _class_talk("sequences", e.sequences, y.sequences)
    out += _class_talk("sets", e.sets, y.sets)
    return out


def _class_talk(klass: str, e: tuple, y: tuple) -> list[dict[str, Any]]:
    def key(combination: Any) -> tuple:
        return combination.key()

    def params(combination: Any) -> dict[str, Any]:
        return combination.to_json()

    out: list[dict[str, Any]] = []
    best_e = max(e, key=key, default=None)
    best_y = max(y, key=key, default=None)
    if best_e is None:
        out.append(say("nothing", "elder"))
        if best_y is None:
            return [*out, say("nothing", "younger")]
        winner, best, rest = "younger", best_y, y
        out.append(say("call", "younger", **params(best_y)))
    else:
        out.append(say("call", "elder", **params(best_e)))
        if best_y is None or best_y.key() < best_e.key():
            winner, best, rest = "elder", best_e, e
            out.append(say("good", "younger"))
        elif best_y.key() == best_e.key():
            return [*out, say("equal", "younger")]
        else:
            winner, best, rest = "younger", best_y, y
            out.append(say("not_good", "younger", **params(best_y)))
    for other in sorted(rest, key=key, reverse=True):
        if other is not best:
            out.append(say("add", winner, **params(other)))
    return [*out, DONE]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(dealt=dealt_hands())
def test_truthful_dialogue_scores_like_declaring_outright(dealt: dict[str, Any]) -> None:
    hands = dealt["hands"]
    holdings = {role: holding_of(cards) for role, cards in hands.items()}
    spoken = talk(*_truthful(holdings["elder"], holdings["younger"]))
    outright = record(
        {
            "declared": {
                role: {
                    "point": h.point.to_json() if h.point else None,
                    "sequences": [s.to_json() for s in h.sequences],
                    "sets": [s.to_json() for s in h.sets],
                }
                for role, h in holdings.items()
            }
        }
    )
    assert score_record(spoken)["totals"] == score_record(outright)["totals"]
    assert progress(spoken).phase == "play"


def test_the_choices_offered_are_exactly_the_legal_ones() -> None:
    partie = talk(DONE)
    counts = progress(partie).exchange_counts
    assert counts == {"elder": (1, 2, 3, 4, 5)}  # Elder first: Younger's depend on his
    partie = talk({"exchange": "elder", "cards": 5}, partie=partie)
    assert progress(partie).exchange_counts == {"younger": (1, 2, 3)}
    partie = talk(DONE, say("call", "elder", cards=5), partie=partie)
    offered = progress(partie).choices
    assert offered["not_good"] == [{"cards": 6}, {"cards": 7}, {"cards": 8}]
    assert offered["good"] == [{}] and offered["making"] == [{}]
    partie = talk(say("making", "younger"), partie=partie)
    values = [v["value"] for v in progress(partie).choices["value"]]
    assert values == sorted(values) and min(values) == 44 and max(values) == 51
    partie = talk(say("value", "elder", value=50), partie=partie)
    assert progress(partie).choices["not_good"] == [{"value": 51}]


def test_every_offered_choice_is_accepted_by_the_engine() -> None:
    """Walk random paths through the dialogue taking only offered choices."""
    import random

    rng = random.Random(7)
    for _ in range(60):
        partie = talk(DONE, DONE)
        while progress(partie).phase in ("point", "sequences", "sets"):
            offered = progress(partie).choices
            word = rng.choice(sorted(offered))
            params = rng.choice(offered[word])
            ask = progress(partie).ask
            partie = apply_action(partie, say(word, ask.who, **params))
        assert progress(partie).phase == "play"


def _sets_talk(*utterances: dict[str, Any]) -> dict:
    """Point and sequences passed (nothing), then the sets' dialogue."""
    return talk(
        DONE,
        DONE,
        say("nothing", "elder"),
        say("nothing", "younger"),
        say("nothing", "elder"),
        say("nothing", "younger"),
        *utterances,
    )


def test_after_a_tierce_is_good_only_equal_or_lower_sequences_are_added() -> None:
    """Law 49: a caller found good reckons only combinations no higher than his
    call, unless the call was good against the cards (then behind its own choice)."""
    partie = talk(
        DONE,
        DONE,
        say("nothing", "elder"),
        say("nothing", "younger"),
        say("call", "elder", length=3),
        say("good", "younger"),
        say("top", "elder", top="K"),
    )
    where = progress(partie)
    assert (where.ask.step, where.ask.good_call) == ("add", {"length": 3, "top": "K"})
    added = where.choices["add"]
    assert added and all(p["length"] == 3 and p["top"] in ("K", "Q", "J", "10", "9") for p in added)
    beyond = where.additions_beyond
    assert {p["length"] for p in beyond} == {3, 4, 5, 6, 7, 8}
    assert all(p not in added for p in beyond)
    assert {"length": 3, "top": "A"} in beyond and {"length": 5, "top": "A"} in beyond
    # the engine still accepts a higher one (said after "good against the cards")
    apply_action(partie, say("add", "elder", length=5, top="A"))


def test_after_a_trio_of_queens_is_good_no_quatorze_is_offered() -> None:
    partie = _sets_talk(say("call", "elder", count=3, rank="Q"), say("good", "younger"))
    where = progress(partie)
    assert where.choices["add"] == [{"count": 3, "rank": "J"}, {"count": 3, "rank": "10"}]
    assert {"count": 4, "rank": "A"} in where.additions_beyond
    assert {"count": 3, "rank": "K"} in where.additions_beyond
    assert all(p["rank"] != "Q" for p in where.additions_beyond)  # queens are called


def test_the_answer_grid_keeps_its_places_and_disables_what_cannot_be_true() -> None:
    """Two different calls to answer: the same grid, different legal subsets."""
    kings = progress(_sets_talk(say("call", "elder", count=3, rank="K")))
    tens = progress(_sets_talk(say("call", "elder", count=3, rank="10")))
    assert kings.grid["not_good"] == tens.grid["not_good"]
    assert len(kings.grid["not_good"]) == 10
    for where in (kings, tens):
        assert all(p in where.grid["not_good"] for p in where.choices["not_good"])
    assert kings.choices["not_good"] != tens.choices["not_good"]
    assert {"count": 3, "rank": "Q"} not in kings.choices["not_good"]
    assert {"count": 3, "rank": "Q"} in tens.choices["not_good"]


# --- every tap one utterance (the kiosk journals each half of a two-part answer) ----


def test_not_good_said_alone_is_a_step_whose_next_utterance_names_what_beats_the_call() -> None:
    called = talk(DONE, DONE, say("call", "elder", cards=5))
    reply = progress(called)
    partie = talk(say("not_good", "younger"), partie=called)
    where = progress(partie)
    assert (where.ask.step, where.ask.who, where.ask.words) == (
        "not_good",
        "younger",
        ("not_good",),
    )
    assert where.ask.standing == {"by": "elder", "cards": 5}
    assert where.grid["not_good"] == reply.grid["not_good"]  # the same places
    assert where.choices["not_good"] == [{"cards": 6}, {"cards": 7}, {"cards": 8}]
    assert score_record(partie)["totals"] == {"Anne": 0, "Ben": 0}  # nothing settled yet
    with pytest.raises(ActionError, match="say what beats"):
        apply_action(partie, say("not_good", "younger"))
    two_steps = talk(say("not_good", "younger", cards=6), partie=partie)
    one_breath = talk(say("not_good", "younger", cards=6), partie=called)
    assert (
        score_record(two_steps)["totals"]
        == score_record(one_breath)["totals"]
        == {"Anne": 0, "Ben": 6}
    )
    assert progress(two_steps).phase == "sequences"


def test_not_good_alone_after_making_asks_for_a_better_value() -> None:
    partie = talk(
        DONE,
        DONE,
        say("call", "elder", cards=5),
        say("making", "younger"),
        say("value", "elder", value=49),
        say("not_good", "younger"),
    )
    where = progress(partie)
    assert where.ask.step == "not_good"
    assert [c["value"] for c in where.choices["not_good"]] == [50, 51]
    partie = talk(say("not_good", "younger", value=51), partie=partie)
    assert score_record(partie)["totals"] == {"Anne": 0, "Ben": 5}


def test_a_longer_sequence_is_good_at_once_and_its_top_is_asked_next() -> None:
    partie = talk(
        DONE,
        DONE,
        say("nothing", "elder"),
        say("nothing", "younger"),
        say("call", "elder", length=4),
        say("not_good", "younger"),
    )
    assert progress(partie).choices["not_good"] == [{"length": n} for n in (5, 6, 7, 8)]
    partie = talk(say("not_good", "younger", length=5), partie=partie)
    where = progress(partie)
    assert (where.ask.step, where.ask.who, where.ask.good) == ("top", "younger", "younger")
    assert where.ask.standing == {"by": "younger", "length": 5}
    assert [c["top"] for c in where.choices["top"]] == ["A", "K", "Q", "J"]  # a quint
    assert score_record(partie)["totals"] == {"Anne": 0, "Ben": 0}  # its top is not said
    partie = talk(say("top", "younger", top="A"), partie=partie)
    assert progress(partie).ask.step == "add"
    assert score_record(partie)["totals"] == {"Anne": 0, "Ben": 15}


def _tierce_to_the_king_is_good() -> dict:
    return talk(
        DONE,
        DONE,
        say("nothing", "elder"),
        say("nothing", "younger"),
        say("call", "elder", length=3),
        say("good", "younger"),
        say("top", "elder", top="K"),
    )


def test_a_sequence_added_in_two_steps_length_then_top() -> None:
    partie = talk(say("add", "elder", length=3), partie=_tierce_to_the_king_is_good())
    where = progress(partie)
    assert (where.ask.step, where.ask.who, where.ask.words) == ("add_top", "elder", ("top",))
    assert where.ask.standing == {"by": "elder", "length": 3}
    # equal or lower than the tierce to the king found good (Law 49); the pack allows all
    assert [c["top"] for c in where.choices["top"]] == ["K", "Q", "J", "10", "9"]
    assert score_record(partie)["totals"] == {"Anne": 3, "Ben": 0}
    partie = talk(say("top", "elder", top="9"), partie=partie)
    assert progress(partie).ask.step == "add"
    assert score_record(partie)["totals"] == {"Anne": 6, "Ben": 0}
    assert partie["deals"][0]["declared"]["elder"]["sequences"] == [
        {"length": 3, "top": "K"},
        {"length": 3, "top": "9"},
    ]


def test_good_against_the_cards_is_said_once_and_opens_the_higher_additions() -> None:
    partie = _tierce_to_the_king_is_good()
    where = progress(partie)
    assert where.choices["good_against_the_cards"] == [{}]
    assert {"length": 5, "top": "A"} in where.additions_beyond
    assert {"length": 5, "top": "A"} not in where.choices["add"]
    partie = talk(say("good_against_the_cards", "elder"), partie=partie)
    where = progress(partie)
    assert where.ask.against and where.additions_beyond == []
    assert "good_against_the_cards" not in where.choices
    assert {"length": 5, "top": "A"} in where.choices["add"]
    with pytest.raises(ActionError, match="does not fit"):
        apply_action(partie, say("good_against_the_cards", "elder"))
    partie = talk(say("add", "elder", length=4), partie=partie)
    assert "A" in [c["top"] for c in progress(partie).choices["top"]]


def test_the_exchange_asks_elder_first_and_closes_by_itself_with_both_counts() -> None:
    partie = talk(DONE, {"exchange": "elder", "cards": 4})
    where = progress(partie)
    assert where.phase == "exchange" and where.exchange_counts == {"younger": (1, 2, 3, 4)}
    partie = talk({"exchange": "younger", "cards": 2}, partie=partie)
    assert (progress(partie).phase, progress(partie).ask.step) == ("point", "call")
    partie = talk(say("call", "elder", cards=5), partie=partie)
    assert progress(partie).ask.step == "reply"
    # skipping stays possible, also after Elder's count alone
    assert progress(talk(DONE, DONE)).phase == "point"
    assert progress(talk(DONE, {"exchange": "elder", "cards": 3}, DONE)).phase == "point"


def test_a_journal_kept_before_the_exchange_closed_by_itself_replays_the_same() -> None:
    """Its "done" after both counts is that same close (and only once)."""
    old = talk(
        DONE,
        {"exchange": "elder", "cards": 5},
        {"exchange": "younger", "cards": 3},
        DONE,
        say("call", "elder", cards=5),
        say("good", "younger"),
    )
    assert progress(old).phase == "sequences"
    assert score_record(old)["totals"] == {"Anne": 5, "Ben": 0}
    with pytest.raises(ActionError):
        talk(
            DONE, {"exchange": "elder", "cards": 5}, {"exchange": "younger", "cards": 3}, DONE, DONE
        )


# --- no question nobody can answer ----------------------------------------------------


def test_with_the_hands_known_a_call_the_hand_cannot_hold_is_refused_at_once() -> None:
    """Spades A K Q J, hearts A K Q, diamonds A K, clubs A K Q: no point of
    five, no quint. Refused when called (not later, when "good" could not
    settle it), and not offered."""
    hand = ["AS", "KS", "QS", "JS", "AH", "KH", "QH", "AD", "KD", "AC", "KC", "QC"]
    partie = talk({"hands": "elder", "cards": hand}, DONE, DONE)
    assert progress(partie).choices["call"] == [{"cards": 3}, {"cards": 4}]
    with pytest.raises(ActionError):
        apply_action(partie, say("call", "elder", cards=5))
    partie = talk(say("call", "elder", cards=4), say("making", "younger"), partie=partie)
    assert max(c["value"] for c in progress(partie).choices["value"]) == 41  # or less: sunk
    partie = talk(say("value", "elder", value=41), say("good", "younger"), partie=partie)
    assert [c["length"] for c in progress(partie).choices["call"]] == [3, 4]
    with pytest.raises(ActionError):  # by its length alone: no top card makes it hers
        apply_action(partie, say("call", "elder", length=5))


# Younger claims carte blanche and takes in no card (au Cent, or the
# younger_may_exchange_none house rule): its hand holds no king, queen or jack
# at all, so its longest run is 7-8-9-10, its longest point A-10-9-8-7.
BLANK_YOUNGER_TOOK_NONE = (
    ("au-cent", None),
    ("rubicon", {"younger_may_exchange_none": True}),
    ("four-deal", {"younger_may_exchange_none": True}),
)


def _blank_younger_took_none(game: str, variants: dict | None) -> dict:
    return talk(
        {"carte_blanche": "younger"},
        DONE,
        {"exchange": "elder", "cards": 3},
        {"exchange": "younger", "cards": 0},
        partie=new_record(["Anne", "Ben"], "Ben", game, variants),
    )


def test_a_blank_younger_who_took_in_nothing_cannot_answer_a_tierce_with_a_quint() -> None:
    """The deal the protocol's random game 44782254 (au Cent) found: the quint
    was taken, and then no top card could settle it (every top needs a face)."""
    partie = talk(
        say("call", "elder", cards=7),
        say("making", "younger"),
        say("value", "elder", value=68),
        say("good", "younger"),
        say("call", "elder", length=3),
        partie=_blank_younger_took_none("au-cent", None),
    )
    with pytest.raises(
        ActionError,
        match=r"^deal 1: carte_blanche: younger claims carte blanche and took in no card, "
        r"but its declarations need 3 kings, queens or jacks$",
    ):
        apply_action(partie, say("not_good", "younger", length=5))
    assert progress(partie).choices["not_good"] == [{"length": 4}]  # 10-9-8-7 at most
    answers = {a.key: a for a in find_form("au-cent").progress(partie).answers}
    assert not answers["not_good-5"].enabled and answers["not_good-4"].enabled
    # the quart said, its top is one a faceless hand holds: the 10
    partie = talk(say("not_good", "younger", length=4), partie=partie)
    assert progress(partie).choices == {"top": [{"top": "10"}]}


@pytest.mark.parametrize(("game", "variants"), BLANK_YOUNGER_TOOK_NONE)
@pytest.mark.parametrize(
    ("elder_calls", "beaten_by", "refused", "taken"),
    [
        ((), say("call", "elder", cards=4), {"cards": 6}, {"cards": 5}),  # A 10 9 8 7
        (
            (say("call", "elder", cards=4), say("good", "younger")),
            say("call", "elder", length=3),
            {"length": 5},
            {"length": 4},
        ),
        (
            (
                say("call", "elder", cards=4),
                say("good", "younger"),
                say("nothing", "elder"),
                say("nothing", "younger"),
            ),
            say("call", "elder", count=3, rank="J"),
            {"count": 3, "rank": "K"},
            {"count": 3, "rank": "A"},
        ),
    ],
)
def test_not_good_from_a_blank_younger_who_took_in_nothing_names_no_face(
    game: str, variants: dict | None, elder_calls, beaten_by, refused, taken
) -> None:
    """In every class, every two-handed form: "not good" naming what needs a
    king, queen or jack is refused at once and not offered; a faceless one is."""
    partie = talk(*elder_calls, beaten_by, partie=_blank_younger_took_none(game, variants))
    with pytest.raises(ActionError, match="took in no card, but"):
        apply_action(partie, say("not_good", "younger", **refused))
    offered = progress(partie).choices["not_good"]
    assert refused not in offered and taken in offered
    talk(say("not_good", "younger", **taken), partie=partie)  # accepted


def test_an_addition_said_by_its_length_alone_must_have_a_top_left() -> None:
    """The good hand adds a sequence in two steps (length, then top): the
    length is refused when no top card could follow, so the top is never a
    question without an answer."""
    partie = talk(
        DONE,
        DONE,
        say("nothing", "elder"),
        say("nothing", "younger"),
        say("nothing", "elder"),
        say("call", "younger", length=4),
        say("top", "younger", top="10"),
    )
    for _ in range(2):  # a second and a third quart: 12 cards
        partie = talk(
            say("add", "younger", length=4), say("top", "younger", top="10"), partie=partie
        )
    with pytest.raises(ActionError, match="need 16 cards; a hand has 12"):
        apply_action(partie, say("add", "younger", length=4))


def test_an_addition_by_its_length_alone_higher_than_the_call_found_good_is_refused() -> None:
    """Law 49: after a tierce to the nine is good, a quart is higher whatever
    its top, so its top could not be said; after good against the cards it can."""
    partie = talk(
        DONE,
        DONE,
        say("nothing", "elder"),
        say("nothing", "younger"),
        say("call", "elder", length=3),
        say("good", "younger"),
        say("top", "elder", top="9"),
    )
    with pytest.raises(ActionError, match=r"Law 49"):
        apply_action(partie, say("add", "elder", length=4))
    lower = talk(say("add", "elder", length=3), partie=partie)
    assert progress(lower).choices == {"top": [{"top": "9"}]}
    partie = talk(
        say("good_against_the_cards", "elder"), say("add", "elder", length=4), partie=partie
    )
    assert progress(partie).ask.step == "add_top"


def test_a_call_is_checked_under_the_partie_house_rules_when_said() -> None:
    """Without tens among the sets, three tens are refused when called, not
    once "Good" could not settle them."""
    partie = talk(
        DONE,
        DONE,
        say("nothing", "elder"),
        say("nothing", "younger"),
        say("nothing", "elder"),
        say("nothing", "younger"),
        partie=new_record(["Anne", "Ben"], "Ben", "rubicon", {"sets_without_tens": True}),
    )
    with pytest.raises(ActionError, match="a set of '10' does not count"):
        apply_action(partie, say("call", "elder", count=3, rank="10"))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(dealt=dealt_hands())
def test_taking_only_offered_answers_never_reaches_a_question_without_one(dealt) -> None:
    """The hands, the carte blanche claims and the exchange known: any answers
    among those offered lead to the play, and something is always offered."""
    import random

    rng = random.Random(len(str(dealt)))
    partie = talk(
        *(
            {"hands": role, "cards": [str(c) for c in cards]}
            for role, cards in dealt["hands"].items()
        ),
        *({"carte_blanche": role} for role in dealt["carte_blanche"]),
        DONE,
        *({"exchange": role, "cards": n} for role, n in dealt["exchange"].items()),
    )
    while progress(partie).phase in ("point", "sequences", "sets"):
        offered = progress(partie).choices
        assert offered, progress(partie).ask
        word = rng.choice(sorted(offered))
        partie = apply_action(
            partie, say(word, progress(partie).ask.who, **rng.choice(offered[word]))
        )
    assert progress(partie).phase == "play"


STEPS = ("claim:elder", "claim:younger", "hands:elder", "hands:younger")


def _engine_takes(partie: dict, action: dict[str, Any]) -> bool:
    try:
        apply_action(partie, action)
    except ActionError:
        return False
    return True


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(dealt_hands(), st.lists(st.sampled_from(STEPS), max_size=4), st.integers(0, 2))
def test_the_hands_that_may_claim_carte_blanche_are_those_the_engine_takes(
    dealt: dict[str, Any], steps: list[str], earlier: int
) -> None:
    """`may_claim` judges a bare deal without the engine (a hand not yet
    claimed, none claimed by the other) and tries the claims on a deal that
    knows its hands: either way, the engine takes exactly those claims."""
    partie = record(*[{"entered": {"elder": 10, "younger": 10}}] * earlier, {})
    cards = {role: [str(c) for c in hand] for role, hand in dealt["hands"].items()}
    for step in [None, *steps]:
        if step is not None:
            kind, role = step.split(":")
            action = (
                {"carte_blanche": role}
                if kind == "claim"
                else {"hands": role, "cards": cards[role]}
            )
            if not _engine_takes(partie, action):
                continue
            partie = apply_action(partie, action)
        now = progress(partie)
        assert now.phase == "carte_blanche"
        taken = tuple(
            r for r in ("elder", "younger") if _engine_takes(partie, {"carte_blanche": r})
        )
        assert now.may_claim == taken
