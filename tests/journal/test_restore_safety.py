"""A restore never destroys the only copy of anything (issue 21, items 1 and 7).

The safety copy of the journal as it was gets a name no other restore can take,
even five in one second; a restore whose copy is the journal itself (the same
path, a symlink or a hard link to it) is refused in one line, exit 2, changing
nothing; and whatever a restore does or refuses, the data folder still holds the
journal it found (at its path, or as a safety copy in `backups/`). Every copy
is 0600 and every folder made to hold copies 0700, whatever the umask.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

import journal.backup as backup_module
from journal import Journal
from journal.backup import backup_journal, daily_backup, restore_journal
from tests.cli.fuzzing import run_piquet


class FrozenClock(datetime):
    """`datetime.now()` stuck at one second: every restore falls in the same one."""

    @classmethod
    def now(cls, tz=None):  # type: ignore[no-untyped-def, override]
        return datetime(2026, 11, 27, 10, 0, 0, tzinfo=tz)


@pytest.fixture
def one_second(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(backup_module, "datetime", FrozenClock)
    yield


def players_in(path: Path) -> set[tuple[str, ...]]:
    """The players of every partie in the journal at `path` (what tells journals apart)."""
    with Journal.open(path, read_only=True) as journal:
        return {tuple(entry["players"]) for entry in journal.history()}


def make_journal(path: Path, *names: str) -> None:
    with Journal.open(path) as journal:
        for first, second in zip(names[::2], names[1::2], strict=True):
            journal.new_partie([first, second], first)


def every_journal_in(folder: Path) -> list[set[tuple[str, ...]]]:
    """What each journal file under `folder` holds (files that are not journals skipped)."""
    found = []
    for path in sorted(folder.rglob("*.sqlite3")):
        try:
            found.append(players_in(path))
        except Exception:
            continue
    return found


def test_five_restores_in_one_second_keep_five_safety_copies(
    tmp_path: Path, one_second: None
) -> None:
    db = tmp_path / "data" / "journal.sqlite3"
    copy = tmp_path / "copy.sqlite3"
    make_journal(copy, "Copy", "Holder")
    versions = []
    for index in range(5):
        make_journal(db, f"Anne{index}", "Ben")
        versions.append(players_in(db))
        run = run_piquet(["restore", "--db", str(db), str(copy)])
        assert run.status == 0, run.stderr
    saved = sorted((db.parent / "backups").glob("before-restore-*.sqlite3"))
    assert len(saved) == 5
    assert len({path.name for path in saved}) == 5
    kept = [players_in(path) for path in saved]
    for version in versions:  # each journal as it was before its restore is somewhere
        assert version in kept
    assert players_in(db) == {("Copy", "Holder")}


@pytest.mark.parametrize("how", ["same path", "symlink", "hard link", "relative path"])
def test_a_restore_of_the_journal_onto_itself_is_refused(
    tmp_path: Path, one_second: None, how: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "journal.sqlite3"
    make_journal(db, "Anne", "Ben")
    before = players_in(db)
    if how == "symlink":
        source = tmp_path / "link.sqlite3"
        source.symlink_to(db)
    elif how == "hard link":
        source = tmp_path / "hard.sqlite3"
        os.link(db, source)
    elif how == "relative path":
        monkeypatch.chdir(tmp_path)
        source = Path("./journal.sqlite3")
    else:
        source = db
    for _ in range(2):  # the second in the same second, as the issue found
        run = run_piquet(["restore", "--db", str(db), str(source)])
        assert run.status == 2
        assert run.stdout == b""
        assert len(run.stderr.strip().splitlines()) == 1
        assert "is the journal itself" in run.stderr
    assert players_in(db) == before
    assert not (tmp_path / "backups").exists()  # nothing changed, nothing saved


def test_a_failed_restore_leaves_the_journal_it_found(
    tmp_path: Path, one_second: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Writing the copy into the journal fails after the journal was moved aside (a
    damaged journal cannot be copied): the journal is put back where it was."""
    db = tmp_path / "journal.sqlite3"
    copy = tmp_path / "copy.sqlite3"
    make_journal(db, "Anne", "Ben")
    make_journal(copy, "Copy", "Holder")
    before = db.read_bytes()

    def refuse(*args: object, **kwargs: object) -> None:
        raise backup_module.BackupError("cannot read it")

    def broken_connect(*args: object, **kwargs: object) -> sqlite3.Connection:
        raise sqlite3.OperationalError("unable to open database file")

    monkeypatch.setattr(backup_module, "backup_journal", refuse)  # as if damaged
    real_connect = sqlite3.connect
    monkeypatch.setattr(
        backup_module.sqlite3,
        "connect",
        lambda target, *a, **k: (
            broken_connect() if str(target) == str(db) else real_connect(target, *a, **k)
        ),
    )
    run = run_piquet(["restore", "--db", str(db), str(copy)])
    assert run.status == 2 and len(run.stderr.strip().splitlines()) == 1
    assert db.read_bytes() == before


@pytest.mark.parametrize(
    "scenario",
    ["plain", "same second twice", "onto itself", "via symlink", "damaged copy", "no copy"],
)
def test_restore_never_leaves_the_data_folder_without_the_journal_it_found(
    tmp_path: Path, one_second: None, scenario: str
) -> None:
    data = tmp_path / "data"
    db = data / "journal.sqlite3"
    make_journal(db, "Anne", "Ben", "Cleo", "Dan")
    found = players_in(db)
    copy = tmp_path / "copy.sqlite3"
    make_journal(copy, "Copy", "Holder")
    if scenario == "damaged copy":
        copy.write_bytes(copy.read_bytes()[:5000])
    if scenario == "no copy":
        copy.unlink()
    if scenario == "onto itself":
        copy = db
    if scenario == "via symlink":
        (tmp_path / "link.sqlite3").symlink_to(db)
        copy = tmp_path / "link.sqlite3"
    for _ in range(2 if scenario == "same second twice" else 1):
        run = run_piquet(["restore", "--db", str(db), str(copy)])
        assert run.status in (0, 2)
        assert "Traceback" not in run.stderr
        assert found in every_journal_in(data), scenario
    assert db.exists()


def mode_of(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def umask_022() -> Iterator[None]:
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


def test_copies_are_0600_and_their_folders_0700_whatever_the_umask(
    tmp_path: Path, umask_022: None
) -> None:
    db = tmp_path / "data" / "journal.sqlite3"
    make_journal(db, "Anne", "Ben")
    single = tmp_path / "new-folder" / "copy.sqlite3"
    backup_journal(db, single)
    daily, _ = daily_backup(db, tmp_path / "daily")
    copy = tmp_path / "restore-from" / "copy.sqlite3"
    backup_journal(db, copy)
    _, saved = restore_journal(copy, db, db.parent / "backups")
    assert saved is not None
    for path in (single, daily.path, saved, copy, db):
        assert mode_of(path) == 0o600, path
    for folder in (single.parent, daily.path.parent, saved.parent, copy.parent):
        assert mode_of(folder) == 0o700, folder


def test_a_restore_into_a_missing_journal_makes_it_0600(tmp_path: Path, umask_022: None) -> None:
    copy = tmp_path / "copy.sqlite3"
    make_journal(copy, "Anne", "Ben")
    db = tmp_path / "new" / "journal.sqlite3"
    restore_journal(copy, db, db.parent / "backups")
    assert mode_of(db) == 0o600
    assert mode_of(db.parent) == 0o700
