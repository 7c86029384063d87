"""One tap, one touch: the kiosk reads the touchscreen through exactly one path.

On the Pi, SDL (KMSDRM, with its own evdev input) reads the touchscreen and
turns each tap into a finger event plus a synthesized mouse event; Kivy's
window takes the mouse one (its "mouse" provider) and, on Linux, leaves the
finger one. Kivy's own readers of /dev/input (probesysfs, mtdev, hidinput)
would count the same tap again, so `configure_kivy` removes them, even when a
Kivy config file names them. The child (touch_child.py) opens a real
offscreen window with that configuration and pushes SDL events into SDL's
queue.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from appliance_helpers import HERE, child_env

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def taps() -> dict:
    done = subprocess.run(
        [sys.executable, str(HERE / "touch_child.py")],
        env=child_env(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_touchscreen_tap_is_one_touch_where_the_finger_was(taps):
    tap = taps["taps"]["touchscreen"]
    assert [down[:2] for down in tap["downs"]] == [taps["expected_at"]]
    assert len(tap["ups"]) == 1


def test_a_mouse_click_is_one_touch_too(taps):
    click = taps["taps"]["mouse"]
    assert [down[:2] for down in click["downs"]] == [taps["expected_at"]]
    assert len(click["ups"]) == 1


def test_the_config_holds_no_second_provider(taps):
    assert taps["input_config"] == [["mouse", "mouse,disable_multitouch"]]
    # the window's own SDL provider is fed finger events only on Android and iOS
    assert taps["providers"] == ["MouseMotionEventProvider", "SDL2MotionEventProvider"]
