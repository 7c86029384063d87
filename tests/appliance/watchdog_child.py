"""A real Kivy window (offscreen) with the kiosk's watchdog, run by test_watchdog.py.

`python watchdog_child.py` with NOTIFY_SOCKET and WATCHDOG_USEC set. Between
its steps it sends markers (`X_TEST=...`) on the same socket, so the test reads
one ordered stream: nothing before the first frame, READY=1 once drawn,
WATCHDOG=1 while the clock runs, none while a clock callback hangs the loop.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.kivy_child import kivy_settings  # noqa: E402  (once the checkout is on the path)

kivy_settings()


def main() -> None:
    from piquet.kiosk_command import configure_kivy

    configure_kivy(False)
    from kivy.base import EventLoop, runTouchApp
    from kivy.clock import Clock
    from kivy.uix.label import Label

    from kiosk.watchdog import Notifier, watch_kivy

    marker = Notifier.from_environ()
    assert marker is not None
    watchdog = watch_kivy()
    assert watchdog is not None
    marker.send("X_TEST=window-open")
    runTouchApp(Label(text="piquet"), embedded=True)

    def run(seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            EventLoop.idle()

    run(float(sys.argv[1]))
    hang = float(sys.argv[2])

    def hung_callback(_dt: float) -> None:  # a tap whose handling never returns in time
        marker.send("X_TEST=stall-begin")
        time.sleep(hang)
        marker.send("X_TEST=stall-end")

    Clock.schedule_once(hung_callback, 0)
    EventLoop.idle()  # the frame whose callback hangs
    run(float(sys.argv[1]))
    marker.send("X_TEST=done")


if __name__ == "__main__":
    main()
