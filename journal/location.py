"""Where the journal lives by default: one file in the user's data directory.

`$XDG_DATA_HOME/piquet-table/journal.sqlite3` when XDG_DATA_HOME is an
absolute path, else `~/.local/share/piquet-table/journal.sqlite3` (the XDG base
directories). A service user without a home (`$HOME` unset, or a folder that
does not exist, like `/nonexistent`) falls back to `$STATE_DIRECTORY` (what
systemd's `StateDirectory=` gives a service), else to a folder of the user's
own in the temporary directory; `default_location()` then says so in `note`,
because a temporary folder may be emptied at restart.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping
from pathlib import Path

from journal.errors import JournalError
from scorer.errors import Said
from scorer.frozen import frozen

APP_FOLDER = "piquet-table"
FILE_NAME = "journal.sqlite3"


@frozen
class Location:
    """The default journal file, and a note when it is not where the user would look."""

    path: Path
    note: str | None = None


def _home(environ: Mapping[str, str]) -> Path | None:
    """$HOME (or the password database's home) when it is an existing folder."""
    home = environ.get("HOME", "")
    if not home and environ is os.environ:
        try:
            home = str(Path.home())
        except (RuntimeError, KeyError, OSError):
            home = ""
    if home and os.path.isabs(home) and os.path.isdir(home):
        return Path(home)
    return None


def _own_private(folder: Path) -> bool:
    """A folder of this user's that nobody else may open (a fallback in a shared /tmp)."""
    st = folder.lstat()
    return (
        folder.is_dir()
        and not folder.is_symlink()
        and st.st_uid == os.geteuid()
        and not (st.st_mode & 0o077)
    )


def default_location(environ: Mapping[str, str] | None = None) -> Location:
    """Where the journal is when no path is given, with a note for a fallback."""
    environ = os.environ if environ is None else environ
    xdg = environ.get("XDG_DATA_HOME", "")
    if xdg and os.path.isabs(xdg):
        return Location(Path(xdg) / APP_FOLDER / FILE_NAME)
    home = _home(environ)
    if home is not None:
        return Location(home / ".local" / "share" / APP_FOLDER / FILE_NAME)
    given = environ.get("HOME")
    why = Said("$HOME ({home}) does not exist", home=given) if given else Said("$HOME is not set")
    state = environ.get("STATE_DIRECTORY", "").split(":")[0]
    if state and os.path.isabs(state):
        return Location(
            Path(state) / FILE_NAME,
            Said("{why}: the journal is kept in $STATE_DIRECTORY ({state})", why=why, state=state),
        )
    folder = Path(tempfile.gettempdir()) / f"{APP_FOLDER}-{os.geteuid()}"
    if folder.exists() and not _own_private(folder):
        raise JournalError(
            Said(
                "{why} and {folder} is not a private folder of this user: set XDG_DATA_HOME or "
                "give --db FILE",
                why=why,
                folder=str(folder),
            )
        )
    return Location(
        folder / FILE_NAME,
        Said(
            "{why}: the journal is kept in {folder}, which may be emptied at restart; set "
            "XDG_DATA_HOME or give --db FILE to keep it",
            why=why,
            folder=str(folder),
        ),
    )


def default_journal_path(environ: Mapping[str, str] | None = None) -> Path:
    """The journal file used when no path is given."""
    return default_location(environ).path
