"""Build the Rubicon odds table stored with the package: scorer/data/rubicon_odds.json.

Run once, after a change to the policy or to the engine's scores:

    .venv/bin/python scripts/build_odds.py            # 250,000 deals, about 4 minutes of one core
    .venv/bin/python scripts/build_odds.py --deals 20000 --out /tmp/odds.json

It plays random deals by the policy of `scorer.odds_simulation`, scores them
with the engine and writes the counts, the tables derived from them (with the
standard error of every frequency) and chunk 0's counts apart, which the tests
replay exactly. See docs/odds.md.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scorer.odds import DATA_FILE, FORMAT, tables_from_counts  # noqa: E402
from scorer.odds_simulation import ELDER_TAKES, POLICY_VERSION, YOUNGER_TAKES, simulate  # noqa: E402

CHUNK = 1000


def build(deals: int, seed: int, chunk_size: int = CHUNK) -> dict:
    chunks = -(-deals // chunk_size)
    total, first = simulate(seed, chunks, chunk_size)
    counts = total.to_json()
    return {
        "format": FORMAT,
        "about": "Frequencies of one deal's points, from random deals played by a simple "
        "policy and scored by the piquet-table engine; see docs/odds.md. Made by "
        "scripts/build_odds.py: do not edit.",
        "policy_version": POLICY_VERSION,
        "policy": {"elder_takes": ELDER_TAKES, "younger_takes": YOUNGER_TAKES},
        "seed": seed,
        "chunks": chunks,
        "chunk_size": chunk_size,
        "deals": total.deals,
        "counts": counts,
        "first_chunk": first.to_json(),
        "tables": tables_from_counts(counts),
    }


def dump(data: dict) -> str:
    """Indented JSON with every list of numbers on one line."""
    text = json.dumps(data, indent=1, ensure_ascii=False)
    return (
        re.sub(
            r"\[\s*([-0-9.e,\s]+?)\s*\]",
            lambda m: "[" + ",".join(x.strip() for x in m.group(1).split(",")) + "]",
            text,
        )
        + "\n"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=250_000)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--out", type=Path, default=ROOT / "scorer" / "data" / DATA_FILE)
    args = parser.parse_args()
    start = time.process_time()
    wall = time.perf_counter()
    data = build(args.deals, args.seed)
    cpu = time.process_time() - start
    args.out.write_text(dump(data), encoding="utf-8")
    tables = data["tables"]
    worst = max(max(t["standard_error"]) for t in tables.values())
    print(f"{data['deals']} deals in {cpu:.0f} s of CPU ({time.perf_counter() - wall:.0f} s wall)")
    print(f"largest standard error of a frequency: {worst:.5f}")
    print(f"written to {args.out}")


if __name__ == "__main__":
    main()
