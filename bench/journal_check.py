"""Bench: what `PRAGMA quick_check` (the damaged-journal check, journal/damage.py)
costs on a journal of 10,000 parties, against `PRAGMA integrity_check`.

    .venv/bin/python bench/journal_check.py [--parties 10000] [--repeat 7]

Builds the journal as bench/journal_open.py does (a dozen random parties played
action by action, stored over and over, one in progress), then times the check
as the command line runs it (`journal.sqlite_store.quick_check_file`: its own
read-only connection) and the bare pragmas, and prints the times in
milliseconds. The kiosk runs the same check on a thread after its first frame,
so the frame does not wait.
"""

from __future__ import annotations

import argparse
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "bench"), str(ROOT / "tests" / "journal")]

from journal_open import build  # noqa: E402

from journal.sqlite_store import quick_check_file  # noqa: E402


def timed(repeat: int, work) -> list[float]:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        work()
        times.append((time.perf_counter() - started) * 1000)
    return times


def pragma(path: Path, name: str) -> None:
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
    try:
        assert conn.execute(f"PRAGMA {name}").fetchone()[0] == "ok"
    finally:
        conn.close()


def main() -> int:
    parser = argparse.ArgumentParser(description="PRAGMA quick_check on a large journal")
    parser.add_argument("--parties", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "journal.sqlite3"
        build(path, args.parties)
        print(f"journal: {args.parties} parties, {path.stat().st_size / 1e6:.1f} MB")
        for name, work in (
            ("quick_check_file (the CLI's check)", lambda: quick_check_file(path)),
            ("PRAGMA quick_check", lambda: pragma(path, "quick_check")),
            ("PRAGMA integrity_check", lambda: pragma(path, "integrity_check")),
        ):
            times = timed(args.repeat, work)
            print(
                f"{name:36} median {statistics.median(times):7.1f} ms"
                f"  (min {min(times):.1f}, max {max(times):.1f})"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
