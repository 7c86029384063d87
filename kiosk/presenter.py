"""The kiosk's logic, without Kivy: what each screen shows and what a tap does.

The presenter wraps the journal. Every tap that changes the partie becomes one
action committed by `Journal.act` before the screen shows it; the screens only
read plain values from `view()`. The rules of the game (scores, validity,
what comes next) all come from the engine (`scorer`) and the journal.

Which screen shows is derived from the journal whenever a partie is in
progress, so a restart on the same journal lands on the same screen with the
same question.
"""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kiosk.deal import DealQuestions
from kiosk.i18n import LANGUAGES, Translator, sentence
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
    DEAL,
    END_OF_DEAL,
    HISTORY,
    HOME,
    LEARN,
    NEW_NAMES,
    NEW_RULES,
    QUICK,
    SETTINGS,
    SHEET,
)
from kiosk.sheet import sheet_rows
from scorer import ActionError, RecordError, score_record
from scorer.explain import explain_result

TEXT_SCALES = (1.0, 1.2, 1.4)

PLAYING_SCREENS = (DEAL, END_OF_DEAL, QUICK)


class KioskState:
    """Small kiosk preferences kept beside the journal (JSON): language, text
    size, and which parties are kept in quick mode. The journal stays the truth
    about the game; this only remembers how the kiosk shows it."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.data: dict[str, Any] = {"lang": None, "text_scale": 1.0, "quick": []}
        if path and path.exists():
            with contextlib.suppress(OSError, ValueError):
                self.data.update(json.loads(path.read_text(encoding="utf-8")))

    def save(self) -> None:
        if self.path:
            tmp = self.path.with_suffix(".tmp")
            tmp.write_text(json.dumps(self.data), encoding="utf-8")
            tmp.replace(self.path)


class Presenter(NewPartieSetup, QuickMode, DealQuestions):
    def __init__(
        self,
        journal: Any,
        *,
        lang: str | None = None,
        state: KioskState | None = None,
        data_dir: Path | None = None,
        rng: random.Random | None = None,
        printer: Any = None,
    ) -> None:
        self.journal = journal
        self.state = state or KioskState(None)
        self._ = Translator(lang or self.state.data.get("lang") or "en")
        self.data_dir = data_dir
        self.rng = rng or random.Random()
        self.printer = printer
        self.listeners: list[Callable[[], None]] = []
        self.message = ""
        self.draft = Draft()
        self.quick_entry = QuickEntry()
        self.viewing: int | None = None  # partie shown on the sheet screen
        self.sheet_back = HOME
        self.button_events: list[str] = []
        self.hardware_text = {"printer": "", "buttons": ""}  # the hardware's own sentences
        self.last_print = ""
        self.screen = HOME
        self._score: dict[str, Any] | None = None
        self._progress = None
        self.screen = self.playing_screen() or HOME

    # ----- plumbing -------------------------------------------------------
    def _forget(self) -> None:
        """Drop the cached score and progress: the journal or the language changed."""
        self._score = None
        self._progress = None

    @property
    def lang(self) -> str:
        return self._.lang

    @property
    def text_scale(self) -> float:
        return float(self.state.data.get("text_scale", 1.0))

    def changed(self) -> None:
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
        self._show(screen)

    def back(self) -> None:
        self._show(self.sheet_back if self.screen == SHEET else HOME)

    def resume(self) -> None:
        self._forget()
        self._show(self.playing_screen() or HOME)

    # ----- the partie in progress -----------------------------------------
    def current(self) -> int | None:
        return self.journal.current_partie()

    def record(self) -> dict[str, Any]:
        return self.journal.record()

    def score(self) -> dict[str, Any]:
        """The engine's score of the current partie, in the kiosk's language."""
        if self._score is None:
            self._score = score_record(self.journal.record(), self.lang, notes=True)
        return self._score

    def is_quick(self, partie: int | None = None) -> bool:
        partie = self.current() if partie is None else partie
        return partie in self.state.data.get("quick", [])

    def playing_screen(self) -> str | None:
        """The screen the current partie is at, read from the journal."""
        if self.current() is None:
            return None
        score = self.score()
        if score["finished"]:
            self.viewing = self.current()
            self.sheet_back = HOME
            return SHEET
        if self.is_quick():
            return QUICK
        deals = score["deals"]
        if deals and deals[-1]["complete"]:
            return END_OF_DEAL
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
        self.quick_entry = QuickEntry()
        self.screen = self.playing_screen() or HOME
        self.message = message
        self.on_partie_changed()
        self.changed()

    def on_partie_changed(self) -> None:
        self.reset_deal_input()

    def undo(self) -> None:
        try:
            self.journal.undo()
            if self.screen == QUICK and self._last_is_next_deal():
                self.journal.undo()  # one Enter committed next_deal + entered: undo both
        except ActionError:
            self._show(self.screen, self._("Nothing to undo."))
            return
        self._after_change(self._("Undone."))

    def redo(self) -> None:
        try:
            self.journal.redo()
            if self.screen == QUICK and self._last_is_next_deal() and self.journal.can_redo():
                self.journal.redo()
        except ActionError:
            self._show(self.screen, self._("Nothing to redo."))
            return
        self._after_change(self._("Redone."))

    def _last_is_next_deal(self) -> bool:
        actions = self.journal.actions()
        return bool(actions) and dict(actions[-1]) == {"next_deal": True}

    def can_undo(self) -> bool:
        return self.current() is not None and bool(self.journal.can_undo())

    def can_redo(self) -> bool:
        return self.current() is not None and bool(self.journal.can_redo())

    def next_deal(self) -> None:
        self.act({"next_deal": True})

    # ----- header shown on every playing screen ---------------------------
    def header(self, score: dict[str, Any] | None = None) -> dict[str, Any]:
        score = score or self.score()
        players = score["players"]
        now = self.progress()
        title = self._("Deal {n}", n=now.deal)
        if now.tie_break:
            title += " · " + self._("tie-break")
        elif now.regular_deals:
            title = self._("Deal {n} of {of}", n=now.deal, of=now.regular_deals)
        title += " · " + self._("{dealer} deals", dealer=now.dealer)
        title += " · " + self._("{elder} is elder", elder=now.elder)
        deals = score["deals"]
        if deals and deals[-1]["number"] == now.deal and deals[-1].get("multiplier", 1) != 1:
            title += " · " + self._("counts double")
        return {
            "title": title,
            "names": list(players),
            "totals": [str(score["totals"][p]) for p in players],
            "elder": now.elder,
            "younger": now.younger,
        }

    # ----- History, sheet, export -----------------------------------------
    def view_partie(self, partie: int) -> None:
        self.viewing = partie
        self.sheet_back = HISTORY
        self._show(SHEET)

    def take_up(self) -> None:
        """Make the unfinished partie on the sheet the current one, and go on with it."""
        if self.viewing is None:
            return
        self.journal.set_current(self.viewing)
        self.resume()

    def export(self) -> None:
        partie = self.viewing if self.viewing is not None else self.current()
        if partie is None or self.data_dir is None:
            self._show(self.screen, self._("Nothing to export."))
            return
        record = self.journal.record(partie)
        self.data_dir.mkdir(parents=True, exist_ok=True)
        path = self.data_dir / f"partie-{partie}.json"
        path.write_text(json.dumps(record, indent=2, ensure_ascii=False) + "\n", "utf-8")
        self._show(self.screen, self._("Saved as {path}", path=str(path)))

    def print_sheet(self) -> None:
        partie = self.viewing if self.viewing is not None else self.current()
        if self.printer is None or partie is None:
            self._show(self.screen, self._("No printer is configured."))
            return
        try:
            self.printer.print_record(self.journal.record(partie))
        except Exception as exc:  # the printer's own error, shown as is
            self._show(self.screen, str(exc))
            return
        self._show(self.screen, self._("Sent to the printer."))

    # ----- Settings -------------------------------------------------------
    def set_lang(self, lang: str) -> None:
        if lang in LANGUAGES:
            self._.lang = lang
            self.state.data["lang"] = lang
            self.state.save()
            self._forget()
        self.changed()

    def cycle_text_size(self) -> None:
        i = TEXT_SCALES.index(self.text_scale) if self.text_scale in TEXT_SCALES else 0
        self.state.data["text_scale"] = TEXT_SCALES[(i + 1) % len(TEXT_SCALES)]
        self.state.save()
        self.changed()

    # ----- the table's buttons and printer (events arrive on the UI thread) --
    def button(self, event: Any) -> None:
        """A seat or confirm button: the same actions as the touches.

        A seat press is "I won this trick" in the play (seat A is the first
        player, on the left half of the screen); confirm is "next deal" at the
        end of a deal and "good" when that is an answer; a long press undoes.
        Every event also shows in the Settings' live test view."""
        from hardware.button_events import BothPressed, ConfirmPress, SeatPress, UndoHold

        if isinstance(event, SeatPress):
            text = self._("Seat {seat} pressed", seat="AB"[event.seat])
        elif isinstance(event, ConfirmPress):
            text = self._("Confirm pressed")
        elif isinstance(event, UndoHold):
            text = self._("A button held: undo")
        elif isinstance(event, BothPressed):
            text = self._("Both seats pressed together")
        else:
            return
        self.button_events = [text, *self.button_events][:5]
        if self.screen == SETTINGS:
            self.changed()
            return
        if isinstance(event, SeatPress):
            self.trick_won(event.seat)
        elif isinstance(event, UndoHold):
            self.undo()
        elif isinstance(event, BothPressed):
            self._show(self.screen, self._("Both seats pressed: tap the winner on the screen."))
        elif isinstance(event, ConfirmPress):
            if self.screen == END_OF_DEAL:
                self.next_deal()
            elif self.screen == DEAL:
                self.answer("good")

    def print_status(self, status: Any) -> None:
        """The print worker's news (state, message), shown as the screen's message."""
        self.last_print = str(getattr(status, "message", status))
        if self.screen in (SHEET, SETTINGS):
            self._show(self.screen, self.last_print)

    # ----- views ----------------------------------------------------------
    def view(self) -> dict[str, Any]:
        """Plain values for the current screen (names match the .kv files)."""
        make = getattr(self, f"_view_{self.screen}")
        v: dict[str, Any] = make()
        v.setdefault("message", self.message)
        v["can_undo"] = self.can_undo()
        v["can_redo"] = self.can_redo()
        return v

    def _view_home(self) -> dict[str, Any]:
        v: dict[str, Any] = {"resume": "", "has_current": False}
        if self.current() is not None:
            score = self.score()
            if not score["finished"]:
                a, b = score["players"]
                v["has_current"] = True
                v["resume"] = self._(
                    "Resume {a} {ta} – {tb} {b}", a=a, b=b,
                    ta=score["totals"][a], tb=score["totals"][b],
                )
        return v

    def _view_deal(self) -> dict[str, Any]:
        score = self.score()
        return {"header": self.header(score), **self.deal_view(score)}

    def _view_end_of_deal(self) -> dict[str, Any]:
        score = self.score()
        deal = score["deals"][-1]
        lines = [
            # An equal class is a 0-point note for both hands: no name beside it.
            {"player": line["player"] if line["points"] else "", "points": str(line["points"]),
             "why": line["why"]}
            for line in deal["lines"]
        ]
        a, b = score["players"]
        header = self.header(score)
        header["title"] = self._("Deal {n} is over: {a} +{sa}, {b} +{sb}", n=deal["number"],
                                 a=a, b=b, sa=deal["scores"][a], sb=deal["scores"][b])
        return {"header": header, "lines": lines, "banner": self.banner(score)}

    def _view_sheet(self) -> dict[str, Any]:
        partie = self.viewing if self.viewing is not None else self.current()
        if partie is None:
            return {"names": ["", ""], "totals": ["", ""], "rows": [], "settlement": "",
                    "finished": False, "printer": False, "title": ""}
        record = self.journal.record(partie)
        score = score_record(record, self.lang)
        rows = sheet_rows(score, self._)
        players = score["players"]
        game = record.get("game", "rubicon")
        finished = bool(score["finished"])
        return {
            "title": self._(GAME_LABELS[game])
            + ("" if finished else " · " + self._("in progress")),
            "names": list(players),
            "totals": [str(score["totals"][p]) for p in players],
            "rows": [
                {"label": r.label, "a": r.scores[0], "b": r.scores[1],
                 "ra": r.running[0], "rb": r.running[1]}
                for r in rows
            ],
            "settlement": "  ·  ".join(explain_result(score, game, self.lang)),
            "sitting": self.sitting_line(partie) if finished else "",
            "finished": finished,
            "printer": self.printer is not None,
            "is_current": partie == self.current() and not finished,
            "can_take_up": partie != self.current() and not finished,
            "can_undo_here": partie == self.current() and self.can_undo(),
        }

    def sitting_line(self, partie: int) -> str:
        """The running net of the sitting this partie ends: the finished parties
        of the same two players on the same day, up to this one (engine's net)."""
        from scorer.sitting import sitting

        entries = list(reversed(self.journal.history()))  # oldest first
        this = next((e for e in entries if e["partie"] == partie), None)
        if this is None:
            return ""
        day, pair = str(this.get("created", ""))[:10], set(this["players"])
        chain = [e for e in entries if e["partie"] <= partie and e.get("finished")
                 and set(e["players"]) == pair and str(e.get("created", ""))[:10] == day]
        if len(chain) < 2:
            return ""
        rows = sitting({"players": e["players"], "result": e["result"]} for e in chain)
        net = rows[-1].net
        parts = ", ".join(f"{name} {net[name]:+d}".replace("-", "−") for name in this["players"])
        return self._("Sitting of {n} parties: {net}", n=len(chain), net=parts)

    def _view_history(self) -> dict[str, Any]:
        items = []
        for entry in self.journal.history():
            a, b = entry["players"]
            totals = entry.get("totals") or {}
            text = f"{a} {totals.get(a, 0)} – {totals.get(b, 0)} {b}"
            result = entry.get("result")
            if entry.get("finished") and result:
                if result.get("winner"):
                    status = self._("{winner} won {points}", winner=result["winner"],
                                    points=result["points"])
                else:
                    status = self._("a draw")
            else:
                status = self._("in progress")
            items.append({"partie": entry["partie"],
                          "text": f"{str(entry.get('created', ''))[:16].replace('T', ' ')}  "
                                  f"{text}  · {status}"})
        return {"items": items}

    def _view_settings(self) -> dict[str, Any]:
        return {
            "lang": self.lang,
            "text_scale": self.text_scale,
            "printer": self.printer_status(),
            "buttons": self.buttons_status(),
            "events": list(self.button_events),
        }

    def printer_status(self) -> str:
        if self.printer is None:
            return self._("No printer is configured.")
        text = self._("Printer: {name}", name=getattr(self.printer, "name", ""))
        return f"{text} · {self.last_print}" if self.last_print else text

    def buttons_status(self) -> str:
        return self.hardware_text["buttons"] or self._(
            "Seat buttons: not connected (the kiosk started without the table's "
            "hardware): tap the screen instead.")

    def _view_learn(self) -> dict[str, Any]:
        return {}
