"""What the table is in: the journal's state, the hardware, the printer, the buttons.

A presenter the session holds (no Kivy), for issues 8 and 9:

- **The journal.** `watch_journal()` runs every second from the app's clock:
  the cheap `journal.refresh()` shows another writer's change (`piquet act`,
  `piquet new`) within a second, and notices a journal file deleted or
  replaced. `journal_alert()` is the short sentence for the screens' reserved
  line (gone, read-only), `partie_notice(partie)` the short one for a partie
  with actions kept aside; Settings says each in full (`journal_lines()`).
  While nothing can be saved (`writable()` False) the app disables every
  button that would write (`holds_writing`), and `reopen_journal()` opens the
  file at the same path again.
- **The hardware.** `attach_table(table)` (the kiosk opens it after its first
  frame, `open_table_later`) and `table_ready(table)`; Settings shows every
  `HardwareNews` of the table and the config file in the kiosk's language.
- **The printer.** A failure shows where Print was tapped, in words; kept
  sheets print by themselves when the printer is back, and the kiosk says so;
  `print_again()` is the printer's `reprint_last()`.
- **The buttons.** A seat press is a trick in the play; a long press
  (`UndoHold`) undoes only on a playing screen, and only if nothing changed
  after the press began (`pressed_at`, on `time.monotonic()` like
  `journal.changed_at`): otherwise nothing is done and the screen says why.
  A seat press that began before the partie last changed is not taken either.
"""

from __future__ import annotations

import contextlib
import re
from typing import TYPE_CHECKING, Any

from hardware.news import HardwareNews, news
from kiosk.journal_guard import reason_words, warning_words
from kiosk.screens import DEAL, END_OF_DEAL, HOME, QUICK, SETTINGS, SHEET
from kiosk.screens.quick import QuickEntry

if TYPE_CHECKING:
    from kiosk.session import Session

# the multi screens: a deal of three to seven players (kiosk/multi.py)
PLAYING = (DEAL, END_OF_DEAL, QUICK, "multi_deal", "multi_end", "multi_quick", "chouette_seat")

# Buttons that stay live while nothing can be saved: going about and looking.
_LOOKING = frozenset({"home", "sheet", "back", "final_sheet"})
# Elsewhere, the buttons that lead to a write.
_WRITING = frozenset({"new", "take_up", "return_match", "undo", "redo", "start"})


def holds_writing(screen: str, key: str) -> bool:
    """The button `key` of `screen` would write to the journal (or lead straight
    to a screen that does): disabled while nothing can be saved."""
    if screen in PLAYING:
        return key not in _LOOKING
    return key in _WRITING


def nothing_enabled(value: Any) -> Any:
    """A view with every answer disabled in its place ("enabled": False in every
    option, however deep): nothing is offered that could not be saved."""
    if isinstance(value, dict):
        return {k: (False if k == "enabled" else nothing_enabled(v)) for k, v in value.items()}
    if isinstance(value, list):
        return [nothing_enabled(v) for v in value]
    return value


class TableState:
    """The journal's state, the hardware, the printer, the buttons, and the Settings
    screen that shows them all."""

    def __init__(
        self, session: Session, config: Any = None, location_note: str | None = None
    ) -> None:
        self.s = session
        self.config = config  # hardware.config.TableConfig, read once at start
        self.location_note = location_note  # where the journal went without $HOME
        self.table: Any = None  # kiosk.hardware_wiring.Table, once attached
        self.print_news: HardwareNews | None = None
        self.print_screen: str | None = None  # where Print was last tapped
        self._printing_kept = False
        self.button_events: list[str] = []  # the last presses, for Settings' live test
        self.last_print = ""
        session.screens.add(SETTINGS, self._view_settings)

    # ----- the journal ----------------------------------------------------------
    def writable(self) -> bool:
        return self.s.journal.writable

    def watch_journal(self) -> None:
        """Every second: show another writer's change, or that the file went."""
        was_gone = self.s.journal.gone is not None
        if not self.s.journal.refresh():
            return
        if self.s.journal.gone is not None and not was_gone:
            text = self.s._("The journal file is gone: nothing is saved.")
        else:
            text = self.s._("The journal was changed by another program: this is it now.")
        self.s._show(self.s.screen, text)

    def reload_if_changed(self) -> None:
        """Another writer's change was read: every cached view goes, and a
        playing screen becomes the one the journal is at now."""
        if not self.s.journal.reloaded:
            return
        self.s.journal.reloaded = False
        self.s._forget()
        self.s.on_partie_changed()
        self.s.quick.quick_entry = QuickEntry()
        if self.s.screen in PLAYING:
            self.s.screen = self.s.playing_screen() or HOME

    def journal_alert(self) -> str:
        """The short sentence for the reserved line while nothing can be saved."""
        if getattr(self.s.journal, "damaged", None) is not None:
            return self.s._("The journal file is damaged: nothing is saved.")
        if self.s.journal.gone is not None:
            return self.s._("The journal file is gone: nothing is saved.")
        if self.s.journal.read_only:
            return self.s._("Read-only journal: nothing is saved.")
        return ""

    def partie_notice(self, partie: int | None) -> str:
        """A short sentence shown with a partie that has actions kept aside."""
        if partie is None or not self._warnings(partie):
            return ""
        return self.s._("Actions kept aside: see Settings.")

    def _warnings(self, partie: int) -> list[str]:
        try:
            return list(self.s.journal.warnings(partie))
        except Exception:  # a partie that cannot be read has nothing more to say here
            return []

    def journal_lines(self) -> list[str]:
        """Settings: where the journal is, and everything that is wrong with it."""
        path = self.s.journal.file
        lines = [
            self.s._("Journal: {path}", path=path)
            if path is not None
            else self.s._("Journal: in memory only (nothing is kept after the kiosk stops).")
        ]
        if self.location_note:
            lines.append(note_words(self.location_note, self.s._))
        if self.s.journal.gone is not None:
            why = _capital(reason_words(self.s.journal.gone, self.s._))
            lines.append(
                self.s._("{why}: nothing more can be saved. Open it again to go on.", why=why)
                if self.s.journal.may_reopen
                else self.s._("{why}: nothing more can be saved.", why=why)
            )
        elif self.s.journal.read_only:
            reason = self.s.journal.read_only_reason or ""
            lines.append(
                self.s._(
                    "It cannot be written: {why}. The parties can be looked at; "
                    "nothing can be saved.",
                    why=reason_words(reason, self.s._),
                )
            )
        for partie, text in self._warnings_shown():
            lines.append(
                self.s._("Partie {n}:", n=partie) + " " + warning_words(text, self.s._, self.s.n_)
            )
        return lines

    def _warnings_shown(self) -> list[tuple[int, str]]:
        """The warnings of the partie in play and of the one on the sheet."""
        parties = [self.s.current(), self.s.viewing]
        found = []
        for partie in dict.fromkeys(p for p in parties if p is not None):
            found += [(partie, text) for text in self._warnings(partie)]
        return found

    def use_journal(self, journal: Any) -> None:
        """Go on with another open journal (the same file opened again)."""
        old = self.s.journal.inner
        self.s.journal.inner = journal
        self.s.journal.file = journal.path
        self.s.journal.gone = None
        self.s.journal.reloaded = False
        self.s.journal.changed_at = self.s.journal.clock()
        if old is not journal:
            with contextlib.suppress(Exception):  # a file already gone closes as it can
                old.close()
        self.s._forget()
        self.s.on_partie_changed()
        self.s.viewing = None
        self.s._show(self.s.playing_screen() or HOME)

    def reopen_journal(self) -> None:
        """Settings' "Open the journal again": the file at the same path, as it is now,
        checked as at the start: a file too damaged to open, or one the check (on a
        thread; the first write waits for it) finds damaged, shows the damaged-journal
        screen and is never written to."""
        from journal import DamagedJournalError, Journal, JournalError, NotAJournalError

        path = self.s.journal.file
        if path is None or not self.s.journal.may_reopen:
            return
        # the old connection goes first: its -wal and -shm beside the path must not be
        # read as the new file's
        with contextlib.suppress(Exception):
            self.s.journal.inner.close()
        try:
            journal = Journal.open(path, fall_back_to_reading=True)
        except (DamagedJournalError, NotAJournalError) as error:
            self.s.journal.inner = Journal.open(":memory:")  # nothing to show; nothing is saved
            self.s._forget()
            self.s.journal.watch(str(error))
            self.s.changed()
            return
        except JournalError as error:
            self.s.journal.inner = Journal.open(":memory:")  # nothing to show; nothing is saved
            self.s.journal.gone = self.s.journal.gone or str(error)
            self.s._forget()
            self.s._show(
                self.s.screen,
                self.s._(
                    "The journal could not be opened: {why}.",
                    why=reason_words(str(error), self.s._),
                ),
            )
            return
        self.use_journal(journal)
        self.s.journal.watch().start()
        self.s._show(SETTINGS, self.s._("The journal is open again."))

    # ----- the hardware ---------------------------------------------------------
    def attach_table(self, table: Any) -> None:
        """The table's parts, still opening: its LEDs follow the lead from now on."""
        self.table = table
        self.s.listeners.append(lambda: table.set_lead(self.s.deal.lead_seat()))

    def table_ready(self, table: Any) -> None:
        """The printer and the buttons are open (or off, with their reasons)."""
        self.table = table
        self.s.printer = table.printer
        self.s.changed()

    def hardware_lines(self) -> list[str]:
        """Everything the table says (the printer, the buttons, the config file's
        problems), in the kiosk's language."""
        if self.table is not None:
            return [n.text(self.s._) for n in self.table.news]
        return [self.printer_status(), self.buttons_status(), *self.config_lines()]

    def config_lines(self) -> list[str]:
        """The config file's problems, each with its file and line, in words."""
        if self.table is not None:
            items = list(self.table.config_news)
        else:
            items = [p.news for p in getattr(self.config, "problems", ()) if p.news is not None]
        return [n.text(self.s._) for n in items]

    def printer_status(self) -> str:
        """Settings' printer line: what the printer is, and its latest news."""
        if self.table is not None:
            text = str(self.table.printer_news.text(self.s._))
        elif self.s.printer is not None:
            text = self.s._("Printer: {name}", name=getattr(self.s.printer, "name", ""))
        else:
            return self.s._("No printer is configured.")
        latest = self._print_text()
        return f"{text} · {latest}" if latest else text

    def buttons_status(self) -> str:
        if self.table is not None:
            return str(self.table.buttons_news.text(self.s._))
        return self.s._(
            "Seat buttons: not connected (the kiosk started without the table's "
            "hardware): tap the screen instead."
        )

    # ----- the printer -----------------------------------------------------------
    def _print_text(self) -> str:
        if self.print_news is None:
            return self.last_print
        return str(self.print_news.text(self.s._))

    def can_print_again(self) -> bool:
        printer = self.s.printer
        if printer is None:
            return False
        queue = getattr(printer, "queue", None)
        return bool(getattr(printer, "kept", ())) or (
            queue is not None and queue.last_printed is not None
        )

    def print_sheet(self) -> None:
        partie = self.s.viewing if self.s.viewing is not None else self.s.current()
        if self.s.printer is None or partie is None:
            if self.table is not None and partie is not None:
                self.s._show(self.s.screen, self.table.printer_news.text(self.s._))
            else:
                self.s._show(self.s.screen, self.s._("No printer is configured."))
            return
        self.print_screen = self.s.screen
        try:
            self.s.printer.print_record(self.s.journal.record(partie), lang=self.s.lang)
        except Exception:  # a bad record or a bug: said in words, never its text
            self.s._show(self.s.screen, news("printer-fault").text(self.s._))
            return
        self.s._show(self.s.screen, self.s._("Sent to the printer."))

    def print_again(self) -> None:
        """ "Print again": the kept sheets now, else the last printed one once more."""
        if self.s.printer is None:
            self.s._show(self.s.screen, self.s._("No printer is configured."))
            return
        self.print_screen = self.s.screen
        if self.s.printer.reprint_last() is None:
            self.s._show(self.s.screen, self.s._("Nothing was printed yet."))
            return
        self.s._show(self.s.screen, self.s._("Sent to the printer again."))

    def print_status(self, status: Any) -> None:
        """The print worker's news, on the UI thread: shown where Print was tapped
        (and in Settings); kept sheets printing by themselves are said anywhere."""
        found = getattr(status, "news", None)
        self.print_news = found if isinstance(found, HardwareNews) else None
        self.last_print = str(getattr(status, "message", status))
        state = getattr(status, "state", "")
        if state == "retrying":
            self._printing_kept = True
        later = self._printing_kept and state in ("retrying", "printing", "printed", "failed")
        if state in ("printed", "failed"):
            self._printing_kept = False
        if self.s.screen != SETTINGS and (later or self.s.screen in (SHEET, self.print_screen)):
            self.s._show(self.s.screen, self._print_text())
        else:  # Settings says it in the printer's line
            self.s.changed()

    # ----- the buttons -----------------------------------------------------------
    def button(self, event: Any) -> None:
        """A seat or confirm button: the same actions as the touches.

        A seat press is "I won this trick" in the play (seat A is the player
        sitting on the left, or at the top in portrait); confirm is "next deal"
        at the end of a deal and "good" when that is an answer; a long press
        undoes on a playing screen. Every event also shows in the Settings'
        live test view."""
        from hardware.button_events import BothPressed, ConfirmPress, SeatPress, UndoHold

        if isinstance(event, SeatPress):
            text = self.s._("Seat {seat} pressed", seat="AB"[event.seat])
        elif isinstance(event, ConfirmPress):
            text = self.s._("Confirm pressed")
        elif isinstance(event, UndoHold):
            text = self.s._("A button held: undo")
        elif isinstance(event, BothPressed):
            text = self.s._("Both seats pressed together")
        else:
            return
        self.button_events = [text, *self.button_events][:5]
        if self.s.screen == SETTINGS:
            self.s.changed()
            return
        began = getattr(event, "pressed_at", None)
        stale = began is not None and self.s.journal.changed_at > began
        if isinstance(event, UndoHold):
            if self.s.screen not in PLAYING:
                self.s._show(
                    self.s.screen,
                    self.s._("Holding a button undoes only during a deal: nothing was undone."),
                )
            elif stale:
                self.s._show(
                    self.s.screen,
                    self.s._("Nothing was undone: the partie changed while the button was held."),
                )
            else:
                self.s.undo()
        elif isinstance(event, BothPressed):
            self.s._show(
                self.s.screen,
                self.s._("Both seats pressed: tap the winner on the screen."),
            )
        elif stale and self.s.screen in PLAYING:  # a seat or confirm press
            self.s._show(
                self.s.screen,
                self.s._(
                    "That press was not taken: the partie changed while it was made. Press again."
                ),
            )
        elif isinstance(event, SeatPress):
            self.s.play.trick_won(event.seat)
        elif isinstance(event, ConfirmPress):
            if self.s.screen == END_OF_DEAL:
                self.s.play.next_deal()
            elif self.s.screen == "multi_end":  # three to seven players
                self.s.multi.game.multi_next()
            elif self.s.screen == DEAL:
                self.s.play.answer("good")

    # ----- Settings ----------------------------------------------------------
    def _view_settings(self) -> dict[str, Any]:
        return {
            "lang": self.s.lang,
            "text_scale": self.s.text_scale,
            "printer": self.printer_status(),
            "buttons": self.buttons_status(),
            "problems": "\n".join(self.config_lines()),
            "journal": "\n".join(self.journal_lines()),
            "journal_trouble": not self.writable() or bool(self._warnings_shown()),
            "can_print_again": self.can_print_again(),
            "can_reopen": self.s.journal.may_reopen,
            "events": list(self.button_events),
            "alert": "",  # said in full in the journal's lines
            **self.s.voice.voice_view(),  # kiosk/screens/voice.py
        }


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


_NOTE = re.compile(
    r"(?:\$HOME \((?P<home>.*)\) does not exist|\$HOME is not set): the journal "
    r"is kept in (?:\$STATE_DIRECTORY \((?P<state>.*)\)|(?P<tmp>.*), which may "
    r"be emptied at restart; set XDG_DATA_HOME or give --db FILE to keep it)"
)


def note_words(note: str, _: Any) -> str:
    """The journal's location note (no $HOME), in the kiosk's language."""
    found = _NOTE.fullmatch(note)
    if found is None:
        return note
    why = (
        _("$HOME ({home}) does not exist", home=found["home"])
        if found["home"] is not None
        else _("$HOME is not set")
    )
    if found["state"] is not None:
        return _(
            "{why}: the journal is kept in $STATE_DIRECTORY ({folder}).",
            why=why,
            folder=found["state"],
        )
    return _(
        "{why}: the journal is kept in {folder}, which may be emptied at restart.",
        why=why,
        folder=found["tmp"],
    )
