"""`piquet kiosk [--db FILE] [--fullscreen|--windowed] [--size WxH] [--rotation 0|90|180|270]
[--text-scale S] [--lang en|fr]`: the touchscreen app.

Windowed 800x480 by default (`--size WxH` for another, e.g. 720x1280 to try
the portrait layout); `--fullscreen` fills whatever display it is given at
that display's own size (KMSDRM on the Pi, X or Wayland on a desktop;
scripts/run chooses). `--rotation` turns the drawing and the touches, as a
panel mounted the other way needs; `--text-scale` is the text size until
Settings changes it on the device.
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

DEFAULT_SIZE = (800, 480)


def parse_size(text: str) -> tuple[int, int]:
    """"WxH" -> (W, H); ValueError with a message for anything else."""
    parts = text.lower().split("x")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise ValueError(f"--size must look like 800x480, not {text!r}")
    width, height = (int(p) for p in parts)
    if not (200 <= width <= 8192 and 200 <= height <= 8192):
        raise ValueError(f"--size {text}: each side must be 200 to 8192 pixels")
    return width, height


def configure_kivy(fullscreen: bool, size: tuple[int, int] = DEFAULT_SIZE) -> None:
    """Window settings; must run before anything imports kivy.core.window.

    Full screen is SDL's "auto": the display's own mode, whatever its size."""
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_NO_FILELOG", "1")
    from kivy.config import Config

    Config.set("graphics", "width", str(size[0]))
    Config.set("graphics", "height", str(size[1]))
    Config.set("graphics", "resizable", "0" if fullscreen else "1")
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
        size = parse_size(args.size) if getattr(args, "size", None) else DEFAULT_SIZE
        text_scale = getattr(args, "text_scale", None)
        if text_scale is not None and not 1.0 <= text_scale <= 1.6:
            raise ValueError(f"--text-scale must be 1.0 to 1.6, not {text_scale}")
    except ValueError as exc:
        sys.stderr.write(f"piquet: {exc}\n")
        return 2
    try:
        db.parent.mkdir(parents=True, exist_ok=True)
        journal = Journal.open(db)
    except (OSError, JournalError) as exc:
        sys.stderr.write(f"piquet: {exc}\n")
        return 2
    configure_kivy(bool(args.fullscreen), size)

    from kivy.base import ExceptionManager
    from kivy.clock import Clock

    from kiosk.app import KeepRunning, PiquetApp
    from kiosk.hardware_wiring import open_table
    from kiosk.presenter import KioskState, Presenter

    def dispatch(fn: Callable[[], None]) -> None:  # from a worker thread to the UI thread
        Clock.schedule_once(lambda _dt: fn(), 0)

    state = KioskState(db.with_name(db.name + ".kiosk.json"))
    lang = args.lang or state.data.get("lang") or system_language()
    presenter = Presenter(journal, lang=lang, state=state)
    table = open_table(dispatch, presenter.button, presenter.print_status)
    presenter.printer = table.printer
    presenter.hardware_text = {"printer": table.printer_status,
                               "buttons": table.buttons_status}
    if table.buttons is not None:  # light the LED of the seat whose lead it is
        buttons = table.buttons
        presenter.listeners.append(lambda: buttons.set_lead(presenter.lead_seat()))
    # The [display] section of the config file (rotation, text_scale) goes here,
    # under the command line's: PiquetApp(presenter, rotation=..., text_scale=...).
    app = PiquetApp(presenter, rotation=getattr(args, "rotation", None) or 0,
                    text_scale=text_scale)
    ExceptionManager.add_handler(KeepRunning())
    from kiosk.watchdog import watch_kivy

    watch_kivy()  # under systemd: READY=1 once drawn, then WATCHDOG=1 from the Kivy clock
    try:
        app.run()
    finally:
        table.close()
        journal.close()
    return 0
