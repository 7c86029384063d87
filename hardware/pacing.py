"""Pacing for printers without flow control.

The small TTL printers have no RTS/CTS line and a small buffer: bytes sent
faster than the serial line carries them, or faster than the head prints,
are lost. The model is deliberately conservative and additive:

    cost(chunk) = len(chunk) * bits_per_byte / baud + line_feeds(chunk) * line_time

with 11 bits per byte (start bit, 8 data bits, stop bit, and one bit of
margin), and a wait per line feed for the head to print and advance. Before a
chunk is written the pacer sleeps until the previous chunks' cost has elapsed;
`drain()` waits for the last one. Clock and sleep are injected so tests can
count the requested waits instead of waiting.
"""

from __future__ import annotations

import time
from collections.abc import Callable

BITS_PER_BYTE = 11.0


class Pacer:
    def __init__(
        self,
        baud: int,
        line_time_s: float,
        *,
        bits_per_byte: float = BITS_PER_BYTE,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if baud <= 0:
            raise ValueError(f"baud must be positive, not {baud}")
        if line_time_s < 0:
            raise ValueError("line_time_s cannot be negative")
        self.baud = baud
        self.line_time_s = line_time_s
        self.bits_per_byte = bits_per_byte
        self._clock = clock
        self._sleep = sleep
        self._ready_at = clock()

    def cost(self, data: bytes) -> float:
        """Seconds the line and the head need for `data`."""
        return len(data) * self.bits_per_byte / self.baud + data.count(b"\n") * self.line_time_s

    def before_write(self) -> None:
        """Wait until the printer has taken everything sent before."""
        self._wait_until(self._ready_at)

    def after_write(self, data: bytes) -> None:
        self._ready_at = max(self._clock(), self._ready_at) + self.cost(data)

    def drain(self) -> None:
        """Wait until the printer has printed everything sent."""
        self._wait_until(self._ready_at)

    def _wait_until(self, deadline: float) -> None:
        delay = deadline - self._clock()
        if delay > 0:
            self._sleep(delay)
