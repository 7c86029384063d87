"""A damaged journal is said in words and never written to (issue 21, items 2 and 3).

Text that is not UTF-8 in the schema (SQLite still opens the file) and a page of
an index broken (`PRAGMA quick_check` fails while the tables still read): every
command of the command line that opens a journal exits 2 with one line that
says the file is damaged and which backup to put back with `piquet restore`, and
leaves the file as it was; the API raises `DamagedJournalError` (a
`JournalError`); the kiosk's start check finds it, the guard refuses the first
write, and the damaged-journal screen says the command to run.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from damaged_journals import (
    bad_schema_text,
    broken_index,
    renamed_column,
    small_journal,
    version_not_a_number,
)

from journal import DamagedJournalError, Journal, JournalError
from journal.backup import backup_journal
from kiosk.journal_guard import (
    GuardedJournal,
    JournalRefused,
    StartCheck,
    check_at_start,
    damaged_words,
)
from tests.cli.fuzzing import run_piquet

COMMANDS = [
    ["history"],
    ["history", "--json"],
    ["export"],
    ["act", '{"trick": "E"}'],
    ["undo"],
    ["redo"],
    ["new", "--players", "Anne", "Ben", "--first-dealer", "Ben"],
    ["import", "-"],
    ["stats"],
    ["correct", "--deal", "1", "--elder", "10", "--younger", "0"],
]


def english(text: str, **fields: object) -> str:
    return text.format(**fields)


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    """A sound journal, and each kind of damage made from it (made once: it takes time)."""
    source = tmp_path_factory.mktemp("made") / "journal.sqlite3"
    data = small_journal(source)
    return {
        "sound": data,
        "schema name": bad_schema_text(data, "name"),
        "schema sql": bad_schema_text(data, "sql"),
        "broken index": broken_index(source),
        "version text": version_not_a_number(source),
    }


@pytest.fixture(params=["schema name", "schema sql", "broken index", "version text"])
def damaged(request: pytest.FixtureRequest, tmp_path: Path, made: dict[str, bytes]) -> Path:
    source = tmp_path / "made.sqlite3"
    source.write_bytes(made["sound"])
    backup_journal(source, tmp_path / "data" / "backups" / "journal-2026-11-26.sqlite3")
    db = tmp_path / "data" / "journal.sqlite3"
    db.write_bytes(made[request.param])
    return db


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c[:1]))
def test_every_command_refuses_a_damaged_journal_in_words(damaged: Path, command: list[str]):
    before = damaged.read_bytes()
    record = b'{"format": "piquet-record/1", "players": ["A", "B"], "first_dealer": "A", '
    record += b'"deals": []}'
    run = run_piquet([command[0], "--db", str(damaged), *command[1:]], record)
    assert run.status == 2, run.stderr
    assert run.stdout == b""
    assert len(run.stderr.splitlines()) == 1, run.stderr
    line = run.stderr
    assert "the journal file is damaged" in line
    assert "codec" not in line and "Traceback" not in line
    newest = damaged.parent / "backups" / "journal-2026-11-26.sqlite3"
    assert f"`piquet restore --db {damaged} {newest}`" in line
    assert damaged.read_bytes() == before  # nothing written into it
    assert not Path(f"{damaged}-wal").exists()


def test_the_api_raises_the_journals_own_error(damaged: Path) -> None:
    with pytest.raises(DamagedJournalError, match="damaged"):
        Journal.open(damaged, check=True)
    with pytest.raises(DamagedJournalError):
        Journal.open(damaged, read_only=True, check=True)


def test_a_schema_that_is_not_utf8_is_a_journal_error_even_unchecked(tmp_path: Path) -> None:
    data = small_journal(tmp_path / "made.sqlite3")
    db = tmp_path / "journal.sqlite3"
    db.write_bytes(bad_schema_text(data))
    for read_only in (False, True):
        with pytest.raises(DamagedJournalError):
            Journal.open(db, read_only=read_only)


def test_the_kiosk_check_finds_it_and_the_first_write_is_refused(damaged: Path) -> None:
    verdict = check_at_start(damaged)
    assert verdict is not None and "damaged" in verdict
    title, text = damaged_words(verdict, english)
    assert title == "The journal is damaged"
    assert f"piquet restore --db {damaged}" in text
    assert "journal-2026-11-26.sqlite3" in text


def test_the_guard_waits_for_the_check_before_its_first_write(tmp_path: Path) -> None:
    """The check was started after the journal opened: a write waits for its verdict."""
    source = tmp_path / "made.sqlite3"
    small_journal(source)
    db = tmp_path / "journal.sqlite3"
    db.write_bytes(broken_index(source))
    before = db.read_bytes()
    journal = Journal.open(db, read_only=True)  # unchecked: it opens, its tables read
    guard = GuardedJournal(journal, english)
    found: list[str] = []
    guard.check = StartCheck(db, found.append)
    with pytest.raises(JournalRefused) as refused:
        guard.act({"trick": "E"})
    assert refused.value.kind == "damaged"  # not "read-only": the check's verdict came first
    assert guard.damaged is not None and not guard.writable
    assert found and "damaged" in found[0]
    journal.close()
    assert db.read_bytes() == before


def test_the_guard_checkpoints_only_once_the_check_found_the_file_sound(tmp_path: Path) -> None:
    """A checkpoint asked for before the start's check is done waits for it, on its
    thread: a damaged file's log is neither copied into it nor given room."""
    source = tmp_path / "made.sqlite3"
    small_journal(source)
    db = tmp_path / "journal.sqlite3"
    db.write_bytes(broken_index(source))
    journal = Journal.open(db)  # unchecked, as the kiosk opens it: its check runs on a thread
    wal = Path(f"{db}-wal")
    before = (db.read_bytes(), wal.read_bytes() if wal.exists() else None)
    guard = GuardedJournal(journal, english)
    found: list[str] = []
    guard.check = StartCheck(db, found.append)
    guard.checkpoint()
    assert guard.checkpointing is not None
    guard.checkpointing.join(timeout=30)
    assert found and "damaged" in found[0]
    assert (db.read_bytes(), wal.read_bytes() if wal.exists() else None) == before
    journal.close()


def test_a_sound_journal_passes_the_check_and_is_written(tmp_path: Path) -> None:
    db = tmp_path / "journal.sqlite3"
    small_journal(db)
    assert check_at_start(db) is None
    with Journal.open(db) as journal:
        guard = GuardedJournal(journal, english)
        check = StartCheck(db)
        check.start()
        guard.check = check
        guard.undo()
        assert guard.damaged is None


def test_a_restore_puts_back_a_backup_over_a_damaged_journal(damaged: Path) -> None:
    before = damaged.read_bytes()
    newest = damaged.parent / "backups" / "journal-2026-11-26.sqlite3"
    run = run_piquet(["restore", "--db", str(damaged), str(newest)])
    assert run.status == 0, run.stderr
    assert run_piquet(["history", "--db", str(damaged)]).status == 0
    kept = list((damaged.parent / "backups").glob("before-restore-*.sqlite3"))
    assert [path.read_bytes() for path in kept] == [before]  # the damaged one is kept


def test_without_a_backup_the_words_say_so(tmp_path: Path) -> None:
    data = small_journal(tmp_path / "made.sqlite3")
    db = tmp_path / "lonely" / "journal.sqlite3"
    db.parent.mkdir()
    db.write_bytes(bad_schema_text(data))
    run = run_piquet(["history", "--db", str(db)])
    assert run.status == 2 and "(none in backups/ beside it)" in run.stderr
    _, text = damaged_words(run.stderr, english)
    assert "No backup was found" in text


def test_random_flips_never_escape_as_another_error(tmp_path: Path) -> None:
    """A few flipped copies through the API (the fuzzing in tests/cli/test_fuzz.py
    sends hundreds through the command line, the API and the kiosk's check)."""
    data = small_journal(tmp_path / "made.sqlite3")
    from tests.cli.fuzzing import flip_bits

    rng = random.Random(21)
    for index in range(20):
        db = tmp_path / f"copy-{index}.sqlite3"
        db.write_bytes(flip_bits(data, rng))
        try:
            with Journal.open(db, read_only=True, check=True) as journal:
                journal.history()
                journal.record()
        except JournalError:
            pass


def test_damage_that_passes_the_check_is_still_said_and_never_half_answered(
    tmp_path: Path, made: dict[str, bytes]
) -> None:
    """A column's name changed in the schema's text passes `PRAGMA quick_check`; the
    commands that meet it say the journal is damaged, with nothing on standard output
    (export used to print the record, then fail on its warnings)."""
    source = tmp_path / "made.sqlite3"
    source.write_bytes(made["sound"])
    db = tmp_path / "journal.sqlite3"
    db.write_bytes(renamed_column(source))
    assert check_at_start(db) is None  # the check does not see this one
    for command in (["export"], ["history"]):
        run = run_piquet([command[0], "--db", str(db)])
        assert run.status == 2, run.stderr
        assert run.stdout == b""
        assert "the journal file is damaged (no such column" in run.stderr
