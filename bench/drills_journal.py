"""Bench: the drills' progress record in a journal that has grown for years.

    .venv/bin/python bench/drills_journal.py [--rows 200000] [--players 50] [--repeat 50]

Builds a journal in a temporary folder with `--rows` answered drills spread
over `--players` players (one of them, "Anne", with a tenth of them all) and
a thousand parties, then times what the kiosk does on its drill screens:
`drill_tally` of a player who drilled little, of Anne, `recent_players`, one
`record_drill` (a committed, synced write), and making and checking one drill
of each kind. Prints the figures (never asserted).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

from journal import Journal  # noqa: E402
from journal.store import PartieHeader, PartieSummary  # noqa: E402
from scorer.drills import KINDS, drill_from, make_drill, result_of  # noqa: E402


def build(path: Path, rows: int, players: int) -> None:
    names = ["Anne"] + [f"Player {i}" for i in range(1, players)]
    journal = Journal.open(path)
    store = journal._store
    conn = store._conn
    rng = random.Random(1)
    with store.transaction():
        for i in range(1000):
            header = PartieHeader(
                [names[i % players], names[(i + 1) % players]],
                names[0],
                "rubicon",
                {},
                "2026-01-01T00:00:00Z",
            )
            store.create_partie(header, PartieSummary(0, 1, {}, False), [], False)
        conn.executemany(
            "INSERT INTO drills (player, kind, seed, lang, right, section, answer, created_at)"
            " VALUES (?, ?, ?, 'en', ?, 'point', '0', '2026-01-01T00:00:00Z')",
            (
                (
                    "Anne" if n % 10 == 0 else rng.choice(names[1:]),
                    rng.choice(KINDS),
                    rng.randrange(2**32),
                    rng.random() < 0.7,
                )
                for n in range(rows)
            ),
        )
        conn.execute(
            "INSERT INTO drill_tally SELECT player, kind, COUNT(*), SUM(right) "
            "FROM drills GROUP BY player, kind"
        )
    journal.close()


def timed(run, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=200_000)
    parser.add_argument("--players", type=int, default=50)
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "journal.sqlite3"
        build(path, args.rows, args.players)
        journal = Journal.open(path)
        anne = sum(v["asked"] for v in journal.drill_tally("Anne").values())
        print(
            f"journal: {args.rows} drills by {args.players} players (Anne {anne}), "
            f"1000 parties, {path.stat().st_size / 1e6:.1f} MB"
        )
        print(
            f"drill_tally(a player with ~{args.rows // 10 * 9 // (args.players - 1)} rows): "
            f"{timed(lambda: journal.drill_tally('Player 7'), args.repeat):.2f} ms"
        )
        print(
            f"drill_tally(Anne, {anne} rows): "
            f"{timed(lambda: journal.drill_tally('Anne'), args.repeat):.2f} ms"
        )
        nobody = timed(lambda: journal.drill_tally("Zoé"), args.repeat)
        print(f"drill_tally(nobody): {nobody:.2f} ms")
        print(f"recent_players(6): {timed(lambda: journal.recent_players(6), args.repeat):.2f} ms")
        drill = drill_from("point", 1)
        result = result_of("Anne", drill, drill.expected)
        print(
            f"record_drill (committed): "
            f"{timed(lambda: journal.record_drill(result), args.repeat):.2f} ms"
        )
        rng = random.Random(2)
        for kind in KINDS:

            def one(kind: str = kind) -> None:
                made = make_drill(kind, rng)
                made.check(made.choices[0].answer)

            print(f"make and check a {kind} drill: {timed(one, args.repeat):.2f} ms")
        journal.close()


if __name__ == "__main__":
    main()
