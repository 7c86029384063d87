"""Shared test doubles for hardware/: a fake printer on a pty, an ESC/POS
reader written independently of hardware/escpos.py, and a fake clock."""

from __future__ import annotations

import json
import os
import pty
import select
import threading
import time
import tty
from collections.abc import Iterator
from typing import Any

import pytest

from tests.conftest import EXAMPLES


def load_example(name: str) -> dict[str, Any]:
    """The record of one of the worked examples (the file also holds "expected")."""
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))["record"]


class FakePrinter:
    """A printer on the master side of a pty: records bytes, answers status queries.

    paper / online say what it answers; silent answers nothing at all;
    vanish_after closes the pty once that many bytes have arrived;
    power_on(s) makes it start up: for s seconds it neither answers nor keeps
    what it is sent (`lost`), as a real one does for about half a second.
    `answered_at` is the length of `data` at each answer given.
    """

    def __init__(self) -> None:
        self.paper = True
        self.online = True
        self.silent = False
        self.vanish_after: int | None = None
        self.data = bytearray()
        self.lost = bytearray()
        self.answered_at: list[int] = []
        self.queries: list[bytes] = []
        self._awake_at = 0.0
        self._master, self._slave = pty.openpty()
        tty.setraw(self._slave)
        self.port = os.ttyname(self._slave)
        self._scan = 0
        self._stop = False
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop:
            ready, _, _ = select.select([self._master], [], [], 0.02)
            if not ready:
                continue
            try:
                chunk = os.read(self._master, 4096)
            except OSError:
                break
            with self._lock:
                if time.monotonic() < self._awake_at:
                    self.lost += chunk
                    continue
                self.data += chunk
                self._answer()
            if self.vanish_after is not None and len(self.data) >= self.vanish_after:
                break
        os.close(self._master)
        os.close(self._slave)

    def _answer(self) -> None:
        data = self.data
        i = self._scan
        while i + 3 <= len(data):
            query = bytes(data[i : i + 3])
            answer = None
            if query[:2] == b"\x10\x04" and query[2] in (1, 4):
                self.queries.append(query)
                if query[2] == 1:
                    answer = 0x12 | (0 if self.online else 0x08)
                else:
                    answer = 0x12 | (0 if self.paper else 0x60)
            elif query == b"\x1dr\x01":
                self.queries.append(query)
                answer = 0x00 if self.paper else 0x0C
            if answer is not None:
                if not self.silent:
                    os.write(self._master, bytes([answer]))
                    self.answered_at.append(i + 3)
                i += 3
            else:
                i += 1
        self._scan = i

    def power_on(self, seconds: float) -> None:
        """Switched on now: deaf and silent for `seconds`."""
        self._awake_at = time.monotonic() + seconds

    def received(self, timeout: float = 2.0, at_least: int = 1) -> bytes:
        deadline = time.monotonic() + timeout
        while len(self.data) < at_least and time.monotonic() < deadline:
            time.sleep(0.01)
        with self._lock:
            return bytes(self.data)

    def close(self) -> None:
        self._stop = True
        self._thread.join(2)


@pytest.fixture
def fake_printer() -> Iterator[FakePrinter]:
    printer = FakePrinter()
    yield printer
    printer.close()


class FakeClock:
    """A monotonic clock that moves only when asked to sleep or advance."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start
        self.sleeps: list[float] = []

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


# --- reading ESC/POS back: the commands the tests expect, and their lengths ---
_COMMAND_LENGTH = {
    b"\x1b@": 2,  # ESC @
    b"\x1bt": 3,  # ESC t n
    b"\x1b!": 3,  # ESC ! n
    b"\x1ba": 3,  # ESC a n
    b"\x1bE": 3,  # ESC E n
    b"\x1bd": 3,  # ESC d n
    b"\x1dV": 3,  # GS V m
    b"\x1d!": 3,  # GS ! n
    b"\x1dr": 3,  # GS r n
    b"\x10\x04": 3,  # DLE EOT n
}


def escpos_text(data: bytes, codepage: str = "cp858") -> list[str]:
    """The printed lines: commands removed, text decoded; fails on an unknown command."""
    text = bytearray()
    i = 0
    while i < len(data):
        byte = data[i]
        if byte in (0x1B, 0x1D, 0x10):
            length = _COMMAND_LENGTH.get(bytes(data[i : i + 2]))
            assert length is not None, f"unknown command {bytes(data[i : i + 3])!r} at {i}"
            i += length
            continue
        assert byte == 0x0A or byte >= 0x20, f"control byte {byte:#x} at {i}"
        text.append(byte)
        i += 1
    lines = text.decode(codepage).split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


@pytest.fixture
def decode():
    return escpos_text


@pytest.fixture
def example():
    return load_example


# Parlett's example (seed 002) with an accent: 154 to 93, Napoleon rubiconed,
# settles 347; the sheet at 32 columns, written out by hand.
JOSEPHINE_32 = [
    "Rubicon Piquet",
    "21 November 2026",
    "",
    "Napoleon v. Joséphine",
    "First dealer: Joséphine",
    "--------------------------------",
    "       Napoleon     Joséphine",
    " #   deal   total  deal   total",
    " 1     15      15    26      26",
    " 2     15      30    26      52",
    " 3     15      45    26      78",
    " 4     15      60    26     104",
    " 5     15      75    26     130",
    " 6     18      93    24     154",
    "Total          93           154",
    "Totals, deal by deal (| 100)",
    " 1  #       |     ##      |",
    " 2  ##      |     ####    |",
    " 3  ###     |     ######  |",
    " 4  #####   |     #########",
    " 5  ######  |     ##########",
    " 6  ####### |     #############",
    "--------------------------------",
    "Joséphine wins 347",
    "Napoleon is rubiconed:",
    "154 + 93 + 100 = 347",
]


@pytest.fixture
def josephine_sheet_32() -> list[str]:
    return list(JOSEPHINE_32)
