"""The score sheet of a game for three to seven players, and one deal's
lines (a presenter the session holds, no Kivy).

Everything is read from the engine's `piquet-score/2` answer: a column per
player (per side in Voleur, partners together), a row per deal (à Écrire:
the two who played it, and a row for each round's settlement; Chouette: the
card in tens, a row per partie, with the partie in play below), every total,
and the settlement, which sums to zero. Printing and export go through the
Presenter's own paths (the printer takes either record format).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kiosk.multi import MULTI_LINES, MULTI_SHEET
from kiosk.multi.words import FORM_TITLES
from scorer.multi.traits import traits

if TYPE_CHECKING:
    from kiosk.session import Session

GAME_WORDS = {
    "rubicon": "Rubicon piquet",
    "four-deal": "Four-deal partie",
    "au-cent": "Piquet au cent",
}


def signed(n: int) -> str:
    return f"{n:+d}".replace("-", "−")


class MultiSheet:
    """The sheet of a game of three to seven players (`multi_sheet`, `multi_lines`)."""

    def __init__(self, session: Session) -> None:
        self.s = session

    multi_lines_of: tuple[str, int] = ("deal", 1)  # what the lines screen shows

    def sheet_screen(self, partie: int | None) -> str:
        """The sheet screen for a partie of either format."""
        return MULTI_SHEET if partie is not None and self.s.form_traits(partie) else "sheet"

    def multi_go_sheet(self) -> None:
        """The playing screens' Score sheet button."""
        self.s.viewing = self.s.current()
        self.s.sheet_back = self.s.screen
        self.s._show(MULTI_SHEET)

    def multi_back(self) -> None:
        if self.s.screen == MULTI_LINES:
            self.s._show(MULTI_SHEET)
        else:
            self.s._show(self.s.sheet_back or "home")

    def _sheet_record(self) -> tuple[int | None, dict[str, Any], dict[str, Any]]:
        partie = self.s.viewing if self.s.viewing is not None else self.s.current()
        if partie is None:
            return None, {}, {}
        record = self.s.journal.record(partie)
        if record.get("format") != "piquet-record/2":
            return partie, record, {}
        if partie == self.s.current():
            return partie, record, self.s.score()
        return partie, record, self.s.score_of(record)

    def _columns(self, score: dict[str, Any]) -> list[tuple[str, str]]:
        """(key in the deals' scores, heading): the sides in Voleur, else the players."""
        if traits(score["form"]).sides:
            return [(s["id"], " & ".join(s["players"])) for s in score["sides"]]
        return [(name, name) for name in score["players"]]

    def _view_multi_sheet(self) -> dict[str, Any]:
        _ = self.s._
        partie, record, score = self._sheet_record()
        if partie is None or record.get("format") != "piquet-record/2":
            return {
                "title": "",
                "columns": [],
                "rows": [],
                "totals": [],
                "settlement": "",
                "finished": False,
            }
        columns = self._columns(score)
        keys = [k for k, _h in columns]
        if traits(score["form"]).parties:
            rows = self._chouette_rows(score)
        else:
            rows = self._deal_rows(score, keys)
            settled = self._settlement_row(score, keys)
            if settled:
                rows.append(settled)
        if traits(score["form"]).sides:
            totals = [str(score["side_totals"][k]) for k in keys]
        elif traits(score["form"]).parties:  # the card's net, in points
            totals = [signed(score["totals"][k]) for k in keys]
        else:
            totals = [str(score["totals"][k]) for k in keys]
        finished = bool(score["finished"])
        title = _(FORM_TITLES[score["form"]])
        if traits(score["form"]).takes_game:
            title += " · " + _(GAME_WORDS.get(score.get("game", "rubicon"), ""))
        chouette_goes_on = traits(score["form"]).parties
        if not finished or chouette_goes_on:
            title += " · " + _("in progress")
        current = partie == self.s.current()
        return {
            "title": title,
            "columns": [h for _k, h in columns],
            # many columns in portrait: numbers over them, and who each is
            "numbers": [str(i) for i in range(1, len(columns) + 1)],
            "legend": (
                "  ·  ".join(f"{i} {h}" for i, (_k, h) in enumerate(columns, 1))
                if len(columns) > 4
                else ""
            ),
            "first": _("Partie") if traits(score["form"]).parties else _("Deal"),
            "rows": rows,
            "totals_label": _("Card (points)") if chouette_goes_on else _("Total"),
            "totals": totals,
            "label_x": 0.3 if len(columns) <= 4 else 0.16,
            "settlement": self._settlement_words(score),
            "finished": finished,
            "printer": self.s.printer is not None,
            "can_take_up": not current and (not finished or chouette_goes_on),
            "can_undo_here": current and self.s.can_undo(),
        }

    def _deal_rows(self, score: dict[str, Any], keys: list[str]) -> list[dict[str, Any]]:
        _ = self.s._
        rows = []
        players = len(score["players"])
        rounds = {r["number"]: r for r in score.get("rounds") or []}
        for deal in score["deals"]:
            # many columns: the deal's number alone (à Écrire: its two filled cells
            # say who played it)
            label = str(deal["number"]) if len(keys) > 4 else _("Deal {n}", n=deal["number"])
            if deal.get("multiplier", 1) != 1:
                label += f" ×{deal['multiplier']}"
            if not deal["complete"]:
                label = _("{deal} (in play)", deal=label)
            elif any(line["category"] == "entered" for line in deal["lines"]):
                label = _("{deal} (totals)", deal=label)
            cells = [f"+{deal['scores'][k]}" if k in deal["scores"] else "" for k in keys]
            rows.append(
                {
                    "key": f"row-{deal['number']}",
                    "number": deal["number"],
                    "label": label,
                    "cells": cells,
                    "strong": False,
                }
            )
            number = (deal["number"] - 1) // players + 1 if players else 0
            rnd = rounds.get(number)
            if (
                traits(score["form"]).rounds
                and rnd
                and rnd["complete"]
                and deal["number"] == number * players
            ):
                rows.append(
                    {
                        "key": f"round-{number}",
                        "number": 0,
                        "label": (
                            _("Round {n}", n=number)
                            if len(keys) > 4
                            else _("Round {n} settles", n=number)
                        ),
                        "cells": [signed(rnd["settlement"][k]) for k in keys],
                        "strong": True,
                    }
                )
        return rows

    def _chouette_rows(self, score: dict[str, Any]) -> list[dict[str, Any]]:
        """The card in tens: each finished partie's entries, then the running net;
        the partie in play with its two players' totals."""
        _ = self.s._
        players = list(score["players"])
        rows = []
        for partie in score.get("parties") or []:
            n = partie["number"]
            if partie["finished"]:
                label = _("Partie {n} · {name} single", n=n, name=partie["single"])
                cells = [signed(partie["entries"][p]) for p in players]
            else:
                label = _("Partie {n} (in play)", n=n)
                totals = partie["score"]["totals"]
                cells = [str(totals[p]) if p in totals else "" for p in players]
            rows.append(
                {"key": f"partie-{n}", "number": n, "label": label, "cells": cells, "strong": False}
            )
        card = score.get("card") or []
        if card:
            net = card[-1]["net"]
            rows.append(
                {
                    "key": "net",
                    "number": 0,
                    "label": _("Net on the card (tens)"),
                    "cells": [signed(net[p]) for p in players],
                    "strong": True,
                }
            )
        return rows

    def _settlement_row(self, score: dict[str, Any], keys: list[str]) -> dict[str, Any] | None:
        """What each player has won or lost (the values sum to zero), as a row
        under the deals; in Voleur each partner of a side wins or loses it."""
        _ = self.s._
        settlement = score.get("settlement") or {}
        if not any(settlement.values()):
            return None
        if traits(score["form"]).sides:
            cells = [signed(settlement[s["players"][0]]) + " " + _("each") for s in score["sides"]]
        else:
            cells = [signed(settlement[k]) for k in keys]
        label = (
            _("Settlement (antes)") if score.get("settlement_unit") == "antes" else _("Settlement")
        )
        return {"key": "settlement", "number": 0, "label": label, "cells": cells, "strong": True}

    def _settlement_words(self, score: dict[str, Any]) -> str:
        """How the game was settled, in the engine's words."""
        _ = self.s._
        result = score.get("result") or {}
        if traits(score["form"]).parties:
            if score.get("card"):
                return _(
                    "The card is kept in tens: the single player wins or loses twice "
                    "the partie's points, each of the others once."
                )
            return ""
        return str(result.get("why") or "")

    def multi_view_row(self, number: int, key: str) -> None:
        """A tap on a row of the sheet: that deal's lines (a Chouette partie's deals)."""
        if number <= 0:
            return
        self.multi_lines_of = ("partie" if key.startswith("partie-") else "deal", number)
        self.s._show(MULTI_LINES)

    def _view_multi_lines(self) -> dict[str, Any]:
        _ = self.s._
        partie, record, score = self._sheet_record()
        kind, number = self.multi_lines_of
        empty = {"title": "", "result": "", "notes": "", "lines": []}
        if partie is None or record.get("format") != "piquet-record/2":
            return empty
        if kind == "partie":
            parties = score.get("parties") or []
            if not 1 <= number <= len(parties):
                return empty
            p = parties[number - 1]
            two = p["score"]
            lines = [
                {
                    "player": "",
                    "points": "",
                    "why": _(
                        "Deal {n}: {result}",
                        n=d["number"],
                        result="  ·  ".join(f"{name} +{v}" for name, v in d["scores"].items()),
                    ),
                }
                for d in two["deals"]
            ]
            title = _("Partie {n}", n=number)
            if not p["finished"]:
                title = _("{deal} (in play)", deal=title)
            return {
                "title": title,
                "result": "  –  ".join(f"{n} {v}" for n, v in two["totals"].items()),
                "notes": p["why"],
                "lines": lines,
            }
        deals = score.get("deals") or []
        if not 1 <= number <= len(deals):
            return empty
        deal = deals[number - 1]
        title = _("Deal {n}", n=number)
        if not deal["complete"]:
            title = _("{deal} (in play)", deal=title)
        return {
            "title": title,
            "result": "  ·  ".join(
                f"{self.s.multi.game.multi_party_name(k, score)} +{v}"
                for k, v in deal["scores"].items()
            ),
            "notes": self.s.multi.deal.multi_banner(deal, score),
            "lines": [
                {
                    "player": (
                        line["player"]
                        or self.s.multi.game.multi_party_name(line.get("side", ""), score)
                    )
                    if line["points"]
                    else "",
                    "points": str(line["points"]),
                    "why": line["why"],
                }
                for line in deal["lines"]
            ],
        }
