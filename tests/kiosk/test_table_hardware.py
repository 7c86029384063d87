"""The seat buttons and the printer, as the presenter sees them (no Kivy)."""

from __future__ import annotations

from hardware.button_events import BothPressed, ConfirmPress, SeatPress, UndoHold
from journal import Journal
from kiosk import presenter as pm
from kiosk.presenter import Presenter


def in_play() -> Presenter:
    p = Presenter(Journal.open(":memory:"))
    p.journal.new_partie(["Anne", "Bruno"], "Bruno")
    p.resume()
    for key in ["cb-done", "ex-done", *["nothing"] * 6]:
        p.answer(key)
    assert p.view()["play"]
    return p


def test_a_seat_press_is_that_players_trick_and_a_long_press_undoes():
    p = in_play()
    assert p.lead_seat() == 0  # Anne, elder, leads to the first trick
    p.button(SeatPress(1))  # seat B: Bruno, younger in deal 1
    assert p.journal.actions()[-1] == {"trick": "Y"}
    assert p.lead_seat() == 1  # the winner leads
    p.button(SeatPress(0))
    assert p.journal.actions()[-1] == {"trick": "E"}
    n = len(p.journal.actions())
    p.button(UndoHold(2))
    assert len(p.journal.actions()) == n - 1
    p.button(BothPressed())
    assert len(p.journal.actions()) == n - 1 and p.message


def test_confirm_is_good_in_the_dialogue_and_next_deal_at_the_end():
    p = Presenter(Journal.open(":memory:"))
    p.journal.new_partie(["Anne", "Bruno"], "Bruno")
    p.resume()
    p.answer("cb-done")
    p.answer("ex-done")
    p.answer("call-5")
    p.button(ConfirmPress())
    assert p.journal.actions()[-1] == {"say": "good", "by": "younger"}
    for key in ["nothing"] * 4:
        p.answer(key)
    for _ in range(12):
        p.button(SeatPress(0))
    assert p.screen == pm.END_OF_DEAL
    p.button(ConfirmPress())
    assert p.journal.actions()[-1] == {"next_deal": True}


def test_settings_shows_presses_without_acting():
    p = in_play()
    p.go(pm.SETTINGS)
    n = len(p.journal.actions())
    p.button(SeatPress(0))
    p.button(ConfirmPress())
    assert len(p.journal.actions()) == n
    assert p.view()["events"] == ["Confirm pressed", "Seat A pressed"]


class FakePrinter:
    name = "fake printer"

    def __init__(self) -> None:
        self.printed: list[dict] = []

    def print_record(self, record: dict, lang: str = "en") -> None:
        self.printed.append(record)


def test_print_sends_the_partie_record_and_shows_the_workers_status():
    printer = FakePrinter()
    p = in_play()
    p.printer = printer
    p.go(pm.SHEET)
    assert p.view()["printer"] is True
    p.print_sheet()
    assert printer.printed == [p.journal.record()]

    class Status:
        message = "printed"

    p.print_status(Status())
    assert p.message == "printed"
    p.go(pm.SETTINGS)
    assert "fake printer" in p.view()["printer"] and "printed" in p.view()["printer"]


def test_the_kiosk_prints_the_sheet_in_its_current_language():
    """A real TablePrinter over a memory printer: the table switched to French
    prints a French sheet, with its accents on CP858."""
    from hardware.config import PrinterConfig
    from hardware.memory_printer import MemoryPrinter
    from hardware.render import render_sheet
    from hardware.table_printer import TablePrinter

    paper = MemoryPrinter()
    printer = TablePrinter(
        PrinterConfig(), print_job=lambda job: render_sheet(paper, job.lines), probe=lambda: None
    )
    try:
        p = in_play()
        p.printer = printer
        p.set_lang("fr")
        p.go(pm.SHEET)
        p.print_sheet()
        assert printer.queue.wait_idle(timeout=30)
    finally:
        printer.close()
    assert b"Piquet \x85 rubicon\n" in paper.output  # à is 0x85 on CP858
    assert b"Anne contre Bruno\n" in paper.output
    assert b"Premier donneur : Bruno\n" in paper.output
