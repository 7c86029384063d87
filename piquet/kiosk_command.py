"""`piquet kiosk [--db FILE] [--fullscreen|--windowed] [--lang en|fr]`: the touchscreen app.

Windowed 800x480 by default; `--fullscreen` for the Pi (scripts/run chooses).
The language is `--lang`, else the one last chosen in Settings, else the
system locale's (French for fr_*, English otherwise).
The window size and mode are set through Kivy's Config before the window
exists, so nothing flickers at start.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path


def configure_kivy(fullscreen: bool) -> None:
    """Window settings; must run before anything imports kivy.core.window."""
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_NO_FILELOG", "1")
    from kivy.config import Config

    Config.set("graphics", "width", "800")
    Config.set("graphics", "height", "480")
    Config.set("graphics", "resizable", "0")
    Config.set("graphics", "fullscreen", "auto" if fullscreen else "0")
    Config.set("graphics", "show_cursor", "0" if fullscreen else "1")
    # One touch path only (ARCHITECTURE.md): SDL delivers a tap as a mouse
    # click, so Kivy's own probing of /dev/input (mtdev/hidinput) would count
    # every tap twice; it is left out unless PIQUET_KIOSK_INPUT names it, e.g.
    # "probesysfs,provider=hidinput". No multitouch emulation on the mouse.
    Config.set("input", "mouse", "mouse,disable_multitouch")
    for option in list(Config.options("input")):
        if option != "mouse":
            Config.remove_option("input", option)
    if os.environ.get("PIQUET_KIOSK_INPUT"):
        Config.set("input", "device", os.environ["PIQUET_KIOSK_INPUT"])
    Config.set("kivy", "exit_on_escape", "0")


def system_language() -> str:
    """French when the system's locale is French, else English."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name)
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    return "en"


def run_kiosk(args: argparse.Namespace) -> int:
    from journal import Journal, JournalError, default_journal_path

    db = Path(args.db) if args.db else default_journal_path()
    try:
        db.parent.mkdir(parents=True, exist_ok=True)
        journal = Journal.open(db)
    except (OSError, JournalError) as exc:
        sys.stderr.write(f"piquet: {exc}\n")
        return 2
    configure_kivy(bool(args.fullscreen))

    from kivy.base import ExceptionManager
    from kivy.clock import Clock

    from kiosk.app import KeepRunning, PiquetApp
    from kiosk.hardware_wiring import open_table
    from kiosk.presenter import KioskState, Presenter

    def dispatch(fn: Callable[[], None]) -> None:  # from a worker thread to the UI thread
        Clock.schedule_once(lambda _dt: fn(), 0)

    state = KioskState(db.with_name(db.name + ".kiosk.json"))
    lang = args.lang or state.data.get("lang") or system_language()
    presenter = Presenter(journal, lang=lang, state=state, data_dir=db.parent / "exports")
    table = open_table(dispatch, presenter.button, presenter.print_status)
    presenter.printer = table.printer
    presenter.hardware_text = {"printer": table.printer_status,
                               "buttons": table.buttons_status}
    if table.buttons is not None:  # light the LED of the seat whose lead it is
        buttons = table.buttons
        presenter.listeners.append(lambda: buttons.set_lead(presenter.lead_seat()))
    app = PiquetApp(presenter)
    ExceptionManager.add_handler(KeepRunning())
    from kiosk.watchdog import watch_kivy

    watch_kivy()  # under systemd: READY=1 once drawn, then WATCHDOG=1 from the Kivy clock
    try:
        app.run()
    finally:
        table.close()
        journal.close()
    return 0
