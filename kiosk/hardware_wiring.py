"""The kiosk's seams to hardware/: the settings, the printer, the seat buttons and the voice.

Nothing here imports Kivy, nor gpiozero or pyserial at import time: the app
passes a `dispatch` that hands a callable over to the Kivy clock
(`Clock.schedule_once`), because printer statuses arrive on the print
worker's thread, button events on gpiozero's, and the parts themselves, with
`open_table_later`, on a thread of their own.

- `open_table(dispatch, on_button, on_print_status)` opens everything now and
  returns the `Table` (about 70 ms of it is importing gpiozero).
- `open_table_later(dispatch, on_button, on_print_status, on_ready)` reads the
  settings now (no gpiozero: a few milliseconds; the display settings are
  needed before the first frame) and returns at once; the printer and the
  buttons are opened on a thread, and `on_ready(table)` is called through
  `dispatch` when both are, so it can be called after the first frame.

Each part says what it is doing as a `HardwareNews` (`table.printer_news`,
`table.buttons_news`, and `table.config_news` for the settings file's
problems; `table.news` is all of them, to show in Settings); translate with
`news.text(translate)`. The voice (`table.voice`, a `hardware.voice.Voice`
with the settings file's `[voice]`) is made with the table, on the UI thread
(it starts no process until something is said, and then on its own worker);
the kiosk's Settings screen gives it the choices made on the device
(`kiosk.screens.voice`), and `on_voice_news`, when set, is told of each
change of its status through `dispatch`. Without a config file, a serial port or GPIO, every
part degrades to "off" with its reason, so the kiosk runs on any desktop.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from typing import Any

from hardware.news import HardwareNews, news

Dispatch = Callable[[Callable[[], None]], None]


class Table:
    """The settings, the printer and the buttons, and what to say about each."""

    def __init__(
        self,
        dispatch: Dispatch,
        on_button: Callable[[Any], None],
        on_print_status: Callable[[Any], None],
        *,
        config: Any = None,
    ) -> None:
        from hardware.config import load_config

        self.config = config if config is not None else load_config()
        self.config_news: tuple[HardwareNews, ...] = tuple(
            p.news for p in self.config.problems if p.news is not None
        )
        self.printer: Any = None
        self.buttons: Any = None
        self.printer_news = news("printer-starting")
        self.buttons_news = news("buttons-starting")
        self._dispatch = dispatch
        self._on_button = on_button
        self._on_print_status = on_print_status
        self._lock = threading.Lock()
        self._closed = False
        self._lead: int | None = None
        self.ready = threading.Event()
        from hardware.voice import Voice

        self.on_voice_news: Callable[[HardwareNews], None] | None = None
        self.voice = Voice(self.config.voice, on_status=self._voice_news)

    # ----- what the kiosk reads ------------------------------------------------
    @property
    def news(self) -> tuple[HardwareNews, ...]:
        """Everything to show in Settings: the printer, the buttons, the file's problems."""
        return (self.printer_news, self.buttons_news, *self.config_news)

    @property
    def printer_status(self) -> str:
        """The printer's news in English."""
        return self.printer_news.text()

    @property
    def buttons_status(self) -> str:
        """The buttons' news in English."""
        return self.buttons_news.text()

    def set_lead(self, seat: int | None) -> None:
        """Light the LED of the seat whose lead it is (remembered until the buttons open)."""
        with self._lock:
            self._lead = seat
            buttons = self.buttons
        if buttons is not None:
            buttons.set_lead(seat)

    def _voice_news(self, said: HardwareNews) -> None:
        """The voice's status changed (on its worker thread): told on the UI thread."""

        def tell() -> None:
            if self.on_voice_news is not None:
                self.on_voice_news(said)

        self._dispatch(tell)

    # ----- opening and closing ------------------------------------------------
    def open(self) -> Table:
        """Open the printer and the buttons on this thread."""
        self._open_printer()
        self._open_buttons()
        self.ready.set()
        return self

    def open_later(self, on_ready: Callable[[Table], None] | None = None) -> Table:
        """Open them on a thread; `on_ready(table)` through `dispatch` when done."""

        def run() -> None:
            self.open()
            if on_ready is not None and not self._closed:
                self._dispatch(lambda: on_ready(self))

        threading.Thread(target=run, name="table-open", daemon=True).start()
        return self

    def close(self) -> None:
        """Close what is open; a part still opening is closed as soon as it is."""
        with self._lock:
            self._closed = True
            parts = [self.printer, self.buttons]
        self.voice.close(wait=False)  # the call being said finishes on its own
        for part in parts:
            if part is not None and hasattr(part, "close"):
                part.close()

    def _keep(self, name: str, part: Any) -> None:
        with self._lock:
            closed = self._closed
            if not closed:
                setattr(self, name, part)
        if closed and part is not None:
            part.close()

    def _open_printer(self) -> None:
        config = self.config
        settings = config.printer
        if config.problems_in("printer"):
            self.printer_news = news("printer-settings-problem")
            return
        configured = config.path is not None or os.path.exists(settings.port)
        if settings.enabled and not configured:
            self.printer_news = news("printer-not-set-up")
            return
        from hardware.table_printer import open_printer

        def notify(status: Any) -> None:
            self._dispatch(lambda: self._on_print_status(status))

        printer, self.printer_news = open_printer(settings, notify)
        self._keep("printer", printer)

    def _open_buttons(self) -> None:
        config = self.config
        if config.problems_in("pins"):
            self.buttons_news = news("buttons-settings-problem")
            return
        from hardware.gpio_buttons import open_buttons

        buttons, self.buttons_news = open_buttons(
            config.pins, config.timings, self._on_button, dispatch=self._dispatch
        )
        self._keep("buttons", buttons)
        with self._lock:
            kept, lead = self.buttons, self._lead
        if kept is not None:
            kept.set_lead(lead)


def open_table(
    dispatch: Dispatch,
    on_button: Callable[[Any], None],
    on_print_status: Callable[[Any], None],
    *,
    config: Any = None,
) -> Table:
    """Read the settings and open the printer and the buttons, now."""
    return Table(dispatch, on_button, on_print_status, config=config).open()


def open_table_later(
    dispatch: Dispatch,
    on_button: Callable[[Any], None],
    on_print_status: Callable[[Any], None],
    on_ready: Callable[[Table], None] | None = None,
    *,
    config: Any = None,
) -> Table:
    """Read the settings now; open the printer and the buttons on a thread."""
    return Table(dispatch, on_button, on_print_status, config=config).open_later(on_ready)
