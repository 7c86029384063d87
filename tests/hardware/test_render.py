"""A sheet's lines to ESC/POS (hardware/render.py), and the whole sheet through
the pty fake printer read back as text."""

from __future__ import annotations

import copy
from datetime import date

from hardware.memory_printer import MemoryPrinter
from hardware.render import render_sheet, sheet_bytes
from hardware.serial_printer import SerialPrinter
from hardware.sheet import SheetLine, build_sheet
from scorer import score_record


def test_styles_are_switched_only_when_they_change() -> None:
    printer = MemoryPrinter()
    render_sheet(
        printer,
        [
            SheetLine("Piquet", bold=True, tall=True, align="center"),
            SheetLine("Anne"),
            SheetLine("Ben"),
        ],
    )
    assert printer.output == (
        b"\x1b@"
        b"\x1bt\x13"  # reset, CP858
        b"\x1ba\x01"
        b"\x1b!\x08"
        b"\x1b!\x18"
        b"Piquet\n"  # centred, bold, tall
        b"\x1ba\x00"
        b"\x1b!\x10"
        b"\x1b!\x00"
        b"Anne\n"  # back to plain
        b"Ben\n"
        b"\n\n\n\n"  # clear the tear bar
    )


def test_cut_and_code_page_number_are_settings() -> None:
    data = sheet_bytes([SheetLine("x")], codepage="cp437", codepage_number=3, cut=True)
    assert data == b"\x1b@\x1bt\x03x\n\n\n\n\n\x1dV\x01"


def test_the_whole_sheet_read_back_from_the_printer(
    fake_printer, clock, example, decode, josephine_sheet_32
) -> None:
    record = copy.deepcopy(example("seed002-josephine.json"))
    record["players"] = ["Napoleon", "Joséphine"]
    record["first_dealer"] = "Joséphine"
    lines = build_sheet(record, score_record(record), columns=32, printed_on=date(2026, 11, 21))
    with SerialPrinter.open(fake_printer.port, 19200, clock=clock, sleep=clock.sleep) as printer:
        render_sheet(printer, lines)
    expected_size = len(sheet_bytes(lines))
    printed = decode(fake_printer.received(at_least=expected_size))
    assert printed == [*josephine_sheet_32, "", "", "", ""]
