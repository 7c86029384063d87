"""A journal always opens: actions the engine refuses are kept aside, never lost, and said.

Such actions got into files written before the check moved inside the write
transaction (issue 9: a stale kiosk commit), or by hand; a stricter engine
may also refuse what an older one took. The partie is what comes before the
first refused action (or gap); the rest moves to the `aside` table the next
time the journal may write, and the history, `piquet export` and
`Journal.warnings` say so.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from journal_helpers import sha256_files

from journal import Journal
from journal.errors import JournalError
from journal.schema import MIGRATIONS
from journal.sqlite_store import SqliteStore
from journal.store import PartieHeader, PartieSummary

POINT = {"declare": "point", "by": "elder", "cards": 5, "value": 49}
SET = {"declare": "set", "by": "elder", "count": 3, "rank": "K"}


def piquet(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "piquet", *args], capture_output=True, text=True, timeout=60
    )


def insert_rows(db_path: Path, partie: int, rows: list[tuple[int, str]]) -> None:
    """Write action rows straight into the file, as a buggy or older writer did."""
    conn = sqlite3.connect(db_path)
    with conn:
        conn.executemany(
            "INSERT INTO actions (partie_id, seq, action, created_at) VALUES (?, ?, ?, 't')",
            [(partie, seq, text) for seq, text in rows],
        )
        conn.execute(
            "UPDATE parties SET seq = (SELECT COUNT(*) FROM actions WHERE partie_id = ?)"
            " WHERE id = ?",
            (partie, partie),
        )
    conn.close()


def rows(db_path: Path, table: str, partie: int) -> list[tuple[int, str]]:
    conn = sqlite3.connect(db_path)
    found = conn.execute(
        f"SELECT seq, action FROM {table} WHERE partie_id = ? ORDER BY seq", (partie,)
    ).fetchall()
    conn.close()
    return found


def poisoned(db_path: Path) -> int:
    """Point, trick E, then a set after the trick (refused) and a trick Y after it."""
    with Journal.open(db_path) as journal:
        partie = journal.new_partie(["Anne", "Ben"], "Ben")
        journal.act(POINT)
        journal.act({"trick": "E"})
    insert_rows(db_path, partie, [(3, json.dumps(SET)), (4, '{"trick": "Y"}')])
    return partie


def test_a_journal_holding_a_refused_action_opens_and_keeps_it_aside(db_path):
    partie = poisoned(db_path)
    with Journal.open(db_path) as journal:
        assert journal.actions() == [POINT, {"trick": "E"}]
        assert journal.record()["deals"] == [
            {"declared": {"elder": {"point": {"cards": 5, "value": 49}}}, "tricks": "E"}
        ]
        (warning,) = journal.warnings()
        assert "2 actions kept aside" in warning and "action 3" in warning
        assert "after the first trick" in warning
        assert journal.history()[0]["warnings"] == [warning]
        assert journal.act({"trick": "Y"})["partie"] == partie  # it plays on from action 2
    assert [seq for seq, _ in rows(db_path, "actions", partie)] == [1, 2, 3]
    kept = rows(db_path, "aside", partie)
    assert kept == [(3, json.dumps(SET)), (4, '{"trick": "Y"}')]  # the very text stored
    with Journal.open(db_path) as again:
        assert again.warnings() == [warning]  # still said, from the aside table
        assert again.actions()[-1] == {"trick": "Y"}


def test_reading_commands_show_the_valid_part_and_warn_without_writing(db_path):
    partie = poisoned(db_path)
    files = [db_path, Path(f"{db_path}-wal"), Path(f"{db_path}-shm")]
    before = sha256_files(*files)
    db = str(db_path)
    done = piquet("export", "--db", db)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["deals"][0]["tricks"] == "E"
    assert done.stderr.startswith("piquet export: warning: ")
    assert "kept aside" in done.stderr and len(done.stderr.splitlines()) == 1
    table = piquet("history", "--db", db)
    assert table.returncode == 0, table.stderr
    lines = table.stdout.splitlines()
    assert lines[1].startswith("*!") and f" {partie} " in lines[1]
    assert lines[-1].startswith(f"! partie {partie}: 2 actions kept aside")
    entries = json.loads(piquet("history", "--db", db, "--json").stdout)
    assert "kept aside" in entries[0]["warnings"][0]
    assert sha256_files(*files) == before  # reading never writes, not even the aside


def test_a_read_only_journal_says_so_without_moving_anything(db_path):
    partie = poisoned(db_path)
    with Journal.open(db_path, read_only=True) as journal:
        assert journal.read_only
        assert len(journal.actions()) == 2
        assert "kept aside" in journal.warnings()[0]
    assert len(rows(db_path, "actions", partie)) == 4
    assert rows(db_path, "aside", partie) == []


E, Y = '{"trick": "E"}', '{"trick": "Y"}'


@pytest.mark.parametrize(
    ("stored", "valid", "words"),
    [
        ([(1, E), (2, Y), (4, E)], 2, "action 3 is missing"),
        ([(1, E), (2, "{not json"), (3, E)], 1, "action 2 is not a readable action"),
        ([(1, E), (2, '["trick"]')], 1, "action 2 is not a readable action"),
        ([(1, E), (2, '{"bid": 3}')], 1, "exactly one kind"),
    ],
    ids=["gap", "not-json", "not-an-object", "unknown-kind"],
)
def test_a_gap_or_an_unreadable_row_ends_the_partie_there(db_path, stored, valid, words):
    with Journal.open(db_path) as journal:
        partie = journal.new_partie(["Anne", "Ben"], "Ben")
    insert_rows(db_path, partie, stored)
    done = piquet("export", "--db", str(db_path))
    assert done.returncode == 0 and words in done.stderr
    with Journal.open(db_path) as journal:
        assert journal.actions() == [json.loads(text) for _, text in stored[:valid]]
        assert journal.act({"trick": "Y"})["deal"] == 1
    assert [text for _, text in rows(db_path, "aside", partie)] == [t for _, t in stored[valid:]]


def test_an_action_after_the_end_of_a_finished_partie_is_kept_aside(db_path):
    with Journal.open(db_path) as journal:
        partie = journal.new_partie(["Anne", "Ben"], "Ben")
        for number in range(6):
            if number:
                journal.act({"next_deal": True})
            journal.act({"entered": {"elder": 30 if number == 0 else 0, "younger": 0}})
        result = journal.score()["result"]
    insert_rows(db_path, partie, [(12, '{"next_deal": true}')])
    with Journal.open(db_path) as journal:
        assert journal.score()["result"] == result
        assert "finished" in journal.warnings()[0]


def build_v1_with_a_poisoned_partie(db_path: Path) -> tuple[int, int]:
    """A journal as the program before schema v2 wrote it, poisoned in an older partie."""
    v1 = SqliteStore.open(db_path, MIGRATIONS[:1])
    header = PartieHeader(["Anne", "Ben"], "Ben", "rubicon", {}, "2026-01-01T10:00:00Z")
    empty = PartieSummary(0, 1, {"Anne": 0, "Ben": 0}, False)
    old = v1.create_partie(header, empty, [], make_current=True)
    v1.close()
    insert_rows(db_path, old, [(1, '{"trick": "E"}'), (2, json.dumps(SET))])
    v1 = SqliteStore.open(db_path, MIGRATIONS[:1])
    current = v1.create_partie(header, empty, [], make_current=True)
    v1.close()
    return old, current


def test_the_first_writable_opening_of_an_older_journal_checks_every_partie(db_path):
    old, current = build_v1_with_a_poisoned_partie(db_path)
    with Journal.open(db_path, read_only=True) as reading:
        assert reading.history()[1]["warnings"] == []  # reading alone folds only the current
    with Journal.open(db_path) as journal:
        assert journal.current_partie() == current
        by_id = {entry["partie"]: entry for entry in journal.history()}
        assert "kept aside" in by_id[old]["warnings"][0]
        assert by_id[current]["warnings"] == []
        assert journal.actions(old) == [{"trick": "E"}]
    assert rows(db_path, "aside", old) == [(2, json.dumps(SET))]
    table = piquet("history", "--db", str(db_path)).stdout
    assert f"! partie {old}: 1 action kept aside" in table


def test_the_check_of_older_parties_goes_on_a_little_at_each_opening(db_path, monkeypatch):
    import journal.journal as facade

    old, _ = build_v1_with_a_poisoned_partie(db_path)
    v1 = SqliteStore.open(db_path, MIGRATIONS[:1])
    header = PartieHeader(["Carl", "Dora"], "Dora", "rubicon", {}, "2026-01-02T10:00:00Z")
    for _ in range(3):  # more parties above the poisoned one, all sound
        v1.create_partie(header, PartieSummary(0, 1, {}, False), [], make_current=True)
    v1.close()
    monkeypatch.setattr(facade, "CHECK_BUDGET_S", 0.0)  # one partie per opening
    seen = []
    for _ in range(6):
        with Journal.open(db_path) as journal:
            seen.append(bool(journal.history()[-1]["warnings"]))
    assert seen == [False, False, False, False, True, True]  # newest first: 5, 4, 3, 2, then 1
    assert rows(db_path, "aside", old) == [(2, json.dumps(SET))]


def test_a_partie_whose_header_the_engine_refuses_does_not_stop_the_journal(db_path):
    with Journal.open(db_path) as journal:
        old = journal.new_partie(["Anne", "Ben"], "Ben")
        journal.new_partie(["Carl", "Dora"], "Dora")
        journal.set_current(old)
    conn = sqlite3.connect(db_path)
    with conn:  # as if a later engine had dropped this house rule
        rule = json.dumps({"no_such_rule": True})
        conn.execute("UPDATE parties SET variants = ? WHERE id = ?", (rule, old))
    conn.close()
    with Journal.open(db_path) as journal:
        assert journal.current_partie() is None
        assert "cannot be shown" in journal.warnings(old)[0]
        assert len(journal.history()) == 2
    done = piquet("history", "--db", str(db_path))
    assert done.returncode == 0 and "cannot be shown" in done.stdout


def test_the_warnings_are_read_once_per_version_of_the_file(db_path, monkeypatch):
    """Every screen after a tap asks for the partie's warnings: the aside table
    is read once per version of the file the journal has seen, again once
    another writer's commit has been read, and again once the journal set
    actions aside itself (here at the next write: the move when the partie was
    read again failed, the disk full)."""
    with Journal.open(db_path) as journal:
        partie = journal.new_partie(["Anne", "Ben"], "Ben")
        journal.act(POINT)
        journal.act({"trick": "E"})
        store = journal._store
        reads = []
        aside, set_aside = store.aside, store.set_aside
        monkeypatch.setattr(store, "aside", lambda: reads.append(1) or aside())
        assert journal.warnings() == [] and journal.warnings() == []
        assert len(reads) == 1
        insert_rows(db_path, partie, [(3, json.dumps(SET)), (4, '{"trick": "Y"}')])
        with sqlite3.connect(db_path) as conn:  # (the partie's revision, as a writer moves it)
            conn.execute("UPDATE parties SET revision = revision + 1 WHERE id = ?", (partie,))

        def disk_full(*_args):
            monkeypatch.setattr(store, "set_aside", set_aside)  # once
            raise JournalError("disk full")

        monkeypatch.setattr(store, "set_aside", disk_full)
        assert journal.refresh() is True  # another writer's rows: the set is refused
        (found,) = journal.warnings()  # found by folding, not set aside yet
        assert journal.warnings() == [found] and len(reads) == 2
        assert rows(db_path, "aside", partie) == []
        journal.act({"trick": "Y"})  # the write sets the refused actions aside
        (kept,) = journal.warnings()
        assert "2 actions kept aside" in kept and len(reads) == 3
        assert journal.warnings() == [kept] and len(reads) == 3
    assert [seq for seq, _ in rows(db_path, "aside", partie)] == [3, 4]
