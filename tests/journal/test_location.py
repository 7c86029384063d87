"""Where the journal lives by default."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from journal import JournalError
from journal.location import default_journal_path, default_location


def test_xdg_data_home_is_used_when_set(tmp_path):
    path = default_journal_path({"XDG_DATA_HOME": "/data/me", "HOME": str(tmp_path)})
    assert path == Path("/data/me/piquet-table/journal.sqlite3")


def test_without_xdg_the_journal_is_under_local_share(tmp_path):
    path = default_journal_path({"HOME": str(tmp_path)})
    assert path == tmp_path / ".local/share/piquet-table/journal.sqlite3"


def test_a_relative_xdg_data_home_is_ignored_as_the_spec_says(tmp_path):
    path = default_journal_path({"XDG_DATA_HOME": "rel", "HOME": str(tmp_path)})
    assert path == tmp_path / ".local/share/piquet-table/journal.sqlite3"


@pytest.mark.parametrize("home", [None, "/nonexistent/piquet-home"], ids=["unset", "missing"])
def test_without_a_home_it_falls_back_and_says_so(home):
    environ = {} if home is None else {"HOME": home}
    location = default_location(environ)
    assert location.note is not None and "$HOME" in location.note
    assert "--db" in location.note
    assert not str(location.path).startswith("/nonexistent")
    assert location.path.name == "journal.sqlite3"


def test_a_service_without_a_home_uses_its_state_directory():
    location = default_location({"HOME": "/nonexistent", "STATE_DIRECTORY": "/var/lib/piquet"})
    assert location.path == Path("/var/lib/piquet/journal.sqlite3")
    assert location.note is not None and "STATE_DIRECTORY" in location.note


def test_a_shared_fallback_folder_of_another_kind_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr("tempfile.gettempdir", lambda: str(tmp_path))
    folder = tmp_path / f"piquet-table-{os.geteuid()}"
    folder.mkdir(mode=0o777)
    folder.chmod(0o777)  # open to anyone: someone else may have made it
    with pytest.raises(JournalError, match="not a private folder"):
        default_location({"HOME": "/nonexistent"})
    folder.chmod(0o700)
    assert default_location({"HOME": "/nonexistent"}).path.parent == folder


def test_the_command_line_starts_a_journal_without_a_home(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("HOME", "XDG_DATA_HOME")}
    env["HOME"] = str(tmp_path / "no-such-home")
    env["TMPDIR"] = str(tmp_path / "tmp")
    (tmp_path / "tmp").mkdir()
    done = subprocess.run(
        [sys.executable, "-m", "piquet", "new", "--players", "A", "B", "--first-dealer", "A"],
        capture_output=True, text=True, timeout=60, env=env,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "does not exist" in done.stderr and "--db" in done.stderr
    folder = tmp_path / "tmp" / f"piquet-table-{os.geteuid()}"
    assert (folder / "journal.sqlite3").exists()
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert not (tmp_path / "no-such-home").exists()
