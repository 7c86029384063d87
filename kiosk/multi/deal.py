"""The deal screen of a game for three to seven players, without Kivy.

A presenter the session holds. Where the deal stands is replayed from the
journal (`scorer.multi.flow.Flow` over the deal's actions, the engine's
score for the rest); this turns it into a question and answer buttons, and
each button into the journal action `scorer.multi.actions` expects:

- carte blanche: a button per seat beside the first questions;
- the exchange: the Normand dealer's cards from the widow; in the
  two-handed deals of à Écrire and Chouette, Elder's count then Younger's;
- the declarations, round the table from the player who announces first
  (see `scorer.multi.flow`), each answer one action;
- the play: a button per seat, in play order from the deal's leader (it
  does not change within a deal, so nothing moves under a finger); in
  Voleur two columns, one per side, which read in play order row by row.

Two answers take two taps: a sequence is called by its length, then its
top card (the record keeps a sequence whole), and "Making?" asks the caller
for his point's value. The first tap is a journal action (`{"pending":
...}`, kept in the deal until the next action takes its place): a restart
shows the same question, Undo and Redo take it back and put it again like
any other.

The questions, their answers and which of them can be true now are the
engine's (`scorer.multi.answers`: each is tried on the deal in play alone);
this writes their words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kiosk.i18n import sentence
from kiosk.multi.table import (
    DealTable,
    current_deal,
    deal_actions,
    deal_table,
    score_deals,
)
from kiosk.screens.deal import (
    BONUSES,
    CARD_VALUES,
    bonus_words,
    class_word,
    rank_word,
    sequence_word,
    set_word,
)
from scorer.combinations import Point, Sequence, Set
from scorer.frozen import frozen
from scorer.multi.answers import Question, extras, question
from scorer.multi.flow import Flow, Step
from scorer.multi.forms import deal_flow
from scorer.multi.traits import traits
from scorer.protocol import TableProgress

if TYPE_CHECKING:
    from kiosk.screens.deal_screen import SeatRow
    from kiosk.session import Session

REGULAR_DEALS = {"rubicon": 6, "four-deal": 4}


@frozen
class Answer:
    """One answer button: `action` is a journal action ({"pending": ...} for
    the first tap of a two-tap answer); None: it cannot be true now."""

    key: str
    label: str
    action: dict[str, Any] | None = None
    on: bool = False

    def view(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "label": self.label,
            "enabled": self.action is not None,
            "on": self.on,
        }


@dataclass
class Ask:
    text: str = ""
    hint: str = ""
    grid: list[Answer] = field(default_factory=list)
    row_len: int = 0
    grid2: list[Answer] = field(default_factory=list)  # a second grid (longer calls)
    row_len2: int = 0
    answers: list[Answer] = field(default_factory=list)  # the row at the bottom


class MultiDeal:
    """The deal of a game of three to seven players (`multi_deal`)."""

    def __init__(self, session: Session) -> None:
        self.s = session  # its screen, `multi_deal`, is DealScreen's (kiosk/screens/deal_screen.py)

    # ----- the journal, read once per change --------------------------------
    def _multi(self) -> dict[str, Any]:
        """The record, the deal's table and actions and the flow, cached until the
        journal (or the language) changes: they follow the cached score."""
        score = self.s.score()
        cache = getattr(self, "_multi_cache", None)
        if cache is None or cache["score"] is not score:
            record = self.s.journal.record()
            actions = self.s.journal.actions()
            table = deal_table(record)
            cache = {
                "score": score,
                "record": record,
                "actions": actions,
                "table": table,
                "deal_actions": deal_actions(actions) if table.number else [],
            }
            self._multi_cache = cache
        return cache

    def multi_table(self) -> DealTable:
        return self._multi()["table"]

    def multi_flow(self) -> Flow:
        """Who announces next (the engine's `deal_flow` over the deal's actions)."""
        cache = self._multi()
        if "flow" not in cache:
            cache["flow"] = deal_flow(cache["record"], cache["table"], cache["deal_actions"])
        return cache["flow"]

    def multi_deal_score(self) -> dict[str, Any] | None:
        deals = score_deals(self.s.score())
        return deals[-1] if deals else None

    def multi_step(self) -> Step:
        deal = self.multi_deal_score()
        return self.multi_flow().step(bool(deal and deal["complete"]))

    # ----- the two-tap steps (journal actions: {"pending": ...}) ---------------
    def _seq(self) -> int:
        return len(self._multi()["actions"])

    def multi_pending(self) -> dict[str, Any] | None:
        """The first tap of a two-tap answer, as the journal keeps it in the deal."""
        pending = current_deal(self._multi()["record"]).get("pending")
        return dict(pending) if isinstance(pending, dict) else None

    # ----- words ------------------------------------------------------------
    def multi_call_words(self, call: Point | Sequence | Set) -> str:
        _ = self.s._
        if isinstance(call, Point):
            return self.s.play.call_words("point", {"cards": call.cards, "value": call.value})
        if isinstance(call, Sequence):
            return self.s.play.call_words("sequences", {"length": call.length, "top": call.top})
        return set_word(_, call.count, call.rank)

    def multi_names(self, seats: tuple[str, ...] | list[str]) -> str:
        """ "Anne", "Anne and Ben", "Anne, Ben and Cleo"."""
        names = [self.multi_table().name(s) for s in seats]
        if len(names) == 1:
            return names[0]
        return self.s._("{a} and {b}", a=", ".join(names[:-1]), b=names[-1])

    def multi_tag(self, seat: str) -> str:
        """Beside a name on a trick button: who deals (two hands: elder and dealer;
        who leads the trick shows under it)."""
        table = self.multi_table()
        _ = self.s._
        if not table.number:
            return ""
        if table.two_handed:
            if seat == table.leader:
                return _("(elder)")
            return _("(dealer)") if seat == table.dealer else ""
        return _("(deals)") if seat == table.dealer else ""

    def multi_tagged(self, seat: str) -> str:
        tag = self.multi_tag(seat)
        name = self.multi_table().name(seat)
        return f"{name} {tag}" if tag else name

    # ----- the view (composed in kiosk.screens.deal_screen.DealScreen) --------
    def on_screen(self, now: TableProgress) -> list[str]:
        """The seats' trick buttons in their places (`multi_trick_order`)."""
        return self.multi_trick_order()

    def screen_view(self, now: TableProgress, rows: list[SeatRow]) -> dict[str, Any]:
        """The deal screen's values: the header with the step, the question
        standing and its answers, the play's buttons from the protocol's rows."""
        if not self.s.form_traits():
            return {}
        _ = self.s._
        step = self.multi_step()
        play = step.phase == "play"
        ask = Ask() if play else self._multi_ask(step)
        header = self.s.multi.game.multi_header()
        view: dict[str, Any] = {
            "header": header,
            "question": ask.text,
            "hint": ask.hint,
            "options": [a.view() for a in ask.grid],
            "row_len": ask.row_len or len(ask.grid),
            "options2": [a.view() for a in ask.grid2],
            "row_len2": ask.row_len2 or len(ask.grid2),
            "answers": [a.view() for a in ask.answers],
            # the carte blanche row, quick mode beside it: kept, disabled, from
            # the declarations to the play (multi_deal.kv gives it its place)
            "extras": [a.view() for a in self._multi_extras(step)],
            "play": play,
            "tricks": "",
            "won": [],
            "won_cols": 1,
        }
        if play:
            view.update(self._multi_play_view(rows))
        return view

    def _multi_play_view(self, rows: list[SeatRow]) -> dict[str, Any]:
        _ = self.s._
        table = self.multi_table()
        buttons = []
        for row in rows:
            seat = row.seat
            # who deals beside the name (two hands: elder and dealer); who leads now below
            name = (
                self.multi_tagged(seat)
                if table.two_handed or seat == table.dealer
                else table.name(seat)
            )
            won = self.s.n_("{n} trick", "{n} tricks", row.tricks)
            lead = " · " + _("leads") if row.leads else ""
            buttons.append(
                {
                    "key": f"won-{seat}",
                    "seat": seat,
                    "text": "\n".join([name, won + lead, "", _("won this trick")]),
                }
            )
        played = sum(row.tricks for row in rows)
        won_by = {row.seat: row.tricks for row in rows}
        tricks = (
            _("Trick {n}", n=played + 1)
            + " · "
            + self.s.n_("{n} trick played", "{n} tricks played", played)
        )
        if traits(table.form).sides:  # the sides' tricks, partners together
            tricks += " · " + " · ".join(
                f"{self.multi_names(side)} {sum(won_by.get(s, 0) for s in side)}"
                for side in table.sides
            )
        return {
            "tricks": tricks,
            "won": buttons,
            "won_cols": 2 if len(buttons) == 4 else len(buttons),
        }

    def multi_trick_order(self) -> list[str]:
        """The seats' trick buttons: play order from the deal's leader, laid out
        row by row; in Voleur two columns, one per side (partners sit opposite,
        so the play order reads row by row: leader, next; partner, partner)."""
        return list(self.multi_table().order)

    # ----- the questions (the engine's: scorer.multi.answers) -----------------
    def multi_question(self, step: Step) -> Question:
        """The question standing and its answers, those the engine refuses disabled:
        the one the protocol's progress carries (read once a change)."""
        detail = self.s.deal.table_progress().detail
        if isinstance(detail, Question) and detail.step == step:
            return detail
        cache = self._multi()
        pending = self.multi_pending()
        key = "question:" + repr(pending)
        if key not in cache:
            cache[key] = question(cache["table"], self.multi_flow(), step, cache["record"], pending)
        return cache[key]

    def _multi_ask(self, step: Step) -> Ask:
        asked = self.multi_question(step)
        text, hint = self._question_words(asked)
        return Ask(
            text,
            hint,
            [self._answer(asked, a) for a in asked.grid],
            asked.row_len,
            [self._answer(asked, a) for a in asked.grid2],
            0,
            [self._answer(asked, a) for a in asked.answers],
        )

    def _answer(self, asked: Question, answer: Any) -> Answer:
        return Answer(answer.key, self._label(asked, answer), answer.action, answer.on)

    def _label(self, asked: Question, answer: Any) -> str:
        """The words on an answer's button, from its place and what it says."""
        _ = self.s._
        params = answer.params
        head = answer.key.split("-", 1)[0]
        if head == "ex":
            return str(params["cards"])
        if head == "call":
            return _("{n} cards", n=params["cards"])
        if head == "value":
            return str(params["value"])
        if head == "len":
            if params.get("short"):
                return sequence_word(_, params["length"]).capitalize()
            return self.s.play.sequence_label(params["length"])
        if head in ("top", "seq"):
            return rank_word(_, params["top"]).capitalize()
        if head == "set":
            return set_word(_, params["count"], params["rank"]).capitalize()
        word = params.get("word")
        if word == "good":
            return (
                _("Good")
                + " "
                + _("(mine is shorter)" if params.get("shorter") else "(mine is lower)")
            )
        if word == "making":
            return _("Making?") + " " + _("(as many cards)")
        if word == "equal":
            return _("Equal") + " " + _("(the same)")
        if word == "nothing_more":
            return _("Nothing more") + " " + _("(go on)")
        if word == "nothing":
            label = "Nothing" if asked.kind == "partner" else "Nothing to declare"
            return _(label) + " " + _("(go on)")
        name = self.multi_table().name(str(params.get("seat", "")))
        if word == "quick":
            return _("Quick mode: totals only")
        if word == "carte_blanche":
            return _("{name}: carte blanche", name=name)
        if word == "carte_rouge":
            return _("{name} has carte rouge", name=name)
        return answer.key

    def _question_words(self, asked: Question) -> tuple[str, str]:
        """The question and the hint under it."""
        _ = self.s._
        table = self.multi_table()
        step = asked.step
        name = table.name(asked.seat)
        kind = asked.kind
        if kind == "exchange":
            if traits(table.form).exchange == "dealer":
                return _(
                    "{name}, you deal: how many cards did you take from the widow?", name=name
                ), ""
            if asked.seat == table.leader:
                text = _("Elder first: {name}, how many cards did you take?", name=name)
            else:
                text = _("{name}, how many cards did you take?", name=name)
            taken = self.multi_flow().exchanges
            hint = "   ".join(
                _("{name} took {n}", name=table.name(s), n=n) for s, n in taken.items()
            )
            return text, hint
        if kind == "call":
            if step.phase == "point":
                return _("{name}, your point: how many cards in your longest suit?", name=name), ""
            if step.phase == "sequences":
                return _(
                    "{name}, your longest sequence (cards in a row in one suit)?", name=name
                ), ""
            return _("{name}, your best trio or quatorze (three or four of a rank)?", name=name), ""
        if kind == "reply":
            text = self._said(step) + " " + _("{name}, is it good?", name=name)
            best = step.standing
            if isinstance(best, Point) and best.value is not None:
                return text, _("Not good? Tap what you hold.") + " " + _(CARD_VALUES)
            if isinstance(best, Sequence):
                return text, _(
                    "Not good? Tap the top card of a higher {seq}, or a longer sequence.",
                    seq=sequence_word(_, best.length),
                )
            return text, _("Not good? Tap what you hold.")
        if kind in ("add", "partner"):
            klass = class_word(_, step.phase)
            if kind == "add":
                return _("{name} is good. Any other {klass} to add?", name=name, klass=klass), ""
            return _(
                "{name} is good: {partner}, any {klass} of yours? It counts for the side too.",
                name=table.name(step.good),
                partner=name,
                klass=klass,
            ), ""
        pending = asked.pending or {}
        if kind == "top":
            length = int(pending["length"])
            return _(
                "{name}, the top card of your {seq}?", name=name, seq=sequence_word(_, length)
            ), ""
        if kind == "making":
            return _("Making? {name}, what does your point make?", name=name), _(CARD_VALUES)
        if kind == "value_first":
            return _("As many cards: {name}, what does your point make?", name=name), _(CARD_VALUES)
        if kind == "value":
            return _("{name}, what does your point make?", name=name), _(CARD_VALUES)
        return "", ""

    def _said(self, step: Step) -> str:
        """The call standing, said as pending: it scores nothing until every
        player asked has answered it good (the totals above do not count it)."""
        assert step.standing is not None
        return self.s._(
            "{name}: “{call}” — waiting for the answers.",
            name=self.multi_names(step.holders),
            call=self.multi_call_words(step.standing),
        )

    def _multi_extras(self, step: Step) -> list[Answer]:
        """Beside the question: quick mode before a deal's first action, carte
        blanche for each seat until the declarations begin, carte rouge before
        the first trick when the game plays it (scorer.multi.answers.extras)."""
        cache = self._multi()
        opened = bool(cache["deal_actions"]) or self.multi_pending() is not None
        found = extras(cache["table"], self.multi_flow(), step, cache["record"], opened)
        asked = Question("extras", "", step)
        return [self._answer(asked, a) for a in found]

    # ----- taps -------------------------------------------------------------
    def _multi_answers(self) -> list[Answer]:
        step = self.multi_step()
        out = self._multi_extras(step)
        if step.phase != "play":
            ask = self._multi_ask(step)
            out += ask.grid + ask.grid2 + ask.answers
        return out

    def answer(self, key: str) -> None:
        """One tap on an answer of the deal screen: one journal action (the first
        tap of a two-tap answer and quick mode too); an answer that asks a second
        question at once (the good point's value, then the partner's) commits
        both in one tap."""
        answer = next((a for a in self._multi_answers() if a.key == key), None)
        if answer is None or answer.action is None:
            return
        action = dict(answer.action)
        then = action.pop("then", None)
        if then is None:
            self.s.act(action)
            return
        error = self.s.multi.game._multi_commit([action, {"pending": then}])
        if error:
            self.s._show(self.s.screen, sentence(error, self.s._))
            return
        self.s._after_change()

    def trick_won(self, seat: int | str) -> None:
        """The player at that seat (its letter) won the trick (his button of the play)."""
        if not isinstance(seat, str) or seat not in self.multi_table().order:
            return
        if self.multi_step().phase != "play":
            return
        self.s.act({"trick": seat})

    # ----- the end of a deal --------------------------------------------------
    def multi_banner(self, deal: dict[str, Any] | None, score: dict[str, Any] | None = None) -> str:
        """Pique, repique and capot of a deal, with the engine's points."""
        if not deal:
            return ""
        _ = self.s._
        texts = []
        for kind, who in (deal.get("bonuses") or {}).items():
            if not who or kind not in BONUSES:
                continue
            holders = who if isinstance(who, list) else [who]
            names = [self.s.multi.game.multi_party_name(h, score) for h in holders]
            points = sum(
                line["points"]
                for line in deal["lines"]
                if line["category"] == kind
                and (line.get("side") in holders or line["player"] in holders)
            )
            if kind == "capot" and len(names) > 1:
                texts.append(bonus_words(_, "capot.pair", a=names[0], b=names[1]))
            else:
                texts.append(bonus_words(_, kind, name=" & ".join(names), points=points))
        return "  ".join(texts)

    def multi_result_line(self, deal: dict[str, Any]) -> str:
        """ "Anne +23  ·  Ben +11  ·  Cleo +0" (Voleur: by side; two hands: the two)."""
        parts = [
            f"{self.s.multi.game.multi_party_name(key)} +{value}"
            for key, value in deal["scores"].items()
        ]
        return "  ·  ".join(parts)

    def multi_lines(self, deal: dict[str, Any]) -> list[dict[str, str]]:
        return [
            {
                "player": (
                    line["player"] or self.s.multi.game.multi_party_name(line.get("side", ""))
                )
                if line["points"]
                else "",
                "points": str(line["points"]),
                "why": line["why"],
            }
            for line in deal["lines"]
        ]
