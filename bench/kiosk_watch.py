"""Bench: what the kiosk's look at the journal costs (every second, and before each tap).

    .venv/bin/python bench/kiosk_watch.py [--repeat 2000]

On a journal file with one partie in the play (five tricks): `Journal.refresh()` when
nothing changed (the app's one-second watch), then a trick committed through
the kiosk's `GuardedJournal` (a refresh, then `Journal.act`) against
`Journal.act` alone, each trick undone again so the partie stays the same
size. Prints medians in microseconds; nothing is asserted.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> None:
    from journal import Journal
    from kiosk.i18n import Translator
    from kiosk.journal_guard import GuardedJournal

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=2000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        journal = Journal.open(Path(tmp) / "journal.sqlite3")
        journal.new_partie(["Anne", "Bruno"], "Bruno")
        for _ in range(5):
            journal.act({"trick": "Y"})
        guarded = GuardedJournal(journal, Translator("en"))
        looks = []
        for _ in range(args.repeat):
            began = time.perf_counter()
            journal.refresh()
            looks.append(time.perf_counter() - began)
        plain, guard = [], []
        for _ in range(max(1, args.repeat // 20)):
            for timings, target in ((plain, journal), (guard, guarded)):
                began = time.perf_counter()
                target.act({"trick": "E"})
                timings.append(time.perf_counter() - began)
                target.undo()
        journal.close()
    print(
        f"refresh, nothing changed: median {statistics.median(looks) * 1e6:.0f} µs "
        f"({len(looks)} looks)"
    )
    print(
        f"a trick through Journal.act: median {statistics.median(plain) * 1e6:.0f} µs; "
        f"through the kiosk's GuardedJournal: {statistics.median(guard) * 1e6:.0f} µs "
        f"({len(plain)} each, synced to disk)"
    )


if __name__ == "__main__":
    main()
