"""A new game for three to seven players, and the Chouette seat between two
parties (a presenter the session holds, no Kivy).

The form is chosen on the New partie rules page, after the two-handed
partie forms (Rubicon, four deals, au Cent): the New partie presenter
(`kiosk.screens.new_partie`) asks this part, through the session, for the
rules page's forms (`multi_rules_view`), its Next (`multi_rules_done`) and a
picked name (`multi_pick_name`) once a form is chosen. Then two pages of its
own:

- `multi_names`: the players typed in seating order going to the left
  (seat A first, each next player at the left of the one before, as the
  record wants); the page says who sits where. À Écrire takes three to
  seven, the others their fixed number.
- `multi_start`: the form's settings (`scorer.multi.SETTINGS`, each with its
  meaning in words), the two-handed partie of Voleur and Chouette, who deals
  first (not in Chouette: each partie names its own), quick mode.

The Chouette seat (`chouette_seat`) comes before each partie of a sitting:
the engine's suggestion (`scorer.multi.chouette.next_partie`, in the
answer's `next`) is chosen already and the players confirm it or choose
another allowed seat; Start is the one journal action, `next_partie`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kiosk.multi import MULTI_NAMES, MULTI_START
from kiosk.multi.words import (
    FORM_BUTTONS,
    FORM_HELP,
    FORM_LABELS,
    SETTING_HELP,
    SETTING_LABELS,
    SETTING_STEPS,
    SETTING_VALUES,
)
from scorer.errors import ActionError, RecordError
from scorer.multi import FORMS, PLAYER_COUNTS, SETTINGS
from scorer.multi.record import TAKES_GAME, TAKES_VARIANTS
from scorer.multi.traits import traits
from scorer.variants import GAMES, plays_to_target

if TYPE_CHECKING:
    from kiosk.session import Session

TWO_HANDED_GAMES = GAMES  # the partie forms between the sides, as for two players
MAX_PLAYERS = 7


@dataclass
class MultiDraft:
    """A new game of three to seven players being set up (beside the two-player
    `Draft`, whose names it shares; it belongs to that draft only)."""

    draft: Any  # the New partie Draft this form was chosen in
    form: str
    settings: dict[str, Any] = field(default_factory=dict)
    first_dealer: int | None = None
    cut: bool = False
    quick: bool = False
    help: str = ""  # the last tapped setting: its meaning shows


@dataclass
class SeatDraft:
    """The Chouette seat being chosen for the next partie."""

    key: str  # the journal partie and the number of parties it was made for
    single: str | None
    playing: str | None
    first_dealer: str | None = None
    cut: bool = False


def picked(keys: tuple[str, ...], chosen: str) -> list[tuple[str, bool]]:
    """Each choice of a row of buttons with whether it is the one chosen (one on)."""
    return [(key, key == chosen) for key in keys]


class MultiSetup:
    """New games of three to seven players (`multi_names`, `multi_start`) and
    the Chouette seat between two parties (`chouette_seat`)."""

    def __init__(self, session: Session) -> None:
        self.s = session
        self.multi_draft: MultiDraft | None = None
        self.seat_draft: SeatDraft | None = None
        self.chouette_quick = False  # quick mode chosen at the setup, for the first partie

    # ----- the form, on the rules page ------------------------------------
    def multi_form(self) -> str:
        md = self.multi_draft
        return md.form if md is not None and md.draft is self.s.draft else ""

    def set_form(self, form: str) -> None:
        """A game for more players: its own pages follow the rules page."""
        if form in FORMS:
            self.multi_draft = MultiDraft(self.s.draft, form)
            if form in TAKES_GAME and not plays_to_target(self.s.draft.game):
                self.s.draft.variants.pop("stop_at_target", None)
        self.s.changed()

    def multi_rules_done(self) -> None:
        """The rules page's Next with a form for more players: its names page."""
        form = self.multi_form()
        if not traits(form).takes_variants:  # normand, voleur
            self.s.draft.variants = {}
        least, most = PLAYER_COUNTS[form]
        names = list(self.s.draft.names)
        count = min(max(len(names), least), most)
        self.s.draft.names = (names + [""] * count)[:count]
        self.s.draft.editing = next((i for i, n in enumerate(self.s.draft.names) if not n), 0)
        self.s._show(MULTI_NAMES)

    def multi_rules_view(self, view: dict[str, Any]) -> dict[str, Any]:
        """The rules page's view with the forms for more players added."""
        form = self.multi_form()
        view["forms"] = [
            {
                "key": f"form-{f}",
                "label": self.s._(FORM_BUTTONS[f]),
                "on": f == form,
                "enabled": True,
            }
            for f in FORMS
        ]
        if form:
            view["game"] = form
            view["help"] = self.s._(FORM_HELP[form])
            if form not in TAKES_VARIANTS:
                view["variants"] = []
                view["help"] += " " + self.s._("Its own rule choices come on the next page.")
        return view

    # ----- the players, in seating order -------------------------------------
    def multi_pick_name(self, name: str) -> None:
        """A recent player's name; then on to the next empty box."""
        d = self.s.draft
        d.names[d.editing] = name
        d.editing = next((i for i, n in enumerate(d.names) if not n), d.editing)
        self.s.changed()

    def multi_players(self, change: int) -> None:
        """À Écrire: one player more or fewer (three to seven)."""
        form = self.multi_form()
        least, most = PLAYER_COUNTS.get(form, (3, 3))
        names = list(self.s.draft.names)
        count = min(max(len(names) + change, least), most)
        self.s.draft.names = (names + [""] * count)[:count]
        self.s.draft.editing = min(self.s.draft.editing, count - 1)
        md = self.multi_draft
        if md is not None and md.first_dealer is not None and md.first_dealer >= count:
            md.first_dealer = None
        self.s.changed()

    def seating_words(self, names: list[str]) -> str:
        """Who sits where, in words: each at the left of the one before; in
        Voleur, the sides (partners opposite)."""
        _ = self.s._
        form = self.multi_form()
        if form and traits(form).sides and len(names) == 4 and all(names):
            return _(
                "Partners sit opposite: {a} and {b} against {c} and {d}.",
                a=names[0],
                b=names[2],
                c=names[1],
                d=names[3],
            )
        return _("Each sits at the left of the one before (clockwise).")

    def _view_multi_names(self) -> dict[str, Any]:
        _ = self.s._
        d = self.s.draft
        form = self.multi_form()
        least, most = PLAYER_COUNTS.get(form, (3, 3))
        boxes = []
        for i, name in enumerate(d.names):
            boxes.append(
                {
                    "key": f"name{i}",
                    "label": f"{i + 1}  {name or '…'}{'_' if d.editing == i else ''}",
                    "on": d.editing == i,
                    "enabled": True,
                }
            )
        # every seat the form may have, in its place: those not taken yet are
        # disabled there, so that a seat added (+) moves none of the others
        for i in range(len(d.names), most):
            boxes.append({"key": f"name{i}", "label": f"{i + 1}", "on": False, "enabled": False})
        recent = [n for n in self.s.club.recent_names() if n not in d.names]
        return {
            "title": _(FORM_LABELS.get(form, "")),
            "boxes": boxes,
            "box_cols": 1 if len(boxes) <= 3 else 2,
            "seating": self.seating_words(list(d.names)),
            "recent": recent,
            "recent_all": self.s.club.recent_names(),
            "can_fewer": len(d.names) > least,
            "can_more": len(d.names) < most,
            "varies": least != most,
        }

    def multi_names_done(self) -> None:
        names = [n.strip() for n in self.s.draft.names]
        if not all(names):
            self.s._show(MULTI_NAMES, self.s._("Type every player's name."))
            return
        if len(set(names)) != len(names):
            self.s._show(MULTI_NAMES, self.s._("Each player needs a name of his own."))
            return
        self.s.draft.names = names
        self.s._show(MULTI_START)

    # ----- the form's settings, who deals first -------------------------------
    def multi_setting(self, key: str) -> None:
        """The next choice of a setting (the engine's list), or a game form."""
        md = self.multi_draft
        if md is None:
            return
        md.help = key
        if key in TWO_HANDED_GAMES:
            self.s.draft.game = key
        elif key in SETTINGS.get(md.form, {}):
            setting = SETTINGS[md.form][key]
            now = md.settings.get(key, setting.default)
            # the choices that need each trick's cards are left out: the kiosk
            # takes each trick's winner only
            steps = tuple(c for c in setting.choices if c not in setting.needs_cards) or (
                SETTING_STEPS.get(key, (setting.default,))
            )
            nxt = steps[(steps.index(now) + 1) % len(steps)] if now in steps else steps[0]
            if nxt == setting.default:
                md.settings.pop(key, None)
            else:
                md.settings[key] = nxt
        self.s.changed()

    def multi_first_dealer(self, index: int) -> None:
        md = self.multi_draft
        if md is not None:
            md.first_dealer, md.cut, md.help = index, False, "dealer"
        self.s.changed()

    def multi_cut(self) -> None:
        md = self.multi_draft
        if md is not None:
            md.first_dealer = self.s.rng.randrange(len(self.s.draft.names))
            md.cut, md.help = True, "dealer"
        self.s.changed()

    def multi_toggle_quick(self) -> None:
        md = self.multi_draft
        if md is not None:
            md.quick = not md.quick
            md.help = "quick"
        self.s.changed()

    def _view_multi_start(self) -> dict[str, Any]:
        _ = self.s._
        md = self.multi_draft
        d = self.s.draft
        if md is None:
            return {"title": "", "settings": [], "dealers": [], "help": ""}
        settings = []
        if md.form in TAKES_GAME:
            labels = {
                "rubicon": "Rubicon (6 deals)",
                "four-deal": "Four deals",
                "au-cent": "Au cent (to 100)",
            }
            settings += [
                {"key": g, "label": _(labels[g]), "on": on, "enabled": True}
                for g, on in picked(TWO_HANDED_GAMES, d.game)
            ]
        for key, setting in SETTINGS[md.form].items():
            value = md.settings.get(key, setting.default)
            shown = (
                _(SETTING_VALUES[(key, value)]) if (key, value) in SETTING_VALUES else str(value)
            )
            settings.append(
                {
                    "key": key,
                    "label": _(SETTING_LABELS[(md.form, key)], value=shown),
                    "on": key in md.settings,
                    "enabled": True,
                }
            )
        dealer = ""
        if md.first_dealer is not None:
            name = d.names[md.first_dealer]
            dealer = (
                _("The kiosk drew {name} to deal first.", name=name)
                if md.cut
                else _("{name} deals first.", name=name)
            )
        on_off = {True: _("on"), False: _("off")}
        return {
            "title": _(FORM_LABELS[md.form]),
            "settings": settings,
            "setting_cols": 2 if len(settings) > 2 else len(settings) or 1,
            "needs_dealer": not traits(md.form).parties,  # a sitting seats each partie
            "dealers": [
                {"key": f"dealer{i}", "label": n, "on": md.first_dealer == i, "enabled": True}
                for i, n in enumerate(d.names)
            ],
            "dealer_text": dealer,
            "help": self._multi_help(md),
            "quick": md.quick,
            "quick_label": _("Quick mode: {state}", state=on_off[md.quick]),
        }

    def _multi_help(self, md: MultiDraft) -> str:
        _ = self.s._
        key = md.help
        if key in SETTINGS.get(md.form, {}):
            value = md.settings.get(key, SETTINGS[md.form][key].default)
            text = SETTING_HELP.get((key, value)) or SETTING_HELP.get((key, None), "")
            return _(text)
        if key in TWO_HANDED_GAMES:
            return _(
                "The partie between the sides (Voleur) or against the single player "
                "(Chouette), as for two players."
            )
        if key == "quick":
            return _(
                "Quick mode: type each deal's totals only; the table keeps the sheet. "
                "It can be switched at the start of any deal."
            )
        if traits(md.form).parties:
            return _("Before each partie the kiosk asks who holds the single seat.")
        return _(
            "Tap a rule to change it; what it means shows here. Then say who deals "
            "first (cut the cards): the deal passes to the left."
        )

    def multi_start(self) -> None:
        md = self.multi_draft
        d = self.s.draft
        if md is None:
            return
        sitting = traits(md.form).parties  # chouette: the seats asked before each partie
        if not sitting and md.first_dealer is None:
            self.s._show(MULTI_START, self.s._("Say who deals first (or let the kiosk draw)."))
            return
        try:
            self.s.journal.new_multi_partie(
                md.form,
                list(d.names),
                d.names[md.first_dealer] if md.first_dealer is not None else None,
                game=d.game if md.form in TAKES_GAME else None,
                variants=dict(d.variants) if md.form in TAKES_VARIANTS else None,
                settings=dict(md.settings) or None,
                lang=self.s.lang,  # kept with the partie: its sheet prints in it
            )
        except (ActionError, RecordError, ValueError) as exc:
            self.s._show(MULTI_START, str(exc))
            return
        if md.quick and not sitting:  # the first deal entered as totals
            self.s.multi.game._multi_commit([{"entry": "totals"}])
        self.chouette_quick = md.quick and sitting  # its first partie's, below
        self.multi_draft = None
        self.seat_draft = None
        self.s._after_change()

    # ----- Chouette: who takes the seat ----------------------------------------
    def _seat_draft(self) -> SeatDraft:
        score = self.s.score()
        key = f"{self.s.current()}:{len(score.get('parties') or [])}"
        if self.seat_draft is None or self.seat_draft.key != key:
            nxt = score.get("next") or {}
            self.seat_draft = SeatDraft(key, nxt.get("single"), nxt.get("playing"))
        return self.seat_draft

    def seat_single(self, name: str) -> None:
        nxt = self.s.score().get("next") or {}
        draft = self._seat_draft()
        if name in (nxt.get("choices") or []):
            draft.single = name
            if nxt.get("playing") is None and draft.playing == name:
                draft.playing = None
            if draft.first_dealer not in (draft.single, draft.playing):
                draft.first_dealer = None
        self.s.changed()

    def seat_playing(self, name: str) -> None:
        nxt = self.s.score().get("next") or {}
        draft = self._seat_draft()
        if nxt.get("playing") is None and name != draft.single:
            draft.playing = name
            if draft.first_dealer not in (draft.single, draft.playing):
                draft.first_dealer = None
        self.s.changed()

    def seat_dealer(self, name: str) -> None:
        draft = self._seat_draft()
        if name in (draft.single, draft.playing):
            draft.first_dealer, draft.cut = name, False
        self.s.changed()

    def seat_cut(self) -> None:
        draft = self._seat_draft()
        two = [n for n in (draft.single, draft.playing) if n]
        if len(two) == 2:
            draft.first_dealer, draft.cut = two[self.s.rng.randrange(2)], True
        self.s.changed()

    def seat_tap(self, key: str) -> None:
        """A button of the seat screen: "single-NAME", "playing-NAME", "deals-NAME"
        or "draw"."""
        kind, _sep, name = key.partition("-")
        if kind == "single":
            self.seat_single(name)
        elif kind == "playing":
            self.seat_playing(name)
        elif kind == "deals":
            self.seat_dealer(name)
        elif kind == "draw":
            self.seat_cut()

    def seat_start(self) -> None:
        """Confirm the seats: `next_partie`, one journal action."""
        draft = self._seat_draft()
        score = self.s.score()
        if not (draft.single and draft.playing and draft.first_dealer):
            self.s._show(
                self.s.screen,
                self.s._(
                    "Say who holds the single seat, who plays for the pair and who deals first."
                ),
            )
            return
        letter = {name: seat for seat, name in score["seats"].items()}
        partie = {
            "next_partie": {
                "single": letter[draft.single],
                "playing": letter[draft.playing],
                "first_dealer": letter[draft.first_dealer],
            }
        }
        if not self.chouette_quick:
            self.s.act(partie)
            return
        # quick mode chosen at the setup: the first partie's first deal in totals
        error = self.s.multi.game._multi_commit([partie, {"entry": "totals"}])
        if error:
            self.s._show(self.s.screen, error)
            return
        self.chouette_quick = False
        self.s._after_change()

    def _view_chouette_seat(self) -> dict[str, Any]:
        if not self.s.form_traits():
            return {}
        _ = self.s._
        score = self.s.score()
        nxt = score.get("next") or {"single": None, "choices": score["players"], "playing": None}
        draft = self._seat_draft()
        parties = score.get("parties") or []
        number = len(parties) + 1
        players = list(score["players"])
        if not parties:
            why = _("Cut the cards: the highest takes the single seat.")
        else:
            last = parties[-1]
            if last["winner"] == "single":
                why = _(
                    "{single} won partie {n} and keeps the single seat; {advising}, who "
                    "advised, now plays.",
                    single=last["single"],
                    n=last["number"],
                    advising=last["advising"],
                )
            elif last["winner"] is None:
                why = _(
                    "Partie {n} was drawn: {single} keeps the single seat; {advising}, "
                    "who advised, now plays.",
                    single=last["single"],
                    n=last["number"],
                    advising=last["advising"],
                )
            else:
                why = _(
                    "{single} lost partie {n}: {winner}, who won for the pair, takes the "
                    "single seat; {advising}, who advised, now plays and {single} advises.",
                    single=last["single"],
                    n=last["number"],
                    winner=last["playing"],
                    advising=last["advising"],
                )

        def choice(prefix: str, name: str, on: bool, enabled: bool, suggested: bool) -> dict:
            label = _("{name} (suggested)", name=name) if suggested else name
            return {
                "key": f"{prefix}-{name}",
                "label": label,
                "on": on,
                "enabled": enabled,
                "name": name,
            }

        singles = [
            choice(
                "single",
                n,
                draft.single == n,
                n in nxt["choices"],
                n == nxt.get("single") and len(nxt["choices"]) > 1,
            )
            for n in players
        ]
        pair = [n for n in players if n != draft.single]
        fixed = nxt.get("playing")
        playing = (
            [
                choice(
                    "playing",
                    n,
                    draft.playing == n,
                    draft.single is not None and (fixed is None or n == fixed),
                    False,
                )
                for n in pair
            ]
            if draft.single
            else []
        )
        two = [n for n in (draft.single, draft.playing) if n]
        dealers = (
            [choice("deals", n, draft.first_dealer == n, True, False) for n in two]
            if len(two) == 2
            else []
        )
        if dealers:
            dealers.append(
                {"key": "draw", "label": _("Draw for me"), "on": False, "enabled": True, "name": ""}
            )
        dealer = ""
        if draft.first_dealer and draft.cut:
            dealer = _("The kiosk drew {name} to deal first.", name=draft.first_dealer)
        card = ""
        if score.get("card"):
            net = score["card"][-1]["net"]
            card = _(
                "The card (in tens): {net}",
                net=" · ".join(f"{n} {net[n]:+d}".replace("-", "−") for n in players),
            )
        return {
            "title": _("Partie {n}: who sits where?", n=number),
            "why": why,
            "card": card,
            "singles": singles,
            "playing": playing,
            "dealers": dealers,
            "message": self.s.message or dealer,
            "can_start": bool(draft.single and draft.playing and draft.first_dealer),
            "start": _("Start partie {n}", n=number),
        }
