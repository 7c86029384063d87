"""`piquet print (RECORD.json | --db FILE [--partie ID]) [--port PORT] [--baud N] [--columns N]
[--lang en|fr]`.

Prints the score sheet of one partie on an ESC/POS printer, in the
foreground (a `piquet-record/1` partie, or a `piquet-record/2` game of three to
seven players, from a file or from the journal): check the printer (a short
status query, asked again for a moment while a printer just switched on
starts up), send the paced bytes, wait for them to be printed, check the
paper again. Exit 0 when printed;
exit 2 with a message on standard error for bad usage, an invalid record (one
line per problem), a missing port, a silent printer or no paper. Nothing is
kept: the message says whether anything was printed and to run the command
again.

The port, baud rate and columns come from the command line; without
`--port`, the port is the config file's `printer.port` (on the appliance the
installer writes the Pi model's GPIO 14/15 UART there: /dev/ttyAMA0 on a Pi 5,
/dev/serial0 on a Pi 4 or 3), so `sudo piquet-table print ...` needs no port.
A silent printer's message names the port that was tried. The rest of the
printer settings (code page, cut, the print head's line time, the status
timeout) from the [printer] section of the table's config file
(`hardware.config`). Only that section matters here: a problem elsewhere in
the file is not this command's business, one in [printer] is exit 2.

The sheet's language is `--lang`; without it, the language the partie was
played in, else English. A partie is played in the table's language: the
kiosk plays and prints every partie in the language it shows, and the journal
keeps the language each partie started in (`Journal.played_in`, schema 7), so
`--db FILE` prints a partie in its own language even after the table's
changed. A partie the journal knows no language for (started from the command
line, imported, or older than schema 7) prints in the table's current
language, which the kiosk keeps in its side file beside the journal
(`<db>.kiosk.json`, "lang"), else in English. A record
file has no field for a language (spec/record.md lists a record's fields and
this command adds none), so `RECORD.json` prints in English unless `--lang`
says otherwise. Every word of the sheet, and the engine's sentences on it,
are in that language (`hardware.sheet_words`); the messages to the person at
the command line stay as they are.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from hardware.config import load_config
from hardware.errors import ConfigError, HardwareError, PrinterError
from hardware.news import news
from hardware.print_queue import PrintJob
from hardware.printing import print_lines_on_serial
from hardware.sheet import build_sheet
from hardware.table_printer import job_title
from piquet import said
from piquet.words import _, say
from scorer.errors import Said
from scorer.frozen import replace  # PrinterConfig is a scorer.frozen class
from vocabulary import LANGUAGES


class _UsageError(ValueError):
    pass


def run_print(args: argparse.Namespace) -> int:
    try:
        record, score, kept = _load(args)
        lang = args.lang or _played_in(args, kept)
        if lang != "en":  # the engine's sentences on the sheet, in its language
            score = _score_in(record, lang)
        settings = load_config()
        settings.check("printer")  # ConfigError naming the file and the line
        config = replace(
            settings.printer,
            enabled=True,
            port=args.port or settings.printer.port,
            baud=args.baud,
            columns=args.columns,
        )
        lines = build_sheet(
            record, score, columns=config.columns, codepage=config.codepage, lang=lang
        )
        print_lines_on_serial(config, PrintJob(job_title(score["players"]), tuple(lines)))
    except _UsageError as exc:
        sys.stderr.write(f"piquet print: {say(exc)}\n")
        return 2
    except PrinterError as exc:  # nothing is kept here: say what was printed
        code = "print-incomplete" if exc.partial else "print-nothing-printed"
        sys.stderr.write(f"piquet print: {news(code, problem=exc.news).text(_)}\n")
        return 2
    except HardwareError as exc:  # the config file's, one sentence per problem
        found = exc.news if isinstance(exc, ConfigError) else ()
        for line in [item.text(_) for item in found] or str(exc).splitlines():
            sys.stderr.write(f"piquet print: {line}\n")
        return 2
    except ValueError as exc:
        problems = getattr(exc, "problems", None)
        if problems:  # scorer.RecordError: one line per problem
            for problem in problems:
                sys.stderr.write(f"{said.line(say(problem))}\n")
        else:
            sys.stderr.write(f"piquet print: {said.line(say(exc))}\n")
        return 2
    except Exception as exc:  # the journal's own errors, unreadable files
        if not _is_user_error(exc):
            raise
        sys.stderr.write(f"piquet print: {said.line(say(exc))}\n")
        return 2
    return 0


def _load(args: argparse.Namespace) -> tuple[dict[str, Any], dict[str, Any], str | None]:
    """The record, its score and the language the journal kept for it (None: a file)."""
    if (args.record is None) == (args.db is None):
        raise _UsageError(Said("give either RECORD.json or --db FILE (not both)"))
    if args.db is None and args.partie is not None:
        raise _UsageError(Said("--partie needs --db"))
    if args.db is not None:
        from journal import Journal

        with Journal.open(args.db, create=False, read_only=True, check=True) as journal:
            partie = args.partie
            return journal.record(partie), journal.score(partie), journal.played_in(partie)
    from piquet.score_command import score_any

    record = _read_json(args.record)
    return record, score_any(record), None  # either format, as `piquet score` reads it


def _played_in(args: argparse.Namespace, kept: str | None) -> str:
    """The language the partie was played in: the one the journal kept when it
    started (`Journal.played_in`); else, with `--db`, the table's (the kiosk's
    side file beside the journal); "en" when nothing says."""
    if kept in LANGUAGES:
        return str(kept)
    if args.db is None:
        return "en"
    return table_language(Path(args.db)) or "en"


def table_language(db: Path) -> str | None:
    """The language the kiosk that keeps the journal `db` shows, as its side file
    (`<db>.kiosk.json`, written by `kiosk.session.KioskState`) says; None when
    there is no such file or it names no language of ours."""
    try:
        data = json.loads(db.with_name(db.name + ".kiosk.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    lang = data.get("lang") if isinstance(data, dict) else None
    return lang if isinstance(lang, str) and lang in LANGUAGES else None


def _score_in(record: dict[str, Any], lang: str) -> dict[str, Any]:
    """The record's score with the engine's sentences in `lang` (either format)."""
    if record.get("format") == "piquet-record/2":
        from scorer.multi import score_record2

        return score_record2(record, lang)
    from scorer import score_record

    return score_record(record, lang)


def _read_json(path: str) -> dict[str, Any]:
    """The record in `path` (or standard input), read as `piquet score` reads it."""
    from piquet.json_input import read_json

    data = read_json(path)  # InputError (a ValueError) says what is wrong
    if not isinstance(data, dict):
        raise _UsageError(Said("{path} does not hold a partie record (a JSON object)", path=path))
    return data


def _is_user_error(exc: Exception) -> bool:
    if isinstance(exc, OSError):
        return True
    try:
        from journal import JournalError
    except ImportError:
        return False
    return isinstance(exc, JournalError)
