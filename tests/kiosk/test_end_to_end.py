"""The kiosk under a real X server (Xvfb), clicked with xdotool.

This goes through SDL's own input path, the one a touchscreen uses: one
click must be exactly one action in the journal (no tap counted twice).
Skipped where Xvfb or xdotool is missing (scripts/setup installs them).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from journal import Journal
from scorer import score_record

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not (shutil.which("Xvfb") and shutil.which("xdotool")), reason="needs Xvfb and xdotool"
    ),
]


@pytest.fixture
def display():
    read, write = os.pipe()
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "800x480x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as f:
        number = f.readline().strip()
    yield f":{number}"
    xvfb.terminate()
    xvfb.wait(10)


def wait_for(dump: Path, proc: subprocess.Popen, check, limit: float = 60) -> dict:
    """The first dump that passes `check` (a generous limit, not a timing check)."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        assert proc.poll() is None, proc.stderr.read().decode()[-2000:]
        if dump.exists():
            data = json.loads(dump.read_text(encoding="utf-8"))
            if data.get("ready") and check(data):
                return data
        time.sleep(0.1)
    raise AssertionError(f"the screen never came: {dump.read_text() if dump.exists() else ''}")


def click(display: str, window: str, x: int, y: int) -> None:
    env = dict(os.environ, DISPLAY=display)
    subprocess.run(
        ["xdotool", "mousemove", "--window", window, str(x), str(y), "click", "1"],
        env=env,
        check=True,
    )


def test_clicks_through_sdl_are_one_action_each(tmp_path, display):
    db = tmp_path / "j.sqlite3"
    with Journal.open(db) as j:
        j.new_partie(["Anne", "Bruno"], "Bruno")
    dump = tmp_path / "screen.json"
    env = dict(
        os.environ,
        DISPLAY=display,
        SDL_VIDEODRIVER="x11",
        PIQUET_KIOSK_DUMP=str(dump),
        KIVY_NO_ARGS="1",
        KIVY_NO_CONFIG="1",
        KIVY_NO_FILELOG="1",
    )
    env.pop("WAYLAND_DISPLAY", None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "piquet", "kiosk", "--db", str(db), "--windowed"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        shown = wait_for(dump, proc, lambda d: "cb-younger" in d["keys"])
        window = subprocess.run(
            ["xdotool", "search", "--classname", "."],  # the only one
            env=dict(os.environ, DISPLAY=display),
            check=True,
            capture_output=True,
            text=True,
            timeout=30,
        ).stdout.split()[0]
        click(display, window, *shown["keys"]["cb-younger"])
        shown = wait_for(dump, proc, lambda d: "cb-younger" not in d["keys"])
        click(display, window, *shown["keys"]["cb-done"])
        shown = wait_for(dump, proc, lambda d: "ex-done" in d["keys"])
    finally:
        proc.kill()
        proc.wait(10)
    with Journal.open(db) as j:
        assert [dict(a) for a in j.actions()] == [{"carte_blanche": "younger"}, {"say": "done"}]
        totals = score_record(j.record())["totals"]
    texts = shown["texts"]
    i = texts.index("–")
    names = [re.sub(r" \([^)]*\)$", "", t) for t in texts[i - 2 : i + 3]]  # "Anne (elder)"
    assert names == ["Anne", str(totals["Anne"]), "–", str(totals["Bruno"]), "Bruno"]
