"""The score sheet as plain values for the screen, from a `piquet-score/1` dict.

Everything here is read from the engine's answer (`score_record`): the deal
scores, the totals and the result; the settlement in words comes from
`scorer.explain`. Columns follow the seats (`names`), the players' order at
the table.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any

from kiosk.i18n import Translator, sentence
from kiosk.screens import DEAL_LINES, HISTORY, SHEET
from kiosk.screens.new_partie import GAME_LABELS
from kiosk.usb import safe_file_name, usb_sticks, write_file
from scorer import ActionError
from scorer.explain import explain_result
from scorer.frozen import frozen

if TYPE_CHECKING:
    from kiosk.session import Session


@frozen
class SheetRow:
    number: int
    label: str  # "Deal 3" (with "×2" when the deal counts double, "(totals)" in quick mode,
    # "(corrected)" when corrected after the partie)
    scores: tuple[str, str]  # what the deal added, seat by seat ("+12")
    running: tuple[str, str]  # running totals after the deal
    totals_only: bool  # entered as its two totals (quick mode)


def sheet_rows(
    score: dict[str, Any],
    _: Translator,
    short: bool = False,
    names: Sequence[str] | None = None,
    corrected: Collection[int] = (),
) -> list[SheetRow]:
    """One row per deal; `short` labels a row with the deal's number only;
    `corrected`: the numbers of the deals corrected after the partie (Law 70)."""
    a, b = names or score["players"]
    running = {a: 0, b: 0}
    rows = []
    for deal in score["deals"]:
        for p in (a, b):
            running[p] += deal["scores"].get(p, 0)
        label = str(deal["number"]) if short else _("Deal {n}", n=deal["number"])
        if deal.get("multiplier", 1) != 1:
            label += f" ×{deal['multiplier']}"
        totals_only = any(line["category"] == "entered" for line in deal["lines"])
        if not deal.get("complete", True):
            label = _("{deal} (in play)", deal=label)
        elif deal["number"] in corrected:
            label = _("{deal} (corrected)", deal=label)
        elif totals_only and not short:
            label = _("{deal} (totals)", deal=label)
        rows.append(
            SheetRow(
                number=deal["number"],
                label=label,
                scores=(f"+{deal['scores'].get(a, 0)}", f"+{deal['scores'].get(b, 0)}"),
                running=(str(running[a]), str(running[b])),
                totals_only=totals_only,
            )
        )
    return rows


ROWS_WANTED = 6  # a partie's deals (Rubicon); more scroll
CHART_SHARE = 0.3  # of the screen's height, at most


def glance_height(
    room: float, rows: int, row_height: float, legend: float, screen_height: float
) -> float:
    """In portrait, the height of the partie at a glance (the chart and its
    legend) under the deal table, which gets the room first: `room` is what
    the table and the chart share, the table wants `rows` rows (at least one,
    at most `ROWS_WANTED`; more scroll). The chart takes what is left, at most
    `CHART_SHARE` of the screen; with less than its legend and three rows'
    height it could not be read, and is not drawn (0): the table has it all."""
    wanted = min(max(rows, 1), ROWS_WANTED) * row_height
    height = min(CHART_SHARE * screen_height, room - wanted)
    return height if height >= legend + 3 * row_height else 0.0


class SheetScreens:
    """The sheet of a partie (`sheet`), a deal's lines from it (`deal_lines`),
    the History (`history`), and the sheet's Take up and Export."""

    def __init__(self, session: Session) -> None:
        self.s = session
        session.screens.add(DEAL_LINES, self._view_deal_lines)
        session.screens.add(SHEET, self._view_sheet)
        session.screens.add(HISTORY, self._view_history)

    def view_partie(self, partie: int) -> None:
        self.s.viewing = partie
        self.s.sheet_back = HISTORY
        self.s._show(self.s.multi.sheet.sheet_screen(partie))

    def view_deal(self, number: int) -> None:
        """A tap on a deal's row of the sheet: that deal's lines."""
        self.s.viewing_deal = number
        self.s._show(DEAL_LINES)

    def take_up(self) -> None:
        """Make the unfinished partie on the sheet the current one, and go on with it."""
        if self.s.viewing is None:
            return
        try:
            self.s.journal.set_current(self.s.viewing)
        except ActionError as exc:
            self.s._show(self.s.screen, sentence(exc, self.s._))
            return
        self.s._forget()
        self.s._take_up_quick_mode()
        self.s.resume()

    def export(self) -> None:
        """Save the partie's record, its deals and the history (CSV) on a USB stick,
        and say where in words."""
        partie = self.s.viewing if self.s.viewing is not None else self.s.current()
        if partie is None:
            self.s._show(self.s.screen, self.s._("Nothing to export."))
            return
        sticks = usb_sticks(self.s.usb_root)
        if not sticks:
            self.s._show(
                self.s.screen,
                self.s._(
                    "No USB stick is plugged in. Plug one into the table and tap Export again."
                ),
            )
            return
        stick = sticks[0]
        record = self.s.journal.record(partie)
        entry = self.s.journal.history_entry(partie)
        day = str(entry.get("created", ""))[:10]
        name = safe_file_name("-".join(["piquet", day, *record["players"], str(partie)]))
        try:
            for file, data in self.s.club.export_files(partie, name):
                write_file(stick.path / file, data)
        except OSError as exc:
            self.s._show(
                self.s.screen,
                self.s._(
                    "The USB stick “{label}” could not be written ({reason}).",
                    label=stick.label,
                    reason=exc.strerror or exc,
                ),
            )
            return
        self.s._show(
            self.s.screen,
            self.s._(
                "Saved on the USB stick “{label}”: {file} and the CSV files of its deals and "
                "of the history. You may take the stick out.",
                label=stick.label,
                file=f"{name}.json",
            ),
        )

    def _sheet_partie(self) -> int | None:
        return self.s.viewing if self.s.viewing is not None else self.s.current()

    def _view_deal_lines(self) -> dict[str, Any]:
        partie = self._sheet_partie()
        if partie is None:
            return {"title": "", "result": "", "notes": "", "lines": [], "can_correct": False}
        record = self.s.journal.record(partie)
        score = self.s.journal.score(partie)
        number = min(max(1, self.s.viewing_deal), len(score["deals"]))
        deal = score["deals"][number - 1]
        title = self.s._("Deal {n}", n=number)
        if not deal["complete"]:
            title = self.s._("{deal} (in play)", deal=title)
        view = {
            "title": title,
            **self.s.play.deal_summary(record, score, number, self.s.seats(partie)),
        }
        extras = self.s.club.deal_lines_extras(partie, record, score, number)
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
        record = self.s.journal.record(partie)
        score = self.s.journal.score(partie)
        seats = self.s.seats(partie)
        extras = self.s.club.sheet_extras(partie, record, score, seats)
        rows = sheet_rows(score, self.s._, names=seats, corrected=extras.pop("corrected"))
        game = record.get("game", "rubicon")
        finished = bool(score["finished"])
        return {
            **extras,
            "title": self.s._(GAME_LABELS[game])
            + ("" if finished else " · " + self.s._("in progress")),
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
            "settlement": "  ·  ".join(explain_result(score, game, self.s.lang)),
            "sitting": self.s.club.sitting_line(partie) if finished else "",
            "finished": finished,
            "printer": self.s.printer is not None,
            "can_print_again": self.s.table_state.can_print_again(),
            "is_current": partie == self.s.current() and not finished,
            "can_take_up": partie != self.s.current() and not finished,
            "can_undo_here": self.s.can_undo()
            if partie == self.s.current()
            else not self.s.journal.read_only and self.s.club.last_is_correction(partie),
        }

    def _view_history(self) -> dict[str, Any]:
        return self.s.club.history_items()
