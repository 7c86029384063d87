"""Two writers on one journal: a stale view is refused inside the write transaction.

The kiosk holds a Journal open for hours while `piquet` commands (or another
Journal) write to the same file. Whatever decides an action is legal must read
the partie inside the transaction that appends it: a view older than the file
is refused (nothing written) and read again, and `refresh()` notices another
writer's change cheaply.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from journal import Journal, JournalChangedError, NoPartieError
from scorer import ActionError, score_record

SET = {"declare": "set", "by": "elder", "count": 3, "rank": "K"}
POINT = {"declare": "point", "by": "elder", "cards": 5, "value": 49}


def piquet(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "piquet", *args], capture_output=True, text=True, timeout=60
    )


def ok(*args: str) -> dict:
    done = piquet(*args)
    assert (done.returncode, done.stderr) == (0, ""), (args, done.stderr)
    return json.loads(done.stdout)


def test_the_issue_s_two_writers_no_longer_poison_the_journal(db_path):
    """The reproducer of issue 9, item 1: undo + act by the command line under the kiosk."""
    db = str(db_path)
    with Journal.open(db_path) as kiosk:
        kiosk.new_partie(["Anne", "Ben"], "Ben")
        kiosk.act(POINT)
        ok("undo", "--db", db)
        ok("act", "--db", db, '{"trick": "E"}')  # the same number, another action
        before = db_path.read_bytes(), Path(f"{db}-wal").read_bytes()
        with pytest.raises(JournalChangedError, match="changed meanwhile"):
            kiosk.act(SET)  # legal on the kiosk's stale view: a declaration before play
        assert (db_path.read_bytes(), Path(f"{db}-wal").read_bytes()) == before
        # the view was read again: the kiosk now sees the trick, and refuses the set itself
        assert kiosk.record()["deals"][0] == {"tricks": "E"}
        with pytest.raises(ActionError, match="after the first trick"):
            kiosk.act(SET)
        last = kiosk.act({"trick": "Y"})
    exported = ok("export", "--db", db)
    assert exported["deals"] == [{"tricks": "EY"}]
    assert score_record(exported)["totals"] == last["totals"]
    for command in (["history", "--json"], ["undo"], ["act", '{"trick": "E"}']):
        assert piquet(*command[:1], "--db", db, *command[1:]).returncode == 0, command


@pytest.mark.parametrize("store", ["sqlite", "memory"])
def test_a_stale_view_is_refused_even_when_the_numbers_match(db_path, store):
    from journal.memory_store import MemoryStore

    if store == "memory":
        shared = MemoryStore()
        kiosk, other = Journal(shared), Journal(shared)
    else:
        kiosk, other = Journal.open(db_path), Journal.open(db_path)
    kiosk.new_partie(["Anne", "Ben"], "Ben")
    kiosk.act(POINT)
    other.refresh()
    other.undo()
    other.act({"trick": "E"})
    assert len(other.actions()) == len(kiosk.actions())  # same count: only the revision tells
    with pytest.raises(JournalChangedError):
        kiosk.act(SET)
    assert kiosk.actions() == [{"trick": "E"}]
    assert other.refresh() is False  # the refusal wrote nothing
    kiosk.close()
    other.close()


def test_undo_and_redo_on_a_stale_view_are_refused(db_path):
    with Journal.open(db_path) as kiosk, Journal.open(db_path) as other:
        kiosk.new_partie(["Anne", "Ben"], "Ben")
        kiosk.act({"trick": "E"})
        other.refresh()
        other.act({"trick": "Y"})
        with pytest.raises(JournalChangedError):
            kiosk.undo()  # would remove Y, which the kiosk never showed
        assert kiosk.actions() == [{"trick": "E"}, {"trick": "Y"}]
        kiosk.undo()
        other.refresh()
        other.undo()
        with pytest.raises(JournalChangedError):
            kiosk.redo()
        assert kiosk.actions() == []


def test_another_new_partie_makes_the_stale_view_refused(db_path):
    db = str(db_path)
    with Journal.open(db_path) as kiosk:
        first = kiosk.new_partie(["Anne", "Ben"], "Ben")
        kiosk.act({"trick": "E"})
        second = ok("new", "--db", db, "--players", "Carl", "Dora", "--first-dealer", "Dora")
        with pytest.raises(JournalChangedError):
            kiosk.act({"trick": "E"})  # it would have gone to the old partie
        assert kiosk.current_partie() == second["partie"]
        assert kiosk.actions() == []
        assert kiosk.actions(first) == [{"trick": "E"}]


def test_recheck_decides_against_the_partie_as_stored(db_path):
    with Journal.open(db_path) as kiosk, Journal.open(db_path) as command_line:
        kiosk.new_partie(["Anne", "Ben"], "Ben")
        command_line.refresh()
        kiosk.act({"trick": "E"})
        assert command_line.act({"trick": "Y"}, recheck=True)["partie"] == kiosk.current_partie()
        assert command_line.actions() == [{"trick": "E"}, {"trick": "Y"}]
        with pytest.raises(ActionError, match="after the first trick"):
            kiosk.act(POINT, recheck=True)  # checked against E, Y: refused by the engine
        assert command_line.undo(recheck=True)["partie"] == kiosk.current_partie()


def test_recheck_without_a_current_partie_is_still_refused(db_path):
    with Journal.open(db_path) as journal, pytest.raises(NoPartieError):
        journal.act({"trick": "E"}, recheck=True)


def test_refresh_sees_another_writer_and_reloads(db_path):
    db = str(db_path)
    with Journal.open(db_path) as kiosk:
        kiosk.new_partie(["Anne", "Ben"], "Ben")
        assert kiosk.refresh() is False
        kiosk.act({"trick": "E"})
        assert kiosk.refresh() is False  # its own writes are not another writer's
        ok("act", "--db", db, '{"trick": "Y"}')
        assert kiosk.refresh() is True
        assert kiosk.record()["deals"][0]["tricks"] == "EY"
        assert kiosk.refresh() is False
        kiosk.act({"trick": "E"})  # not stale any more
        second = ok("new", "--db", db, "--players", "Carl", "Dora", "--first-dealer", "Dora")
        assert kiosk.refresh() is True
        assert kiosk.current_partie() == second["partie"]
        assert kiosk.score()["players"] == ["Carl", "Dora"]


def test_redo_is_offered_as_the_file_says_once_read_again(db_path):
    """`can_redo` is read once per state of the partie (every screen after a tap
    asks): another writer's undo is offered for redo once the kiosk has read
    the file again, and an action played there takes the offer away."""
    kiosk, other = Journal.open(db_path), Journal.open(db_path)
    kiosk.new_partie(["Anne", "Ben"], "Ben")
    kiosk.act({"trick": "E"})
    assert kiosk.can_redo() is False
    other.refresh()
    other.undo()
    assert kiosk.refresh() is True
    assert kiosk.can_redo() is True
    other.refresh()
    other.act({"trick": "Y"})  # a new action: nothing is left to redo
    assert kiosk.refresh() is True
    assert kiosk.can_redo() is False
    kiosk.undo()
    assert kiosk.can_redo() is True
    kiosk.close()
    other.close()
