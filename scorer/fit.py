"""Whether a deal's declarations can be held: a search for a witness.

Declarations are honest only if some deal of the 32-card pack gives them:
two disjoint hands of twelve cards, each holding every combination its
player declared. We look for such a witness instead of listing the ways a
record can be impossible:

- a sequence is a run of its own: two declared sequences of one hand never
  share a card, and two in one suit do not touch (a quart to the king and a
  tierce to the nine of spades would be one septième), nor may the hand hold
  every card between them;
- a card may be in one sequence and one set, and the point's suit may share
  cards with both;
- the point of n cards making V is n cards of one suit of the hand whose
  pips add up to V (any value when V is not given); the suit may hold more,
  since a player may declare less than he holds (RULES.md: sinking), as a
  sequence may be part of a longer run;
- a void sequence or void point (the `void_suit_point` variant) is a suit
  the hand does not hold;
- a hand that claimed carte blanche holds no more kings, queens and jacks
  than the cards it took in;
- the rest of each hand is filled from the cards left, without closing a
  gap between two declared runs, touching a void suit or breaking a blank
  hand's limit.

The search places one combination at a time (longest runs first), on
bitmasks of the pack (bit = suit * 8 + height, height 0 for the seven to 7
for the ace). Suits in the same state are interchangeable, so only the first
of them is tried. Results are memoised by the declarations: the kiosk scores
the whole partie after every tap.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache
from itertools import combinations

from scorer.cards import PIP_VALUE, RANKS, SUITS, Card, rank_height
from scorer.combinations import VOID, Holding
from scorer.frozen import frozen

HAND_SIZE = 12
PACK_SIZE = 32
NONE = 99  # no limit on kings, queens and jacks
_SUIT = 0xFF
_FACE_PATTERN = sum(1 << rank_height(r) for r in ("J", "Q", "K"))
FACES = sum(_FACE_PATTERN << (8 * s) for s in range(4))
FULL = (1 << PACK_SIZE) - 1
_BOTTOMS = sum(1 << (8 * s) for s in range(4))  # the sevens
_TOPS = _BOTTOMS << 7  # the aces
_ALL_SUITS = (0, 1, 2, 3)
_STATE_BITS = sum(_SUIT << (32 * k) for k in range(4))  # one suit's byte of four masks
_PIPS = [PIP_VALUE[r] for r in RANKS]
# Every 8-bit pattern of one suit, by (cards, pips) and by cards. A pattern's pips
# are those of the pattern without its lowest card, plus that card's.
_BY_CARDS_AND_PIPS: dict[tuple[int, int], list[int]] = {}
_BY_CARDS: dict[int, list[int]] = {}
_pips_of = [0] * 256
for _pattern in range(256):
    _n = _pattern.bit_count()
    if _pattern:
        _lowest = _pattern & -_pattern
        _pips_of[_pattern] = _pips_of[_pattern ^ _lowest] + _PIPS[_lowest.bit_length() - 1]
    _BY_CARDS_AND_PIPS.setdefault((_n, _pips_of[_pattern]), []).append(_pattern)
    _BY_CARDS.setdefault(_n, []).append(_pattern)


def card_bit(card: Card) -> int:
    return 1 << (SUITS.index(card.suit) * 8 + card.height)


def mask_of(cards: Iterable[Card]) -> int:
    return sum(card_bit(c) for c in cards)


@frozen
class Calls:
    """One hand's part of the search: what it declared, or its cards if known."""

    holding: Holding
    cards: int | None = None  # the hand's 12 cards as a mask, when `hands` gives them
    most_faces: int = NONE  # a blank claim: at most this many K, Q and J
    void_suit_point: bool = False


# --- the two questions the record asks ---------------------------------------


def fits(elder: Calls, younger: Calls) -> bool:
    """Two disjoint hands of 12 from the pack hold everything both declared."""
    return _fits(elder, younger)


def fits_alone(calls: Calls) -> bool:
    """One hand of 12 holds everything it declared (the other hand left out)."""
    return _fits_alone(calls, HAND_SIZE)


def witness(elder: Calls, younger: Calls) -> tuple[int, int] | None:
    """The cards the search placed in each hand (masks, before each is made up to 12
    from the rest of the pack), or None when the declarations cannot be held. Not
    memoised: for tests and explanations."""
    if not (_plausible(elder, HAND_SIZE) and _plausible(younger, HAND_SIZE)):
        return None
    search = _Search((elder, younger), HAND_SIZE, fill=True)
    if not search.run():
        return None
    first, second = search.found
    return first, second


def cards_needed(calls: Calls) -> int | None:
    """The fewest cards a hand holding all these declarations has (None: no such hand)."""
    low = max(lower_bound(calls.holding), 1)
    if low > PACK_SIZE:
        return low
    if not _fits_alone(calls, PACK_SIZE):
        return None
    high = PACK_SIZE  # fits in `high` cards, not in fewer than `low`
    while low < high:
        middle = (low + high) // 2
        if _fits_alone(calls, middle):
            high = middle
        else:
            low = middle + 1
    return high


def faces_needed(calls: Calls) -> int | None:
    """The fewest kings, queens and jacks a 12-card hand with these declarations holds."""
    if not _fits_alone(Calls(calls.holding, calls.cards, NONE, calls.void_suit_point), 12):
        return None
    low, high = 0, HAND_SIZE
    while low < high:
        middle = (low + high) // 2
        if _fits_alone(Calls(calls.holding, calls.cards, middle, calls.void_suit_point), 12):
            high = middle
        else:
            low = middle + 1
    return high


def lower_bound(holding: Holding) -> int:
    """A quick floor on the cards needed: runs never share a card, nor do sets."""
    runs = sum(s.length for s in holding.sequences if s.top != VOID)
    sets = sum(s.count for s in holding.sets)
    point = holding.point.cards if holding.point is not None else 0
    return max(runs, sets, point)


@lru_cache(maxsize=4096)
def _fits(elder: Calls, younger: Calls) -> bool:
    if not (_plausible(elder, HAND_SIZE) and _plausible(younger, HAND_SIZE)):
        return False
    return _Search((elder, younger), HAND_SIZE, fill=True).run()


@lru_cache(maxsize=4096)
def _fits_alone(calls: Calls, size: int) -> bool:
    if not _plausible(calls, size):
        return False
    return _Search((calls,), size, fill=size == HAND_SIZE).run()


def _plausible(calls: Calls, size: int) -> bool:
    """Cheap refusals before searching (and a bound on the search's work)."""
    if calls.cards is not None:
        return True
    holding = calls.holding
    voids = sum(1 for s in holding.sequences if s.top == VOID)
    runs_possible = all(
        s.top == VOID or 3 <= s.length <= rank_height(s.top) + 1 for s in holding.sequences
    )
    return (
        runs_possible
        and lower_bound(holding) <= size
        and voids <= 3
        and len(holding.sequences) <= 10
    )


# --- the search --------------------------------------------------------------


@frozen
class _Item:
    """One declared combination to place in a hand's cards during the search."""

    hand: int
    kind: str  # "fixed" | "run" | "set" | "point"
    options: tuple[int, ...] = ()  # masks (runs, sets); unused for the point
    cards: int = 0  # the point's number of cards
    value: int | None = None  # the point's value
    void_point: bool = False  # (5, 50) with void_suit_point: a void may be the point


def _suit_masks(pattern: int) -> tuple[int, ...]:
    return tuple(pattern << (8 * s) for s in range(4))


@lru_cache(maxsize=4096)
def _items(hand: int, calls: Calls) -> tuple[_Item, ...]:
    if calls.cards is not None:
        return (_Item(hand, "fixed", (calls.cards,)),)
    holding = calls.holding
    items: list[_Item] = []
    for found in sorted(holding.sets, key=lambda s: -s.count):
        rank_bits = _suit_masks(1 << rank_height(found.rank))
        if found.count == 4:
            items.append(_Item(hand, "set", (sum(rank_bits),)))
        else:
            items.append(_Item(hand, "set", tuple(sum(rank_bits) - b for b in rank_bits)))
    runs = sorted((s for s in holding.sequences if s.top != VOID), key=lambda s: -s.length)
    for seq in runs:
        low = rank_height(seq.top) - seq.length + 1
        items.append(_Item(hand, "run", _suit_masks(((1 << seq.length) - 1) << low)))
    # Quatorzes (one option) first, then runs, then trios: the most constrained first.
    items.sort(key=lambda item: (len(item.options) > 1, item.kind != "run"))
    if holding.point is not None:
        point = holding.point
        items.append(
            _Item(
                hand,
                "point",
                cards=point.cards,
                value=point.value,
                void_point=calls.void_suit_point and (point.cards, point.value) == (5, 50),
            )
        )
    return tuple(items)


class _Search:
    """Depth-first search for a witness; `run()` says whether one exists."""

    def __init__(self, hands: tuple[Calls, ...], size: int, fill: bool) -> None:
        self.calls = hands
        self.size = size
        self.fill = fill
        items = [item for hand, calls in enumerate(hands) for item in _items(hand, calls)]
        self.items = sorted(items, key=lambda item: item.kind != "fixed")  # known hands first
        self.symmetric = all(calls.cards is None for calls in hands)
        count = len(hands)
        self.cards = [0] * count
        self.runs = [0] * count
        self.halo = [0] * count  # the runs and the cards touching them
        self.void_point = [False] * count
        self.found: tuple[int, ...] = ()
        self.voids = [
            sum(1 for s in c.holding.sequences if s.top == VOID) if c.cards is None else 0
            for c in hands
        ]

    def run(self) -> bool:
        return self._place(0)

    def _suits(self) -> tuple[int, ...]:
        """The suits worth trying: of several in the same state (every hand's cards and
        runs in it), only the first."""
        if not self.symmetric:
            return _ALL_SUITS
        word = 0
        for hand, cards in enumerate(self.cards):  # 8 bits of each per suit, 32 apart
            word |= (cards | self.runs[hand] << 32) << (64 * hand)
        seen: list[int] = []
        suits = []
        for suit in _ALL_SUITS:
            state = (word >> (8 * suit)) & _STATE_BITS
            if state not in seen:
                seen.append(state)
                suits.append(suit)
        return tuple(suits)

    def _others(self, hand: int) -> int:
        return sum(m for h, m in enumerate(self.cards) if h != hand)

    def _room(self, hand: int, cards: int) -> bool:
        return (
            cards.bit_count() <= self.size
            and (cards & FACES).bit_count() <= self.calls[hand].most_faces
        )

    def _gap_closed(self, hand: int, cards: int) -> bool:
        runs = self.runs[hand]
        return any(
            _closes_a_gap((runs >> (8 * s)) & _SUIT, (cards >> (8 * s)) & _SUIT)
            for s in range(4)
            if (runs >> (8 * s)) & _SUIT
        )

    def _place(self, index: int) -> bool:
        if index == len(self.items):
            return self._complete()
        item = self.items[index]
        hand = item.hand
        if item.kind == "point":
            return self._place_point(index, item)
        others = self._others(hand)
        before = (self.cards[hand], self.runs[hand], self.halo[hand])
        options = item.options
        if self.symmetric and len(options) == 4:
            options = tuple(options[s] for s in self._suits())
        for mask in options:
            if mask & others:
                continue
            if item.kind == "run" and mask & self.halo[hand]:
                continue
            cards = self.cards[hand] | mask
            if not self._room(hand, cards):
                continue
            self.cards[hand] = cards
            if item.kind == "run":
                self.runs[hand] |= mask
                self.halo[hand] |= _halo(mask)
            if self._gap_closed(hand, cards):
                self.cards[hand], self.runs[hand], self.halo[hand] = before
                continue
            if self._place(index + 1):
                return True
            self.cards[hand], self.runs[hand], self.halo[hand] = before
        return False

    def _place_point(self, index: int, item: _Item) -> bool:
        hand = item.hand
        if item.void_point:
            self.void_point[hand] = True
            if self._place(index + 1):
                return True
            self.void_point[hand] = False
        others = self._others(hand)
        held = self.cards[hand]
        if item.value is None:
            patterns = _BY_CARDS.get(item.cards, [])
        else:
            patterns = _BY_CARDS_AND_PIPS.get((item.cards, item.value), [])
        for suit in self._suits():
            shift = 8 * suit
            mine = (held >> shift) & _SUIT
            theirs = (others >> shift) & _SUIT
            runs = (self.runs[hand] >> shift) & _SUIT
            tried = set()
            for pattern in patterns:
                suit_cards = mine | pattern
                if pattern & theirs or suit_cards in tried:
                    continue
                tried.add(suit_cards)
                if _closes_a_gap(runs, suit_cards):
                    continue
                cards = held | (suit_cards << shift)
                if not self._room(hand, cards):
                    continue
                self.cards[hand] = cards
                if self._place(index + 1):
                    return True
                self.cards[hand] = held
        return False

    # --- the leaf: voids, then filling both hands up to 12 --------------------

    def _complete(self) -> bool:
        count = len(self.cards)
        choices = []
        for hand in range(count):
            wanted = max(self.voids[hand], 1 if self.void_point[hand] else 0)
            empty = [s for s in range(4) if not (self.cards[hand] >> (8 * s)) & _SUIT]
            if len(empty) < wanted:
                return False
            choices.append(list(combinations(empty, wanted)))
        if self.fill and not any(self._fill(voids) for voids in _product(choices)):
            return False
        self.found = tuple(self.cards)
        return True

    def _fill(self, voids: tuple[tuple[int, ...], ...]) -> bool:
        """Can each hand be made up to 12 with cards nobody holds (Hall's condition)?"""
        taken = sum(self.cards)
        free = FULL & ~taken
        needs, allowed, caps = [], [], []
        for hand, calls in enumerate(self.calls):
            held = self.cards[hand]
            needs.append(HAND_SIZE - held.bit_count())
            barred = 0
            for suit in voids[hand]:
                barred |= _SUIT << (8 * suit)
            barred |= _gap_keepers(self.runs[hand], held)
            allowed.append(free & ~barred)
            caps.append(calls.most_faces - (held & FACES).bit_count())
        return _hall(needs, allowed, caps)


def _product(choices: list[list[tuple[int, ...]]]) -> Iterator[tuple[tuple[int, ...], ...]]:
    if not choices:
        yield ()
        return
    for first in choices[0]:
        for rest in _product(choices[1:]):
            yield (first, *rest)


def _hall(needs: list[int], allowed: list[int], caps: list[int]) -> bool:
    """Each hand takes `needs[h]` cards of `allowed[h]`, at most `caps[h]` of them faces,
    no card twice (one or two hands)."""
    if all(cap >= need for cap, need in zip(caps, needs, strict=True)):
        if len(needs) == 1:
            return allowed[0].bit_count() >= needs[0]
        return (
            allowed[0].bit_count() >= needs[0]
            and allowed[1].bit_count() >= needs[1]
            and (allowed[0] | allowed[1]).bit_count() >= needs[0] + needs[1]
        )
    if len(needs) == 1:
        plain = (allowed[0] & ~FACES).bit_count()
        faces = (allowed[0] & FACES).bit_count()
        return plain + min(faces, max(caps[0], 0)) >= needs[0]
    (a, b), (need_a, need_b) = allowed, needs
    cap_a, cap_b = (max(c, 0) for c in caps)
    # Split each kind of card (faces, the rest) between the two hands.
    fa, fb, fab = ((m & FACES).bit_count() for m in (a & ~b, b & ~a, a & b))
    pa, pb, pab = ((m & ~FACES).bit_count() for m in (a & ~b, b & ~a, a & b))
    for faces_a in range(min(cap_a, need_a, fa + fab) + 1):
        for faces_b in range(min(cap_b, need_b, fb + fab) + 1):
            if faces_a + faces_b > fa + fb + fab or faces_a > fa + fab or faces_b > fb + fab:
                continue
            if max(faces_a - fa, 0) + max(faces_b - fb, 0) > fab:
                continue
            plain_a, plain_b = need_a - faces_a, need_b - faces_b
            if plain_a > pa + pab or plain_b > pb + pab:
                continue
            if max(plain_a - pa, 0) + max(plain_b - pb, 0) <= pab:
                return True
    return False


def _halo(mask: int) -> int:
    """A run's cards and the cards just above and below it in its suit."""
    return mask | ((mask << 1) & FULL & ~_BOTTOMS) | ((mask >> 1) & ~_TOPS)


@lru_cache(maxsize=256)
def _gaps(runs: int) -> tuple[int, ...]:
    """The gaps between the separate runs of one suit's 8-bit pattern."""
    gaps = []
    gap = 0
    seen_run = False
    for height in range(8):
        if runs >> height & 1:
            if seen_run and gap:
                gaps.append(gap)
            seen_run = True
            gap = 0
        elif seen_run:
            gap |= 1 << height
    return tuple(gaps)


def _closes_a_gap(runs: int, pattern: int) -> bool:
    """The suit's cards hold every card between two declared runs (one run, then)."""
    return any(gap & pattern == gap for gap in _gaps(runs))


def _gap_keepers(runs: int, held: int) -> int:
    """One card of each gap between runs that the filling must leave out."""
    keep = 0
    for suit in range(4):
        shift = 8 * suit
        mine = (held >> shift) & _SUIT
        for gap in _gaps((runs >> shift) & _SUIT):
            open_cards = gap & ~mine
            keep |= (open_cards & -open_cards) << shift
    return keep
