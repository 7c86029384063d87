"""Turning raw button edges into presses: debounce, long press, both seats.

Pure logic with an injected clock, so the tests are exact; `gpio_buttons.py`
feeds it gpiozero's edges and calls `poll()` when `next_deadline()` is due.

- **Debounce.** An edge counts only once the pin has kept its new level for
  `debounce_s`; bounces, and a second press within that time, are one press.
- **Short press.** A seat press is reported when the button is released (so
  that a long press is never also a trick), and only after `both_window_s`
  from its start has passed without the other seat.
- **Both seats.** Two seat presses starting within `both_window_s` of each
  other are one `BothPressed`, and nothing else.
- **Long press.** A button held `long_press_s` gives one `UndoHold`, reported
  while it is still held. A button stuck down gives that one event and then
  nothing, however long it stays down.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

from hardware.button_events import (
    CONFIRM,
    SEAT_A,
    SEAT_B,
    BothPressed,
    ButtonEvent,
    ConfirmPress,
    SeatPress,
    UndoHold,
)


@dataclass
class _Button:
    raw: bool = False
    raw_at: float = 0.0
    down: bool = False  # the debounced level
    press_at: float = 0.0
    held: bool = False  # UndoHold given for this press
    paired: bool = False  # part of a BothPressed
    pending: bool = False  # a released seat press waiting out the both window


class PressInterpreter:
    def __init__(
        self,
        emit: Callable[[ButtonEvent], None],
        clock: Callable[[], float],
        *,
        debounce_s: float = 0.05,
        both_window_s: float = 0.3,
        long_press_s: float = 1.5,
    ) -> None:
        self._emit = emit
        self._clock = clock
        self.debounce_s = debounce_s
        self.both_window_s = both_window_s
        self.long_press_s = long_press_s
        self._buttons = {b: _Button() for b in (SEAT_A, SEAT_B, CONFIRM)}
        self._lock = threading.Lock()

    def edge(self, button: int, pressed: bool) -> None:
        """A raw level change of `button` now (called on gpiozero's thread)."""
        now = self._clock()
        with self._lock:
            events = self._settle(now)
            b = self._buttons[button]
            if pressed != b.raw:
                b.raw, b.raw_at = pressed, now
        self._send(events)

    def poll(self) -> None:
        """Apply every edge, hold and wait that is due by now."""
        now = self._clock()
        with self._lock:
            events = self._settle(now)
        self._send(events)

    def next_deadline(self) -> float | None:
        """When `poll()` next has something to do, or None when idle."""
        with self._lock:
            times = []
            for b in self._buttons.values():
                if b.raw != b.down:
                    times.append(b.raw_at + self.debounce_s)
                if b.down and not b.held and not b.paired:
                    times.append(b.press_at + self.long_press_s)
                if b.pending:
                    times.append(b.press_at + self.both_window_s)
            return min(times) if times else None

    def _settle(self, now: float) -> list[ButtonEvent]:
        events: list[ButtonEvent] = []
        # stable edges in time order, so a press and its partner pair correctly
        due = sorted(
            (b.raw_at, i) for i, b in self._buttons.items()
            if b.raw != b.down and now - b.raw_at >= self.debounce_s
        )
        for at, i in due:
            b = self._buttons[i]
            if b.down and not b.held and not b.paired and at - b.press_at >= self.long_press_s:
                b.held = True  # released after the hold time, before a poll saw it
                events.append(UndoHold(i))
            if b.raw:
                self._pressed(i, at, events)
            else:
                self._released(i, at, events)
        for i, b in self._buttons.items():
            if b.down and not b.held and not b.paired and now - b.press_at >= self.long_press_s:
                b.held = True
                events.append(UndoHold(i))
            if b.pending and now - b.press_at >= self.both_window_s:
                b.pending = False
                events.append(SeatPress(i))
        return events

    def _pressed(self, i: int, at: float, events: list[ButtonEvent]) -> None:
        b = self._buttons[i]
        b.down, b.press_at, b.held, b.paired, b.pending = True, at, False, False, False
        if i == CONFIRM:
            return
        other = self._buttons[SEAT_B if i == SEAT_A else SEAT_A]
        close = at - other.press_at <= self.both_window_s
        if close and (other.pending or (other.down and not other.held and not other.paired)):
            b.paired = other.paired = True
            other.pending = False
            events.append(BothPressed())

    def _released(self, i: int, at: float, events: list[ButtonEvent]) -> None:
        b = self._buttons[i]
        b.down = False
        if b.held or b.paired:
            return
        if i == CONFIRM:
            events.append(ConfirmPress())
        else:
            b.pending = True

    def _send(self, events: list[ButtonEvent]) -> None:
        for event in events:
            self._emit(event)
