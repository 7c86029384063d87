"""Random legal parties, action by action, for the crash test, the round trip and the benches.

A deal's actions come from a plan drawn with a seeded `random.Random`, so a
process that resumes a journal can draw the same plan again and go on from the
actions already stored.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

HANDS = ("elder", "younger")

# Calls that are possible together in any deal: a point of five (A K Q J 8 of a
# suit) against a point of four, a quart to the ace against a tierce to the ten,
# a trio of kings against a trio of jacks.
DECLARATIONS: list[dict[str, Any]] = [
    {"declare": "point", "by": "elder", "cards": 5, "value": 49},
    {"declare": "point", "by": "younger", "cards": 4, "value": 38},
    {"declare": "sequence", "by": "elder", "length": 4, "top": "A"},
    {"declare": "sequence", "by": "younger", "length": 3, "top": "10"},
    {"declare": "set", "by": "elder", "count": 3, "rank": "K"},
    {"declare": "set", "by": "younger", "count": 3, "rank": "J"},
]

LAST_DEAL = {"rubicon": 6, "four-deal": 4}


def seeded(*parts: object) -> random.Random:
    """A Random seeded from any parts, the same in every process (no hash randomisation)."""
    digest = hashlib.sha256(json.dumps([str(part) for part in parts]).encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def deal_plan(rng: random.Random, number: int, game: str) -> list[dict[str, Any]]:
    """The actions of one complete deal: entered totals, or exchange, calls and tricks."""
    plan: list[dict[str, Any]] = []
    if rng.random() < 0.7:
        elder = rng.randint(1, 5)
        plan.append({"exchange": "elder", "cards": elder})
        plan.append({"exchange": "younger", "cards": rng.randint(1, 8 - elder)})
    if rng.random() < 0.15:
        plan.append({"entered": {"elder": rng.randint(0, 60), "younger": rng.randint(0, 60)}})
        return plan
    for call in DECLARATIONS:
        if rng.random() < 0.5:
            if call["declare"] == "point" and rng.random() < 0.5:
                plan.append({key: value for key, value in call.items() if key != "value"})
            plan.append(dict(call))
    if number >= LAST_DEAL.get(game, 99) and rng.random() < 0.3:
        plan.append({"throw_in": rng.choice(HANDS)})
        return plan
    plan += [{"trick": rng.choice("EY")} for _ in range(12)]
    return plan


def next_action(
    record: dict[str, Any], actions: list[dict[str, Any]], seed: object, partie: int
) -> dict[str, Any]:
    """The next action of the partie drawn from `seed`, given its record and actions so far."""
    number = len(record["deals"])
    plan = deal_plan(seeded(seed, partie, number), number, record["game"])
    done = len(actions)
    for index in range(len(actions) - 1, -1, -1):
        if actions[index] == {"next_deal": True}:
            done = len(actions) - index - 1
            break
    if done >= len(plan):
        return {"next_deal": True}
    return plan[done]


def play_random_partie(journal: Any, seed: object, game: str, limit: int) -> int:
    """Start a partie and play up to `limit` actions of it (or to its end); returns its id."""
    partie = journal.new_partie(["Anne", "Ben"], "Ben", game)
    for _ in range(limit):
        if journal.score()["finished"]:
            break
        journal.act(next_action(journal.record(), journal.actions(), seed, partie))
    return partie


def sha256_files(*paths: Path) -> dict[str, str | None]:
    """The sha256 of each file (None when missing)."""
    return {
        path.name: hashlib.sha256(path.read_bytes()).hexdigest() if path.exists() else None
        for path in paths
    }
