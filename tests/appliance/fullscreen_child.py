"""A real Kivy window, full screen as `piquet kiosk --fullscreen` opens it, on the
X server named by DISPLAY (a bare Xvfb, no window manager), run by
test_fullscreen.py. Prints one JSON line: Kivy's idea of the window's size and
the X server's (xwininfo) geometry of the window."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.kivy_child import kivy_settings  # noqa: E402  (once the checkout is on the path)

kivy_settings("x11", force=True)

from piquet.kiosk_command import configure_kivy, fill_the_display  # noqa: E402

configure_kivy(True)

from kivy.base import EventLoop  # noqa: E402
from kivy.core.window import Window  # noqa: E402

EventLoop.ensure_window()
fill_the_display(Window)
for _ in range(10):
    EventLoop.idle()
tree = subprocess.run(
    ["xwininfo", "-root", "-children"], capture_output=True, text=True, check=True
).stdout
found = [
    [int(g) for g in m.groups()] for m in re.finditer(r"\)\s+(\d+)x(\d+)\+(-?\d+)\+(-?\d+)", tree)
]
print(json.dumps({"kivy": list(Window.system_size), "x_windows": found}))
