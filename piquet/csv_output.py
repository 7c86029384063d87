"""`piquet history --csv` and `piquet export --csv`: the journal's parties and
a partie's deals as CSV on standard output (UTF-8 whatever the locale).

Called from the `history` and `export` commands of `piquet.journal_commands`
(inside their journal-opening wrapper, so every user error exits 2). The
columns are made by `scorer.csv_export` and listed in the README.
"""

from __future__ import annotations

import argparse
import sys

from journal import Journal
from scorer.csv_export import deals_csv, history_csv
from scorer.errors import Said


def _write(text: str) -> None:
    sys.stdout.flush()
    sys.stdout.buffer.write(text.encode("utf-8"))
    sys.stdout.buffer.flush()


def write_history_csv(args: argparse.Namespace, journal: Journal) -> None:
    """One row for every two-player partie, finished or not, in the journal's order
    (oldest first)."""
    if getattr(args, "json", False):
        raise ValueError(Said("--csv and --json cannot be given together"))
    parties = sorted(
        (e for e in journal.history() if e.get("format", "piquet-record/1") == "piquet-record/1"),
        key=lambda entry: entry["partie"],
    )  # the columns are two players'; games of three or more are left out
    _write(
        history_csv(
            (entry, journal.score(entry["partie"]), journal.record(entry["partie"]))
            for entry in parties
        )
    )


def write_export_csv(args: argparse.Namespace, journal: Journal) -> None:
    """One row a deal of the partie named by --partie (the current one by default)."""
    _write(deals_csv(journal.score(args.partie), journal.record(args.partie)))
