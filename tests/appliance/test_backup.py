"""`piquet backup` and `piquet restore`: SQLite's online backup, rotation, restore.

The main test copies a journal while another process commits actions (the
journal crash test's child: it prints `ack PARTIE SEQ ACTION` only once `act`
has returned). Every copy must open as a journal and hold every action
acknowledged before its backup began. A plain copy of the main file, taken
the same way, is shown to lose acknowledged actions: the test can see a loss.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
from datetime import date, timedelta
from pathlib import Path

import pytest
from appliance_helpers import REPO

from journal import Journal
from journal.backup import BackupError, daily_backup, daily_name, prune
from journal.sqlite_store import SqliteStore

HARNESS = REPO / "tests" / "journal" / "crash_harness.py"


def piquet(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "piquet", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        cwd=REPO,
    )


def stored_actions(db: Path) -> dict[tuple[int, int], object]:
    store = SqliteStore.open(db)
    try:
        assert store.integrity() == "ok"
        return {
            (p.id, seq): action
            for p in store.parties()
            for seq, action in enumerate(store.actions_of(p.id), start=1)
        }
    finally:
        store.close()


class Writer:
    """The crash test's child streaming legal actions into a journal; reads its acks."""

    def __init__(self, db: Path, seed: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, str(HARNESS), str(db), seed],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.acked: dict[tuple[int, int], object] = {}
        self.lock = threading.Lock()
        self.more = threading.Condition(self.lock)
        assert self.proc.stdout is not None and self.proc.stdout.readline() == "ready\n"
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            if line.startswith("ack ") and line.endswith("\n"):
                _, partie, seq, action = line.split(" ", 3)
                with self.more:
                    self.acked[(int(partie), int(seq))] = json.loads(action)
                    self.more.notify_all()

    def snapshot_after(self, count: int) -> dict[tuple[int, int], object]:
        """The acknowledged actions, once at least `count` are."""
        with self.more:
            assert self.more.wait_for(
                lambda: len(self.acked) >= count or self.proc.poll() is not None, 60
            )
            assert self.proc.poll() is None, self.proc.stderr.read()  # still writing
            return dict(self.acked)

    def stop(self) -> None:
        self.proc.kill()
        self.proc.wait(10)
        self.thread.join(10)


@pytest.mark.slow
def test_piquet_backup_while_another_process_commits_keeps_every_acknowledged_action(tmp_path):
    db = tmp_path / "journal.sqlite3"
    writer = Writer(db, "backup-under-load")
    copies = []
    try:
        for i in range(6):
            before = writer.snapshot_after(25 * (i + 1))
            copy = tmp_path / f"copy-{i}.sqlite3"
            done = piquet("backup", "--db", str(db), str(copy))
            assert done.returncode == 0, done.stderr
            assert done.stdout.startswith(f"copied {copy}: ")
            copies.append((copy, before))
        # the writer never pauses (a tight loop of act then ack): it wrote during every copy
        writer.snapshot_after(len(copies[-1][1]) + 1)
    finally:
        writer.stop()
    for copy, before in copies:
        held = stored_actions(copy)
        missing = [key for key, action in before.items() if held.get(key) != action]
        assert missing == [], f"{copy.name} lacks acknowledged actions {missing[:5]}"
        assert os.listdir(copy.parent).count(copy.name) == 1
    # every piquet command opens a copy: the last one's current partie, as a record
    last = copies[-1][0]
    shown = piquet("export", "--db", str(last))
    assert shown.returncode == 0, shown.stderr
    with Journal.open(last) as journal:
        assert json.loads(shown.stdout) == journal.record()
    assert not list(tmp_path.glob(".*partial*"))  # no half-written copy left behind


@pytest.mark.slow
def test_a_plain_copy_of_the_main_file_loses_acknowledged_actions(tmp_path):
    """Why the online backup: the latest actions are in the WAL, not the main file."""
    db = tmp_path / "journal.sqlite3"
    writer = Writer(db, "plain-copy")
    losses = 0
    try:
        for i in range(3):
            before = writer.snapshot_after(25 * (i + 1))
            copy = tmp_path / f"cp-{i}.sqlite3"
            shutil.copyfile(db, copy)
            try:
                held = stored_actions(copy)
            except Exception:  # not even a journal yet: everything is in the WAL
                held = {}
            losses += sum(held.get(key) != action for key, action in before.items())
    finally:
        writer.stop()
    assert losses > 0


@pytest.fixture
def small_journal(tmp_path) -> Path:
    db = tmp_path / "data" / "journal.sqlite3"
    with Journal.open(db) as journal:
        journal.new_partie(["Anne", "Bruno"], "Bruno")
        journal.act({"carte_blanche": "younger"})
    return db


def test_a_backup_never_overwrites_a_file_and_refuses_a_missing_journal(tmp_path, small_journal):
    dest = tmp_path / "there.sqlite3"
    dest.write_text("keep me")
    done = piquet("backup", "--db", str(small_journal), str(dest))
    assert done.returncode == 2 and "already exists" in done.stderr and done.stdout == ""
    assert dest.read_text() == "keep me"
    done = piquet("backup", "--db", str(tmp_path / "none.sqlite3"), str(tmp_path / "c.sqlite3"))
    assert done.returncode == 2 and "no journal there" in done.stderr
    assert not (tmp_path / "c.sqlite3").exists() and not (tmp_path / "none.sqlite3").exists()
    foreign = tmp_path / "notes.txt"
    foreign.write_text("not a database")
    done = piquet("backup", "--db", str(foreign), str(tmp_path / "c.sqlite3"))
    assert done.returncode == 2 and "not a piquet-table journal" in done.stderr


@pytest.mark.parametrize(
    "args, message",
    [
        ([], "give the copy's path"),
        (["copy.sqlite3", "--daily"], "not both"),
        (["copy.sqlite3", "--keep", "3"], "go with --daily"),
        (["--daily", "--keep", "0"], "at least 1"),
    ],
)
def test_bad_usage_exits_2_with_a_message(tmp_path, small_journal, args, message):
    done = piquet("backup", "--db", str(small_journal), *args)
    assert done.returncode == 2 and message in done.stderr and "Traceback" not in done.stderr
    assert sorted(p.name for p in small_journal.parent.iterdir()) == ["journal.sqlite3"]


def test_daily_copies_are_named_by_date_and_the_newest_are_kept(tmp_path, small_journal):
    folder = tmp_path / "backups"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine")
    (folder / "before-restore-2020-01-01-000000.sqlite3").write_text("saved by a restore")
    first = date(2026, 3, 1)
    for n in range(20):
        facts, removed = daily_backup(small_journal, folder, keep=14, today=first + timedelta(n))
        assert facts.path == folder / daily_name(first + timedelta(n))
        assert (facts.parties, facts.actions) == (1, 1)
        assert len(removed) == (1 if n >= 14 else 0)
    names = sorted(p.name for p in folder.iterdir())
    dailies = [daily_name(first + timedelta(n)) for n in range(6, 20)]
    assert names == sorted([*dailies, "notes.txt", "before-restore-2020-01-01-000000.sqlite3"])
    # the same day again replaces that day's copy, with what the journal holds now
    with Journal.open(small_journal) as journal:
        journal.act({"say": "done"})
    facts, _ = daily_backup(small_journal, folder, keep=14, today=first + timedelta(19))
    assert facts.actions == 2 and len(stored_actions(facts.path)) == 2
    assert prune(folder, 3) and len(list(folder.glob("journal-*.sqlite3"))) == 3
    with pytest.raises(BackupError):
        prune(folder, 0)


def test_piquet_backup_daily_reads_keep_and_dir_from_the_config(tmp_path, small_journal):
    config = tmp_path / "config" / "piquet-table" / "config.toml"
    config.parent.mkdir(parents=True)
    folder = tmp_path / "saved"
    config.write_text(f'[backup]\nkeep = 2\ndir = "{folder}"\n')
    folder.mkdir()
    for old in ("2001-01-01", "2001-01-02", "2001-01-03"):
        (folder / f"journal-{old}.sqlite3").write_text("old")
    env = dict(os.environ, XDG_CONFIG_HOME=str(tmp_path / "config"))
    done = piquet("backup", "--db", str(small_journal), "--daily", env=env)
    assert done.returncode == 0, done.stderr
    today = folder / daily_name(date.today())
    assert sorted(folder.iterdir()) == [folder / "journal-2001-01-03.sqlite3", today]
    assert "keeping the newest 2; removed 2 older" in done.stdout and done.stderr == ""
    # --into and --keep win over the config
    done = piquet(
        "backup",
        "--db",
        str(small_journal),
        "--daily",
        "--into",
        str(tmp_path / "elsewhere"),
        "--keep",
        "5",
        env=env,
    )
    assert done.returncode == 0, done.stderr
    assert [p.name for p in (tmp_path / "elsewhere").iterdir()] == [today.name]


@pytest.mark.parametrize(
    "section, problem",
    [
        ('keep = "many"', "backup.keep must be a whole number from 1 to 365"),
        ('dir = "backups"', "backup.dir must be a full path"),
        ("copies = 3", "[backup] has no setting copies"),
    ],
)
def test_a_bad_backup_section_is_said_and_the_daily_copy_is_still_made(
    tmp_path, small_journal, section, problem
):
    config = tmp_path / "config" / "piquet-table" / "config.toml"
    config.parent.mkdir(parents=True)
    config.write_text(f"[backup]\n{section}\n")
    env = dict(os.environ, XDG_CONFIG_HOME=str(tmp_path / "config"))
    done = piquet("backup", "--db", str(small_journal), "--daily", env=env)
    assert done.returncode == 0, done.stderr
    assert problem in done.stderr and "the defaults are used" in done.stderr
    assert "line 2" in done.stderr  # the config's own reader names the line
    assert "keeping the newest 14" in done.stdout  # the defaults
    assert (small_journal.parent / "backups" / daily_name(date.today())).exists()


def test_restore_puts_a_copy_back_and_keeps_the_journal_it_replaces(tmp_path, small_journal):
    copy = tmp_path / "copy.sqlite3"
    assert piquet("backup", "--db", str(small_journal), str(copy)).returncode == 0
    with Journal.open(small_journal) as journal:  # played on after the copy
        journal.act({"say": "done"})
        later = journal.actions()
    done = piquet("restore", "--db", str(small_journal), str(copy))
    assert done.returncode == 0, done.stderr
    with Journal.open(small_journal) as journal:
        assert journal.actions() == [{"carte_blanche": "younger"}]
    saved = list((small_journal.parent / "backups").glob("before-restore-*.sqlite3"))
    assert len(saved) == 1 and f"the journal as it was is in {saved[0]}" in done.stdout
    with Journal.open(saved[0]) as journal:
        assert journal.actions() == later


def test_restore_refuses_what_is_not_a_journal_and_changes_nothing(tmp_path, small_journal):
    foreign = tmp_path / "photo.jpg"
    foreign.write_bytes(b"\xff\xd8\xff\xe0 not a journal")
    before = small_journal.read_bytes()
    done = piquet("restore", "--db", str(small_journal), str(foreign))
    assert done.returncode == 2 and "not a piquet-table journal" in done.stderr
    assert small_journal.read_bytes() == before
    assert not (small_journal.parent / "backups").exists()


def test_restore_onto_a_damaged_journal_moves_it_aside(tmp_path, small_journal):
    copy = tmp_path / "copy.sqlite3"
    assert piquet("backup", "--db", str(small_journal), str(copy)).returncode == 0
    small_journal.write_bytes(b"SQLite format 3\0" + b"\x13" * 200)  # a wrecked file
    done = piquet("restore", "--db", str(small_journal), str(copy))
    assert done.returncode == 0, done.stderr
    with Journal.open(small_journal) as journal:
        assert journal.actions() == [{"carte_blanche": "younger"}]
    saved = list((small_journal.parent / "backups").glob("before-restore-*.sqlite3"))
    assert saved[0].read_bytes().startswith(b"SQLite format 3\0\x13")
