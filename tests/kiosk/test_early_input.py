"""A click SDL holds when a frame begins reaches the widgets in that very
frame's input step (kiosk/early_input.py), not a frame later.

The click is a real SDL event, pushed into the queue of the SDL library the
window runs on (`SDL_PushEvent`), as a click through X or Wayland arrives
while the kiosk sleeps out its frame; then one turn of Kivy's loop
(`EventLoop.idle`) must hand it to the window's touch handlers.
"""

from __future__ import annotations

import ctypes
import re
from typing import Any

import pytest

from tests.kiosk.window import pump

SDL_MOUSEBUTTONDOWN = 0x401
SDL_MOUSEBUTTONUP = 0x402


class MouseButtonEvent(ctypes.Structure):
    _fields_ = [
        ("type", ctypes.c_uint32),
        ("timestamp", ctypes.c_uint32),
        ("windowID", ctypes.c_uint32),
        ("which", ctypes.c_uint32),
        ("button", ctypes.c_uint8),
        ("state", ctypes.c_uint8),
        ("clicks", ctypes.c_uint8),
        ("padding1", ctypes.c_uint8),
        ("x", ctypes.c_int32),
        ("y", ctypes.c_int32),
    ]


class Event(ctypes.Union):
    _fields_ = [("button", MouseButtonEvent), ("padding", ctypes.c_uint8 * 56)]


def loaded_sdl() -> Any:
    """The SDL library this process's Kivy window runs on (not another copy)."""
    with open("/proc/self/maps", encoding="utf-8") as maps:
        for line in maps:
            path = line.split()[-1]
            if re.search(r"/libSDL2-[^/]*\.so[^/]*$", path):
                return ctypes.CDLL(path)
    pytest.skip("no SDL library loaded in this process")


def click(sdl: Any, x: int, y: int) -> None:
    """A left click at the window's point (x, y), from its top left, queued in SDL."""
    for kind, state in ((SDL_MOUSEBUTTONDOWN, 1), (SDL_MOUSEBUTTONUP, 0)):
        event = Event()
        event.button = MouseButtonEvent(kind, 0, 0, 0, 1, state, 1, 0, x, y)
        assert sdl.SDL_PushEvent(ctypes.byref(event)) == 1


def test_a_click_waiting_in_sdl_is_in_the_next_frame(app):
    from kivy.base import EventLoop
    from kivy.core.window import Window

    from kiosk.early_input import read_early, reads_sdl

    if not reads_sdl(Window):
        pytest.skip("the window does not read SDL's events")
    sdl = loaded_sdl()
    pump()
    seen: list[str] = []

    def down(_window: Any, _touch: Any) -> bool:
        seen.append("down")
        return True  # the kiosk's screen under it takes nothing

    def up(_window: Any, _touch: Any) -> bool:
        seen.append("up")
        return True

    Window.fbind("on_touch_down", down)
    Window.fbind("on_touch_up", up)
    try:
        click(sdl, 40, 40)
        EventLoop.idle()
        assert seen == ["down", "up"]

        # without it, as Kivy alone does: the frame draws without the click,
        # which waits for the window's own read after the frame
        app._read_early.cancel()
        seen.clear()
        click(sdl, 40, 40)
        EventLoop.idle()
        assert seen == []
        Window.mainloop()  # Kivy's read after the frame
        EventLoop.idle()
        assert seen == ["down", "up"]
    finally:
        app._read_early = read_early(Window)
        Window.funbind("on_touch_down", down)
        Window.funbind("on_touch_up", up)
