"""How fast the rules engine scores: random six-deal parties with hands and
cards played, and quick-mode parties of entered totals.

Run: .venv/bin/python bench/scorer_speed.py   (prints figures; asserts nothing)
"""

from __future__ import annotations

import random
import time
import tracemalloc

from scorer import score_record
from scorer.cards import full_pack


def random_deal(rng: random.Random) -> dict:
    pack = full_pack()
    rng.shuffle(pack)
    hands = {"elder": pack[:12], "younger": pack[12:24]}
    held = {r: list(c) for r, c in hands.items()}
    leader, tricks = "elder", []
    for _ in range(12):
        follower = "younger" if leader == "elder" else "elder"
        lead = held[leader].pop(rng.randrange(len(held[leader])))
        same = [c for c in held[follower] if c.suit == lead.suit] or held[follower]
        follow = rng.choice(same)
        held[follower].remove(follow)
        winner = follower if (follow.suit == lead.suit and follow.height > lead.height) else leader
        tricks.append({"winner": winner[0].upper(), "lead": str(lead), "follow": str(follow)})
        leader = winner
    return {"hands": {r: [str(c) for c in cs] for r, cs in hands.items()}, "tricks": tricks}


def partie(deals: list[dict]) -> dict:
    return {
        "format": "piquet-record/1",
        "players": ["Anne", "Ben"],
        "first_dealer": "Ben",
        "deals": deals,
    }


def measure(name: str, records: list[dict]) -> float:
    start = time.perf_counter()
    for rec in records:
        score_record(rec)
    elapsed = time.perf_counter() - start
    per = elapsed / len(records) * 1000
    print(
        f"{name:40s} {len(records):5d} parties  {per:7.3f} ms/partie  "
        f"{len(records) / elapsed:8.0f} parties/s"
    )
    return per


def main() -> None:
    rng = random.Random(2026)
    full = [partie([random_deal(rng) for _ in range(6)]) for _ in range(200)]
    quick = [
        partie(
            [
                {"entered": {"elder": rng.randrange(60), "younger": rng.randrange(60)}}
                for _ in range(6)
            ]
        )
        for _ in range(2000)
    ]
    hands = measure("six deals, hands + cards played", full)
    totals = measure("six deals, entered totals (quick mode)", quick)
    print(f"ratio full/quick: {hands / totals:.1f}x")
    tracemalloc.start()
    score_record(full[0])
    _, peak = tracemalloc.get_traced_memory()
    print(f"peak memory to score one full partie: {peak / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
