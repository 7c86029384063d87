"""The Kivy side of the kiosk: an App, a ScreenManager and one .kv per screen.

Layout in proportions, never in pixels: `app.u` is the window's short side
over 480 (1 at 800x480, 1.5 at 1280x720 or 720x1280 portrait), every height,
padding and minimum touch target (`app.tgt`, 48 u: about 9 mm on the 7"
800x480 panel) is a multiple of it, and every font size a multiple of
`app.tu` = u x the text size (1.0 to 1.6). `app.portrait` says the window is
taller than wide: the players then sit at the two short ends, and the far
player's (top) half of the play is turned 180° for him.

`PiquetApp(presenter, rotation=0|90|180|270, text_scale=1.0)`: the app owns
the rotation (apps drawing straight to DRM do not see the kernel's): Kivy's
`Window.rotation` turns the drawing, and its motion events are turned the
same way (tests/kiosk/test_layout.py taps the drawn pixels to check). The
text scale is the default until Settings changes it on the device.

The journal is looked at every second (`Presenter.watch_journal`: another
writer's change shows within a second); while nothing can be saved (a
read-only journal, a file deleted under the kiosk) every button that would
write is disabled (`kiosk.screens.table_state.holds_writing`), and the journal's
alert (`app.alert`) and a partie's notice (`app.notice`) take the reserved
lines of common.kv.

The screens only declare a `v` property (the presenter's plain view values);
every .kv handler makes exactly one call into the presenter (`app.p`). After
a change the presenter notifies us and one `Clock.create_trigger` refresh per
frame copies its view into the visible screen, so bursts of changes (a GPIO
press and a tap in the same frame) redraw once; it runs before that frame is
drawn (a -1 trigger), so a tap's result shows in the very next frame.

Test hooks (environment variables, used by tests/kiosk and scripts/screenshots):
- `PIQUET_KIOSK_DUMP=FILE`: after every refresh write a JSON object with the
  screen name, every visible text and the centre of every button (by `key`,
  in the display's own pixels from the top left, as xdotool clicks) to FILE.
- `PIQUET_KIOSK_TAPS=key,key,...`: tap those buttons (by their `key`), one
  every few frames, with real touch events at the button's centre; the dump
  says `"ready": true` once they are done and drawn.
"""

from __future__ import annotations

import json
import os
import re
from contextlib import suppress
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.base import ExceptionHandler, ExceptionManager
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.lang import Builder
from kivy.logger import Logger
from kivy.properties import (
    BooleanProperty,
    DictProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.screenmanager import NoTransition, Screen, ScreenManager
from kivy.uix.widget import Widget

import kiosk.chart_widget  # (registers the sheet's chart for sheet.kv)
import kiosk.multi.widgets  # (the widgets of the screens for 3 to 7 players)
import kiosk.teach_widgets  # registers the guide's scroll view and the calculator's cards
import kiosk.widgets  # noqa: F401  (registers the widget classes the .kv files use)
from kiosk import heap
from kiosk.early_input import read_early, watch_input
from kiosk.i18n import translate
from kiosk.kv_cache import load_kv_file
from kiosk.kv_untraced import untrace
from kiosk.multi import MULTI_DEAL, MULTI_END
from kiosk.multi import SCREENS as MULTI_SCREENS
from kiosk.presenter import Presenter
from kiosk.screens import DEAL, END_OF_DEAL, LEARN, check_rules, rule_name
from kiosk.screens import SCREENS as TWO_SCREENS
from kiosk.screens.table_state import holds_writing
from kiosk.teach_widgets import PooledRows
from scorer.errors import ActionError

SCREENS = (*TWO_SCREENS, *MULTI_SCREENS)
# the screen a deal goes to at its end, made ahead while the table is still
# (issue 25): its .kv read and its widgets built on the first deal's end took
# the twelfth trick's tap from ~60 to ~300 ms
AHEAD = {DEAL: (END_OF_DEAL,), MULTI_DEAL: (MULTI_END,)}
# the screens on which the next tap's screen is rehearsed (`PiquetApp.rehearse`):
# two players' deal, with one trick left, and the end of a deal
REHEARSE = (DEAL, END_OF_DEAL)
REHEARSE_PASSES = 3  # before-frame passes: a fit's new height lays its box out again
AHEAD_AFTER_S = 0.5  # a deal shown later: made this long after (a deal's first tap is seconds away)
ROTATIONS = (0, 90, 180, 270)
WATCH_EVERY_S = 1.0  # how often the journal is asked whether another writer changed it

KV_DIR = Path(__file__).with_name("screens")


class KioskScreen(Screen):
    """A screen: its view values, flattened for the .kv rules."""

    v = DictProperty({})


class DealScreen(KioskScreen):
    """The deal. `q` is the view as the question's rules read it: empty during the
    play, where the question is hidden, so that a trick tapped re-evaluates the
    play's rules and not the forty-odd of a question nobody sees."""

    q = ObjectProperty({})

    def on_v(self, _screen: Widget, view: dict[str, Any]) -> None:
        self.q = {} if view.get("play") else view


def flatten(view: dict[str, Any]) -> dict[str, Any]:
    """Lift the header's fields to the top level (`title`, `names`, `totals`, ...)."""
    flat = dict(view)
    header = flat.pop("header", None)
    for key, value in (header or {}).items():
        flat.setdefault(key, value)
    return flat


def shown(widget: Widget) -> bool:
    """Drawn on screen: it and every parent visible, with an area."""
    w: Widget | None = widget
    while w is not None and not isinstance(w, ScreenManager):
        if w.opacity <= 0 or w.width <= 0 or w.height <= 0:
            return False
        w = w.parent
    return True


def walk_texts(widget: Widget) -> list[str]:
    """Every non-empty text of the visible, enabled widgets, top to bottom."""
    texts = []
    for w in widget.walk(restrict=True):
        text = getattr(w, "text", None)
        if isinstance(text, str) and text.strip() and not w.disabled and shown(w):
            texts.append(text)
    return texts


def find_key(root: Widget, key: str) -> Widget | None:
    for w in root.walk(restrict=True):
        if getattr(w, "key", None) == key and w.get_root_window() and shown(w):
            return w
    return None


class PiquetApp(App):
    lang = StringProperty("en")
    scale = NumericProperty(1.0)  # the text size, 1.0 to 1.6
    u = NumericProperty(1.0)  # the layout unit: the window's short side / 480
    tu = NumericProperty(1.0)  # the text unit: u x scale
    tgt = NumericProperty(48.0)  # the smallest touch target, 48 u
    portrait = BooleanProperty(False)
    message = StringProperty("")  # the last message, for the top bar of screens without a line
    alert = StringProperty("")  # nothing can be saved: the journal says why (common.kv)
    notice = StringProperty("")  # the partie shown has actions kept aside
    title = "piquet-table"

    def __init__(
        self,
        presenter: Presenter,
        rotation: int = 0,
        text_scale: float | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        untrace()  # before the first widget binds its rules (kiosk/kv_untraced.py)
        if rotation not in ROTATIONS:
            raise ValueError(f"rotation must be one of {ROTATIONS}, not {rotation!r}")
        self.rotation = rotation
        if text_scale is not None:
            presenter.session.default_text_scale = text_scale
        self.p = presenter  # what the .kv files call (app.p)
        self.s = presenter.session  # what the app itself asks
        self.lang = self.s.lang
        self.scale = self.s.text_scale
        self._refresh = Clock.create_trigger(self.refresh, -1)  # drawn in this very frame
        # the next trick worked out ahead, on the clock tick after the frame
        self._prepare = Clock.create_trigger(lambda _dt: self.s.play.prepare_next_trick(), 0)
        # the voice: the calls of the last taps, once their frame is drawn (screens/voice.py)
        self._speak = Clock.create_trigger(lambda _dt: self.s.voice.after_frame(), 0)
        self._dump = os.environ.get("PIQUET_KIOSK_DUMP")
        self._taps = [t for t in os.environ.get("PIQUET_KIOSK_TAPS", "").split(",") if t]
        self._ready = False  # the start-up taps are done and their screen drawn
        # the voice's first look waits for the first frame (`_first_flip`); the test
        # hook's app (PIQUET_KIOSK_DUMP) watches no frame
        self._before_first_frame = not self._dump
        self._held: set[Widget] = set()  # buttons disabled while nothing can be saved
        self._hold_later = Clock.create_trigger(self._hold_writes, -1)
        self._ahead = Clock.create_trigger(self.make_ahead, AHEAD_AFTER_S)
        # the deal's end rehearsed on the clock tick after the frame, as `_prepare`
        self._rehearse = Clock.create_trigger(self.rehearse, 0)
        # a screen left: what it freed handed back to the system after the frame
        self._give_back = Clock.create_trigger(lambda _dt: heap.give_back(), 0)
        # ...and the journal's file brought up to date with its log (its commits
        # then stay cheap, SQLite's own checkpoint out of the taps: journal/sqlite_store.py)
        self._checkpoint = Clock.create_trigger(lambda _dt: self.s.journal.checkpoint(), 0)
        # the screen last rehearsed, and the record of the partie it was rehearsed from
        self._rehearsed: tuple[str, object] = ("", None)
        self._stopped = False

    # ----- Kivy -----------------------------------------------------------
    def build(self) -> ScreenManager:
        Window.clearcolor = (0.05, 0.22, 0.14, 1)
        Window.rotation = self.rotation
        Window.bind(size=self._measure)
        self._measure()
        for kv in ["common", *SCREENS]:  # a fresh app starts from the files as they are
            Builder.unload_file(str(KV_DIR / f"{kv}.kv"))
        self._kv_loaded: set[str] = set()
        self._load_kv("common")
        self.sm = sm = TableScreens(transition=NoTransition())
        self.set_presenter(self.p)
        Clock.schedule_interval(lambda _dt: self.s.club.count_figures(), 2.0)  # older parties
        watch = lambda _dt: self.s.table_state.watch_journal()  # noqa: E731
        self._watch = Clock.schedule_interval(watch, WATCH_EVERY_S)
        # a click that comes while the kiosk is still: in the next frame, and that
        # frame begun at once (kiosk/early_input.py)
        self._read_early = read_early(Window)
        self._input_watch = watch_input(Window)
        # a tap's commit runs beside the making of its frame, done before it is drawn
        self._unsettled = False
        Window.fbind("on_draw", self._settle)
        Window.fbind("on_flip", self._hold_unsettled)
        if self._dump:
            Clock.schedule_interval(self._tap_next, 0)
        else:
            self._drawn = False
            Window.fbind("on_flip", self._first_flip)
        return sm

    def _settle(self, *_args: Any) -> bool:
        """Before a frame is drawn: the commit of the tap it shows is done
        (where the disk's syncs are slow, the tap left it under way,
        journal/committer.py, and the frame was made meanwhile). One that
        failed is neither drawn nor shown: the journal reads as before that
        tap, and the next frame says why. (A tap changes
        its screen, so a frame is drawn; were none, the journal's next use,
        the watch's within WATCH_EVERY_S, would wait for the commit, and the
        next frame drawn would say a failure.)"""
        try:
            self.s.journal.settle()
        except ActionError as refused:  # in words (journal_guard.JournalRefused)
            self.s.resume(str(refused))
            self._unsettled = True
        return self._unsettled  # (True: Kivy does not draw this frame)

    def _hold_unsettled(self, *_args: Any) -> bool:
        """The frame of a failed commit is not flipped either."""
        held, self._unsettled = self._unsettled, False
        return held

    def _first_flip(self, *_args: Any) -> None:
        """After the first frame, and after the tick that tells systemd it is
        drawn (kiosk/watchdog.py), the screens ahead of the one shown."""
        Window.funbind("on_flip", self._first_flip)
        self._drawn = True
        # the voice's first look at the partie (the calls so far, not said): on the
        # tick after the one that tells systemd the frame is drawn, as the screens
        # ahead; the first frame no longer waits for scorer.calls and the partie's calls
        self._before_first_frame = False
        Clock.schedule_once(lambda _dt: self._speak(), 0)
        Clock.schedule_once(lambda _dt: Clock.schedule_once(self.make_ahead, 0), 0)
        # the journal's log given room before the first tap (journal/log_room.py)
        self._checkpoint()

    def make_ahead(self, *_args: Any) -> None:
        """The screen the deal shown leads to at its end, made now (its .kv
        read, its widgets built, hidden, and the first rows of its lines, as
        many as a list's `ahead` says): the tap that opens it then only
        fills it in. At start, two ticks after the first frame; a deal shown
        later asks for it at its refresh, made AHEAD_AFTER_S after. Never
        once the app has stopped: a later app (the tests make one a module)
        has read its .kv files afresh, and this one's would be gone."""
        if self._stopped:
            return
        for name in AHEAD.get(self.s.screen, ()):
            if self.sm.has_screen(name):
                continue
            screen = self.screen(name)
            for widget in screen.walk(restrict=True):  # and its lists' first rows
                if isinstance(widget, PooledRows):
                    widget.make_ahead()

    def rehearse(self, *_args: Any) -> None:
        """The screen the next tap may open, made ready off screen while the
        table is still, with the partie as that tap would leave it
        (`Session.supposing`, nothing written): laid out at the window's
        size, its texts fitted and drawn. The tap then redraws only what
        differs: with one trick left, the end of the deal (supposed won by the
        elder: the other winner changes its totals, tricks and cards; before,
        the first end of a deal in a process drew ~50 fitted texts inside the
        tap, ~20 ms); at a deal's end, the next deal's first question (its
        title, names, roles and answers, ~30 texts and their layouts). The
        deal presenter says which (`rehearsal`). Once per state of the partie,
        on the clock tick after the frame. (Drawing it ahead into the window's
        back buffer too saved ~1 ms of the first end's frame but raised the
        peak memory by 1.5-2 MiB: not done.)"""
        s = self.s
        if self._stopped or s.screen not in REHEARSE:
            return
        ahead = s.play.rehearsal()
        if ahead is None or not self.sm.has_screen(ahead[0]):
            return
        name, action = ahead
        key = (name, s.record())  # (the journal's own record: a new one with every change)
        if self._rehearsed[0] == name and self._rehearsed[1] is key[1]:
            return
        with s.supposing(action) as supposed:
            if not supposed or (name == DEAL and s.is_quick()):
                return  # (a deal entered as totals opens the quick screen)
            view = flatten(s.view(name))
        self._rehearsed = key
        screen = self.sm.get_screen(name)
        screen.pos, screen.size = self.sm.pos, self.sm.size
        screen.v = view
        # its rules, layouts and fits: what the frame that shows it would do
        for _ in range(REHEARSE_PASSES):
            Clock._process_events_before_frame()

    def on_stop(self) -> None:
        self._stopped = True
        self._ahead.cancel()
        self._rehearse.cancel()
        # a stopped app no longer follows the window: its screens' rules
        # (bound to its units) are not worked out again when a later app in the
        # same process (the tests make one a module) resizes the window
        Window.unbind(size=self._measure)
        if getattr(self, "_watch", None) is not None:
            self._watch.cancel()
        early = getattr(self, "_read_early", None)
        if early is not None:
            early.cancel()
        watch = getattr(self, "_input_watch", None)
        if watch is not None:
            watch.cancel()
        # no more frames: the taps' commits are no longer left under way
        Window.funbind("on_draw", self._settle)
        Window.funbind("on_flip", self._hold_unsettled)
        self.s.commit_behind = False
        with suppress(ActionError):  # (the last one's failure: nobody left to tell)
            self.s.journal.settle()

    def set_presenter(self, presenter: Presenter) -> None:
        """Show another presenter (tests reuse one app with fresh journals).
        Every screen it shows must have its `.kv` rule: one that has none
        stops the kiosk here, at start (`kiosk.screens.MissingScreen`)."""
        check_rules(presenter.session.screens.names(), kv_rules())
        if self.refresh_later in self.s.listeners:
            self.s.listeners.remove(self.refresh_later)
        self.s.commit_behind = False
        self.p = presenter
        self.s = presenter.session
        self.s.listeners.append(self.refresh_later)
        self.s.commit_behind = not self._stopped  # (each frame waits for it: `_settle`)
        self.refresh()

    def _measure(self, *_args: Any) -> None:
        """The layout unit and orientation from the window's (rotated) size."""
        width, height = Window.size
        u = max(min(width, height), 1) / 480
        # the finger's size and the unit first, the text unit last: a rule
        # bound to the text unit only (`app.line(18 * app.tu)`, which reads
        # the finger's size too) is worked out again with both up to date
        self.tgt = 48 * u
        self.u = u
        self.tu = u * self.scale
        self.portrait = height > width

    def on_scale(self, *_args: Any) -> None:
        self.tu = self.u * self.scale

    def refresh_later(self) -> None:
        self._refresh()

    def catch_up(self) -> None:
        """A refresh pending for the next frame done now, with the layout it
        starts (the before-frame events: kv rules, grids, box layouts)."""
        if self._refresh.is_triggered:
            self._refresh.cancel()
            self.refresh()
            Clock._process_events_before_frame()

    def refresh(self, *_args: Any) -> None:
        s = self.s
        self.lang = s.lang
        self.scale = s.text_scale
        screen = self.screen(s.screen)
        view = flatten(s.view())
        self.message = view.get("message", "")
        self.alert = view.get("alert", "")
        self.notice = view.get("notice", "")
        screen.v = view
        if s.screen != self.sm.current:
            self.on_enter_screen(screen)
            self._give_back()
            self._checkpoint()
        self.sm.current = s.screen
        if self.sm.transition.is_active:
            # the new screen takes touches at once: a ScreenManager refuses every
            # touch while a transition runs, even NoTransition's (until its
            # zero-length animation ends on the next clock tick)
            self.sm.transition.stop()
        self._hold_writes()
        self._hold_later()  # again once the answer grids have made their buttons
        self._prepare()
        if s.screen in REHEARSE:
            self._rehearse()
        if not self._before_first_frame:  # at start: once the first frame is drawn
            self._speak()
        if getattr(self, "_drawn", False) and any(
            not self.sm.has_screen(name) for name in AHEAD.get(s.screen, ())
        ):
            self._ahead()
        if self._dump:
            Clock.schedule_once(self.dump, 0)

    def screen(self, name: str) -> Screen:
        """A screen, made (and its .kv read) the first time it is shown: the
        kiosk starts with only the screen it opens on."""
        if not self.sm.has_screen(name):
            self._load_kv(name)
            self.sm.add_widget(_screen_class(name)(name=name))
        return self.sm.get_screen(name)

    def _load_kv(self, name: str) -> None:
        """A screen's .kv, and first those defining the classes it names."""
        if name in self._kv_loaded:
            return
        self._kv_loaded.add(name)
        for other in kv_needs(name):
            self._load_kv(other)
        load_kv_file(KV_DIR / f"{name}.kv")

    def _hold_writes(self, *_args: Any) -> None:
        """While nothing can be saved, disable every button that would write."""
        screen = self.sm.current_screen
        if not self.s.table_state.writable():
            for w in screen.walk(restrict=True):
                key = getattr(w, "key", "")
                if key and isinstance(w, ButtonBehavior) and holds_writing(screen.name, key):
                    w.disabled = True
                    self._held.add(w)
        elif self._held:  # writable again: every screen's rules decide afresh
            for w in self._held:
                w.disabled = False
            self._held.clear()
            for s in self.sm.screens:
                s.v = {}
            self.refresh()

    def on_enter_screen(self, screen: Screen) -> None:
        """Learn opens at its top every time."""
        if screen.name == LEARN and "scroll" in screen.ids:
            screen.ids.scroll.scroll_y = 1

    # ----- called from the .kv files --------------------------------------
    def t(self, message: str, lang: str) -> str:
        """A translated static text; `lang` is passed so kv rebinds on a switch."""
        return translate(message, lang)

    def g(self, view: dict[str, Any], key: str, default: Any = None) -> Any:
        """`view.get(key)`; kv binds to `root.v` through the argument, which it
        does not do for `root.v.get(...)`."""
        return view.get(key, default)

    def breakable(self, name: str, width: float, font: float) -> str:
        """A name too wide for its column, broken after a hyphen ("Jean-
        Christophe" on two lines): Kivy wraps lines at spaces only."""
        from kiosk.widgets import word_width

        if "-" in name and word_width(name, font, True) > width:
            return name.replace("-", "- ")
        return name

    def line(self, font: float, lines: int = 1) -> float:
        """The height of `lines` lines of text at `font` px, with a little air,
        and at least a finger's width."""
        return max(self.tgt, lines * 1.22 * font + 8 * self.u)

    # ----- test hooks -----------------------------------------------------
    def dump(self, *_args: Any) -> None:
        if not self._dump:
            return
        screen = self.sm.current_screen
        keys = {}
        for w in screen.walk(restrict=True):
            key = getattr(w, "key", "")
            if key and not w.disabled and w.get_root_window() and shown(w):
                nx, ny = normalized(*w.to_window(*w.center))  # the display's own pixels
                width, height = Window.system_size
                keys[key] = [round(nx * (width - 1)), round((1 - ny) * (height - 1))]
        data = {
            "screen": screen.name,
            "texts": walk_texts(screen),
            "keys": keys,
            "taps_left": len(self._taps),
            "ready": self._ready,
            "rotation": int(Window.rotation),
            "text_scale": self.scale,
        }
        tmp = self._dump + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(data, f, ensure_ascii=False)
        os.replace(tmp, self._dump)

    def _tap_next(self, _dt: float) -> bool:
        # one tap every few frames, so that each tap's refresh has been drawn
        self._tap_wait = getattr(self, "_tap_wait", 0) + 1
        if self._tap_wait < 4:
            return True
        self._tap_wait = 0
        if not self._taps:
            self._ready = True
            self.dump()
            return False
        widget = find_key(self.sm.current_screen, self._taps[0])
        if widget is None:
            return True  # not shown yet: wait for the next frame
        self._taps.pop(0)
        tap(widget)
        return True


class TableScreens(ScreenManager):
    """The screens, where a finger lands on what the table shows now.

    A tap's result is drawn in the next frame (one refresh per frame). Taps
    that come faster than the frames (a slow device, a quick hand: several
    touches dispatched in one frame) would land on the screen as it was
    before the previous tap: on a question already answered, on the Learn
    screen under the drills' names. So a touch that finds a refresh pending
    first has it done, and the layout it sets off, before it is dispatched.
    """

    def on_touch_down(self, touch: Any) -> bool:
        app = App.get_running_app()
        if isinstance(app, PiquetApp):
            app.catch_up()
        return bool(super().on_touch_down(touch))


class KeepRunning(ExceptionHandler):
    """A bug in one tap's handling is logged, and the kiosk stays up: the
    journal holds every committed action, so nothing is lost by going on.
    Installed by `piquet kiosk` (not in tests, where a bug must fail)."""

    def handle_exception(self, exception: BaseException) -> int:
        if isinstance(exception, (KeyboardInterrupt, SystemExit)):
            return ExceptionManager.RAISE
        Logger.exception("kiosk: %s", exception)
        return ExceptionManager.PASS


def normalized(x: float, y: float) -> tuple[float, float]:
    """A point of the (rotated) window as the display's own coordinates, 0 to
    1 from the bottom left: where a finger on the panel would be. The inverse
    of the rotation Kivy applies to every motion event."""
    xm, ym = (max(1.0, v - 1.0) for v in Window.system_size)
    return {
        0: (x / xm, y / ym),
        90: (1 - y / xm, x / ym),
        180: (1 - x / xm, 1 - y / ym),
        270: (y / xm, 1 - x / ym),
    }[int(Window.rotation)]


def tap(widget: Widget) -> None:
    """A real touch down and up at the widget's centre, entering where the
    panel would report it (so that it goes through Kivy's rotation too)."""
    from kivy.tests.common import UnitTestTouch

    nx, ny = normalized(*widget.to_window(*widget.center))
    touch = UnitTestTouch(nx * (Window.width - 1.0), ny * (Window.height - 1.0))
    touch.touch_down()
    touch.touch_up()


_classes: dict[str, type] = {"DealScreen": DealScreen}
_rules: dict[str, str] = {}  # a class a .kv rule defines -> that file's name


def kv_rules() -> dict[str, str]:
    """Each class (or dynamic class) a .kv rule defines -> that file's name,
    read once from the rules' heads (`<SheetButton@Big>:`)."""
    if not _rules:
        for file in sorted(name for name in os.listdir(KV_DIR) if name.endswith(".kv")):
            # a head starts a line with "<"; the files' bytes split at those lines
            # (a third of the time a multi-line regex over the 150 KB takes)
            text = b"\n" + (KV_DIR / file).read_bytes()
            for head in text.split(b"\n<")[1:]:
                for rule in head[: head.index(b">")].decode().split(","):
                    _rules.setdefault(rule.split("@")[0].strip(), file[: -len(".kv")])
    return _rules


def kv_needs(name: str) -> list[str]:
    """The other .kv files defining a class (or a dynamic class) that `name`.kv
    mentions."""
    rules = kv_rules()
    words = set(re.findall(r"\w+", (KV_DIR / f"{name}.kv").read_text(encoding="utf-8")))
    return sorted({rules[w] for w in words if w in rules} - {name, "common"})


def _screen_class(name: str) -> type:
    """One KioskScreen subclass per screen, named as its .kv rule expects."""
    cls_name = rule_name(name)
    if cls_name not in _classes:
        _classes[cls_name] = type(cls_name, (KioskScreen,), {})
    return _classes[cls_name]
