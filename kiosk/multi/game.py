"""A game of three to seven players on the kiosk: which screen shows, the
header of its playing screens, quick mode, the end of a deal, and the home
and history lines (a presenter the session holds, no Kivy).

Which screen shows is read from the journal, as for two players: the deal
in play (`multi_deal`), its end (`multi_end`), the Chouette seat between two
parties (`chouette_seat`), the final sheet (`multi_sheet`). Quick mode is a
way of showing the deal: the record's `entered` totals are the fact, so the
mode itself is a journal action (`{"entry": "totals"}` before a deal's first
action; `next_deal` opens the next deal the same way), so Undo, Redo and a
restart know it like any other step.

The quick screen's Enter opens the next deal and enters its totals in one
tap when the deal in play is complete (`next_deal` then `entered`, both tried
by the engine first), and Undo and Redo take them together, as for two
players.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kiosk.i18n import said, sentence
from kiosk.multi import (
    CHOUETTE_SEAT,
    MULTI_DEAL,
    MULTI_END,
    MULTI_QUICK,
    MULTI_SHEET,
    SIDE_FILE_KEYS,
)
from kiosk.multi.deal import REGULAR_DEALS
from kiosk.multi.table import current_deal, score_deals
from kiosk.multi.words import FORM_TITLES
from scorer.errors import ActionError
from scorer.multi.traits import TRAITS, traits

if TYPE_CHECKING:
    from kiosk.session import Session

MAX_ENTERED = max(t.entered_most for t in TRAITS.values())  # the engine's bound on an entered total


@dataclass
class MultiQuickEntry:
    """The totals being typed, one box per seat (or side in Voleur)."""

    keys: list[str] = field(default_factory=list)  # seats or side ids
    digits: dict[str, str] = field(default_factory=dict)
    field: int = 0


class MultiGame:
    """Which screen of a game of three to seven players shows, its header,
    quick mode (`multi_quick`) and the end of a deal (`multi_end`)."""

    def __init__(self, session: Session) -> None:
        self.s = session

    multi_quick_entry: MultiQuickEntry | None = None

    # ----- names and sides ----------------------------------------------------
    def multi_party_name(self, key: str, score: dict[str, Any] | None = None) -> str:
        """A player's name, or a Voleur side's names ("Anne & Cleo")."""
        score = score or self.s.score()
        for side in score.get("sides") or []:
            if side["id"] == key:
                return " & ".join(side["players"])
        return key

    # ----- which screen --------------------------------------------------------
    def multi_playing_screen(self) -> str:
        score = self.s.score()
        partie = self.s.current()
        if traits(score["form"]).parties:
            parties = score.get("parties") or []
            if parties and parties[-1]["finished"]:
                return MULTI_END if self._multi_end_unseen() else CHOUETTE_SEAT
            if not parties:
                return CHOUETTE_SEAT
        elif score["finished"]:
            if self._multi_end_unseen():
                return MULTI_END
            self.s.viewing = partie
            self.s.sheet_back = "home"
            return MULTI_SHEET
        deal = self.s.multi.deal.multi_deal_score()
        quick = self.multi_quick()
        if deal is not None and deal["complete"]:
            return MULTI_QUICK if quick else MULTI_END
        if quick:
            return MULTI_QUICK
        return MULTI_DEAL

    def _multi_seen_key(self) -> str:
        score = self.s.score()
        parties = len(score.get("parties") or [])
        return f"{self.s.current()}:{parties}"

    def _multi_end_unseen(self) -> bool:
        """The game (or the Chouette partie) just ended by a deal's play: show
        that deal's lines first (not when it was entered as totals)."""
        deals = score_deals(self.s.score())
        if not deals or any(line["category"] == "entered" for line in deals[-1]["lines"]):
            return False
        seen = self.s.state.data.get("multi_seen") or []
        return self._multi_seen_key() not in seen

    def multi_end_seen(self) -> None:
        seen = list(self.s.state.data.get("multi_seen") or [])
        seen.append(self._multi_seen_key())
        self.s.state.data["multi_seen"] = seen[-50:]
        self.s.state.save()

    # ----- quick mode (a journal action: {"entry": "totals"}) ----------------------
    def multi_quick(self) -> bool:
        """The deal in play is entered as its totals only (the journal says so)."""
        return current_deal(self.s.journal.record()).get("entry") == "totals"

    def multi_set_quick(self, on: bool) -> None:
        """Quick mode on or off from the deal in play (before its first action), or
        from the next one when the deal in play is complete (it is opened in the
        same tap): journal actions, so Undo, Redo and a restart know it."""
        self.multi_quick_entry = None
        entry = {"entry": "totals" if on else "dialogue"}
        deal = self.s.multi.deal.multi_deal_score()
        if deal is None or not deal["complete"]:
            self.s.act(entry)
            return
        error = self._multi_commit([{"next_deal": True}, entry])
        if error:
            self.s._show(self.s.screen, sentence(error, self.s._))
            return
        self.s._after_change()

    def multi_quick_off(self) -> None:
        """Play the deal with the questions: the next one when the deal in play
        is complete (it is opened and switched back in one tap), else the deal in
        play."""
        deal = self.s.multi.deal.multi_deal_score()
        if deal is not None and deal["complete"]:
            error = self._multi_commit([{"next_deal": True}, {"entry": "dialogue"}])
            if error:
                self.s._show(self.s.screen, sentence(error, self.s._))
                return
            self.multi_quick_entry = None
            self.s._after_change()
            return
        self.multi_set_quick(False)

    def take_up_multi_side_file(self) -> None:
        """Kiosks before the journal kept quick mode and a two-tap answer's first
        tap for three to seven players in the side file: say them in the journal
        once, on the first open, where the deal allows it (as for two players)."""
        partie = self.s.current()
        data = self.s.state.data
        kept, pending = (data.get(key) for key in SIDE_FILE_KEYS)
        has_quick = isinstance(kept, dict) and str(partie) in kept
        has_pending = isinstance(pending, dict) and pending.get("partie") == partie
        if partie is None or not (has_quick or has_pending):
            return
        if not self.s.form_traits():
            return
        actions: list[dict[str, Any]] = []
        quick = (kept or {}).get(str(partie)) if isinstance(kept, dict) else None
        deal = current_deal(self.s.journal.record())
        score = self.s.multi.deal.multi_deal_score()
        if isinstance(quick, dict) and quick.get("on") and deal.get("entry") != "totals":
            if not set(deal) - {"pending"}:
                actions.append({"entry": "totals"})
            elif score is not None and score["complete"]:
                actions += [{"next_deal": True}, {"entry": "totals"}]
        elif (
            isinstance(pending, dict)
            and pending.get("partie") == partie
            and pending.get("seq") == len(self.s.journal.actions())
            and isinstance(pending.get("step"), dict)
        ):
            actions.append({"pending": dict(pending["step"])})
        if actions and self._multi_commit(actions) is None:
            self.s._forget()
        if isinstance(kept, dict):
            data["multi_quick"] = {k: v for k, v in kept.items() if k != str(partie)}
        if isinstance(pending, dict) and pending.get("partie") == partie:
            data.pop("multi_pending", None)
        self.s.state.save()

    # ----- Undo and Redo: the journal's own, for every form -----------------------
    def multi_half_tap(self) -> bool:
        """The journal ends in a deal just opened by `next_deal` in quick mode: the
        quick screen commits that with the deal's totals (or its switch back to
        the questions) in one tap, so Undo and Redo take both (as for two)."""
        actions = self.s.journal.actions()
        return (
            bool(actions)
            and dict(actions[-1]) == {"next_deal": True}
            and current_deal(self.s.journal.record()) == {"entry": "totals"}
        )

    # ----- the header of the playing screens -----------------------------------
    def multi_title(self, number: int = 0) -> str:
        """ "Deal 3 of 6", "Deal 4", "Partie 2 · deal 3 of 6", "Deal 5 of 8 · round 2"
        for the deal in play (or deal `number` of the same game or partie)."""
        _ = self.s._
        score = self.s.score()
        record = self.s.multi.deal._multi()["record"]
        table = self.s.multi.deal.multi_table()
        number = number or table.number
        form = traits(record["form"])
        if form.parties:  # a sitting of parties: "Partie 2 · deal 3 of 6"
            if not table.partie:
                return _("Chouette")
            regular = REGULAR_DEALS.get(record.get("game", "rubicon"))
            deal = self.s.play.deal_title(number, regular)
            return _("Partie {n}", n=table.partie) + " · " + deal
        if form.sides:  # a doubled deal says so
            scored = self.s.multi.deal.multi_deal_score()
            double = bool(
                scored and scored.get("multiplier", 1) != 1 and scored["number"] == number
            )
            return self.s.play.deal_title(
                number,
                REGULAR_DEALS.get(record.get("game", "rubicon")),
                double,
            )
        if form.rounds:
            players = len(record["players"])
            rounds = score["settings"]["rounds"]
            title = self.s.play.deal_title(number, players * rounds)
            if rounds > 1:
                title += " · " + _("round {n}", n=(number - 1) // players + 1)
            return title
        return self.s.play.deal_title(number, None)

    def multi_role(self, seat: str, table: Any = None) -> str:
        """A seat's part in the deal in play (or `table`'s), beside its name:
        "deals", "leads"; two hands: "elder" and "dealer" (in à Écrire the others sit out)."""
        _ = self.s._
        table = table or self.s.multi.deal.multi_table()
        if not table.number:
            return ""
        if table.two_handed:
            if seat == table.leader:
                return _("elder")
            return _("dealer") if seat == table.dealer else ""  # the others sit out
        if seat == table.dealer:
            return _("deals")
        return _("leads") if seat == table.leader else ""

    def multi_header(self, banner: bool = True, table: Any = None) -> dict[str, Any]:
        """The title and a cell per player (per side in Voleur): name, total and
        the part each plays in the deal in play (or in `table`'s deal)."""
        _ = self.s._
        score = self.s.score()
        table = table or self.s.multi.deal.multi_table()
        cells = []
        if traits(score["form"]).sides:
            for side in score["sides"]:
                roles = [
                    f"{table.name(s)} {self.multi_role(s, table)}"
                    for s in side["seats"]
                    if self.multi_role(s, table)
                ]
                cells.append(
                    {
                        "name": " & ".join(side["players"]),
                        "note": " · ".join(roles),
                        "total": str(score["side_totals"][side["id"]]),
                    }
                )
        elif traits(score["form"]).parties:
            parties = score.get("parties") or []
            partie = parties[-1] if parties else None
            for seat, name in score["seats"].items():
                note, total = "", ""
                if partie is not None and not partie["finished"]:
                    role = {
                        partie["single"]: _("single"),
                        partie["playing"]: _("plays for the pair"),
                        partie["advising"]: _("advises"),
                    }
                    note = " · ".join(r for r in (role[name], self.multi_role(seat, table)) if r)
                    total = str(partie["score"]["totals"].get(name, ""))
                cells.append({"name": name, "note": note, "total": total})
        else:
            for seat, name in score["seats"].items():
                cells.append(
                    {
                        "name": name,
                        "note": self.multi_role(seat, table),
                        "total": str(score["totals"][name]),
                    }
                )
        deal = self.s.multi.deal.multi_deal_score() if banner else None
        return {
            "title": self.multi_title(),
            "cells": cells,
            "table_line": self.table_line(table),
            "banner": self.s.multi.deal.multi_banner(deal),
        }

    def table_line(self, table: Any = None) -> str:
        """Who plays whom and who deals, said at the head of each deal."""
        _ = self.s._
        table = table or self.s.multi.deal.multi_table()
        if not table.number:
            return ""
        name = table.name
        if not table.two_handed:  # the cells say who deals and leads
            return ""
        form = traits(table.form)
        if form.rounds:
            out = [s for s in table.names if s not in table.order]
            text = _(
                "{dealer} deals to {elder}, who is elder.",
                dealer=name(table.dealer),
                elder=name(table.leader),
            )
            if out:
                text += " " + _("{names} sit out.", names=self.s.multi.deal.multi_names(out))
            return text
        if form.parties:
            score = self.s.score()
            partie = score["parties"][-1]
            return _(
                "{single} alone against {pair}: {playing} plays, {advising} advises. "
                "{dealer} deals.",
                single=partie["single"],
                pair=self.s.multi.deal.multi_names(
                    [s for s in table.names if table.name(s) != partie["single"]]
                ),
                playing=partie["playing"],
                advising=partie["advising"],
                dealer=name(table.dealer),
            )
        return ""

    # ----- the end of a deal ------------------------------------------------------
    def _view_multi_end(self) -> dict[str, Any]:
        if not self.s.form_traits():
            return {}
        _ = self.s._
        score = self.s.score()
        deal = self.s.multi.deal.multi_deal_score()
        header = self.multi_header(banner=False)  # the banner is among the notes
        if deal is None:
            return {
                "header": header,
                "result": "",
                "notes": "",
                "lines": [],
                "main": "",
                "main_key": "next_deal",
                "final": False,
            }
        header["title"] = _("Deal {n} is over", n=deal["number"])
        notes = [self.s.multi.deal.multi_banner(deal)]
        notes += self._multi_end_notes(score, deal)
        parties = score.get("parties") or []
        if traits(score["form"]).parties and parties and parties[-1]["finished"]:
            main, key = _("Next partie: who sits where?"), "next_partie"
        elif score["finished"]:
            main, key = _("The final score sheet"), "final_sheet"
        else:
            main, key = _("Next deal"), "next_deal"
        return {
            "header": header,
            "result": self.s.multi.deal.multi_result_line(deal),
            "notes": "\n".join(n for n in notes if n),
            "lines": self.s.multi.deal.multi_lines(deal),
            "main": main,
            "main_key": key,
            "final": key != "next_deal",
        }

    def _multi_end_notes(self, score: dict[str, Any], deal: dict[str, Any]) -> list[str]:
        """What the end of the deal settles: the round of à Écrire, the Chouette
        partie, the game; and who deals next in à Écrire."""
        _ = self.s._
        notes = []
        if traits(score["form"]).rounds:
            for rnd in score.get("rounds") or []:
                last = rnd["number"] * len(score["players"])
                if rnd["complete"] and deal["number"] == last:
                    notes.append(
                        _(
                            "Round {n} is over: each lower score pays each higher "
                            "score the difference.",
                            n=rnd["number"],
                        )
                    )
            if not score["finished"]:
                from scorer.multi import seating

                record = self.s.multi.deal._multi()["record"]
                players, first = list(record["players"]), record["first_dealer"]
                nxt = seating(score["form"], players, first, deal["number"] + 1)
                notes.append(
                    _("Next: {dealer} deals to {elder}.", dealer=nxt["dealer"], elder=nxt["leader"])
                )
        if traits(score["form"]).parties:
            parties = score.get("parties") or []
            if parties and parties[-1]["finished"] and parties[-1]["why"]:
                notes.append(parties[-1]["why"])
        elif score["finished"] and score.get("result"):
            notes.append(score["result"].get("why", ""))
        return notes

    def multi_next(self) -> None:
        """The end of a deal's main button: the next deal, the final sheet, or
        the Chouette seat for the next partie."""
        score = self.s.score()
        parties = score.get("parties") or []
        if traits(score["form"]).parties and parties and parties[-1]["finished"]:
            self.multi_end_seen()
            self.s._show(CHOUETTE_SEAT)
        elif score["finished"]:
            self.multi_end_seen()
            self.s.viewing = self.s.current()
            self.s.sheet_back = "home"
            self.s._show(MULTI_SHEET)
        else:
            self.s.act({"next_deal": True})

    # ----- quick mode's screen -----------------------------------------------------
    def _quick_keys(self) -> list[str]:
        """The boxes: a seat each (the two playing in à Écrire and Chouette, in
        the seats' order), a side each in Voleur."""
        score = self.s.score()
        if traits(score["form"]).sides:
            return [side["id"] for side in score["sides"]]
        table = self._next_table()
        return [s for s in table.names if s in table.order]

    def _next_table(self) -> Any:
        """The table of the deal being typed: the deal in play, or the next one."""
        from kiosk.multi.table import deal_table

        record = self.s.multi.deal._multi()["record"]
        deal = self.s.multi.deal.multi_deal_score()
        if deal is not None and deal["complete"]:
            from scorer.multi.actions import play

            record, _score = play(record, {"next_deal": True}, self.s.score())
        return deal_table(record)

    def _quick_entry(self) -> MultiQuickEntry:
        keys = self._quick_keys()
        entry = self.multi_quick_entry
        if entry is None or entry.keys != keys:
            entry = MultiQuickEntry(keys, dict.fromkeys(keys, ""))
            self.multi_quick_entry = entry
        return entry

    def multi_quick_field(self, index: int) -> None:
        entry = self._quick_entry()
        if 0 <= index < len(entry.keys):
            entry.field = index
        self.s.changed()

    def multi_quick_digit(self, digit: str) -> None:
        entry = self._quick_entry()
        key = entry.keys[entry.field]
        if digit == "del":
            entry.digits[key] = entry.digits[key][:-1]
        elif len(entry.digits[key]) < 3:
            entry.digits[key] = (entry.digits[key] + digit).lstrip("0") or "0"
        self.s.message = ""
        self.s.changed()

    def multi_quick_enter(self) -> None:
        """Enter: to the next empty box; with every box typed, the deal's totals
        (opening it first when the deal in play is complete), tried first."""
        entry = self._quick_entry()
        empty = [i for i, k in enumerate(entry.keys) if not entry.digits[k]]
        if empty:
            if entry.field in empty and len(empty) == len(entry.keys):
                name = self._quick_label(entry.keys[entry.field])
                self.s._show(self.s.screen, self.s._("Type {name}'s total first.", name=name))
                return
            entry.field = next((i for i in empty if i > entry.field), empty[0])
            self.s._show(self.s.screen)
            return
        entered = {k: int(entry.digits[k]) for k in entry.keys}
        deal = self.s.multi.deal.multi_deal_score()
        actions = [{"next_deal": True}] if deal is not None and deal["complete"] else []
        error = self._multi_commit([*actions, {"entered": entered}])
        if error:
            too_big = [k for k, v in entered.items() if v > MAX_ENTERED]
            if too_big:
                error = self.s._(
                    "{name}'s total cannot be {n}: a deal scores 0 to {most}.",
                    name=self._quick_label(too_big[0]),
                    n=entered[too_big[0]],
                    most=MAX_ENTERED,
                )
            shown = error.split(": ", 1)[-1] if error.startswith("partie") else error
            self.s._show(self.s.screen, sentence(shown, self.s._))
            return
        self.multi_quick_entry = None
        self.s._after_change()

    def _multi_commit(self, actions: list[dict[str, Any]]) -> str | None:
        """Commit the actions of one tap, each tried by the engine on the record in
        memory first: all are committed, or none. An error message, or None."""
        from scorer.multi.actions import play

        record, score = self.s.journal.record(), self.s.journal.score()
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
        except ActionError as exc:  # another writer came between the check and the commit
            for _ in range(done):
                self.s.journal.undo()
            return said(exc)
        return None

    def _quick_label(self, key: str) -> str:
        score = self.s.score()
        if traits(score["form"]).sides:
            return self.multi_party_name(key, score)
        return str(score["seats"][key])

    def _view_multi_quick(self) -> dict[str, Any]:
        if not self.s.form_traits():
            return {}
        _ = self.s._
        entry = self._quick_entry()
        table = self._next_table()
        header = self.multi_header(table=table)  # the deal being typed
        voleur = traits(self.s.score()["form"]).sides
        header["title"] = self._quick_title(table) + " · " + _("Quick mode")
        labels = []
        for key in entry.keys:
            label = self._quick_label(key)
            if not voleur and table.two_handed:
                tag = _("(elder)") if key == table.leader else _("(dealer)")
                label = f"{label} {tag}"
            labels.append(label)
        last = self.s.multi.deal.multi_deal_score()
        done = ""
        if last is not None and last["complete"]:
            done = _(
                "Deal {n}: {result}",
                n=last["number"],
                result=self.s.multi.deal.multi_result_line(last),
            )
        prompt = (
            _("Deal {n}: type each side's total for the deal", n=table.number)
            if voleur
            else _("Deal {n}: type each player's total for the deal", n=table.number)
        )
        return {
            "header": header,
            "prompt": prompt,
            "boxes": [
                {
                    "key": f"field-{i}",
                    "label": f"{label}:  {entry.digits[k]}",
                    "on": i == entry.field,
                    "enabled": True,
                }
                for i, (k, label) in enumerate(zip(entry.keys, labels, strict=True))
            ],
            "last": done,
            "off_label": _("Play deal {n} with the questions", n=table.number),
        }

    def _quick_title(self, table: Any) -> str:
        return self.multi_title(table.number)

    # ----- home and history --------------------------------------------------------
    def multi_resume(self) -> dict[str, Any]:
        """Home's line for the game in progress: every player's total."""
        score = self.s.score()
        partie = self.s.current()
        unseen = self._multi_end_unseen() or traits(score["form"]).parties
        if partie is None or (score["finished"] and not unseen):
            return {"resume": "", "has_current": False}
        return {
            "resume": self.s._(
                "Resume {game}: {totals}",
                game=self.s._(FORM_TITLES[score["form"]]),
                totals=self.totals_words(score),
            ),
            "has_current": True,
        }

    def totals_words(self, score: dict[str, Any]) -> str:
        """ "Anne 23 · Ben 11 · Cleo 0" (Voleur: "Anne & Cleo 111 · Ben & Dan 4")."""
        if score.get("sides"):
            return " · ".join(
                f"{' & '.join(s['players'])} {score['side_totals'][s['id']]}"
                for s in score["sides"]
            )
        return " · ".join(f"{name} {score['totals'][name]}" for name in score["players"])

    def multi_history_item(self, entry: dict[str, Any]) -> dict[str, Any]:
        """A history line of a game of three to seven players (from the journal's
        cached summary: nothing is scored)."""
        _ = self.s._
        totals = entry.get("totals") or {}
        players = entry.get("players") or []
        text = " · ".join(f"{n} {totals.get(n, 0)}" for n in players)
        result = entry.get("result") or {}
        if entry.get("finished") and result:
            winner = result.get("winner")
            if result.get("winners"):  # partners win together (the engine names them)
                winner = " & ".join(result["winners"])
            status = (
                _("{winner} won {points}", winner=winner, points=result.get("points"))
                if winner
                else _("a draw")
            )
        else:
            status = _("in progress")
        game = _(FORM_TITLES.get(str(entry.get("game")), str(entry.get("game"))))
        created = str(entry.get("created", ""))[:16].replace("T", " ")
        return {"partie": entry["partie"], "text": f"{created}  {game}: {text}  · {status}"}

    def multi_refused(self, error: Exception) -> None:
        self.s.message = sentence(error, self.s._)
        self.s.changed()


__all__ = [
    "CHOUETTE_SEAT",
    "MULTI_DEAL",
    "MULTI_END",
    "MULTI_QUICK",
    "MULTI_SHEET",
    "ActionError",
    "MultiGame",
]
