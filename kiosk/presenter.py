"""The kiosk's logic, without Kivy: what each screen shows and what a tap does.

The presenter wraps the journal. Every tap that changes the partie becomes one
action committed by `Journal.act` before the screen shows it (the quick
screen's Enter commits two, checked together first, and undoes as one); the
screens only read plain values from `view()`. The rules of the game (scores,
validity, what comes next) all come from the engine (`scorer`) and the
journal.

Which screen shows is derived from the journal whenever a partie is in
progress, so a restart on the same journal lands on the same screen with the
same question. The side file `<db>.kiosk.json` keeps only how the kiosk shows
things: the language, a text size chosen on the device, which side each
player sits on, and whether a finished partie's final sheet was opened.
"""

from __future__ import annotations

import contextlib
import json
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kiosk.club import HISTORY_PAGE, ClubScreens
from kiosk.deal import DealQuestions
from kiosk.i18n import LANGUAGES, Translator, sentence
from kiosk.journal_guard import GuardedJournal, JournalRefused
from kiosk.multi import MultiTable
from kiosk.new_partie import (  # noqa: F401  (re-exported for tests and screens)
    CARTE_ROUGE_VALUES,
    GAME_LABELS,
    GAMES,
    TRICK_COUNT_LABELS,
    TRICK_COUNTS,
    VARIANT_LABELS,
    Draft,
    NewPartieSetup,
)
from kiosk.quick import QuickEntry, QuickMode
from kiosk.screen_names import (  # noqa: F401
    CORRECT,
    DEAL,
    DEAL_LINES,
    END_OF_DEAL,
    HISTORY,
    HOME,
    LEARN,
    NEW_NAMES,
    NEW_RULES,
    NEW_START,
    QUICK,
    SETTINGS,
    SHEET,
    STATS,
    STATS_PAIR,
    STATS_PLAYER,
)
from kiosk.sheet import sheet_rows
from kiosk.table_state import TableState, nothing_enabled
from kiosk.teaching import Teaching
from kiosk.told import ToldDeals
from kiosk.usb import safe_file_name, usb_sticks, write_file
from scorer import ActionError, RecordError
from scorer.explain import explain_result

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
        if path and path.exists():
            with contextlib.suppress(OSError, ValueError):
                self.data.update(json.loads(path.read_text(encoding="utf-8")))

    def save(self) -> None:
        """Keep the choices; on a read-only or full disk they last until the kiosk stops."""
        if self.path:
            tmp = self.path.with_suffix(".tmp")
            with contextlib.suppress(OSError):
                tmp.write_text(json.dumps(self.data), encoding="utf-8")
                tmp.replace(self.path)

    def ids(self, key: str) -> list[int]:
        value = self.data.get(key)
        return [int(v) for v in value] if isinstance(value, list) else []

    def toggle(self, key: str, partie: int, on: bool) -> None:
        ids = [p for p in self.ids(key) if p != partie] + ([partie] if on else [])
        self.data[key] = ids
        self.save()


class Presenter(
    ClubScreens,
    TableState,
    MultiTable,
    NewPartieSetup,
    QuickMode,
    DealQuestions,
    Teaching,
    ToldDeals,
):
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
        self.state = state or KioskState(None)
        self._ = Translator(lang or self.state.data.get("lang") or "en")
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
        self._init_table_state(config, location_note)
        self.usb_root = usb_root
        self.listeners: list[Callable[[], None]] = []
        self.message = ""
        self.draft = Draft()
        self.quick_entry = QuickEntry()
        self.viewing: int | None = None  # partie shown on the sheet screen
        self.viewing_deal = 1  # deal shown on the deal-lines screen
        self.sheet_back = HOME
        self.button_events: list[str] = []
        self.last_print = ""
        self.screen = HOME
        self._score: dict[str, Any] | None = None
        self._tally: dict[str, Any] | None = None
        self._record: dict[str, Any] | None = None
        self._progress = None
        self._init_teaching()
        self._take_up_quick_mode()
        self.screen = self.playing_screen() or HOME

    # ----- plumbing -------------------------------------------------------
    def _forget(self) -> None:
        """Drop the cached score and progress: the journal or the language changed."""
        self._score = None
        self._tally = None
        self._record = None
        self._progress = None

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

    def changed(self) -> None:
        self.reload_if_changed()
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
            self.history_limit = HISTORY_PAGE  # the newest page first
        self._show(screen)

    def back(self) -> None:
        if self.teaching_back():  # the guide, the calculator, the drills: where you were
            return
        if self.screen == CORRECT:  # nothing corrected: back to the deal's lines
            self.correction = None
            self._show(DEAL_LINES)
        elif self.screen == DEAL_LINES:
            self._show(SHEET)
        else:
            self._show(self.sheet_back if self.screen == SHEET else HOME)

    def resume(self) -> None:
        self._forget()
        self._show(self.playing_screen() or HOME)

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
        self.quick_entry = QuickEntry()
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
        if self.is_multi():
            return self.multi_playing_screen()
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
        """Commit one action through the journal; show the screen it leads to."""
        try:
            self.journal.act(action)
        except (ActionError, RecordError) as exc:
            self.message = sentence(str(exc))
            self.changed()
            return False
        self._after_change()
        return True

    def _after_change(self, message: str = "") -> None:
        self._forget()
        self.on_partie_changed()  # (before the screen is chosen: it reads the progress)
        self.quick_entry = QuickEntry()
        self.screen = self.playing_screen() or HOME
        self.message = message
        self.changed()

    def on_partie_changed(self) -> None:
        self.reset_deal_input()

    def _half_a_quick_tap(self) -> bool:
        """The journal ends in a deal just opened by `next_deal` in quick mode:
        the quick screen commits that with the deal's totals (or its switch back
        to the questions) in one tap, so Undo and Redo take both."""
        if self.is_multi():
            return self.multi_half_tap()
        actions = self.journal.actions()
        record = self.journal.record()
        return (
            bool(actions)
            and dict(actions[-1]) == {"next_deal": True}
            and (record["deals"][-1] == {"entry": "totals"})
        )

    def undo(self) -> None:
        if self.multi_undo_step():  # a two-tap answer's first tap, a mode switch
            return
        try:
            self.journal.undo()
            if self._half_a_quick_tap():
                self.journal.undo()
        except ActionError as exc:
            self._refused(exc, self._("Nothing to undo."))
            return
        self._after_change(self._("Undone."))

    def redo(self) -> None:
        if self.multi_redo_step():
            return
        try:
            self.journal.redo()
            if self._half_a_quick_tap() and self.journal.can_redo():
                self.journal.redo()
        except ActionError as exc:
            self._refused(exc, self._("Nothing to redo."))
            return
        self._after_change(self._("Redone."))

    def _refused(self, exc: ActionError, nothing: str) -> None:
        """An undo or redo not done: the journal's reason, no partie, or nothing there."""
        if isinstance(exc, JournalRefused):
            text = str(exc)
        elif self.current() is None:
            text = self._("No partie is in play.")
        elif str(exc) in ("nothing to undo", "nothing to redo"):
            text = nothing
        else:
            text = sentence(str(exc))
        self._show(self.screen, text)

    def can_undo(self) -> bool:
        return self.current() is not None and (
            bool(self.journal.can_undo()) or self.multi_has_step()
        )

    def can_redo(self) -> bool:
        return self.current() is not None and (
            bool(self.journal.can_redo()) or self._multi_redo is not None
        )

    def next_deal(self) -> None:
        if self.tally()["finished"]:
            self.final_sheet()
        else:
            self.act({"next_deal": True})

    def final_sheet(self) -> None:
        """From the last deal's lines to the partie's final sheet."""
        partie = self.current()
        if partie is not None:
            self.state.toggle("final_seen", partie, True)
            self.viewing = partie
        self.sheet_back = HOME
        self._show(SHEET)

    def _take_up_quick_mode(self) -> None:
        """Kiosks before the journal kept quick mode listed the parties in the
        side file: say it in the journal once, where the deal allows it."""
        self.take_up_multi_side_file()  # three to seven players: quick mode, a first tap
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
        if actions and self._commit(actions) is None:
            self._forget()
        self.state.data["quick"] = [p for p in legacy if p != partie]
        self.state.save()

    # ----- header shown on every playing screen ---------------------------
    def header(self, score: dict[str, Any] | None = None) -> dict[str, Any]:
        score = score or self.tally()
        now = self.progress()
        deals = score["deals"]
        double = (
            bool(deals)
            and deals[-1]["number"] == now.deal
            and (deals[-1].get("multiplier", 1) != 1)
        )
        seats = self.seats()
        return {
            "title": self.deal_title(now.deal, now.regular_deals, double),
            "names": seats,
            "tags": self.role_tags(now.elder),
            "totals": [str(score["totals"][p]) for p in seats],
            "elder": now.elder,
            "younger": now.younger,
        }

    def deal_title(self, number: int, regular: int | None, double: bool = False) -> str:
        """ "Deal 3 of 6", "Deal 7 · tie-break", "Deal 4 of 4 · counts double"."""
        if regular and number > regular:
            title = self._("Deal {n}", n=number) + " · " + self._("tie-break")
        elif regular:
            title = self._("Deal {n} of {of}", n=number, of=regular)
        else:
            title = self._("Deal {n}", n=number)
        return title + (" · " + self._("counts double") if double else "")

    def role_tags(self, elder: str) -> list[str]:
        """Beside each seat's name: who is elder and who deals (they change
        from deal to deal; the seats do not)."""
        return [
            self._("(elder)") if name == elder else self._("(younger, deals)")
            for name in self.seats()
        ]

    # ----- History, sheet, export -----------------------------------------
    def view_partie(self, partie: int) -> None:
        self.viewing = partie
        self.sheet_back = HISTORY
        self._show(self.sheet_screen(partie))

    def view_deal(self, number: int) -> None:
        """A tap on a deal's row of the sheet: that deal's lines."""
        self.viewing_deal = number
        self._show(DEAL_LINES)

    def take_up(self) -> None:
        """Make the unfinished partie on the sheet the current one, and go on with it."""
        if self.viewing is None:
            return
        try:
            self.journal.set_current(self.viewing)
        except ActionError as exc:
            self._show(self.screen, sentence(str(exc)))
            return
        self._forget()
        self._take_up_quick_mode()
        self.resume()

    def export(self) -> None:
        """Save the partie's record, its deals and the history (CSV) on a USB stick,
        and say where in words."""
        partie = self.viewing if self.viewing is not None else self.current()
        if partie is None:
            self._show(self.screen, self._("Nothing to export."))
            return
        sticks = usb_sticks(self.usb_root)
        if not sticks:
            self._show(
                self.screen,
                self._("No USB stick is plugged in. Plug one into the table and tap Export again."),
            )
            return
        stick = sticks[0]
        record = self.journal.record(partie)
        entry = self.journal.history_entry(partie)
        day = str(entry.get("created", ""))[:10]
        name = safe_file_name("-".join(["piquet", day, *record["players"], str(partie)]))
        try:
            for file, data in self.export_files(partie, name):
                write_file(stick.path / file, data)
        except OSError as exc:
            self._show(
                self.screen,
                self._(
                    "The USB stick “{label}” could not be written ({reason}).",
                    label=stick.label,
                    reason=exc.strerror or exc,
                ),
            )
            return
        self._show(
            self.screen,
            self._(
                "Saved on the USB stick “{label}”: {file} and the CSV files of its deals and "
                "of the history. You may take the stick out.",
                label=stick.label,
                file=f"{name}.json",
            ),
        )

    # ----- Settings -------------------------------------------------------
    def set_lang(self, lang: str) -> None:
        if lang in LANGUAGES:
            self._.lang = lang
            self.state.data["lang"] = lang
            self.state.save()
            self._forget()
        self.changed()

    def cycle_text_size(self) -> None:
        """The next text size up (after the largest, the smallest); kept on
        the device, and from then on it wins over the config file's."""
        now = self.text_scale
        bigger = [s for s in TEXT_SCALES if s > now + 1e-6]
        self.state.data["text_scale"] = bigger[0] if bigger else TEXT_SCALES[0]
        self.state.data["text_scale_chosen"] = True  # from now on it wins
        self.state.save()
        self.changed()

    # ----- views ----------------------------------------------------------
    def view(self) -> dict[str, Any]:
        """Plain values for the current screen (names match the .kv files)."""
        make = getattr(self, f"_view_{self.screen}")
        v: dict[str, Any] = make()
        v.setdefault("message", self.message)
        v.setdefault("alert", self.journal_alert())
        v.setdefault(
            "notice",
            self.partie_notice(
                self.current()
                if self.screen in (HOME, *PLAYING_SCREENS)
                else self._sheet_partie()
                if self.screen in (SHEET, DEAL_LINES)
                else None
            ),
        )
        v["can_undo"] = self.can_undo()
        v["can_redo"] = self.can_redo()
        return v if self.writable() else nothing_enabled(v)

    def _view_home(self) -> dict[str, Any]:
        v: dict[str, Any] = {"resume": "", "has_current": False}
        if self.is_multi():
            return {**v, **self.multi_resume()}
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

    def _view_deal(self) -> dict[str, Any]:
        score = self.tally()
        view = {"header": self.header(score), **self.deal_view(score), "guide": self.guided_hint()}
        if view["phase"]:
            view["header"]["title"] += " · " + view["phase"]
        return view

    def deal_summary(
        self, record: dict[str, Any], score: dict[str, Any], number: int, names: list[str]
    ) -> dict[str, Any]:
        """A deal's result at the top (each player's points, pique, repique,
        capot, an even split of the tricks) and its lines with their why."""
        deal = score["deals"][number - 1]
        told = self.deal_told(record, number)
        lines = [
            # An equal class is a 0-point note for both hands: no name beside it.
            {
                "player": line["player"] if line["points"] else "",
                "points": str(line["points"]),
                "why": line["why"],
                "rule": line.get("rule") or "",
                "key": f"rule-line-{i}",
            }
            for i, line in enumerate(told["lines"])
        ]
        a, b = names
        notes = []
        bonus = self.banner(score, number)
        if bonus:
            notes.append(bonus)
        tricks = record["deals"][number - 1].get("tricks", "")
        won = [t if isinstance(t, str) else t.get("winner") for t in tricks]
        if (
            len(won) == 12
            and won.count("E") == 6
            and not any(line["category"] == "cards" for line in deal["lines"])
        ):
            notes.append(self._("Six tricks each: nobody scores for the cards."))
        return {
            "result": self._(
                "{a} +{sa}  ·  {b} +{sb}", a=a, b=b, sa=deal["scores"][a], sb=deal["scores"][b]
            ),
            "notes": "\n".join(notes),
            "lines": lines,
        }

    def _view_end_of_deal(self) -> dict[str, Any]:
        score = self.tally()
        deal = score["deals"][-1]
        header = self.header(score)
        header["title"] = self._("Deal {n} is over", n=deal["number"])
        final = bool(score["finished"])
        return {
            "header": header,
            **self.deal_summary(self.record(), score, deal["number"], self.seats()),
            "final": final,
            "main": self._("The final score sheet") if final else self._("Next deal"),
            "guide": self.guided_hint(),
        }

    def _sheet_partie(self) -> int | None:
        return self.viewing if self.viewing is not None else self.current()

    def _view_deal_lines(self) -> dict[str, Any]:
        partie = self._sheet_partie()
        if partie is None:
            return {"title": "", "result": "", "notes": "", "lines": [], "can_correct": False}
        record = self.journal.record(partie)
        score = self.journal.score(partie)
        number = min(max(1, self.viewing_deal), len(score["deals"]))
        deal = score["deals"][number - 1]
        title = self._("Deal {n}", n=number)
        if not deal["complete"]:
            title = self._("{deal} (in play)", deal=title)
        view = {"title": title, **self.deal_summary(record, score, number, self.seats(partie))}
        extras = self.deal_lines_extras(partie, record, score, number)
        view["notes"] = "\n".join(n for n in (view["notes"], extras.pop("corrections")) if n)
        return {**view, **extras}

    def _view_sheet(self) -> dict[str, Any]:
        partie = self._sheet_partie()
        if partie is None:
            return {
                "names": ["", ""],
                "totals": ["", ""],
                "rows": [],
                "settlement": "",
                "finished": False,
                "printer": False,
                "title": "",
                "chart": {},
                "odds": "",
            }
        record = self.journal.record(partie)
        score = self.journal.score(partie)
        seats = self.seats(partie)
        extras = self.sheet_extras(partie, record, score, seats)
        rows = sheet_rows(score, self._, names=seats, corrected=extras.pop("corrected"))
        game = record.get("game", "rubicon")
        finished = bool(score["finished"])
        return {
            **extras,
            "title": self._(GAME_LABELS[game])
            + ("" if finished else " · " + self._("in progress")),
            "names": seats,
            "totals": [str(score["totals"][p]) for p in seats],
            "rows": [
                {
                    "key": f"row-{r.number}",
                    "number": r.number,
                    "label": r.label,
                    "a": r.scores[0],
                    "b": r.scores[1],
                    "ra": r.running[0],
                    "rb": r.running[1],
                }
                for r in rows
            ],
            "settlement": "  ·  ".join(explain_result(score, game, self.lang)),
            "sitting": self.sitting_line(partie) if finished else "",
            "finished": finished,
            "printer": self.printer is not None,
            "can_print_again": self.can_print_again(),
            "is_current": partie == self.current() and not finished,
            "can_take_up": partie != self.current() and not finished,
            "can_undo_here": self.can_undo()
            if partie == self.current()
            else not self.journal.read_only and self.last_is_correction(partie),
        }

    def _view_history(self) -> dict[str, Any]:
        return self.history_items()

    def _view_settings(self) -> dict[str, Any]:
        return {
            "lang": self.lang,
            "text_scale": self.text_scale,
            "printer": self.printer_status(),
            "buttons": self.buttons_status(),
            "problems": "\n".join(self.config_lines()),
            "journal": "\n".join(self.journal_lines()),
            "journal_trouble": not self.writable() or bool(self._warnings_shown()),
            "can_print_again": self.can_print_again(),
            "can_reopen": self.journal.may_reopen,
            "events": list(self.button_events),
            "alert": "",  # said in full in the journal's lines
        }
