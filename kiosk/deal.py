"""The deal screen's questions and answers, without Kivy.

Where the deal stands comes from the engine: `scorer.progress` gives the
deal in play, its dealer and elder, the question standing now (`Ask`: phase,
step, whose turn, which words may be said, replayed by `scorer.dialogue` from
the deal's utterances), the tricks, the lead and who may throw in. This
module only turns that into words and buttons, and each button into the
journal action the engine expects. The buttons offered are exactly the
engine's legal `choices` (and `exchange_counts`), so a tap cannot be refused;
which answers are right, what scores and what comes next is never decided here.

Two answers need more than one tap before anything can be said: "Not good"
(Younger names what beats Elder's call) and the winner's "add" (a sequence's
length, then its top). The half-said answer is kept in `pending`, which is
not journaled: a restart asks the same question again from its start.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorer.dialogue import Ask
from scorer.progress import Progress, progress

ROLE_TRICK = {"elder": "E", "younger": "Y"}

# display words (English message ids, French in kiosk.po)
SEQUENCE_NAMES = {3: "tierce", 4: "quart", 5: "quint", 6: "sixième", 7: "septième",
                  8: "huitième"}
CARD_COUNTS = {3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}
RANK_NAMES = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "10": "ten", "9": "nine",
              "8": "eight", "7": "seven"}
TOP_WORDS = {r: f"to the {n}" for r, n in RANK_NAMES.items()}
SET_NAMES = {(4, "A"): "quatorze of aces", (4, "K"): "quatorze of kings",
             (4, "Q"): "quatorze of queens", (4, "J"): "quatorze of jacks",
             (4, "10"): "quatorze of tens", (3, "A"): "trio of aces",
             (3, "K"): "trio of kings", (3, "Q"): "trio of queens", (3, "J"): "trio of jacks",
             (3, "10"): "trio of tens"}
PHASE_NAMES = {"carte_blanche": "Carte blanche", "exchange": "The exchange",
               "point": "Declarations: the point", "sequences": "Declarations: sequences",
               "sets": "Declarations: trios and quatorzes", "play": "The play"}
BONUS_NAMES = {"pique": "Pique! {name} +{points}", "repique": "Repique! {name} +{points}",
               "capot": "Capot! {name} takes every trick"}


@dataclass(frozen=True)
class Option:
    key: str
    label: str
    action: dict[str, Any] | None = None  # the journal action, or None for a local step
    local: dict[str, Any] | None = None  # the local step (pending / back)


def current_deal(record: dict[str, Any]) -> dict[str, Any]:
    return record["deals"][-1] if record.get("deals") else {}


class DealQuestions:
    """Mixin for the Presenter: `deal_view`, `answer`, `deal_digit`, `trick_won`."""

    pending: dict[str, Any] | None = None

    # ----- words ----------------------------------------------------------
    def call_words(self, klass: str, call: dict[str, Any]) -> str:
        _ = self._  # type: ignore[attr-defined]
        if klass == "point":
            text = _("{n} cards", n=_(CARD_COUNTS[call["cards"]]))
            if call.get("value") is not None:
                text += " " + _("making {value}", value=call["value"])
            return text
        if klass == "sequences":
            text = _(SEQUENCE_NAMES[call["length"]])
            if call.get("top"):
                text += " " + _(TOP_WORDS[call["top"]])
            return text
        return _(SET_NAMES[(call["count"], call["rank"])])

    def sequence_label(self, length: int) -> str:
        _ = self._  # type: ignore[attr-defined]
        return _(SEQUENCE_NAMES[length]).capitalize() + "\n" + _("({n} cards)", n=length)

    def _names(self) -> dict[str, str]:
        now = self.progress()
        return {"elder": now.elder, "younger": now.younger}

    def progress(self) -> Progress:
        """Where the current partie stands, from the engine (cached until it changes)."""
        cached = getattr(self, "_progress", None)
        if cached is None:
            cached = progress(self.record(), self.score())  # type: ignore[attr-defined]
            self._progress = cached
        return cached

    # ----- the view -------------------------------------------------------
    def deal_view(self, score: dict[str, Any]) -> dict[str, Any]:
        _ = self._  # type: ignore[attr-defined]
        record = self.record()  # type: ignore[attr-defined]
        deal = current_deal(record)
        now = self.progress()
        ask = now.ask
        names = self._names()
        question, options, hint = self._question(ask, deal, names)
        throw_ins = self._before_play_options(record, deal, now, names)
        # the "done" answer (no more, skip, nothing more) has its own wide button
        # under the others, always in the same place
        done = next((o for o in options if o.key in DONE_KEYS), None)
        options = [o for o in options if o is not done]
        if ask.phase != "play":
            options += throw_ins
        view: dict[str, Any] = {
            "phase": _(PHASE_NAMES.get(ask.phase, "")),
            "question": question,
            "options": [{"key": o.key, "label": o.label} for o in options],
            "done": {"key": done.key, "label": done.label} if done else None,
            "hint": hint,
            "cols": 3 if len(options) <= 6 else 4 if len(options) <= 8 else 6,
            "play": ask.phase == "play",
            "banner": self.banner(score),
            "tricks": "",
            "won_a": "",
            "won_b": "",
        }
        view["throw_ins"] = [{"key": o.key, "label": o.label} for o in throw_ins]
        if ask.phase == "play":
            view["tricks"] = _("Trick {n}", n=now.tricks + 1) + "\n" + _(
                "{n} played", n=now.tricks)
            for side, name in zip(("won_a", "won_b"), score["players"], strict=True):
                role = now.role_of(name)
                lead = _("leads") if now.leader == role else ""
                view[side] = "\n".join([
                    _("{name} ({role})", name=name, role=_(role)),
                    _("{n} tricks", n=now.won[role]) + (f" · {lead}" if lead else ""),
                    "",
                    _("won this trick"),
                ])
        return view

    def banner(self, score: dict[str, Any]) -> str:
        if not score["deals"]:
            return ""
        deal = score["deals"][-1]
        texts = []
        for kind, name in (deal.get("bonuses") or {}).items():
            if name and kind in BONUS_NAMES:
                points = sum(line["points"] for line in deal["lines"]
                             if line["category"] == kind and line["player"] == name)
                texts.append(self._(BONUS_NAMES[kind], name=name,  # type: ignore[attr-defined]
                                    points=points))
        return "  ".join(texts)

    def _question(self, ask: Ask, deal: dict[str, Any], names: dict[str, str]
                  ) -> tuple[str, list[Option], str]:
        """The question, its answers, and a hint line shown under the question."""
        _ = self._  # type: ignore[attr-defined]
        if ask.phase == "carte_blanche":
            claimed = deal.get("carte_blanche") or []
            options = [Option(f"cb-{role}", _("{name} has carte blanche", name=names[role]),
                              {"carte_blanche": role})
                       for role in ("elder", "younger") if role not in claimed]
            options.append(Option("cb-done", (_("No more carte blanche") if claimed
                                              else _("No carte blanche")) + " " + _("(go on)"),
                                  {"say": "done"}))
            return _("Does a hand hold no king, queen or jack?"), options, ""
        if ask.phase == "exchange":
            taken = deal.get("exchange") or {}
            options = []
            for role, counts in self.progress().exchange_counts.items():
                options += [Option(f"ex-{role}-{n}", _("{name}: {n}", name=names[role], n=n),
                                   {"exchange": role, "cards": n}) for n in counts]
            options.append(Option("ex-done", (_("Exchange entered") if taken
                                              else _("Skip the exchange")) + " " + _("(go on)"),
                                  {"say": "done"}))
            hint = "   ".join(_("{name} took {n}", name=names[role], n=taken[role])
                               for role in ("elder", "younger") if role in taken)
            return _("How many cards did each take from the talon? (you may skip)"), \
                options, hint
        if ask.phase == "play":
            return "", [], ""
        return self._declaration(ask, names)

    def _declaration(self, ask: Ask, names: dict[str, str]) -> tuple[str, list[Option], str]:
        _ = self._  # type: ignore[attr-defined]
        klass, who = ask.phase, ask.who
        whom = names.get(who or "", "")
        standing = ask.standing
        choices = self.progress().choices
        said = ""
        if standing:
            said = _("{name}: “{call}”.", name=names[standing["by"]],
                     call=self.call_words(klass, standing)) + " "
        if self.pending:
            return self._pending_question(klass, whom, said)
        if ask.step == "call":
            if klass == "point":
                q = _("{name}, your point: how many cards in your longest suit?", name=whom)
            elif klass == "sequences":
                q = _("{name}, your longest sequence (cards in a row in one suit)?", name=whom)
            else:
                q = _("{name}, your best trio or quatorze (three or four of a rank)?", name=whom)
            opts = self._choice_options("call", who, choices.get("call", []))
            if "nothing" in choices:
                opts.append(Option("nothing", _("Nothing"), {"say": "nothing", "by": who}))
            return q, opts, ""
        if ask.step in ("reply", "reply_more"):
            # the hints under each answer help a newcomer choose; the engine checks
            longer = ask.step == "reply" and klass != "sets"
            opts = []
            if "good" in choices:
                opts.append(Option("good", _("Good") + "\n" + _(
                    "(mine is shorter)" if longer else "(mine is lower)"),
                    {"say": "good", "by": who}))
            if "not_good" in choices:
                opts.append(Option("not-good", _("Not good") + "\n" + _(
                    "(mine is longer)" if longer else "(mine is better)"), None,
                    {"pending": "not_good", "by": who}))
            if "making" in choices:
                opts.append(Option("making", _("Making?") + "\n" + _("(as many cards)"),
                                   {"say": "making", "by": who}))
            if "how_high" in choices:
                opts.append(Option("how-high", _("How high?") + "\n" + _("(as many cards)"),
                                   {"say": "how_high", "by": who}))
            if "equal" in choices:
                opts.append(Option("equal", _("Equal"), {"say": "equal", "by": who}))
            return said + _("{name}, is it good?", name=whom), opts, ""
        if ask.step == "value":
            return said + _("Making? {name}, what does your point make?", name=whom), \
                self._choice_options("value", who, choices.get("value", [])), _(CARD_VALUES)
        if ask.step == "top":
            length = (standing or {}).get("length") or self._winner_length(ask)
            if ask.good:  # the good hand names its sequence's top card for the score
                q = _("{name} is good: the top card of the {seq}?", name=whom,
                      seq=_(SEQUENCE_NAMES[length]))
            else:
                q = said + _("How high? {name}, the top card?", name=whom)
            return q, self._choice_options("top", who, choices.get("top", [])), ""
        if ask.step == "add":
            q = _("{name} is good. Any other {klass} to add?", name=whom,
                  klass=_(CLASS_WORDS[klass]))
            opts = self._choice_options("add", who, choices.get("add", []))
            if "done" in choices:
                opts.append(Option("done", _("Nothing more") + " " + _("(go on)"),
                                   {"say": "done"}))
            return q, opts, ""
        return "", [], ""

    def _winner_length(self, ask: Ask) -> int:
        deal = current_deal(self.record())  # type: ignore[attr-defined]
        for u in reversed(deal.get("dialogue", [])):
            if u.get("say") == "call" and u.get("by") == ask.who and "length" in u:
                return int(u["length"])
        return 3

    def _choice_options(self, word: str, who: str | None, params: list[dict[str, Any]],
                        length: int | None = None) -> list[Option]:
        """One button per legal choice the engine offers for `word`. A sequence
        given by length and top takes two taps: its length, then (with
        `length`) its top card among the engine's choices of that length."""
        _ = self._  # type: ignore[attr-defined]
        opts: list[Option] = []
        lengths: list[int] = []
        for p in params:
            action = {"say": word, "by": who, **p}
            if "count" in p:
                key = f"call-{p['count']}-{p['rank']}" if word == "call" else \
                    f"set-{p['count']}-{p['rank']}"
                opts.append(Option(key, _(SET_NAMES[(p["count"], p["rank"])]).capitalize(),
                                   action))
            elif "cards" in p:
                key = f"call-{p['cards']}" if word == "call" else f"cards-{p['cards']}"
                opts.append(Option(key, _("{n} cards", n=p["cards"]), action))
            elif "value" in p:
                opts.append(Option(f"value-{p['value']}", str(p["value"]), action))
            elif "length" in p and "top" in p:
                if length is None:
                    if p["length"] not in lengths:
                        lengths.append(p["length"])
                        opts.append(Option(f"len-{p['length']}",
                                           self.sequence_label(p["length"]), None,
                                           {"pending": word, "by": who,
                                            "length": p["length"]}))
                elif p["length"] == length:
                    opts.append(Option(f"top-{p['top']}",
                                       _(RANK_NAMES[p["top"]]).capitalize(), action))
            elif "length" in p:
                opts.append(Option(f"call-{p['length']}", self.sequence_label(p["length"]),
                                   action))
            elif "top" in p:
                opts.append(Option(f"top-{p['top']}", _(RANK_NAMES[p["top"]]).capitalize(),
                                   action))
        return opts

    def _pending_question(self, klass: str, whom: str, said: str
                          ) -> tuple[str, list[Option], str]:
        _ = self._  # type: ignore[attr-defined]
        pending = self.pending or {}
        word, who = pending["pending"], pending["by"]
        back = Option("cancel", _("Back"), None, {"cancel": True})
        params = self.progress().choices.get(word, [])
        if "length" in pending:
            q = _("{name}, the top card of your {seq}?", name=whom,
                  seq=_(SEQUENCE_NAMES[pending["length"]]))
            return q, [*self._choice_options(word, who, params, pending["length"]), back], ""
        opts = [*self._choice_options(word, who, params), back]
        if params and "value" in params[0]:  # same length: a better value
            return said + _("Not good: {name}, what does your point make?", name=whom), \
                opts, _(CARD_VALUES)
        if params and set(params[0]) == {"top"}:  # same length: a higher top card
            return said + _("Not good: {name}, the top card?", name=whom), opts, ""
        return said + _("Not good: {name}, what do you hold?", name=whom), opts, ""

    # ----- taps -----------------------------------------------------------
    def answer(self, key: str) -> None:
        """One tap on an answer button of the deal screen."""
        view_options = self._current_options()
        option = next((o for o in view_options if o.key == key), None)
        if option is None:
            return
        if option.action is not None:
            self.act(option.action)  # type: ignore[attr-defined]
            return
        local = option.local or {}
        if local.get("cancel"):
            self.pending = None
        elif "pending" in local:
            self.pending = dict(local)
        self.changed()  # type: ignore[attr-defined]

    def _current_options(self) -> list[Option]:
        record = self.record()  # type: ignore[attr-defined]
        deal = current_deal(record)
        now = self.progress()
        names = self._names()
        _, options, _hint = self._question(now.ask, deal, names)
        return options + self._before_play_options(record, deal, now, names)

    def _before_play_options(self, record: dict[str, Any], deal: dict[str, Any],
                             now: Progress, names: dict[str, str]) -> list[Option]:
        """A throw-in, when the engine offers one, and a carte rouge claim before
        the first trick when the partie plays that variant (the engine checks it)."""
        _ = self._  # type: ignore[attr-defined]
        options = [Option(f"throw-in-{role}",
                          _("{name} cannot save the rubicon: throw in", name=names[role]),
                          {"throw_in": role}) for role in now.may_throw_in]
        rouge = (record.get("variants") or {}).get("carte_rouge")
        if rouge is not None and now.phase == "play" and now.tricks == 0:
            claimed = deal.get("carte_rouge") or []
            options += [Option(f"carte-rouge-{role}",
                               _("{name} has carte rouge", name=names[role]),
                               {"carte_rouge": role})
                        for role in ("elder", "younger") if role not in claimed]
        return options

    def trick_won(self, side: int) -> None:
        """The player on that half of the screen (0: first player) won the trick.

        Only while the engine's question is the play (a seat button pressed
        during the declarations does nothing)."""
        if self.screen != "deal" or self.progress().phase != "play":  # type: ignore[attr-defined]
            return
        name = self.score()["players"][side]  # type: ignore[attr-defined]
        self.act({"trick": ROLE_TRICK[self.progress().role_of(name)]})  # type: ignore[attr-defined]

    def lead_seat(self) -> int | None:
        """The seat (0: first player) whose lead it is in the play, for the LEDs."""
        if self.current() is None or self.screen != "deal":  # type: ignore[attr-defined]
            return None
        now = self.progress()
        if now.leader is None:
            return None
        name = now.elder if now.leader == "elder" else now.younger
        return list(self.score()["players"]).index(name)  # type: ignore[attr-defined]

    def reset_deal_input(self) -> None:
        self.pending = None
        self._progress = None


DONE_KEYS = ("cb-done", "ex-done", "done")
CARD_VALUES = "A = 11, K Q J 10 = 10, 9 8 7 at face value"
CLASS_WORDS = {"point": "point", "sequences": "sequence", "sets": "trio or quatorze"}
