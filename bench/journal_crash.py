"""Bench: the journal crash harness on its own; prints kills, acknowledged actions, losses.

    .venv/bin/python bench/journal_crash.py [--journals 10] [--kills 21] [--seed S] [--workers 2]

Children stream actions into journals and are killed with SIGKILL at seeded
random moments; after each kill the journal must open, pass
`PRAGMA integrity_check` and hold every acknowledged action
(tests/journal/crash_harness.py has the details).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "journal")]

from crash_harness import crash_many  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--journals", type=int, default=10)
    parser.add_argument("--kills", type=int, default=21, help="kills per journal")
    parser.add_argument("--seed", default="piquet-crash-2026")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        figures = crash_many(Path(folder), args.journals, args.kills, args.seed, args.workers)
        elapsed = time.perf_counter() - started
    print(f"journals={args.journals} seed={args.seed} workers={args.workers}")
    print(figures.line())
    print(f"elapsed={elapsed:.1f}s ({elapsed / max(figures.kills, 1) * 1000:.0f} ms per kill)")
    for problem in figures.problems:
        print(f"problem: {problem}")
    return 0 if figures.losses == 0 and not figures.problems else 1


if __name__ == "__main__":
    raise SystemExit(main())
