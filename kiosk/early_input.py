"""The window's own events (SDL's: the table's touchscreen, which SDL reads
on the Pi and hands over as clicks, a mouse, X's or Wayland's, the keys)
read once more just before Kivy's input step, so that a tap made while the
kiosk is still goes into the very next frame.

Kivy's loop, each frame (`kivy.base.EventLoopBase.idle`, then the window's
`mainloop`):

1. the clock's tick: it sleeps out what is left of the frame's time, then
   runs the clock's events;
2. the input step: the touches Kivy's input providers hold go to the widgets;
3. the frame drawn and flipped;
4. and only then the window's events read from SDL, a click among them,
   which the mouse provider holds for the next input step.

A click that comes while the loop sleeps (1: most of the time, at a table
at rest) is read at 4, after a frame that could have shown it, and reaches
the widgets a whole frame later (1/60 s): through X, the kiosk's trick tap
took two frames from the click to the frame that shows it, where one does.
`read_early` reads SDL's events once more in the clock's tick, after its
sleep and before the input step. Kivy's own read at 4 stays: it takes what
came meanwhile. Nothing is read twice (SDL hands each event out once) and
nothing else moves: the events are the same, handled by the same code, only
sooner. Touches from Kivy's own providers (mtdev, hidinput: only when
`PIQUET_KIOSK_INPUT` names one, docs/appliance.md) reach the input step
directly already.

And a tap need not wait out the sleep at 1 either (`watch_input`): the
sleep is cut into pieces of SLICE_S at most, and after each the window's
events and Kivy's input providers are read. A touch among them ends the
sleep: the clock's events run, then the input step takes the touch, and the
frame that shows it is made at once, not at the next 1/60 s. A finger that
lands on a still table waited 8 ms on average for that frame to begin (up to
16.7); now 2 (up to SLICE_S). The touch itself is read the same way, by the
same code, and handed on in the same order; only the wait is shorter. At
rest the kiosk wakes four times a frame instead of once, to look.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.base import EventLoop
from kivy.clock import Clock, ClockBaseBehavior, ClockEvent

# the clock's sleep between two frames, in pieces of this many seconds at most
SLICE_S = 0.004


def reads_sdl(window: Any) -> bool:
    """Whether `window` takes its events from SDL in its `mainloop`, as
    Kivy's SDL2 window does."""
    return type(window).__name__ == "WindowSDL" and callable(getattr(window, "mainloop", None))


def read_early(window: Any) -> ClockEvent | None:
    """From now on, `window`'s events read in every clock tick, ahead of the
    input step; the clock event (cancel it to stop), or None for a window
    that does not read SDL's events (nothing done)."""
    if not reads_sdl(window):
        return None
    return Clock.schedule_interval(lambda _dt: window.mainloop(), 0)


class InputWatch:
    """The clock's sleep before each frame, cut into SLICE_S pieces; after each
    piece, the window's events (if it reads SDL's) and every input provider
    of the loop are read, and a touch they hold ends the sleep. `sleep`:
    how a piece is slept (microseconds), the clock's own by default."""

    def __init__(
        self,
        clock: Any,
        loop: Any,
        window: Any,
        sleep: Callable[[float], None] | None = None,
    ) -> None:
        self._clock = clock
        self._loop = loop
        self._window = window if reads_sdl(window) else None
        self._sleep = sleep or clock.usleep
        self._ready = clock._check_ready
        # Kivy's clock reads both from itself at every sleep (`ClockBaseBehavior.idle`)
        clock.usleep = self.usleep
        clock._check_ready = self.check_ready

    def usleep(self, microseconds: float) -> None:
        """The clock's sleep, in pieces, until a touch waits."""
        left = microseconds / 1e6
        while left > 0:
            piece = min(left, SLICE_S)
            self._sleep(piece * 1e6)
            left -= piece
            if self.touched():
                return

    def check_ready(self, fps: float, min_sleep: float, undershoot: float) -> tuple[bool, float]:
        """Kivy's own `_check_ready`, unless a touch waits: then no more sleep."""
        if self._loop.input_events or self._loop.quit:
            return True, 0.0
        done, sleep = self._ready(fps, min_sleep, undershoot)
        return bool(done), float(sleep)

    def touched(self) -> bool:
        """Whether a touch (or the end) waits for the input step, once the
        window's events and the providers' are read."""
        loop = self._loop
        if self._window is not None:
            self._window.mainloop()
        for provider in loop.input_providers:
            provider.update(dispatch_fn=loop._dispatch_input)
        return bool(loop.input_events) or bool(loop.quit)

    def cancel(self) -> None:
        """The clock sleeps as Kivy's own again."""
        for name in ("usleep", "_check_ready"):
            vars(self._clock).pop(name, None)


def watch_input(window: Any, clock: Any = Clock, loop: Any = EventLoop) -> InputWatch | None:
    """From now on, `clock`'s sleep before each frame ends at the first touch
    (`InputWatch`); None where the clock sleeps otherwise than Kivy's
    default one (nothing done)."""
    kind = clock.__class__  # (Kivy's `Clock` is a proxy: its object's class)
    if kind.idle is not ClockBaseBehavior.idle or "usleep" in vars(clock):
        return None
    return InputWatch(clock, loop, window)
