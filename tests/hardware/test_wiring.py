"""The kiosk's seam to the hardware (kiosk/hardware_wiring.py), without Kivy:
settings, printer and buttons opened now or on a thread, with their news."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

import hardware.gpio_buttons
from hardware.config import load_config
from hardware.print_queue import PrintJob
from hardware.sheet import SheetLine
from kiosk.hardware_wiring import open_table, open_table_later


@pytest.fixture
def mock_pins(monkeypatch) -> MockFactory:
    factory = MockFactory()
    monkeypatch.setattr(Device, "pin_factory", factory)
    return factory


@pytest.fixture
def no_config(monkeypatch, tmp_path: Path) -> Path:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    return tmp_path / "config" / "piquet-table" / "config.toml"


def write_config(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


class Dispatched(list[Callable[[], None]]):
    """A dispatch that keeps the calls, as Kivy's clock would until the next frame."""

    def run(self) -> None:
        while self:
            self.pop(0)()


def test_a_desktop_without_config_or_port(no_config, mock_pins, monkeypatch) -> None:
    monkeypatch.setattr("kiosk.hardware_wiring.os.path.exists", lambda path: False)
    table = open_table(lambda fn: fn(), lambda event: None, lambda status: None)
    try:
        assert table.printer is None
        assert table.printer_news.code == "printer-not-set-up"
        assert table.printer_status == "No printer is set up."
        assert table.buttons is not None
        assert table.buttons_status == (
            "The seat buttons are ready on pins 17 and 27, the confirm button on pin 22."
        )
        assert table.config_news == ()
        assert [n.code for n in table.news] == ["printer-not-set-up", "buttons-ready-with-confirm"]
    finally:
        table.close()


def test_a_pins_problem_turns_the_buttons_off_and_leaves_the_printer(
    no_config, mock_pins, fake_printer
) -> None:
    write_config(
        no_config,
        f'[pins]\nseat_a = 99\n[printer]\nport = "{fake_printer.port}"\nline_time_ms = 0\n',
    )
    statuses: list[Any] = []
    table = open_table(lambda fn: fn(), lambda event: None, statuses.append)
    try:
        assert table.buttons is None
        assert table.buttons_news.code == "buttons-settings-problem"
        assert table.printer is not None
        assert table.printer_status == f"The printer is set up on {fake_printer.port}."
        (problem,) = table.config_news
        assert problem.text().startswith(f"Settings file {no_config}, line 2: ")
        table.printer.queue.submit(PrintJob("Anne – Ben", (SheetLine("Anne wins 150"),)))
        assert table.printer.queue.wait_idle(10)
        assert statuses[-1].state == "printed"
    finally:
        table.close()


def test_the_printer_and_buttons_of_a_bad_file_are_off_with_reasons(no_config, mock_pins) -> None:
    write_config(no_config, "[pins]\nseat_a = 99\n[printer]\ncolumns = 80\n")
    table = open_table(lambda fn: fn(), lambda event: None, lambda status: None)
    table.close()
    assert (table.printer, table.buttons) == (None, None)
    assert table.printer_status == "The printer is off until its settings are fixed."
    assert table.buttons_status == (
        "The seat buttons are off until the pin settings are fixed. Tap the screen instead."
    )
    assert [n.params["line"] for n in table.config_news] == [2, 4]


def test_open_later_does_the_slow_part_on_a_thread_and_reports_through_dispatch(
    no_config, mock_pins, monkeypatch
) -> None:
    release = threading.Event()
    opened_on: list[str] = []
    real_open = hardware.gpio_buttons.open_buttons

    def slow_open(*args: Any, **kwargs: Any) -> Any:
        opened_on.append(threading.current_thread().name)
        release.wait(5)  # gpiozero's import and the pins take this long
        return real_open(*args, **kwargs)

    monkeypatch.setattr(hardware.gpio_buttons, "open_buttons", slow_open)
    dispatched = Dispatched()
    ready: list[Any] = []
    events: list[Any] = []
    table = open_table_later(dispatched.append, events.append, lambda status: None, ready.append)
    try:
        assert table.buttons is None  # returned while the buttons are still opening
        assert table.buttons_status == "Looking for the seat buttons…"
        assert table.config.display.rotation == 0  # the settings are there at once
        table.set_lead(1)
        release.set()
        assert table.ready.wait(5)
        assert opened_on == ["table-open"]
        assert ready == []  # not called on the opening thread...
        dispatched.run()  # ...but through dispatch, on the UI thread
        assert ready == [table] and table.buttons is not None
        assert table.buttons_news.code == "buttons-ready-with-confirm"
        assert (mock_pins.pin(23).state, mock_pins.pin(24).state) == (False, True)  # the lead
    finally:
        table.close()


def test_closing_while_opening_closes_the_part_when_it_opens(
    no_config, mock_pins, monkeypatch
) -> None:
    release = threading.Event()
    closed: list[bool] = []
    real_open = hardware.gpio_buttons.open_buttons

    def slow_open(*args: Any, **kwargs: Any) -> Any:
        release.wait(5)
        buttons, news = real_open(*args, **kwargs)
        real_close = buttons.close
        buttons.close = lambda: (closed.append(True), real_close())
        return buttons, news

    monkeypatch.setattr(hardware.gpio_buttons, "open_buttons", slow_open)
    ready: list[Any] = []
    table = open_table_later(lambda fn: fn(), lambda event: None, lambda status: None, ready.append)
    table.close()  # the kiosk quits before the buttons are open
    release.set()
    assert table.ready.wait(5)
    assert closed == [True] and table.buttons is None and ready == []


def test_a_given_config_is_used(no_config, mock_pins, tmp_path: Path) -> None:
    other = tmp_path / "elsewhere.toml"
    other.write_text("[pins]\nenabled = false\n[printer]\nenabled = false\n", encoding="utf-8")
    table = open_table(
        lambda fn: fn(), lambda event: None, lambda status: None, config=load_config(other)
    )
    table.close()
    assert table.buttons_news.code == "buttons-switched-off"
    assert table.printer_news.code == "printer-switched-off"
