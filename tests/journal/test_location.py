"""Where the journal lives by default."""

from __future__ import annotations

from pathlib import Path

from journal.location import default_journal_path


def test_xdg_data_home_is_used_when_set():
    path = default_journal_path({"XDG_DATA_HOME": "/data/me", "HOME": "/home/me"})
    assert path == Path("/data/me/piquet-table/journal.sqlite3")


def test_without_xdg_the_journal_is_under_local_share():
    path = default_journal_path({"HOME": "/home/me"})
    assert path == Path("/home/me/.local/share/piquet-table/journal.sqlite3")


def test_a_relative_xdg_data_home_is_ignored_as_the_spec_says():
    path = default_journal_path({"XDG_DATA_HOME": "rel", "HOME": "/home/me"})
    assert path == Path("/home/me/.local/share/piquet-table/journal.sqlite3")
