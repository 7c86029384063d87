"""The kiosk wired to the table (issues 8 and 9), without Kivy: the display
settings, the hardware's news in Settings, the lead LEDs, the printer, and the
seat buttons' long press."""

from __future__ import annotations

import argparse
import threading
from pathlib import Path
from typing import Any

import pytest

from hardware.button_events import CONFIRM, SEAT_A, SEAT_B, ConfirmPress, SeatPress, UndoHold
from hardware.config import PrinterConfig, load_config
from hardware.errors import PaperOut
from hardware.news import news
from hardware.press_logic import PressInterpreter
from hardware.table_printer import TablePrinter
from journal import Journal
from kiosk import presenter as pm
from kiosk.i18n import Translator
from kiosk.presenter import KioskState, Presenter
from piquet.kiosk_command import display_settings

PLAY = ["cb-done", "ex-done", *["nothing"] * 6]


class Clock:
    """time.monotonic() for a test: moved by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def in_play(**kw: Any) -> Presenter:
    p = Presenter(Journal.open(":memory:"), **kw)
    p.journal.new_partie(["Anne", "Bruno"], "Bruno")
    p.resume()
    for key in PLAY:
        p.answer(key)
    assert p.view()["play"]
    return p


# ----- 1. the display settings ---------------------------------------------------------


def test_an_old_side_file_does_not_hide_the_config_files_text_size(tmp_path):
    side = tmp_path / "j.sqlite3.kiosk.json"
    side.write_text('{"lang": "en", "text_scale": 1.0}', encoding="utf-8")  # older kiosks
    p = Presenter(Journal.open(":memory:"), state=KioskState(side), text_scale=1.4)
    assert p.text_scale == 1.4


def test_a_text_size_chosen_in_settings_wins_from_then_on(tmp_path):
    side = tmp_path / "j.sqlite3.kiosk.json"
    p = Presenter(Journal.open(":memory:"), state=KioskState(side), text_scale=1.4)
    p.cycle_text_size()
    assert p.text_scale == 1.6
    again = Presenter(Journal.open(":memory:"), state=KioskState(side), text_scale=1.2)
    assert again.text_scale == 1.6


def test_an_older_kiosks_text_size_holds_when_nothing_else_gives_one(tmp_path):
    side = tmp_path / "j.sqlite3.kiosk.json"
    side.write_text('{"text_scale": 1.2}', encoding="utf-8")
    assert Presenter(Journal.open(":memory:"), state=KioskState(side)).text_scale == 1.2
    assert Presenter(Journal.open(":memory:")).text_scale == 1.0


def test_the_command_line_wins_over_the_config_files_display_section(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text("[display]\nrotation = 270\ntext_scale = 1.4\n", encoding="utf-8")
    config = load_config(path)
    none = argparse.Namespace(rotation=None, text_scale=None)
    assert display_settings(none, config) == (270, 1.4)
    given = argparse.Namespace(rotation=0, text_scale=1.2)
    assert display_settings(given, config) == (0, 1.2)
    assert display_settings(none, load_config(tmp_path / "missing.toml")) == (0, None)


def test_settings_says_the_config_files_problems_in_plain_words_in_both_languages(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text("[display]\nrotation = 45\n[pins]\nseat_a = 99\n", encoding="utf-8")
    config = load_config(path)
    for lang, words in (
        (
            "en",
            [
                "display.rotation must be one of 0, 90, 180, 270, not 45.",
                "The [display] settings are ignored: the defaults are used.",
                f"Settings file {path}, line 4: pins.seat_a must be a BCM pin",
            ],
        ),
        (
            "fr",
            [
                "display.rotation doit valoir 0, 90, 180, 270, pas 45.",
                "Les réglages [display] sont ignorés",
                f"Fichier de réglages {path}, ligne 4\u202f: pins.seat_a doit",
            ],
        ),
    ):
        p = Presenter(Journal.open(":memory:"), lang=lang, config=config)
        p.go(pm.SETTINGS)
        problems = p.view()["problems"]
        assert len(problems.splitlines()) == 2
        for said in words:
            assert said in problems


# ----- 2. the hardware's news and the lead LEDs ---------------------------------------


class FakeTable:
    """What the kiosk reads of kiosk.hardware_wiring.Table."""

    def __init__(self, *items: Any, printer: Any = None) -> None:
        self.printer_news, self.buttons_news, *rest = items
        self.config_news = tuple(rest)
        self.printer = printer
        self.leads: list[int | None] = []

    @property
    def news(self) -> tuple[Any, ...]:
        return (self.printer_news, self.buttons_news, *self.config_news)

    def set_lead(self, seat: int | None) -> None:
        self.leads.append(seat)


def test_settings_shows_every_news_of_the_table_in_the_kiosks_language():
    table = FakeTable(
        news("printer-not-set-up"),
        news("buttons-no-gpio"),
        news(
            "config-problem-at",
            file="/etc/piquet-table/config.toml",
            line=3,
            problem=news("config-pin", key="pins.seat_a", value="99", or_false=""),
            outcome=news("config-buttons-off"),
        ),
    )
    p = Presenter(Journal.open(":memory:"), lang="fr")
    p.attach_table(table)
    p.go(pm.SETTINGS)
    assert p.hardware_lines() == [n.text(Translator("fr")) for n in table.news]
    view = p.view()
    assert view["printer"] == "Aucune imprimante n'est installée."
    assert view["buttons"] == (
        "Les boutons des joueurs sont hors service\u202f: cette machine n'a "
        "pas de broches GPIO. Touchez l'écran à la place."
    )
    assert view["problems"] == (
        "Fichier de réglages /etc/piquet-table/config.toml, ligne 3\u202f: pins.seat_a doit "
        "être un numéro de broche BCM de 2 à 27, pas 99. Les boutons des joueurs sont hors service "
        "tant que ce n'est pas corrigé."
    )
    p.set_lang("en")
    assert p.view()["buttons"] == (
        "The seat buttons are off: this machine has no GPIO pins. Tap the screen instead."
    )


def test_the_leds_follow_the_lead_through_the_table_from_the_start():
    p = in_play()
    table = FakeTable(news("printer-starting"), news("buttons-starting"))
    p.attach_table(table)  # the buttons are still opening: the table remembers the lead
    p.trick_won(1)  # Bruno (seat B) wins the first trick: he leads
    assert table.leads[-1] == 1
    p.trick_won(0)
    assert table.leads[-1] == 0
    p.go(pm.HOME)
    assert table.leads[-1] is None  # no lead off the play
    table.printer = "the printer"
    p.table_ready(table)
    assert p.printer == "the printer"


# ----- 3. the printer --------------------------------------------------------------------


class Paper:
    """A printer whose paper can run out, for TablePrinter's print_job and probe."""

    def __init__(self) -> None:
        self.loaded = False
        self.printed: list[Any] = []

    def print_job(self, job: Any) -> None:
        if not self.loaded:
            raise PaperOut()
        self.printed.append(job)

    def probe(self) -> None:
        if not self.loaded:
            raise PaperOut()


class Statuses:
    """The print worker's news, handed to the presenter on this (the UI) thread."""

    def __init__(self) -> None:
        self.items: list[Any] = []
        self.lock = threading.Lock()
        self.arrived = threading.Condition(self.lock)

    def notify(self, status: Any) -> None:
        with self.lock:
            self.items.append(status)
            self.arrived.notify_all()

    def deliver(self, p: Presenter, until: str) -> list[str]:
        """Hand over the news until one of state `until` has come; the states seen."""
        seen: list[str] = []
        while True:
            with self.lock:
                assert self.arrived.wait_for(lambda: self.items, 10), seen
                status = self.items.pop(0)
            p.print_status(status)
            seen.append(status.state)
            if status.state == until:
                return seen


@pytest.fixture
def printer():
    paper, statuses = Paper(), Statuses()
    table_printer = TablePrinter(
        PrinterConfig(retry_every_s=0.5),
        statuses.notify,
        print_job=paper.print_job,
        probe=paper.probe,
    )
    yield table_printer, paper, statuses
    table_printer.close()


def test_a_print_failure_shows_where_print_was_tapped_and_kept_sheets_print_later(printer):
    table_printer, paper, statuses = printer
    p = in_play(lang="fr", printer=table_printer)
    p.go(pm.SHEET)
    assert p.view()["can_print_again"] is False  # nothing printed or kept yet
    p.print_sheet()
    assert p.message == "Envoyé à l'imprimante."
    statuses.deliver(p, "failed")
    assert p.screen == pm.SHEET
    assert p.message == (
        "L'imprimante n'a plus de papier\u202f: mettez un rouleau. La marque "
        "(Anne – Bruno) est gardée\u202f: elle s'imprimera d'elle-même dès que "
        "l'imprimante sera prête."
    )
    assert p.view()["can_print_again"] is True
    p.resume()  # back to the play; the paper is loaded meanwhile
    paper.loaded = True
    assert statuses.deliver(p, "printed") == ["retrying", "printing", "printed"]
    assert p.screen == pm.DEAL  # said there too: the kept sheet printed by itself
    assert p.message == "La marque (Anne – Bruno) est imprimée."
    assert len(paper.printed) == 1
    p.go(pm.SETTINGS)
    assert p.view()["printer"].endswith("· La marque (Anne – Bruno) est imprimée.")


def test_print_again_prints_the_last_sheet_once_more(printer):
    table_printer, paper, statuses = printer
    paper.loaded = True
    p = in_play(printer=table_printer)
    p.go(pm.SHEET)
    p.print_sheet()
    statuses.deliver(p, "printed")
    assert p.view()["can_print_again"] is True
    p.print_again()
    assert p.message == "Sent to the printer again."
    statuses.deliver(p, "printed")
    assert paper.printed == [paper.printed[0]] * 2


def test_a_fault_in_printing_is_said_in_words_not_as_the_programs_text():
    class Broken:
        name = "broken"

        def print_record(self, record: Any, lang: str = "en") -> None:
            raise KeyError("players")

    p = in_play(lang="fr", printer=Broken())
    p.go(pm.SHEET)
    p.print_sheet()
    assert p.message == "La marque n'a pas pu être imprimée à cause d'une erreur du programme."


# ----- 4. the long press --------------------------------------------------------------------


@pytest.mark.parametrize(
    "where", [pm.HOME, pm.HISTORY, pm.SHEET, pm.LEARN, pm.NEW_NAMES, pm.DEAL_LINES]
)
def test_a_long_press_off_the_playing_screens_undoes_nothing_and_says_why(where):
    clock = Clock()
    p = in_play(clock=clock)
    p.trick_won(0)
    actions = p.journal.actions()
    if where == pm.NEW_NAMES:
        p.new_partie()
    elif where == pm.DEAL_LINES:
        p.go(pm.SHEET)
        p.view_deal(1)
    else:
        p.go(where)
    clock.now += 5
    p.button(UndoHold(SEAT_A, clock.now - 1.5))
    assert p.journal.actions() == actions and p.screen == where
    assert p.message == "Holding a button undoes only during a deal: nothing was undone."
    p.button(SeatPress(SEAT_B, clock.now))  # a seat press does nothing there either
    p.button(ConfirmPress(clock.now))
    assert p.journal.actions() == actions and p.screen == where


class Buttons:
    """The real press logic on a hand-moved clock, its events handed to the kiosk."""

    def __init__(self, p: Presenter, clock: Clock) -> None:
        self.clock = clock
        self.logic = PressInterpreter(p.button, clock)

    def wait(self, seconds: float) -> None:
        end = self.clock.now + seconds
        while self.clock.now < end - 1e-9:
            self.clock.now = min(end, self.clock.now + 0.01)
            self.logic.poll()

    def down(self, button: int) -> None:
        self.logic.edge(button, True)

    def up(self, button: int) -> None:
        self.logic.edge(button, False)


def test_a_hold_does_not_undo_the_trick_the_other_seat_entered_meanwhile():
    clock = Clock()
    p = in_play(clock=clock)
    buttons = Buttons(p, clock)
    p.trick_won(0)
    buttons.wait(2)
    mine = p.journal.actions()
    buttons.down(SEAT_A)  # A holds to undo his trick...
    buttons.wait(0.5)
    buttons.down(SEAT_B)  # ...and B, meanwhile, taps the next trick
    buttons.wait(0.1)
    buttons.up(SEAT_B)
    buttons.wait(0.5)  # B's trick is committed...
    assert p.journal.actions() == [*mine, {"trick": "Y"}]
    buttons.wait(1.0)  # ...then A's hold falls due: it undoes nothing
    buttons.up(SEAT_A)
    buttons.wait(0.5)
    assert p.journal.actions() == [*mine, {"trick": "Y"}]
    assert p.message == "Nothing was undone: the partie changed while the button was held."


def test_a_press_made_before_an_undo_is_not_taken_after_it():
    clock = Clock()
    p = in_play(clock=clock)
    buttons = Buttons(p, clock)
    p.trick_won(0)
    p.trick_won(1)
    buttons.wait(2)
    before = p.journal.actions()
    buttons.down(SEAT_A)
    buttons.wait(1.4)
    buttons.down(SEAT_B)  # pressed as the screen shows two tricks...
    buttons.wait(0.08)
    buttons.up(SEAT_B)
    buttons.wait(1)  # ...A's hold undoes the second first, then B's press is decided
    buttons.up(SEAT_A)
    buttons.wait(0.5)
    assert p.journal.actions() == before[:-1]
    assert p.message == (
        "That press was not taken: the partie changed while it was made. Press again."
    )


def test_a_hold_on_a_playing_screen_undoes_what_it_began_on():
    clock = Clock()
    p = in_play(clock=clock)
    buttons = Buttons(p, clock)
    p.trick_won(0)
    buttons.wait(2)
    before = p.journal.actions()
    for button in (SEAT_B, CONFIRM):
        buttons.down(button)
        buttons.wait(1.6)
        buttons.up(button)
        buttons.wait(0.5)
    assert p.journal.actions() == before[:-2]
    assert p.message == "Undone."


def test_a_long_press_at_the_end_of_a_deal_undoes_its_last_trick():
    clock = Clock()
    p = in_play(clock=clock)
    for _ in range(12):
        p.trick_won(0)
    assert p.screen == pm.END_OF_DEAL
    clock.now += 3
    p.button(UndoHold(SEAT_A, clock.now - 1.5))
    assert p.screen == pm.DEAL and len(p.view()["tricks"]) > 0
    assert p.journal.actions()[-1] == {"trick": "E"} and p.message == "Undone."


def test_settings_lines_for_a_kiosk_started_without_a_home(tmp_path: Path):
    note = (
        f"$HOME (/nonexistent) does not exist: the journal is kept in {tmp_path}, which "
        "may be emptied at restart; set XDG_DATA_HOME or give --db FILE to keep it"
    )
    p = Presenter(Journal.open(tmp_path / "j.sqlite3"), lang="fr", location_note=note)
    p.go(pm.SETTINGS)
    assert (
        f"$HOME (/nonexistent) n'existe pas\u202f: le journal est gardé dans {tmp_path}, qui "
        "peut être vidé au redémarrage."
    ) in p.view()["journal"]
    p.journal.close()
