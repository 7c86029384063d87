"""Turning raw button edges into presses: debounce, long press, both seats.

Pure logic with an injected clock, so the tests are exact; `gpio_buttons.py`
feeds it gpiozero's edges and calls `poll()` when `next_deadline()` is due.
The clock is `time.monotonic()` on the table, so the kiosk can compare an
event's `pressed_at` with its own `time.monotonic()` readings.

- **Debounce.** An edge counts only once the pin has kept its new level for
  `debounce_s`; bounces, and a second press within that time, are one press.
  The press (or release) counts from its first edge: that is `pressed_at`.
- **Short press.** A seat press is reported when the button is released (so
  that a long press is never also a trick), and only after `both_window_s`
  from its start has passed without the other seat: `SeatPress(seat,
  pressed_at)` is decided at max(release, pressed_at + both_window_s). The
  confirm button's `ConfirmPress` is decided at its release.
- **Both seats.** Two seat presses starting within `both_window_s` of each
  other are one `BothPressed` (decided at the second press; its `pressed_at`
  is the first's), and nothing else: no trick, no undo, however long held.
- **Long press.** A button held `long_press_s` gives one `UndoHold(button,
  pressed_at)`, reported while it is still held, decided at pressed_at +
  long_press_s. A button stuck down gives that one event and then nothing,
  however long it stays down. A release still bouncing at that moment is
  waited for (at most `debounce_s`) before the hold is decided.
- **A press during a hold.** While one seat is held, the other seat's press
  (outside the both-seat window) is its own `SeatPress`, reported when it is
  decided, before or after the hold's `UndoHold`. Each event carries when its
  press began, so the kiosk undoes only what it was showing at the hold's
  `pressed_at`, never the trick the other seat entered meanwhile.
- **Order.** Events are reported in the order of the moments they are
  decided, even when `poll()` comes late and several fall due at once (a
  hold and a release at the same moment: the hold first).
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

_HOLD, _EDGE, _WINDOW = 0, 1, 2  # what falls due; also the order on a tie


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
        """Apply, in time order, everything decided by `now`."""
        events: list[ButtonEvent] = []
        while (step := self._next_due(now)) is not None:
            _, kind, i = step
            b = self._buttons[i]
            if kind == _HOLD:
                b.held = True
                events.append(UndoHold(i, b.press_at))
            elif kind == _EDGE:
                if b.raw:
                    self._pressed(i, b.raw_at, events)
                else:
                    self._released(i, b.raw_at, events)
            else:
                b.pending = False
                events.append(SeatPress(i, b.press_at))
        return events

    def _next_due(self, now: float) -> tuple[float, int, int] | None:
        """The earliest (moment, kind, button) decided by `now`; on a tie a hold
        goes before an edge, and an edge before the end of a both-seat window."""
        due = []
        for i, b in self._buttons.items():
            moving = b.raw != b.down
            if moving and now - b.raw_at >= self.debounce_s:
                due.append((b.raw_at, _EDGE, i))
            hold_at = b.press_at + self.long_press_s
            if (
                b.down
                and not b.held
                and not b.paired
                and hold_at <= now
                and not (moving and b.raw_at < hold_at)
            ):  # a release not yet sure
                due.append((hold_at, _HOLD, i))
            if b.pending and b.press_at + self.both_window_s <= now:
                due.append((b.press_at + self.both_window_s, _WINDOW, i))
        return min(due) if due else None

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
            events.append(BothPressed(min(other.press_at, at)))

    def _released(self, i: int, at: float, events: list[ButtonEvent]) -> None:
        b = self._buttons[i]
        b.down = False
        if b.held or b.paired:
            return
        if i == CONFIRM:
            events.append(ConfirmPress(b.press_at))
        else:
            b.pending = True

    def _send(self, events: list[ButtonEvent]) -> None:
        for event in events:
            self._emit(event)
