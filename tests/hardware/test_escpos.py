"""Exact bytes of each ESC/POS command (hardware/escpos.py), one tiny test each."""

from __future__ import annotations

import pytest

from hardware.escpos import QUERY_PAPER_SENSOR, QUERY_PAPER_STATUS, QUERY_PRINTER_STATUS
from hardware.memory_printer import MemoryPrinter


@pytest.fixture
def printer() -> MemoryPrinter:
    return MemoryPrinter()


def test_init_is_esc_at(printer: MemoryPrinter) -> None:
    printer.init()
    assert printer.output == b"\x1b\x40"


def test_codepage_cp858_is_esc_t_19(printer: MemoryPrinter) -> None:
    printer.select_codepage()
    assert printer.output == b"\x1b\x74\x13"


def test_codepage_cp437_is_esc_t_0(printer: MemoryPrinter) -> None:
    printer.select_codepage("cp437")
    assert printer.output == b"\x1b\x74\x00"
    assert printer.codepage == "cp437"


def test_codepage_number_can_be_overridden_for_odd_printers(printer: MemoryPrinter) -> None:
    printer.select_codepage("cp858", number=16)
    assert printer.output == b"\x1b\x74\x10"


def test_unknown_codepage_is_refused(printer: MemoryPrinter) -> None:
    with pytest.raises(ValueError, match="cp866"):
        printer.select_codepage("cp866")


def test_bold_on_then_off(printer: MemoryPrinter) -> None:
    printer.bold()
    printer.bold(False)
    assert printer.output == b"\x1b!\x08" + b"\x1b!\x00"


def test_double_height_keeps_bold(printer: MemoryPrinter) -> None:
    printer.bold()
    printer.double_height()
    printer.bold(False)
    assert printer.output == b"\x1b!\x08" + b"\x1b!\x18" + b"\x1b!\x10"


@pytest.mark.parametrize(("how", "n"), [("left", 0), ("center", 1), ("right", 2)])
def test_align_is_esc_a_n(printer: MemoryPrinter, how: str, n: int) -> None:
    printer.align(how)  # type: ignore[arg-type]
    assert printer.output == b"\x1b\x61" + bytes([n])


def test_feed_is_line_feeds(printer: MemoryPrinter) -> None:
    printer.feed(3)
    assert printer.output == b"\n\n\n"


def test_feed_refuses_more_than_a_byte(printer: MemoryPrinter) -> None:
    with pytest.raises(ValueError):
        printer.feed(256)


def test_partial_and_full_cut(printer: MemoryPrinter) -> None:
    printer.cut()
    printer.cut(partial=False)
    assert printer.output == b"\x1d\x56\x01" + b"\x1d\x56\x00"


def test_line_encodes_accents_in_cp858(printer: MemoryPrinter) -> None:
    printer.line("Joséphine, François, Müller, Muñoz")
    # CP850/858 positions: é 0x82, ç 0x87, ü 0x81, ñ 0xA4
    assert printer.output == b"Jos\x82phine, Fran\x87ois, M\x81ller, Mu\xa4oz\n"


def test_text_cannot_smuggle_a_command(printer: MemoryPrinter) -> None:
    printer.text("Ann\x1b@e\x1dV\x00")
    assert printer.output == b"Ann?@e?V?"


def test_status_queries() -> None:
    assert QUERY_PRINTER_STATUS == b"\x10\x04\x01"
    assert QUERY_PAPER_STATUS == b"\x10\x04\x04"
    assert QUERY_PAPER_SENSOR == b"\x1d\x72\x01"
