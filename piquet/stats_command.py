"""`piquet stats [--db FILE] [--json]`: players' statistics, head to head and sittings.

A reading command: it never writes to the journal. A journal file that does
not exist yet is not created; its statistics are empty. The figures are
`scorer.stats` over every partie of the journal (see that module for what
counts); `--json` prints `Statistics.to_json()`, described in the README.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from journal import Journal, JournalError, default_journal_path
from piquet import said
from piquet.words import say
from scorer.errors import RecordError
from scorer.stats import PartieEntry, PlayerFigures, Statistics, TableFigures, statistics


def journal_entries(journal: Journal) -> list[PartieEntry]:
    """Every two-player partie of the journal with its score, in the journal's order
    (the games of three players or more, `piquet-record/2`, are `journal_games`)."""
    return [
        PartieEntry(entry["partie"], entry["created"], journal.score(entry["partie"]))
        for entry in sorted(journal.history(), key=lambda e: e["partie"])
        if entry.get("format", "piquet-record/1") == "piquet-record/1"
    ]


def journal_games(journal: Journal) -> list[dict[str, Any]]:
    """The score of every game of three to seven players (`piquet-record/2`)."""
    return [
        journal.score(entry["partie"])
        for entry in sorted(journal.history(), key=lambda e: e["partie"])
        if entry.get("format", "piquet-record/1") != "piquet-record/1"
    ]


def read_statistics(db: str | None) -> Statistics:
    path = Path(db) if db is not None else default_journal_path()
    if db != ":memory:" and not path.exists():
        return statistics([])
    with Journal.open(db if db is not None else path, check=True) as journal:
        return statistics(journal_entries(journal), journal_games(journal))


def run_stats(args: argparse.Namespace) -> int:
    try:
        stats = read_statistics(args.db)
    except RecordError as error:
        for problem in error.problems:
            sys.stderr.write(f"{said.line(say(problem))}\n")
        return 2
    except (JournalError, ValueError, OSError) as error:
        sys.stderr.write(f"piquet stats: {said.line(say(error))}\n")
        return 2
    if args.json:
        sys.stdout.write(json.dumps(stats.to_json(), ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(stats_table(stats))
    return 0


# --- the readable form ----------------------------------------------------------

COLUMNS = (
    ("player", None),
    ("parties", "parties"),
    ("won", "won"),
    ("lost", "lost"),
    ("drawn", "drawn"),
    ("rubiconed", "rubicons_suffered"),
    ("rubicons", "rubicons_inflicted"),
    ("net", "settlement_net"),
    ("deals", "deals"),
    ("avg E", "elder"),
    ("avg Y", "younger"),
    ("best", "best_deal"),
    ("piques", "piques"),
    ("repiques", "repiques"),
    ("capots", "capots"),
    ("c.b.", "cartes_blanches"),
)


def _cell(figures: PlayerFigures, key: str) -> str:
    if key in ("elder", "younger"):
        average = figures.average(key)
        return "-" if average is None else f"{average:.1f}"
    value = getattr(figures, key)
    if value is None:
        return "-"
    return f"{value:+d}" if key == "settlement_net" and value else str(value)


def _table(rows: list[tuple[str, ...]], right_from: int = 1) -> list[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [
            cell.rjust(width) if i >= right_from else cell.ljust(width)
            for i, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
    return lines


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


GAME_COLUMNS = ("player", "played", "finished", "won", "net", "deals", "avg", "best")


def _game_row(name: str, figures: TableFigures) -> tuple[str, ...]:
    average = figures.average()
    return (
        name,
        str(figures.played),
        str(figures.games),
        str(figures.won),
        _signed(figures.net),
        str(figures.deals),
        "-" if average is None else f"{average:.1f}",
        "-" if figures.best_deal is None else str(figures.best_deal),
    )


def games_table(stats: Statistics) -> list[str]:
    """Each player's games of three to seven players, apart from his parties of two."""
    if not stats.games:
        return []
    rows = [GAME_COLUMNS, *(_game_row(n, stats.games[n]) for n in sorted(stats.games))]
    return [
        "",
        "Games of three to seven players (Normand, Voleur, à Écrire, Chouette):",
        *_table(rows),
        "",
        "Finished games in finished to net (won: ended with a gain); every complete deal",
        "he played in deals to best (in Voleur his side's score).",
    ]


def stats_table(stats: Statistics) -> str:
    """Players, then head to head with each sitting's score card; then the games
    of three to seven players."""
    if not stats.players and not stats.games:
        return "No parties in the journal yet.\n"
    if not stats.players:
        return "\n".join(games_table(stats)[1:]) + "\n"
    rows: list[tuple[str, ...]] = [tuple(title for title, _ in COLUMNS)]
    for name in sorted(stats.players):
        figures = stats.players[name]
        rows.append((name, *(_cell(figures, key) for _, key in COLUMNS[1:] if key)))
    out = _table(rows)
    out += [
        "",
        "Finished parties only in parties to net (rubiconed: rubicons suffered;",
        "rubicons: inflicted; net: points won and lost in settlements);",
        "every complete deal in deals to c.b. (averages as Elder and Younger, best deal,",
        "cartes blanches); a deal entered as totals has no bonuses.",
    ]
    for key in sorted(stats.pairs):
        pair = stats.pairs[key]
        a, b = pair.players
        out += [
            "",
            f"{a} v {b}: {pair.parties} finished parties, {a} won {pair.won[a]}, "
            f"{b} won {pair.won[b]}, {pair.drawn} drawn; {pair.deals} deals",
            f"  rubicons inflicted: {a} {pair.rubicons_inflicted[a]}, "
            f"{b} {pair.rubicons_inflicted[b]}; net: {a} {_signed(pair.settlement_net[a])}, "
            f"{b} {_signed(pair.settlement_net[b])}",
        ]
        for number, found in enumerate(stats.sittings.get(key, []), start=1):
            out.append(f"  sitting {number}, {_when(found.parties[0].created)}:")
            card: list[tuple[str, ...]] = [("", "#", "won by", "points", a, b)]
            for row in found.parties:
                card.append(
                    (
                        "",
                        str(row.partie),
                        row.winner or "drawn",
                        f"{row.points}{' R' if row.rubicon else ''}",
                        _signed(row.net[a]),
                        _signed(row.net[b]),
                    )
                )
            out += ["  " + line for line in _table(card, right_from=3)]
    out += games_table(stats)
    return "\n".join(out) + "\n"


def _when(created: str) -> str:
    return created.replace("T", " ").removesuffix("Z")[:16]
