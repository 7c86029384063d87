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
"""

from __future__ import annotations

from typing import Any

from kivy.clock import Clock, ClockEvent


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
