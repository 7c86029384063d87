"""Declarations must be holdable (issue 9, item 4): in twelve cards of each hand,
both hands from one 32-card pack, a blank hand with no more faces than it took."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer import RecordError, score_record
from scorer.cards import Card
from scorer.combinations import Holding, Point, Sequence, Set
from scorer.fit import Calls, cards_needed, faces_needed, fits, fits_alone
from scorer.record import read_deal
from scorer.variants import Variants
from tests.scorer.helpers import entered, record
from tests.scorer.strategies import dealt_hands, declarations


def refused(*deals: dict[str, Any], **kwargs: Any) -> list[str]:
    with pytest.raises(RecordError) as caught:
        score_record(record(*deals, **kwargs))
    return caught.value.problems


def seq(length: int, top: str) -> dict[str, Any]:
    return {"length": length, "top": top}


def quatorze(rank: str) -> dict[str, Any]:
    return {"count": 4, "rank": rank}


# --- one hand's twelve cards ---------------------------------------------------------


def test_four_quatorzes_need_sixteen_cards() -> None:
    deal = {"declared": {"elder": {"sets": [quatorze(r) for r in "AKQJ"]}}, "tricks": "E"}
    assert refused(deal) == [
        "deal 1: declared.elder: these declarations need 16 cards; a hand has 12"
    ]


def test_the_deal_and_the_field_are_named() -> None:
    deal = {"declared": {"younger": {"sequences": [seq(8, "A"), seq(8, "A")]}}}
    assert refused(entered(10, 10), deal) == [
        "deal 2: declared.younger: these declarations need 16 cards; a hand has 12"
    ]


@pytest.mark.parametrize(
    ("calls", "needed"),
    [
        ({"sequences": [seq(5, "A")] * 3}, 15),
        (
            {
                "point": {"cards": 7},
                "sequences": [seq(5, "A"), seq(4, "K"), seq(3, "Q")],
                "sets": [{"count": 3, "rank": "Q"}],
            },
            14,
        ),
        ({"sequences": [seq(7, "A"), seq(6, "A")]}, 13),
    ],
)
def test_declarations_over_twelve_cards_are_refused(calls: dict, needed: int) -> None:
    assert refused({"declared": {"elder": calls}}) == [
        f"deal 1: declared.elder: these declarations need {needed} cards; a hand has 12"
    ]


def test_two_sequences_in_one_suit_are_separate_runs() -> None:
    # Four suits hold four runs to the ace; a fifth would share a suit with one and,
    # A K Q over 10 9 8 with the jack missing, two tierces fit in one suit.
    assert fits_alone(Calls(Holding(sequences=(Sequence(3, "A"), Sequence(3, "10")) * 2)))
    five = Holding(sequences=(Sequence(3, "A"),) * 5)
    assert not fits_alone(Calls(five))
    # A K Q and J 10 9 of one suit touch: they would be one sixième.
    touching = Holding(
        sequences=(
            Sequence(3, "A"),
            Sequence(3, "J"),
            Sequence(5, "A"),
            Sequence(5, "A"),
            Sequence(5, "A"),
        )
    )
    assert cards_needed(Calls(touching)) is None or cards_needed(Calls(touching)) > 12


def test_some_runs_cannot_be_held_in_any_number_of_cards() -> None:
    # A K Q in every suit: the J 10 9 would touch one of them, making a sixième.
    deal = {"declared": {"elder": {"sequences": [seq(3, "A")] * 4 + [seq(3, "J")]}}}
    assert refused(deal) == [
        "deal 1: declared.elder: these declarations cannot all be in one hand (each sequence "
        "is a run of its own; the point is that many cards of one suit making its value)"
    ]


def test_the_point_is_cards_of_one_suit_which_may_hold_more() -> None:
    # A player may declare less than he holds: seven making 66 are eight spades without
    # the nine, and the septième to the ace is in them.
    score_record(
        record(
            {
                "declared": {
                    "elder": {"point": {"cards": 7, "value": 66}, "sequences": [seq(7, "A")]}
                }
            }
        )
    )
    # Five making 49 are five of a sixième to the ace (K Q J 10 9); five making 48
    # are not (A K Q J 10 9 less one card makes 49, 50 or 51), so a seventh card.
    assert cards_needed(Calls(Holding(Point(5, 49), (Sequence(6, "A"),)))) == 6
    assert cards_needed(Calls(Holding(Point(5, 48), (Sequence(6, "A"),)))) == 7


def test_the_worked_hands_of_the_sources_fit() -> None:
    # Seed 002's 170: A K Q in each suit, point 3, four tierces, three quatorzes.
    elder = Holding(Point(3), (Sequence(3, "A"),) * 4, (Set(4, "A"), Set(4, "K"), Set(4, "Q")))
    assert fits_alone(Calls(elder))
    # Seed 001: point 6, sixième, quart and a trio of jacks (29 in hand).
    assert fits_alone(
        Calls(Holding(Point(6), (Sequence(6, "A"), Sequence(4, "K")), (Set(3, "J"),)))
    )


# --- the pack: both hands -------------------------------------------------------------


def test_both_hands_must_come_from_one_pack() -> None:
    # Younger's point of eight is a whole suit, with its ten: Elder's quatorze of tens
    # cannot be. Each hand fits alone, and no rank is called five times.
    deal = {"declared": {"elder": {"sets": [quatorze("10")]}, "younger": {"point": {"cards": 8}}}}
    assert refused(deal) == [
        "deal 1: declared: the two hands' declarations cannot both be held: no deal of the "
        "32-card pack gives each hand all it declared"
    ]


def test_two_eight_card_points_leave_two_suits() -> None:
    eight = Calls(Holding(Point(8)))
    assert fits(eight, eight)
    assert fits(eight, Calls(Holding(Point(8), (Sequence(3, "A"),))))
    with_tens = Calls(Holding(Point(8), sets=(Set(4, "10"),)))
    assert fits_alone(with_tens) and not fits(eight, with_tens)


def test_a_sequence_inside_a_longer_run_is_a_sequence_sunk_in_part() -> None:
    # A quart to the ace declared beside a point of eight: the quart lies in the
    # huitième (the rest sunk), so Younger may still hold three aces.
    deal = {
        "declared": {
            "elder": {"point": {"cards": 8}, "sequences": [seq(4, "A")]},
            "younger": {"sets": [{"count": 3, "rank": "A"}]},
        }
    }
    score_record(record(deal))


# --- with the hands given ------------------------------------------------------------


SPADES_RUN = "AS KS QS JS 10S".split()


def test_one_run_is_not_three_sequences() -> None:
    hands = {
        "elder": [*SPADES_RUN, "9H", "8H", "7H", "9D", "8D", "7D", "9C"],
        "younger": "AH KH QH JH 10H AD KD QD JD 10D AC KC".split(),
    }
    calls = {"sequences": [seq(5, "A"), seq(4, "K"), seq(3, "Q")]}
    problems = refused({"hands": hands, "declared": {"elder": calls}})
    assert problems == [
        "deal 1: declared.elder.sequences: the hand holds these sequences only as parts of "
        "one run; each declared sequence must be a run of its own (a false declaration)"
    ]
    # The quint with the two tierces it really holds (hearts 9 8 7, diamonds 9 8 7).
    calls = {"sequences": [seq(5, "A"), seq(3, "9"), seq(3, "9")]}
    score = score_record(record({"hands": hands, "declared": {"elder": calls}}))
    assert score["totals"]["Anne"] == 15 + 3 + 3


def test_a_sequence_sunk_in_part_is_still_its_run() -> None:
    # Holding a quint and declaring a quart in it: one run, one sequence, accepted.
    hands = {
        "elder": [*SPADES_RUN, "9H", "8H", "7H", "9D", "8D", "7D", "9C"],
        "younger": "AH KH QH JH 10H AD KD QD JD 10D AC KC".split(),
    }
    score_record(record({"hands": hands, "declared": {"elder": {"sequences": [seq(4, "K")]}}}))


# --- carte blanche and the exchange ---------------------------------------------------


BLANK_HANDS = {
    "elder": "AS KS QS 10S 9S AH 10H 9H AD 10D 9D 8D".split(),
    "younger": "JS 8S 7S KH QH JH 8H 7H KD QD JD 7D".split(),
}


def test_a_blank_hand_holds_no_more_faces_than_it_took() -> None:
    deal = {
        "carte_blanche": ["elder"],
        "exchange": {"elder": 1, "younger": 3},
        "hands": BLANK_HANDS,
    }
    assert refused(deal) == [
        "deal 1: carte_blanche: elder claims carte blanche but holds 2 kings, queens and "
        "jacks, more than the 1 cards it took in"
    ]
    deal["exchange"] = {"elder": 2, "younger": 3}
    score_record(record(deal))
    deal["exchange"] = {"younger": 3}  # Elder may have taken up to 5
    score_record(record(deal))


def test_a_blank_hand_without_hands_may_not_declare_what_it_could_not_take() -> None:
    deal = {
        "carte_blanche": ["elder"],
        "exchange": {"elder": 2},
        "declared": {"elder": {"sets": [{"count": 3, "rank": "K"}]}},
    }
    assert refused(deal) == [
        "deal 1: carte_blanche: elder claims carte blanche and took in at most 2 cards, "
        "but its declarations need 3 kings, queens or jacks"
    ]
    deal["exchange"] = {"elder": 3}
    score_record(record(deal))


def test_younger_blank_may_take_what_elder_left() -> None:
    # Elder took 5, so Younger at most 3: a quint to the ace needs K Q J.
    deal = {
        "carte_blanche": ["younger"],
        "exchange": {"elder": 5},
        "declared": {"younger": {"sequences": [seq(5, "A")]}},
    }
    score_record(record(deal))
    deal["declared"]["younger"]["sets"] = [{"count": 3, "rank": "K"}]
    assert refused(deal)[0].startswith("deal 1: carte_blanche: younger claims carte blanche")
    assert faces_needed(Calls(Holding(sets=(Set(4, "K"), Set(3, "Q"))))) == 7


def test_two_blank_hands_are_refused() -> None:
    # 24 cards without a king, queen or jack: the pack has only 20 (A 10 9 8 7).
    deal = {"carte_blanche": ["elder", "younger"], "exchange": {"elder": 4, "younger": 1}}
    assert refused(deal) == [
        "deal 1: carte_blanche: both hands claim carte blanche, but two hands of 12 without "
        "a king, queen or jack need 24 such cards and the pack has 20"
    ]
    deal["carte_blanche"] = ["younger"]
    score_record(record(deal))


# --- no honest record is refused ------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_what_real_hands_hold_is_never_refused(data: st.DataObject) -> None:
    """Declarations taken from two hands dealt from a shuffled pack (a player may sink
    any of them), with the blank claims and exchange counts of that deal, fit: with the
    hands given, and without them."""
    dealt = data.draw(dealt_hands())
    hands = dealt["hands"]
    declared = data.draw(declarations(hands))
    deal = {"declared": declared, "exchange": dealt["exchange"]}
    if dealt["carte_blanche"]:
        deal["carte_blanche"] = dealt["carte_blanche"]
    problems: list[str] = []
    assert read_deal(1, deal, Variants(), "rubicon", problems) is not None, problems
    deal["hands"] = {role: [str(c) for c in cards] for role, cards in hands.items()}
    assert read_deal(1, deal, Variants(), "rubicon", problems) is not None, problems


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_what_real_hands_hold_fits_with_the_house_rules(data: st.DataObject) -> None:
    flags = {"void_suit_point": True, "sets_without_tens": data.draw(st.booleans())}
    dealt = data.draw(dealt_hands())
    deal = {"declared": data.draw(declarations(dealt["hands"], **flags))}
    problems: list[str] = []
    assert read_deal(1, deal, Variants(**flags), "rubicon", problems) is not None, problems


# --- every accepted pair has a real deal behind it ----------------------------------------


def holds(cards: list[Card], holding: Holding, most_faces: int, void_point: bool) -> bool:
    """An independent check of one twelve-card hand against what it declared."""
    from collections import Counter
    from itertools import combinations

    from scorer.hand import by_suit, void_suits
    from scorer.record import _separate_runs

    if len(cards) != 12 or sum(c.rank in "KQJ" for c in cards) > most_faces:
        return False
    counts = Counter(c.rank for c in cards)
    if any(counts[s.rank] < s.count for s in holding.sets):
        return False
    if not _separate_runs(holding.sequences, tuple(cards)):
        return False
    point = holding.point
    if point is None:
        return True
    if void_point and (point.cards, point.value) == (5, 50) and void_suits(cards):
        return True
    return any(
        point.value is None
        or any(sum(c.pips for c in pick) == point.value for pick in combinations(suit, point.cards))
        for suit in by_suit(cards).values()
        if len(suit) >= point.cards
    )


def made_up(rng: Any, cards: set[Card], taken: set[Card], faces: int) -> list[Card]:
    """`cards` made up to twelve from the pack, away from its runs and its empty suits,
    with at most `faces` kings, queens and jacks in all if it can."""
    from scorer.cards import full_pack

    suits = {c.suit for c in cards}
    heights = {(c.suit, c.height) for c in cards}
    free = [c for c in full_pack() if c not in cards and c not in taken]
    rng.shuffle(free)

    def risk(card: Card) -> tuple[bool, bool]:
        near = {(card.suit, card.height - 1), (card.suit, card.height + 1)} & heights
        return (bool(near), card.suit not in suits)

    free.sort(key=risk)
    room = faces - sum(c.rank in "KQJ" for c in cards)
    hand = list(cards)
    for card in free:
        if len(hand) == 12:
            break
        if card.rank in "KQJ":
            if room <= 0:
                continue
            room -= 1
        hand.append(card)
    return hand


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_whatever_is_accepted_can_be_dealt(data: st.DataObject) -> None:
    """Random declarations (most cannot be held): for those the search accepts, its
    cards, made up to twelve, hold everything declared, by an independent check."""
    import random

    from scorer.cards import RANKS, full_pack
    from scorer.fit import witness

    def holding() -> Holding:
        point = data.draw(st.none() | st.builds(Point, st.integers(3, 8)))
        lengths = data.draw(st.lists(st.integers(3, 6), max_size=3))
        runs = tuple(Sequence(n, data.draw(st.sampled_from(RANKS[n - 1 :]))) for n in lengths)
        ranks = data.draw(
            st.lists(st.sampled_from(["A", "K", "Q", "J", "10"]), max_size=3, unique=True)
        )
        return Holding(
            point, runs, tuple(Set(data.draw(st.sampled_from([3, 4])), r) for r in ranks)
        )

    hands = [holding(), holding()]
    caps = [data.draw(st.sampled_from([99, 99, 7, 3, 0])) for _ in hands]
    calls = [Calls(h, most_faces=c) for h, c in zip(hands, caps, strict=True)]
    found = witness(*calls)
    if found is None:
        return
    pack = full_pack()
    placed = [{card for i, card in enumerate_pack(pack) if mask >> i & 1} for mask in found]
    rng = random.Random(data.draw(st.integers(0, 10**6)))
    first, second = (0, 1) if caps[0] <= caps[1] else (1, 0)  # the tighter blank first
    for _attempt in range(20):
        made = {first: made_up(rng, placed[first], placed[second], caps[first])}
        made[second] = made_up(rng, placed[second], set(made[first]), caps[second])
        if all(holds(made[h], hands[h], caps[h], False) for h in (0, 1)):
            return
    raise AssertionError(f"no deal found for {hands} (faces at most {caps}): {placed}")


def enumerate_pack(pack: list[Card]) -> list[tuple[int, Card]]:
    from scorer.fit import card_bit

    return [(card_bit(card).bit_length() - 1, card) for card in pack]
