"""The seat buttons, the confirm button and the lead LEDs on gpiozero.

gpiozero calls `when_pressed`/`when_released` on its own thread; the edges
go to a `PressInterpreter`, and a small thread calls its `poll()` when a
deadline (debounce, long press, both-seat window) falls due, sleeping
otherwise. Events reach the app through the injected `dispatch`: the kiosk
passes `lambda fn: Clock.schedule_once(lambda dt: fn())`, so `on_event` runs
on the Kivy main thread. Buttons are wired to ground, with the Pi's pull-ups.

`open_buttons()` is the kiosk's entry point: it returns the buttons, or None
and a sentence for the Settings screen when there is no GPIO (a desktop).
"""

from __future__ import annotations

import threading
import time
import warnings
from collections.abc import Callable
from typing import Any

from hardware.button_events import CONFIRM, SEAT_A, SEAT_B, ButtonEvent
from hardware.config import PinConfig, TimingConfig
from hardware.press_logic import PressInterpreter

Dispatch = Callable[[Callable[[], None]], None]


def call_now(fn: Callable[[], None]) -> None:
    fn()


class GpioButtons:
    def __init__(
        self,
        pins: PinConfig,
        timings: TimingConfig,
        on_event: Callable[[ButtonEvent], None],
        *,
        dispatch: Dispatch = call_now,
        clock: Callable[[], float] = time.monotonic,
        pin_factory: Any = None,
        poll_thread: bool = True,
    ) -> None:
        from gpiozero import LED, Button

        self._on_event = on_event
        self._dispatch = dispatch
        self.logic = PressInterpreter(
            self._deliver,
            clock,
            debounce_s=timings.debounce_ms / 1000,
            both_window_s=timings.both_window_ms / 1000,
            long_press_s=timings.long_press_s,
        )
        self._clock = clock
        self._devices: list[Any] = []
        self._leds: dict[int, Any] = {}
        self._wake = threading.Event()
        self._stop = False
        wiring = {SEAT_A: pins.seat_a, SEAT_B: pins.seat_b, CONFIRM: pins.confirm}
        try:
            for button_id, pin in wiring.items():
                if pin is None:
                    continue
                button = Button(pin, pull_up=True, bounce_time=None, pin_factory=pin_factory)
                button.when_pressed = self._edge_handler(button_id, True)
                button.when_released = self._edge_handler(button_id, False)
                self._devices.append(button)
            for seat, pin in ((SEAT_A, pins.led_a), (SEAT_B, pins.led_b)):
                if pin is not None:
                    self._leds[seat] = LED(pin, pin_factory=pin_factory)
                    self._devices.append(self._leds[seat])
        except BaseException:
            self.close()
            raise
        self._thread: threading.Thread | None = None
        if poll_thread:
            self._thread = threading.Thread(target=self._poll_loop, name="buttons", daemon=True)
            self._thread.start()

    def poll(self) -> None:
        """Handle whatever is due now (the poll thread does this by itself)."""
        self.logic.poll()

    def set_lead(self, seat: int | None) -> None:
        """Light the LED of the seat whose lead it is (None: all off)."""
        for led_seat, led in self._leds.items():
            led.value = led_seat == seat

    def close(self) -> None:
        self._stop = True
        self._wake.set()
        for device in self._devices:
            device.close()
        self._devices.clear()

    def _edge_handler(self, button_id: int, pressed: bool) -> Callable[[], None]:
        def handler() -> None:
            self.logic.edge(button_id, pressed)
            self._wake.set()

        return handler

    def _deliver(self, event: ButtonEvent) -> None:
        self._dispatch(lambda: self._on_event(event))

    def _poll_loop(self) -> None:
        while not self._stop:
            deadline = self.logic.next_deadline()
            timeout = None if deadline is None else max(deadline - self._clock(), 0.0) + 0.001
            self._wake.wait(timeout)
            self._wake.clear()
            if not self._stop:
                self.logic.poll()


def open_buttons(
    pins: PinConfig,
    timings: TimingConfig,
    on_event: Callable[[ButtonEvent], None],
    *,
    dispatch: Dispatch = call_now,
    pin_factory: Any = None,
) -> tuple[GpioButtons | None, str]:
    """The buttons and a status sentence, or None and the reason there are none."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            buttons = GpioButtons(pins, timings, on_event, dispatch=dispatch,
                                  pin_factory=pin_factory)
    except Exception as exc:  # BadPinFactory, a busy pin, no permission, no gpiozero
        return None, f"No GPIO buttons found: {exc or type(exc).__name__}"
    used = [str(p) for p in (pins.seat_a, pins.seat_b, pins.confirm) if p is not None]
    return buttons, f"GPIO buttons on BCM {', '.join(used)}"
