"""`piquet new|act|undo|redo|export|history|import`: the journal on the command line.

Each `run_*` takes the namespace built in `piquet.cli` and returns the exit
status. Success prints JSON (or the history table) on standard output. Any
failure the user can cause (a refused or malformed action, no current partie,
an unknown partie, no journal at the path, a journal from a newer program, an
unreadable file, a damaged journal, a read-only or full disk, another program
holding the journal) exits 2 with one line on standard error and nothing on
standard output. Every command checks the journal before it uses it (`PRAGMA
quick_check`, `journal.damage`): a damaged one is refused in words that say
which backup to put back with `piquet restore`, and nothing is written to it.

How each command opens the journal:
- `new` and `import` may create it (its folder 0700, the file 0600);
- `act`, `undo`, `redo` and `correct` need one already there (a missing or
  empty file is left as it was) and decide against the partie as stored when
  they write;
- `export` and `history` open it for reading only: nothing is created,
  migrated or written, so they work on a read-only file, folder or disk.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
from collections.abc import Callable, Collection
from functools import wraps
from pathlib import Path
from typing import Any

from journal import Journal, JournalError, default_location
from journal.forms import FORMAT_2
from journal.journal import MEMORY, outcome_of
from piquet import said
from piquet.words import _, n_, say
from scorer.errors import RecordError, Said, sentence_of
from scorer.multi.traits import TRAITS, traits
from scorer.progress import between_deals

Command = Callable[[argparse.Namespace], int]
Runner = Callable[[argparse.Namespace, Journal], None]

CREATE, WRITE, READ = "create", "write", "read"


class UsageError(ValueError):
    """A bad argument the parser could not catch."""


def _emit(value: Any) -> None:
    sys.stdout.write(json.dumps(value, ensure_ascii=False) + "\n")


def _one_line(error: BaseException) -> str:
    return said.line(say(error)) or type(error).__name__


def _journal_path(args: argparse.Namespace) -> str | Path:
    """--db, or the default file (saying so when it is a fallback)."""
    if args.db is not None:
        return str(args.db)
    location = default_location()
    if location.note:
        sys.stderr.write(
            _("piquet {command}: note: {note}", command=args.command, note=say(location.note))
            + "\n"
        )
    return location.path


def _open(path: str | Path, how: str) -> Journal:
    """The journal, checked first (`PRAGMA quick_check`): a damaged one is refused in
    words that name the backup to put back, before anything is read or written."""
    return Journal.open(path, create=how == CREATE, read_only=how == READ, check=True)


def _command(how: str) -> Callable[[Runner], Command]:
    """Open the journal (as `how` says), run, close; every user error is exit 2 and one line."""

    def decorate(run: Runner) -> Command:
        @wraps(run)
        def wrapper(args: argparse.Namespace) -> int:
            try:
                with _open(_journal_path(args), how) as journal:
                    run(args, journal)
            except RecordError as error:
                for problem in error.problems:
                    sys.stderr.write(f"{said.line(say(problem))}\n")
                return 2
            except (JournalError, ValueError, OSError, sqlite3.Error) as error:
                sys.stderr.write(f"piquet {args.command}: {_one_line(error)}\n")
                return 2
            return 0

        return wrapper

    return decorate


def parse_variants(
    pairs: list[str], option: str = "--variant", example: str = "carte_rouge=20"
) -> dict[str, Any]:
    """`KEY=VALUE` pairs, VALUE in JSON (a bare word is taken as a string)."""
    variants: dict[str, Any] = {}
    for pair in pairs:
        key, equals, text = pair.partition("=")
        if not equals or not key:
            raise UsageError(
                Said(
                    "{option} {pair}: expected KEY=VALUE, e.g. {example}",
                    option=option,
                    pair=repr(pair),
                    example=example,
                )
            )
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
        raise UsageError(sentence_of(error)) from None
    if not isinstance(action, dict):
        raise UsageError(Said("the action must be a JSON object, not {given}", given=quoted(text)))
    return action


MULTI_FORMS = tuple(TRAITS)  # the forms for three to seven players, from their registry


@_command(CREATE)
def _new(args: argparse.Namespace, journal: Journal) -> None:
    variants = parse_variants(args.variant)
    players = list(args.players)
    if args.game in MULTI_FORMS:
        settings = parse_variants(getattr(args, "setting", []), "--setting", "rounds=2")
        if traits(args.game).parties and args.first_dealer is not None:
            raise UsageError(
                Said(
                    "chouette: each partie names its first dealer; start one with "
                    '`piquet act \'{"next_partie": {"single": "A", "playing": "B", '
                    '"first_dealer": "A"}}\'`, without --first-dealer'
                )
            )
        if not traits(args.game).parties and args.first_dealer is None:
            raise UsageError(Said("{game}: --first-dealer NAME is needed", game=args.game))
        partie = journal.new_multi_partie(
            args.game,
            players,
            args.first_dealer,
            game=getattr(args, "scoring", None),
            variants=variants,
            settings=settings,
        )
        _emit(_state(journal, partie))
        return
    if getattr(args, "setting", []) or getattr(args, "scoring", None) is not None:
        raise UsageError(
            Said(
                "{game}: --setting and --scoring are for {forms}",
                game=args.game,
                forms=", ".join(MULTI_FORMS),
            )
        )
    if len(players) != 2:
        raise UsageError(
            Said(
                "--players: {game} is for 2 players, not {count} (three or more: --game {forms})",
                game=args.game,
                count=len(players),
                forms="|".join(MULTI_FORMS),
            )
        )
    if args.first_dealer is None:
        raise UsageError(Said("--first-dealer NAME is needed"))
    partie = journal.new_partie(players, args.first_dealer, args.game, variants)
    _emit(_state(journal, partie))


@_command(WRITE)
def _act(args: argparse.Namespace, journal: Journal) -> None:
    _emit(journal.act(parse_action_json(args.action), recheck=True))


@_command(WRITE)
def _undo(args: argparse.Namespace, journal: Journal) -> None:
    _emit(journal.undo(recheck=True, partie=getattr(args, "partie", None)))


@_command(WRITE)
def _redo(args: argparse.Namespace, journal: Journal) -> None:
    _emit(journal.redo(recheck=True, partie=getattr(args, "partie", None)))


@_command(WRITE)
def _correct(args: argparse.Namespace, journal: Journal) -> None:
    """`piquet correct [--partie ID] --deal N --elder N --younger N` (Law 70)."""
    _emit(journal.correct(args.partie, args.deal, {"elder": args.elder, "younger": args.younger}))


@_command(READ)
def _export(args: argparse.Namespace, journal: Journal) -> None:
    if getattr(args, "csv", False):
        from piquet.csv_output import write_export_csv

        if journal.record(args.partie).get("format") == FORMAT_2:
            raise UsageError(Said("--csv is for two-player parties; export this one as a record"))
        return write_export_csv(args, journal)
    record = journal.record(args.partie)
    warnings = journal.warnings(args.partie)  # read before a byte is written: all or nothing
    sys.stdout.write(json.dumps(record, ensure_ascii=False, indent=2) + "\n")
    for warning in warnings:
        sys.stderr.write(_("piquet export: warning: {warning}", warning=say(warning)) + "\n")


@_command(READ)
def _history(args: argparse.Namespace, journal: Journal) -> None:
    if getattr(args, "csv", False):
        from piquet.csv_output import write_history_csv

        return write_history_csv(args, journal)
    parties = journal.history()
    if args.json:
        _emit(parties)
    else:
        between = {
            entry["partie"]
            for entry in parties
            if between_deals(
                entry["deal"], journal.deals_complete(entry["partie"]), entry["finished"]
            )
        }
        sys.stdout.write(history_table(parties, journal.current_partie(), between))


def _tried(args: argparse.Namespace, journal: Journal) -> None:
    """The record read, and imported into a journal in memory first: a record the
    journal refuses is refused before the file is opened (or created)."""
    from piquet.json_input import InputError, read_json

    try:
        args.record_read = read_json(args.record, "record")
    except InputError as error:
        raise UsageError(sentence_of(error)) from None
    journal.import_record(args.record_read)


@_command(CREATE)
def _import(args: argparse.Namespace, journal: Journal) -> None:
    partie = journal.import_record(args.record_read)
    _emit(_state(journal, partie))


def _import_checked(args: argparse.Namespace) -> int:
    """`piquet import`: a refused record leaves no journal file behind (issue 21)."""
    trial = argparse.Namespace(**{**vars(args), "db": MEMORY})
    tried = _command(CREATE)(_tried)(trial)
    if tried != 0:
        return tried
    args.record_read = trial.record_read
    return _import(args)


def _state(journal: Journal, partie: int) -> dict[str, Any]:
    return outcome_of(partie, journal.record(partie), journal.score(partie))


def result_words(entry: dict[str, Any], between: bool = False) -> str:
    """ "Anne won 150 (rubicon)", "drawn", "in progress, deal 3", "in progress,
    deal 2 finished" (`between`: its last deal over, the next not begun:
    scorer.progress.between_deals); for more players "Anne and Cleo won 140
    (rubicon)", "after 2 parties: Anne +280" (chouette)."""
    result = entry["result"]
    if not entry["finished"] or result is None:
        if between:
            return _("in progress, deal {n} finished", n=entry["deal"])
        return _("in progress, deal {n}", n=entry["deal"])
    if entry.get("format") == FORMAT_2 and traits(entry["game"]).parties:
        parties = n_("after {n} partie", "after {n} parties", result.get("parties", 0))
        if result.get("winner") is None:
            return _("{parties}: level at the top", parties=parties)
        return _(
            "{parties}: {winner} +{points}",
            parties=parties,
            winner=result["winner"],
            points=result["points"],
        )
    if result.get("draw") or result.get("winner") is None:
        return _("drawn")
    notes = [word for word in ("rubicon", "double") if result.get(word)]
    suffix = f" ({', '.join(notes)})" if notes else ""
    antes = result.get("unit") == "antes"
    points = result["points"]
    winners = result.get("winners")
    if winners and len(winners) > 1:
        names = winners[0]
        for name in winners[1:]:  # "Anne and Cleo and Dan", as before
            names = _("{names} and {name}", names=names, name=name)
        if antes:
            return _("{winners} won {points} antes", winners=names, points=points) + suffix
        return _("{winners} won {points}", winners=names, points=points) + suffix
    winner = winners[0] if winners else result["winner"]
    if antes:
        return _("{winner} won {points} antes", winner=winner, points=points) + suffix
    return _("{winner} won {points}", winner=winner, points=points) + suffix


def players_words(entry: dict[str, Any]) -> str:
    """ "Anne v Ben"; Voleur's sides "Anne & Cleo v Ben & Dan"; "Anne, Ben, Cleo"."""
    players = list(entry["players"])
    if entry.get("format") != FORMAT_2:
        return " v ".join(players)
    if traits(entry["game"]).sides and len(players) == 4:
        return f"{players[0]} & {players[2]} v {players[1]} & {players[3]}"
    return ", ".join(players)


def history_table(
    parties: list[dict[str, Any]], current: int | None, between: Collection[int] = ()
) -> str:
    """The parties as a readable table, newest first; the current one is starred;
    `between`: the parties standing between two deals.

    A partie with a warning (actions kept aside) is marked "!" and its warnings
    follow the table.
    """
    if not parties:
        return _("No parties in the journal yet.") + "\n"
    rows = [("", "#", _("date"), _("players"), _("game"), _("result"))]
    notes = []
    for entry in parties:
        warnings = entry.get("warnings") or []
        notes += [f"! {say(warning)}" for warning in warnings]
        rows.append(
            (
                ("*" if entry["partie"] == current else "") + ("!" if warnings else ""),
                str(entry["partie"]),
                entry["created"].replace("T", " ").removesuffix("Z")[:16],
                players_words(entry),
                entry["game"],
                result_words(entry, entry["partie"] in between),
            )
        )
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    lines = [
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True))
        for row in rows
    ]
    return "\n".join([*(line.rstrip() for line in lines), *notes]) + "\n"


run_new: Command = _new
run_act: Command = _act
run_undo: Command = _undo
run_redo: Command = _redo
run_export: Command = _export
run_history: Command = _history
run_import: Command = _import_checked
run_correct: Command = _correct
