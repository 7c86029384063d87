"""Kill the kiosk in the middle of a deal for three players (SIGKILL), even
between the two taps of a two-tap answer, and start it again on the same
journal: the same screen, the same question, the same totals.

The app runs as `piquet kiosk --db FILE` in a subprocess (offscreen); the test
hooks of kiosk/app.py tap buttons by key and dump the visible texts.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from journal import Journal
from piquet.cli import main
from scorer.multi import score_record2

pytestmark = pytest.mark.slow


def start_kiosk(db: Path, dump: Path, taps: str = "") -> subprocess.Popen:
    env = dict(os.environ, PIQUET_KIOSK_DUMP=str(dump), PIQUET_KIOSK_TAPS=taps,
               SDL_VIDEODRIVER="offscreen", KIVY_NO_ARGS="1", KIVY_NO_CONFIG="1",
               KIVY_NO_FILELOG="1", KIVY_LOG_LEVEL="warning")
    return subprocess.Popen(
        [sys.executable, "-m", "piquet", "kiosk", "--db", str(db), "--windowed", "--lang", "en"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
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


def test_killed_mid_deal_and_restarted_shows_the_same_question(tmp_path):
    # actions, a carte blanche, then the first tap of "Making?" (kept in the side file)
    taps, asked = "cb-B,ex-C-1,call-5,making", "Making? Anne, what does your point make?"
    db = tmp_path / "journal.sqlite3"
    assert main(["new", "--db", str(db), "--game", "normand", "--players", "Anne", "Ben",
                 "Cleo", "--first-dealer", "Cleo"]) == 0
    dump = tmp_path / "screen.json"
    first = start_kiosk(db, dump, taps)
    try:
        before = wait_for_dump(first, dump)
    finally:
        kill(first)
    assert before["screen"] == "multi_deal"
    assert asked in before["texts"]
    dump.unlink()
    second = start_kiosk(db, dump)
    try:
        after = wait_for_dump(second, dump)
    finally:
        kill(second)
    assert after["screen"] == before["screen"]
    assert after["texts"] == before["texts"]
    with Journal.open(db) as j:
        totals = score_record2(j.record())["totals"]
    assert str(totals["Ben"]) in after["texts"]
