"""Seat buttons on gpiozero's MockFactory (hardware/gpio_buttons.py, press_logic.py,
seats.py), with a fake clock so every timing is exact."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

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
from hardware.config import PinConfig, TimingConfig
from hardware.gpio_buttons import GpioButtons, open_buttons, why_not
from hardware.seats import leading_seat, trick_winner
from scorer import score_record

PINS = PinConfig(seat_a=17, seat_b=27, confirm=22, led_a=23, led_b=24)
TIMINGS = TimingConfig(debounce_ms=50, both_window_ms=300, long_press_s=1.5)
BCM = {SEAT_A: 17, SEAT_B: 27, CONFIRM: 22}


def plain(event: ButtonEvent) -> ButtonEvent:
    """The event without its time, for the tests about which events come."""
    return replace(event, pressed_at=None)


class Table:
    """The buttons on mock pins; time moves in 1 or 5 ms steps, polling like the thread."""

    def __init__(self, clock: Any, dispatch: Callable[[Callable[[], None]], None] | None = None):
        self.clock = clock
        self.factory = MockFactory()
        self.timed: list[ButtonEvent] = []
        extra = {} if dispatch is None else {"dispatch": dispatch}
        self.buttons = GpioButtons(
            PINS,
            TIMINGS,
            self.timed.append,
            clock=clock,
            pin_factory=self.factory,
            poll_thread=False,
            **extra,
        )

    @property
    def events(self) -> list[ButtonEvent]:
        return [plain(e) for e in self.timed]

    def down(self, button: int) -> None:
        self.factory.pin(BCM[button]).drive_low()

    def up(self, button: int) -> None:
        self.factory.pin(BCM[button]).drive_high()

    def wait(self, seconds: float) -> None:
        step = 0.001 if seconds < 0.05 else 0.005
        for _ in range(round(seconds / step)):
            self.clock.advance(step)
            self.buttons.poll()

    def tap(self, button: int, hold: float = 0.12) -> None:
        self.down(button)
        self.wait(hold)
        self.up(button)


@pytest.fixture
def table(clock) -> Iterator[Table]:
    t = Table(clock)
    yield t
    t.buttons.close()


def test_a_tap_is_a_seat_press_once_the_both_window_has_passed(table: Table) -> None:
    table.tap(SEAT_A)
    table.wait(0.1)
    assert table.events == []  # the other seat could still press within 300 ms
    table.wait(0.2)
    assert table.events == [SeatPress(SEAT_A)]
    table.wait(3)
    assert table.events == [SeatPress(SEAT_A)]


def test_each_seat_is_its_own(table: Table) -> None:
    table.tap(SEAT_B)
    table.wait(0.5)
    table.tap(SEAT_A)
    table.wait(0.5)
    assert table.events == [SeatPress(SEAT_B), SeatPress(SEAT_A)]


def test_presses_map_to_elder_and_younger_as_the_deal_alternates(table: Table) -> None:
    record = {
        "format": "piquet-record/1",
        "players": ["Anne", "Ben"],
        "first_dealer": "Anne",
        "deals": [
            {"entered": {"elder": 20, "younger": 10}},
            {"entered": {"elder": 15, "younger": 12}},
        ],
    }
    elders = [deal["elder"] for deal in score_record(record)["deals"]]
    assert elders == ["Ben", "Anne"]
    seat_players = ("Anne", "Ben")  # Anne at seat A, Ben at seat B
    letters = []
    for elder in elders:
        table.timed.clear()
        table.tap(SEAT_A)
        table.wait(0.5)
        table.tap(SEAT_B)
        table.wait(0.5)
        letters.append(
            [
                trick_winner(e.seat, seat_players, elder)
                for e in table.events
                if isinstance(e, SeatPress)
            ]
        )
    assert letters == [["Y", "E"], ["E", "Y"]]


def test_trick_winner_refuses_a_stranger() -> None:
    with pytest.raises(ValueError):
        trick_winner(0, ("Anne", "Ben"), "Carl")


def test_the_lead_follows_the_last_trick() -> None:
    seats = ("Anne", "Ben")
    assert leading_seat(seats, "Ben", "") == SEAT_B
    assert leading_seat(seats, "Ben", "EEY") == SEAT_A
    assert leading_seat(seats, "Anne", "EY E") == SEAT_A


def test_long_press_is_one_undo_while_still_held(table: Table) -> None:
    table.down(SEAT_A)
    table.wait(1.45)
    assert table.events == []
    table.wait(0.1)
    assert table.events == [UndoHold(SEAT_A)]
    table.wait(0.5)
    table.up(SEAT_A)
    table.wait(1)
    assert table.events == [UndoHold(SEAT_A)]  # no trick on release, no second undo


def test_bouncing_contacts_are_one_press(table: Table) -> None:
    for _ in range(3):  # contacts chatter every 2 ms when pressed...
        table.down(SEAT_A)
        table.wait(0.002)
        table.up(SEAT_A)
        table.wait(0.002)
    table.down(SEAT_A)
    table.wait(0.15)
    for _ in range(3):  # ...and when released
        table.up(SEAT_A)
        table.wait(0.003)
        table.down(SEAT_A)
        table.wait(0.003)
    table.up(SEAT_A)
    table.wait(1)
    assert table.events == [SeatPress(SEAT_A)]


def test_a_second_press_within_the_debounce_interval_is_the_same_press(table: Table) -> None:
    table.tap(SEAT_B, hold=0.08)
    table.wait(0.02)  # up for 20 ms only: less than the 50 ms interval
    table.tap(SEAT_B, hold=0.08)
    table.wait(1)
    assert table.events == [SeatPress(SEAT_B)]


def test_two_presses_apart_are_two(table: Table) -> None:
    table.tap(SEAT_B, hold=0.08)
    table.wait(0.4)
    table.tap(SEAT_B, hold=0.08)
    table.wait(1)
    assert table.events == [SeatPress(SEAT_B), SeatPress(SEAT_B)]


def test_both_seats_together_ask_instead_of_guessing(table: Table) -> None:
    table.down(SEAT_A)
    table.wait(0.1)
    table.down(SEAT_B)
    table.wait(0.1)
    table.up(SEAT_A)
    table.up(SEAT_B)
    table.wait(2)
    assert table.events == [BothPressed()]


def test_a_quick_tap_then_the_other_seat_within_the_window_also_asks(table: Table) -> None:
    table.tap(SEAT_A, hold=0.08)
    table.wait(0.1)  # 180 ms after A's press began
    table.tap(SEAT_B, hold=0.08)
    table.wait(2)
    assert table.events == [BothPressed()]


def test_both_seats_held_long_is_still_only_the_question(table: Table) -> None:
    table.down(SEAT_A)
    table.down(SEAT_B)
    table.wait(3)
    table.up(SEAT_A)
    table.up(SEAT_B)
    table.wait(1)
    assert table.events == [BothPressed()]


def test_seats_pressed_outside_the_window_are_two_tricks(table: Table) -> None:
    table.tap(SEAT_A, hold=0.1)
    table.wait(0.3)
    table.tap(SEAT_B, hold=0.1)
    table.wait(1)
    assert table.events == [SeatPress(SEAT_A), SeatPress(SEAT_B)]


def test_a_stuck_button_does_not_repeat_and_the_other_still_works(table: Table) -> None:
    table.down(SEAT_A)
    table.wait(10)
    table.tap(SEAT_B)
    table.wait(10)
    assert table.events == [UndoHold(SEAT_A), SeatPress(SEAT_B)]


def test_confirm_button(table: Table) -> None:
    table.tap(CONFIRM)
    table.wait(0.1)
    assert table.events == [ConfirmPress()]
    table.down(CONFIRM)
    table.wait(2)
    table.up(CONFIRM)
    table.wait(0.1)
    assert table.events == [ConfirmPress(), UndoHold(CONFIRM)]


def test_events_go_through_the_injected_dispatch(clock) -> None:
    handed_over: list[Callable[[], None]] = []
    t = Table(clock, dispatch=handed_over.append)
    try:
        t.tap(SEAT_A)
        t.wait(1)
        assert t.timed == [] and len(handed_over) == 1  # not delivered on this thread
        handed_over[0]()  # what Clock.schedule_once does, on the main thread
        assert t.events == [SeatPress(SEAT_A)]
    finally:
        t.buttons.close()


def test_leds_show_whose_lead_it_is(table: Table) -> None:
    table.buttons.set_lead(SEAT_B)
    assert (table.factory.pin(23).state, table.factory.pin(24).state) == (False, True)
    table.buttons.set_lead(SEAT_A)
    assert (table.factory.pin(23).state, table.factory.pin(24).state) == (True, False)
    table.buttons.set_lead(None)
    assert (table.factory.pin(23).state, table.factory.pin(24).state) == (False, False)


def test_optional_parts_can_be_left_out(clock) -> None:
    factory = MockFactory()
    pins = PinConfig(seat_a=5, seat_b=6, confirm=None, led_a=None, led_b=None)
    events: list[ButtonEvent] = []
    buttons = GpioButtons(
        pins, TIMINGS, events.append, clock=clock, pin_factory=factory, poll_thread=False
    )
    buttons.set_lead(SEAT_A)  # no LEDs: nothing to light, no error
    factory.pin(5).drive_low()
    clock.advance(0.1)
    factory.pin(5).drive_high()
    clock.advance(0.5)
    buttons.poll()
    buttons.close()
    assert events == [SeatPress(SEAT_A, 1000.0)]


def test_without_gpio_the_kiosk_gets_none_and_a_plain_reason(monkeypatch) -> None:
    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "no-such-factory")
    buttons, news = open_buttons(PINS, TIMINGS, lambda event: None)
    assert buttons is None
    assert news.code == "buttons-no-gpio" and news.is_problem
    assert news.text() == (
        "The seat buttons are off: this machine has no GPIO pins. Tap the screen instead."
    )
    assert "no-such-factory" in news.params["detail"]  # for a log, not for the players


def test_a_pin_in_use_is_named() -> None:
    factory = MockFactory()
    other = factory.pin(27)  # another program's claim on seat B's pin
    from gpiozero import DigitalInputDevice

    taken = DigitalInputDevice(27, pin_factory=factory)
    try:
        buttons, news = open_buttons(PINS, TIMINGS, lambda event: None, pin_factory=factory)
    finally:
        taken.close()
    assert buttons is None and other is factory.pin(27)
    assert news.code == "buttons-pin-busy"
    assert news.text() == (
        "The seat buttons are off: pin 27 is in use by another program. Tap the screen instead."
    )


@pytest.mark.parametrize(
    ("error", "code"),
    [
        (PermissionError(13, "Permission denied"), "buttons-no-permission"),
        (OSError("lgpio: 'GPIO busy'"), "buttons-pin-busy"),
        (ImportError("No module named 'gpiozero'"), "buttons-no-gpio"),
        (RuntimeError("something else"), "buttons-failed"),
    ],
)
def test_every_failure_is_a_plain_sentence(error: Exception, code: str) -> None:
    news = why_not(error)
    assert news.code == code
    assert str(error) not in news.text() and news.text().endswith("Tap the screen instead.")


def test_buttons_switched_off_in_the_config() -> None:
    buttons, news = open_buttons(
        PinConfig(enabled=False), TIMINGS, lambda event: None, pin_factory=MockFactory()
    )
    assert buttons is None and news.code == "buttons-switched-off"


def test_open_buttons_on_mock_pins_says_which() -> None:
    buttons, news = open_buttons(PINS, TIMINGS, lambda event: None, pin_factory=MockFactory())
    assert buttons is not None
    buttons.close()
    assert (news.code, news.is_problem) == ("buttons-ready-with-confirm", False)
    assert news.text() == (
        "The seat buttons are ready on pins 17 and 27, the confirm button on pin 22."
    )
    no_confirm = PinConfig(seat_a=5, seat_b=6, confirm=None, led_a=None, led_b=None)
    buttons, news = open_buttons(no_confirm, TIMINGS, lambda event: None, pin_factory=MockFactory())
    assert buttons is not None
    buttons.close()
    assert news.text() == "The seat buttons are ready on pins 5 and 6."


def test_the_poll_thread_fires_a_hold_with_no_further_edge() -> None:
    factory = MockFactory()
    events: list[ButtonEvent] = []
    fast = TimingConfig(debounce_ms=10, both_window_ms=50, long_press_s=0.3)
    buttons = GpioButtons(PINS, fast, events.append, pin_factory=factory)  # real clock
    try:
        factory.pin(17).drive_low()
        time.sleep(0.03)
        factory.pin(17).drive_high()
        time.sleep(0.1)  # past the 50 ms both-seat window
        factory.pin(27).drive_low()
        deadline = time.monotonic() + 5
        while len(events) < 2 and time.monotonic() < deadline:
            time.sleep(0.01)
    finally:
        buttons.close()
    assert [plain(e) for e in events] == [SeatPress(SEAT_A), UndoHold(SEAT_B)]


def test_no_gpiozero_hold_thread_is_left_to_wait_for() -> None:
    import threading

    before = set(threading.enumerate())
    buttons = GpioButtons(PINS, TIMINGS, lambda event: None, pin_factory=MockFactory())
    started = set(threading.enumerate()) - before
    buttons.close()
    assert [t.name for t in started] == ["buttons"]  # our poll thread only: no HoldThread


# --- the long press: when it began, and the other seat during a hold ----------------------


def test_an_undo_hold_says_which_seat_and_when_its_press_began(table: Table) -> None:
    table.wait(0.2)
    began = table.clock()
    table.down(SEAT_B)
    table.wait(1.6)
    table.up(SEAT_B)
    table.wait(0.5)
    (hold,) = table.timed
    assert isinstance(hold, UndoHold)
    assert (hold.button, hold.seat, hold.pressed_at) == (SEAT_B, SEAT_B, began)
    assert UndoHold(CONFIRM, began).seat is None


def test_the_other_seat_pressed_during_a_hold_is_its_own_trick_in_order(table: Table) -> None:
    a_began = table.clock()
    table.down(SEAT_A)  # A holds to undo...
    table.wait(0.5)
    b_began = table.clock()
    table.tap(SEAT_B, hold=0.1)  # ...and B, meanwhile, taps a trick
    table.wait(1.4)
    table.up(SEAT_A)
    table.wait(0.5)
    assert table.timed == [SeatPress(SEAT_B, b_began), UndoHold(SEAT_A, a_began)]
    assert table.timed[1].pressed_at < table.timed[0].pressed_at  # the hold began first


def test_a_tap_just_before_the_hold_falls_due_is_reported_after_it(table: Table) -> None:
    a_began = table.clock()
    table.down(SEAT_A)
    table.wait(1.4)
    b_began = table.clock()
    table.tap(SEAT_B, hold=0.08)  # B's window ends at 1.7 s, after A's hold at 1.5 s
    table.wait(1)
    table.up(SEAT_A)
    table.wait(0.5)
    assert table.timed == [UndoHold(SEAT_A, a_began), SeatPress(SEAT_B, b_began)]


def test_events_due_together_come_in_time_order(clock) -> None:
    """When the poll comes late, what fell due meanwhile comes out in time order,
    not in the order of the buttons."""
    t = Table(clock)
    try:
        a_began = clock()
        t.down(SEAT_A)
        t.wait(1.1)
        b_began = clock()
        t.tap(SEAT_B, hold=0.06)  # B's trick is decided at 1.4 s, A's hold at 1.5 s
        clock.advance(1.0)  # the poll comes late, with both due
        t.buttons.poll()
        assert t.timed == [SeatPress(SEAT_B, b_began), UndoHold(SEAT_A, a_began)]
        t.up(SEAT_A)
        t.wait(1)
        t.timed.clear()
        c_began = clock()
        t.down(CONFIRM)
        t.wait(1.3)
        d_began = clock()
        t.tap(SEAT_A, hold=0.06)  # A's trick at 1.6 s, after the confirm's hold at 1.5 s
        clock.advance(1.0)
        t.buttons.poll()
        assert t.timed == [UndoHold(CONFIRM, c_began), SeatPress(SEAT_A, d_began)]
    finally:
        t.buttons.close()


def test_a_release_still_bouncing_when_the_hold_falls_due_is_no_undo(table: Table) -> None:
    table.down(SEAT_A)
    table.wait(1.48)
    table.up(SEAT_A)  # released 20 ms before the hold time: a tap, not an undo
    table.wait(0.5)
    assert table.events == [SeatPress(SEAT_A)]


def test_both_seats_carry_when_the_first_began(table: Table) -> None:
    began = table.clock()
    table.down(SEAT_A)
    table.wait(0.1)
    table.down(SEAT_B)
    table.wait(0.1)
    table.up(SEAT_A)
    table.up(SEAT_B)
    table.wait(1)
    assert table.timed == [BothPressed(began)]


@pytest.mark.parametrize(
    ("devices", "loaded"), [(["null", "tty0", "gpio-x"], False), (["null", "gpiochip0"], True)]
)
def test_a_machine_without_gpio_devices_does_not_load_gpiozero(
    devices: list[str], loaded: bool
) -> None:
    """No /dev/gpiochip* or /dev/gpiomem* and no pin factory named: the buttons
    are off for want of GPIO, and gpiozero (some 9 MiB) is never imported. With
    a GPIO chip, gpiozero is asked (and here, where the chip is not real, fails)."""
    script = (
        "import sys\n"
        "import hardware.gpio_buttons as g\n"
        "from hardware.config import PinConfig, TimingConfig\n"
        f"g._listdir = lambda path: {devices!r}\n"
        "buttons, news = g.open_buttons(PinConfig(seat_a=17, seat_b=27), TimingConfig(),"
        " print)\n"
        "print(buttons, news.is_problem, 'gpiozero' in sys.modules)\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("GPIOZERO_PIN_FACTORY", "PIGPIO_ADDR")}
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    out = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env=env,
        cwd=root,
        check=True,
    ).stdout
    assert out.split() == ["None", "True", str(loaded)]
