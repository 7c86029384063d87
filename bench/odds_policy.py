"""Bench: how much the Rubicon odds depend on the playing policy.

    .venv/bin/python bench/odds_policy.py [--deals 20000]

The stored table (scorer/data/rubicon_odds.json) comes from one simple policy
(scorer.odds_simulation). This plays the same random deals under two other
policies and prints, for Elder and Younger, the largest difference of
P(one deal gives >= n) from the stored table over n = 0..173, and a few values
side by side. The statistical error of the stored table is about 0.001; the
differences printed here are the policy's share of the error (docs/odds.md).

- "random play": the same exchange; leads and follows are random legal cards.
- "keep sets": the same play; the discard also keeps every card of a rank held
  three or four times (10 or higher), and lays out the lowest of the rest.

Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from unittest import mock

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

from scorer import odds_simulation as sim  # noqa: E402
from scorer.odds import odds_table, tables_from_counts  # noqa: E402

SHOWN = (10, 20, 30, 40, 50, 60, 80, 100)


def random_play(hands):
    rng = random.Random(" ".join(map(str, hands["elder"] + hands["younger"])))
    held = {role: list(cards) for role, cards in hands.items()}
    leader, tricks = "elder", []
    for _ in range(12):
        follower = "younger" if leader == "elder" else "elder"
        lead = held[leader].pop(rng.randrange(len(held[leader])))
        same = [c for c in held[follower] if c.suit == lead.suit] or held[follower]
        follow = rng.choice(same)
        held[follower].remove(follow)
        takes = (
            follower
            if follow.suit == lead.suit and sim.HEIGHT[follow.rank] > sim.HEIGHT[lead.rank]
            else leader
        )
        tricks.append({"winner": takes[0].upper(), "lead": str(lead), "follow": str(follow)})
        leader = takes
    return tricks


def keep_sets_discards(hand, count):
    _point, best = sim.best_point(hand)
    ranks = [c.rank for c in hand]
    kept = {r for r in ("A", "K", "Q", "J", "10") if ranks.count(r) >= 3}
    lengths = sim._suit_lengths(hand)
    ranked = sorted(
        hand,
        key=lambda c: (c.suit == best, c.rank in kept, sim.HEIGHT[c.rank], lengths[c.suit]),
    )
    return ranked[:count]


def run(label: str, deals: int, patch: dict) -> None:
    start = time.process_time()
    with mock.patch.multiple(sim, **patch):
        counts, _ = sim.simulate(4242, deals // 1000, 1000)
    tables = tables_from_counts(counts.to_json())
    stored = odds_table()
    print(f"\n{label}: {counts.deals} deals, {time.process_time() - start:.0f} s of CPU")
    for role in ("elder", "younger"):
        mine = [stored.at_least(role, n) for n in range(174)]
        theirs = tables[role]["at_least"]
        worst = max(range(174), key=lambda n: abs(mine[n] - theirs[n]))
        print(
            f"  {role:8s} largest difference {abs(mine[worst] - theirs[worst]):.3f} at n = {worst}"
        )
        print(
            "    n:      " + " ".join(f"{n:6d}" for n in SHOWN) + "\n"
            "    stored: " + " ".join(f"{mine[n]:6.3f}" for n in SHOWN) + "\n"
            "    this:   " + " ".join(f"{theirs[n]:6.3f}" for n in SHOWN)
        )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=20_000)
    args = parser.parse_args()
    run("random play", args.deals, {"play_out": random_play})
    run("keep sets", args.deals, {"discards": keep_sets_discards})


if __name__ == "__main__":
    main()
