"""Bench: statistics over a long history, and the Rubicon odds' sentences.

    .venv/bin/python bench/stats_speed.py [--parties 1000]

Builds a journal of finished parties (a dozen random parties played action by
action, imported again and again) in a temporary folder, then prints:
what `piquet stats` costs end to end (it scores every partie), what the
summing costs once each partie's figures are cached (`partie_figures` and
`+`), and the time of `scorer.odds.needs` with one and two deals to go (the
combined distribution of two deals is computed once, then kept).
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
from piquet.stats_command import read_statistics  # noqa: E402
from scorer import score_record  # noqa: E402
from scorer.odds import needs, odds_table  # noqa: E402
from scorer.stats import PlayerFigures, partie_figures  # noqa: E402
from tests.journal.journal_helpers import play_random_partie  # noqa: E402


def build(path: Path, parties: int) -> None:
    model = Journal.open(":memory:")
    records = []
    for seed in range(12):
        partie = play_random_partie(model, f"stats-bench-{seed}", "rubicon", limit=1000)
        records.append(model.record(partie))
    with Journal.open(path) as journal:
        for index in range(parties):
            journal.import_record(records[index % len(records)])


def timed(label: str, run, repeat: int = 1) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        run()
    seconds = (time.perf_counter() - start) / repeat
    print(f"{label:58s} {seconds * 1000:9.2f} ms")
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--parties", type=int, default=1000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "journal.sqlite3"
        build(path, args.parties)
        timed(
            f"piquet stats over {args.parties} parties (scores each)",
            lambda: read_statistics(str(path)),
        )
        with Journal.open(path) as journal:
            scores = [journal.score(entry["partie"]) for entry in journal.history()]
    per = [partie_figures(score) for score in scores]
    seconds = timed(
        f"partie_figures of {len(scores)} scored parties",
        lambda: [partie_figures(s) for s in scores],
    )
    print(f"{'  per partie':58s} {seconds / len(scores) * 1e6:9.1f} us")

    def total() -> None:
        sums: dict[str, PlayerFigures] = {}
        for figures in per:
            for name, one in figures.items():
                sums[name] = sums.get(name, PlayerFigures()) + one

    timed(f"summing {len(per)} cached figures", total)
    odds_table()
    entered = [{"entered": {"elder": 30, "younger": 12}}] * 4
    record = {"format": "piquet-record/1", "players": ["Anne", "Bruno"], "first_dealer": "Anne"}
    two = score_record(record | {"deals": entered})
    one = score_record(record | {"deals": [*entered, {"entered": {"elder": 30, "younger": 12}}]})
    timed("needs() before the last deal", lambda: needs(one), repeat=20)
    timed("needs() with two deals to go, first call (convolution)", lambda: needs(two))
    timed("needs() with two deals to go, again (kept)", lambda: needs(two), repeat=20)


if __name__ == "__main__":
    main()
