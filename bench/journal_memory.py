"""Bench: the journal's memory as actions are played (tracemalloc, Python allocations).

    .venv/bin/python bench/journal_memory.py [--parties 8]

Plays random rubicon parties action by action into a journal file in a
temporary folder (one long-lived Journal, as the kiosk holds it) and prints
the Python memory held after each partie and the growth per action once the
first partie is played. The Journal keeps only the current partie's state, so
the growth per action should be about 0 bytes.
"""

from __future__ import annotations

import argparse
import gc
import sys
import tempfile
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "journal")]

from journal_helpers import play_random_partie  # noqa: E402

from journal import Journal  # noqa: E402


def held() -> int:
    gc.collect()
    return tracemalloc.get_traced_memory()[0]


def measure(parties: int) -> tuple[list[tuple[int, int]], float]:
    """[(actions so far, bytes held)] after each partie; and bytes per action after the first."""
    points = []
    with tempfile.TemporaryDirectory() as folder:
        tracemalloc.start()
        journal = Journal.open(Path(folder) / "journal.sqlite3")
        actions = 0
        for seed in range(parties):
            partie = play_random_partie(journal, f"memory-{seed}", "rubicon", limit=1000)
            actions += len(journal.actions(partie))
            points.append((actions, held()))
        journal.close()
        tracemalloc.stop()
    (first_actions, first_bytes), (last_actions, last_bytes) = points[0], points[-1]
    return points, (last_bytes - first_bytes) / max(1, last_actions - first_actions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parties", type=int, default=8)
    args = parser.parse_args()
    points, per_action = measure(args.parties)
    for number, (actions, memory) in enumerate(points, start=1):
        print(f"after partie {number}: {actions:5d} actions, {memory / 1024:8.1f} KiB held")
    print(f"growth after the first partie: {per_action:.0f} bytes per action")


if __name__ == "__main__":
    main()
