"""Drills on the kiosk: random hands, a question, answer buttons, the engine's
check and its explanation, and a progress record per player in the journal.

A presenter the session holds (Kivy-free). The questions, the right answers and
the explanations are `scorer.drills`' (checked against the engine); each
answer is kept in the journal's database (`Journal.record_drill`, schema 4)
and a player's tally is read once from it (`Journal.drill_tally`, an index
on the player) and then kept up to date here, so an answer costs one small
write whatever the journal holds. The player is picked from the journal's
recent names (`Journal.recent_players`, bounded reads) or typed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from journal import JournalError
from kiosk.screens import DRILL_PLAYER, DRILLS
from scorer.errors import ActionError

if TYPE_CHECKING:
    from kiosk.session import Session
    from scorer.drills import Drill

# scorer.drills and scorer.guide are imported on the first drill, not at the
# kiosk's start (tests/kiosk/test_teaching.py checks ORDER against KINDS)

NAME_MAX = 40  # spec: a name is at most 40 characters
ANSWER_KEY = "answer-"
LETTERS = tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZÉÈÊËÏÔÇ-'")
# the kinds, as the screen's kind button names them (English message ids)
KIND_LABELS = {
    "": "Questions: all kinds",
    "point": "Questions: your point",
    "sequence": "Questions: your best sequence",
    "good": "Questions: who is good",
    "elder_before_lead": "Questions: Elder before his lead",
    "bonus": "Questions: pique or repique",
    "settlement": "Questions: the settlement",
}
ORDER = tuple(KIND_LABELS)


def _section_title(rule: str, lang: str) -> str:
    from scorer.guide import section

    return str(section(rule, lang).title)


class DrillPractice:
    """The `drills` and `drill_player` screens."""

    def __init__(self, session: Session) -> None:
        self.s = session
        session.screens.add(DRILLS, self._view_drills)
        session.screens.add(DRILL_PLAYER, self._view_drill_player)
        self.drill_player = ""
        self.drill_typed = ""
        self.drill_kind = ""  # "" for every kind in turn, at random
        self.drill: Drill | None = None
        self.drill_chosen: int | None = None  # the index of the answer tapped
        self.drill_counts: dict[str, dict[str, int]] = {}
        self.drill_kept = True  # the last answer was kept in the journal
        self.drill_visit = 0  # bumped at each question and answer: the view scrolls to it

    # ----- the player -------------------------------------------------------
    def open_drills(self) -> None:
        """From Learn: the drills, or first who practises."""
        self.s.learn.learn_trail.append(self.s.learn.here())
        if self.drill_player:
            self._next_drill()
            self.s._show(DRILLS)
        else:
            self.drill_typed = ""
            self.s._show(DRILL_PLAYER)

    def drill_change_player(self) -> None:
        self.s.learn.learn_trail.append(self.s.learn.here())
        self.drill_typed = ""
        self.s._show(DRILL_PLAYER)

    def drill_pick(self, name: str) -> None:
        """A recent name, or the typed one: that player practises now."""
        name = name.removeprefix("player-").strip()
        if not name or len(name) > NAME_MAX:
            self.s._show(DRILL_PLAYER, self.s._("Type a name first."))
            return
        self.drill_player = name
        self.drill_counts = self.s.journal.drill_tally(name)
        trail = self.s.learn.learn_trail
        if trail and trail[-1].screen == DRILLS:  # "Change player" came from the drills
            trail.pop()
        self._next_drill()
        self.s._show(DRILLS)

    def drill_key(self, letter: str) -> None:
        text = self.drill_typed
        if len(text) < NAME_MAX:
            self.drill_typed = text + (letter.upper() if not text else letter.lower())
        self.s._show(DRILL_PLAYER)

    def drill_backspace(self) -> None:
        self.drill_typed = self.drill_typed[:-1]
        self.s._show(DRILL_PLAYER)

    def drill_name_done(self) -> None:
        self.drill_pick(self.drill_typed)

    # ----- the questions ------------------------------------------------------
    def _next_drill(self) -> None:
        from scorer.drills import make_drill

        kind = self.drill_kind or self.s.rng.choice(ORDER[1:])
        self.drill = make_drill(kind, self.s.rng, self.s.lang)
        self.drill_chosen = None
        self.drill_kept = True
        self.drill_visit += 1

    def drill_next(self) -> None:
        self._next_drill()
        self.s._show(DRILLS)

    def drill_cycle_kind(self) -> None:
        """All kinds, then each kind in turn: a new question of that kind."""
        self.drill_kind = ORDER[(ORDER.index(self.drill_kind) + 1) % len(ORDER)]
        self._next_drill()
        self.s._show(DRILLS)

    def drill_answer(self, key: str) -> None:
        """An answer tapped: checked by the engine, kept for the player."""
        drill = self.drill
        if drill is None or self.drill_chosen is not None:
            return
        try:
            index = int(key.removeprefix(ANSWER_KEY))
            choice = drill.choices[index]
        except (ValueError, IndexError):
            return
        if drill.lang != self.s.lang:  # the language changed: ask it again in words read now
            self._next_drill()
            self.s._show(DRILLS)
            return
        self.drill_chosen = index
        self.drill_visit += 1
        from scorer.drills import result_of

        result = result_of(self.drill_player, drill, choice.answer)
        try:
            self.s.journal.record_drill(result)
            self.drill_kept = True
        except (ActionError, JournalError):
            self.drill_kept = False
        else:
            counts = self.drill_counts.setdefault(drill.kind, {"asked": 0, "right": 0})
            counts["asked"] += 1
            counts["right"] += int(result.right)
        self.s._show(DRILLS)

    def drill_rule(self) -> None:
        """The guide's section that explains the question, at a worked example."""
        if self.drill is not None:
            self.s.learn.open_rule(self.drill.section)

    # ----- views ----------------------------------------------------------------
    def _view_drill_player(self) -> dict[str, Any]:
        recent = self.s.journal.recent_players(6)
        return {
            "typed": self.drill_typed,
            "recent": [{"key": "player-" + n, "label": n} for n in recent],
            "letters": [{"key": "letter-" + c, "label": c} for c in LETTERS],
        }

    def _view_drills(self) -> dict[str, Any]:
        _ = self.s._
        drill = self.drill
        if drill is None or drill.lang != self.s.lang:
            self._next_drill()
            drill = self.drill
        assert drill is not None
        answered = self.drill_chosen is not None
        right = answered and drill.check(drill.choices[self.drill_chosen or 0].answer).right
        choices = []
        for i, choice in enumerate(drill.choices):
            choices.append(
                {
                    "key": f"{ANSWER_KEY}{i}",
                    "label": choice.label,
                    "enabled": not answered,
                    # once answered, the right answer is marked
                    "on": answered and drill.check(choice.answer).right,
                }
            )
        outcome = ""
        if answered:
            said = drill.choices[self.drill_chosen or 0].label
            outcome = (
                (
                    _("Right: {answer}.", answer=said)
                    if right
                    else _("Not quite: you said {answer}.", answer=said)
                )
                + "\n"
                + drill.why
            )
            if not self.drill_kept:
                outcome += "\n" + _("(Not kept: the journal cannot be written.)")
        return {
            "player": self.drill_player,
            "visit": self.drill_visit,
            "progress": self._progress_line(),
            "kind_label": _(KIND_LABELS[self.drill_kind]),
            "hands": self._hands_markup(drill),
            "prompt": drill.prompt,
            "choices": choices,
            "answered": answered,
            "right": right,
            "outcome": outcome,
            "rule_label": _("The rule: {title}", title=_section_title(drill.section, self.s.lang)),
        }

    def _progress_line(self) -> str:
        _ = self.s._
        asked = sum(c["asked"] for c in self.drill_counts.values())
        right = sum(c["right"] for c in self.drill_counts.values())
        if not asked:
            return _("{name}: no answers yet.", name=self.drill_player)
        line = _(
            "{name}: {right} right of {asked}", name=self.drill_player, right=right, asked=asked
        )
        if self.drill_kind and self.drill_kind in self.drill_counts:
            mine = self.drill_counts[self.drill_kind]
            line += "  ·  " + _(
                "this kind: {right} of {asked}", right=mine["right"], asked=mine["asked"]
            )
        return line

    def _hands_markup(self, drill: Drill) -> str:
        """The hands as cards: a suit symbol, then the ranks held in it."""
        from kiosk.screens.calculator import RED_SUITS, SUIT_SYMBOLS, rank_letter
        from scorer.cards import SUITS, Card

        _ = self.s._

        def cards(texts: tuple[str, ...]) -> str:
            parsed = [Card.parse(t) for t in texts]
            groups = []
            for suit in SUITS:
                ranks = [
                    rank_letter(c.rank, self.s.lang)
                    for c in sorted((c for c in parsed if c.suit == suit), key=lambda c: -c.height)
                ]
                if ranks:
                    color = "ff8a80" if suit in RED_SUITS else "ffffff"
                    groups.append(
                        f"[font=DejaVuSans][color={color}]{SUIT_SYMBOLS[suit]}"
                        f"[/color][/font] " + " ".join(ranks)
                    )
            return "    ".join(groups)

        if drill.against:
            return "\n".join(
                [
                    "[b]" + _("Elder:") + "[/b]  " + cards(drill.hand),
                    "[b]" + _("Younger:") + "[/b]  " + cards(drill.against),
                ]
            )
        if drill.hand:
            return "[b]" + _("Your hand:") + "[/b]  " + cards(drill.hand)
        return ""
