"""Random deals played by a simple policy and scored by our own engine: the
source of the Rubicon odds (`scorer.odds`, `docs/odds.md`).

Pure Python, no I/O. `scripts/build_odds.py` runs `simulate` once and stores
the counts in `scorer/data/rubicon_odds.json`; the tests run the same code on
small seeded samples.

The policy (POLICY_VERSION 1), deliberately simple and the same for both hands:

- The deal: a shuffled 32-card pack, 12 cards each, a talon of 8. A hand with
  no K, Q or J as dealt claims carte blanche.
- The exchange: Elder takes all 5 cards he may, Younger the 3 left. Each
  discards the lowest cards outside his best suit (the suit of his point:
  longest, then highest in pips); among cards of the same height, those of
  the shorter suit go first. Only if that is not enough (an eight-card suit)
  does he discard from the best suit, lowest first.
- The declarations: both hands declare everything they hold (the record gives
  `hands` and no `declared`, so the engine declares all and decides who is
  good).
- The play: the leader leads the highest card of his longest suit (equal
  lengths: the suit with the higher top card, then S H D C). The follower
  plays the lowest card that wins the trick, or else the lowest card of the
  suit led; void in it, he throws his lowest card, from his shortest suit.
- No hand is ever thrown in.

Each deal is then a one-deal `piquet-record/1` record with `hands`, the carte
blanche claims and card-by-card `tricks`, scored by `scorer.partie.score_partie`
(the engine behind `piquet score`), which also checks that every card played
was legal.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from scorer.cards import RANKS, SUITS, Card, full_pack
from scorer.hand import best_point, is_carte_blanche
from scorer.partie import score_partie
from scorer.record import MAX_DEAL_SCORE

POLICY_VERSION = 1
ELDER_TAKES = 5
YOUNGER_TAKES = 3
ROLES = ("elder", "younger")
HEIGHT = {rank: height for height, rank in enumerate(RANKS)}  # Card.height, without the search


# --- the policy ------------------------------------------------------------------


def _suit_lengths(cards: list[Card]) -> dict[str, int]:
    lengths = dict.fromkeys(SUITS, 0)
    for card in cards:
        lengths[card.suit] += 1
    return lengths


def discards(hand: list[Card], count: int) -> list[Card]:
    """The `count` cards the policy lays out before taking from the talon."""
    _point, best = best_point(hand)
    lengths = _suit_lengths(hand)
    ranked = sorted(
        hand,
        key=lambda c: (c.suit == best, HEIGHT[c.rank], lengths[c.suit], SUITS.index(c.suit)),
    )
    return ranked[:count]


def exchange(hand: list[Card], talon: list[Card], count: int) -> list[Card]:
    """The hand after laying out `count` cards and taking the first `count` of `talon`."""
    out = set(discards(hand, count))
    return [c for c in hand if c not in out] + talon[:count]


def lead_card(hand: list[Card]) -> Card:
    """The highest card of the longest suit (then the higher top card, then S H D C)."""
    lengths = _suit_lengths(hand)
    top: dict[str, int] = {}
    for card in hand:
        top[card.suit] = max(top.get(card.suit, -1), HEIGHT[card.rank])
    suit = max(top, key=lambda s: (lengths[s], top[s], -SUITS.index(s)))
    return max((c for c in hand if c.suit == suit), key=lambda c: HEIGHT[c.rank])


def follow_card(hand: list[Card], lead: Card) -> Card:
    """The lowest winning card, else the lowest of the suit, else the lowest card
    (from the shortest suit)."""
    same = [c for c in hand if c.suit == lead.suit]
    if same:
        winning = [c for c in same if HEIGHT[c.rank] > HEIGHT[lead.rank]]
        return min(winning or same, key=lambda c: HEIGHT[c.rank])
    lengths = _suit_lengths(hand)
    return min(hand, key=lambda c: (HEIGHT[c.rank], lengths[c.suit], SUITS.index(c.suit)))


def play_out(hands: dict[str, list[Card]]) -> list[dict[str, str]]:
    """Twelve tricks by the policy, Elder leading first; the winner leads next."""
    held = {role: list(cards) for role, cards in hands.items()}
    leader = "elder"
    tricks = []
    for _ in range(12):
        follower = "younger" if leader == "elder" else "elder"
        lead = lead_card(held[leader])
        follow = follow_card(held[follower], lead)
        held[leader].remove(lead)
        held[follower].remove(follow)
        takes = (
            follower
            if follow.suit == lead.suit and HEIGHT[follow.rank] > HEIGHT[lead.rank]
            else leader
        )
        tricks.append({"winner": takes[0].upper(), "lead": str(lead), "follow": str(follow)})
        leader = takes
    return tricks


def policy_deal(rng: random.Random) -> dict[str, Any]:
    """One deal of a `piquet-record/1` record, dealt from `rng` and played by the policy."""
    pack = full_pack()
    rng.shuffle(pack)
    dealt = {"elder": pack[:12], "younger": pack[12:24]}
    talon = pack[24:]
    blanche = [role for role in ROLES if is_carte_blanche(dealt[role])]
    hands = {
        "elder": exchange(dealt["elder"], talon[:ELDER_TAKES], ELDER_TAKES),
        "younger": exchange(dealt["younger"], talon[ELDER_TAKES:], YOUNGER_TAKES),
    }
    deal: dict[str, Any] = {
        "exchange": {"elder": ELDER_TAKES, "younger": YOUNGER_TAKES},
        "hands": {role: [str(c) for c in cards] for role, cards in hands.items()},
        "tricks": play_out(hands),
    }
    if blanche:
        deal["carte_blanche"] = blanche
    return deal


def one_deal_record(deal: dict[str, Any]) -> dict[str, Any]:
    """A rubicon record of that single deal (deal 1 counts single): Elder is "E"."""
    return {
        "format": "piquet-record/1",
        "players": ["E", "Y"],
        "first_dealer": "Y",
        "deals": [deal],
    }


# --- counting -------------------------------------------------------------------


@dataclass
class Counts:
    """Histograms of what one deal gives: index = points (0..173); `difference`
    is indexed by Elder's points minus Younger's, offset by 173."""

    deals: int = 0
    elder: list[int] = field(default_factory=lambda: [0] * (MAX_DEAL_SCORE + 1))
    younger: list[int] = field(default_factory=lambda: [0] * (MAX_DEAL_SCORE + 1))
    difference: list[int] = field(default_factory=lambda: [0] * (2 * MAX_DEAL_SCORE + 1))
    bonuses: dict[str, int] = field(
        default_factory=lambda: {
            f"{kind}_{role}": 0
            for kind in ("carte_blanche", "repique", "pique", "capot")
            for role in ROLES
        }
    )

    def add(self, elder: int, younger: int, bonuses: dict[str, str | None], blanche) -> None:
        self.deals += 1
        self.elder[elder] += 1
        self.younger[younger] += 1
        self.difference[elder - younger + MAX_DEAL_SCORE] += 1
        for kind, role in bonuses.items():
            if role is not None:
                self.bonuses[f"{kind}_{role}"] += 1
        for role in blanche:
            self.bonuses[f"carte_blanche_{role}"] += 1

    def merge(self, other: Counts) -> None:
        self.deals += other.deals
        for mine, theirs in (
            (self.elder, other.elder),
            (self.younger, other.younger),
            (self.difference, other.difference),
        ):
            for index, count in enumerate(theirs):
                mine[index] += count
        for key, count in other.bonuses.items():
            self.bonuses[key] += count

    def to_json(self) -> dict[str, Any]:
        return {
            "deals": self.deals,
            "elder": list(self.elder),
            "younger": list(self.younger),
            "difference": list(self.difference),
            "bonuses": dict(self.bonuses),
        }


def score_deal(deal: dict[str, Any]) -> tuple[int, int, dict[str, str | None]]:
    """Elder's and Younger's points and the bonuses (by role), from the engine."""
    scored = score_partie(one_deal_record(deal))
    reckoning = scored.deals[0].reckoning
    if not reckoning.complete:  # the policy always plays twelve tricks
        raise AssertionError("a simulated deal was not complete")
    return reckoning.points["elder"], reckoning.points["younger"], dict(reckoning.bonuses)


def chunk_rng(seed: int, chunk: int) -> random.Random:
    """The generator of one chunk of deals: chunks are independent and reproducible."""
    return random.Random(f"piquet-odds/{POLICY_VERSION}/{seed}/{chunk}")


def simulate_chunk(seed: int, chunk: int, deals: int) -> Counts:
    rng = chunk_rng(seed, chunk)
    counts = Counts()
    for _ in range(deals):
        deal = policy_deal(rng)
        elder, younger, bonuses = score_deal(deal)
        counts.add(elder, younger, bonuses, deal.get("carte_blanche", ()))
    return counts


def simulate(seed: int, chunks: int, chunk_size: int) -> tuple[Counts, Counts]:
    """`chunks` chunks of `chunk_size` deals; returns (all counts, chunk 0's counts).

    Chunk 0 is kept apart so that a test can replay it exactly and show the
    stored table came from this code."""
    total = Counts()
    first = Counts()
    for chunk in range(chunks):
        counts = simulate_chunk(seed, chunk, chunk_size)
        if chunk == 0:
            first.merge(counts)
        total.merge(counts)
    return total, first
