"""What the fit check (scorer/fit.py) adds to scoring, and its worst cases.

Six-deal records of declarations only (no hands: the search runs for each
deal), from random deals with every combination declared. Scoring each is
timed with the check switched off ("before"), with it on and its memo cleared
each time ("after, cold": the first scoring of a deal), and with the memo
kept ("after, warm": the kiosk scoring again after a tap). Then random
declarations that need not come from a real hand (most cannot), for the
slowest single search.

Run: .venv/bin/python bench/scorer_fit.py   (prints figures; asserts nothing)
"""

from __future__ import annotations

import contextlib
import random
import statistics
import time
from unittest import mock

import scorer.fit
import scorer.record
from scorer import RecordError, score_record
from scorer.cards import RANKS, full_pack
from scorer.combinations import Holding, Point, Sequence, Set
from scorer.fit import Calls, fits
from scorer.hand import holding_of, is_carte_blanche

ROUNDS = 300


def declared_deal(rng: random.Random) -> dict:
    pack = full_pack()
    rng.shuffle(pack)
    hands = {"elder": pack[:12], "younger": pack[12:24]}
    declared = {}
    for role, cards in hands.items():
        held = holding_of(cards)
        calls: dict = {"point": held.point.to_json()} if held.point else {}
        if held.sequences:
            calls["sequences"] = [s.to_json() for s in held.sequences]
        if held.sets:
            calls["sets"] = [s.to_json() for s in held.sets]
        declared[role] = calls
    deal = {"declared": declared, "exchange": {"elder": 5, "younger": 3}, "tricks": "EY" * 6}
    blank = [role for role, cards in hands.items() if is_carte_blanche(cards)]
    if blank:
        deal["carte_blanche"] = blank
    return deal


def partie(rng: random.Random) -> dict:
    return {
        "format": "piquet-record/1",
        "players": ["Anne", "Ben"],
        "first_dealer": "Ben",
        "deals": [declared_deal(rng) for _ in range(6)],
    }


def clear() -> None:
    scorer.fit._fits.cache_clear()
    scorer.fit._fits_alone.cache_clear()
    scorer.fit._items.cache_clear()


def best_of(runs: int, rec: dict, before=lambda: None) -> float:
    """The fastest of `runs` scorings of `rec`, in µs (the machine is shared)."""
    best = float("inf")
    for _ in range(runs):
        before()
        start = time.perf_counter()
        score_record(rec)
        best = min(best, time.perf_counter() - start)
    return best * 1e6


def report(name: str, times: list[float]) -> float:
    median = statistics.median(times)
    print(
        f"{name:34s} median {median:8.0f} µs   p95 {sorted(times)[len(times) * 95 // 100]:8.0f}"
        f" µs   max {max(times):8.0f} µs"
    )
    return median


def random_holding(rng: random.Random) -> Holding:
    point = Point(rng.randint(3, 8)) if rng.random() < 0.8 else None
    sequences = tuple(
        Sequence(length, rng.choice(RANKS[length - 1 :]))
        for length in (rng.randint(3, 6) for _ in range(rng.randint(0, 4)))
    )
    sets = tuple(
        Set(rng.choice([3, 4]), rank)
        for rank in rng.sample(["A", "K", "Q", "J", "10"], rng.randint(0, 4))
    )
    return Holding(point, sequences, sets)


def main() -> None:
    rng = random.Random(2026)
    records = [partie(rng) for _ in range(ROUNDS)]
    for rec in records[:20]:  # warm up imports and the interpreter
        score_record(rec)
    before, cold, warm = [], [], []
    for rec in records:  # interleaved, so a busy moment hits all three alike
        with mock.patch.object(scorer.record, "_check_fit", lambda *args, **kwargs: None):
            before.append(best_of(3, rec))
        cold.append(best_of(3, rec, clear))
        warm.append(best_of(3, rec))
    report("before (no fit check)", before)
    report("after, memo cleared each time", cold)
    report("after, memo kept (scored again)", warm)
    added = [c - b for c, b in zip(cold, before, strict=True)]
    again = [w - b for w, b in zip(warm, before, strict=True)]
    print(
        f"the fit check adds {statistics.median(added):.0f} µs to a six-deal record "
        f"the first time, {statistics.median(again):.0f} µs when scored again (medians)"
    )

    slowest, refused, total = 0.0, 0, 2000
    for _ in range(total):
        pair = Calls(random_holding(rng)), Calls(random_holding(rng))
        clear()
        scorer.fit._items.cache_clear()
        start = time.perf_counter()
        if not fits(*pair):
            refused += 1
        slowest = max(slowest, time.perf_counter() - start)
    print(
        f"{total} random declaration pairs: {refused} cannot be held; "
        f"slowest search {slowest * 1e3:.1f} ms"
    )
    hostile = {
        "format": "piquet-record/1",
        "players": ["A", "B"],
        "first_dealer": "B",
        "deals": [
            {
                "declared": {
                    "elder": {
                        "sequences": [{"length": 3, "top": "A"}] * 4,
                        "sets": [{"count": 3, "rank": r} for r in "AKQJ"],
                    },
                    "younger": {
                        "sequences": [{"length": 3, "top": "10"}] * 4,
                        "sets": [{"count": 3, "rank": "10"}],
                    },
                }
            }
            for _ in range(6)
        ],
    }
    clear()
    start = time.perf_counter()
    with contextlib.suppress(RecordError):
        score_record(hostile)
    print(
        f"a hostile six-deal record (four tierces and sets each): "
        f"{(time.perf_counter() - start) * 1e3:.1f} ms"
    )


if __name__ == "__main__":
    main()
