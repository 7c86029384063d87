"""The seat buttons, the confirm button and the lead LEDs on gpiozero.

gpiozero calls `when_activated`/`when_deactivated` on its own thread; the
edges go to a `PressInterpreter`, and a small thread calls its `poll()` when a
deadline (debounce, long press, both-seat window) falls due, sleeping
otherwise. Events reach the app through the injected `dispatch`: the kiosk
passes `lambda fn: Clock.schedule_once(lambda dt: fn())`, so `on_event` runs
on the Kivy main thread. Buttons are wired to ground, with the Pi's pull-ups.

The buttons are gpiozero `DigitalInputDevice`s, not `Button`s: a `Button`
runs a hold thread of its own (gpiozero's `when_held` machinery) that wakes
every 100 ms and that `close()` waits for, one button after the other; the
long press is `press_logic`'s, so that thread is never needed and closing is
immediate (`bench/buttons_close.py`).

`open_buttons()` is the kiosk's entry point: it returns the buttons and a
`HardwareNews` saying on which pins, or None and the reason there are none
(no GPIO on this machine, a pin in use, no permission, [pins] switched off
or wrong in the config file). On a machine with no GPIO device (a desktop,
this project's CI), gpiozero is not even imported.
"""

from __future__ import annotations

import os
import sys
import threading
import time
import warnings
from collections.abc import Callable
from typing import Any

from hardware.button_events import CONFIRM, SEAT_A, SEAT_B, ButtonEvent
from hardware.config import PinConfig, TimingConfig
from hardware.news import HardwareNews, news
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
        from gpiozero import LED, DigitalInputDevice

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
        self.opening_pin: int | None = None  # the pin being opened, to say which failed
        try:
            for button_id, pin in wiring.items():
                if pin is None:
                    continue
                self.opening_pin = pin
                button = DigitalInputDevice(
                    pin, pull_up=True, bounce_time=None, pin_factory=pin_factory
                )
                self._devices.append(button)
                button.when_activated = self._edge_handler(button_id, True)
                button.when_deactivated = self._edge_handler(button_id, False)
            for seat, pin in ((SEAT_A, pins.led_a), (SEAT_B, pins.led_b)):
                if pin is not None:
                    self.opening_pin = pin
                    self._leds[seat] = LED(pin, pin_factory=pin_factory)
                    self._devices.append(self._leds[seat])
        except BaseException as exc:
            exc.pin = self.opening_pin  # type: ignore[attr-defined]  # the pin rides on the error to why_not
            self.close()
            raise
        self.opening_pin = None
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
) -> tuple[GpioButtons | None, HardwareNews]:
    """The buttons and what to say about them, or None and why there are none.

    `pins.enabled` False means switched off in the config file (or [pins] has
    a problem: the caller knows which, from the config's problems)."""
    if not pins.enabled:
        return None, news("buttons-switched-off")
    if pin_factory is None and not _gpio_here():
        # not even gpiozero is imported (some 9 MiB and 70 ms for pins that are not there)
        return None, news("buttons-no-gpio", detail="no /dev/gpiochip* or /dev/gpiomem*")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            buttons = GpioButtons(
                pins, timings, on_event, dispatch=dispatch, pin_factory=pin_factory
            )
    except Exception as exc:  # no GPIO, a busy pin, no permission, no gpiozero
        return None, why_not(exc)
    if pins.confirm is None:
        return buttons, news("buttons-ready", seat_a=pins.seat_a, seat_b=pins.seat_b)
    return buttons, news(
        "buttons-ready-with-confirm", seat_a=pins.seat_a, seat_b=pins.seat_b, confirm=pins.confirm
    )


def why_not(exc: BaseException) -> HardwareNews:
    """The plain reason the pins could not be opened (the error's text stays in
    `params["detail"]`, for a log, never in the sentence)."""
    detail = f"{type(exc).__name__}: {exc}"
    text = str(exc).lower()
    pin = getattr(exc, "pin", None)
    if isinstance(exc, ImportError):  # gpiozero's BadPinFactory is one, or no gpiozero
        return news("buttons-no-gpio", detail=detail)
    if (
        isinstance(exc, PermissionError)
        or "permission" in text
        or ("gpiochip" in text and _gpiochip_forbidden())
    ):
        return news("buttons-no-permission", detail=detail)
    if type(exc).__name__ == "GPIOPinInUse" or "busy" in text or "in use" in text:
        return news("buttons-pin-busy", pin=pin if pin is not None else "?", detail=detail)
    if "gpiochip" in text:  # lgpio on a machine without GPIO
        return news("buttons-no-gpio", detail=detail)
    return news("buttons-failed", detail=detail)


def _gpio_here() -> bool:
    """gpiozero could find pins here: a GPIO device (`/dev/gpiochip*`, the
    Pi's `/dev/gpiomem*`), a pin factory named in the environment (a remote
    pigpio daemon, a mock), or gpiozero loaded already (with a factory of its
    own, perhaps)."""
    if "gpiozero" in sys.modules or os.environ.get("GPIOZERO_PIN_FACTORY"):
        return True
    if os.environ.get("PIGPIO_ADDR"):
        return True
    return any(name.startswith(("gpiochip", "gpiomem")) for name in _listdir("/dev"))


def _gpiochip_forbidden() -> bool:
    """A GPIO chip is there but this user may not open it."""
    chips = [f"/dev/{name}" for name in _listdir("/dev") if name.startswith("gpiochip")]
    return bool(chips) and not any(os.access(chip, os.R_OK | os.W_OK) for chip in chips)


def _listdir(path: str) -> list[str]:
    try:
        return os.listdir(path)
    except OSError:
        return []
