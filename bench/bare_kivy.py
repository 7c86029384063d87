"""Bench baseline: the barest Kivy app, one Button in an 800x480 window.

    python bench/bare_kivy.py                  # one Button; READY=1 after the first frame
    python bench/bare_kivy.py --taps N --out F # a Button over a Label: N taps, each
                                               # counted in the Label (bench/taps.py)
    python bench/bare_kivy.py --taps N --out F --x  # the taps through X (XTest)

The floor the kiosk is measured against (bench/kiosk_figures.py): the same
interpreter, the same Kivy and window settings as `piquet kiosk --windowed`,
and the same signal for its first frame (systemd's READY=1 on $NOTIFY_SOCKET,
sent on the clock tick after the first flip, as kiosk/watchdog.py does).
"""

from __future__ import annotations

import argparse
import os
import socket
import sys


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=0)
    parser.add_argument("--out", default="")
    parser.add_argument("--x", action="store_true", help="tap through X (XTest)")
    args = parser.parse_args()

    from kivy.config import Config

    Config.set("graphics", "width", "800")
    Config.set("graphics", "height", "480")
    Config.set("graphics", "fullscreen", "0")
    Config.set("input", "mouse", "mouse,disable_multitouch")
    from kivy.app import App
    from kivy.clock import Clock
    from kivy.core.window import Window
    from kivy.uix.button import Button

    address = os.environ.get("NOTIFY_SOCKET")
    if address:

        def ready(_dt: float) -> None:
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
                sock.sendto(b"READY=1", address)

        def flipped(*_args: object) -> None:
            Window.funbind("on_flip", flipped)
            Clock.schedule_once(ready, 0)

        Window.fbind("on_flip", flipped)

    class Bare(App):
        def build(self) -> Button:
            if not args.taps:
                return Button(text="Tap")
            from kivy.uix.boxlayout import BoxLayout
            from kivy.uix.label import Label

            sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
            from taps import Tapper, XTapper, pending

            box = BoxLayout(orientation="vertical")
            label = Label(text="0")
            button = Button(text="Tap")
            button.bind(on_release=lambda *_: setattr(label, "text", str(int(label.text) + 1)))
            box.add_widget(label)
            box.add_widget(button)

            def choose() -> tuple[Button, bool] | None:
                return (button, True) if int(label.text) < args.taps else None

            def start(_dt: float) -> None:
                fingers = XTapper() if args.x else None
                Tapper(choose, lambda: not pending(box), args.out, fingers=fingers)

            Clock.schedule_once(start, 0)
            return box

    Bare().run()


if __name__ == "__main__":
    main()
