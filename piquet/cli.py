"""The `piquet` command line, as `../shared/spec/record.md` describes it.

This module only parses arguments; each command lives in its own module and is
imported when it runs, so `piquet score` never loads Kivy or pyserial.
Every failure the user can cause exits 2 with a message on standard error.
"""

from __future__ import annotations

import gc
import importlib
import os
import sys
from collections.abc import Sequence

TYPE_CHECKING = False  # typing and argparse wait until needed (`piquet score` starts faster)
if TYPE_CHECKING:
    import argparse
    from typing import Any, NoReturn

# command name -> "module:function"; the function takes the parsed namespace
# and returns the exit status.
COMMANDS = {
    "score": "piquet.score_command:run_score",
    "hand": "piquet.score_command:run_hand",
    "new": "piquet.journal_commands:run_new",
    "act": "piquet.journal_commands:run_act",
    "undo": "piquet.journal_commands:run_undo",
    "redo": "piquet.journal_commands:run_redo",
    "export": "piquet.journal_commands:run_export",
    "history": "piquet.journal_commands:run_history",
    "import": "piquet.journal_commands:run_import",
    "print": "piquet.print_command:run_print",
    "kiosk": "piquet.kiosk_command:run_kiosk",
    "rules": "piquet.rules_command:run_rules",
    "backup": "piquet.backup_command:run_backup",
    "restore": "piquet.backup_command:run_restore",
    "stats": "piquet.stats_command:run_stats",
    "correct": "piquet.journal_commands:run_correct",
    "calls": "piquet.calls_command:run_calls",
}


def _parser_class() -> type[argparse.ArgumentParser]:
    import argparse

    from piquet.words import speak_argparse

    speak_argparse()  # argparse's own words ("usage: ", its errors) in the reader's language

    class _Parser(argparse.ArgumentParser):
        """argparse exits 2 on bad usage already; keep that, with our prefix."""

        def error(self, message: str) -> NoReturn:
            self.print_usage(sys.stderr)
            sys.stderr.write(f"piquet: {message}\n")
            raise SystemExit(2)

    return _Parser


class _Skipped:
    """Stands for a command's parser that is not built: takes every call, does nothing."""

    def __getattr__(self, name: str) -> Any:
        return lambda *args, **kwargs: self


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole command line's parser; `only`: that command's alone (a command runs
    without building the fifteen others: `piquet score` starts faster)."""
    from piquet.words import _

    _Parser = _parser_class()
    parser = _Parser(prog="piquet", description=_("Scorekeeper for the card game Piquet."))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    if only is not None:
        every = sub

        class _Sub:  # add_parser for the one command, _Skipped for the others
            @staticmethod
            def add_parser(name: str, **kwargs: Any) -> Any:
                return every.add_parser(name, **kwargs) if name == only else _Skipped()

        sub = _Sub()  # type: ignore[assignment]  # stands for the subparsers: add_parser alone

    p = sub.add_parser("score", help=_("score a partie record (JSON file, or - for stdin)"))
    p.add_argument("record", metavar="RECORD.json|-")

    p = sub.add_parser("hand", help=_("read what a 12-card hand holds"))
    p.add_argument("cards", nargs="+", metavar="CARD")
    p.add_argument("--json", action="store_true", help=_("machine-readable output"))
    p.add_argument(
        "--against",
        nargs="+",
        metavar="CARD",
        help=_("the other hand's 12 cards: who is good in each class"),
    )
    seat = p.add_mutually_exclusive_group()
    seat.add_argument(
        "--elder",
        dest="younger",
        action="store_false",
        help=_("the first hand is Elder (the default)"),
    )
    seat.add_argument(
        "--younger", dest="younger", action="store_true", help=_("the first hand is Younger")
    )
    p.set_defaults(younger=False)

    def with_db(p: argparse.ArgumentParser) -> argparse.ArgumentParser:
        p.add_argument(
            "--db", metavar="FILE", help=_("journal file (default: in the data directory)")
        )
        return p

    p = with_db(sub.add_parser("new", help=_("start a new partie in the journal")))
    p.add_argument(
        "--players",
        nargs="+",
        required=True,
        metavar="NAME",
        help=_(
            "two names; three to seven, in seating order to the left, for "
            "normand, voleur, ecrire and chouette"
        ),
    )
    p.add_argument(
        "--first-dealer",
        metavar="NAME",
        help=_("who deals first (not for chouette: each partie names its own)"),
    )
    p.add_argument(
        "--game",
        default="rubicon",
        choices=["rubicon", "four-deal", "au-cent", "normand", "voleur", "ecrire", "chouette"],
    )
    p.add_argument(
        "--scoring",
        choices=["rubicon", "four-deal", "au-cent"],
        help=_("voleur and chouette: the two-handed partie played (rubicon)"),
    )
    p.add_argument("--variant", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument(
        "--setting",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help=_(
            "normand, voleur and ecrire: a rule choice of the form "
            "(docs/record-2.md), e.g. settlement=pot or rounds=2"
        ),
    )

    p = with_db(sub.add_parser("act", help=_("commit one action to the current partie")))
    p.add_argument("action", metavar="ACTION-JSON")

    p = with_db(sub.add_parser("undo", help=_("remove the last action of the current partie")))
    p.add_argument(
        "--partie", type=int, metavar="ID", help=_("another partie: take back its last correction")
    )
    p = with_db(sub.add_parser("redo", help=_("restore the action just undone")))
    p.add_argument(
        "--partie",
        type=int,
        metavar="ID",
        help=_("another partie: restore the correction just undone"),
    )

    p = with_db(sub.add_parser("export", help=_("print a partie record")))
    p.add_argument("--partie", type=int, metavar="ID")
    p.add_argument("--csv", action="store_true", help=_("one CSV row a deal instead of the record"))

    p = with_db(sub.add_parser("history", help=_("list the parties in the journal")))
    p.add_argument("--json", action="store_true")
    p.add_argument("--csv", action="store_true", help=_("one CSV row a partie"))

    p = with_db(sub.add_parser("import", help=_("store a partie record in the journal")))
    p.add_argument("record", metavar="RECORD.json")

    p = sub.add_parser("print", help=_("print a score sheet on an ESC/POS printer"))
    p.add_argument("record", nargs="?", metavar="RECORD.json")
    p.add_argument("--db", metavar="FILE")
    p.add_argument("--partie", type=int, metavar="ID")
    p.add_argument(
        "--port",
        metavar="PORT",
        help=_("the printer's port (default: the settings file's, /dev/serial0)"),
    )
    p.add_argument("--baud", type=int, default=19200)
    p.add_argument("--columns", type=int, default=32, choices=[32, 42, 48])
    p.add_argument(
        "--lang",
        choices=["en", "fr"],
        help=_(
            "the sheet's language (default: the language the partie was played in, "
            "with --db the table's; else English)"
        ),
    )

    p = with_db(sub.add_parser("kiosk", help=_("start the touchscreen app")))
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--fullscreen", action="store_true")
    mode.add_argument("--windowed", action="store_true")
    p.add_argument("--lang", choices=["en", "fr"])
    p.add_argument("--size", metavar="WxH", help=_("window size, e.g. 720x1280 (default 800x480)"))
    p.add_argument(
        "--rotation",
        type=int,
        choices=[0, 90, 180, 270],
        help=_("turn the drawing and the touches (default 0)"),
    )
    p.add_argument("--text-scale", type=float, metavar="S", help=_("text size, 1.0 to 1.6"))

    p = sub.add_parser("rules", help=_("the rules guide, or one section of it"))
    p.add_argument("id", nargs="?", metavar="ID", help=_("a section id, e.g. point or repique"))
    p.add_argument("--lang", choices=["en", "fr"], default="en")
    p.add_argument("--json", action="store_true", help=_("machine-readable output"))
    p = with_db(sub.add_parser("backup", help=_("copy the journal safely, even while in use")))
    p.add_argument("dest", nargs="?", metavar="DEST", help=_("the copy's path (a new file)"))
    p.add_argument(
        "--daily",
        action="store_true",
        help=_("today's copy, journal-YYYY-MM-DD.sqlite3, in the backup folder"),
    )
    p.add_argument("--into", metavar="DIR", help=_("with --daily: the backup folder"))
    p.add_argument("--keep", type=int, metavar="N", help=_("with --daily: daily copies to keep"))
    p = with_db(sub.add_parser("restore", help=_("replace the journal by a copy (kiosk stopped)")))
    p.add_argument("copy", metavar="COPY", help=_("a copy made by piquet backup"))
    p = with_db(sub.add_parser("stats", help=_("players' statistics, head to head and sittings")))
    p.add_argument("--json", action="store_true", help=_("machine-readable output"))
    p = with_db(
        sub.add_parser(
            "correct", help=_("correct a deal's totals in a finished partie (Law 70, by agreement)")
        )
    )
    p.add_argument("--partie", type=int, metavar="ID", help=_("the partie (default: the current)"))
    p.add_argument("--deal", type=int, required=True, metavar="N")
    p.add_argument(
        "--elder",
        type=int,
        required=True,
        metavar="N",
        help=_("the deal's points for Elder, before any doubling"),
    )
    p.add_argument(
        "--younger",
        type=int,
        required=True,
        metavar="N",
        help=_("the deal's points for Younger, before any doubling"),
    )
    p = sub.add_parser("calls", help=_("the calls of a partie as the players say them"))
    p.add_argument("record", metavar="RECORD.json|-")
    p.add_argument("--lang", choices=["en", "fr"], default="en")
    p.add_argument("--json", action="store_true", help=_("also a JSON list on the last line"))
    p.add_argument("--wav", metavar="DIR", help=_("also one WAV file a call, in DIR (espeak-ng)"))
    return parser


def _plain_score(words: list[str]) -> Any:
    """`piquet score RECORD` and nothing else: the namespace argparse would give,
    without importing and building a parser (that cost as much as the scoring)."""
    if (
        len(words) == 2
        and words[0] == "score"
        and (words[1] == "-" or not words[1].startswith("-"))
    ):
        from types import SimpleNamespace

        return SimpleNamespace(command="score", record=words[1])
    return None


def main(argv: Sequence[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else list(argv)
    args = _plain_score(words) or build_parser(
        words[0] if words and words[0] in COMMANDS else None
    ).parse_args(words)
    module_name, func_name = COMMANDS[args.command].split(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:  # a command whose issue has not landed yet
        if exc.name != module_name:
            raise
        gc.enable()
        from piquet.words import _

        sys.stderr.write(
            _("piquet: the {command} command is not available yet", command=repr(args.command))
            + "\n"
        )
        return 2
    if args.command not in _COLLECTS_LATER:
        gc.enable()  # imported: the collector back on (`run` held it off), for the command's work
    return int(getattr(module, func_name)(args))


# Commands that turn the garbage collector back on themselves (see `run`): the kiosk,
# once its first frame is drawn (piquet.kiosk_command, `open_hardware`).
_COLLECTS_LATER = frozenset({"kiosk"})
# Commands that open no journal, device or file for writing: once their answer is
# written and flushed, nothing of theirs needs the interpreter's shutdown (see `run`).
_PURE = frozenset({"score", "hand", "rules"})


def run() -> int:
    """The `piquet` program (the console script; `python -m piquet`): `main` with
    sys.argv, then exit.

    What Python and `site` made before the command is frozen out of the garbage
    collector's generations, and the collector is off while the command starts: its
    imports (and the kiosk's first screen) make objects that live as long as the
    program, which ~130 collections walked for nothing (~15 ms of the kiosk's start
    here). `main` turns it back on once the command's module is imported; the kiosk
    (`_COLLECTS_LATER`) once its first frame is drawn, where it freezes what start-up
    made. A pure command (`_PURE`) then ends as soon as its answer is
    flushed, without the interpreter's shutdown (tearing down ~35 modules and a last
    collection over everything): `piquet score` ends ~8 ms sooner here, its output and
    exit status the same. When the flush fails (a closed pipe) the ordinary exit
    reports it as before. Tests call `main`, which only turns the collector on (as it
    is there already)."""
    gc.freeze()
    gc.disable()
    words = sys.argv[1:]
    status = main(words)
    if words and words[0] in _PURE:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except OSError:
            return status
        os._exit(status)
    return status


if __name__ == "__main__":
    raise SystemExit(run())
