"""Bench helper: real touches through Kivy's input path, and the frame that shows each.

Used inside the app being measured (bench/bare_kivy.py, bench/kiosk_drive.py),
never by the kiosk itself. A `Finger` is a MotionEvent that enters the way a
touchscreen's does: an input provider hands it to Kivy's event loop in its
`dispatch_input` step (after the clock's tick, before the frame is drawn),
through the post-processing modules, to the window and the widgets. A tap is
a touch down and up at a widget's centre in the same step. The finger lands
at a moment of its own, as on a panel: a timer thread puts the touch in the
provider's queue at a random point of a frame's time (1/60 s), and the event
loop takes it at its next input step; the tap is timed from that moment.

`Tapper(choose, shown, out)` drives a script from the Kivy clock: every
frame it asks `choose()` for the next widget to tap (None: the script is
over; `WAIT`: nothing to tap yet), taps it, and on each flipped frame asks
`shown()` whether the tap's result is drawn. The time from the tap's
dispatch to the first flip where `shown()` holds is the tap's latency
(the timestamp is taken when the flip event arrives, before the check; then
the frame is flushed to the graphics driver, as a display's buffer swap does:
offscreen, SDL's swap does not, and a frame's drawing would otherwise be done
only when the next frame needs its textures, inside the next tap). The
next tap comes once the screen is still (two clock ticks without a frame: a
player's finger meets a screen at rest, its last frame finished by the
graphics driver) or a brisk player's 250 ms after the last was shown,
whichever is first: a screen that keeps redrawing after a tap pays for it. At the end it writes
`{"timed_ms": [...], "taps": n, "kinds": {kind: [...]}}` (and whatever the
script put in `extra`) to `out` and stops the app. `choose()` may name a tap's
kind, `(widget, timed, kind)`: the tap is then timed into `kinds[kind]` too
(timed or not in `timed_ms`).

`XTapper` (for `Tapper(..., fingers=XTapper())`, under an X server): the tap
goes through X itself, a pointer moved, pressed and released by the XTest
extension (as xdotool does) on the window's point; it is timed from the moment
the request is flushed to the X server to the flipped frame that shows it (on
X, the flip is the real buffer swap). Kivy reads it as its mouse.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import json
import random
import threading
import time
from collections.abc import Callable
from typing import Any

from kivy.app import App
from kivy.base import EventLoop
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.graphics.opengl import glFlush
from kivy.input.motionevent import MotionEvent
from kivy.input.provider import MotionEventProvider
from kivy.uix.widget import Widget

WAIT = object()  # choose(): nothing to tap in this frame
STILL_FRAMES = 2  # the next tap once this many clock ticks drew nothing...
MOST_GAP_S = 0.25  # ...or this long after the last tap was shown (a brisk player)
GIVE_UP_S = 20.0  # a tap never shown, or nothing to tap: the run failed


class Finger(MotionEvent):
    """A touch at (sx, sy), 0 to 1 from the window's bottom left."""

    def __init__(self, device: str, id: int, args: tuple[float, float]) -> None:
        super().__init__(device, id, args, is_touch=True, type_id="touch")

    def depack(self, args: tuple[float, float]) -> None:
        self.sx, self.sy = args
        self.profile = ["pos"]
        super().depack(args)


class TapProvider(MotionEventProvider):
    """Hands queued touches to the event loop as a touchscreen driver would."""

    def __init__(self) -> None:
        super().__init__("bench", None)
        self.queue: list[tuple[str, Finger]] = []
        self.touched_at: float | None = None  # when the finger landed
        self.sent_at: float | None = None  # ...once the event loop has taken it
        self._ids = 0
        self._lock = threading.Lock()

    def tap(self, x: float, y: float) -> None:
        """The finger lands now (from any thread)."""
        width, height = Window.system_size
        with self._lock:
            self._ids += 1
            touch = Finger(
                "bench", self._ids, (x / max(1.0, width - 1.0), y / max(1.0, height - 1.0))
            )
            self.touched_at = time.perf_counter()
            self.queue += [("begin", touch), ("end", touch)]

    def update(self, dispatch_fn: Callable[..., None]) -> None:
        with self._lock:
            queue, self.queue = self.queue, []
            touched_at = self.touched_at
        if queue:
            for kind, touch in queue:
                if kind == "end":
                    touch.update_time_end()
                dispatch_fn(kind, touch)
            self.sent_at = touched_at


class XTapper:
    """Taps through the X server with XTest: the pointer moves to the point and
    its first button goes down and up, as a mouse click made by xdotool."""

    def __init__(self) -> None:
        x11 = ctypes.util.find_library("X11")
        xtst = ctypes.util.find_library("Xtst")
        if not x11 or not xtst:
            raise RuntimeError("no libX11/libXtst for XTest taps")
        self.x11 = ctypes.CDLL(x11)
        self.xtst = ctypes.CDLL(xtst)
        self.x11.XOpenDisplay.restype = ctypes.c_void_p
        self.x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
        self.x11.XFlush.argtypes = [ctypes.c_void_p]
        self.x11.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
        self.xtst.XTestFakeMotionEvent.argtypes = [
            ctypes.c_void_p,
            ctypes.c_int,
            ctypes.c_int,
            ctypes.c_int,
            ctypes.c_ulong,
        ]
        self.xtst.XTestFakeButtonEvent.argtypes = [
            ctypes.c_void_p,
            ctypes.c_uint,
            ctypes.c_int,
            ctypes.c_ulong,
        ]
        self.display = self.x11.XOpenDisplay(None)
        if not self.display:
            raise RuntimeError("XTest taps: cannot open the X display")
        self.touched_at: float | None = None
        self.sent_at: float | None = None  # once Kivy has the touch's end
        self._lock = threading.Lock()
        Window.fbind("on_touch_up", self._arrived)

    def _arrived(self, *_args: Any) -> None:
        self.sent_at = self.touched_at

    def tap(self, x: float, y: float) -> None:
        """Clicks at the window's point (x, y), from its bottom left (any thread)."""
        density = Window.size[0] / max(1, Window.system_size[0])
        left, top = Window.left, Window.top
        sx = int(left + x / density)
        sy = int(top + Window.system_size[1] - 1 - y / density)
        with self._lock:
            d = self.display
            self.xtst.XTestFakeMotionEvent(d, -1, sx, sy, 0)
            self.x11.XSync(d, 0)  # the pointer is there before the press
            self.touched_at = time.perf_counter()
            self.xtst.XTestFakeButtonEvent(d, 1, 1, 0)
            self.xtst.XTestFakeButtonEvent(d, 1, 0, 0)
            self.x11.XFlush(d)


def pending(widget: Widget) -> bool:
    """A text or a layout of the tree still waits to be redone before a frame."""
    for w in widget.walk():
        for name in ("_trigger_texture", "_trigger_layout"):
            trigger = getattr(w, name, None)
            if trigger is not None and getattr(trigger, "is_triggered", False):
                return True
    return False


class Tapper:
    def __init__(
        self,
        choose: Callable[[], Any],
        shown: Callable[[], bool],
        out: str,
        before_tap: Callable[[], None] = lambda: None,
        fingers: Any = None,
        extra: dict[str, Any] | None = None,
    ) -> None:
        self.choose = choose
        self.shown = shown
        self.before_tap = before_tap
        self.out = out
        if fingers is None:
            fingers = TapProvider()
            EventLoop.add_input_provider(fingers)
        self.provider = fingers
        self.extra = extra if extra is not None else {}
        self.rng = random.Random(12)
        self.timed_ms: list[float] = []
        self.kinds: dict[str, list[float]] = {}
        self.kind: str | None = None  # the kind of the tap not shown yet
        self.taps = 0
        self.waiting: bool | None = None  # a tap not shown yet: whether it is timed
        self.still = 0  # clock ticks since the last frame was drawn
        self.since = time.perf_counter()
        self.flips = 0  # frames drawn since the last tap
        Window.fbind("on_flip", self._flipped)
        self._step = Clock.schedule_interval(self._next, 0)

    def _flipped(self, *_args: Any) -> None:
        now = time.perf_counter()
        glFlush()  # (see the module's notes: offscreen, a swap does not flush)
        self.flips += 1
        self.still = 0
        sent = self.provider.sent_at
        if self.waiting is None or sent is None:
            return
        if self.shown():
            if self.waiting:
                self.timed_ms.append((now - sent) * 1000)
            if self.kind:
                self.kinds.setdefault(self.kind, []).append((now - sent) * 1000)
            self.waiting = None
            self.since = now

    def _next(self, _dt: float) -> None:
        if time.perf_counter() - self.since > GIVE_UP_S:
            self.finish(
                f"stuck after {self.taps} taps (waiting: {self.waiting}, "
                f"dispatched: {self.provider.sent_at is not None}, frames since: "
                f"{self.flips}, shown: {self.shown()})"
            )
            return
        self.still += 1
        if self.waiting is not None:
            return
        if self.still <= STILL_FRAMES and time.perf_counter() - self.since < MOST_GAP_S:
            return
        pick = self.choose()
        if pick is WAIT:
            return
        if pick is None:
            self.finish()
            return
        widget, timed, *kind = pick
        self.before_tap()
        x, y = widget.to_window(*widget.center)
        self.provider.sent_at = None
        threading.Timer(self.rng.random() / 60, self.provider.tap, (x, y)).start()
        self.flips = 0
        self.taps += 1
        self.waiting = bool(timed)
        self.kind = kind[0] if kind else None

    def finish(self, error: str = "") -> None:
        self._step.cancel()
        Window.funbind("on_flip", self._flipped)
        with open(self.out, "w", encoding="utf-8") as f:
            json.dump(
                {
                    **self.extra,
                    "timed_ms": self.timed_ms,
                    "kinds": self.kinds,
                    "taps": self.taps,
                    "error": error,
                },
                f,
            )
        App.get_running_app().stop()
