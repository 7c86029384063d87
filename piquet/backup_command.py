"""`piquet backup` and `piquet restore`: consistent copies of the journal (journal/backup.py).

    piquet backup [--db FILE] DEST          one copy, at DEST (a new file)
    piquet backup [--db FILE] --daily [--into DIR] [--keep N]
                                            today's copy, journal-YYYY-MM-DD.sqlite3,
                                            keeping the newest N (the daily timer)
    piquet restore [--db FILE] COPY         the journal becomes COPY (stop the kiosk
                                            first); the old one is saved beside the copies

`--daily` takes its folder and count from the config file's `[backup]` section
(`dir`, `keep`), else `backups/` beside the journal and 14. Success prints one
line on standard output; any failure exits 2 with a message and changes nothing.
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from journal import JournalError, default_journal_path
from journal.backup import DEFAULT_KEEP, CopyFacts, backup_journal, daily_backup, restore_journal


class UsageError(ValueError):
    """A bad argument or setting the parser could not catch."""


@dataclass(frozen=True)
class BackupSettings:
    keep: int = DEFAULT_KEEP
    dir: Path | None = None  # None: backups/ beside the journal


def read_backup_settings(path: Path | None = None) -> BackupSettings:
    """`[backup] keep` and `dir` from the config file (a missing file: the defaults).

    TODO(merge): a local read, until `hardware.config.load_config()` has its `backup`
    section; then this becomes `load_config().backup` (the same two keys).
    A relative `dir` is taken from the journal's folder.
    """
    from hardware.config import default_config_path

    file = path or default_config_path()
    try:
        data = tomllib.loads(file.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return BackupSettings()
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise UsageError(f"{file}: cannot read the config file ({error})") from error
    section = data.get("backup", {})
    if not isinstance(section, dict):
        raise UsageError(f"{file}: [backup] must be a table")
    keep = section.get("keep", DEFAULT_KEEP)
    if isinstance(keep, bool) or not isinstance(keep, int) or not 1 <= keep <= 3650:
        raise UsageError(f"{file}: backup.keep must be a whole number from 1 to 3650, "
                         f"not {keep!r}")
    folder = section.get("dir")
    if folder is not None and (not isinstance(folder, str) or not folder):
        raise UsageError(f"{file}: backup.dir must be a folder's path, not {folder!r}")
    return BackupSettings(keep, Path(folder) if folder else None)


def _journal_path(args: argparse.Namespace) -> Path:
    return Path(args.db) if args.db else default_journal_path()


def _said(facts: CopyFacts) -> str:
    parties = "partie" if facts.parties == 1 else "parties"
    actions = "action" if facts.actions == 1 else "actions"
    return f"{facts.path}: {facts.parties} {parties}, {facts.actions} {actions}"


def _backup(args: argparse.Namespace) -> str:
    source = _journal_path(args)
    if not args.daily:
        if args.dest is None:
            raise UsageError("give the copy's path (DEST), or --daily")
        if args.into is not None or args.keep is not None:
            raise UsageError("--into and --keep go with --daily")
        return "copied " + _said(backup_journal(source, Path(args.dest)))
    if args.dest is not None:
        raise UsageError("give either DEST or --daily, not both")
    settings = read_backup_settings()
    keep = settings.keep if args.keep is None else args.keep
    if keep < 1:
        raise UsageError(f"--keep must be at least 1, not {keep}")
    folder = Path(args.into) if args.into else source.parent / (settings.dir or "backups")
    facts, removed = daily_backup(source, folder, keep)
    gone = f"; removed {len(removed)} older" if removed else ""
    return f"copied {_said(facts)} (keeping the newest {keep}{gone})"


def _restore(args: argparse.Namespace) -> str:
    journal = _journal_path(args)
    settings = read_backup_settings()
    save_folder = journal.parent / (settings.dir or "backups")
    facts, saved = restore_journal(Path(args.copy), journal, save_folder)
    kept = f"; the journal as it was is in {saved}" if saved else ""
    return f"restored {args.copy} into {_said(facts)}{kept}"


def _run(what: Callable[[argparse.Namespace], str], args: argparse.Namespace) -> int:
    try:
        line = what(args)
    except (JournalError, UsageError, OSError) as error:
        sys.stderr.write(f"piquet {args.command}: {error}\n")
        return 2
    sys.stdout.write(line + "\n")
    return 0


def run_backup(args: argparse.Namespace) -> int:
    return _run(_backup, args)


def run_restore(args: argparse.Namespace) -> int:
    return _run(_restore, args)

