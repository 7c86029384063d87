"""Hypothesis strategies: legal deals dealt from a shuffled 32-card pack."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from scorer.cards import Card, full_pack
from scorer.hand import holding_of, is_carte_blanche

ROLES = ("elder", "younger")


def _take(draw: st.DrawFn, cards: list[Card], count: int) -> list[Card]:
    """`count` cards drawn at random from `cards` (removed from it)."""
    taken = []
    for _ in range(count):
        taken.append(cards.pop(draw(st.integers(0, len(cards) - 1))))
    return taken


@st.composite
def dealt_hands(draw: st.DrawFn, younger_may_take_none: bool = False) -> dict[str, Any]:
    """A deal as it happens: shuffle, deal 12 each, exchange, carte blanche claims.

    Returns {"hands": {role: [Card]}, "carte_blanche": [roles], "exchange": {...}}."""
    pack = draw(st.permutations(full_pack()))
    elder, younger, talon = list(pack[:12]), list(pack[12:24]), list(pack[24:])
    blanche = [
        role
        for role, hand in (("elder", elder), ("younger", younger))
        if is_carte_blanche(hand) and draw(st.booleans())
    ]
    elder_takes = draw(st.integers(1, 5))
    _take(draw, elder, elder_takes)
    elder += talon[:elder_takes]
    left = talon[elder_takes:]
    younger_takes = draw(st.integers(0 if younger_may_take_none else 1, len(left)))
    _take(draw, younger, younger_takes)
    younger += left[:younger_takes]
    return {
        "hands": {"elder": elder, "younger": younger},
        "carte_blanche": blanche,
        "exchange": {"elder": elder_takes, "younger": younger_takes},
    }


@st.composite
def played_tricks(draw: st.DrawFn, hands: dict[str, list[Card]], count: int) -> list[dict]:
    """`count` tricks of legal play: follow suit when able; the winner leads next."""
    held = {role: list(cards) for role, cards in hands.items()}
    leader = "elder"
    tricks = []
    for _ in range(count):
        follower = "younger" if leader == "elder" else "elder"
        lead = held[leader].pop(draw(st.integers(0, len(held[leader]) - 1)))
        same_suit = [c for c in held[follower] if c.suit == lead.suit]
        choices = same_suit or held[follower]
        follow = choices[draw(st.integers(0, len(choices) - 1))]
        held[follower].remove(follow)
        takes = follower if (follow.suit == lead.suit and follow.height > lead.height) else leader
        tricks.append({"winner": takes[0].upper(), "lead": str(lead), "follow": str(follow)})
        leader = takes
    return tricks


@st.composite
def declarations(draw: st.DrawFn, hands: dict[str, list[Card]], **flags: bool) -> dict:
    """What each hand declares: some of what it holds (a player may sink)."""
    declared: dict[str, dict] = {}
    for role in ROLES:
        holding = holding_of(
            hands[role], flags.get("void_suit_point", False), flags.get("sets_without_tens", False)
        )
        calls: dict[str, Any] = {}
        if holding.point is not None and draw(st.booleans()):
            calls["point"] = holding.point.to_json()
        sequences = [s.to_json() for s in holding.sequences if draw(st.booleans())]
        if sequences:
            calls["sequences"] = sequences
        sets = [s.to_json() for s in holding.sets if draw(st.booleans())]
        if sets:
            calls["sets"] = sets
        declared[role] = calls
    # Equal point lengths need both values: a point call always carries its value here.
    return declared


@st.composite
def legal_deal(draw: st.DrawFn, complete: bool | None = None, **flags: bool) -> dict[str, Any]:
    """One deal of a record, with hands, maybe declarations, and cards played."""
    dealt = draw(dealt_hands(younger_may_take_none=flags.get("younger_may_exchange_none", False)))
    hands = dealt["hands"]
    count = (
        12
        if complete
        else draw(st.integers(0, 12))
        if complete is None
        else draw(st.integers(0, 11))
    )
    deal: dict[str, Any] = {
        "exchange": dealt["exchange"],
        "hands": {role: [str(c) for c in cards] for role, cards in hands.items()},
        "tricks": draw(played_tricks(hands, count)),
    }
    if dealt["carte_blanche"]:
        deal["carte_blanche"] = dealt["carte_blanche"]
    if draw(st.booleans()):
        deal["declared"] = draw(declarations(hands, **flags))
    return deal


@st.composite
def rich_deal(draw: st.DrawFn) -> dict[str, Any]:
    """A deal stacked toward big hands (long suits, quatorzes) and runs of tricks,
    so that repiques, piques and capots come up often; tricks as E/Y strings."""
    from scorer.cards import RANKS, SUITS

    pack = list(draw(st.permutations(full_pack())))
    suit = draw(st.sampled_from(SUITS))
    length = draw(st.integers(4, 8))
    long_suit = [Card(suit, r) for r in reversed(RANKS)][:length]
    quatorze = draw(st.sampled_from([None, "A", "K", "Q", "10"]))
    strong = long_suit + [Card(s, quatorze) for s in SUITS if quatorze] if quatorze else long_suit
    strong = list(dict.fromkeys(strong))[:12]
    rest = [c for c in pack if c not in strong]
    holder = draw(st.sampled_from(ROLES))
    hands = {holder: strong + rest[: 12 - len(strong)]}
    rest = rest[12 - len(strong) :]
    other = "younger" if holder == "elder" else "elder"
    hands[other] = rest[:12]
    blanche = [role for role in ROLES if is_carte_blanche(hands[role]) and draw(st.booleans())]
    winners = draw(
        st.one_of(
            st.just("E" * 12),
            st.just("Y" * 12),
            st.lists(st.sampled_from("EEEEEEEY"), max_size=12).map("".join),
            st.lists(st.sampled_from("EY"), max_size=12).map("".join),
        )
    )
    deal: dict[str, Any] = {
        "hands": {role: [str(c) for c in hands[role]] for role in ROLES},
        "tricks": [{"winner": w} for w in winners],
    }
    if blanche:
        deal["carte_blanche"] = blanche
    if draw(st.booleans()):
        deal["declared"] = draw(declarations(hands))
    return deal
