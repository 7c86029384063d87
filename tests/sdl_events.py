"""SDL's own events, pushed into the queue of the SDL library this process's
Kivy window runs on (`SDL_PushEvent`), as SDL's backends produce them: a
touchscreen's finger, the mouse click SDL makes of it, a plain click. For
tests that go through the kiosk's real input path (SDL, then Kivy)."""

from __future__ import annotations

import ctypes

SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP = 0x401, 0x402
SDL_FINGERDOWN, SDL_FINGERUP = 0x700, 0x701
SDL_TOUCH_MOUSEID = 0xFFFFFFFF
SDL_BUTTON_LEFT = 1


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


class TouchFingerEvent(ctypes.Structure):
    _fields_ = [
        ("type", ctypes.c_uint32),
        ("timestamp", ctypes.c_uint32),
        ("touchId", ctypes.c_int64),
        ("fingerId", ctypes.c_int64),
        ("x", ctypes.c_float),
        ("y", ctypes.c_float),
        ("dx", ctypes.c_float),
        ("dy", ctypes.c_float),
        ("pressure", ctypes.c_float),
        ("windowID", ctypes.c_uint32),
    ]


class Event(ctypes.Union):
    _fields_ = [
        ("type", ctypes.c_uint32),
        ("button", MouseButtonEvent),
        ("tfinger", TouchFingerEvent),
        ("padding", ctypes.c_uint8 * 56),
    ]


def loaded_sdl() -> ctypes.CDLL:
    """The libSDL2 Kivy has loaded (its wheel's own copy), so events go to its
    queue; RuntimeError when none is loaded."""
    with open("/proc/self/maps", encoding="utf-8") as maps:
        for line in maps:
            path = line.split()[-1]
            if "libSDL2-2" in path or "libSDL2.so" in path or "libSDL2-2.0" in path:
                sdl = ctypes.CDLL(path)
                sdl.SDL_PushEvent.argtypes = [ctypes.POINTER(Event)]
                return sdl
    raise RuntimeError("libSDL2 is not loaded")


def push(sdl: ctypes.CDLL, event: Event) -> None:
    assert sdl.SDL_PushEvent(ctypes.byref(event)) == 1


def mouse(kind: int, x: int, y: int, which: int = 0) -> Event:
    """A left button's press or release (`kind`) at the window's point (x, y),
    from its top left, as SDL counts."""
    event = Event()
    event.button = MouseButtonEvent(
        type=kind,
        which=which,
        button=SDL_BUTTON_LEFT,
        state=int(kind == SDL_MOUSEBUTTONDOWN),
        clicks=1,
        x=x,
        y=y,
    )
    return event
