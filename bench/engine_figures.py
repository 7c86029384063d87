"""The engine, journal and printer figures of `bench/run`, each beside its floor.

    python bench/engine_figures.py [--json] [--quick] [--record-out FILE]

Measured in this process, with whatever `python` runs it (the project must be
importable: `.venv` after the README's set-up, or any other install):

- replay_ms: `Journal.open` on a journal holding one finished six-deal Rubicon
  partie, then its record and score (what the sheet, `piquet export` and the
  kiosk read); baseline: the same file opened with sqlite3 alone and the
  partie's action rows read and decoded from JSON (the I/O floor).
- replay_ms_10k: the same in a journal of 10,000 finished parties (built once
  per run in a temporary folder; its build is checked before it is timed).
- commit_p50_ms / commit_p99_ms: 1,000 `Journal.act` calls on a real file (WAL,
  synchronous=FULL, as the kiosk opens it), random legal six-deal parties one
  after the other; baseline: one row inserted and committed by sqlite3 alone
  in a file of the same folder with the same pragmas (the fsync floor).
- history_ms_10k: what the history screen reads, with 10,000 parties:
  `Journal.history_page()` (its first page) where the journal has it, else
  `Journal.history()`; `history_source` says which. Baseline: the same number
  of rows read from the parties table by sqlite3 alone.
- sheet_bytes: every byte the printer path sends for a six-deal Rubicon
  partie's sheet (`build_sheet` as `TablePrinter.print_record` lays it out,
  then `print_lines_on_serial` to a fake printer on a pty: reset, code page,
  the lines, the feed, and the status queries). Baseline: the sheet's text
  alone (its lines in the code page, one line feed each).
- sheet_seconds_ratio: the seconds the printer path spends sending that sheet
  at 19200 baud (its pacing, counted on a fake clock: 11 bits a byte plus the
  configured print-head time per line) over the line's own limit, the same
  bytes at 19200 baud and 11 bits a byte (bytes * 11 / 19200).

The last line of --json is one JSON object; without it, a readable list.
"""

from __future__ import annotations

import argparse
import json
import os
import pty
import random
import select
import sqlite3
import statistics
import sys
import tempfile
import threading
import time
import tty
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

try:
    from hardware.config import PrinterConfig
    from hardware.print_queue import PrintJob
    from hardware.printing import print_lines_on_serial
    from hardware.sheet import build_sheet
    from journal import Journal
    from journal.journal import PartieState
    from journal.sqlite_store import SqliteStore
    from journal.store import PartieHeader
    from scorer import score_record
    from scorer.actions import new_record, play
    from scorer.frozen import replace  # PrinterConfig is a scorer.frozen class
except ImportError as error:  # not installed in this environment
    sys.exit(
        f"bench/engine_figures.py: the project is not importable here ({error}); "
        "set it up as the README says and put its environment first on PATH"
    )

PLAYERS = ["Anne", "Ben"]
FIRST_DEALER = "Ben"
# Calls that fit together in any deal: a point of five against four, a quart to
# the ace against a tierce to the ten, a trio of kings against one of jacks.
CALLS: list[dict[str, Any]] = [
    {"declare": "point", "by": "elder", "cards": 5, "value": 49},
    {"declare": "point", "by": "younger", "cards": 4, "value": 38},
    {"declare": "sequence", "by": "elder", "length": 4, "top": "A"},
    {"declare": "sequence", "by": "younger", "length": 3, "top": "10"},
    {"declare": "set", "by": "elder", "count": 3, "rank": "K"},
    {"declare": "set", "by": "younger", "count": 3, "rank": "J"},
]


# --- parties -------------------------------------------------------------------


def deal_actions(rng: random.Random) -> list[dict[str, Any]]:
    """One deal as the kiosk enters it: the exchange, some calls, twelve tricks."""
    elder = rng.randint(1, 5)
    actions: list[dict[str, Any]] = [
        {"exchange": "elder", "cards": elder},
        {"exchange": "younger", "cards": rng.randint(1, 8 - elder)},
    ]
    actions += [dict(call) for call in CALLS if rng.random() < 0.6]
    actions += [{"trick": rng.choice("EY")} for _ in range(12)]
    return actions


def partie_actions(seed: int) -> list[dict[str, Any]]:
    """The actions of one finished Rubicon partie (six deals, more after a tie),
    each checked by the engine as it is played."""
    rng = random.Random(seed)
    record = new_record(PLAYERS, FIRST_DEALER)
    score = score_record(record)
    actions: list[dict[str, Any]] = []
    while not score["finished"]:
        if actions:
            record, score = play(record, {"next_deal": True}, score)
            actions.append({"next_deal": True})
        for action in deal_actions(rng):
            record, score = play(record, action, score)
            actions.append(action)
    return actions


def six_deal_seed() -> int:
    """The first seed whose partie ends after exactly six deals."""
    for seed in range(100):
        if sum(1 for a in partie_actions(seed) if "next_deal" in a) == 5:
            return seed
    raise RuntimeError("no six-deal partie among the first 100 seeds")


def record_of(actions: list[dict[str, Any]]) -> dict[str, Any]:
    record = new_record(PLAYERS, FIRST_DEALER)
    score = score_record(record)
    for action in actions:
        record, score = play(record, action, score)
    return record


# --- timing ------------------------------------------------------------------


def timed(repeat: int, work: Callable[[], object]) -> list[float]:
    """Milliseconds of each of `repeat` runs of `work`."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        work()
        times.append((time.perf_counter() - started) * 1000)
    return times


def percentile(times: list[float], share: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


# --- journals ------------------------------------------------------------------


def fresh_journal(path: Path) -> None:
    """An empty journal as the table creates it (its checks settled: nothing to check)."""
    Journal.open(path).close()


def store_finished(path: Path, parties: list[list[dict[str, Any]]], count: int) -> list[int]:
    """`count` finished parties stored in one transaction, taken in turn from `parties`
    (each folded once through a journal in memory); returns their ids."""
    stored = []
    for number, actions in enumerate(parties):
        record = record_of(actions)
        summary = PartieState(0, len(actions), record, score_record(record)).summary()
        created = f"2026-01-01T{number % 24:02d}:00:00Z"
        header = PartieHeader(list(PLAYERS), FIRST_DEALER, "rubicon", {}, created, "table")
        stored.append((header, summary, actions, record))
    store = SqliteStore.open(path)
    figures = getattr(store, "put_figures", None)
    lines_of = None
    if figures is not None:
        from journal.figures import lines_of  # the club's kept figures (schema 4 and on)
    kept = [
        None if lines_of is None else lines_of(record, score_record(record))
        for _, _, _, record in stored
    ]  # each distinct partie's figures, counted once
    ids = []
    with store.transaction():
        for index in range(count):
            header, summary, actions, _ = stored[index % len(stored)]
            partie = store.create_partie(header, summary, actions, make_current=False)
            if figures is not None:
                figures(partie, kept[index % len(stored)])
            ids.append(partie)
    store.close()
    return ids


def check_build(path: Path, ids: list[int], actions: list[dict[str, Any]]) -> None:
    """The journal holds every partie, the one timed is whole, and opening it has
    nothing left to check or count (else the timing would include that work)."""
    with Journal.open(path) as journal:
        if hasattr(journal, "count_figures") and journal.count_figures(600.0):
            raise RuntimeError(f"{path}: figures left to count after the build")
        if journal.actions(ids[-1]) != actions:
            raise RuntimeError(f"{path}: partie {ids[-1]} is not the one stored")
        if not journal.score(ids[-1])["finished"]:
            raise RuntimeError(f"{path}: partie {ids[-1]} is not finished")
        settings = journal._store
        checked = settings.setting("parties_checked")
        if checked is not None and not checked.endswith(":0"):
            raise RuntimeError(f"{path}: parties left to check ({checked})")
    with sqlite3.connect(path) as conn:
        (count,) = conn.execute("SELECT count(*) FROM parties").fetchone()
    if count != len(ids):
        raise RuntimeError(f"{path}: {count} parties stored, {len(ids)} expected")


def replay(path: Path, partie: int) -> None:
    """Open the journal as the table does and rebuild one finished partie's record and score."""
    with Journal.open(path) as journal:
        journal.record(partie)
        journal.score(partie)


def replay_floor(path: Path, partie: int) -> None:
    """The same file opened by sqlite3 alone, the partie's actions read and decoded."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = conn.execute(
            "SELECT action FROM actions WHERE partie_id = ? ORDER BY seq", (partie,)
        ).fetchall()
        [json.loads(text) for (text,) in rows]
    finally:
        conn.close()


def replay_figures(
    folder: Path, parties: list[list[dict[str, Any]]], count: int, repeat: int
) -> tuple[float, float]:
    path = folder / f"replay-{count}.sqlite3"
    fresh_journal(path)
    ids = store_finished(path, parties, count)
    check_build(path, ids, parties[(count - 1) % len(parties)])
    target = ids[-1]  # the newest finished partie: what the sheet shows after a partie
    replay(path, target)  # warm the file cache once for both
    times, floors = [], []
    for _ in range(repeat):  # interleaved: the same noise for both
        times += timed(1, lambda: replay(path, target))
        floors += timed(1, lambda: replay_floor(path, target))
    return statistics.median(times), statistics.median(floors)


def commit_figures(folder: Path, acts: int, seeds: int) -> dict[str, float]:
    """`acts` Journal.act calls, each timed; beside them, bare SQLite commits."""
    path = folder / "commit.sqlite3"
    plans = [partie_actions(1000 + seed) for seed in range(seeds)]
    times: list[float] = []
    with Journal.open(path) as journal:
        plan_index = 0
        while len(times) < acts:
            journal.new_partie(PLAYERS, FIRST_DEALER)
            for action in plans[plan_index % len(plans)]:
                started = time.perf_counter()
                journal.act(action)
                times.append((time.perf_counter() - started) * 1000)
                if len(times) >= acts:
                    break
            plan_index += 1
    floor = commit_floor(folder / "floor.sqlite3", acts)
    return {
        "commit_p50_ms": statistics.median(times),
        "commit_p99_ms": percentile(times, 0.99),
        "commit_base_p50_ms": statistics.median(floor),
        "commit_base_p99_ms": percentile(floor, 0.99),
    }


def commit_floor(path: Path, count: int) -> list[float]:
    """One small row inserted and committed per call, WAL and synchronous=FULL."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute("CREATE TABLE actions (seq INTEGER PRIMARY KEY, action TEXT NOT NULL)")
    times = []
    for seq in range(count):
        started = time.perf_counter()
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("INSERT INTO actions VALUES (?, ?)", (seq, '{"trick": "E"}'))
        conn.execute("COMMIT")
        times.append((time.perf_counter() - started) * 1000)
    conn.close()
    return times


def history_figures(
    folder: Path, parties: list[list[dict[str, Any]]], count: int, repeat: int
) -> dict[str, Any]:
    path = folder / f"replay-{count}.sqlite3"  # built by replay_figures
    times, floors = [], []
    with Journal.open(path) as journal:
        paged = hasattr(journal, "history_page")
        read = journal.history_page if paged else journal.history
        rows = len(read())
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)

        def floor() -> None:
            conn.execute("SELECT * FROM parties ORDER BY id DESC LIMIT ?", (rows,)).fetchall()

        for _ in range(repeat):
            times += timed(1, read)
            floors += timed(1, floor)
        conn.close()
    return {
        "history_ms_10k": statistics.median(times),
        "history_base_ms_10k": statistics.median(floors),
        "history_source": "history_page" if paged else "history",
        "history_rows": rows,
    }


# --- the printer ---------------------------------------------------------------


class FakePrinter:
    """The printer's side of a pty: keeps every byte, answers each status query."""

    QUERIES = (b"\x10\x04\x01", b"\x10\x04\x04", b"\x1dr\x01")

    def __init__(self) -> None:
        self.data = bytearray()
        self.master, self.slave = pty.openpty()
        tty.setraw(self.slave)
        self.port = os.ttyname(self.slave)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            if not select.select([self.master], [], [], 0.01)[0]:
                continue
            chunk = os.read(self.master, 4096)
            self.data += chunk
            if any(self.data.endswith(query) for query in self.QUERIES):
                os.write(self.master, b"\x12")  # on line, paper present

    def close(self) -> None:
        self._stop.set()
        self._thread.join()
        os.close(self.master)
        os.close(self.slave)


def sheet_figures(actions: list[dict[str, Any]]) -> dict[str, Any]:
    record = record_of(actions)
    config = PrinterConfig()
    score = score_record(dict(record))
    lines = build_sheet(
        record,
        score,
        columns=config.columns,
        printed_on=date(2026, 11, 23),
        codepage=config.codepage,
    )
    printer = FakePrinter()
    now = [0.0]  # a fake clock: the pacing's waits are counted, not slept

    def sleep(seconds: float) -> None:
        now[0] += max(seconds, 0.0)

    try:
        config = replace(config, port=printer.port)
        print_lines_on_serial(
            config, PrintJob("bench", tuple(lines)), clock=lambda: now[0], sleep=sleep
        )
        time.sleep(0.05)  # the last bytes reach the fake printer
    finally:
        printer.close()
    sent = len(printer.data)
    text = sum(len(line.text.encode(config.codepage, "replace")) + 1 for line in lines)
    line_limit = sent * 11 / config.baud
    return {
        "sheet_bytes": sent,
        "sheet_text_bytes": text,
        "sheet_lines": len(lines),
        "sheet_seconds": now[0],
        "sheet_line_seconds": line_limit,
        "sheet_seconds_ratio": now[0] / line_limit,
        "sheet_baud": config.baud,
        "sheet_line_time_ms": config.line_time_ms,
    }


# --- the whole -----------------------------------------------------------------


def measure(quick: bool, record_out: Path | None) -> dict[str, Any]:
    repeat = 1 if quick else 15
    big = 300 if quick else 10_000
    acts = 100 if quick else 1000
    seed = six_deal_seed()
    six = partie_actions(seed)
    others = [partie_actions(seed + 1 + k) for k in range(2 if quick else 11)]
    out: dict[str, Any] = {"parties_10k": big, "repeat": repeat, "acts": acts}
    if record_out is not None:
        record_out.write_text(json.dumps(record_of(six)), encoding="utf-8")
    with tempfile.TemporaryDirectory(prefix="piquet-bench-") as name:
        folder = Path(name)
        started = time.perf_counter()
        out["replay_ms"], out["replay_base_ms"] = replay_figures(folder, [six], 1, repeat * 2)
        built = time.perf_counter()
        big_parties = _ending_with(others, six, big)  # the one timed is the newest
        out["replay_ms_10k"], out["replay_base_ms_10k"] = replay_figures(
            folder, big_parties, big, repeat
        )
        out["build_s_10k"] = time.perf_counter() - built
        out.update(history_figures(folder, big_parties, big, repeat))
        out.update(commit_figures(folder, acts, 4))
        out["engine_s"] = time.perf_counter() - started
    out.update(sheet_figures(six))
    return out


def _ending_with(
    others: list[list[dict[str, Any]]], last: list[dict[str, Any]], count: int
) -> list[list[dict[str, Any]]]:
    """`others` and `last` in an order such that, taken in turn `count` times, the last
    one stored is `last`."""
    cycle = [*others, last]
    shift = -count % len(cycle)
    return cycle[shift:] + cycle[:shift]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="one JSON object on the last line")
    parser.add_argument("--quick", action="store_true", help="one repetition, small sizes")
    parser.add_argument("--record-out", type=Path, help="write the six-deal record here")
    args = parser.parse_args()
    figures = measure(args.quick, args.record_out)
    if args.json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            print(f"{key:24} {value:.3f}" if isinstance(value, float) else f"{key:24} {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
