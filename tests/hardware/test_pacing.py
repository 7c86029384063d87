"""The pacing model (hardware/pacing.py), with a fake clock: no real waiting."""

from __future__ import annotations

import pytest

from hardware.pacing import Pacer


def test_a_chunk_costs_eleven_bits_a_byte_and_a_line_time_per_feed(clock) -> None:
    pacer = Pacer(9600, 0.25, clock=clock, sleep=clock.sleep)
    assert pacer.cost(b"x" * 96 + b"\n\n") == pytest.approx(98 * 11 / 9600 + 2 * 0.25)


def test_each_write_waits_for_the_previous_one(clock) -> None:
    pacer = Pacer(19200, 0.1, clock=clock, sleep=clock.sleep)
    for chunk in (b"A" * 32 + b"\n", b"B" * 32 + b"\n"):
        pacer.before_write()
        pacer.after_write(chunk)
    pacer.drain()
    one = 33 * 11 / 19200 + 0.1
    assert clock.sleeps == pytest.approx([one, one])


def test_time_already_spent_elsewhere_is_not_waited_again(clock) -> None:
    pacer = Pacer(19200, 0.1, clock=clock, sleep=clock.sleep)
    pacer.before_write()
    pacer.after_write(b"\n")
    clock.advance(1.0)  # the app was busy for a second
    pacer.before_write()
    assert clock.sleeps == []


def test_9600_baud_waits_twice_as_long_as_19200_for_the_bytes(clock) -> None:
    totals = {}
    for baud in (9600, 19200):
        clock.sleeps.clear()
        pacer = Pacer(baud, 0.0, clock=clock, sleep=clock.sleep)
        for _ in range(40):
            pacer.before_write()
            pacer.after_write(b"y" * 31)
        pacer.drain()
        totals[baud] = sum(clock.sleeps)
    assert totals[9600] == pytest.approx(40 * 31 * 11 / 9600)
    assert totals[9600] / totals[19200] == pytest.approx(2.0)


@pytest.mark.parametrize(("baud", "line"), [(0, 0.1), (9600, -1.0)])
def test_nonsense_settings_are_refused(baud: int, line: float) -> None:
    with pytest.raises(ValueError):
        Pacer(baud, line)
