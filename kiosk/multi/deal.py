"""The deal screen of a game for three to seven players, without Kivy.

A mixin of the Presenter. Where the deal stands is replayed from the
journal (`kiosk.multi.flow.Flow` over the deal's actions, the engine's
score for the rest); this turns it into a question and answer buttons, and
each button into the journal action `scorer.multi.actions` expects:

- carte blanche: a button per seat beside the first questions;
- the exchange: the Normand dealer's cards from the widow; in the
  two-handed deals of à Écrire and Chouette, Elder's count then Younger's;
- the declarations, round the table from the player who announces first
  (see `kiosk.multi.flow`), each answer one action;
- the play: a button per seat, in play order from the deal's leader (it
  does not change within a deal, so nothing moves under a finger); in
  Voleur two columns, one per side, which read in play order row by row.

Two answers need a second tap before there is anything to record: a
sequence is called by its length, then its top card (the record keeps a
sequence whole), and "Making?" asks the caller for his point's value. The
first tap is a *step* kept in the kiosk's side file with the journal's
action count: a restart shows the same question, Undo takes the step back,
Redo puts it again; any journal change drops it.

Answers that cannot be true are shown disabled in their place: each is
tried by the engine on the deal in play alone (`_accepted`).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from kiosk.multi.flow import Flow, Step, action_of
from kiosk.multi.table import (
    DealTable,
    current_deal,
    deal_actions,
    deal_table,
    score_deals,
    trick_winners,
)
from kiosk.multi.words import STEP_PHASES
from kiosk.screens.deal import (
    BONUS_NAMES,
    CARD_VALUES,
    CLASS_WORDS,
    EXCHANGE_GRID,
    RANK_NAMES,
    SEQUENCE_NAMES,
    SET_NAMES,
)
from scorer.combinations import POINT_VALUES, SET_RANKS, Point, Sequence, Set, sequence_top_allows
from scorer.errors import ActionError
from scorer.frozen import frozen

MULTI_DEAL, MULTI_END, MULTI_QUICK = "multi_deal", "multi_end", "multi_quick"
TOPS = ("A", "K", "Q", "J", "10", "9", "8", "7")
SETS = tuple((count, rank) for count in (4, 3) for rank in SET_RANKS)
LEAST_POINT = {"voleur": 2}  # eight-card hands hold a suit of two at least
REGULAR_DEALS = {"rubicon": 6, "four-deal": 4}


@frozen
class Answer:
    """One answer button: `action` is a journal action, or {"step": ...} for
    the first tap of a two-tap answer; None: it cannot be true now."""

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
    """Mixin for the Presenter: the deal of a game of three to seven players."""

    # ----- the journal, read once per change --------------------------------
    def _multi(self) -> dict[str, Any]:
        """The record, the deal's table and actions and the flow, cached until the
        journal (or the language) changes: they follow the cached score."""
        score = self.score()  # type: ignore[attr-defined]
        cache = getattr(self, "_multi_cache", None)
        if cache is None or cache["score"] is not score:
            record = self.journal.record()  # type: ignore[attr-defined]
            actions = self.journal.actions()  # type: ignore[attr-defined]
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
        cache = self._multi()
        if "flow" not in cache:
            table: DealTable = cache["table"]
            record = cache["record"]
            partners = {s: p for s in table.order if (p := table.partner(s))}
            cache["flow"] = Flow.of(
                table.form,
                table.order,
                table.dealer,
                cache["deal_actions"],
                partners,
                (record.get("settings") or {}).get("partners_point", "both"),
            )
        return cache["flow"]

    def multi_deal_score(self) -> dict[str, Any] | None:
        deals = score_deals(self.score())  # type: ignore[attr-defined]
        return deals[-1] if deals else None

    def multi_step(self) -> Step:
        deal = self.multi_deal_score()
        return self.multi_flow().step(bool(deal and deal["complete"]))

    # ----- the two-tap steps (side file, with the journal's action count) ----
    def _seq(self) -> int:
        return len(self._multi()["actions"])

    def multi_pending(self) -> dict[str, Any] | None:
        kept = self.state.data.get("multi_pending")  # type: ignore[attr-defined]
        if (
            isinstance(kept, dict)
            and kept.get("partie") == self.current()  # type: ignore[attr-defined]
            and kept.get("seq") == self._seq()
            and isinstance(kept.get("step"), dict)
        ):
            return dict(kept["step"])
        return None

    def _set_pending(self, step: dict[str, Any] | None) -> None:
        if step is None:
            self.state.data.pop("multi_pending", None)  # type: ignore[attr-defined]
        else:
            self.state.data["multi_pending"] = {  # type: ignore[attr-defined]
                "partie": self.current(),
                "seq": self._seq(),
                "step": step,
            }
        self.state.save()  # type: ignore[attr-defined]

    # ----- words ------------------------------------------------------------
    def multi_call_words(self, call: Point | Sequence | Set) -> str:
        _ = self._  # type: ignore[attr-defined]
        if isinstance(call, Point):
            return self.play.call_words("point", {"cards": call.cards, "value": call.value})  # type: ignore[attr-defined]
        if isinstance(call, Sequence):
            return self.play.call_words("sequences", {"length": call.length, "top": call.top})  # type: ignore[attr-defined]
        return _(SET_NAMES[(call.count, call.rank)])

    def multi_names(self, seats: tuple[str, ...] | list[str]) -> str:
        """ "Anne", "Anne and Ben", "Anne, Ben and Cleo"."""
        names = [self.multi_table().name(s) for s in seats]
        if len(names) == 1:
            return names[0]
        return self._("{a} and {b}", a=", ".join(names[:-1]), b=names[-1])  # type: ignore[attr-defined]

    def multi_tag(self, seat: str) -> str:
        """Beside a name on a trick button: who deals (two hands: elder and dealer;
        who leads the trick shows under it)."""
        table = self.multi_table()
        _ = self._  # type: ignore[attr-defined]
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

    # ----- the view ---------------------------------------------------------
    def _view_multi_deal(self) -> dict[str, Any]:
        if not self.is_multi():  # type: ignore[attr-defined]
            return {}
        _ = self._  # type: ignore[attr-defined]
        step = self.multi_step()
        play = step.phase == "play"
        ask = Ask() if play else self._multi_ask(step)
        header = self.multi_header()  # type: ignore[attr-defined]
        if step.phase in STEP_PHASES:
            header["title"] += " · " + _(STEP_PHASES[step.phase])
        view: dict[str, Any] = {
            "header": header,
            "question": ask.text,
            "hint": ask.hint,
            "options": [a.view() for a in ask.grid],
            "row_len": ask.row_len or len(ask.grid),
            "options2": [a.view() for a in ask.grid2],
            "row_len2": ask.row_len2 or len(ask.grid2),
            "answers": [a.view() for a in ask.answers],
            "extras": [a.view() for a in self._multi_extras(step)],
            "play": play,
            "tricks": "",
            "won": [],
            "won_cols": 1,
        }
        if play:
            view.update(self._multi_play_view())
        return view

    def _multi_play_view(self) -> dict[str, Any]:
        _ = self._  # type: ignore[attr-defined]
        table = self.multi_table()
        winners = trick_winners(current_deal(self._multi()["record"]))
        leads = winners[-1] if winners else table.leader
        buttons = []
        for seat in self.multi_trick_order():
            # who deals beside the name (two hands: elder and dealer); who leads now below
            name = (
                self.multi_tagged(seat)
                if table.two_handed or seat == table.dealer
                else table.name(seat)
            )
            won = self.n_("{n} trick", "{n} tricks", winners.count(seat))  # type: ignore[attr-defined]
            lead = " · " + _("leads") if seat == leads else ""
            buttons.append(
                {
                    "key": f"won-{seat}",
                    "seat": seat,
                    "text": "\n".join([name, won + lead, "", _("won this trick")]),
                }
            )
        played = len(winners)
        tricks = (
            _("Trick {n}", n=played + 1)
            + " · "
            + self.n_(  # type: ignore[attr-defined]
                "{n} trick played", "{n} tricks played", played
            )
        )
        if table.form == "voleur":  # the sides' tricks, partners together
            tricks += " · " + " · ".join(
                f"{self.multi_names(side)} {sum(winners.count(s) for s in side)}"
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

    # ----- the questions ----------------------------------------------------
    def _multi_ask(self, step: Step) -> Ask:
        pending = self.multi_pending()
        if pending is not None:
            return self._pending_ask(step, pending)
        if step.kind == "exchange":
            return self._exchange_ask(step)
        if step.kind == "call":
            return self._call_ask(step)
        if step.kind == "reply":
            return self._reply_ask(step)
        if step.kind in ("add", "partner"):
            return self._more_ask(step)
        return Ask()

    def _exchange_ask(self, step: Step) -> Ask:
        _ = self._  # type: ignore[attr-defined]
        table = self.multi_table()
        seat = step.seat
        if table.form == "normand":
            from scorer.multi.normand import WIDOW

            counts: tuple[int, ...] = tuple(range(WIDOW + 1))
            text = _(
                "{name}, you deal: how many cards did you take from the widow?",
                name=table.name(seat),
            )
        else:
            flow = self.multi_flow()
            role = "elder" if seat == table.leader else "younger"
            counts = EXCHANGE_GRID[role]
            if role == "elder":
                text = _("Elder first: {name}, how many cards did you take?", name=table.name(seat))
            else:
                text = _("{name}, how many cards did you take?", name=table.name(seat))
            taken = flow.exchanges
            if taken:
                hint = "   ".join(
                    _("{name} took {n}", name=table.name(s), n=n) for s, n in taken.items()
                )
                return self._with_accepted(Ask(text, hint, self._counts(seat, counts)))
        return self._with_accepted(Ask(text, "", self._counts(seat, counts)))

    def _counts(self, seat: str, counts: tuple[int, ...]) -> list[Answer]:
        return [Answer(f"ex-{seat}-{n}", str(n), {"exchange": seat, "cards": n}) for n in counts]

    def _least_point(self) -> int:
        return LEAST_POINT.get(self.multi_table().form, 3)

    def _point_counts(self, seat: str, enabled: Any, label: str = "{n} cards") -> list[Answer]:
        return [
            Answer(
                f"call-{n}",
                self._(label, n=n),  # type: ignore[attr-defined]
                action_of(seat, Point(n)) if enabled(n) else None,
            )
            for n in range(self._least_point(), 9)
        ]

    def _point_values(self, seat: str, cards: int, enabled: Any) -> list[Answer]:
        return [
            Answer(f"value-{v}", str(v), action_of(seat, Point(cards, v)) if enabled(v) else None)
            for v in sorted(POINT_VALUES[cards])
        ]

    def _lengths(self, seat: str, enabled: Any, then: str, short: bool = False) -> list[Answer]:
        """Sequence lengths: a first tap, kept as a step until the top is tapped."""
        _ = self._  # type: ignore[attr-defined]
        return [
            Answer(
                f"len-{n}",
                _(SEQUENCE_NAMES[n]).capitalize() if short else self.play.sequence_label(n),  # type: ignore[attr-defined]
                {"step": {"kind": "top", "seat": seat, "length": n, "then": then}}
                if enabled(n)
                else None,
            )
            for n in range(3, 9)
        ]

    def _tops(self, seat: str, length: int, enabled: Any, key: str = "top") -> list[Answer]:
        _ = self._  # type: ignore[attr-defined]
        out = []
        for top in TOPS:
            call = Sequence(length, top)
            fine = sequence_top_allows(length, top) and enabled(call)
            label = _(RANK_NAMES[top]).capitalize()
            out.append(Answer(f"{key}-{top}", label, action_of(seat, call) if fine else None))
        return out

    def _sets(self, seat: str, enabled: Any) -> list[Answer]:
        _ = self._  # type: ignore[attr-defined]
        return [
            Answer(
                f"set-{count}-{rank}",
                _(SET_NAMES[(count, rank)]).capitalize(),
                action_of(seat, Set(count, rank)) if enabled(Set(count, rank)) else None,
            )
            for count, rank in SETS
        ]

    def _nothing(self, seat: str, label: str = "Nothing to declare") -> Answer:
        _ = self._  # type: ignore[attr-defined]
        return Answer("nothing", _(label) + " " + _("(go on)"), {"declare": "nothing", "by": seat})

    def _call_ask(self, step: Step) -> Ask:
        _ = self._  # type: ignore[attr-defined]
        name = self.multi_table().name(step.seat)
        seat = step.seat
        if step.phase == "point":
            ask = Ask(
                _("{name}, your point: how many cards in your longest suit?", name=name),
                grid=self._point_counts(seat, lambda n: True),
            )
        elif step.phase == "sequences":
            ask = Ask(
                _("{name}, your longest sequence (cards in a row in one suit)?", name=name),
                grid=self._lengths(seat, lambda n: True, "call"),
            )
        else:
            ask = Ask(
                _("{name}, your best trio or quatorze (three or four of a rank)?", name=name),
                grid=self._sets(seat, lambda s: True),
                row_len=5,
            )
        ask.answers = [self._nothing(seat)]
        return self._with_accepted(ask)

    def _said(self, step: Step) -> str:
        assert step.standing is not None
        return self._(
            "{name}: “{call}”.",
            name=self.multi_names(step.holders),
            call=self.multi_call_words(step.standing),
        )

    def _reply_ask(self, step: Step) -> Ask:
        _ = self._  # type: ignore[attr-defined]
        seat, best = step.seat, step.standing
        name = self.multi_table().name(seat)
        text = self._said(step) + " " + _("{name}, is it good?", name=name)
        good = {"declare": "nothing", "by": seat}
        ask = Ask(text, _("Not good? Tap what you hold."))
        if isinstance(best, Point):
            if best.value is None:
                holder = step.holders[0]
                ask.answers = [
                    Answer("good", _("Good") + " " + _("(mine is shorter)"), good),
                    Answer(
                        "making",
                        _("Making?") + " " + _("(as many cards)"),
                        {"step": {"kind": "making", "seat": holder}},
                    ),
                ]
            else:
                ask.answers = [
                    Answer("good", _("Good") + " " + _("(mine is lower)"), good),
                    Answer(
                        "equal",
                        _("Equal") + " " + _("(the same)"),
                        action_of(seat, Point(best.cards, best.value)),
                    ),
                ]
                ask.grid = self._point_values(seat, best.cards, lambda v: v > (best.value or 0))
                ask.hint = _("Not good? Tap what you hold.") + " " + _(CARD_VALUES)
            ask.grid2 = self._point_counts(seat, lambda n: n > best.cards)
        elif isinstance(best, Sequence):
            ask.answers = [
                Answer("good", _("Good") + " " + _("(mine is lower)"), good),
                Answer("equal", _("Equal") + " " + _("(the same)"), action_of(seat, best)),
            ]
            ask.grid = self._tops(seat, best.length, lambda c: c.key() > best.key(), "seq")
            ask.grid2 = self._lengths(seat, lambda n: n > best.length, "reply", short=True)
            ask.hint = _(
                "Not good? Tap the top card of a higher {seq}, or a longer sequence.",
                seq=_(SEQUENCE_NAMES[best.length]),
            )
        elif isinstance(best, Set):
            ask.answers = [Answer("good", _("Good") + " " + _("(mine is lower)"), good)]
            ask.grid = self._sets(seat, lambda s: s.key() > best.key())
            ask.row_len = 5
        return self._with_accepted(ask)

    def _more_ask(self, step: Step) -> Ask:
        """The good player's other combinations of the class; in Voleur, then his
        partner's own."""
        _ = self._  # type: ignore[attr-defined]
        table = self.multi_table()
        seat, best = step.seat, step.best
        name = table.name(seat)
        klass = _(CLASS_WORDS[step.phase])
        if step.kind == "add":
            text = _("{name} is good. Any other {klass} to add?", name=name, klass=klass)
            done = self._nothing(seat, "Nothing more")
        else:
            text = _(
                "{name} is good: {partner}, any {klass} of yours? It counts for the side too.",
                name=table.name(step.good),
                partner=name,
                klass=klass,
            )
            done = self._nothing(seat, "Nothing")
        ask = Ask(text, answers=[done])
        own = set(step.own)
        if isinstance(best, Point):

            def partner_counts(n: int) -> bool:
                return n < best.cards

            ask.grid = self._point_counts(seat, partner_counts)
            # as many cards as the good point: its value is needed (said next)
            ask.grid[best.cards - self._least_point()] = Answer(
                f"call-{best.cards}",
                self._("{n} cards", n=best.cards),  # type: ignore[attr-defined]
                {"step": {"kind": "value", "seat": seat, "cards": best.cards, "good": step.good}},
            )
        elif isinstance(best, Sequence):
            ask.grid = self._lengths(seat, lambda n: n <= best.length, step.kind)
        elif isinstance(best, Set):
            ask.grid = self._sets(seat, lambda s: s.key() < best.key() and s not in own)
            ask.row_len = 5
        return self._with_accepted(ask)

    def _pending_ask(self, step: Step, pending: dict[str, Any]) -> Ask:
        """The second tap of a two-tap answer."""
        _ = self._  # type: ignore[attr-defined]
        table = self.multi_table()
        seat = str(pending.get("seat", ""))
        name = table.name(seat)
        kind = pending.get("kind")
        best = step.standing or step.best
        if kind == "top":
            length = int(pending["length"])
            then = pending.get("then")
            text = _(
                "{name}, the top card of your {seq}?", name=name, seq=_(SEQUENCE_NAMES[length])
            )

            def fine(call: Sequence) -> bool:
                if best is None or then == "call":
                    return True
                if then == "reply":
                    return call.key() > best.key()
                if then == "add":
                    return call.key() < best.key() and call not in step.own
                return call.key() <= best.key() and call not in step.own  # partner

            return self._with_accepted(Ask(text, grid=self._tops(seat, length, fine)))
        if kind == "making" and isinstance(best, Point):
            return self._with_accepted(
                Ask(
                    _("Making? {name}, what does your point make?", name=name),
                    _(CARD_VALUES),
                    self._point_values(seat, best.cards, lambda v: True),
                )
            )
        if kind == "value" and isinstance(best, Point):
            good = str(pending.get("good", ""))
            cards = int(pending["cards"])
            if best.value is None:  # the good point's value first
                text = _("As many cards: {name}, what does your point make?", name=table.name(good))
                values = self._point_values(good, cards, lambda v: True)
                values = [
                    Answer(
                        a.key,
                        a.label,
                        a.action
                        and {
                            "then": {"kind": "value", "seat": seat, "cards": cards, "good": good},
                            **a.action,
                        },
                    )
                    for a in values
                ]
                return self._with_accepted(Ask(text, _(CARD_VALUES), values))
            return self._with_accepted(
                Ask(
                    _("{name}, what does your point make?", name=name),
                    _(CARD_VALUES),
                    self._point_values(seat, cards, lambda v: v <= (best.value or 0)),
                )
            )
        return Ask()

    def _multi_extras(self, step: Step) -> list[Answer]:
        """Beside the question: quick mode before a deal's first action, carte
        blanche for each seat until the declarations begin, carte rouge before
        the first trick when the game plays it."""
        _ = self._  # type: ignore[attr-defined]
        table = self.multi_table()
        flow = self.multi_flow()
        deal = current_deal(self._multi()["record"])
        out = []
        if not self._multi()["deal_actions"] and self.multi_pending() is None:
            out.append(Answer("quick-on", _("Quick mode: totals only"), {"quick": True}))
        claimed = deal.get("carte_blanche") or []
        claimed = [claimed] if isinstance(claimed, str) else claimed
        if step.phase in ("exchange", "point") and not flow.declared and not flow.tricks:
            out += [
                Answer(
                    f"cb-{s}",
                    _("{name}: carte blanche", name=table.name(s)),
                    None if s in claimed else {"carte_blanche": s},
                    on=s in claimed,
                )
                for s in table.order
            ]
        variants = self._multi()["record"].get("variants") or {}
        if (
            step.phase == "play"
            and not flow.tricks
            and table.two_handed
            and variants.get("carte_rouge") is not None
        ):
            rouge = deal.get("carte_rouge") or []
            out += [
                Answer(
                    f"carte-rouge-{s}",
                    _("{name} has carte rouge", name=table.name(s)),
                    None if s in rouge else {"carte_rouge": s},
                    on=s in rouge,
                )
                for s in table.order
            ]
        return out

    # ----- what the engine accepts ------------------------------------------
    def _alone(self) -> dict[str, Any]:
        """The deal in play alone, as the first deal of a game of the same table:
        enough to try an answer without scoring the whole game."""
        cache = self._multi()
        if "alone" not in cache:
            record, table = cache["record"], cache["table"]
            deal = copy.deepcopy(current_deal(record))
            alone = {k: v for k, v in record.items() if k not in ("deals", "parties")}
            if table.form == "chouette":
                partie = record["parties"][-1]
                alone["parties"] = [
                    {
                        "single": partie["single"],
                        "playing": partie["playing"],
                        "first_dealer": table.dealer,
                        "deals": [deal],
                    }
                ]
                alone["game"] = "au-cent"
            else:
                alone["first_dealer"] = table.name(table.dealer)
                alone["deals"] = [deal]
                alone["settings"] = {
                    k: v
                    for k, v in (record.get("settings") or {}).items()
                    if k not in ("target", "rounds")
                }
                if table.form == "voleur":
                    alone["game"] = "au-cent"
            cache["alone"] = alone
        return cache["alone"]

    def _with_accepted(self, ask: Ask) -> Ask:
        """Disable the answers the engine would refuse (tried on the deal alone)."""
        from scorer.multi.actions import play, score_or_refuse

        try:
            alone = self._alone()
            base = score_or_refuse(alone)
        except (ActionError, KeyError, IndexError):
            return ask

        def check(answer: Answer) -> Answer:
            action = answer.action
            if action is None or "step" in action or "quick" in action:
                return answer
            try:
                play(alone, {k: v for k, v in action.items() if k != "then"}, base)
            except ActionError:
                return Answer(answer.key, answer.label, None, answer.on)
            return answer

        ask.grid = [check(a) for a in ask.grid]
        ask.grid2 = [check(a) for a in ask.grid2]
        ask.answers = [check(a) for a in ask.answers]
        return ask

    # ----- taps -------------------------------------------------------------
    def _multi_answers(self) -> list[Answer]:
        step = self.multi_step()
        out = self._multi_extras(step)
        if step.phase != "play":
            ask = self._multi_ask(step)
            out += ask.grid + ask.grid2 + ask.answers
        return out

    def multi_answer(self, key: str) -> None:
        """One tap on an answer of the deal screen: one journal action (or the
        first tap of a two-tap answer, kept as a step)."""
        answer = next((a for a in self._multi_answers() if a.key == key), None)
        if answer is None or answer.action is None:
            return
        action = dict(answer.action)
        if "step" in action:
            self._set_pending(action["step"])
            self._multi_redo = None
            self._show(self.screen)  # type: ignore[attr-defined]
            return
        if "quick" in action:
            self.multi_set_quick(True)  # type: ignore[attr-defined]
            return
        then = action.pop("then", None)
        if self.act(action) and then:  # type: ignore[attr-defined]
            self._set_pending(then)
            self.changed()  # type: ignore[attr-defined]

    def multi_trick(self, seat: str) -> None:
        """The player at that seat won the trick (his button of the play)."""
        if self.multi_step().phase != "play" or seat not in self.multi_table().order:
            return
        self.act({"trick": seat})  # type: ignore[attr-defined]

    # ----- the end of a deal --------------------------------------------------
    def multi_banner(self, deal: dict[str, Any] | None, score: dict[str, Any] | None = None) -> str:
        """Pique, repique and capot of a deal, with the engine's points."""
        if not deal:
            return ""
        _ = self._  # type: ignore[attr-defined]
        texts = []
        for kind, who in (deal.get("bonuses") or {}).items():
            if not who or kind not in BONUS_NAMES:
                continue
            holders = who if isinstance(who, list) else [who]
            names = [self.multi_party_name(h, score) for h in holders]  # type: ignore[attr-defined]
            points = sum(
                line["points"]
                for line in deal["lines"]
                if line["category"] == kind
                and (line.get("side") in holders or line["player"] in holders)
            )
            if kind == "capot" and len(names) > 1:
                texts.append(
                    _("Capot! {a} and {b} take every trick between them", a=names[0], b=names[1])
                )
            else:
                texts.append(_(BONUS_NAMES[kind], name=" & ".join(names), points=points))
        return "  ".join(texts)

    def multi_result_line(self, deal: dict[str, Any]) -> str:
        """ "Anne +23  ·  Ben +11  ·  Cleo +0" (Voleur: by side; two hands: the two)."""
        parts = [
            f"{self.multi_party_name(key)} +{value}"  # type: ignore[attr-defined]
            for key, value in deal["scores"].items()
        ]
        return "  ·  ".join(parts)

    def multi_lines(self, deal: dict[str, Any]) -> list[dict[str, str]]:
        return [
            {
                "player": (line["player"] or self.multi_party_name(line.get("side", "")))  # type: ignore[attr-defined]
                if line["points"]
                else "",
                "points": str(line["points"]),
                "why": line["why"],
            }
            for line in deal["lines"]
        ]
