"""The deal screen's questions and answers, without Kivy.

Where the deal stands comes from the engine: `scorer.progress` gives the
deal in play, its dealer and elder, the question standing now (`Ask`: phase,
step, whose turn, which words may be said, replayed by `scorer.dialogue` from
the deal's utterances), the tricks, the lead and who may throw in. This
module only turns that into words and buttons, and each button into the
journal action the engine expects; which answers are right, what scores and
what comes next is never decided here.

- Every tap is one journal action: a two-part answer ("Not good" ... "six
  cards"; a sequence added by its length, then its top) is two utterances of
  the engine's dialogue, so Undo goes back exactly one tap and a restart asks
  the same question.
- An answer grid is laid out from the engine's `grid` (every value a word
  could carry, in fixed places) and only its `choices` are enabled, so an
  answer keeps its place from one deal to the next and a tap cannot be
  refused. The good hand's higher additions (Law 49) are enabled only after
  its own button, "Higher ones (my call was good against the cards)".
- Carte blanche and the exchange put each player's buttons on his own side
  (`sides`, in the seats' order): Elder's counts first, then Younger's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kiosk.screens import DEAL, END_OF_DEAL, HOME, SHEET
from scorer.dialogue import Ask
from scorer.frozen import frozen
from scorer.progress import Progress
from scorer.protocol import TableProgress
from scorer.record import TRICKS_PER_DEAL
from scorer.wording import LINES
from vocabulary import Words
from vocabulary.numbers import number
from vocabulary.tables import Table
from vocabulary.terms import SEQUENCES, TERMS

if TYPE_CHECKING:
    from kiosk.screens.deal_screen import SeatRow
    from kiosk.session import Session

ROLE_TRICK = {"elder": "E", "younger": "Y"}

# display words: the game's terms come from `vocabulary.terms` (one entry a
# language), the phrases around them from the score lines' table
# (`scorer.wording.LINES`) and `DEAL_WORDS` below; English message ids,
# French in piquet.po.
# the protocol's phases (scorer.protocol.TableProgress.phase), in the title of
# the deal screen of every form (kiosk.screens.deal_screen)
PHASE_NAMES = {
    "carte_blanche": "Carte blanche",
    "exchange": "The exchange",
    "point": "Declarations: the point",
    "sequences": "Declarations: sequences",
    "sets": "Declarations: trios and quatorzes",
    "play": "The play",
}
CARD_VALUES = "A = 11, K Q J 10 = 10, 9 8 7 at face value"
# the deal screen's words that hold a game's term (`{t.repique}`: filled from
# `vocabulary.terms`), each by its key; French context "deal.<key>"
DEAL_WORDS = Table(
    "deal",
    {
        "bonus.pique": "{t.Pique}! {name} +{points}",
        "bonus.repique": "{t.Repique}! {name} +{points}",
        "bonus.capot": "{t.Capot}! {name} takes every trick",
        "bonus.capot.pair": "{t.Capot}! {a} and {b} take every trick between them",
        "class.point": "{t.point}",
        "class.sequences": "{t.sequence}",
        "class.sets": "{t.trio} or {t.quatorze}",
    },
)
BONUSES = ("pique", "repique", "capot")


def sequence_word(_: Words, length: int) -> str:
    """ "quart" for a run of four (French "quatrième")."""
    return _.term(SEQUENCES[length])


def cards_word(_: Words, n: int) -> str:
    """ "five" cards (French "cinq")."""
    return number(n, _.lang)


def rank_word(_: Words, rank: str) -> str:
    """ "king" (French "roi")."""
    return _.table(TERMS, f"rank.{rank}")


def top_word(_: Words, rank: str) -> str:
    """ "to the king" (French "au roi"), a sequence's top."""
    return _.table(LINES, f"to.{rank}")


def set_word(_: Words, count: int, rank: str) -> str:
    """ "quatorze of aces" (French "quatorze d'as")."""
    return _.table(LINES, f"set.{count}", ranks=_.table(LINES, f"ranks.{rank}"))


def class_word(_: Words, phase: str) -> str:
    """What a phase of declarations adds: "sequence", "trio or quatorze"."""
    return _.table(DEAL_WORDS, f"class.{phase}")


def bonus_words(_: Words, kind: str, **fields: object) -> str:
    """ "Repique! Anne +60" (French "Repic ! Anne +60")."""
    return _.table(DEAL_WORDS, f"bonus.{kind}", **fields)


EXCHANGE_GRID = {"elder": tuple(range(1, 6)), "younger": tuple(range(0, 8))}


@frozen
class Option:
    """One answer button: `action` is the journal action of a tap, None when
    the answer cannot be true now (shown disabled in its place)."""

    key: str
    label: str
    action: dict[str, Any] | None = None
    on: bool = False  # shown as chosen (a claim made, a count taken)

    def view(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "label": self.label,
            "enabled": self.action is not None,
            "on": self.on,
        }


@dataclass
class Question:
    text: str
    options: list[Option] = field(default_factory=list)  # the grid, in fixed places
    row_len: int = 0  # the grid's natural row length (the layout may fold or turn it)
    hint: str = ""
    sides: list[dict[str, Any]] = field(default_factory=list)  # per seat: title, options
    done: Option | None = None  # the wide answer under the others ("go on", "nothing")
    second: Option | None = None  # beside it: the additions beyond the good call


def current_deal(record: dict[str, Any]) -> dict[str, Any]:
    return record["deals"][-1] if record.get("deals") else {}


class DealQuestions:
    """The deal and its end (`deal`, `end_of_deal`): the question standing, a
    tap's answer, a trick won, the header and the deal's summary."""

    def __init__(self, session: Session) -> None:
        self.s = session
        session.screens.add(END_OF_DEAL, self._view_end_of_deal)  # the deal's: DealScreen

    # ----- words ----------------------------------------------------------
    def call_words(self, klass: str, call: dict[str, Any]) -> str:
        _ = self.s._
        if klass == "point":
            text = _("{n} cards", n=cards_word(_, call["cards"]))
            if call.get("value") is not None:
                text += " " + _("making {value}", value=call["value"])
            return text
        if klass == "sequences":
            text = sequence_word(_, call["length"])
            if call.get("top"):
                text += " " + top_word(_, call["top"])
            return text
        return set_word(_, call["count"], call["rank"])

    def sequence_label(self, length: int) -> str:
        _ = self.s._
        return sequence_word(_, length).capitalize() + "\n" + _("({n} cards)", n=length)

    def tagged(self, name: str) -> str:
        """ "Anne (elder)", "Bruno (younger, deals)": the same tags as the header's."""
        tag = (
            self.s._("(elder)") if name == self.s.progress().elder else self.s._("(younger, deals)")
        )
        return f"{name} {tag}"

    def _names(self) -> dict[str, str]:
        now = self.s.progress()
        return {"elder": now.elder, "younger": now.younger}

    # ----- the view (composed in kiosk.screens.deal_screen.DealScreen) --------
    def on_screen(self, now: TableProgress) -> list[str]:
        """The two roles in the seats' places on the screen (left then right,
        or top then bottom)."""
        return [self.s.progress().role_of(name) for name in self.s.seats()]

    def screen_view(self, now: TableProgress, rows: list[SeatRow]) -> dict[str, Any]:
        """The deal screen's values: the header with the phase, the question
        standing, the play's halves from the protocol's rows."""
        view = {"header": self.header(self.s.tally()), **self.deal_view(self.s.tally())}
        if now.phase == "play":
            view.update(self._play_view(now, rows))
        return view

    def deal_view(self, score: dict[str, Any]) -> dict[str, Any]:
        """The question standing, its answers and the banner (the play's halves
        are `_play_view`'s)."""
        _ = self.s._
        record = self.s.record()
        deal = current_deal(record)
        now = self.s.progress()
        names = self._names()
        q = self._question(now.ask, deal, names)
        return {
            "question": q.text,
            "hint": q.hint,
            "options": [o.view() for o in q.options],
            "row_len": q.row_len or len(q.options),
            "sides": [{**side, "options": [o.view() for o in side["options"]]} for side in q.sides],
            "done": q.done.view() if q.done else None,
            "second": q.second.view() if q.second else None,
            # the Done row's lines, the same through the declarations (Done
            # keeps its size from the point to the sets): one, a "higher ones"
            # beside it drawn smaller; two in portrait, where its halves are
            # narrow and the height is there
            "done_lines": 1,
            "done_lines_portrait": 2 if now.ask.phase in ("point", "sequences", "sets") else 1,
            "extras": [o.view() for o in self._extras(record, deal, now, names)],
            "play": now.phase == "play",
            "banner": self.banner(score),
            "tricks": "",
            "halves": [["", "", ""], ["", "", ""]],
        }

    def _play_view(self, now: TableProgress, rows: list[SeatRow]) -> dict[str, Any]:
        """The trick line and each half: the player, his tricks (the only line a
        trick changes: drawn alone, it is the only text drawn again) and whether
        he leads, what a tap says."""
        _ = self.s._
        played = sum(row.tricks for row in rows)
        names = self._names()
        halves = []
        for row in rows:
            tricks = self.s.n_("{n} trick", "{n} tricks", row.tricks)
            lead = " · " + _("leads") if row.leads else ""
            halves.append([self.tagged(names[row.seat]), tricks + lead, _("won this trick")])
        return {
            "tricks": _("Trick {n}", n=played + 1)
            + "\n"
            + self.s.n_("{n} trick played", "{n} tricks played", played),
            "halves": halves,
        }

    def banner(self, score: dict[str, Any], number: int | None = None) -> str:
        """Pique, repique and capot of the deal in play (or of deal `number`),
        with the engine's points."""
        if not score["deals"]:
            return ""
        deal = score["deals"][-1 if number is None else number - 1]
        texts = []
        for kind, name in (deal.get("bonuses") or {}).items():
            if name and kind in BONUSES:
                points = sum(
                    line["points"]
                    for line in deal["lines"]
                    if line["category"] == kind and line["player"] == name
                )
                texts.append(bonus_words(self.s._, kind, name=name, points=points))
        return "  ".join(texts)

    def _question(self, ask: Ask, deal: dict[str, Any], names: dict[str, str]) -> Question:
        _ = self.s._
        if ask.phase == "carte_blanche":
            claimed = deal.get("carte_blanche") or []
            sides = []
            for name in self.s.seats():
                role = self.s.progress().role_of(name)
                claim = {"carte_blanche": role}
                option = Option(
                    f"cb-{role}",
                    _("{name} has carte blanche", name=name),
                    claim if role in self.s.progress().may_claim else None,
                    on=role in claimed,
                )
                sides.append({"title": self.tagged(name), "options": [option], "row_len": 1})
            done = Option(
                "cb-done",
                (_("No more carte blanche") if claimed else _("No carte blanche"))
                + " "
                + _("(go on)"),
                {"say": "done"},
            )
            return Question(_("Does a hand hold no king, queen or jack?"), sides=sides, done=done)
        if ask.phase == "exchange":
            return self._exchange(deal, names)
        if ask.phase in ("point", "sequences", "sets"):
            return self._declaration(ask, names)
        return Question("")

    def _exchange(self, deal: dict[str, Any], names: dict[str, str]) -> Question:
        _ = self.s._
        taken = deal.get("exchange") or {}
        legal = self.s.progress().exchange_counts
        sides = []
        for name in self.s.seats():
            role = self.s.progress().role_of(name)
            options = [
                Option(
                    f"ex-{role}-{n}",
                    str(n),
                    {"exchange": role, "cards": n} if n in legal.get(role, ()) else None,
                    on=taken.get(role) == n,
                )
                for n in EXCHANGE_GRID[role]
            ]
            sides.append(
                {
                    "title": _("{name} took:", name=self.tagged(name)),
                    "options": options,
                    "row_len": len(options),
                }
            )
        if "elder" in taken:
            question = _("{name}, how many cards did you take?", name=names["younger"])
            done = _("Without {name}'s count", name=names["younger"])
        else:
            question = _("Elder first: {name}, how many cards did you take?", name=names["elder"])
            done = _("Skip the exchange")
        hint = "   ".join(
            _("{name} took {n}", name=names[role], n=taken[role])
            for role in ("elder", "younger")
            if role in taken
        )
        return Question(
            question,
            hint=hint,
            sides=sides,
            done=Option("ex-done", done + " " + _("(go on)"), {"say": "done"}),
        )

    def _grid(self, word: str, who: str | None, key: str) -> tuple[list[Option], int]:
        """The engine's grid of `word`, enabled where it is among the choices."""
        now = self.s.progress()
        legal = now.choices.get(word, [])
        options = [
            self._option(word, who, params, key, params in legal)
            for params in now.grid.get(word, [])
        ]
        return options, _row_len(now.grid.get(word, []))

    def _option(
        self, word: str, who: str | None, params: dict[str, Any], key: str, enabled: bool
    ) -> Option:
        _ = self.s._
        action = {"say": word, **({"by": who} if who else {}), **params} if enabled else None
        if "count" in params:
            return Option(
                f"{key}-{params['count']}-{params['rank']}",
                set_word(_, params["count"], params["rank"]).capitalize(),
                action,
            )
        if "cards" in params:
            return Option(f"{key}-{params['cards']}", _("{n} cards", n=params["cards"]), action)
        if "value" in params:
            return Option(f"value-{params['value']}", str(params["value"]), action)
        if "length" in params and "top" not in params:
            return Option(
                f"{key}-{params['length']}", self.sequence_label(params["length"]), action
            )
        return Option(f"top-{params['top']}", rank_word(_, params["top"]).capitalize(), action)

    def _declaration(self, ask: Ask, names: dict[str, str]) -> Question:
        _ = self.s._
        klass, who, step = ask.phase, ask.who, ask.step
        whom = names.get(who or "", "")
        standing = ask.standing
        choices = self.s.progress().choices
        said = ""
        if standing and (
            step in ("reply", "reply_more", "value", "not_good") or (step == "top" and not ask.good)
        ):
            said = (
                _(
                    "{name}: “{call}”.",
                    name=names[standing["by"]],
                    call=self.call_words(klass, standing),
                )
                + " "
            )
        if step == "call":
            if klass == "point":
                text = _("{name}, your point: how many cards in your longest suit?", name=whom)
                options, row = self._grid("call", who, "call")
            elif klass == "sequences":
                text = _("{name}, your longest sequence (cards in a row in one suit)?", name=whom)
                options, row = self._grid("call", who, "call")
            else:
                text = _("{name}, your best trio or quatorze (three or four of a rank)?", name=whom)
                options, row = self._grid("call", who, "call")
            nothing = Option(
                "nothing",
                _("Nothing to declare") + " " + _("(go on)"),
                {"say": "nothing", "by": who} if "nothing" in choices else None,
            )
            return Question(text, options, row, done=nothing)
        if step in ("reply", "reply_more"):
            # the hints under each answer help a newcomer choose; the engine checks
            longer = step == "reply" and klass != "sets"

            def offer(word: str, key: str, label: str) -> Option:
                return Option(key, label, {"say": word, "by": who} if word in choices else None)

            options = [
                offer(
                    "good",
                    "good",
                    _("Good") + "\n" + _("(mine is shorter)" if longer else "(mine is lower)"),
                ),
                offer(
                    "not_good",
                    "not-good",
                    _("Not good") + "\n" + _("(mine is longer)" if longer else "(mine is better)"),
                ),
            ]
            if step == "reply_more":
                options.append(offer("equal", "equal", _("Equal") + "\n" + _("(the same)")))
            elif klass == "point":
                options.append(
                    offer("making", "making", _("Making?") + "\n" + _("(as many cards)"))
                )
            elif klass == "sequences":
                options.append(
                    offer("how_high", "how-high", _("How high?") + "\n" + _("(as many cards)"))
                )
            return Question(said + _("{name}, is it good?", name=whom), options, len(options))
        if step == "value":
            options, row = self._grid("value", who, "value")
            return Question(
                said + _("Making? {name}, what does your point make?", name=whom),
                options,
                row,
                hint=_(CARD_VALUES),
            )
        if step == "not_good":
            key = {"point": "cards", "sequences": "len", "sets": "set"}[klass]
            options, row = self._grid("not_good", who, key)
            hint = ""
            if klass == "point" and "value" in (standing or {}):
                text, hint = (
                    _("Not good: {name}, what does your point make?", name=whom),
                    _(CARD_VALUES),
                )
            elif klass == "sequences" and "top" in (standing or {}):
                text = _("Not good: {name}, the top card?", name=whom)
            else:
                text = _("Not good: {name}, what do you hold?", name=whom)
            return Question(said + text, options, row, hint=hint)
        if step == "top":
            options, row = self._grid("top", who, "top")
            length = (standing or {}).get("length", 3)
            if ask.good:  # the good hand names its sequence's top card for the score
                text = _(
                    "{name} is good: the top card of the {seq}?",
                    name=whom,
                    seq=sequence_word(_, length),
                )
            else:
                text = said + _("How high? {name}, the top card?", name=whom)
            return Question(text, options, row)
        if step == "add":
            return self._additions(ask, whom)
        if step == "add_top":
            options, row = self._grid("top", who, "top")
            length = (standing or {}).get("length", 3)
            return Question(
                _("{name}, the top card of your {seq}?", name=whom, seq=sequence_word(_, length)),
                options,
                row,
            )
        return Question("")

    def _additions(self, ask: Ask, whom: str) -> Question:
        """The good hand's other combinations: those no higher than its call
        found good, the higher ones once it says its call was good against
        the cards (Law 49). A sequence is added by its length, then its top."""
        _ = self.s._
        now = self.s.progress()
        who = ask.who
        if ask.phase == "sequences":
            legal = {p["length"] for p in now.choices.get("add", [])}
            lengths = list(dict.fromkeys(p["length"] for p in now.grid.get("add", [])))
            options = [
                Option(
                    f"len-{n}",
                    self.sequence_label(n),
                    {"say": "add", "by": who, "length": n} if n in legal else None,
                )
                for n in lengths
            ]
            row = len(options)
        else:
            options, row = self._grid("add", who, "set")
        done = Option(
            "done",
            _("Nothing more") + " " + _("(go on)"),
            {"say": "done"} if "done" in now.choices else None,
        )
        second = Option(
            "against",
            _("Higher ones (my call was good against the cards)"),
            {"say": "good_against_the_cards", "by": who}
            if "good_against_the_cards" in now.choices
            else None,
            on=ask.against,
        )
        text = _(
            "{name} is good. Any other {klass} to add?", name=whom, klass=class_word(_, ask.phase)
        )
        return Question(text, options, row, done=done, second=second)

    # ----- taps -----------------------------------------------------------
    def answer(self, key: str) -> None:
        """One tap on an answer button of the deal screen: one journal action."""
        option = next((o for o in self._current_options() if o.key == key), None)
        if option is not None and option.action is not None:
            self.s.act(option.action)

    def _current_options(self) -> list[Option]:
        record = self.s.record()
        deal = current_deal(record)
        now = self.s.progress()
        names = self._names()
        q = self._question(now.ask, deal, names)
        options = [*q.options, *(o for side in q.sides for o in side["options"])]
        options += [o for o in (q.done, q.second) if o is not None]
        return options + self._extras(record, deal, now, names)

    def _extras(
        self, record: dict[str, Any], deal: dict[str, Any], now: Progress, names: dict[str, str]
    ) -> list[Option]:
        """Answers beside the question: quick mode at the start of a deal, a
        throw-in when the engine offers one, and a carte rouge claim before the
        first trick when the partie plays that variant (the engine checks it)."""
        _ = self.s._
        options = []
        if now.entry == "dialogue" and (now.at_start or now.ask.phase == "carte_blanche"):
            # disabled in its place once a carte blanche is claimed, while that
            # question still shows (the players' buttons under it stay put)
            action = {"entry": "totals"} if now.at_start else None
            label = _("Quick mode: type this deal's totals only")
            options.append(Option("quick-on", label, action))
        options += [
            Option(
                f"throw-in-{role}",
                _("{name} cannot save the rubicon: throw in", name=names[role]),
                {"throw_in": role},
            )
            for role in now.may_throw_in
        ]
        rouge = (record.get("variants") or {}).get("carte_rouge")
        if rouge is not None and now.phase == "play" and now.tricks == 0:
            claimed = deal.get("carte_rouge") or []
            options += [
                Option(
                    f"carte-rouge-{role}",
                    _("{name} has carte rouge", name=names[role]),
                    {"carte_rouge": role},
                )
                for role in ("elder", "younger")
                if role not in claimed
            ]
        return options

    def trick_won(self, seat: int | str) -> None:
        """The player on that side of the screen (0: left, or top in portrait)
        won the trick. Only while the engine's question is the play (a seat
        button pressed during the declarations does nothing)."""
        if not isinstance(seat, int) or seat not in (0, 1):
            return
        if self.s.screen != "deal" or self.s.progress().phase != "play":
            return
        name = self.s.seats()[seat]
        self.s.act({"trick": ROLE_TRICK[self.s.progress().role_of(name)]})

    def prepare_next_trick(self) -> None:
        """During the play, both possible winners of the next trick are checked
        and scored ahead (`Journal.prepare`), while the table is still: the tap
        that says who won then only commits. Called once the tap's frame is
        drawn; `act` still decides inside its write transaction."""
        if self.s.screen != "deal" or self.s.form_traits():
            return
        if self.s.current() is None or self.s.progress().phase != "play":
            return
        ends = []
        for trick in ROLE_TRICK.values():
            self.s.journal.prepare({"trick": trick})
            foreseen = self.s.journal.foreseen({"trick": trick})
            if foreseen is not None and foreseen[1]["deals"][-1]["complete"]:
                ends.append(foreseen[0])
        # the deal's last trick: the end it opens has its lines told ahead too
        self.s.told.foresee(ends)

    def rehearsal(self) -> tuple[str, dict[str, Any]] | None:
        """The screen the next tap may open, and the action that opens it,
        for `PiquetApp.rehearse` to make ready while the table is still (that
        action prepared here, `Journal.prepare`): with one trick left, the end
        of the deal (as if the elder won the trick: the tap then redraws only
        what the other winner would change); once a deal is over and the
        partie goes on, the next deal's first question. None otherwise."""
        s = self.s
        if s.current() is None or s.form_traits():
            return None
        now = s.progress()
        action: dict[str, Any]
        if s.screen == DEAL and now.phase == "play" and now.tricks == TRICKS_PER_DEAL - 1:
            name, action = END_OF_DEAL, {"trick": ROLE_TRICK["elder"]}
        elif s.screen == END_OF_DEAL and not s.tally()["finished"]:
            name, action = DEAL, {"next_deal": True}
        else:
            return None
        return (name, action) if s.journal.prepare(action) else None

    def next_deal(self) -> None:
        if self.s.tally()["finished"]:
            self.final_sheet()
        else:
            self.s.act({"next_deal": True})

    def final_sheet(self) -> None:
        """From the last deal's lines to the partie's final sheet."""
        partie = self.s.current()
        if partie is not None:
            self.s.state.toggle("final_seen", partie, True)
            self.s.viewing = partie
        self.s.sheet_back = HOME
        self.s._show(SHEET)

    def header(self, score: dict[str, Any] | None = None) -> dict[str, Any]:
        score = score or self.s.tally()
        now = self.s.progress()
        deals = score["deals"]
        double = (
            bool(deals)
            and deals[-1]["number"] == now.deal
            and (deals[-1].get("multiplier", 1) != 1)
        )
        seats = self.s.seats()
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
            title = self.s._("Deal {n}", n=number) + " · " + self.s._("tie-break")
        elif regular:
            title = self.s._("Deal {n} of {of}", n=number, of=regular)
        else:
            title = self.s._("Deal {n}", n=number)
        return title + (" · " + self.s._("counts double") if double else "")

    def role_tags(self, elder: str) -> list[str]:
        """Beside each seat's name: who is elder and who deals (they change
        from deal to deal; the seats do not)."""
        return [
            self.s._("(elder)") if name == elder else self.s._("(younger, deals)")
            for name in self.s.seats()
        ]

    def deal_summary(
        self, record: dict[str, Any], score: dict[str, Any], number: int, names: list[str]
    ) -> dict[str, Any]:
        """A deal's result at the top (each player's points, pique, repique,
        capot, an even split of the tricks) and its lines with their why."""
        deal = score["deals"][number - 1]
        told = self.s.told.deal_told(record, number)
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
        bonus = self.s.play.banner(score, number)
        if bonus:
            notes.append(bonus)
        tricks = record["deals"][number - 1].get("tricks", "")
        won = [t if isinstance(t, str) else t.get("winner") for t in tricks]
        if (
            len(won) == 12
            and won.count("E") == 6
            and not any(line["category"] == "cards" for line in deal["lines"])
        ):
            notes.append(self.s._("Six tricks each: nobody scores for the cards."))
        return {
            "result": self.s._(
                "{a} +{sa}  ·  {b} +{sb}", a=a, b=b, sa=deal["scores"][a], sb=deal["scores"][b]
            ),
            "notes": "\n".join(notes),
            "lines": lines,
        }

    def _view_end_of_deal(self) -> dict[str, Any]:
        score = self.s.tally()
        deal = score["deals"][-1]
        header = self.header(score)
        header["title"] = self.s._("Deal {n} is over", n=deal["number"])
        final = bool(score["finished"])
        return {
            "header": header,
            **self.deal_summary(self.s.record(), score, deal["number"], self.s.seats()),
            "final": final,
            "main": self.s._("The final score sheet") if final else self.s._("Next deal"),
            "guide": self.s.guided.guided_hint(),
        }


def _row_len(grid: list[dict[str, Any]]) -> int:
    """The natural row length of an engine grid: the sets are a row of
    quatorzes over a row of trios; the others are one row."""
    counts = [p["count"] for p in grid if "count" in p]
    if counts:
        return counts.count(counts[0])
    return len(grid)


DONE_KEYS = ("cb-done", "ex-done", "done", "nothing")
