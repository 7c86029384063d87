"""Bench: how long the seat buttons take to open and to close, and gpiozero's import.

    .venv/bin/python bench/buttons_close.py [--repeat 30]

Opens the table's buttons (two seats, confirm, two LEDs: the default pins) on
gpiozero's MockFactory with the poll thread running, as the kiosk does, and
times `GpioButtons(...)` and `close()`; then, in fresh interpreters, the
import of gpiozero and the kiosk's `open_table` (synchronous, and the lazy
variant that returns before gpiozero is imported), after the modules the
kiosk has loaded by then (the journal, the scorer). Prints medians; nothing
is asserted.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

os.environ.setdefault("GPIOZERO_PIN_FACTORY", "mock")


def open_and_close(repeat: int) -> tuple[list[float], list[float]]:
    from gpiozero.pins.mock import MockFactory

    from hardware.config import PinConfig, TimingConfig
    from hardware.gpio_buttons import GpioButtons

    opens, closes = [], []
    for _ in range(repeat):
        factory = MockFactory()
        started = time.perf_counter()
        buttons = GpioButtons(PinConfig(), TimingConfig(), lambda event: None, pin_factory=factory)
        opened = time.perf_counter()
        time.sleep(0.05)  # let the threads settle, as in a running kiosk
        closing = time.perf_counter()
        buttons.close()
        closed = time.perf_counter()
        opens.append((opened - started) * 1000)
        closes.append((closed - closing) * 1000)
        factory.close()
    return opens, closes


def in_fresh_interpreter(code: str, repeat: int) -> list[float]:
    """Milliseconds the snippet prints, each run in a new interpreter."""
    times = []
    env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_CONFIG_HOME": "/nonexistent"}
    for _ in range(repeat):
        out = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            env=env,
            cwd=ROOT,
            check=True,
        ).stdout
        times.append(float(out.split()[-1]))
    return times


IMPORT = """
import time
t = time.perf_counter()
import gpiozero
print((time.perf_counter() - t) * 1000)
"""

OPEN_TABLE = """
import dataclasses, json, pathlib, re, threading, time  # the kiosk has these before
import journal, scorer  # ...and these
t = time.perf_counter()
from kiosk.hardware_wiring import {name}
table = {name}(lambda fn: None, lambda e: None, lambda s: None)
print((time.perf_counter() - t) * 1000)
table.close()
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    opens, closes = open_and_close(args.repeat)
    print(
        f"buttons open (MockFactory, 3 buttons + 2 LEDs): median {statistics.median(opens):.1f} ms"
    )
    print(
        f"buttons close: median {statistics.median(closes):.1f} ms, "
        f"max {max(closes):.1f} ms ({args.repeat} runs)"
    )
    runs = max(3, args.repeat // 5)
    print(
        f"import gpiozero, fresh interpreter: median "
        f"{statistics.median(in_fresh_interpreter(IMPORT, runs)):.1f} ms"
    )
    for name in ("open_table", "open_table_later"):
        try:
            times = in_fresh_interpreter(OPEN_TABLE.format(name=name), runs)
        except subprocess.CalledProcessError:
            print(f"{name}: not available")
            continue
        print(
            f"kiosk.hardware_wiring.{name} until it returns: median "
            f"{statistics.median(times):.1f} ms"
        )


if __name__ == "__main__":
    main()
