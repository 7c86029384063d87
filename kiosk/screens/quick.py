"""Quick mode: each deal's totals only (`entered` actions); the engine keeps
the sheet and settles. A presenter the session holds (Kivy-free).

Quick mode is a fact of the partie kept in the journal: the engine's
`{"entry": "totals"}` action, chosen at the start of a deal (before its first
tap) and carried by `next_deal` to the next deals until `{"entry": "dialogue"}`
at the start of one of them.

The quick screen asks for the next deal's totals as soon as a deal's are in,
so one Enter there commits two actions, `next_deal` then `entered` (and one
"play with questions", `next_deal` then `{"entry": "dialogue"}`). Both are
tried on the record in memory by the engine first, so a refused entry changes
nothing in the journal; Undo and Redo take them as the one tap they were.
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kiosk.i18n import said, sentence
from kiosk.screens import QUICK
from kiosk.screens.sheet import sheet_rows
from scorer import ActionError
from scorer.actions import play
from scorer.progress import progress
from scorer.record import MAX_DEAL_SCORE

if TYPE_CHECKING:
    from kiosk.session import Session


@dataclass
class QuickEntry:
    """The two totals being typed on the quick-mode screen."""

    digits: list[str] = field(default_factory=lambda: ["", ""])  # in the seats' order
    field: int = 0


class QuickMode:
    """The quick-mode screen (`quick`)."""

    def __init__(self, session: Session) -> None:
        self.s = session
        session.screens.add(QUICK, self._view_quick)
        self.quick_entry = QuickEntry()

    # ----- typing ---------------------------------------------------------
    def quick_field(self, index: int) -> None:
        self.quick_entry.field = index
        self.s.changed()

    def quick_digit(self, digit: str) -> None:
        q = self.quick_entry
        if digit == "del":
            q.digits[q.field] = q.digits[q.field][:-1]
        elif len(q.digits[q.field]) < 3:
            q.digits[q.field] = (q.digits[q.field] + digit).lstrip("0") or "0"
        self.s.message = ""
        self.s.changed()

    # ----- committing -----------------------------------------------------
    def _opens_next(self) -> bool:
        """The deal in play is complete: the quick screen asks for the next one."""
        deals = self.s.score()["deals"]
        return bool(deals) and deals[-1]["complete"]

    def _commit(self, actions: list[dict[str, Any]]) -> str | None:
        """Commit the actions of one tap, each tried by the engine on the record
        in memory first: all are committed, or none. An error message, or None."""
        record, score = self.s.record(), self.s.score()
        try:
            for action in actions:
                record, score = play(record, action, score)
        except ActionError as exc:
            return said(exc)
        done = 0
        try:
            for action in actions:
                self.s.journal.act(action)
                done += 1
        except ActionError as exc:  # the journal refused (a full disk, another writer...)
            # what this tap did is taken back, unless another writer came after it
            if getattr(exc, "kind", None) != "changed":
                with contextlib.suppress(ActionError):
                    for _ in range(done):
                        self.s.journal.undo()
            return said(exc)
        return None

    def quick_enter(self) -> None:
        """Enter: with the other box still empty, go to it; with both typed,
        commit them as the deal's `entered` totals (opening it first when the
        deal in play is complete)."""
        q = self.quick_entry
        if not q.digits[q.field]:
            self.s._show(
                QUICK, self.s._("Type {name}'s total first.", name=self.s.seats()[q.field])
            )
            return
        if not q.digits[1 - q.field]:
            q.field = 1 - q.field  # Enter moves on to the other box
            self.s._show(QUICK)
            return
        opening = self._opens_next()
        elder = self._quick_elder()
        entered = {
            ("elder" if name == elder else "younger"): int(digits)
            for name, digits in zip(self.s.seats(), q.digits, strict=True)
        }
        actions = [{"next_deal": True}] if opening else []
        error = self._commit([*actions, {"entered": entered}])
        if error:
            self.s._show(QUICK, self._entry_refused(error, entered, elder))
            return
        self.s._after_change()

    def _entry_refused(self, error: str, entered: dict[str, int], elder: str) -> str:
        """The engine's refusal in words: which player's total, and why."""
        field = re.search(r"entered\.(elder|younger)", error)
        if field:
            role = field.group(1)
            name = elder if role == "elder" else next(n for n in self.s.seats() if n != elder)
            return self.s._(
                "{name}'s total cannot be {n}: a deal scores 0 to {most}.",
                name=name,
                n=entered[role],
                most=MAX_DEAL_SCORE,
            )
        return sentence(error, self.s._)

    def quick_off(self) -> None:
        """Play the next deal (or the deal in play, not begun) with the questions."""
        actions: list[dict[str, Any]] = [{"entry": "dialogue"}]
        if self._opens_next():
            actions.insert(0, {"next_deal": True})
        error = self._commit(actions)
        if error:
            self.s._show(self.s.screen, sentence(error, self.s._))
            return
        self.s._after_change()

    # ----- what the screen shows ------------------------------------------
    def _quick_next(self) -> Any:
        """Where the deal being typed stands: the deal in play, or the next one."""
        if not self._opens_next():
            return self.s.progress()
        record, _score = play(self.s.record(), {"next_deal": True}, self.s.score())
        return progress(record)

    def _quick_elder(self) -> str:
        return str(self._quick_next().elder)

    def _view_quick(self) -> dict[str, Any]:
        score = self.s.score()
        header = self.s.play.header(score)
        nxt = self._quick_next()
        number = nxt.deal
        q = self.quick_entry
        seats = self.s.seats()
        header["title"] = (
            self.s.play.deal_title(number, nxt.regular_deals) + " · " + self.s._("Quick mode")
        )
        header["elder"] = nxt.elder
        header["tags"] = self.s.play.role_tags(nxt.elder)
        rows = [
            {
                "label": r.label,
                "a": r.scores[0],
                "b": r.scores[1],
                "ra": r.running[0],
                "rb": r.running[1],
            }
            for r, deal in zip(
                sheet_rows(score, self.s._, short=True, names=seats), score["deals"], strict=True
            )
            if deal["complete"]
        ]
        return {
            "header": header,
            "prompt": self.s._("Deal {n}: type each player's total for the deal", n=number),
            "digits": list(q.digits),
            "field": q.field,
            # the boxes keep the seats' order (as the totals and the sheet);
            # each name with its role, as in the header: "(elder)", "(younger,
            # deals)" (the roles move from deal to deal)
            "labels": [f"{n} {tag}" for n, tag in zip(seats, header["tags"], strict=True)],
            "elder_field": seats.index(nxt.elder),
            "rows": rows,
            "off_label": self.s._("Play deal {n} with the questions", n=number),
        }
