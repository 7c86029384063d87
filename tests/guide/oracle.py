"""The laws read a second time, plainly, for checking the calculator and the
drills: a test's expectation must not come from the code under test.

Cards are strings ("10H", "AS"). Only the default game (Cavendish): point by
length then pip value (Law 62), sequences by length then top card (Law 63),
sets of tens and up, quatorze over trio then rank (Law 64), Law 65's trick
count, the repique (Law 68) and the pique (Law 69), Laws 72-73's settlement.
"""

from __future__ import annotations

ORDER = ["7", "8", "9", "10", "J", "Q", "K", "A"]
PIPS = {"A": 11, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 9, "8": 8, "7": 7}
SET_RANKS = ["10", "J", "Q", "K", "A"]
THIRTY, REPIQUE, PIQUE, RUBICON = 30, 60, 30, 100


def split(card: str) -> tuple[str, str]:
    rank, suit = card[:-1].upper(), card[-1].upper()
    return ("10" if rank == "T" else rank), suit


def suits(cards: list[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {s: [] for s in "SHDC"}
    for card in cards:
        rank, suit = split(card)
        out[suit].append(rank)
    return out


def point(cards: list[str]) -> tuple[int, int]:
    """(cards, value) of the longest suit, the higher value between equals."""
    return max((len(r), sum(PIPS[x] for x in r)) for r in suits(cards).values())


def runs(cards: list[str]) -> list[tuple[int, int]]:
    """Every maximal run of three or more in a suit: (length, height of the top)."""
    found = []
    for ranks in suits(cards).values():
        heights = sorted(ORDER.index(r) for r in ranks)
        start = 0
        for i in range(1, len(heights) + 1):
            if i == len(heights) or heights[i] != heights[i - 1] + 1:
                if i - start >= 3:
                    found.append((i - start, heights[i - 1]))
                start = i
    return found


def run_score(length: int) -> int:
    return length if length <= 4 else length + 10


def sets(cards: list[str]) -> list[tuple[int, int]]:
    counts = {r: 0 for r in SET_RANKS}
    for card in cards:
        rank, _ = split(card)
        if rank in counts:
            counts[rank] += 1
    return [(n, SET_RANKS.index(r)) for r, n in counts.items() if n >= 3]


def set_score(count: int) -> int:
    return 14 if count == 4 else 3


def classes(first: list[str], second: list[str]) -> dict[str, tuple[int | None, int]]:
    """Per class: which hand is good (0 first, 1 second, None) and what it scores."""
    out: dict[str, tuple[int | None, int]] = {}
    points = [point(first), point(second)]
    out["point"] = _better(points, lambda i: points[i][0])
    seqs = [runs(first), runs(second)]
    best = [max(s) if s else None for s in seqs]
    out["sequences"] = _better(best, lambda i: sum(run_score(n) for n, _ in seqs[i]))
    found = [sets(first), sets(second)]
    best = [max(s) if s else None for s in found]
    out["sets"] = _better(best, lambda i: sum(set_score(n) for n, _ in found[i]))
    return out


def _better(best: list, scores) -> tuple[int | None, int]:
    a, b = best
    if (a is None and b is None) or a == b:
        return None, 0
    winner = 0 if b is None or (a is not None and a > b) else 1
    return winner, scores(winner)


def repique(first: list[str], second: list[str]) -> int | None:
    """Law 68 on declarations alone: 0 or 1 for the hand that repiques, or None."""
    order = ["point", "sequences", "sets"]
    got = classes(first, second)
    for side in (0, 1):
        other_first = min(
            (order.index(k) for k, (w, n) in got.items() if w == 1 - side and n), default=len(order)
        )
        total = sum(n for k, (w, n) in got.items() if w == side and order.index(k) < other_first)
        if total >= THIRTY:
            return side
    return None


def before_lead(elder: list[str], younger: list[str]) -> int:
    """What Elder scores before his first lead: his good classes and a repique."""
    got = classes(elder, younger)
    mine = sum(n for w, n in got.values() if w == 0)
    return mine + (REPIQUE if repique(elder, younger) == 0 else 0)


def bonus(elder: list[str], younger: list[str], winners: str) -> str:
    """ "repique", "pique" or "neither" for a deal declared in full and played so far."""
    if repique(elder, younger) is not None:
        return "repique"
    got = classes(elder, younger)
    if any(w == 1 and n for w, n in got.values()):
        return "neither"
    total = sum(n for w, n in got.values() if w == 0)
    # Elder leads every trick until Younger wins one, and then Younger has scored.
    for index, winner in enumerate(winners):
        total += 1  # Elder's lead
        if total >= THIRTY:
            return "pique"
        if winner == "Y":
            return "neither"
        if index == 11:
            total += 1  # the last trick
            if total >= THIRTY:
                return "pique"
    return "neither"


def settlement(a: int, b: int) -> int:
    """Laws 72-73: the points the winner scores (totals not equal)."""
    high, low = max(a, b), min(a, b)
    return high - low + RUBICON if low >= RUBICON else high + low + RUBICON
