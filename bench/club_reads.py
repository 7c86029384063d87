"""Bench: what the club's screens cost with 10, 1,000 and 10,000 parties, and what
keeping the figures adds to each tap.

    .venv/bin/python bench/club_reads.py [--sizes 10 1000 10000] [--repeat 20]

For each size a journal is grown in a temporary folder (a dozen parties played
through the journal, then copied at the store's level with their figures,
among forty players in evenings of thirty parties), then the kiosk's presenter
shows each screen (History, its next page, Statistics, a player, head to head,
the names screen, a finished partie's sheet with its sitting): milliseconds per
view, and SQLite's virtual-machine steps (in tens) per view. Then the cost of
one action committed to a file journal with the figures kept, against the same
with `put_figures` doing nothing, and the whole `Journal.history()` for scale.
Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

from journal import Journal  # noqa: E402
from kiosk import presenter as pm  # noqa: E402
from kiosk.presenter import Presenter  # noqa: E402
from tests.journal.club_history import grow, work  # noqa: E402


def screens(path: Path, repeat: int) -> list[tuple[str, float, int]]:
    p = Presenter(Journal.open(path))
    last = next(e for e in p.journal.history_page(None, 60) if e["finished"])
    a, b = last["players"]
    out = []
    for name, show in [
        ("History", lambda: p.go(pm.HISTORY)),
        ("History, More parties", p.history_more),
        ("Statistics", p.open_stats),
        ("a player", lambda: p.view_player(a)),
        ("head to head and sittings", lambda: p.view_pair(b)),
        ("new partie: the names", p.new_partie),
        ("a finished partie's sheet", lambda: p.view_partie(last["partie"])),
    ]:
        show()
        steps = work(p.journal, p.view)
        start = time.perf_counter()
        for _ in range(repeat):
            p.view()
        out.append((name, (time.perf_counter() - start) / repeat * 1000, steps))
    start = time.perf_counter()
    p.journal.history()
    out.append(
        (
            "(the whole Journal.history(), once)",
            (time.perf_counter() - start) * 1000,
            work(p.journal, p.journal.history),
        )
    )
    p.journal.close()
    return out


def per_action(folder: Path, kept: bool, actions: int = 60) -> float:
    """Milliseconds per action committed (synced) to a file journal."""
    path = folder / f"act-{kept}.sqlite3"
    with Journal.open(path) as journal:
        if not kept:
            journal._store.put_figures = lambda partie, lines: None  # type: ignore[method-assign]
        journal.new_partie(["Anne", "Bruno"], "Bruno")
        done = 0
        start = time.perf_counter()
        while done < actions:
            if journal.score()["deals"][-1]["complete"]:
                journal.act({"next_deal": True})
            else:
                journal.act({"entered": {"elder": 20, "younger": 10}})
            done += 1
            if journal.score()["finished"]:
                journal.new_partie(["Anne", "Bruno"], "Bruno")
        return (time.perf_counter() - start) / done * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 1000, 10000])
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        results = {}
        grow(folder / "warm.sqlite3", 13)
        screens(folder / "warm.sqlite3", 3)  # the engine's first scorings, not counted
        for size in args.sizes:
            path = folder / f"club-{size}.sqlite3"
            start = time.perf_counter()
            grow(path, max(size, 13))
            print(
                f"grew a journal of {max(size, 13)} parties in {time.perf_counter() - start:.1f} s"
            )
            results[size] = screens(path, args.repeat)
        print()
        print(f"{'view':40s}" + "".join(f"{f'{s} parties':>22s}" for s in args.sizes))
        print(f"{'':40s}" + "".join(f"{'ms':>11s}{'steps/10':>11s}" for _ in args.sizes))
        for index, (label, _ms, _steps) in enumerate(results[args.sizes[0]]):
            cells = "".join(
                f"{results[s][index][1]:11.2f}{results[s][index][2]:11d}" for s in args.sizes
            )
            print(f"{label:40s}{cells}")
        print()
        with_figures, without = per_action(folder, True), per_action(folder, False)
        print(f"one action, figures kept:    {with_figures:7.2f} ms")
        print(f"one action, without figures: {without:7.2f} ms")


if __name__ == "__main__":
    main()
