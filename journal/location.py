"""Where the journal lives by default: one file in the user's data directory."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

APP_FOLDER = "piquet-table"
FILE_NAME = "journal.sqlite3"


def data_home(environ: Mapping[str, str] | None = None) -> Path:
    """$XDG_DATA_HOME when it is an absolute path, else ~/.local/share (XDG base directories)."""
    environ = os.environ if environ is None else environ
    xdg = environ.get("XDG_DATA_HOME", "")
    if xdg and os.path.isabs(xdg):
        return Path(xdg)
    home = environ.get("HOME") or str(Path.home())
    return Path(home) / ".local" / "share"


def default_journal_path(environ: Mapping[str, str] | None = None) -> Path:
    """The journal file used when no path is given."""
    return data_home(environ) / APP_FOLDER / FILE_NAME
