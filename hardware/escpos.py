"""ESC/POS commands: one formatting class over a single transport method.

As in python-escpos, every command is built here and handed, one command per
call, to `_raw(data)`, the only method a transport implements (see
`serial_printer.py` and `memory_printer.py`). Only the commands a text score
sheet needs are here, with their bytes spelled out next to each method.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Literal

from hardware.codepage import CODE_PAGES, DEFAULT_CODEPAGE, check_codepage, encode

ESC = b"\x1b"
GS = b"\x1d"
DLE = b"\x10"
EOT = b"\x04"
LF = b"\n"

Align = Literal["left", "center", "right"]
_ALIGN = {"left": 0, "center": 1, "right": 2}

# bits of the ESC ! print mode byte
MODE_BOLD = 0x08
MODE_DOUBLE_HEIGHT = 0x10


class EscPos(ABC):
    """Formats text and commands; subclasses only move the bytes."""

    def __init__(self, codepage: str = DEFAULT_CODEPAGE) -> None:
        self.codepage = check_codepage(codepage)
        self._mode = 0

    @abstractmethod
    def _raw(self, data: bytes) -> None:
        """Send bytes to the printer, as they are."""

    def init(self) -> None:
        """ESC @: reset the printer to its power-on settings."""
        self._mode = 0
        self._raw(ESC + b"@")

    def select_codepage(self, codepage: str | None = None, number: int | None = None) -> None:
        """ESC t n: print bytes 0x80-0xFF from this code page from now on.

        `number` is the printer's n for the page when it differs from Epson's.
        """
        if codepage is not None:
            self.codepage = check_codepage(codepage)
        n = CODE_PAGES[self.codepage] if number is None else number
        if not 0 <= n <= 255:
            raise ValueError(f"code page number {n} is not a byte")
        self._raw(ESC + b"t" + bytes([n]))

    def text(self, text: str) -> None:
        """Printable text in the current code page (no line feed added)."""
        if text:
            self._raw(encode(text, self.codepage))

    def line(self, text: str = "") -> None:
        """Text, then LF, which prints the line and feeds the paper one line."""
        self._raw(encode(text, self.codepage) + LF)

    def bold(self, on: bool = True) -> None:
        """ESC ! n with the emphasis bit (0x08) set or cleared."""
        self._set_mode(MODE_BOLD, on)

    def double_height(self, on: bool = True) -> None:
        """ESC ! n with the double-height bit (0x10): same width, twice as tall."""
        self._set_mode(MODE_DOUBLE_HEIGHT, on)

    def align(self, how: Align) -> None:
        """ESC a n: 0 left, 1 centre, 2 right."""
        self._raw(ESC + b"a" + bytes([_ALIGN[how]]))

    def feed(self, lines: int = 1) -> None:
        """LF repeated: print what is buffered and feed `lines` blank lines."""
        if not 0 <= lines <= 255:
            raise ValueError(f"cannot feed {lines} lines")
        if lines:
            self._raw(LF * lines)

    def cut(self, partial: bool = True) -> None:
        """GS V m: cut the paper (m = 1 partial, 0 full); only on printers with a cutter."""
        self._raw(GS + b"V" + (b"\x01" if partial else b"\x00"))

    def _set_mode(self, bit: int, on: bool) -> None:
        self._mode = (self._mode | bit) if on else (self._mode & ~bit)
        self._raw(ESC + b"!" + bytes([self._mode]))


# Status queries; the printer answers each with one byte.
QUERY_PRINTER_STATUS = DLE + EOT + b"\x01"  # DLE EOT 1: bit 3 set = off line
QUERY_PAPER_STATUS = DLE + EOT + b"\x04"  # DLE EOT 4: bits 5-6 = paper end, 2-3 = near end
QUERY_PAPER_SENSOR = GS + b"r\x01"  # GS r 1: bits 2-3 = paper end, 0-1 = near end
