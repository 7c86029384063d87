"""The `piquet` command line, as `../shared/spec/record.md` describes it.

This module only parses arguments; each command lives in its own module and is
imported when it runs, so `piquet score` never loads Kivy or pyserial.
Every failure the user can cause exits 2 with a message on standard error.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

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
}


class _Parser(argparse.ArgumentParser):
    """argparse exits 2 on bad usage already; keep that, with our prefix."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        sys.stderr.write(f"piquet: {message}\n")
        raise SystemExit(2)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="piquet", description="Scorekeeper for the card game Piquet.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    p = sub.add_parser("score", help="score a partie record (JSON file, or - for stdin)")
    p.add_argument("record", metavar="RECORD.json|-")

    p = sub.add_parser("hand", help="read what a 12-card hand holds")
    p.add_argument("cards", nargs="+", metavar="CARD")
    p.add_argument("--json", action="store_true", help="machine-readable output")

    def with_db(p: argparse.ArgumentParser) -> argparse.ArgumentParser:
        p.add_argument("--db", metavar="FILE", help="journal file (default: in the data directory)")
        return p

    p = with_db(sub.add_parser("new", help="start a new partie in the journal"))
    p.add_argument("--players", nargs=2, required=True, metavar=("A", "B"))
    p.add_argument("--first-dealer", required=True, metavar="NAME")
    p.add_argument("--game", choices=["rubicon", "four-deal", "au-cent"], default="rubicon")
    p.add_argument("--variant", action="append", default=[], metavar="KEY=VALUE")

    p = with_db(sub.add_parser("act", help="commit one action to the current partie"))
    p.add_argument("action", metavar="ACTION-JSON")

    with_db(sub.add_parser("undo", help="remove the last action of the current partie"))
    with_db(sub.add_parser("redo", help="restore the action just undone"))

    p = with_db(sub.add_parser("export", help="print a partie record"))
    p.add_argument("--partie", type=int, metavar="ID")

    p = with_db(sub.add_parser("history", help="list the parties in the journal"))
    p.add_argument("--json", action="store_true")

    p = with_db(sub.add_parser("import", help="store a partie record in the journal"))
    p.add_argument("record", metavar="RECORD.json")

    p = sub.add_parser("print", help="print a score sheet on an ESC/POS printer")
    p.add_argument("record", nargs="?", metavar="RECORD.json")
    p.add_argument("--db", metavar="FILE")
    p.add_argument("--partie", type=int, metavar="ID")
    p.add_argument("--port", required=True, metavar="PORT")
    p.add_argument("--baud", type=int, default=19200)
    p.add_argument("--columns", type=int, default=32, choices=[32, 42, 48])

    p = with_db(sub.add_parser("kiosk", help="start the touchscreen app"))
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--fullscreen", action="store_true")
    mode.add_argument("--windowed", action="store_true")
    p.add_argument("--lang", choices=["en", "fr"])
    p.add_argument("--size", metavar="WxH", help="window size, e.g. 720x1280 (default 800x480)")
    p.add_argument("--rotation", type=int, choices=[0, 90, 180, 270],
                   help="turn the drawing and the touches (default 0)")
    p.add_argument("--text-scale", type=float, metavar="S", help="text size, 1.0 to 1.6")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    module_name, func_name = COMMANDS[args.command].split(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:  # a command whose issue has not landed yet
        if exc.name != module_name:
            raise
        sys.stderr.write(f"piquet: the {args.command!r} command is not available yet\n")
        return 2
    return int(getattr(module, func_name)(args))


if __name__ == "__main__":
    raise SystemExit(main())
