"""The two-writer stress harness: a long-lived Journal and `piquet` processes, at random.

One Journal stays open in this process, as the kiosk holds it, and acts,
undoes, redoes and starts parties at seeded random moments, sometimes after
`refresh()`, mostly on a view that may be stale. Meanwhile `piquet act|undo|
redo|new|export|history` commands run in other processes, several at once.
Most go through a fork server (this file run with `--fork-server`: it imports
the command line once and forks a fresh process per command, which runs
`piquet.cli.main` exactly as the console script does); some are real
`python -m piquet` processes.

An action is acknowledged when `Journal.act`/`undo`/`redo`/`new_partie`
returned, or a command exited 0 with its JSON. Every change adds or removes
exactly one action of the partie it names, so at the end each partie holds
exactly (acts - undos + redos) acknowledged on it, and the parties are
exactly those acknowledged as new. A test-only trigger also traces every
insert and delete of an action, in commit order, inside the writer's own
transaction: every acknowledged action must be in the trace (the long-lived
Journal's at its very number), and replaying the trace, every insert must be
legal for the rules on the partie as it then stood (a stale commit accepted
on an older view shows there). The check also wants: every journal opens,
`PRAGMA integrity_check` is ok, nothing was kept aside, every cached summary
matches its replay, the long-lived view matches a fresh one, and every command
exited 0 or 2 (with one line, never a traceback).
"""

from __future__ import annotations

import json
import os
import queue
import random
import select
import subprocess
import sys
import threading
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
for path in (str(ROOT), str(HERE)):
    if path not in sys.path:
        sys.path.insert(0, path)

from journal_helpers import next_action  # noqa: E402

from journal import Journal, JournalChangedError  # noqa: E402
from scorer.errors import ActionError  # noqa: E402

GAMES = ("rubicon", "four-deal", "au-cent")
HEADER = ["--players", "Anne", "Ben", "--first-dealer", "Ben"]
SET = {"declare": "set", "by": "elder", "count": 3, "rank": "K"}
IN_FLIGHT = 4  # commands running at once at most


# --- the fork server ----------------------------------------------------------


def fork_server(folder: str) -> None:
    """Read `{"id", "argvs"}` lines; run each in a forked child; print `{"id"}` when done.

    The child runs its commands one after the other (like `piquet undo && piquet act
    ...` typed quickly), each through `piquet.cli.main`, and writes each one's
    standard output, standard error and exit status to ID-K.out, .err and .rc.
    """
    from piquet.cli import main  # imported once, before any fork; no journal is open here

    def run(name: str, argv: list[str]) -> int:
        out = os.open(f"{name}.out", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        err = os.open(f"{name}.err", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.dup2(out, 1)
        os.dup2(err, 2)
        os.close(out)
        os.close(err)
        sys.stdout = os.fdopen(1, "w", closefd=False)
        sys.stderr = os.fdopen(2, "w", closefd=False)
        try:
            code = int(main(argv))
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else 2
        except BaseException:
            traceback.print_exc()
            code = 1
        sys.stdout.flush()
        sys.stderr.flush()
        return code

    def child(number: int, argvs: list[list[str]]) -> None:
        for step, argv in enumerate(argvs):
            name = f"{folder}/{number}-{step}"
            code = run(name, argv)
            Path(f"{name}.rc").write_text(str(code))
            if code != 0:
                break
        os._exit(0)

    running: dict[int, int] = {}
    pending = b""
    open_input = True
    while open_input or running:
        if open_input and select.select([0], [], [], 0.002)[0]:
            chunk = os.read(0, 65536)
            if not chunk:
                open_input = False
            pending += chunk
            while b"\n" in pending:
                line, pending = pending.split(b"\n", 1)
                request = json.loads(line)
                pid = os.fork()
                if pid == 0:
                    child(request["id"], request["argvs"])
                running[pid] = request["id"]
        elif not open_input:
            time.sleep(0.002)
        while running:
            pid, _ = os.waitpid(-1, os.WNOHANG)
            if pid == 0:
                break
            os.write(1, (json.dumps({"id": running.pop(pid)}) + "\n").encode())


# --- the figures ---------------------------------------------------------------


@dataclass
class StressFigures:
    journals: int = 0
    rounds: int = 0
    commands: int = 0  # piquet commands run in other processes
    real_processes: int = 0  # of which `python -m piquet` processes (the rest forked)
    stale_refused: int = 0  # the long-lived Journal's commits refused as stale
    engine_refused: int = 0  # the long-lived Journal's actions refused by the rules
    refused_commands: int = 0  # commands that exited 2 (refused by the rules, nothing to undo)
    acknowledged: int = 0  # acts, undos, redos and new parties acknowledged
    acknowledged_actions: int = 0  # of which actions appended (acts and redos)
    lost: int = 0
    unexpected: int = 0
    problems: list[str] = field(default_factory=list)

    def add(self, other: StressFigures) -> None:
        for name, value in vars(other).items():
            if name == "problems":
                self.problems += value
            else:
                setattr(self, name, getattr(self, name) + value)

    def line(self) -> str:
        return (
            f"journals={self.journals} rounds={self.rounds} commands={self.commands} "
            f"(real processes {self.real_processes}) stale_refused={self.stale_refused} "
            f"engine_refused={self.engine_refused} refused_commands={self.refused_commands} "
            f"acknowledged={self.acknowledged} "
            f"acknowledged_actions={self.acknowledged_actions} lost={self.lost} "
            f"unexpected={self.unexpected} problems={len(self.problems)}"
        )


# --- the run ---------------------------------------------------------------------


class Ledger:
    """What was acknowledged, per partie: the parties started, and +1/-1 per change."""

    def __init__(self) -> None:
        self.parties: set[int] = set()
        self.count: Counter[int] = Counter()
        self.numbered: list[tuple[int, int, str]] = []  # the long-lived Journal's acts
        self.unnumbered: Counter[tuple[int, str]] = Counter()  # the commands' acts

    def started(self, partie: int) -> None:
        if partie in self.parties:
            raise AssertionError(f"partie {partie} acknowledged as new twice")
        self.parties.add(partie)

    def changed(self, partie: int, by: int) -> None:
        self.count[partie] += by


class Commands:
    """`piquet` commands in other processes: through the fork server, or real processes."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.server = subprocess.Popen(
            [sys.executable, __file__, "--fork-server", str(folder)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )
        self.done: queue.Queue[int] = queue.Queue()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        self.running: dict[int, list[list[str]]] = {}
        self.real: dict[int, subprocess.Popen[str]] = {}
        self.next_id = 0
        self.real_count = 0

    def _read(self) -> None:
        assert self.server.stdout is not None
        for line in self.server.stdout:
            self.done.put(json.loads(line)["id"])

    def start(self, argvs: list[list[str]], real: bool) -> None:
        """Run `argvs` one after the other; a single command may run as a real process."""
        self.next_id += 1
        number = self.next_id
        self.running[number] = argvs
        if real and len(argvs) == 1:
            self.real_count += 1
            name = self.folder / f"{number}-0"
            with (
                name.with_suffix(".out").open("w") as out,
                name.with_suffix(".err").open("w") as err,
            ):
                self.real[number] = subprocess.Popen(
                    [sys.executable, "-m", "piquet", *argvs[0]], stdout=out, stderr=err
                )
            return
        assert self.server.stdin is not None
        self.server.stdin.write((json.dumps({"id": number, "argvs": argvs}) + "\n").encode())
        self.server.stdin.flush()

    def finished(self, wait: bool = False) -> list[tuple[list[str], int, str, str]]:
        """The commands that ended: (argv, exit status, stdout, stderr) for each one run."""
        ended: list[int] = []
        deadline = time.monotonic() + 120
        while True:
            for number, proc in list(self.real.items()):
                if proc.poll() is not None:
                    (self.folder / f"{number}-0.rc").write_text(str(proc.returncode))
                    ended.append(number)
                    del self.real[number]
            try:
                while True:
                    ended.append(self.done.get_nowait())
            except queue.Empty:
                pass
            if not wait or len(ended) == len(self.running) or time.monotonic() > deadline:
                break
            time.sleep(0.005)
        results = []
        for number in ended:
            for step, argv in enumerate(self.running.pop(number)):
                name = self.folder / f"{number}-{step}"
                if not name.with_suffix(".rc").exists():
                    break  # an earlier step was refused: this one never ran
                code = int(name.with_suffix(".rc").read_text())
                out = name.with_suffix(".out").read_text()
                err = name.with_suffix(".err").read_text()
                results.append((argv, code, out, err))
        return results

    def close(self) -> None:
        assert self.server.stdin is not None
        self.server.stdin.close()
        self.server.wait(timeout=120)
        for proc in self.real.values():
            proc.wait(timeout=120)


def _settle(results, ledger: Ledger, figures: StressFigures) -> None:
    for argv, code, out, err in results:
        figures.commands += 1
        command = argv[0]
        if code == 2:
            if out or len(err.splitlines()) != 1 or "Traceback" in err:
                figures.problems.append(f"{argv}: a refusal that is not one line: {err!r}")
            else:
                figures.refused_commands += 1
            continue
        if code != 0 or err:
            figures.problems.append(f"{argv}: exit {code}: {err.strip()[-400:]}")
            continue
        if command in ("export", "history"):
            json.loads(out)
            continue
        outcome = json.loads(out)
        figures.acknowledged += 1
        if command == "new":
            ledger.started(outcome["partie"])
        else:
            if command == "act":
                ledger.unnumbered[(outcome["partie"], _canonical(json.loads(argv[3])))] += 1
            ledger.changed(outcome["partie"], -1 if command == "undo" else 1)
            figures.acknowledged_actions += command != "undo"


def _commands_for(rng: random.Random, kiosk: Journal, db: str, seed: str) -> list[list[str]]:
    """One command, or an undo then an act (the same number, another action) in a row."""
    roll = rng.random()
    partie = kiosk.current_partie()
    if roll < 0.45 and partie is not None:
        if rng.random() < 0.3:
            action: dict[str, Any] = rng.choice([SET, {"trick": rng.choice("EY")}])
        else:
            action = next_action(kiosk.record(), kiosk.actions(), seed, partie)
        if rng.random() < 0.35:  # the two writers: the same number, another action
            trick = {"trick": rng.choice("EY")} if rng.random() < 0.7 else action
            return [["undo", "--db", db], ["act", "--db", db, json.dumps(trick)]]
        return [["act", "--db", db, json.dumps(action)]]
    if roll < 0.60:
        return [["undo", "--db", db]]
    if roll < 0.68:
        return [["redo", "--db", db]]
    if roll < 0.74:
        return [["new", "--db", db, *HEADER, "--game", rng.choice(GAMES)]]
    if roll < 0.87:
        return [["export", "--db", db]]
    return [["history", "--db", db, "--json"]]


def _kiosk_turn(
    rng: random.Random,
    kiosk: Journal,
    seed: str,
    ledger: Ledger,
    figures: StressFigures,
    tapped: bool = False,
) -> None:
    """One turn of the long-lived Journal; `tapped`: an act on the view shown, no refresh."""
    if not tapped and rng.random() < 0.1:
        kiosk.refresh()
    partie = kiosk.current_partie()
    roll = rng.random() * (0.75 - 0.04) + 0.04 if tapped else rng.random()
    try:
        if partie is None or roll < 0.04 or (roll < 0.5 and kiosk.score()["finished"]):
            ledger.started(kiosk.new_partie(["Anne", "Ben"], "Ben", rng.choice(GAMES)))
            figures.acknowledged += 1
            return
        if roll < 0.75:
            action = next_action(kiosk.record(), kiosk.actions(), seed, partie)
            if rng.random() < 0.3 and not kiosk.record()["deals"][-1].get("tricks"):
                action = SET  # legal on this view; not once another writer played a trick
            changed, by = kiosk.act(action), 1
            ledger.numbered.append((partie, len(kiosk.actions()), _canonical(action)))
        elif roll < 0.92:
            changed, by = kiosk.undo(), -1
        else:
            changed, by = kiosk.redo(), 1
    except JournalChangedError:
        figures.stale_refused += 1
        return
    except ActionError:
        figures.engine_refused += 1
        return
    ledger.changed(changed["partie"], by)
    figures.acknowledged += 1
    figures.acknowledged_actions += by > 0


def _canonical(action: Any) -> str:
    return json.dumps(action, sort_keys=True)


TRACE = [
    "CREATE TABLE stress_trace (n INTEGER PRIMARY KEY AUTOINCREMENT, partie_id INTEGER,"
    " seq INTEGER, action TEXT, op TEXT)",
    "CREATE TRIGGER stress_insert AFTER INSERT ON actions BEGIN INSERT INTO stress_trace"
    " (partie_id, seq, action, op) VALUES (NEW.partie_id, NEW.seq, NEW.action, 'insert'); END",
    "CREATE TRIGGER stress_delete AFTER DELETE ON actions BEGIN INSERT INTO stress_trace"
    " (partie_id, seq, action, op) VALUES (OLD.partie_id, OLD.seq, OLD.action, 'delete'); END",
]


def _trace(db: Path) -> None:
    """Add the test-only trace table and triggers to a new journal."""
    import sqlite3

    conn = sqlite3.connect(db)
    with conn:
        for statement in TRACE:
            conn.execute(statement)
    conn.close()


def _check_trace(db: Path, ledger: Ledger, figures: StressFigures) -> None:
    """Every acknowledged act is in the trace; every traced insert was legal when made."""
    import sqlite3

    from journal.journal import _header_record
    from journal.sqlite_store import SqliteStore
    from scorer.actions import play, score_or_refuse

    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    trace = conn.execute(
        "SELECT partie_id, seq, action, op FROM stress_trace ORDER BY n"
    ).fetchall()
    conn.close()
    inserted = Counter(
        (p, seq, _canonical(json.loads(a))) for p, seq, a, op in trace if op == "insert"
    )
    for key in ledger.numbered:
        if inserted[key] <= 0:
            figures.problems.append(f"an acknowledged act is not in the trace: {key}")
        inserted[key] -= 1
    by_partie = Counter()
    for (partie, _, action), count in inserted.items():
        by_partie[(partie, action)] += count
    for key, count in ledger.unnumbered.items():
        if by_partie[key] < count:
            figures.problems.append(f"acknowledged acts missing from the trace: {key}")
    store = SqliteStore.open(db, read_only=True)
    states: dict[int, tuple[list, dict, dict]] = {}
    try:
        for partie, seq, text, op in trace:
            if partie not in states:
                start = _header_record(store.partie(partie).header)
                states[partie] = ([], start, score_or_refuse(start))
            actions, record, score = states[partie]
            if op == "delete":
                if seq != len(actions):
                    figures.problems.append(f"partie {partie}: action {seq} deleted, not the last")
                actions.pop()
                start = _header_record(store.partie(partie).header)
                record = start
                score = score_or_refuse(start)
                for action in actions:
                    record, score = play(record, action, score)
            else:
                action = json.loads(text)
                if seq != len(actions) + 1:
                    figures.problems.append(f"partie {partie}: action {seq} after {len(actions)}")
                try:
                    record, score = play(record, action, score)
                except ActionError as error:
                    figures.problems.append(f"partie {partie}: illegal commit {seq}: {error}")
                actions.append(action)
            states[partie] = (actions, record, score)
    finally:
        store.close()


def _check(db: Path, kiosk: Journal, ledger: Ledger, figures: StressFigures) -> None:
    """The file after the run: it opens, is sound, and holds exactly what was acknowledged."""
    from journal.sqlite_store import SqliteStore

    kiosk.refresh()
    with Journal.open(db) as fresh:
        if fresh.current_partie() != kiosk.current_partie() or (
            fresh.current_partie() is not None and fresh.record() != kiosk.record()
        ):
            figures.problems.append("the long-lived view differs from a fresh one")
        history = fresh.history()
        for entry in history:
            if entry["warnings"]:
                figures.problems.append(f"partie {entry['partie']}: {entry['warnings']}")
            score = fresh.score(entry["partie"])
            if (entry["totals"], entry["finished"]) != (score["totals"], score["finished"]):
                figures.problems.append(f"partie {entry['partie']}: its summary disagrees")
    store = SqliteStore.open(db, read_only=True)
    try:
        if store.integrity() != "ok":
            figures.problems.append(f"integrity_check: {store.integrity()}")
        if store.aside():
            figures.problems.append(f"actions kept aside: {store.aside()}")
        stored = {p.id: len(store.actions_of(p.id)) for p in store.parties()}
    finally:
        store.close()
    _check_trace(db, ledger, figures)
    if set(stored) != ledger.parties:
        figures.problems.append(f"parties {sorted(stored)} for {sorted(ledger.parties)} started")
    for partie in ledger.parties | set(stored):
        expected, found = ledger.count[partie], stored.get(partie, 0)
        figures.lost += max(0, expected - found)
        figures.unexpected += max(0, found - expected)


def stress_journal(folder: Path, seed: str, rounds: int, real_every: float = 0.1) -> StressFigures:
    """One journal: `rounds` rounds of the long-lived Journal and commands at random."""
    rng = random.Random(seed)
    figures = StressFigures(journals=1, rounds=rounds)
    ledger = Ledger()
    db = folder / "journal.sqlite3"
    outputs = folder / "outputs"
    outputs.mkdir()
    Journal.open(db).close()
    _trace(db)
    commands = Commands(outputs)
    kiosk = Journal.open(db)
    try:
        for _ in range(rounds):
            _settle(commands.finished(), ledger, figures)
            if rng.random() < 0.15 and kiosk.current_partie() is not None:
                # the kiosk idles while someone types `piquet undo` and `piquet act`, then
                # it is tapped on the view it shows
                trick = json.dumps({"trick": rng.choice("EY")})
                commands.start([["undo", "--db", str(db)], ["act", "--db", str(db), trick]], False)
                _settle(commands.finished(wait=True), ledger, figures)
                _kiosk_turn(rng, kiosk, seed, ledger, figures, tapped=True)
                continue
            for _ in range(rng.choice((1, 1, 2))):
                if len(commands.running) < IN_FLIGHT:
                    argvs = _commands_for(rng, kiosk, str(db), seed)
                    commands.start(argvs, real=rng.random() < real_every)
            for _ in range(rng.choice((0, 1, 1, 2))):
                _kiosk_turn(rng, kiosk, seed, ledger, figures)
            time.sleep(rng.uniform(0, 0.04))
        _settle(commands.finished(wait=True), ledger, figures)
        figures.real_processes = commands.real_count
        _check(db, kiosk, ledger, figures)
    except Exception as error:  # a journal that no longer opens, say: the run's finding
        figures.problems.append(f"the run stopped: {type(error).__name__}: {error}")
    finally:
        kiosk.close()
        commands.close()
    return figures


def stress_many(folder: Path, journals: int, rounds: int, base_seed: str) -> StressFigures:
    total = StressFigures()
    for index in range(journals):
        place = folder / f"journal-{index}"
        place.mkdir()
        total.add(stress_journal(place, f"{base_seed}-{index}", rounds))
    return total


if __name__ == "__main__":
    fork_server(sys.argv[2])
