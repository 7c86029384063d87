"""Bytes per score sheet and seconds to print it, by the pacing model and on a pty.

    .venv/bin/python bench/printer_sheet.py [--no-pty]

A six-deal rubicon (Parlett's example from the shared examples, with accented
names) is laid out at 32, 42 and 48 columns and rendered to ESC/POS. For each
width the script prints the bytes, the line feeds, and the seconds the paced
writer spends at 19200 and 9600 baud (11 bits a byte plus the configured
print-head time per line, 100 ms by default), with the line-only part and the
9600/19200 ratio. Then, unless --no-pty, it sends the 32-column sheet to a
fake printer on a pty with real pacing and reports the wall-clock time.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import pty
import select
import sys
import threading
import time
import tty
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hardware.config import PrinterConfig
from hardware.pacing import Pacer
from hardware.print_queue import PrintJob
from hardware.printing import print_lines_on_serial
from hardware.render import sheet_bytes
from hardware.sheet import build_sheet
from scorer import score_record

EXAMPLE = Path(__file__).resolve().parents[2] / "shared" / "examples" / "seed002-josephine.json"
LINE_TIME_S = PrinterConfig().line_time_ms / 1000


def record() -> dict:
    rec = copy.deepcopy(json.loads(EXAMPLE.read_text(encoding="utf-8"))["record"])
    rec["players"] = ["Napoléon", "Joséphine"]
    rec["first_dealer"] = "Joséphine"
    return rec


def paced_seconds(data: bytes, baud: int, line_time_s: float) -> float:
    """Total wait of the pacer for `data` sent command by command (here: line by line)."""
    now = [0.0]
    pacer = Pacer(
        baud, line_time_s, clock=lambda: now[0], sleep=lambda s: now.__setitem__(0, now[0] + s)
    )
    for chunk in data.split(b"\n"):
        pacer.before_write()
        pacer.after_write(chunk + b"\n")
    pacer.drain()
    return now[0] - (11 / baud + line_time_s)  # the split adds one LF at the end


def pty_seconds(lines: list, baud: int) -> tuple[float, int]:
    master, slave = pty.openpty()
    tty.setraw(slave)
    got = bytearray()
    stop = threading.Event()

    def fake() -> None:
        while not stop.is_set():
            if select.select([master], [], [], 0.02)[0]:
                chunk = os.read(master, 4096)
                got.extend(chunk)
                for query in (b"\x10\x04\x01", b"\x10\x04\x04"):
                    if chunk.endswith(query):
                        os.write(master, b"\x12")

    thread = threading.Thread(target=fake, daemon=True)
    thread.start()
    config = PrinterConfig(port=os.ttyname(slave), baud=baud)
    started = time.monotonic()
    print_lines_on_serial(config, PrintJob("bench", tuple(lines)))
    elapsed = time.monotonic() - started
    stop.set()
    thread.join()
    os.close(master)
    os.close(slave)
    return elapsed, len(got)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-pty", action="store_true", help="skip the real-time pty runs")
    args = parser.parse_args()
    rec = record()
    score = score_record(rec)
    print(f"six-deal rubicon, print-head time {LINE_TIME_S * 1000:.0f} ms per line")
    print(
        f"{'cols':>4} {'bytes':>6} {'lines':>6} {'19200 s':>8} {'9600 s':>7} "
        f"{'ratio':>6} {'bytes-only 19200/9600 s':>24}"
    )
    for columns in (32, 42, 48):
        lines = build_sheet(rec, score, columns=columns, printed_on=date(2026, 11, 21))
        data = sheet_bytes(lines)
        fast, slow = (paced_seconds(data, b, LINE_TIME_S) for b in (19200, 9600))
        bytes_fast, bytes_slow = (paced_seconds(data, b, 0.0) for b in (19200, 9600))
        feeds = data.count(b"\n")
        print(
            f"{columns:>4} {len(data):>6} {feeds:>6} {fast:>8.2f} {slow:>7.2f} "
            f"{slow / fast:>6.2f} {bytes_fast:>11.3f} / {bytes_slow:.3f}"
        )
    if args.no_pty:
        return
    lines = build_sheet(rec, score, columns=32, printed_on=date(2026, 11, 21))
    for baud in (19200, 9600):
        elapsed, sent = pty_seconds(lines, baud)
        model = paced_seconds(sheet_bytes(lines), baud, LINE_TIME_S)
        print(
            f"pty, 32 columns at {baud}: {elapsed:.2f} s wall clock for {sent} bytes "
            f"(model {model:.2f} s, incl. status queries; ratio {elapsed / model:.2f})"
        )


if __name__ == "__main__":
    main()
