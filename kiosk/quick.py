"""Quick mode: each deal's totals only (`entered` actions); the engine keeps
the sheet and settles. A mixin of the Presenter (Kivy-free)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kiosk.i18n import sentence
from kiosk.screen_names import QUICK
from kiosk.sheet import sheet_rows
from scorer import ActionError, score_record


@dataclass
class QuickEntry:
    """The two totals being typed on the quick-mode screen."""

    digits: list[str] = field(default_factory=lambda: ["", ""])  # in the players' order
    field: int = 0


class QuickMode:
    """The quick-mode screen (`quick`)."""

    quick_entry: QuickEntry

    # ----- Quick mode -----------------------------------------------------
    def quick_field(self, index: int) -> None:
        self.quick_entry.field = index
        self.changed()

    def quick_digit(self, digit: str) -> None:
        q = self.quick_entry
        if digit == "del":
            q.digits[q.field] = q.digits[q.field][:-1]
        elif len(q.digits[q.field]) < 3:
            q.digits[q.field] = (q.digits[q.field] + digit).lstrip("0") or "0"
        self.message = ""
        self.changed()

    def quick_enter(self) -> None:
        """Commit the typed totals as the deal's `entered` action (opening the
        next deal first when the current one is complete)."""
        q = self.quick_entry
        if not all(q.digits):
            self._show(QUICK, self._("Type both totals."))
            return
        deals = self.score()["deals"]
        opened = False
        if deals and deals[-1]["complete"]:
            try:
                self.journal.act({"next_deal": True})
            except ActionError as exc:
                self._show(QUICK, sentence(str(exc)))
                return
            opened = True
            self._forget()
        players = self.score()["players"]
        elder = self.progress().elder  # the deal just opened, or the one in play
        entered = {("elder" if name == elder else "younger"): int(digits)
                   for name, digits in zip(players, q.digits, strict=True)}
        try:
            self.journal.act({"entered": entered})
        except ActionError as exc:
            if opened:  # leave the journal as it was before the tap
                self.journal.undo()
                self._forget()
            self._show(QUICK, sentence(str(exc)))
            return
        self._after_change()

    def _view_quick(self) -> dict[str, Any]:
        score = self.score()
        header = self.header(score)
        deals = score["deals"]
        number = deals[-1]["number"] if deals else 1
        if deals and deals[-1]["complete"]:
            number += 1
        q = self.quick_entry
        rows = sheet_rows(score, self._, short=True)
        if deals and deals[-1]["complete"]:  # who is elder in the next deal: ask the engine
            record = self.record()
            record["deals"] = [*record["deals"], {}]
            nxt = score_record(record, self.lang)["deals"][-1]
            elder, younger = nxt["elder"], nxt["younger"]
        else:
            elder, younger = header["elder"], header["younger"]
        players = list(score["players"])
        title = self._("Deal {n}", n=number)
        title += " · " + self._("{dealer} deals", dealer=younger)
        title += " · " + self._("{elder} is elder", elder=elder)
        header["title"] = title
        return {
            "header": header,
            "prompt": self._("Deal {n}: type each player's total for the deal", n=number),
            "digits": list(q.digits),
            "field": q.field,
            # the boxes keep the players' order (as the totals and the sheet);
            # only the "(elder)" tag moves from deal to deal
            "labels": [self._("{name} (elder)", name=n) if n == elder else n for n in players],
            "elder_field": players.index(elder),
            "rows": [
                {"label": r.label, "a": r.scores[0], "b": r.scores[1],
                 "ra": r.running[0], "rb": r.running[1]}
                for r, deal in zip(rows, deals, strict=True) if deal["complete"]
            ],
        }
