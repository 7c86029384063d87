"""Bench: how long `piquet kiosk` takes to put its first frame on the screen.

    .venv/bin/python bench/kiosk_start.py [--repeat 5] [--pins mock|none]

Starts `python -m piquet kiosk --db FILE --windowed` on SDL's offscreen
driver with a fake systemd NOTIFY_SOCKET, and times the spawn to the kiosk's
READY=1 (sent once its first frame is drawn, kiosk/watchdog.py). A journal
with one partie in play is made first, so the kiosk opens on the deal.
`--pins none` leaves GPIOZERO_PIN_FACTORY unset, as on a desktop without
GPIO (gpiozero then tries its pin factories and gives up); `mock` is
gpiozero's MockFactory. The config folder is empty: every default. Prints
each time and the median; nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def first_frame(folder: Path, pins: str) -> float:
    from journal import Journal

    db = folder / "journal.sqlite3"
    if not db.exists():
        with Journal.open(db) as journal:
            journal.new_partie(["Anne", "Bruno"], "Bruno")
    address = folder / "notify"
    address.unlink(missing_ok=True)
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(address))
    sock.settimeout(60)
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="offscreen",
        KIVY_NO_ARGS="1",
        KIVY_NO_CONFIG="1",
        KIVY_NO_FILELOG="1",
        KIVY_LOG_LEVEL="warning",
        NOTIFY_SOCKET=str(address),
        XDG_CONFIG_HOME=str(folder / "config"),
        KIVY_HOME=str(folder / "kivy"),
    )
    for key in (
        "WATCHDOG_USEC",
        "WATCHDOG_PID",
        "DISPLAY",
        "WAYLAND_DISPLAY",
        "GPIOZERO_PIN_FACTORY",
    ):
        env.pop(key, None)
    if pins == "mock":
        env["GPIOZERO_PIN_FACTORY"] = "mock"
    started = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "piquet", "kiosk", "--db", str(db), "--windowed"],
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        while True:
            message = sock.recv(4096).decode()
            if message.startswith("READY=1"):
                return time.perf_counter() - started
    finally:
        proc.kill()
        proc.wait(10)
        sock.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--pins", choices=("mock", "none"), default="none")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        first_frame(folder, args.pins)  # a warm-up: the file caches, .pyc files
        times = []
        for _ in range(args.repeat):
            seconds = first_frame(folder, args.pins)
            times.append(seconds)
            print(f"first frame after {seconds * 1000:.0f} ms")
    print(
        f"median of {len(times)} (pins: {args.pins}): "
        f"{statistics.median(times) * 1000:.0f} ms to the first frame"
    )


if __name__ == "__main__":
    main()
