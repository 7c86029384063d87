"""A touch that lands while the kiosk sleeps out its frame ends that sleep
(kiosk/early_input.py, `InputWatch`): the input step takes it at once, not at
the next 1/60 s.

The sleeps are counted, never timed: each piece of the clock's sleep goes
through a recorder, which sleeps it for real and may land a touch during it.
A fresh Kivy clock and loop (`ClockBase`, `EventLoopBase`) for the watch's own
rules; then the kiosk's real window, a real SDL click and Kivy's loop.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from tests.kiosk.test_early_input import click, sdl_of_the_window, touches_seen
from tests.kiosk.window import pump


class Recorder:
    """A clock's sleep (microseconds), slept for real and recorded; at the
    `land_at`-th piece, `land` is called (a finger landing meanwhile)."""

    def __init__(self, land: Callable[[], None] = lambda: None, land_at: int = 0) -> None:
        self.pieces: list[float] = []
        self.land = land
        self.land_at = land_at

    def __call__(self, microseconds: float) -> None:
        self.pieces.append(microseconds / 1e6)
        if len(self.pieces) == self.land_at:
            self.land()
        time.sleep(microseconds / 1e6)


def fresh() -> tuple[Any, Any, list[tuple[str, str]]]:
    """A clock at 60 frames a second and a loop with one input provider, whose
    queue (a list) holds the touches that have landed."""
    from kivy.base import EventLoopBase
    from kivy.clock import ClockBase
    from kivy.input.provider import MotionEventProvider

    queue: list[tuple[str, str]] = []

    class Finger(MotionEventProvider):
        def update(self, dispatch_fn: Callable[..., None]) -> None:
            while queue:
                dispatch_fn(*queue.pop(0))

    clock, loop = ClockBase(), EventLoopBase()
    clock._max_fps = 60
    loop.input_providers.append(Finger("test", None))
    return clock, loop, queue


def one_frame(clock: Any) -> None:
    """The clock's wait before a frame, from the start of the frame just drawn."""
    clock._last_tick = clock.time()
    clock.idle()


def test_a_still_table_sleeps_out_its_frame_in_pieces():
    from kiosk.early_input import SLICE_S, InputWatch

    clock, loop, _queue = fresh()
    sleep = Recorder()
    InputWatch(clock, loop, window=None, sleep=sleep)
    one_frame(clock)
    assert len(sleep.pieces) >= 2
    assert max(sleep.pieces) <= SLICE_S
    assert loop.input_events == []


def test_a_touch_that_lands_ends_the_sleep_after_its_piece():
    from kiosk.early_input import InputWatch

    clock, loop, queue = fresh()
    sleep = Recorder(lambda: queue.append(("begin", "finger")), land_at=1)
    InputWatch(clock, loop, window=None, sleep=sleep)
    one_frame(clock)
    assert len(sleep.pieces) == 1  # the frame's sleep ended there
    assert loop.input_events == [("begin", "finger")]  # held for the input step


def test_a_touch_already_waiting_is_not_slept_on():
    from kiosk.early_input import InputWatch

    clock, loop, _queue = fresh()
    sleep = Recorder()
    InputWatch(clock, loop, window=None, sleep=sleep)
    loop.input_events.append(("begin", "finger"))
    one_frame(clock)
    assert sleep.pieces == []


def test_once_cancelled_the_clock_sleeps_as_kivys_own():
    from kiosk.early_input import InputWatch, watch_input

    clock, loop, _queue = fresh()
    watch = watch_input(None, clock=clock, loop=loop)
    assert isinstance(watch, InputWatch)
    assert watch_input(None, clock=clock, loop=loop) is None  # one watch at a time
    watch.cancel()
    assert "usleep" not in vars(clock) and "_check_ready" not in vars(clock)
    assert isinstance(watch_input(None, clock=clock, loop=loop), InputWatch)


def test_a_clock_that_sleeps_otherwise_is_left_alone():
    from kivy.clock import ClockBaseInterrupt

    from kiosk.early_input import watch_input

    _clock, loop, _queue = fresh()
    assert watch_input(None, clock=ClockBaseInterrupt(), loop=loop) is None


def test_a_click_made_while_the_kiosk_sleeps_is_taken_in_that_frame(app):
    """The kiosk's window, Kivy's clock and loop: a real SDL click queued
    during the first piece of the sleep reaches the window's touch handlers
    in that very turn of the loop, the rest of the sleep not slept."""
    from kivy.base import EventLoop
    from kivy.clock import Clock
    from kivy.core.window import Window

    from kiosk.early_input import InputWatch, watch_input

    sdl = sdl_of_the_window()
    assert isinstance(app._input_watch, InputWatch)  # the kiosk watches
    pump()
    app._input_watch.cancel()
    sleep = Recorder(lambda: click(sdl, 40, 40), land_at=1)
    watch = InputWatch(Clock, EventLoop, Window, sleep=sleep)
    try:
        with touches_seen() as seen:
            Clock._last_tick = Clock.time()
            EventLoop.idle()
        assert seen == ["down", "up"]
        assert len(sleep.pieces) == 1
    finally:
        watch.cancel()
        app._input_watch = watch_input(Window)
