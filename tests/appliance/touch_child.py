"""A real Kivy window (offscreen) with the kiosk's input configuration, run by test_touch.py.

Before `configure_kivy` the Config is given the providers that Kivy's default
config on Linux has, and a Pi's ~/.kivy/config.ini may hold (probesysfs,
mtdev, hidinput: each reads the touchscreen from /dev/input a second time).
Then SDL events are pushed into SDL's own queue with SDL_PushEvent, as SDL's
KMSDRM/evdev backend produces them on a Pi: a touchscreen tap is a finger
down/up plus the mouse down/up SDL synthesizes from it (which =
SDL_TOUCH_MOUSEID); then a plain mouse click. Prints one JSON line.
"""

from __future__ import annotations

import ctypes
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

for key, value in {
    "SDL_VIDEODRIVER": "offscreen",
    "KIVY_NO_ARGS": "1",
    "KIVY_NO_CONFIG": "1",
    "KIVY_NO_FILELOG": "1",
    "KIVY_LOG_LEVEL": "warning",
}.items():
    os.environ.setdefault(key, value)

SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP = 0x401, 0x402
SDL_FINGERDOWN, SDL_FINGERUP = 0x700, 0x701
SDL_TOUCH_MOUSEID = 0xFFFFFFFF
SDL_BUTTON_LEFT = 1


class MouseButtonEvent(ctypes.Structure):
    _fields_ = [
        ("type", ctypes.c_uint32),
        ("timestamp", ctypes.c_uint32),
        ("windowID", ctypes.c_uint32),
        ("which", ctypes.c_uint32),
        ("button", ctypes.c_uint8),
        ("state", ctypes.c_uint8),
        ("clicks", ctypes.c_uint8),
        ("padding1", ctypes.c_uint8),
        ("x", ctypes.c_int32),
        ("y", ctypes.c_int32),
    ]


class TouchFingerEvent(ctypes.Structure):
    _fields_ = [
        ("type", ctypes.c_uint32),
        ("timestamp", ctypes.c_uint32),
        ("touchId", ctypes.c_int64),
        ("fingerId", ctypes.c_int64),
        ("x", ctypes.c_float),
        ("y", ctypes.c_float),
        ("dx", ctypes.c_float),
        ("dy", ctypes.c_float),
        ("pressure", ctypes.c_float),
        ("windowID", ctypes.c_uint32),
    ]


class Event(ctypes.Union):
    _fields_ = [
        ("type", ctypes.c_uint32),
        ("button", MouseButtonEvent),
        ("tfinger", TouchFingerEvent),
        ("padding", ctypes.c_uint8 * 56),
    ]


def loaded_sdl() -> ctypes.CDLL:
    """The libSDL2 Kivy has loaded (its wheel's own copy), so events go to its queue."""
    with open("/proc/self/maps") as maps:
        for line in maps:
            path = line.split()[-1]
            if "libSDL2-2" in path or "libSDL2.so" in path or "libSDL2-2.0" in path:
                return ctypes.CDLL(path)
    raise RuntimeError("libSDL2 is not loaded")


def main() -> None:
    from kivy.config import Config

    Config.set("input", "%(name)s", "probesysfs")
    Config.set("input", "mtdev_%(name)s", "probesysfs,provider=mtdev")
    Config.set("input", "hid_%(name)s", "probesysfs,provider=hidinput")
    from piquet.kiosk_command import configure_kivy

    configure_kivy(True)  # as on the Pi: full screen
    from kivy.base import EventLoop, runTouchApp
    from kivy.core.window import Window
    from kivy.uix.widget import Widget

    downs, ups = [], []

    class Table(Widget):
        def on_touch_down(self, touch):
            downs.append([round(touch.x), round(touch.y), touch.device])
            return True

        def on_touch_up(self, touch):
            ups.append(touch.device)
            return True

    runTouchApp(Table(), embedded=True)

    def pump(frames: int) -> None:  # one turn of Kivy's own loop: the clock, then SDL's queue
        for _ in range(frames):
            EventLoop.idle()
            Window.mainloop()

    pump(3)
    sdl = loaded_sdl()
    sdl.SDL_PushEvent.argtypes = [ctypes.POINTER(Event)]
    width, height = Window.system_size
    x, y = width // 3, height // 4  # from the top left, as SDL counts

    def push(event: Event) -> None:
        assert sdl.SDL_PushEvent(ctypes.byref(event)) == 1

    def finger(kind: int) -> None:
        e = Event()
        e.tfinger = TouchFingerEvent(
            type=kind, touchId=1, fingerId=0, x=x / width, y=y / height, pressure=1.0
        )
        push(e)

    def mouse(kind: int, which: int) -> None:
        e = Event()
        e.button = MouseButtonEvent(
            type=kind,
            which=which,
            button=SDL_BUTTON_LEFT,
            state=int(kind == SDL_MOUSEBUTTONDOWN),
            clicks=1,
            x=x,
            y=y,
        )
        push(e)

    taps = {}
    for name, events in {
        "touchscreen": [
            (finger, SDL_FINGERDOWN),
            (mouse, SDL_MOUSEBUTTONDOWN, SDL_TOUCH_MOUSEID),
            (finger, SDL_FINGERUP),
            (mouse, SDL_MOUSEBUTTONUP, SDL_TOUCH_MOUSEID),
        ],
        "mouse": [(mouse, SDL_MOUSEBUTTONDOWN, 0), (mouse, SDL_MOUSEBUTTONUP, 0)],
    }.items():
        downs.clear()
        ups.clear()
        for fn, *args in events:
            fn(*args)
        pump(5)
        taps[name] = {"downs": list(downs), "ups": list(ups)}
    print(
        json.dumps(
            {
                "taps": taps,
                "expected_at": [x, height - 1 - y],
                "window": [width, height],
                "input_config": Config.items("input"),
                "providers": sorted(type(p).__name__ for p in EventLoop.input_providers),
            }
        )
    )


if __name__ == "__main__":
    main()
