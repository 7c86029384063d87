"""The serial printer (hardware/serial_printer.py) against a fake printer on a pty."""

from __future__ import annotations

import time

import pytest

from hardware.errors import (
    PaperOut,
    PortLost,
    PortUnavailable,
    PrinterError,
    PrinterOffline,
    PrinterSilent,
)
from hardware.memory_printer import MemoryPrinter
from hardware.serial_printer import SerialPrinter


def open_on(fake, clock, baud: int = 19200, line_time_s: float = 0.1) -> SerialPrinter:
    return SerialPrinter.open(
        fake.port,
        baud,
        line_time_s=line_time_s,
        status_timeout_s=0.3,
        clock=clock,
        sleep=clock.sleep,
    )


def test_the_bytes_arrive_unchanged(fake_printer, clock) -> None:
    expected = MemoryPrinter()
    with open_on(fake_printer, clock) as printer:
        for p in (printer, expected):
            p.init()
            p.select_codepage()
            p.bold()
            p.line("Joséphine 154")
            p.bold(False)
            p.feed(2)
    assert fake_printer.received(at_least=len(expected.output)) == bytes(expected.output)


def test_status_of_a_ready_printer(fake_printer, clock) -> None:
    with open_on(fake_printer, clock) as printer:
        status = printer.check_ready()
    assert status.online and status.paper
    assert fake_printer.queries[:2] == [b"\x10\x04\x01", b"\x10\x04\x04"]


def test_paper_out_is_a_clear_error(fake_printer, clock) -> None:
    fake_printer.paper = False
    with open_on(fake_printer, clock) as printer, pytest.raises(PaperOut) as error:
        printer.check_ready()
    assert "out of paper" in str(error.value)
    assert isinstance(error.value, PrinterError) and isinstance(error.value, OSError)


def test_offline_printer(fake_printer, clock) -> None:
    fake_printer.online = False
    with open_on(fake_printer, clock) as printer, pytest.raises(PrinterOffline):
        printer.check_ready()


def test_a_silent_printer_is_not_taken_for_a_ready_one(fake_printer, clock) -> None:
    fake_printer.silent = True
    started = time.monotonic()
    with open_on(fake_printer, clock) as printer, pytest.raises(PrinterSilent) as error:
        printer.status()
    assert time.monotonic() - started < 5  # a short timeout, not a hang
    assert str(error.value) == (
        f"The printer does not answer on {fake_printer.port}: check that it is switched on, "
        "plugged in and wired to that port."
    )  # the port that was tried: /dev/serial0 is not a Pi 5's header UART
    assert error.value.news.code == "printer-silent"
    assert isinstance(error.value, TimeoutError)


def test_an_echoing_line_is_not_an_answer(clock) -> None:
    # pyserial's loop:// sends every byte back: the echo of DLE EOT is no status.
    with (
        SerialPrinter.open(
            "loop://", 19200, status_timeout_s=0.1, clock=clock, sleep=clock.sleep
        ) as printer,
        pytest.raises(PrinterSilent),
    ):
        printer.status()


def test_a_missing_port_fails_at_once(tmp_path) -> None:
    started = time.monotonic()
    with pytest.raises(PortUnavailable) as error:
        SerialPrinter.open(str(tmp_path / "ttyNOPE"), 19200)
    assert time.monotonic() - started < 5
    assert "ttyNOPE" in str(error.value)
    assert isinstance(error.value, FileNotFoundError)


def test_the_port_vanishing_mid_job_is_a_clear_error(fake_printer, clock) -> None:
    fake_printer.vanish_after = 100
    started = time.monotonic()
    with open_on(fake_printer, clock, line_time_s=0.0) as printer, pytest.raises(PortLost) as error:
        for _ in range(2000):
            printer.line("x" * 31)
            time.sleep(0.001)  # let the fake printer read and vanish
    assert time.monotonic() - started < 10
    assert str(error.value) == "The printer was disconnected while printing: check its cable."
    assert isinstance(error.value, ConnectionError)


@pytest.mark.parametrize("baud", [9600, 19200])
def test_pacing_through_the_port(fake_printer, clock, baud: int) -> None:
    line_time = 0.08
    with open_on(fake_printer, clock, baud=baud, line_time_s=line_time) as printer:
        printer.init()
        for n in range(12):
            printer.line(f"deal {n:2d}" + "." * 20)
        printer.drain()
    sent = fake_printer.received(at_least=2 + 12 * 28)
    assert len(sent) == 2 + 12 * 28
    expected = len(sent) * 11 / baud + sent.count(b"\n") * line_time
    assert sum(clock.sleeps) == pytest.approx(expected)


def test_9600_baud_takes_twice_the_line_time_of_19200(fake_printer, clock) -> None:
    waits = {}
    for baud in (9600, 19200):
        clock.sleeps.clear()
        with open_on(fake_printer, clock, baud=baud, line_time_s=0.0) as printer:
            for _ in range(10):
                printer.line("z" * 31)
            printer.drain()
        waits[baud] = sum(clock.sleeps)
    assert waits[9600] / waits[19200] == pytest.approx(2.0)


def test_wait_ready_asks_again_while_the_printer_starts_up(fake_printer) -> None:
    fake_printer.power_on(0.5)
    waits: list[bool] = []
    started = time.monotonic()
    with SerialPrinter.open(fake_printer.port, 19200, status_timeout_s=0.1) as printer:
        status = printer.wait_ready(3.0, every_s=0.1, on_wait=lambda: waits.append(True))
    assert status.online and status.paper
    assert waits == [True]  # said once
    assert 0.4 < time.monotonic() - started < 2.5


def test_wait_ready_is_bounded_and_paper_out_does_not_wait(fake_printer, clock) -> None:
    fake_printer.silent = True
    with open_on(fake_printer, clock) as printer, pytest.raises(PrinterSilent):
        printer.wait_ready(1.0, every_s=0.25)
    assert clock.sleeps == [0.25] * 4  # asked at 0, 0.25, 0.5, 0.75 and 1 s, then no more
    assert fake_printer.queries.count(b"\x10\x04\x01") == 5
    fake_printer.silent = False
    fake_printer.paper = False
    clock.sleeps.clear()
    with open_on(fake_printer, clock) as printer, pytest.raises(PaperOut):
        printer.wait_ready(1.0)
    assert all(s < 0.01 for s in clock.sleeps)  # only the pacing of the query bytes
