"""A click SDL holds when a frame begins reaches the widgets in that very
frame's input step (kiosk/early_input.py), not a frame later.

The click is a real SDL event, pushed into the queue of the SDL library the
window runs on (`SDL_PushEvent`), as a click through X or Wayland arrives
while the kiosk sleeps out its frame; then one turn of Kivy's loop
(`EventLoop.idle`) must hand it to the window's touch handlers.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from tests.kiosk.window import pump
from tests.sdl_events import SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP, loaded_sdl, mouse, push


def click(sdl: Any, x: int, y: int) -> None:
    """A left click at the window's point (x, y), from its top left, queued in SDL."""
    push(sdl, mouse(SDL_MOUSEBUTTONDOWN, x, y))
    push(sdl, mouse(SDL_MOUSEBUTTONUP, x, y))


def sdl_of_the_window() -> Any:
    """The SDL library the kiosk's window reads its events from; the test is
    skipped where there is none."""
    from kivy.core.window import Window

    from kiosk.early_input import reads_sdl

    if not reads_sdl(Window):
        pytest.skip("the window does not read SDL's events")
    try:
        return loaded_sdl()
    except RuntimeError:
        pytest.skip("no SDL library loaded in this process")


@contextmanager
def touches_seen() -> Iterator[list[str]]:
    """What reaches the window's touch handlers meanwhile ("down", "up"); the
    kiosk's screen under them takes nothing."""
    from kivy.core.window import Window

    seen: list[str] = []

    def down(_window: Any, _touch: Any) -> bool:
        seen.append("down")
        return True

    def up(_window: Any, _touch: Any) -> bool:
        seen.append("up")
        return True

    Window.fbind("on_touch_down", down)
    Window.fbind("on_touch_up", up)
    try:
        yield seen
    finally:
        Window.funbind("on_touch_down", down)
        Window.funbind("on_touch_up", up)


def test_a_click_waiting_in_sdl_is_in_the_next_frame(app):
    from kivy.base import EventLoop
    from kivy.core.window import Window

    from kiosk.early_input import read_early, watch_input

    sdl = sdl_of_the_window()
    pump()
    try:
        with touches_seen() as seen:
            click(sdl, 40, 40)
            EventLoop.idle()
            assert seen == ["down", "up"]

            # without it (nor the watch over the sleep, test_input_watch.py), as
            # Kivy alone does: the frame draws without the click, which waits
            # for the window's own read after the frame
            app._read_early.cancel()
            app._input_watch.cancel()
            seen.clear()
            click(sdl, 40, 40)
            EventLoop.idle()
            assert seen == []
            Window.mainloop()  # Kivy's read after the frame
            EventLoop.idle()
            assert seen == ["down", "up"]
    finally:
        app._read_early = read_early(Window)
        app._input_watch = watch_input(Window)
