"""`piquet new|act|undo|redo|export|history|import`: the journal on the command line.

Each `run_*` takes the namespace built in `piquet.cli` and returns the exit
status. Success prints JSON (or the history table) on standard output. Any
failure the user can cause (a refused or malformed action, no current partie,
an unknown partie, a journal from a newer program, an unreadable file) exits 2
with the message on standard error and nothing on standard output.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from functools import wraps
from typing import Any

from journal import Journal, JournalError
from scorer.errors import RecordError

Command = Callable[[argparse.Namespace], int]


class UsageError(ValueError):
    """A bad argument the parser could not catch."""


def _emit(value: Any) -> None:
    sys.stdout.write(json.dumps(value, ensure_ascii=False) + "\n")


def _command(run: Callable[[argparse.Namespace, Journal], None]) -> Command:
    """Open the journal, run, close; turn every user error into exit 2 with a message."""

    @wraps(run)
    def wrapper(args: argparse.Namespace) -> int:
        try:
            with Journal.open(args.db) as journal:
                run(args, journal)
        except RecordError as error:
            for problem in error.problems:
                sys.stderr.write(f"{problem}\n")
            return 2
        except (JournalError, ValueError, OSError) as error:
            sys.stderr.write(f"piquet {args.command}: {error}\n")
            return 2
        return 0

    return wrapper


def parse_variants(pairs: list[str]) -> dict[str, Any]:
    """`KEY=VALUE` pairs, VALUE in JSON (a bare word is taken as a string)."""
    variants: dict[str, Any] = {}
    for pair in pairs:
        key, equals, text = pair.partition("=")
        if not equals or not key:
            raise UsageError(f"--variant {pair!r}: expected KEY=VALUE, e.g. carte_rouge=20")
        try:
            variants[key] = json.loads(text)
        except json.JSONDecodeError:
            variants[key] = text
    return variants


def parse_action_json(text: str) -> dict[str, Any]:
    from piquet.json_input import InputError, parse_json_text
    from scorer.quoting import quoted

    try:
        action = parse_json_text(text, "action")
    except InputError as error:
        raise UsageError(str(error)) from None
    if not isinstance(action, dict):
        raise UsageError(f"the action must be a JSON object, not {quoted(text)}")
    return action


@_command
def _new(args: argparse.Namespace, journal: Journal) -> None:
    variants = parse_variants(args.variant)
    partie = journal.new_partie(list(args.players), args.first_dealer, args.game, variants)
    _emit(_state(journal, partie))


@_command
def _act(args: argparse.Namespace, journal: Journal) -> None:
    _emit(journal.act(parse_action_json(args.action)))


@_command
def _undo(args: argparse.Namespace, journal: Journal) -> None:
    _emit(journal.undo())


@_command
def _redo(args: argparse.Namespace, journal: Journal) -> None:
    _emit(journal.redo())


@_command
def _export(args: argparse.Namespace, journal: Journal) -> None:
    record = journal.record(args.partie)
    sys.stdout.write(json.dumps(record, ensure_ascii=False, indent=2) + "\n")


@_command
def _history(args: argparse.Namespace, journal: Journal) -> None:
    parties = journal.history()
    if args.json:
        _emit(parties)
    else:
        sys.stdout.write(history_table(parties, journal.current_partie()))


@_command
def _import(args: argparse.Namespace, journal: Journal) -> None:
    from piquet.json_input import InputError, read_json

    try:
        record = read_json(args.record, "record")
    except InputError as error:
        raise UsageError(str(error)) from None
    partie = journal.import_record(record)
    _emit(_state(journal, partie))


def _state(journal: Journal, partie: int) -> dict[str, Any]:
    score = journal.score(partie)
    return {
        "partie": partie,
        "deal": len(journal.record(partie)["deals"]),
        "totals": score["totals"],
        "finished": score["finished"],
    }


def result_words(entry: dict[str, Any]) -> str:
    """ "Anne won 150 (rubicon)", "drawn", "in progress, deal 3"."""
    result = entry["result"]
    if not entry["finished"] or result is None:
        return f"in progress, deal {entry['deal']}"
    if result.get("draw"):
        return "drawn"
    notes = [word for word in ("rubicon", "double") if result.get(word)]
    suffix = f" ({', '.join(notes)})" if notes else ""
    return f"{result['winner']} won {result['points']}{suffix}"


def history_table(parties: list[dict[str, Any]], current: int | None) -> str:
    """The parties as a readable table, newest first; the current one is starred."""
    if not parties:
        return "No parties in the journal yet.\n"
    rows = [("", "#", "date", "players", "game", "result")]
    for entry in parties:
        rows.append(
            (
                "*" if entry["partie"] == current else "",
                str(entry["partie"]),
                entry["created"].replace("T", " ").removesuffix("Z")[:16],
                " v ".join(entry["players"]),
                entry["game"],
                result_words(entry),
            )
        )
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    lines = [
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True))
        for row in rows
    ]
    return "\n".join(line.rstrip() for line in lines) + "\n"


run_new: Command = _new
run_act: Command = _act
run_undo: Command = _undo
run_redo: Command = _redo
run_export: Command = _export
run_history: Command = _history
run_import: Command = _import
