"""systemd's notify protocol for the kiosk: ready once drawn, then a watchdog fed by the UI loop.

Under `systemd/piquet-kiosk.service` (`Type=notify`, `WatchdogSec=`) systemd
passes `NOTIFY_SOCKET` and `WATCHDOG_USEC`. The kiosk then sends:
- `READY=1` once the first frame is on the screen (systemd counts the start
  as done only then: a kiosk that cannot draw is a failed start);
- `WATCHDOG=1` every half interval from a Kivy clock callback, never from a
  thread: a hung UI loop stops feeding the watchdog, and systemd kills the
  kiosk and starts it again on the same question (the journal holds every tap);
- `STOPPING=1` when the app ends.

sd_notify(3) is one datagram on a unix socket; these few lines are ours, so
nothing is added to the dependencies. Without `NOTIFY_SOCKET` (a desktop, the
tests) `watch_kivy` does nothing.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Mapping
from typing import Any


def socket_address(value: str) -> str | bytes:
    """The address in `NOTIFY_SOCKET`: a path, or "@name" in the abstract namespace."""
    if value.startswith("@"):
        return b"\0" + value[1:].encode()
    return value


class Notifier:
    """Sends sd_notify messages ("READY=1", "WATCHDOG=1", ...) to one socket."""

    def __init__(self, address: str | bytes) -> None:
        self.address = address
        self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC)

    @classmethod
    def from_environ(cls, environ: Mapping[str, str] | None = None) -> Notifier | None:
        """The notifier systemd asked for, or None when not run by it."""
        environ = os.environ if environ is None else environ
        value = environ.get("NOTIFY_SOCKET", "")
        if not value or not (value.startswith("/") or value.startswith("@")):
            return None
        return cls(socket_address(value))

    def send(self, *assignments: str) -> bool:
        """One message of "KEY=value" lines; False (never an exception) when it cannot go."""
        try:  # never blocks the UI loop: with systemd's queue full, this one is dropped
            self._sock.sendto("\n".join(assignments).encode(), socket.MSG_DONTWAIT, self.address)
        except OSError:
            return False
        return True

    def close(self) -> None:
        self._sock.close()


def watchdog_interval(environ: Mapping[str, str] | None = None) -> float | None:
    """`WATCHDOG_USEC` in seconds, when the watchdog is on and meant for this process."""
    environ = os.environ if environ is None else environ
    pid = environ.get("WATCHDOG_PID", "")
    if pid and pid != str(os.getpid()):
        return None
    try:
        usec = int(environ.get("WATCHDOG_USEC", ""))
    except ValueError:
        return None
    return usec / 1_000_000 if usec > 0 else None


class KioskWatchdog:
    """READY=1 after the first frame, then WATCHDOG=1 from the clock every interval/2."""

    def __init__(self, notifier: Notifier, interval: float | None, clock: Any) -> None:
        self.notifier = notifier
        self.interval = interval
        self.clock = clock
        self.ready = False
        self._feeding: Any = None

    @property
    def period(self) -> float | None:
        """How often WATCHDOG=1 is sent: half of systemd's interval."""
        return None if self.interval is None else self.interval / 2

    def frame_flipped(self, *_args: Any) -> None:
        """The window's on_flip: the first frame is drawn; READY=1 on the next tick."""
        if not self.ready:
            self.ready = True
            self.clock.schedule_once(self._announce, 0)

    def _announce(self, _dt: float) -> None:
        self.notifier.send("READY=1", "STATUS=The table is on screen.")
        if self.period is not None:
            self._feeding = self.clock.schedule_interval(self.feed, self.period)

    def feed(self, _dt: float) -> None:
        """Runs on the Kivy clock: a stalled clock sends nothing."""
        self.notifier.send("WATCHDOG=1")

    def stopping(self, *_args: Any) -> None:
        if self._feeding is not None:
            self._feeding.cancel()
        self.notifier.send("STOPPING=1")


def watch_kivy(environ: Mapping[str, str] | None = None) -> KioskWatchdog | None:
    """Hook the kiosk to systemd through Kivy's window and clock (None when not under systemd).

    Call it before `app.run()`; Kivy's window must be configured already.
    """
    notifier = Notifier.from_environ(environ)
    if notifier is None:
        return None
    from kivy.clock import Clock
    from kivy.core.window import Window

    watchdog = KioskWatchdog(notifier, watchdog_interval(environ), Clock)
    Window.fbind("on_flip", watchdog.frame_flipped)
    Window.fbind("on_close", watchdog.stopping)
    return watchdog
