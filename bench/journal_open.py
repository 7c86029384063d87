"""Bench: open a journal of 1,000 finished parties and resume the current one.

    .venv/bin/python bench/journal_open.py [--parties 1000] [--repeat 20]

Builds the journal in a temporary folder (a dozen random parties played
action by action, stored 1,000 times over, plus one partie in progress), then
times `Journal.open` + `record()` + `score()` of the current partie, `history()`
and one `act` + `undo`, and prints the figures. For scale it also prints what
replaying every finished partie at open would cost.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "journal")]

from journal_helpers import next_action, play_random_partie  # noqa: E402

from journal import Journal  # noqa: E402
from journal.journal import PartieState  # noqa: E402
from journal.sqlite_store import SqliteStore  # noqa: E402


def build(path: Path, parties: int) -> None:
    """`parties` finished parties, then one in progress (current)."""
    model = Journal.open(":memory:")
    finished = []
    for seed in range(12):
        partie = play_random_partie(model, f"bench-{seed}", "rubicon", limit=1000)
        stored = model._store.partie(partie)
        state = PartieState(partie, stored.summary.seq, model.record(partie), model.score(partie))
        finished.append((stored.header, state.summary(), model.actions(partie)))
    store = SqliteStore.open(path)
    for index in range(parties):
        header, summary, actions = finished[index % len(finished)]
        store.create_partie(header, summary, actions, make_current=False)
    store.close()
    with Journal.open(path) as journal:
        partie = journal.new_partie(["Anne", "Ben"], "Ben")
        actions: list[dict] = []
        for _ in range(40):
            action = next_action(journal.record(), actions, "bench-current", partie)
            journal.act(action)
            actions.append(action)


def timed(repeat: int, work) -> list[float]:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        work()
        times.append((time.perf_counter() - started) * 1000)
    return times


def figure(name: str, times: list[float]) -> str:
    return f"{name:<34} median {statistics.median(times):7.2f} ms   min {min(times):7.2f} ms"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parties", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "journal.sqlite3"
        started = time.perf_counter()
        build(path, args.parties)
        print(
            f"built {args.parties} finished parties + 1 in progress in "
            f"{time.perf_counter() - started:.1f}s; file {path.stat().st_size / 1e6:.1f} MB"
        )

        def resume() -> None:
            with Journal.open(path) as journal:
                journal.record()
                journal.score()

        def history() -> None:
            with Journal.open(path) as journal:
                journal.history()

        def act_and_undo() -> None:
            journal.act({"trick": "E"})
            journal.undo()

        print(figure("open + resume the current partie", timed(args.repeat, resume)))
        print(figure("open + history of all parties", timed(args.repeat, history)))
        with Journal.open(path) as journal:
            if (
                journal.score()["finished"]
                or len(journal.record()["deals"][-1].get("tricks", "")) >= 12
            ):
                journal.act({"next_deal": True})
            print(figure("act + undo (committed, synced)", timed(args.repeat, act_and_undo)))
            sample = [entry["partie"] for entry in journal.history()[1:51]]
            replay_ms = timed(1, lambda: [journal.score(p) for p in sample])[0] / len(sample)
        print(
            f"(replaying every finished partie at open would take about "
            f"{replay_ms * args.parties / 1000:.1f}s: {replay_ms:.1f} ms a partie)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
