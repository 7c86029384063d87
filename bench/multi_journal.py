"""Games for three to seven players in the journal and on paper: figures, printed.

    .venv/bin/python bench/multi_journal.py [--deals N]

For each form, a long game is played action by action into a journal file
(`Journal.act`, each checked by scoring the record inside the write
transaction): the milliseconds per action (median and slowest), the time to
open the journal again (folding the current game), and the time of `undo`.
Then each form's sheet (the examples of docs/record-2.md) at 32 columns: its
lines, bytes, and the seconds the paced writer spends on it at 19200 baud with
the default print-head time per line.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.printer_sheet import LINE_TIME_S, paced_seconds
from hardware.render import sheet_bytes
from hardware.sheet import build_sheet
from journal import Journal
from scorer.multi import score_record2

DOC = Path(__file__).resolve().parents[1] / "docs" / "record-2.md"


def _deal(form: str, number: int, seats: str) -> list[dict[str, Any]]:
    """One complete deal's actions: calls and every trick, or entered totals."""
    if form == "normand":
        return [
            {"declare": "point", "by": "A", "cards": 4},
            *({"trick": seats[(number + i) % 3]} for i in range(10)),
        ]
    if form == "voleur":
        return [{"trick": "ABCD"[(number + i) % 4]} for i in range(8)]
    if form == "ecrire":
        dealer = seats[(number - 1) % len(seats)]
        elder = seats[number % len(seats)]
        return [{"trick": (elder if i % 3 else dealer)} for i in range(12)]
    return []


def play(form: str, deals: int, folder: Path) -> dict[str, float]:
    db = folder / f"{form}.sqlite3"
    times: list[float] = []
    with Journal.open(db) as journal:
        if form == "normand":
            journal.new_multi_partie(
                form, ["Anne", "Ben", "Cleo"], "Cleo", settings={"target": 1000}
            )
        elif form == "voleur":
            journal.new_multi_partie(form, ["Anne", "Ben", "Cleo", "Dan"], "Dan", game="au-cent")
        elif form == "ecrire":
            journal.new_multi_partie(
                form, list("ABCDEFG"), "A", settings={"rounds": max(1, deals // 7)}
            )
        else:
            journal.new_multi_partie(form, ["Anne", "Ben", "Cleo"])
        if form == "chouette":  # parties of six deals; Anne, single, wins them all
            for partie in range(max(1, deals // 6)):
                playing = "BC"[partie % 2]
                steps = [{"next_partie": {"single": "A", "playing": playing, "first_dealer": "A"}}]
                for number in range(6):
                    steps += [{"next_deal": True}] if number else []
                    steps.append({"entered": {"A": 30, playing: 25}})
                for action in steps:
                    start = time.perf_counter()
                    journal.act(action, recheck=True)
                    times.append(time.perf_counter() - start)
            deals = 0
        done = {"finished": False}
        for number in range(1, deals + 1):
            for action in ([{"next_deal": True}] if number > 1 else []) + _deal(
                form, number, "ABCDEFG"
            ):
                start = time.perf_counter()
                try:
                    done = journal.act(action, recheck=True)
                except ValueError:  # the game ended
                    break
                times.append(time.perf_counter() - start)
            if done["finished"]:
                break
        actions = len(journal.actions())
        start = time.perf_counter()
        journal.undo()
        undo = time.perf_counter() - start
    start = time.perf_counter()
    with Journal.open(db, read_only=True) as again:
        again.record()
    opened = time.perf_counter() - start
    return {
        "actions": actions,
        "median_ms": 1000 * statistics.median(times),
        "max_ms": 1000 * max(times),
        "undo_ms": 1000 * undo,
        "open_ms": 1000 * opened,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=40)
    args = parser.parse_args()
    print(f"journal, up to {args.deals} deals a game (a file in a temporary folder)")
    with tempfile.TemporaryDirectory() as folder:
        for form in ("normand", "voleur", "ecrire", "chouette"):
            got = play(form, args.deals, Path(folder))
            print(
                f"  {form:9} {got['actions']:4d} actions: act median {got['median_ms']:.1f} ms,"
                f" slowest {got['max_ms']:.1f} ms; undo {got['undo_ms']:.1f} ms;"
                f" open and fold {got['open_ms']:.1f} ms"
            )
    text = DOC.read_text(encoding="utf-8")
    records = [json.loads(b) for b in re.findall(r"```json\n(.*?)```", text, re.S)]
    print(f"sheets at 32 columns, 19200 baud, {LINE_TIME_S * 1000:.0f} ms a line")
    for record in (r for r in records if r.get("format") == "piquet-record/2"):
        lines = build_sheet(record, score_record2(record), columns=32)
        data = sheet_bytes(lines)
        print(
            f"  {record['form']:9} {len(lines):3d} lines, {len(data):4d} bytes,"
            f" {paced_seconds(data, 19200, LINE_TIME_S):.1f} s"
        )


if __name__ == "__main__":
    main()
