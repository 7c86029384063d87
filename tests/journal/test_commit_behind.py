"""An action's commit left under way (`Journal.act(..., behind=True)`,
journal/committer.py): the journal reads as after the action at once; once
settled, the file holds exactly what a commit made in the usual way holds; the
next use of the store waits for it; and a commit that fails is rolled back,
the journal reading again as before that action.

A commit is handed over only where the disk's syncs are slow; these tests
count every sync as slow (`slow_disk`), so that the commits are handed over
here too, whatever the disk.

The failing commit is a real one: a child process may no longer write past a
file's first byte (RLIMIT_FSIZE, its signal ignored), as a disk that fails
its writes, once the action is checked and written inside its transaction.
SQLite writes a transaction's pages to its log only at COMMIT, so that is
where it fails.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from journal import Journal, committer
from tests.journal.journal_helpers import next_action

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def slow_disk(monkeypatch):
    """Every sync counts as slow: after one commit made here, they are handed over."""
    monkeypatch.setattr(committer, "SLOW_SYNC_S", 0.0)
    monkeypatch.setattr(committer, "SAMPLES", 1)


def committers() -> int:
    return sum(thread.name == committer.THREAD_NAME for thread in threading.enumerate())


def stored(path: Path) -> tuple[list[dict], dict, list]:
    """What the file holds, read by another connection: the current partie's
    actions, its score's totals, and the club's figures of its players."""
    with Journal.open(path, read_only=True) as reader:
        figures = [reader.club.totals(name) for name in ("Anne", "Ben")]
        return [dict(a) for a in reader.actions()], reader.score()["totals"], figures


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_partie_played_behind_is_stored_as_one_played_the_usual_way(tmp_path, seed, slow_disk):
    running = committers()
    usual, behind = Journal.open(tmp_path / "usual.sqlite3"), Journal.open(tmp_path / "b.sqlite3")
    for journal in (usual, behind):
        journal.new_partie(["Anne", "Ben"], "Ben", "rubicon")
    for _ in range(400):
        if usual.score()["finished"]:
            break
        action = next_action(usual.record(), usual.actions(), seed, 1)
        usual.act(action)
        behind.act(action, behind=True)
        # read at once, before the commit is waited for: as after the action
        assert behind.record() == usual.record() and behind.score() == usual.score()
        behind.settle()
    assert usual.score()["finished"]
    assert committers() == running + 1  # (its commits were handed over)
    usual.close()
    behind.close()
    assert committers() == running  # (its thread ends with it)
    assert stored(tmp_path / "b.sqlite3") == stored(tmp_path / "usual.sqlite3")


def test_once_settled_another_connection_reads_the_action(tmp_path, slow_disk):
    path = tmp_path / "j.sqlite3"
    journal = Journal.open(path)
    journal.new_partie(["Anne", "Ben"], "Ben")
    journal.act({"exchange": "elder", "cards": 5}, behind=True)
    journal.settle()
    assert stored(path)[0] == [{"exchange": "elder", "cards": 5}]
    journal.settle()  # nothing left under way: nothing to wait for, nothing said
    journal.close()


def test_the_next_write_and_the_closing_wait_for_the_commit_under_way(tmp_path, slow_disk):
    path = tmp_path / "j.sqlite3"
    journal = Journal.open(path)
    journal.new_partie(["Anne", "Ben"], "Ben")
    journal.act({"exchange": "elder", "cards": 5}, behind=True)
    journal.act({"exchange": "younger", "cards": 3}, behind=True)  # (no settle between)
    journal.undo()
    journal.act({"exchange": "younger", "cards": 2}, behind=True)
    journal.close()  # the last commit, still under way, is waited for
    assert stored(path)[0] == [
        {"exchange": "elder", "cards": 5},
        {"exchange": "younger", "cards": 2},
    ]


def test_where_the_disk_syncs_fast_every_commit_is_made_at_once(tmp_path, monkeypatch):
    monkeypatch.setattr(committer, "SLOW_SYNC_S", float("inf"))
    running = committers()
    journal = Journal.open(tmp_path / "j.sqlite3")
    journal.new_partie(["Anne", "Ben"], "Ben")
    for cards in (5, 3):
        journal.act({"exchange": "elder" if cards == 5 else "younger", "cards": cards}, behind=True)
        assert committers() == running  # no thread: committed before `act` returned
    assert len(stored(tmp_path / "j.sqlite3")[0]) == 2
    journal.close()


CHILD = textwrap.dedent(
    """
    import json, resource, signal, sys
    from journal import Journal, committer
    from journal.errors import JournalError

    committer.SLOW_SYNC_S, committer.SAMPLES = 0.0, 1  # every sync counts as slow

    path = sys.argv[1]
    journal = Journal.open(path)
    journal.new_partie(["Anne", "Ben"], "Ben")
    for action in ({"exchange": "elder", "cards": 5}, {"exchange": "younger", "cards": 3}):
        journal.act(action)
    before = [journal.record(), journal.score(), journal.actions()]
    club = journal.club  # held, as a screen may hold it: it reads the store itself
    out = {}
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (1, hard))  # every file write past byte 1 fails
    try:
        journal.act({"declare": "point", "by": "elder", "cards": 5}, behind=True)
        out["read_as_after"] = len(journal.actions()) == 3
        # a read straight from the store waits for the commit, leaving its failure
        # to the journal's settle
        club.names()
        try:
            journal.settle()
            out["error"] = None
        except JournalError as error:
            out["error"] = str(error)
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
    out["reads_as_before"] = [journal.record(), journal.score(), journal.actions()] == before
    journal.settle()
    journal.act({"declare": "point", "by": "elder", "cards": 4}, behind=True)
    journal.settle()
    journal.close()
    with Journal.open(path, read_only=True) as reader:
        out["stored"] = [dict(a) for a in reader.actions()]
    print(json.dumps(out))
    """
)


def test_a_commit_that_fails_behind_is_rolled_back_and_said_once(tmp_path):
    path = tmp_path / "j.sqlite3"
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(path)],
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["read_as_after"]  # before the wait, the journal read as after the action
    assert out["error"] == f"{path}: the journal could not be read or written (disk I/O error)"
    assert out["reads_as_before"]  # record, score and actions as before the failed action
    # nothing of it was written; the journal went on
    assert out["stored"] == [
        {"exchange": "elder", "cards": 5},
        {"exchange": "younger", "cards": 3},
        {"declare": "point", "by": "elder", "cards": 4},
    ]
