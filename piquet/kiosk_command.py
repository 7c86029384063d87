"""`piquet kiosk [--db FILE] [--fullscreen|--windowed] [--size WxH] [--rotation 0|90|180|270]
[--text-scale S] [--lang en|fr]`: the touchscreen app.

Windowed 800x480 by default (`--size WxH` for another, e.g. 720x1280 to try
the portrait layout); `--fullscreen` fills whatever display it is given at
that display's own size (KMSDRM on the Pi, X or Wayland on a desktop;
scripts/run chooses). `--rotation` turns the drawing and the touches, as a
panel mounted the other way needs; `--text-scale` is the text size until
Settings changes it on the device. Without them, the config file's
[display] `rotation` and `text_scale` (read once, before the window exists).
The language is `--lang`, else the one last chosen in Settings, else the
system locale's (French for fr_*, English otherwise).
The window size and mode are set through Kivy's Config before the window
exists, so nothing flickers at start.

The journal opens for reading when it cannot be written (the kiosk then says
why, and saves nothing); its folder is made by the journal (0700). Without a
home folder the journal goes where `journal.default_location()` says (and
Settings shows its note), and Kivy's own files go to a private folder
(`KIVY_HOME`). The printer and the seat buttons are opened after the first
frame, on a thread (`open_table_later`), so gpiozero and the serial port stay
off the start-up path.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from piquet.words import language, say
from scorer.errors import Said

DEFAULT_SIZE = (800, 480)


def parse_size(text: str) -> tuple[int, int]:
    """ "WxH" -> (W, H); ValueError with a message for anything else."""
    parts = text.lower().split("x")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise ValueError(Said("--size must look like 800x480, not {text}", text=repr(text)))
    width, height = (int(p) for p in parts)
    if not (200 <= width <= 8192 and 200 <= height <= 8192):
        raise ValueError(Said("--size {text}: each side must be 200 to 8192 pixels", text=text))
    return width, height


def configure_kivy(fullscreen: bool, size: tuple[int, int] = DEFAULT_SIZE) -> None:
    """Window settings; must run before anything imports kivy.core.window.

    Full screen is SDL's "auto": the display's own mode, whatever its size."""
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_NO_FILELOG", "1")
    if "KIVY_HOME" not in os.environ and not home_holds_kivy():
        os.environ["KIVY_HOME"] = str(private_kivy_home())
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


def fill_the_display(window: Any) -> None:
    """Full screen on X fills the display even without a window manager.

    SDL's "auto" full screen asks the window manager for it (_NET_WM_STATE);
    on a bare X server nobody answers, so the window kept its first size
    (800x480, centred: at (-40,400) on a 720x1280 screen) while SDL, and so
    Kivy, took it to be the display's size and laid out for that. SDL knows
    the display's mode (`system_size` in full screen): the window is made
    that size, borderless, at the top left corner, then full screen again
    (where a window manager is, it keeps the window full screen as before).
    Only on X: KMSDRM (the Pi) and Wayland size a full-screen window
    themselves."""
    if not window.fullscreen:
        return
    try:
        on_x = type(window.get_window_info()).__name__ == "WindowInfoX11"
    except (AttributeError, NotImplementedError):
        on_x = False
    if not on_x:
        return
    # Kivy applies a change of `fullscreen` or `borderless` at its next frame
    # (create_window); it is applied here at once, step by step, before the app
    # draws: out of full screen (SDL then says the window's real size), the
    # display's size at the corner, full screen again
    mode = window.fullscreen
    width, height = (int(v) for v in window.system_size)
    window.fullscreen = False
    window.create_window()
    window.borderless = True
    window.size = (width, height)  # no rotation yet: the display's own pixels
    window.left, window.top = 0, 0
    window.create_window()
    window.fullscreen = mode
    window.create_window()


def home_holds_kivy() -> bool:
    """Kivy may keep its folder in the home folder (`~/.kivy`): it is there, or the
    home folder is and may be written. (Kivy stops at import when it cannot make it.)"""
    kivy = Path(os.path.expanduser("~/.kivy"))
    if not kivy.is_absolute():
        return False
    if kivy.is_dir():
        return os.access(kivy, os.W_OK | os.X_OK)
    return kivy.parent.is_dir() and os.access(kivy.parent, os.W_OK | os.X_OK)


def private_kivy_home() -> Path:
    """A folder of this user's only for Kivy's files, when there is no home folder:
    in $STATE_DIRECTORY (systemd's), else in the temporary directory."""
    state = os.environ.get("STATE_DIRECTORY", "").split(":")[0]
    base = Path(state) if state and os.path.isabs(state) else Path(tempfile.gettempdir())
    folder = base / f"piquet-table-kivy-{os.geteuid()}"
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        st = folder.lstat()
        if folder.is_symlink() or st.st_uid != os.geteuid() or st.st_mode & 0o077:
            raise PermissionError(f"{folder} is not a private folder of this user")
        return folder
    except OSError:
        return Path(tempfile.mkdtemp(prefix="piquet-table-kivy-"))


def display_settings(args: argparse.Namespace, config: Any) -> tuple[int, float | None]:
    """The rotation and text size: the command line's, else the config file's [display]."""
    rotation = getattr(args, "rotation", None)
    text_scale = getattr(args, "text_scale", None)
    return (
        config.display.rotation if rotation is None else rotation,
        config.display.text_scale if text_scale is None else text_scale,
    )


def open_journal(db_arg: str | None) -> tuple[Any, str | None]:
    """The kiosk's journal (for reading when it cannot be written) and, without a
    home folder, the note saying where it went. Raises JournalError."""
    from journal import Journal, default_location

    if db_arg:
        db, note = Path(db_arg), None
    else:
        location = default_location()
        db, note = location.path, location.note
    return Journal.open(db, fall_back_to_reading=True), note


def open_journal_at_start(db_arg: str | None) -> tuple[Any, str | None, str | None]:
    """`open_journal`, and a journal too damaged to open: the kiosk still starts, on a
    journal in memory, and shows the damaged-journal screen (the third value, the
    journal's words; None when the file opened). Raises other JournalErrors."""
    from journal import DamagedJournalError, Journal, NotAJournalError

    try:
        journal, note = open_journal(db_arg)
    except (DamagedJournalError, NotAJournalError) as error:
        return Journal.open(":memory:"), None, str(error)
    return journal, note, None


def no_display_words() -> str:
    """What is missing when SDL could not open a window, in one line."""
    import glob

    driver = os.environ.get("SDL_VIDEODRIVER", "")
    if driver in ("x11", "wayland") or (not driver and os.environ.get("DISPLAY")):
        where = "WAYLAND_DISPLAY" if driver == "wayland" else "DISPLAY"
        if not os.environ.get(where):
            return Said("no display to open a window on ({where} is not set)", where=where)
        return Said(
            "no display to open a window on ({where}={value} did not answer)",
            where=where,
            value=os.environ[where],
        )
    cards = sorted(glob.glob("/dev/dri/card*"))
    if not cards:
        return Said(
            "no display: this machine has no DRM device (/dev/dri/card*) for the "
            "{driver} video driver, and no desktop session",
            driver=driver or "default",
        )
    closed = [card for card in cards if not os.access(card, os.R_OK | os.W_OK)]
    if len(closed) == len(cards):
        return Said(
            "the DRM device {card} may not be opened by this user "
            "(add the user to the video group, or run it as the kiosk's own user)",
            card=closed[0],
        )
    return Said(
        "no display: SDL could not open a window on {cards} "
        "(video driver {driver}); is a screen connected?",
        cards=", ".join(cards),
        driver=driver or "default",
    )


class AfterFirstFrame:
    """Calls `start()` once, on the clock tick after the window's first frame."""

    def __init__(self, window: Any, clock: Any, start: Callable[[], Any]) -> None:
        self.window = window
        self.clock = clock
        self.start = start
        self.result: Any = None
        self._flipped = False
        window.fbind("on_flip", self._on_flip)

    def _on_flip(self, *_args: Any) -> None:
        if not self._flipped:
            self._flipped = True
            self.clock.schedule_once(self._run, 0)

    def _run(self, _dt: float) -> None:
        self.window.funbind("on_flip", self._on_flip)
        self.result = self.start()


def watch_for_damage(
    presenter: Any, dispatch: Callable[[Callable[[], None]], None], damaged: str | None
) -> Any:
    """The start's check of the journal (`kiosk.journal_guard.StartCheck`), started
    after the first frame; the guard waits for it before its first write. A damaged
    journal (found now, by the check, or at open) shows the damaged-journal screen."""
    guard = presenter.journal

    def show(text: str) -> None:
        from kiosk.damaged_screen import show_damaged

        show_damaged(guard, text, presenter._)
        presenter.changed()  # every button that writes is held from now on

    guard.on_damaged = lambda text: dispatch(lambda: show(text))
    return guard.watch(damaged)  # Settings' "Open the journal again" watches the same way


def system_language() -> str:
    """French when the system's locale is French, else English (as the
    command line reads it, `piquet.words.language`)."""
    return language()


def run_kiosk(args: argparse.Namespace) -> int:
    from hardware.config import load_config
    from journal import JournalError

    try:
        size = parse_size(args.size) if getattr(args, "size", None) else DEFAULT_SIZE
        text_scale = getattr(args, "text_scale", None)
        if text_scale is not None and not 1.0 <= text_scale <= 1.6:
            raise ValueError(
                Said("--text-scale must be 1.0 to 1.6, not {text_scale}", text_scale=text_scale)
            )
    except ValueError as exc:
        sys.stderr.write(f"piquet: {say(exc)}\n")
        return 2
    config = load_config()  # once, before the window: [display] is needed to open it
    rotation, text_scale = display_settings(args, config)
    try:
        journal, note, damaged = open_journal_at_start(args.db)
    except JournalError as exc:
        sys.stderr.write(f"piquet: {say(exc)}\n")
        return 2
    for said in (note, journal.read_only_reason, damaged):
        if said:
            sys.stderr.write(f"piquet: {say(said)}\n")
    configure_kivy(bool(args.fullscreen), size)
    # what the kiosk made so far (its modules, the journal read) lives as long as it:
    # kept out of the collector before Kivy's window, whose graphics context makes a
    # full collection (which walked all of it: 10-20 ms of the start here)
    gc.freeze()

    from kivy.base import ExceptionManager
    from kivy.clock import Clock
    from kivy.core.window import Window

    if Window is None:  # Kivy said why in its log; say what is missing, in one line
        journal.close()
        sys.stderr.write(f"piquet kiosk: {say(no_display_words())}\n")
        return 2

    fill_the_display(Window)
    from kiosk.app import KeepRunning, PiquetApp
    from kiosk.hardware_wiring import open_table_later
    from kiosk.presenter import KioskState, Presenter

    def dispatch(fn: Callable[[], None]) -> None:  # from a worker thread to the UI thread
        Clock.schedule_once(lambda _dt: fn(), 0)

    db = journal.path
    state = KioskState(db.with_name(db.name + ".kiosk.json"))
    lang = args.lang or state.data.get("lang") or system_language()
    presenter = Presenter(journal, lang=lang, state=state, config=config, location_note=note)
    app = PiquetApp(presenter, rotation=rotation, text_scale=text_scale)
    check = watch_for_damage(presenter, dispatch, damaged)

    def open_hardware() -> Any:
        # what start-up made (Kivy, the modules, the first screen) lives as long as
        # the kiosk: kept out of the collector, a full collection after a tap walks
        # only what the taps made (bench/kiosk_figures.py: tap p99); the collector,
        # off while the kiosk started (`piquet.cli.run`), on again from here
        gc.freeze()
        gc.enable()
        check.start()  # the journal's quick_check, on a thread: the frame did not wait
        table = open_table_later(
            dispatch, presenter.button, presenter.print_status, presenter.table_ready, config=config
        )
        presenter.attach_table(table)
        return table

    hardware = AfterFirstFrame(Window, Clock, open_hardware)
    ExceptionManager.add_handler(KeepRunning())
    from kiosk.watchdog import watch_kivy

    watch_kivy()  # under systemd: READY=1 once drawn, then WATCHDOG=1 from the Kivy clock
    try:
        app.run()
    finally:
        if hardware.result is not None:
            hardware.result.close()
        presenter.journal.close()
    return 0
