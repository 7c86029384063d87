"""A transport that keeps the bytes in memory: for layouts, tests and benches."""

from __future__ import annotations

from hardware.codepage import DEFAULT_CODEPAGE
from hardware.escpos import EscPos


class MemoryPrinter(EscPos):
    def __init__(self, codepage: str = DEFAULT_CODEPAGE) -> None:
        super().__init__(codepage)
        self.output = bytearray()

    def _raw(self, data: bytes) -> None:
        self.output += data
