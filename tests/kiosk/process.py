"""The kiosk as a process for the restart tests: `piquet kiosk --db FILE` offscreen,
whose test hooks (kiosk/app.py) tap buttons by key and dump the visible texts."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path


def start_kiosk(db: Path, dump: Path, taps: str = "") -> subprocess.Popen:
    env = dict(
        os.environ,
        PIQUET_KIOSK_DUMP=str(dump),
        PIQUET_KIOSK_TAPS=taps,
        SDL_VIDEODRIVER="offscreen",
        KIVY_NO_ARGS="1",
        KIVY_NO_CONFIG="1",
        KIVY_NO_FILELOG="1",
        KIVY_LOG_LEVEL="warning",
    )
    return subprocess.Popen(
        [sys.executable, "-m", "piquet", "kiosk", "--db", str(db), "--windowed", "--lang", "en"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )


def wait_for_dump(proc: subprocess.Popen, dump: Path, limit: float = 60) -> dict:
    """The dump once the app has done its taps (a generous limit, not a timing check)."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise AssertionError(f"the kiosk exited: {proc.stderr.read().decode()[-2000:]}")
        if dump.exists():
            data = json.loads(dump.read_text(encoding="utf-8"))
            if data.get("ready"):
                return data
        time.sleep(0.1)
    raise AssertionError("the kiosk never showed its screen")


def kill(proc: subprocess.Popen) -> None:
    proc.send_signal(signal.SIGKILL)
    proc.wait(10)
