"""The session: what every screen of the kiosk shares, without Kivy.

`Session` holds the journal (guarded: `kiosk.journal_guard`), the translator,
the printer, the side file (`KioskState`), the listeners (the app's refresh),
the current screen and its message, and the registry of screens
(`kiosk.screens.Screens`). It reads the current partie once per change
(`record()`, `score()`, `tally()`, `progress()`, cached until the journal or
the language changes) and changes it: `act(action)`, `undo()`, `redo()`, each
one journal write, after which the screen is chosen again from the journal
(`playing_screen()`), so a restart on the same journal lands on the same
screen with the same question.

Each screen, or family of screens, has its presenter beside its `.kv` in
`kiosk/screens/` (the deal screen `deal`, for every form, with the two
forms' words `play` and `multi.deal` composed in; `quick`, New partie `setup`, the `sheet`
and History, the `club`'s statistics and corrections, `learn`, the
`calculator`, the `drills`, Settings and the table's hardware `table_state`,
the table's `voice`, and two helpers of the play, `told` and `guided`). A presenter is given the
session when it is made, adds its screens' views to the registry, and
reaches the others only through the session (`self.s.play.header()`). The
screens of three to seven players have four (`kiosk/multi`: `multi.setup`,
`multi.deal`, `multi.game`, `multi.sheet`), made when a game for more players
first needs them (`kiosk.multi.parts.MultiParts`); the session answers
`form_traits()` and `score_of()` for every form itself.

The side file `<db>.kiosk.json` keeps only how the kiosk shows things: the
language, a text size chosen on the device, which side each player sits on,
and whether a finished partie's final sheet was opened.
"""

from __future__ import annotations

import contextlib
import json
import random
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from kiosk.i18n import LANGUAGES, Translator, sentence
from kiosk.journal_guard import GuardedJournal, JournalRefused
from kiosk.multi.parts import MultiParts
from kiosk.screens import (
    CORRECT,
    DEAL,
    DEAL_LINES,
    END_OF_DEAL,
    HISTORY,
    HOME,
    QUICK,
    SHEET,
    Screens,
)
from kiosk.screens.calculator import HandCalculator
from kiosk.screens.club import HISTORY_PAGE, ClubScreens
from kiosk.screens.deal_screen import DealScreen
from kiosk.screens.drill_practice import DrillPractice
from kiosk.screens.guided import GuidedDeal
from kiosk.screens.learn import Learning
from kiosk.screens.new_partie import (  # noqa: F401  (re-exported for tests and screens)
    CARTE_ROUGE_VALUES,
    GAME_LABELS,
    GAMES,
    TRICK_COUNT_LABELS,
    TRICK_COUNTS,
    VARIANT_LABELS,
    Draft,
    NewPartieSetup,
)
from kiosk.screens.quick import QuickEntry, QuickMode
from kiosk.screens.sheet import SheetScreens
from kiosk.screens.table_state import TableState, nothing_enabled
from kiosk.screens.told import ToldDeals
from kiosk.screens.voice import TableVoice
from scorer import ActionError, RecordError
from scorer.multi.traits import Traits, record_traits
from scorer.progress import Progress, progress

TEXT_SCALES = (1.0, 1.2, 1.4, 1.6)

PLAYING_SCREENS = (DEAL, END_OF_DEAL, QUICK)


class KioskState:
    """Small kiosk preferences kept beside the journal (JSON): the language, a
    text size chosen in Settings, the parties whose players sit the other way
    round, and the finished parties whose final sheet was opened. The journal
    stays the truth about the game; this only remembers how the kiosk shows it."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.data: dict[str, Any] = {"lang": None}
        # told when a save fails (the session says it on screen); nothing swallowed
        self.on_unsaved: Callable[[OSError], None] | None = None
        if path and path.exists():
            with contextlib.suppress(OSError, ValueError):
                self.data.update(json.loads(path.read_text(encoding="utf-8")))

    def save(self) -> bool:
        """Keep the choices. On a read-only or full disk they last until the
        kiosk stops, and `on_unsaved` is told (the session shows it on screen);
        without a listener the error is raised. True when written."""
        if not self.path:
            return True
        tmp = self.path.with_suffix(".tmp")
        try:
            tmp.write_text(json.dumps(self.data), encoding="utf-8")
            tmp.replace(self.path)
        except OSError as exc:
            if self.on_unsaved is None:
                raise
            self.on_unsaved(exc)
            return False
        return True

    def ids(self, key: str) -> list[int]:
        value = self.data.get(key)
        return [int(v) for v in value] if isinstance(value, list) else []

    def toggle(self, key: str, partie: int, on: bool) -> None:
        ids = [p for p in self.ids(key) if p != partie] + ([partie] if on else [])
        self.data[key] = ids
        self.save()


class Session:
    """The journal, the translator, the printer, the side file, the listeners,
    the current screen, act/undo/redo, and the screens' presenters."""

    def __init__(
        self,
        journal: Any,
        *,
        lang: str | None = None,
        state: KioskState | None = None,
        rng: random.Random | None = None,
        printer: Any = None,
        text_scale: float | None = None,
        usb_root: Path = Path("/"),
        config: Any = None,
        location_note: str | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.screens = Screens()  # each presenter adds its screens' views
        self.state = state or KioskState(None)
        self._ = Translator(lang or self.state.data.get("lang") or "en")
        # a failed write of the side file, said in the next screen's message
        self._unsaved: str | None = None
        self.state.on_unsaved = self._side_file_unsaved
        # every write looks for another writer first and fails in words (journal_guard)
        self.journal = (
            journal
            if isinstance(journal, GuardedJournal)
            else GuardedJournal(journal, self._, clock)
        )
        self.rng = rng or random.Random()
        self.printer = printer
        # the command line's or the config file's text size; Settings wins once used
        self.default_text_scale = text_scale
        self.table_state = TableState(self, config, location_note)
        self.usb_root = usb_root
        self.listeners: list[Callable[[], None]] = []
        # set by the app, whose every frame waits for the last tap's commit
        # (kiosk/app.py `_settle`): `act` then leaves the commit under way
        self.commit_behind = False
        self.message = ""
        self.draft = Draft()  # the new partie being set up (two players or more)
        self.viewing: int | None = None  # partie shown on the sheet screen
        self.viewing_deal = 1  # deal shown on the deal-lines screen
        self.sheet_back = HOME
        self.screen = HOME
        self._score: dict[str, Any] | None = None
        self._tally: dict[str, Any] | None = None
        self._record: dict[str, Any] | None = None
        self._progress: Progress | None = None
        self.told = ToldDeals(self)
        self.guided = GuidedDeal(self)
        self.learn = Learning(self)
        self.calculator = HandCalculator(self)
        self.drills = DrillPractice(self)
        self.quick = QuickMode(self)
        self.club = ClubScreens(self)
        self.setup = NewPartieSetup(self)
        self.deal = DealScreen(self)  # the deal screen of every form (its words below)
        self.play = self.deal.two  # two players' questions, header, end of deal
        self.sheet = SheetScreens(self)
        self.multi = MultiParts(self)  # three to seven players' presenters, made when asked
        self.voice = TableVoice(self)  # the calls said after each tap's frame
        self.screens.add(HOME, self._view_home)  # the one screen the session shows itself
        self._take_up_quick_mode()
        self.screen = self.playing_screen() or HOME
        self._say_unsaved()

    def form_traits(self, partie: int | None = None) -> Traits | None:
        """The traits of the current partie's form (or `partie`'s) when it is a
        game for three to seven players; None between two players or with no
        partie (the protocol names the form: `scorer.multi.traits.record_traits`)."""
        current = self.current()
        if partie is None or partie == current:
            return None if current is None else record_traits(self.record())
        return record_traits(self.journal.record(partie))

    def score_of(self, record: dict[str, Any]) -> dict[str, Any]:
        """The engine's score of a record of either format, in the kiosk's language."""
        if record_traits(record):
            from scorer.multi import score_record2

            return score_record2(record, self.lang)
        from scorer import score_record

        return score_record(record, self.lang, notes=True)

    def parts(self) -> tuple[object, ...]:
        """The session and the screens' presenters (`kiosk.presenter` hands
        each name a `.kv` handler calls to the one that has it); the ones for
        more players once made (`Presenter` looks in them when a name is not
        found in the others)."""
        return (
            self,
            self.told,
            self.guided,
            self.learn,
            self.calculator,
            self.drills,
            self.quick,
            self.club,
            self.table_state,
            self.setup,
            self.deal,
            self.sheet,
            self.voice,
            *self.multi.made(),
        )

    # ----- plumbing -------------------------------------------------------
    def _forget(self) -> None:
        """Drop the cached score and progress: the journal or the language changed."""
        self._score = None
        self._tally = None
        self._record = None
        self._progress = None

    @contextlib.contextmanager
    def supposing(self, action: dict[str, Any]) -> Iterator[bool]:
        """The current partie read as if `action` were its next action
        (`Journal.supposing`: prepared, never written), for a screen made ahead
        of the tap that may commit it; yields whether it is supposed. The
        partie's reads cached here are put back afterwards."""
        kept = (self._score, self._tally, self._record, self._progress)
        with self.journal.supposing(action) as supposed:
            if supposed:
                self._forget()
            try:
                yield supposed
            finally:
                self._score, self._tally, self._record, self._progress = kept

    @property
    def lang(self) -> str:
        return self._.lang

    def n_(self, one: str, many: str, n: int, **fields: object) -> str:
        return self._.plural(one, many, n, **fields)

    @property
    def text_scale(self) -> float:
        """The size chosen in Settings, else the command line's or the config
        file's, else one an older kiosk kept in the side file, else 100 %."""
        data = self.state.data
        kept = data.get("text_scale")
        kept = kept if isinstance(kept, (int, float)) and not isinstance(kept, bool) else None
        if data.get("text_scale_chosen") is True and kept is not None:
            value: float = kept
        elif self.default_text_scale is not None:
            value = self.default_text_scale
        else:  # older kiosks wrote 1.0 there whether or not it was chosen
            value = kept if kept is not None else TEXT_SCALES[0]
        return min(max(float(value), TEXT_SCALES[0]), TEXT_SCALES[-1])

    def _side_file_unsaved(self, exc: OSError) -> None:
        """The side file could not be written: the kiosk keeps running with the
        choice in memory, and the screen shown next says so in its message
        place (after whatever else it says), once per failed write."""
        del exc  # the OS's words are English only; the sentence says what matters
        self._unsaved = self._(
            "The kiosk's settings could not be saved: they last until the kiosk stops."
        )

    def _say_unsaved(self) -> None:
        if self._unsaved:
            self.message = f"{self.message} {self._unsaved}".strip()
            self._unsaved = None

    def changed(self) -> None:
        self._say_unsaved()
        self.table_state.reload_if_changed()
        for listener in self.listeners:
            listener()

    def _show(self, screen: str, message: str = "") -> None:
        self.screen = screen
        self.message = message
        self.changed()

    def go(self, screen: str) -> None:
        """Plain navigation (Home, History, Settings, Learn, back)."""
        if screen == SHEET:
            self.viewing = self.journal.current_partie()
            self.sheet_back = self.screen
        if screen == HISTORY:
            self.club.history_limit = HISTORY_PAGE  # the newest page first
        self._show(screen)

    def back(self) -> None:
        if self.learn.teaching_back():  # the guide, the calculator, the drills: where you were
            return
        if self.screen == CORRECT:  # nothing corrected: back to the deal's lines
            self.club.correction = None
            self._show(DEAL_LINES)
        elif self.screen == DEAL_LINES:
            self._show(SHEET)
        else:
            self._show(self.sheet_back if self.screen == SHEET else HOME)

    def resume(self, message: str = "") -> None:
        """The screen of the partie as the journal has it (`message`: why, when
        the journal changed under the screen, say a tap's commit that failed)."""
        self._forget()
        self._show(self.playing_screen() or HOME, message)

    # ----- the partie in progress -----------------------------------------
    def current(self) -> int | None:
        return self.journal.current_partie()

    def record(self) -> dict[str, Any]:
        """The current partie's record (cached until it changes, like the tally;
        the journal's own copy: nothing here changes it)."""
        if self._record is None:
            self._record = self.journal.record(shared=True)
        return self._record

    def score(self) -> dict[str, Any]:
        """The engine's score of the current partie, in the kiosk's language."""
        if self._score is None:
            self._score = self.score_of(self.journal.record())  # either format
        return self._score

    def tally(self) -> dict[str, Any]:
        """What the screens of a partie in play read (totals, deals, bonuses,
        the result): for two players the score the journal made as it committed
        the last action, so that nothing is scored again after a tap (its lines
        in English, without notes: a deal's lines as told come from
        `deal_told`); for three or more, `score()`."""
        if self._tally is None:
            score = self.journal.score(shared=True)
            self._tally = self.score() if score.get("format") == "piquet-score/2" else score
        return self._tally

    def progress(self) -> Progress:
        """Where the current partie stands, from the engine (cached until it changes)."""
        if self._progress is None:
            self._progress = progress(self.record(), self.tally())
        return self._progress

    def seats(self, partie: int | None = None) -> list[str]:
        """The two players in the order they sit: left then right (landscape),
        top then bottom (portrait). The record's order, unless swapped."""
        partie = self.current() if partie is None else partie
        if partie is None:
            return ["", ""]
        players = (
            list(self.journal.record(partie)["players"])
            if partie != self.current()
            else list(self.tally()["players"])
        )
        return players[::-1] if partie in self.state.ids("swapped") else players

    def swap_sides(self) -> None:
        """The players sit the other way round: every screen follows."""
        partie = (
            self.viewing if self.screen == SHEET and self.viewing is not None else self.current()
        )
        if partie is None:
            return
        self.state.toggle("swapped", partie, partie not in self.state.ids("swapped"))
        self.quick.quick_entry = QuickEntry()
        self.changed()

    def is_quick(self) -> bool:
        """The deal being entered now is entered as totals (the journal says so)."""
        return self.current() is not None and self.progress().entry == "totals"

    def _final_unseen(self) -> bool:
        """A partie just finished by its last deal's play: show that deal first."""
        partie = self.current()
        deals = self.tally()["deals"]
        return (
            bool(deals)
            and partie not in self.state.ids("final_seen")
            and not any(line["category"] == "entered" for line in deals[-1]["lines"])
        )

    def playing_screen(self) -> str | None:
        """The screen the current partie is at, read from the journal."""
        if self.current() is None:
            return None
        if self.form_traits():
            return self.multi.game.multi_playing_screen()
        score = self.tally()
        if score["finished"]:
            if self._final_unseen():
                return END_OF_DEAL
            self.viewing = self.current()
            self.sheet_back = HOME
            return SHEET
        deals = score["deals"]
        if deals and deals[-1]["complete"]:
            return QUICK if self.progress().entry == "totals" else END_OF_DEAL
        if self.is_quick():
            return QUICK
        return DEAL

    def act(self, action: dict[str, Any]) -> bool:
        """Commit one action through the journal; show the screen it leads to.

        The action is checked and written in its write transaction. In the
        app (`commit_behind`), where the disk's syncs are slow, its commit
        runs on beside the frame that shows it (journal/committer.py): the
        app waits for it (`journal.settle()`) before that frame is drawn, and
        resumes the partie as the journal has it if it failed. Otherwise it
        is committed when this returns."""
        try:
            self.journal.act(action, behind=self.commit_behind)
        except (ActionError, RecordError) as exc:
            self.message = sentence(exc, self._)
            self.changed()
            return False
        self._after_change()
        return True

    def _after_change(self, message: str = "") -> None:
        self._forget()
        self.on_partie_changed()  # (before the screen is chosen: it reads the progress)
        self.quick.quick_entry = QuickEntry()
        self.screen = self.playing_screen() or HOME
        self.message = message
        self.changed()

    def on_partie_changed(self) -> None:
        self._progress = None

    def _half_a_quick_tap(self) -> bool:
        """The journal ends in a deal just opened by `next_deal` in quick mode:
        the quick screen commits that with the deal's totals (or its switch back
        to the questions) in one tap, so Undo and Redo take both."""
        if self.form_traits():
            return self.multi.game.multi_half_tap()
        actions = self.journal.actions()
        record = self.journal.record()
        return (
            bool(actions)
            and dict(actions[-1]) == {"next_deal": True}
            and (record["deals"][-1] == {"entry": "totals"})
        )

    def undo(self) -> None:
        try:
            self.journal.undo()
            if self._half_a_quick_tap():
                self.journal.undo()
        except ActionError as exc:
            self._refused(exc, self._("Nothing to undo."))
            return
        self._after_change(self._("Undone."))
        self.voice.undone()

    def redo(self) -> None:
        try:
            self.journal.redo()
            if self._half_a_quick_tap() and self.journal.can_redo():
                self.journal.redo()
        except ActionError as exc:
            self._refused(exc, self._("Nothing to redo."))
            return
        self._after_change(self._("Redone."))
        self.voice.redone()

    def _refused(self, exc: ActionError, nothing: str) -> None:
        """An undo or redo not done: the journal's reason, no partie, or nothing there."""
        if isinstance(exc, JournalRefused):
            text = str(exc)
        elif self.current() is None:
            text = self._("No partie is in play.")
        elif str(exc) in ("nothing to undo", "nothing to redo"):
            text = nothing
        else:
            text = sentence(exc, self._)
        self._show(self.screen, text)

    def can_undo(self) -> bool:
        return self.current() is not None and bool(self.journal.can_undo())

    def can_redo(self) -> bool:
        return self.current() is not None and bool(self.journal.can_redo())

    def _take_up_quick_mode(self) -> None:
        """Kiosks before the journal kept quick mode (and the guided deal's
        hints) listed the parties in the side file: say it in the journal
        once, where the deal allows it."""
        self.multi.take_up_side_file()  # three to seven players: quick mode, a first tap
        self.guided.take_up_side_file()  # the guided parties' hints
        legacy = self.state.ids("quick")
        partie = self.current()
        if partie not in legacy:
            return
        now = self.progress()
        actions: list[dict[str, Any]] = []
        if now.at_start and now.entry == "dialogue":
            actions = [{"entry": "totals"}]
        elif now.phase == "deal_over" and now.entry == "dialogue":
            actions = [{"next_deal": True}, {"entry": "totals"}]
        if actions and self.quick._commit(actions) is None:
            self._forget()
        self.state.data["quick"] = [p for p in legacy if p != partie]
        self.state.save()

    # ----- header shown on every playing screen ---------------------------

    # ----- History, sheet, export -----------------------------------------

    # ----- Settings -------------------------------------------------------
    def set_lang(self, lang: str) -> None:
        if lang in LANGUAGES:
            self.message = ""  # said in the old language; this tap is the news now
            self._.lang = lang
            self.state.data["lang"] = lang
            self.state.save()
            self._forget()
        self.changed()

    def cycle_text_size(self) -> None:
        """The next text size up (after the largest, the smallest); kept on
        the device, and from then on it wins over the config file's."""
        self.message = ""  # this tap is the news now
        now = self.text_scale
        bigger = [s for s in TEXT_SCALES if s > now + 1e-6]
        self.state.data["text_scale"] = bigger[0] if bigger else TEXT_SCALES[0]
        self.state.data["text_scale_chosen"] = True  # from now on it wins
        self.state.save()
        self.changed()

    # ----- views ----------------------------------------------------------
    def view(self, screen: str | None = None) -> dict[str, Any]:
        """Plain values for the current screen (names match the .kv files), or
        for `screen` as it would show now (`kiosk.app.PiquetApp.rehearse`)."""
        screen = screen or self.screen
        v = self.screens.view(screen)
        v.setdefault("message", self.message)
        v.setdefault("alert", self.table_state.journal_alert())
        v.setdefault(
            "notice",
            self.table_state.partie_notice(
                self.current()
                if screen in (HOME, *PLAYING_SCREENS)
                else self.sheet._sheet_partie()
                if screen in (SHEET, DEAL_LINES)
                else None
            ),
        )
        v["can_undo"] = self.can_undo()
        v["can_redo"] = self.can_redo()
        return v if self.table_state.writable() else nothing_enabled(v)

    def _view_home(self) -> dict[str, Any]:
        v: dict[str, Any] = {"resume": "", "has_current": False}
        if self.form_traits():
            return {**v, **self.multi.game.multi_resume()}
        if self.current() is not None:
            score = self.tally()
            if not score["finished"] or self._final_unseen():
                a, b = self.seats()
                v["has_current"] = True
                v["resume"] = self._(
                    "Resume {a} {ta} – {tb} {b}",
                    a=a,
                    b=b,
                    ta=score["totals"][a],
                    tb=score["totals"][b],
                )
        return v
