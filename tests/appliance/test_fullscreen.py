"""`piquet kiosk --fullscreen` fills the display on a bare X server (issue 20, 3.8).

The trial's X server had no window manager: the window opened 800x480 at
(-40,400) on a 720x1280 screen, while the kiosk laid out for 720x1280. Here a
real Xvfb of each shape, no window manager, and a real Kivy window opened as
the command opens it (fullscreen_child.py); the X server's own geometry of the
window must be the screen's, at its top left corner.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from appliance_helpers import HERE, child_env

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not (shutil.which("Xvfb") and shutil.which("xwininfo")), reason="needs Xvfb and xwininfo"
    ),
]


@contextmanager
def bare_x(width: int, height: int) -> Iterator[str]:
    """A bare X server (no window manager) of that size; yields its DISPLAY."""
    read, write = os.pipe()
    server = subprocess.Popen(
        [
            "Xvfb",
            "-displayfd",
            str(write),
            "-screen",
            "0",
            f"{width}x{height}x24",
            "-nolisten",
            "tcp",
        ],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as said:
        number = said.readline().strip()
    try:
        assert number.isdigit(), "Xvfb did not say its display"
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=30)


@pytest.mark.parametrize("screen", [(720, 1280), (1280, 720)])
def test_full_screen_is_the_displays_size_at_its_corner(screen):
    with bare_x(*screen) as display:
        env = child_env()
        env["DISPLAY"] = display
        env.pop("WAYLAND_DISPLAY", None)
        done = subprocess.run(
            [sys.executable, str(HERE / "fullscreen_child.py")],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr[-3000:]
        seen = json.loads(done.stdout.strip().splitlines()[-1])
        assert seen["x_windows"] == [[*screen, 0, 0]]
        assert seen["kivy"] == list(screen)
