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

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.kivy_child import kivy_settings  # noqa: E402  (once the checkout is on the path)

kivy_settings()


def main() -> None:
    from kivy.config import Config

    from tests.sdl_events import (
        SDL_FINGERDOWN,
        SDL_FINGERUP,
        SDL_MOUSEBUTTONDOWN,
        SDL_MOUSEBUTTONUP,
        SDL_TOUCH_MOUSEID,
        Event,
        TouchFingerEvent,
        loaded_sdl,
        mouse,
        push,
    )

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
    width, height = Window.system_size
    x, y = width // 3, height // 4  # from the top left, as SDL counts

    def finger(kind: int) -> None:
        e = Event()
        e.tfinger = TouchFingerEvent(
            type=kind, touchId=1, fingerId=0, x=x / width, y=y / height, pressure=1.0
        )
        push(sdl, e)

    def click(kind: int, which: int) -> None:
        push(sdl, mouse(kind, x, y, which))

    taps = {}
    for name, events in {
        "touchscreen": [
            (finger, SDL_FINGERDOWN),
            (click, SDL_MOUSEBUTTONDOWN, SDL_TOUCH_MOUSEID),
            (finger, SDL_FINGERUP),
            (click, SDL_MOUSEBUTTONUP, SDL_TOUCH_MOUSEID),
        ],
        "mouse": [(click, SDL_MOUSEBUTTONDOWN, 0), (click, SDL_MOUSEBUTTONUP, 0)],
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
