"""The journal is private whatever the umask, and the history follows the journal's own order."""

from __future__ import annotations

import stat
import subprocess
import sys
from pathlib import Path

import journal.journal as facade
from journal import Journal

OPEN_WITH_UMASK_000 = """
import json, os, stat, sys
from pathlib import Path
os.umask(0)
from journal import Journal
path = Path(sys.argv[1])
journal = Journal.open(path)
journal.new_partie(["Anne", "Ben"], "Ben")
modes = {}
for item in (path.parent.parent, path.parent, path, Path(f"{path}-wal"), Path(f"{path}-shm")):
    modes[item.name] = oct(stat.S_IMODE(item.stat().st_mode))
print(json.dumps(modes))
"""


def test_the_folder_is_0700_and_the_files_0600_whatever_the_umask(tmp_path):
    import json

    db = tmp_path / "data" / "piquet-table" / "journal.sqlite3"
    done = subprocess.run(
        [sys.executable, "-c", OPEN_WITH_UMASK_000, str(db)],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {
        "data": "0o700",
        "piquet-table": "0o700",
        "journal.sqlite3": "0o600",
        "journal.sqlite3-wal": "0o600",
        "journal.sqlite3-shm": "0o600",
    }


def test_an_existing_folder_keeps_its_mode(tmp_path):
    folder = tmp_path / "shared"
    folder.mkdir()
    folder.chmod(0o750)
    Journal.open(folder / "journal.sqlite3").close()
    assert stat.S_IMODE(folder.stat().st_mode) == 0o750


def test_the_history_is_in_the_journal_s_order_when_the_clock_goes_back(db_path, monkeypatch):
    clock = iter(["2026-03-01T20:00:00Z", "2026-03-01T09:00:00Z", "2025-12-31T23:59:00Z"])
    monkeypatch.setattr(facade, "_now", lambda: next(clock))
    with Journal.open(db_path) as journal:
        made = [journal.new_partie(["Anne", "Ben"], "Ben") for _ in range(3)]
        history = journal.history()
    assert [entry["partie"] for entry in history] == made[::-1]
    assert [entry["created"][:4] for entry in history] == ["2025", "2026", "2026"]
    table = subprocess.run(
        [sys.executable, "-m", "piquet", "history", "--db", str(db_path)],
        capture_output=True, text=True, timeout=60,
    ).stdout.splitlines()  # fmt: skip
    numbers = [next(word for word in line.split() if word.isdigit()) for line in table[1:]]
    assert numbers == [str(p) for p in made[::-1]]


def test_a_path_given_twice_is_the_same_journal(tmp_path):
    db = tmp_path / "journal.sqlite3"
    with Journal.open(db) as first, Journal.open(Path(str(db))) as second:
        first.new_partie(["Anne", "Ben"], "Ben")
        assert second.refresh() is True and second.current_partie() == first.current_partie()
