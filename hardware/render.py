"""Sending a sheet's styled lines to an ESC/POS printer."""

from __future__ import annotations

from collections.abc import Sequence

from hardware.escpos import EscPos
from hardware.memory_printer import MemoryPrinter
from hardware.sheet import SheetLine

TRAILING_FEED = 4  # lines fed after the sheet so it clears the tear bar


def render_sheet(
    printer: EscPos,
    lines: Sequence[SheetLine],
    *,
    codepage_number: int | None = None,
    cut: bool = False,
) -> None:
    """Reset the printer, select the code page, print the lines, feed (and cut)."""
    printer.init()
    printer.select_codepage(number=codepage_number)
    align, bold, tall = "left", False, False
    for line in lines:
        if line.align != align:
            printer.align(line.align)
            align = line.align
        if line.bold != bold:
            printer.bold(line.bold)
            bold = line.bold
        if line.tall != tall:
            printer.double_height(line.tall)
            tall = line.tall
        printer.line(line.text)
    if align != "left":
        printer.align("left")
    if bold:
        printer.bold(False)
    if tall:
        printer.double_height(False)
    printer.feed(TRAILING_FEED)
    if cut:
        printer.cut()


def sheet_bytes(
    lines: Sequence[SheetLine],
    *,
    codepage: str = "cp858",
    codepage_number: int | None = None,
    cut: bool = False,
) -> bytes:
    """The exact bytes `render_sheet` sends, without a printer."""
    printer = MemoryPrinter(codepage)
    render_sheet(printer, lines, codepage_number=codepage_number, cut=cut)
    return bytes(printer.output)
