"""`piquet backup` and `piquet restore`: consistent copies of the journal (journal/backup.py).

    piquet backup [--db FILE] DEST          one copy, at DEST (a new file)
    piquet backup [--db FILE] --daily [--into DIR] [--keep N]
                                            today's copy, journal-YYYY-MM-DD.sqlite3,
                                            keeping the newest N (the daily timer)
    piquet restore [--db FILE] COPY         the journal becomes COPY (stop the kiosk
                                            first); the old one is saved beside the copies

`--daily` takes its folder and count from the config file's `[backup]` section
(`dir`, a full path, and `keep`), else `backups/` beside the journal and 14. Success prints one
line on standard output; any failure exits 2 with a message and changes nothing.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from hardware.config import BackupConfig, load_config
from journal import JournalError, default_journal_path
from journal.backup import CopyFacts, backup_journal, daily_backup, restore_journal
from piquet import said
from piquet.words import _, n_, say
from scorer.errors import Said


class UsageError(ValueError):
    """A bad argument or setting the parser could not catch."""


def read_backup_settings(path: Path | None = None) -> tuple[BackupConfig, list[str]]:
    """`[backup] keep` and `dir` from the config file, and what is wrong with them.

    As `hardware.config` reads every section: a missing file gives the defaults,
    and a section with a problem falls back to its defaults (the daily copy is
    still made) while the problem is said.
    """
    config = load_config(path)
    problems = [
        p.news.text(_) if p.news is not None else p.message
        for p in config.problems
        if p.section in ("backup", "*")
    ]
    return config.backup, problems


def _journal_path(args: argparse.Namespace) -> Path:
    return Path(args.db) if args.db else default_journal_path()


def _settings() -> BackupConfig:
    settings, problems = read_backup_settings()
    for problem in problems:  # said, but the copy is still made
        sys.stderr.write(f"piquet: config: {said.line(problem)}\n")
    return settings


def _said(facts: CopyFacts) -> str:
    parties = n_("{n} partie", "{n} parties", facts.parties)
    actions = n_("{n} action", "{n} actions", facts.actions)
    return _("{path}: {parties}, {actions}", path=facts.path, parties=parties, actions=actions)


def _backup(args: argparse.Namespace) -> str:
    source = _journal_path(args)
    if not args.daily:
        if args.dest is None:
            raise UsageError(Said("give the copy's path (DEST), or --daily"))
        if args.into is not None or args.keep is not None:
            raise UsageError(Said("--into and --keep go with --daily"))
        return _("copied {what}", what=_said(backup_journal(source, Path(args.dest))))
    if args.dest is not None:
        raise UsageError(Said("give either DEST or --daily, not both"))
    if args.keep is not None and args.keep < 1:
        raise UsageError(Said("--keep must be at least 1, not {keep}", keep=args.keep))
    settings = _settings()
    keep = settings.keep if args.keep is None else args.keep
    folder = Path(args.into) if args.into else settings.folder(source)
    facts, removed = daily_backup(source, folder, keep)
    if removed:
        return _(
            "copied {what} (keeping the newest {keep}; removed {removed} older)",
            what=_said(facts),
            keep=keep,
            removed=len(removed),
        )
    return _("copied {what} (keeping the newest {keep})", what=_said(facts), keep=keep)


def _restore(args: argparse.Namespace) -> str:
    journal = _journal_path(args)
    facts, saved = restore_journal(Path(args.copy), journal, _settings().folder(journal))
    if saved:
        return _(
            "restored {copy} into {what}; the journal as it was is in {saved}",
            copy=args.copy,
            what=_said(facts),
            saved=saved,
        )
    return _("restored {copy} into {what}", copy=args.copy, what=_said(facts))


def _run(what: Callable[[argparse.Namespace], str], args: argparse.Namespace) -> int:
    try:
        line = what(args)
    except (JournalError, UsageError, OSError) as error:
        sys.stderr.write(f"piquet {args.command}: {said.line(say(error))}\n")
        return 2
    sys.stdout.write(line + "\n")
    return 0


def run_backup(args: argparse.Namespace) -> int:
    return _run(_backup, args)


def run_restore(args: argparse.Namespace) -> int:
    return _run(_restore, args)
