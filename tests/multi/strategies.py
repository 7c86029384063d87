"""Hypothesis strategies: legal deals of the forms for three and four players,
dealt from a shuffled 32-card pack, declared (some of what each hand holds: a
player may sink) and played legally (follow suit when able; the winner leads)."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from scorer.cards import Card, full_pack
from scorer.hand import holding_of, is_carte_blanche

SEATS = "ABCDEFG"


def _left(seat: str, n: int, steps: int = 1) -> str:
    return SEATS[(SEATS.index(seat) + steps) % n]


@st.composite
def declarations(draw: st.DrawFn, hands: dict[str, list[Card]]) -> dict[str, Any]:
    declared: dict[str, Any] = {}
    for seat, cards in hands.items():
        holding = holding_of(cards)
        out: dict[str, Any] = {}
        if holding.point is not None and draw(st.booleans()):
            out["point"] = holding.point.to_json()  # always with its value
        sequences = [s.to_json() for s in holding.sequences if draw(st.booleans())]
        if sequences:
            out["sequences"] = sequences
        sets = [s.to_json() for s in holding.sets if draw(st.booleans())]
        if sets:
            out["sets"] = sets
        declared[seat] = out
    return declared


@st.composite
def played(
    draw: st.DrawFn, hands: dict[str, list[Card]], leader: str, count: int, as_string: bool
) -> Any:
    """`count` tricks of legal play among the seats of `hands`, in seat order to the left."""
    n = len(hands)
    held = {seat: list(cards) for seat, cards in hands.items()}
    tricks: list[dict[str, Any]] = []
    for _ in range(count):
        order = [_left(leader, n, i) for i in range(n)]
        cards: list[Card] = []
        for seat in order:
            mine = held[seat]
            if cards:
                same = [c for c in mine if c.suit == cards[0].suit]
                mine = same or mine
            card = mine[draw(st.integers(0, len(mine) - 1))]
            held[seat].remove(card)
            cards.append(card)
        best = max((c for c in cards if c.suit == cards[0].suit), key=lambda c: c.height)
        leader = order[cards.index(best)]
        tricks.append({"winner": leader, "cards": [str(c) for c in cards]})
    if as_string:
        return "".join(t["winner"] for t in tricks)
    return tricks


@st.composite
def normand_deal(draw: st.DrawFn, dealer: str, complete: bool = True) -> dict[str, Any]:
    """A Normand deal: ten cards each, the dealer may take the two-card widow."""
    pack = list(draw(st.permutations(full_pack())))
    eldest = _left(dealer, 3)
    seats = [eldest, _left(dealer, 3, 2), dealer]
    hands = {seat: pack[10 * i : 10 * i + 10] for i, seat in enumerate(seats)}
    widow = pack[30:]
    blanche = [s for s in seats if is_carte_blanche(hands[s]) and draw(st.booleans())]
    taken = draw(st.integers(0, 2))
    for card in widow[:taken]:
        hands[dealer].pop(draw(st.integers(0, 9)))
        hands[dealer].append(card)
    count = 10 if complete else draw(st.integers(0, 9))
    deal: dict[str, Any] = {
        "exchange": {dealer: taken},
        "hands": {s: [str(c) for c in hands[s]] for s in seats},
        "tricks": draw(played(hands, eldest, count, draw(st.booleans()))),
    }
    if blanche:
        deal["carte_blanche"] = blanche
    if draw(st.booleans()):
        deal["declared"] = draw(declarations(hands))
    return deal


@st.composite
def voleur_deal(draw: st.DrawFn, dealer: str, complete: bool = True) -> dict[str, Any]:
    """A Voleur deal: the whole pack, eight cards each."""
    pack = list(draw(st.permutations(full_pack())))
    eldest = _left(dealer, 4)
    seats = [_left(dealer, 4, i) for i in range(1, 5)]
    hands = {seat: pack[8 * i : 8 * i + 8] for i, seat in enumerate(seats)}
    blanche = [s for s in seats if is_carte_blanche(hands[s]) and draw(st.booleans())]
    count = 8 if complete else draw(st.integers(0, 7))
    deal: dict[str, Any] = {
        "hands": {s: [str(c) for c in hands[s]] for s in sorted(seats)},
        "tricks": draw(played(hands, eldest, count, draw(st.booleans()))),
    }
    if blanche:
        deal["carte_blanche"] = blanche
    if draw(st.booleans()):
        deal["declared"] = draw(declarations(hands))
    return deal


@st.composite
def stacked_hands(draw: st.DrawFn, seats: list[str], size: int) -> dict[str, list[Card]]:
    """Hands dealt so that one seat holds a long run and maybe a quatorze, for
    repiques and piques to come up often."""
    from scorer.cards import RANKS, SUITS

    pack = list(draw(st.permutations(full_pack())))
    suit = draw(st.sampled_from(SUITS))
    run = [Card(suit, r) for r in reversed(RANKS)][: draw(st.integers(4, min(8, size)))]
    rank = draw(st.sampled_from([None, "A", "K", "Q", "J", "10"]))
    strong = list(dict.fromkeys(run + ([Card(s, rank) for s in SUITS] if rank else [])))[:size]
    rest = [c for c in pack if c not in strong]
    holder = draw(st.sampled_from(seats))
    hands = {holder: strong + rest[: size - len(strong)]}
    rest = rest[size - len(strong) :]
    for seat in seats:
        if seat != holder:
            hands[seat], rest = rest[:size], rest[size:]
    return hands


@st.composite
def rich_deal(draw: st.DrawFn, form: str, dealer: str) -> dict[str, Any]:
    """A complete deal with stacked hands, declared in full or in part."""
    n, size, count = (3, 10, 10) if form == "normand" else (4, 8, 8)
    seats = [_left(dealer, n, i) for i in range(1, n + 1)]
    hands = draw(stacked_hands(seats, size))
    blanche = [s for s in seats if is_carte_blanche(hands[s])]
    deal: dict[str, Any] = {
        "hands": {s: [str(c) for c in hands[s]] for s in sorted(seats)},
        "tricks": draw(played(hands, seats[0], count, True)),
    }
    if blanche:
        deal["carte_blanche"] = blanche
    if draw(st.booleans()):
        deal["declared"] = draw(declarations(hands))
    return deal
