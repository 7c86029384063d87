"""Fuzzing what found issue 21's failures: mutated piquet-record/2 records of every
form, hostile config files, journals with random bytes flipped (through the
command line, the API and the kiosk's start check), and restores in one second.

The only answers allowed, as in tests/cli/test_fuzz.py: exit 0 with the answer,
or exit 2 with one line (or one per problem) on standard error and nothing on
standard output; never a traceback. A journal found damaged is refused by every
command and left exactly as it was.

`PIQUET_FUZZ_SCALE=N` feeds N times as many cases (the suite runs at 1, a few
seconds each; a larger run by hand: PIQUET_FUZZ_SCALE=20).
"""

from __future__ import annotations

import collections
import json
import os
import random
import re
import sqlite3
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

import journal.backup as backup_module
from hardware.config import load_config
from journal import Journal, JournalError
from kiosk.journal_guard import check_at_start
from scorer.errors import ActionError
from tests.cli.fuzzing import (
    Run,
    encode,
    flip_bits,
    hostile_config,
    mutate,
    outcome,
    run_piquet,
)

SCALE = max(1, int(os.environ.get("PIQUET_FUZZ_SCALE", "1")))
RECORDS2_FED = 400 * SCALE
IMPORTS2_FED = 60 * SCALE
CONFIGS_FED = 300 * SCALE
JOURNALS_FLIPPED = 200 * SCALE
RESTORE_ROUNDS = 10 * SCALE
DOC = Path(__file__).resolve().parents[2] / "docs" / "record-2.md"


def records2() -> list[dict[str, Any]]:
    """docs/record-2.md's records: one of each form (normand, voleur, ecrire, chouette)."""
    text = DOC.read_text(encoding="utf-8")
    blocks = [json.loads(b) for b in re.findall(r"```json\n(.*?)```", text, re.S)]
    return [b for b in blocks if b.get("format") == "piquet-record/2"]


def is_score2(answer: Any) -> bool:
    return isinstance(answer, dict) and answer.get("format") == "piquet-score/2"


def is_state(answer: Any) -> bool:
    return isinstance(answer, dict) and {"partie", "totals", "finished"} <= answer.keys()


def piquet(args: list[str], data: bytes = b"") -> Run:
    """`run_piquet`, an exception counted as a crash (to show every one at once)."""
    try:
        return run_piquet(args, data)
    except Exception as error:
        return Run(-1, b"", f"Traceback: {type(error).__name__}: {error}")


def tally(runs: list[tuple[bytes, Run]], check: Any) -> tuple[collections.Counter, list[str]]:
    counts: collections.Counter = collections.Counter()
    wrong = []
    for data, run in runs:
        result = outcome(run, check)
        counts[result if result in ("ok", "refused") else "other"] += 1
        if result not in ("ok", "refused"):
            wrong.append(f"{result}\n  input: {data[:300]!r}")
    return counts, wrong


def test_mutated_records_of_every_form_get_an_answer_or_a_refusal(tmp_path: Path) -> None:
    rng = random.Random(2121)
    seeds = records2()
    assert sorted(r["form"] for r in seeds) == ["chouette", "ecrire", "normand", "voleur"]
    runs = []
    for _ in range(RECORDS2_FED):
        data = encode(mutate(rng.choice(seeds), rng))
        runs.append((data, piquet(["score", "-"], data)))
    db = str(tmp_path / "journal.sqlite3")
    imports = []
    for _ in range(IMPORTS2_FED):
        data = encode(mutate(rng.choice(seeds), rng))
        imports.append((data, piquet(["import", "--db", db, "-"], data)))
    counts, wrong = tally(runs, is_score2)
    imported, wrong_imports = tally(imports, is_state)
    print(f"\npiquet score, record/2: {RECORDS2_FED} fed: {dict(counts)}")
    print(f"piquet import, record/2: {IMPORTS2_FED} fed: {dict(imported)}")
    print(f"crashes: {len(wrong) + len(wrong_imports)}", *(wrong + wrong_imports)[:5], sep="\n")
    assert not wrong and not wrong_imports, "\n".join((wrong + wrong_imports)[:5])
    assert counts["ok"] >= RECORDS2_FED // 20 and counts["refused"] >= RECORDS2_FED // 4


def test_hostile_config_files_are_said_never_raised(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(2122)
    home = tmp_path / "config"
    (home / "piquet-table").mkdir(parents=True)
    path = home / "piquet-table" / "config.toml"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home))
    db = tmp_path / "journal.sqlite3"
    with Journal.open(db) as journal:
        journal.new_partie(["Anne", "Ben"], "Ben")
    counts: collections.Counter = collections.Counter()
    wrong = []
    for index in range(CONFIGS_FED):
        data = hostile_config(rng)
        path.write_bytes(data)
        config = load_config(path)  # never raises: the problems are said
        for problem in config.problems:
            if "\n" in problem.message or len(problem.message) > 400:
                wrong.append(f"{problem.message[:200]!r}\n  config: {data[:200]!r}")
        counts["with problems" if config.problems else "read"] += 1
        if index % 10 == 0:  # the daily copy reads [backup]: made or refused, in words
            run = run_piquet(["backup", "--db", str(db), "--daily", "--into", str(tmp_path)])
            if run.status not in (0, 2) or "Traceback" in run.stderr:
                wrong.append(f"backup --daily: {run.status} {run.stderr[-300:]!r}")
            counts[f"backup exit {run.status}"] += 1
    print(f"\nconfig files: {CONFIGS_FED} fed: {dict(counts)}")
    assert not wrong, "\n".join(wrong[:5])
    assert counts["with problems"] >= CONFIGS_FED // 2


def journal_to_flip(path: Path) -> bytes:
    """A journal of a few parties, two-player and Normand, settled into its main file."""
    from tests.journal.journal_helpers import play_random_partie

    with Journal.open(path) as journal:
        for seed in range(2):
            play_random_partie(journal, f"flip-{seed}", "rubicon", 30)
        journal.new_multi_partie("normand", ["Anne", "Ben", "Cleo"], "Cleo")
        journal.new_partie(["Dan", "Eve"], "Eve")
        journal.act({"trick": "E"})
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.execute("PRAGMA journal_mode = DELETE")
    conn.close()
    return path.read_bytes()


COMMANDS = [
    ["history", "--json"],
    ["export"],
    ["stats", "--json"],
    ["act", '{"trick": "E"}'],
    ["undo"],
    ["new", "--players", "Fay", "Gus", "--first-dealer", "Gus"],
]


def answered(run: Run, folder: Path | None = None) -> str:
    """ "ok" or "refused" (one line, or one per problem), else what went wrong. The
    lines are measured with `folder` (pytest's long temporary folder) written short."""
    if run.status == 0:
        return "ok" if "Traceback" not in run.stderr else f"exit 0 with {run.stderr[-200:]!r}"
    if run.status != 2 or run.stdout or not run.stderr.strip() or "Traceback" in run.stderr:
        return f"exit {run.status}: {run.stdout[:100]!r} {run.stderr[-300:]!r}"
    lines = run.stderr.replace(str(folder), "/data").splitlines() if folder else []
    if max(len(line) for line in lines or run.stderr.splitlines()) > 400:
        return "a message line over 400 characters"
    return "refused"


def test_journals_with_bytes_flipped_are_refused_in_words_or_read(tmp_path: Path) -> None:
    rng = random.Random(2123)
    sound = journal_to_flip(tmp_path / "sound.sqlite3")
    counts: collections.Counter = collections.Counter()
    wrong = []
    for index in range(JOURNALS_FLIPPED):
        data = flip_bits(sound, rng)
        db = tmp_path / f"copy-{index}.sqlite3"
        db.write_bytes(data)
        verdict = check_at_start(db)  # the kiosk's start check: a verdict, never a raise
        counts["damaged" if verdict else "sound"] += 1
        for command in rng.sample(COMMANDS, 2):
            run = piquet([command[0], "--db", str(db), *command[1:]])
            said = answered(run, tmp_path)
            counts[f"cli {said}"] += 1
            if said not in ("ok", "refused"):
                wrong.append(f"{command[0]}: {said}")
            if verdict and (run.status != 2 or "damaged" not in run.stderr):
                wrong.append(f"{command[0]} used a damaged journal: {run.stderr[:200]!r}")
            if verdict and db.read_bytes() != data:
                wrong.append(f"{command[0]} wrote into a damaged journal")
        try:  # the API: its answers, or the journal's own errors
            with Journal.open(db, read_only=True) as journal:
                journal.history()
                if journal.current_partie() is not None:
                    journal.score()
            counts["api read"] += 1
        except (JournalError, ActionError):
            counts["api refused"] += 1
        except Exception as error:
            wrong.append(f"api: {type(error).__name__}: {error}"[:300])
        for side in (db, Path(f"{db}-wal"), Path(f"{db}-shm")):
            side.unlink(missing_ok=True)
    print(f"\nflipped journals: {JOURNALS_FLIPPED}: {dict(counts)}, wrong: {len(wrong)}")
    assert not wrong, "\n".join(wrong[:5])
    assert counts["damaged"] >= 1  # the damage reaches the check too


class FrozenClock(datetime):
    @classmethod
    def now(cls, tz=None):  # type: ignore[no-untyped-def, override]
        return datetime(2026, 11, 27, 10, 0, 0, tzinfo=tz)


def test_restores_in_one_second_never_lose_a_journal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rounds of two to five restores in the same second, from good copies, damaged
    ones, the journal itself and a link to it: every journal the data folder held
    is still there afterwards (at its path or in backups/)."""
    monkeypatch.setattr(backup_module, "datetime", FrozenClock)
    rng = random.Random(2124)
    for round_ in range(RESTORE_ROUNDS):
        data = tmp_path / f"round-{round_}"
        db = data / "journal.sqlite3"
        seen = []
        copies = []
        for index in range(3):
            copy = tmp_path / f"round-{round_}-copy-{index}.sqlite3"
            with Journal.open(copy) as journal:
                journal.new_partie([f"Copy{index}", "Ben"], "Ben")
            copies.append(copy)
        with Journal.open(db) as journal:
            journal.new_partie([f"Round{round_}", "Ben"], "Ben")
        link = tmp_path / f"round-{round_}-link.sqlite3"
        link.symlink_to(db)
        damaged = tmp_path / f"round-{round_}-damaged.sqlite3"
        damaged.write_bytes(flip_bits(copies[0].read_bytes(), rng)[:4096])
        for _ in range(rng.randrange(2, 6)):
            seen.append(names_in(db))
            source = rng.choice([*copies, db, link, damaged])
            run = run_piquet(["restore", "--db", str(db), str(source)])
            assert answered(run, tmp_path) in ("ok", "refused"), run.stderr
            held = [names_in(path) for path in sorted(data.rglob("*.sqlite3"))]
            for names in seen:
                assert names in held, (names, run.stderr)


def names_in(path: Path) -> set[tuple[str, ...]] | None:
    try:
        with Journal.open(path, read_only=True) as journal:
            return {tuple(entry["players"]) for entry in journal.history()}
    except JournalError:
        return None
