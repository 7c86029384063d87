"""Bench: the two-writer stress test, longer, with its figures.

    .venv/bin/python bench/journal_stress.py [--journals 6] [--rounds 300] [--seed S]

A long-lived Journal (as the kiosk holds it) and `piquet` commands in other
processes act, undo, redo and start parties at seeded random moments on the
same journal (`tests/journal/stress_harness.py`). Prints the runs, the stale
commits refused, the acknowledged actions and how many were lost (0 expected).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "journal")]

from stress_harness import stress_many  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--journals", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=300)
    parser.add_argument("--seed", default="piquet-stress-bench")
    args = parser.parse_args()
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as folder:
        figures = stress_many(Path(folder), args.journals, args.rounds, args.seed)
    print(f"runs (journals): {figures.journals}, rounds: {figures.rounds}")
    print(f"commands in other processes: {figures.commands} "
          f"({figures.real_processes} as real `python -m piquet` processes)")  # fmt: skip
    print(f"stale commits refused: {figures.stale_refused}")
    print(f"refused by the rules: {figures.engine_refused} (long-lived Journal), "
          f"{figures.refused_commands} (commands)")  # fmt: skip
    print(f"acknowledged: {figures.acknowledged} changes, {figures.acknowledged_actions} actions")
    print(f"lost: {figures.lost}, unexpected: {figures.unexpected}, "
          f"problems: {len(figures.problems)}")  # fmt: skip
    for problem in figures.problems[:20]:
        print(f"  {problem}")
    print(f"time: {time.monotonic() - started:.1f} s")


if __name__ == "__main__":
    main()
