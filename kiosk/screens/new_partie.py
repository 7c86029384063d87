"""New partie, three pages: who plays and where each sits (`new_names`), the
game form and house rules (`new_rules`), who deals first and quick mode
(`new_start`).

A presenter the session holds (Kivy-free). The names are typed in the seats'
order (left then right, or top then bottom), which becomes the record's
`players` order; Swap sides changes it before the start. The variant keys and
values are the spec's table (`../shared/spec/record.md`); the engine checks
them when the partie is created. Quick mode is the engine's
`{"entry": "totals"}`, committed as the partie's first action.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kiosk.screens import NEW_NAMES, NEW_RULES, NEW_START
from scorer import ActionError, RecordError
from scorer.actions import guided
from scorer.house_rules import (
    CARTE_ROUGE,
    CARTE_ROUGE_VALUES,
    SWITCHES,
    TRICK_COUNT_MEANINGS,
    TRICK_COUNT_NAMES,
    TRICK_COUNTS,
)
from scorer.variants import GAMES, plays_to_target

if TYPE_CHECKING:
    from kiosk.session import Session

BOOL_VARIANTS = tuple(rule.key for rule in SWITCHES)
NAME_MAX = 40  # spec: a name is at most 40 characters


@dataclass
class Draft:
    """A new partie being set up on the New partie screens."""

    names: list[str] = field(default_factory=lambda: ["", ""])  # in the seats' order
    editing: int = 0
    game: str = "rubicon"
    variants: dict[str, Any] = field(default_factory=dict)
    first_dealer: int | None = None  # index into names
    cut: bool = False  # the first dealer was drawn by the kiosk ("draw for me")
    quick: bool = False
    guided: bool = False  # a hint at each step of the deal (kiosk/screens/guided.py)
    help: str = ""  # the last tapped house rule (or "dealer", "quick"): its meaning shows


class NewPartieSetup:
    """The New partie screens (`new_names`, `new_rules`, `new_start`)."""

    def __init__(self, session: Session) -> None:
        self.s = session
        session.screens.add(NEW_NAMES, self._view_new_names)
        session.screens.add(NEW_RULES, self._view_new_rules)
        session.screens.add(NEW_START, self._view_new_start)

    # ----- New partie -----------------------------------------------------
    def new_partie(self) -> None:
        self.s.draft = Draft()
        self.s._show(NEW_NAMES)

    def edit_name(self, index: int) -> None:
        self.s.draft.editing = index
        self.s.changed()

    def type_key(self, key: str) -> None:
        name = self.s.draft.names[self.s.draft.editing]
        if len(name) < NAME_MAX:
            if not name:
                key = key.upper()
            elif key != " ":
                key = key.lower()
            self.s.draft.names[self.s.draft.editing] = name + key
        self.s.message = ""
        self.s.changed()

    def backspace(self) -> None:
        i = self.s.draft.editing
        self.s.draft.names[i] = self.s.draft.names[i][:-1]
        self.s.changed()

    def pick_name(self, name: str) -> None:
        if self.s.multi.chosen_form():  # three to seven players: their own order of boxes
            self.s.multi.setup.multi_pick_name(name)
            return
        i = self.s.draft.editing
        self.s.draft.names[i] = name
        if i == 0 and not self.s.draft.names[1]:
            self.s.draft.editing = 1
        self.s.changed()

    def names_done(self) -> None:
        names = [n.strip() for n in self.s.draft.names]
        if not all(names):
            self.s._show(NEW_NAMES, self.s._("Type both names."))
            return
        if names[0] == names[1]:
            self.s._show(NEW_NAMES, self.s._("The two names must differ."))
            return
        self.s.draft.names = names
        self.s._show(NEW_RULES)

    def rules_done(self) -> None:
        if self.s.multi.chosen_form():  # three to seven players: their names page
            self.s.multi.setup.multi_rules_done()
            return
        self.s.draft.names = self.s.draft.names[:2]
        self.s._show(NEW_START)

    def swap_names(self) -> None:
        """The two players sit the other way round (before the start)."""
        d = self.s.draft
        d.names.reverse()
        if d.first_dealer is not None:
            d.first_dealer = 1 - d.first_dealer
        self.s.changed()

    def set_game(self, game: str) -> None:
        """A two-handed partie form (a form for more players chosen before goes)."""
        if self.s.multi.chosen_form():
            self.s.multi.setup.multi_draft = None
        if game in GAMES:
            self.s.draft.game = game
            if not plays_to_target(game):
                self.s.draft.variants.pop("stop_at_target", None)
        self.s.changed()

    def toggle_variant(self, key: str) -> None:
        v = self.s.draft.variants
        self.s.draft.help = key
        if key in BOOL_VARIANTS:
            if v.get(key):
                v.pop(key)
            else:
                v[key] = True
        elif key == "trick_count":
            i = TRICK_COUNTS.index(v.get(key, "standard"))
            nxt = TRICK_COUNTS[(i + 1) % len(TRICK_COUNTS)]
            if nxt == "standard":
                v.pop(key)
            else:
                v[key] = nxt
        elif key == "carte_rouge":
            i = CARTE_ROUGE_VALUES.index(v.get(key))
            value = CARTE_ROUGE_VALUES[(i + 1) % len(CARTE_ROUGE_VALUES)]
            if value is None:
                v.pop(key)
            else:
                v[key] = value
        self.s.changed()

    def set_first_dealer(self, index: int) -> None:
        self.s.draft.first_dealer = index
        self.s.draft.cut = False
        self.s.draft.help = "dealer"
        self.s.changed()

    def cut_for_deal(self) -> None:
        self.s.draft.first_dealer = self.s.rng.randrange(2)
        self.s.draft.cut = True
        self.s.draft.help = "dealer"
        self.s.changed()

    def toggle_quick(self) -> None:
        self.s.draft.quick = not self.s.draft.quick
        self.s.draft.help = "quick"
        self.s.changed()

    def start_partie(self) -> None:
        d = self.s.draft
        if d.first_dealer is None:
            self.s._show(NEW_START, self.s._("Say who deals first (or let the kiosk draw)."))
            return
        try:
            partie = self.s.journal.new_partie(
                list(d.names),
                d.names[d.first_dealer],
                game=d.game,
                variants=dict(d.variants) or None,
                lang=self.s.lang,  # kept with the partie: its sheet prints in it
            )
        except (ActionError, RecordError, ValueError) as exc:
            self.s._show(NEW_START, str(exc))
            return
        for key in ("swapped", "final_seen"):  # the names are in the seats' order
            self.s.state.toggle(key, partie, False)
        if d.guided:  # the partie's hints: the journal's (kiosk/screens/guided.py)
            self.s.journal.act({"hints": True})
        if d.quick:
            self.s.journal.act({"entry": "totals"})
        self.s._after_change()

    def return_match(self) -> None:
        """A new partie between the same players in the same seats, the other
        one dealing first, entered as the last deal of this one was."""
        record = self.s.journal.record(self.s.viewing)
        names = self.s.seats(self.s.viewing)
        self.s.draft = Draft(
            names=names,
            game=record.get("game", "rubicon"),
            variants=dict(record.get("variants") or {}),
            first_dealer=1 - names.index(record["first_dealer"]),
            quick=record["deals"][-1].get("entry") == "totals",
            guided=guided(record),
        )
        self.s._show(NEW_START)

    def _view_new_names(self) -> dict[str, Any]:
        d = self.s.draft
        return {
            "names": list(d.names),
            "editing": d.editing,
            "recent": [n for n in self.s.club.recent_names() if n not in d.names],
            # every recent name, each in its place: one already in a box is
            # shown disabled there, so that the others do not slide
            "recent_all": self.s.club.recent_names(),
        }

    def _view_new_rules(self) -> dict[str, Any]:
        d = self.s.draft
        _ = self.s._
        on_off = {True: _("on"), False: _("off")}
        variants = []
        tc = d.variants.get("trick_count", "standard")
        variants.append(
            {
                "key": "trick_count",
                "on": tc != "standard",
                "label": _("Tricks: {count}", count=_(TRICK_COUNT_LABELS[tc])),
            }
        )
        for key in BOOL_VARIANTS:
            if key == "stop_at_target" and not plays_to_target(d.game):
                continue
            on = bool(d.variants.get(key))
            variants.append(
                {
                    "key": key,
                    "on": on,
                    "label": _("{rule}: {state}", rule=_(VARIANT_LABELS[key]), state=on_off[on]),
                }
            )
        cr = d.variants.get("carte_rouge")
        variants.append(
            {
                "key": "carte_rouge",
                "on": cr is not None,
                "label": _("Carte rouge: {value}", value=cr if cr is not None else _("off")),
            }
        )
        if d.help == "trick_count":
            help_text = _(TRICK_COUNT_HELP[tc])
        elif d.help in VARIANT_HELP and d.help != "quick":
            help_text = _(VARIANT_HELP[d.help])
        else:
            help_text = _(
                "Tap a house rule to change it; what it means shows here. None is the usual game."
            )
        view = {"names": list(d.names), "game": d.game, "variants": variants, "help": help_text}
        return self.s.multi.setup.multi_rules_view(view)  # the forms for more players beside

    def _view_new_start(self) -> dict[str, Any]:
        d = self.s.draft
        _ = self.s._
        on_off = {True: _("on"), False: _("off")}
        dealer = ""
        if d.first_dealer is not None:
            name = d.names[d.first_dealer]
            dealer = (
                _("The kiosk drew {name} to deal first.", name=name)
                if d.cut
                else _("{name} deals first.", name=name)
            )
        return {
            "names": list(d.names),
            "first_dealer": -1 if d.first_dealer is None else d.first_dealer,
            "dealer_text": dealer,
            "quick": d.quick,
            "quick_label": _("Quick mode: {state}", state=on_off[d.quick]),
            "quick_help": _(VARIANT_HELP["quick"]),
            "guided": d.guided,
            "guided_label": _("Guided deal: {state}", state=on_off[d.guided]),
            "guided_help": _(
                "Guided deal: at each step a short hint says what the players "
                "do and say at the table."
            ),
        }


GAME_LABELS = {
    "rubicon": "Rubicon piquet",
    "four-deal": "Four-deal partie",
    "au-cent": "Piquet au cent",
}
# the house rules' names and meanings are the engine's (scorer.house_rules)
TRICK_COUNT_LABELS = TRICK_COUNT_NAMES
VARIANT_LABELS = {rule.key: rule.name for rule in SWITCHES}
TRICK_COUNT_HELP = TRICK_COUNT_MEANINGS
VARIANT_HELP = {
    **{rule.key: rule.meaning for rule in (*SWITCHES, CARTE_ROUGE)},
    "quick": "Quick mode: type each deal's two totals only; the table keeps the sheet. "
    "It can be switched at the start of any deal.",
}
