"""Helpers of the appliance tests: a fake NOTIFY_SOCKET, child environments."""

from __future__ import annotations

import os
import socket
import threading
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]


class NotifySocket:
    """A fake NOTIFY_SOCKET: the unix datagram socket systemd listens on.

    A thread reads every message as it comes (as systemd does, so that the
    sender never finds the queue full); `messages` is the stream so far.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(str(path))
        self.sock.settimeout(0.05)
        self.messages: list[str] = []
        self._arrived = threading.Condition()
        self._open = True
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        while self._open:
            try:
                data = self.sock.recv(4096)
            except TimeoutError:
                continue
            except OSError:
                return
            with self._arrived:
                self.messages.append(data.decode())
                self._arrived.notify_all()

    def wait_for(self, message: str, timeout: float = 60.0) -> bool:
        """True once `message` has arrived (a generous limit, not a timing check)."""
        with self._arrived:
            return self._arrived.wait_for(lambda: message in self.messages, timeout)

    def close(self) -> None:
        self._open = False
        self._reader.join(5)
        self.sock.close()


def child_env(**extra: str) -> dict[str, str]:
    """The environment of a child that opens an offscreen Kivy window, without systemd's."""
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="offscreen",
        KIVY_NO_ARGS="1",
        KIVY_NO_CONFIG="1",
        KIVY_NO_FILELOG="1",
        KIVY_LOG_LEVEL="warning",
        GPIOZERO_PIN_FACTORY="mock",
    )
    for key in ("NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID", "DISPLAY", "WAYLAND_DISPLAY"):
        env.pop(key, None)
    env.update(extra)
    return env
