"""Parties and deals as CSV for spreadsheets (issue 13): `piquet history --csv`
and `piquet export --csv`, and later the kiosk's USB export.

Pure Python, no I/O: each function takes plain data (the journal's history
entries, `piquet-score/1` answers, `piquet-record/1` records) and returns the
CSV text. Comma-separated, a header row first, cells quoted only when needed,
rows ending in CRLF (RFC 4180), UTF-8 when written out (the callers encode;
a file meant for Excel may be written with a BOM, `encoding="utf-8-sig"`).
Booleans are `true`/`false`; a cell that does not apply is empty. The columns
are listed in the README ("CSV").
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable
from typing import Any

from scorer.correction import is_corrected

HISTORY_COLUMNS = (
    "partie",
    "created",
    "origin",
    "game",
    "variants",
    "player_1",
    "player_2",
    "first_dealer",
    "deals_played",
    "deal_in_play",
    "total_1",
    "total_2",
    "finished",
    "winner",
    "draw",
    "points",
    "rubicon",
    "double",
)

DEAL_COLUMNS = (
    "deal",
    "elder",
    "younger",
    "multiplier",
    "complete",
    "entered",
    "thrown_in",
    "player_1",
    "score_1",
    "total_1",
    "player_2",
    "score_2",
    "total_2",
    "carte_blanche_1",
    "carte_blanche_2",
    "repique",
    "pique",
    "capot",
    "corrected",
)


def _flag(value: object) -> str:
    return "true" if value else "false"


def _cell(value: object) -> str:
    return "" if value is None else str(value)


def to_csv(columns: Iterable[str], rows: Iterable[dict[str, str]]) -> str:
    """The header row and the rows, as CSV text."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(columns), lineterminator="\r\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


# --- one row a partie ------------------------------------------------------------


def history_row(
    entry: dict[str, Any], score: dict[str, Any], record: dict[str, Any] | None = None
) -> dict[str, str]:
    """One partie: `entry` is its `Journal.history()` item (partie, created,
    origin, game), `score` its `piquet-score/1` answer, `record` (optional)
    its record, for the variants."""
    deals = score["deals"]
    complete = sum(1 for d in deals if d["complete"])
    summary = {
        **entry,
        "players": score["players"],
        "totals": score["totals"],
        "finished": score["finished"],
        "result": score.get("result"),
        "deal": len(deals),
        "first_dealer": deals[0]["younger"] if deals else "",
        "variants": (record or {}).get("variants") or {},
        "game": entry.get("game") or (record or {}).get("game") or "rubicon",
    }
    return history_cells(summary, complete)


def history_cells(summary: dict[str, Any], complete: int) -> dict[str, str]:
    """One partie from what the journal keeps without replaying it: a
    `Journal.history(details=True)` entry (partie, created, origin, game,
    players, totals, finished, result, deal: the number of deals, first_dealer,
    variants) and its number of complete deals. The deal in play is the last
    one while fewer are complete."""
    first, second = summary["players"]
    deals = int(summary.get("deal") or 0)
    result = summary.get("result") or {}
    variants = summary.get("variants") or {}
    return {
        "partie": str(summary["partie"]),
        "created": _cell(summary.get("created")),
        "origin": _cell(summary.get("origin")),
        "game": _cell(summary.get("game") or "rubicon"),
        "variants": json.dumps(variants, ensure_ascii=False, sort_keys=True) if variants else "",
        "player_1": first,
        "player_2": second,
        "first_dealer": _cell(summary.get("first_dealer")) if deals else "",
        "deals_played": str(complete),
        "deal_in_play": str(deals) if complete < deals else "",
        "total_1": str(summary["totals"][first]),
        "total_2": str(summary["totals"][second]),
        "finished": _flag(summary["finished"]),
        "winner": _cell(result.get("winner")),
        "draw": _flag(result.get("draw")) if result else "",
        "points": _cell(result.get("points")) if result else "",
        "rubicon": _flag(result.get("rubicon")) if result else "",
        "double": _flag(result["double"]) if "double" in result else "",
    }


def history_csv(
    parties: Iterable[tuple[dict[str, Any], dict[str, Any], dict[str, Any] | None]],
) -> str:
    """Every partie given as (history entry, score, record or None), in that order."""
    return to_csv(HISTORY_COLUMNS, (history_row(*partie) for partie in parties))


# --- one row a deal ---------------------------------------------------------------


def deal_rows(score: dict[str, Any], record: dict[str, Any] | None = None) -> list[dict[str, str]]:
    """One row a deal of a partie, with each player's score and running total.

    Scores are as in `piquet score` (four-deal doubling applied); the deal in
    play, if any, is the last row, scored so far. `record` (optional) gives
    who threw in and which deals were corrected (Law 70, `scorer.correction`);
    without it `thrown_in` is empty and `corrected` false."""
    first, second = score["players"]
    running = dict.fromkeys((first, second), 0)
    raw_deals = (record or {}).get("deals") or []
    rows = []
    for index, deal in enumerate(score["deals"]):
        for name in running:
            running[name] += deal["scores"][name]
        names = {"elder": deal["elder"], "younger": deal["younger"]}
        raw = raw_deals[index] if index < len(raw_deals) else {}
        thrower = raw.get("throw_in") if isinstance(raw, dict) else None
        blanche = {line["player"] for line in deal["lines"] if line["category"] == "carte_blanche"}
        rows.append(
            {
                "deal": str(deal["number"]),
                "elder": deal["elder"],
                "younger": deal["younger"],
                "multiplier": str(deal["multiplier"]),
                "complete": _flag(deal["complete"]),
                "entered": _flag(any(line["category"] == "entered" for line in deal["lines"])),
                "thrown_in": names.get(thrower, "") if thrower else "",
                "player_1": first,
                "score_1": str(deal["scores"][first]),
                "total_1": str(running[first]),
                "player_2": second,
                "score_2": str(deal["scores"][second]),
                "total_2": str(running[second]),
                "carte_blanche_1": _flag(first in blanche),
                "carte_blanche_2": _flag(second in blanche),
                "repique": _cell(deal["bonuses"]["repique"]),
                "pique": _cell(deal["bonuses"]["pique"]),
                "capot": _cell(deal["bonuses"]["capot"]),
                "corrected": _flag(is_corrected(raw)),
            }
        )
    return rows


def deals_csv(score: dict[str, Any], record: dict[str, Any] | None = None) -> str:
    """The deals of one partie as CSV (see `deal_rows`)."""
    return to_csv(DEAL_COLUMNS, deal_rows(score, record))
