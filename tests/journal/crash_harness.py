"""The crash harness: a child streams actions into a journal and is killed with SIGKILL.

Run as a script, this file is the child: `python crash_harness.py JOURNAL SEED`.
It opens (or resumes) the journal, and forever: draws the next legal action of
the current partie (a new partie when the last one is finished), commits it
with `Journal.act`, and only then prints `ack PARTIE SEQ ACTION-JSON` in one
write. The parent (`crash_journal`) kills it at seeded random moments, from
start-up to mid-commit, then checks the file: it opens, `PRAGMA
integrity_check` says ok, every acknowledged action is there at its number,
the actions are numbered without gaps, nothing stored earlier has changed, at
most the one action in flight is there unacknowledged, and every partie's
cached summary matches its replay.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
for path in (str(ROOT), str(HERE)):
    if path not in sys.path:
        sys.path.insert(0, path)

from journal_helpers import next_action  # noqa: E402

from journal import Journal  # noqa: E402
from journal.sqlite_store import SqliteStore  # noqa: E402

GAMES = ("rubicon", "four-deal", "au-cent")
MAX_ACTIONS = 5000  # the child stops by itself only if nobody kills it


def child(db: str, seed: str, lying: bool = False) -> None:
    """Stream actions into the journal, acknowledging each once `act` has returned.

    `lying` acknowledges each action before committing it: a broken program,
    for checking that the harness does see losses.
    """
    journal = Journal.open(db)
    os.write(1, b"ready\n")
    actions = journal.actions() if journal.current_partie() is not None else []
    for _ in range(MAX_ACTIONS):
        partie = journal.current_partie()
        if partie is None or journal.score()["finished"]:
            game = random.Random(f"{seed}-{len(journal.history())}").choice(GAMES)
            partie = journal.new_partie(["Anne", "Ben"], "Ben", game)
            actions = []
        action = next_action(journal.record(), actions, seed, partie)
        line = f"ack {partie} {len(actions) + 1} {json.dumps(action, separators=(',', ':'))}\n"
        if lying:  # the bug the harness must catch: showing an action before it is committed
            os.write(1, line.encode())
            time.sleep(0.002)
        journal.act(action)
        actions.append(action)
        if not lying:
            os.write(1, line.encode())


@dataclass
class CrashFigures:
    kills: int = 0
    acknowledged: int = 0
    losses: int = 0
    in_flight_kept: int = 0  # committed when the kill came, before the acknowledgement
    parties: int = 0
    problems: list[str] = field(default_factory=list)

    def add(self, other: CrashFigures) -> None:
        self.kills += other.kills
        self.acknowledged += other.acknowledged
        self.losses += other.losses
        self.in_flight_kept += other.in_flight_kept
        self.parties += other.parties
        self.problems += other.problems

    def line(self) -> str:
        return (
            f"kills={self.kills} acknowledged={self.acknowledged} losses={self.losses} "
            f"in_flight_kept={self.in_flight_kept} parties={self.parties} "
            f"problems={len(self.problems)}"
        )


def _kill_once(db: Path, seed: str, rng: random.Random, lying: bool) -> tuple[list[str], str]:
    """Start the child, kill it at a random moment; returns its complete stdout lines."""
    command = [sys.executable, __file__, str(db), seed, *(["--lying"] if lying else [])]
    with tempfile.TemporaryFile() as errors:
        proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=errors)
        assert proc.stdout is not None
        lines: list[bytes] = []
        if rng.random() < 0.1:  # during start-up: opening, creating, resuming
            time.sleep(rng.uniform(0.0, 0.08))
        else:
            target = rng.randint(0, 30)
            acks = -1  # the "ready" line comes first
            while acks < target:
                line = proc.stdout.readline()
                if not line:
                    break
                lines.append(line)
                acks += 1
            time.sleep(rng.uniform(0.0, 0.003))
        if proc.poll() is None:
            os.kill(proc.pid, signal.SIGKILL)
        rest, _ = proc.communicate()
        code = proc.returncode
        errors.seek(0)
        stderr = errors.read().decode(errors="replace")
    text = b"".join(lines).decode() + rest.decode()
    complete = text.split("\n")[:-1]  # a line cut by the kill has no newline: not acknowledged
    if code != -signal.SIGKILL:
        return complete, f"the child ended by itself (exit {code}): {stderr.strip()[-500:]}"
    return complete, ""


Stored = dict[tuple[int, int], Any]


def _check(db: Path, acked: Stored, before: Stored, figures: CrashFigures) -> Stored:
    """Check the file after a kill; returns every stored action by (partie, seq)."""
    store = SqliteStore.open(db)
    try:
        integrity = store.integrity()
        if integrity != "ok":
            figures.problems.append(f"integrity_check: {integrity}")
        parties = {p.id: p for p in store.parties()}
        stored = {
            (partie, seq): action
            for partie in parties
            for seq, action in enumerate(store.actions_of(partie), start=1)  # no gaps, or raises
        }
    finally:
        store.close()
    figures.parties = len(parties)
    figures.losses += sum(stored.get(key) != action for key, action in acked.items())
    if any(stored.get(key) != action for key, action in before.items()):
        figures.problems.append("an action stored before this run changed or vanished")
    # one child has one action in flight: at most one new action stored unacknowledged
    in_flight = [key for key in stored.keys() - before.keys() if key not in acked]
    figures.in_flight_kept += len(in_flight)
    if len(in_flight) > 1:
        figures.problems.append(f"{len(in_flight)} unacknowledged actions from one run")
    with Journal.open(db) as journal:
        for partie, row in parties.items():
            score = journal.score(partie)
            count = sum(1 for p, _ in stored if p == partie)
            if (row.summary.seq, row.summary.totals, row.summary.finished) != (
                count,
                score["totals"],
                score["finished"],
            ):
                figures.problems.append(f"partie {partie}: the cached summary disagrees")
    return stored


def crash_journal(db: Path, seed: str, kills: int, lying: bool = False) -> CrashFigures:
    """Kill a child streaming into `db` `kills` times, checking the file after each kill."""
    rng = random.Random(seed)
    figures = CrashFigures()
    acked: Stored = {}
    stored: Stored = {}
    for _ in range(kills):
        lines, problem = _kill_once(db, seed, rng, lying)
        figures.kills += 1
        if problem:
            figures.problems.append(problem)
        for line in lines:
            if line.startswith("ack "):
                _, partie, seq, action = line.split(" ", 3)
                acked[(int(partie), int(seq))] = json.loads(action)
                figures.acknowledged += 1
        if db.exists():
            stored = _check(db, acked, stored, figures)
    return figures


def crash_many(
    folder: Path, journals: int, kills: int, base_seed: str, workers: int = 2
) -> CrashFigures:
    """`journals` journals side by side, each killed `kills` times; the totals."""
    from concurrent.futures import ThreadPoolExecutor

    def run(index: int) -> CrashFigures:
        return crash_journal(folder / f"journal-{index}.sqlite3", f"{base_seed}-{index}", kills)

    total = CrashFigures()
    with ThreadPoolExecutor(max_workers=workers) as pool:
        for figures in pool.map(run, range(journals)):
            total.add(figures)
    return total


if __name__ == "__main__":
    child(sys.argv[1], sys.argv[2], lying="--lying" in sys.argv[3:])
