"""Every kind of illegal action leaves the journal file byte-for-byte unchanged.

Two views:
- in the process that holds the journal open: the main file and the -wal file
  (where the unsynced pages live) keep their bytes. The -shm file is SQLite's
  shared-memory index, rebuilt from the WAL and touched by mere reads, so it
  is no part of the stored data.
- through `piquet act`: each command closes the journal, which folds the WAL
  into the main file and removes it; a refused command then leaves the main
  file with the same sha256 and no -wal file.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from journal_helpers import sha256_files

from journal import Journal
from journal.schema import SCHEMA_VERSION
from scorer import ActionError

Setup = Callable[[Journal], None]


def twelve_tricks(journal: Journal) -> None:
    for winner in "EYEYEYEYEYEY":
        journal.act({"trick": winner})


def first_trick_played(journal: Journal) -> None:
    journal.act({"declare": "point", "by": "elder", "cards": 5, "value": 49})
    journal.act({"trick": "E"})


def mid_deal(journal: Journal) -> None:
    for winner in "EEYYE":
        journal.act({"trick": winner})


def finished(journal: Journal) -> None:
    for number in range(6):
        if number:
            journal.act({"next_deal": True})
        journal.act({"entered": {"elder": 30 if number == 0 else 0, "younger": 0}})
    assert journal.score()["finished"]


CASES: list[tuple[str, Setup, str]] = [
    ("13th-trick", twelve_tricks, '{"trick": "E"}'),
    (
        "declaration-after-play",
        first_trick_played,
        '{"declare": "set", "by": "younger", "count": 3, "rank": "Q"}',
    ),
    ("point-after-play", first_trick_played, '{"declare": "point", "by": "younger", "cards": 6}'),
    ("next-deal-mid-deal", mid_deal, '{"next_deal": true}'),
    ("after-finished-next-deal", finished, '{"next_deal": true}'),
    ("after-finished-trick", finished, '{"trick": "Y"}'),
    ("after-finished-carte-blanche", finished, '{"carte_blanche": "elder"}'),
    ("malformed-json", mid_deal, '{"trick": "E"'),
    ("not-an-object", mid_deal, '["trick", "E"]'),
    ("unknown-kind", mid_deal, '{"bid": 3}'),
    ("two-kinds", mid_deal, '{"trick": "E", "next_deal": true}'),
    ("bad-winner", mid_deal, '{"trick": "X"}'),
]


def prepared(db_path: Path, setup: Setup) -> None:
    with Journal.open(db_path) as journal:
        journal.new_partie(["Anne", "Ben"], "Ben")
        setup(journal)


def data_files(db_path: Path) -> list[Path]:
    return [db_path, Path(f"{db_path}-wal")]


# Bad JSON never reaches a Journal: it is a string until the command line parses it.
ACTIONS = [case for case in CASES if case[0] != "malformed-json"]


@pytest.mark.parametrize(("setup", "text"), [c[1:] for c in ACTIONS], ids=[c[0] for c in ACTIONS])
def test_refused_in_process_with_the_journal_open(db_path, setup, text):
    with Journal.open(db_path) as journal:
        journal.new_partie(["Anne", "Ben"], "Ben")
        setup(journal)
        before = sha256_files(*data_files(db_path))
        state = (journal.record(), journal.actions(), journal.can_undo())
        with pytest.raises(ActionError):
            journal.act(json.loads(text))
        assert sha256_files(*data_files(db_path)) == before
        assert (journal.record(), journal.actions(), journal.can_undo()) == state


def piquet(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "piquet", *args], capture_output=True, text=True, timeout=60
    )


@pytest.mark.parametrize(("setup", "text"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_refused_by_piquet_act_leaves_the_file_unchanged(db_path, setup, text):
    prepared(db_path, setup)
    before = sha256_files(*data_files(db_path))
    assert before["journal.sqlite3-wal"] is None  # closed cleanly: all in the main file
    done = piquet("act", "--db", str(db_path), text)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.strip()
    assert sha256_files(*data_files(db_path)) == before


def test_a_newer_journal_is_refused_by_every_command_and_left_unchanged(db_path):
    prepared(db_path, mid_deal)
    conn = sqlite3.connect(db_path)
    with conn:
        conn.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION + 1,))
    conn.close()
    files = [*data_files(db_path), Path(f"{db_path}-shm")]
    before = sha256_files(*files)
    db = str(db_path)
    for args in (
        ["act", "--db", db, '{"trick": "E"}'],
        ["undo", "--db", db],
        ["redo", "--db", db],
        ["export", "--db", db],
        ["history", "--db", db],
        ["new", "--db", db, "--players", "A", "B", "--first-dealer", "A"],
    ):
        done = piquet(*args)
        assert (done.returncode, done.stdout) == (2, ""), args
        assert "newer version" in done.stderr
    assert sha256_files(*files) == before
