"""The hand calculator: tap twelve cards on a 32-card grid and see what the
hand holds; tap the opponent's twelve and see who is good in each class.

A presenter the session holds (Kivy-free). What a hand holds is the engine's
`read_hand`; who is good, what the good side scores in each class and
whether the declarations make a repique is `scorer.calculator.compare`; the
score lines with their why are the engine's too, for a deal of the two hands
with players named by their roles (Elder, Younger), so that each line names
the hand it speaks of. Nothing here decides a rule: it only words the
engine's answers and keeps which cards are tapped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kiosk.screens import CALCULATOR
from scorer.calculator import CLASSES, SIDES, compare, deal_record
from scorer.cards import RANKS, SUITS, full_pack
from scorer.hand import read_hand
from scorer.score import score_record
from scorer.wording import render, sequence_phrase, set_phrase
from vocabulary.terms import CLASS_TERMS, capitalised, term

if TYPE_CHECKING:
    from kiosk.session import Session

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED_SUITS = ("H", "D")
HAND_SIZE = 12
CARD_KEY = "card-"


def lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def facts(lang: str) -> dict[str, Any]:
    """The guide's numbers (the guide is imported on first use, not at the kiosk's start)."""
    from scorer.guide.facts import facts as guide_facts

    return guide_facts(lang)


def _words(lang: str) -> Any:
    from scorer.guide.words import small_words

    return small_words(lang)


def rank_letter(rank: str, lang: str) -> str:
    """A rank as the guide writes it: A K Q J in English, A R D V in French."""
    return str(_words(lang)["letters"].get(rank, rank))


class HandCalculator:
    """The `calculator` screen."""

    def __init__(self, session: Session) -> None:
        self.s = session
        session.screens.add(CALCULATOR, self._view_calculator)
        self.calc_hands: dict[str, list[str]] = {"hand": [], "against": []}
        self.calc_side = "hand"  # the hand being tapped in
        self.calc_elder = "hand"  # which hand is Elder

    def open_calculator(self) -> None:
        """From Learn (Back returns there); the hands tapped before are kept."""
        self.s.learn.learn_trail.append(self.s.learn.here())
        self.s._show(CALCULATOR)

    # ----- taps ------------------------------------------------------------
    def calc_tap(self, key: str) -> None:
        """A card of the grid: into the hand being tapped in, or out of it."""
        card = key.removeprefix(CARD_KEY)
        other = "against" if self.calc_side == "hand" else "hand"
        mine = self.calc_hands[self.calc_side]
        message = ""
        if card in self.calc_hands[other]:
            message = self.s._("That card is in the other hand.")
        elif card in mine:
            mine.remove(card)
        elif len(mine) >= HAND_SIZE:
            message = self.s._("Twelve cards already: tap one of them to take it out.")
        elif card in {str(c) for c in full_pack()}:
            mine.append(card)
        self.s._show(CALCULATOR, message)

    def calc_switch(self, side: str) -> None:
        """Tap in your own hand or the opponent's."""
        if side in SIDES:
            self.calc_side = side
        self.s._show(CALCULATOR)

    def calc_clear(self) -> None:
        """Empty the hand being tapped in."""
        self.calc_hands[self.calc_side] = []
        self.s._show(CALCULATOR)

    def calc_deal(self) -> None:
        """Fill the hand being tapped in at random, from the cards left."""
        taken = set(self.calc_hands["hand"]) | set(self.calc_hands["against"])
        left = [str(c) for c in full_pack() if str(c) not in taken]
        mine = self.calc_hands[self.calc_side]
        self.s.rng.shuffle(left)
        mine += left[: HAND_SIZE - len(mine)]
        self.s._show(CALCULATOR)

    def calc_toggle_elder(self) -> None:
        self.calc_elder = "against" if self.calc_elder == "hand" else "hand"
        self.s._show(CALCULATOR)

    # ----- what the screen shows ---------------------------------------------
    def _role(self, side: str) -> str:
        return "elder" if side == self.calc_elder else "younger"

    def _side_name(self, side: str, start: bool = False) -> str:
        """ "you (Elder)", "the opponent (Younger)"; capitalised at a sentence's start."""
        _ = self.s._
        role = _("Elder") if self._role(side) == "elder" else _("Younger")
        who = _("you") if side == "hand" else _("the opponent")
        name = _("{who} ({role})", who=who, role=role)
        return name[:1].upper() + name[1:] if start else name

    def _role_word(self, side: str) -> str:
        _ = self.s._
        return _("Elder") if self._role(side) == "elder" else _("Younger")

    def _view_calculator(self) -> dict[str, Any]:
        _ = self.s._
        lang = self.s.lang
        side, hands = self.calc_side, self.calc_hands
        other = "against" if side == "hand" else "hand"
        rows = []
        for suit in SUITS:
            cards = []
            for rank in reversed(RANKS):
                card = f"{rank}{suit}"
                held = (
                    "hand"
                    if card in hands["hand"]
                    else "against"
                    if card in hands["against"]
                    else ""
                )
                cards.append(
                    {
                        "key": CARD_KEY + card,
                        "label": rank_letter(rank, lang),
                        "held": held,
                        "enabled": held != other,
                    }
                )
            rows.append(
                {
                    "suit": suit,
                    "symbol": SUIT_SYMBOLS[suit],
                    "red": suit in RED_SUITS,
                    "cards": cards,
                }
            )
        counts = {s: len(hands[s]) for s in SIDES}
        return {
            "rows": rows,
            "side": side,
            "hand_label": _("Your hand: {n}/{of}", n=counts["hand"], of=HAND_SIZE),
            "against_label": _("Opponent: {n}/{of}", n=counts["against"], of=HAND_SIZE),
            "elder_label": _("You are Elder")
            if self.calc_elder == "hand"
            else _("You are Younger"),
            "caption": _("Tap the cards of your hand (white).")
            if side == "hand"
            else _("Tap the opponent's cards (blue)."),
            "results": self._calc_results(),
            "lines": self._calc_lines(),
        }

    def _holding(self, side: str) -> list[str]:
        """What one complete hand holds, and what each part scores if good."""
        _ = self.s._
        lang = self.s.lang
        read: dict[str, Any] = read_hand(list(self.calc_hands[side]))
        words = _words(lang)
        out = []
        if read["carte_blanche"]:
            out.append(
                _(
                    "Carte blanche: {n} at once (no king, queen or jack).",
                    n=facts(lang)["carte_blanche"],
                )
            )
        point = read["point"]
        out.append(
            _(
                "Point: {cards} cards in {suit}, making {value}: {n} if good.",
                cards=point["cards"],
                suit=words["suits"][point["suit"]],
                value=point["value"],
                n=point["scores"],
            )
        )
        sequences = [
            _(
                "{what} in {suit}: {n}",
                what=lower(render(sequence_phrase(s["length"], s["top"]), lang)),
                suit=words["suits"][s["suit"]],
                n=s["scores"],
            )
            for s in read["sequences"]
        ]
        out.append(
            _("Sequences: {list}.", list="; ".join(sequences))
            if sequences
            else _("Sequences: none.")
        )
        sets = [
            _(
                "{what}: {n}",
                what=lower(render(set_phrase(s["count"], s["rank"]), lang)),
                n=s["scores"],
            )
            for s in read["sets"]
        ]
        out.append(
            _("Trios and quatorzes: {list}.", list="; ".join(sets))
            if sets
            else _("Trios and quatorzes: none.")
        )
        return out

    def _calc_results(self) -> str:
        """The hands read; once both are in, who is good in each class and the
        repique first, then the hands read."""
        _ = self.s._
        hands = self.calc_hands
        full = {s: len(hands[s]) == HAND_SIZE for s in SIDES}
        parts: list[str] = []
        for side in SIDES:
            block: list[str] = []
            if full[side]:
                title = (
                    _("Your hand ({role}):", role=self._role_word(side))
                    if side == "hand"
                    else _("The opponent's hand ({role}):", role=self._role_word(side))
                )
                block = ["[b]" + title + "[/b]", *self._holding(side)]
            elif side == self.calc_side or hands[side]:
                block = [
                    "[b]"
                    + self._side_name(side, start=True)
                    + "[/b]  "
                    + self.s.n_(
                        "Tap {n} more card.",
                        "Tap {n} more cards.",
                        HAND_SIZE - len(hands[side]),
                    )
                ]
            parts += ([""] if parts and block else []) + block
        if not full["hand"] and not hands["against"]:
            parts.append(
                _(
                    "Tap twelve cards of a hand (or Deal at random) to see what it "
                    "holds and what each combination scores if it is good."
                )
            )
        elif full["hand"] and not hands["against"]:
            parts += [
                "",
                _(
                    "In each class (point, sequences, sets) only the better hand, "
                    "the one that is good, scores. Tap Opponent, then his twelve "
                    "cards, to see who is good."
                ),
            ]
        if not all(full.values()):
            return "\n".join(parts)
        comparison = compare(
            hands["hand"], hands["against"], elder=self.calc_elder, lang=self.s.lang
        )
        # who is good first, where the eye lands: the two hands read follow it
        readings, parts = parts, ["[b]" + _("Who is good, declaring everything:") + "[/b]"]
        for klass in CLASSES:
            outcome = comparison.classes[klass]
            title = capitalised(term(CLASS_TERMS[klass], self.s.lang))
            if outcome.good is None:
                parts.append(_("{klass}: nobody scores (equal, or neither has one).", klass=title))
            else:
                parts.append(
                    _(
                        "{klass}: good for {name}, {n}.",
                        klass=title,
                        name=self._side_name(outcome.good),
                        n=outcome.scores,
                    )
                )
        declared = {s: 0 for s in SIDES}
        for line in comparison.lines:
            if line["player"] in declared and line["category"] != "repique":
                declared[line["player"]] += line["points"]
        parts.append(
            _(
                "Declared: {a} {na}, {b} {nb}.",
                a=self._side_name("hand"),
                na=declared["hand"],
                b=self._side_name("against"),
                nb=declared["against"],
            )
        )
        if comparison.repique:
            parts.append(
                _(
                    "Repique for {name}: {n} more ({at} in hand before the other scores anything).",
                    name=self._side_name(comparison.repique),
                    n=facts(self.s.lang)["repique"],
                    at=facts(self.s.lang)["bonus_at"],
                )
            )
        else:
            parts.append(_("No repique."))
        parts += ["", *readings, "", _("The score lines (tap one for its rule):")]
        return "\n".join(parts)

    def _calc_lines(self) -> list[dict[str, Any]]:
        """The engine's score lines for the two hands, players named by role."""
        hands = self.calc_hands
        if not all(len(hands[s]) == HAND_SIZE for s in SIDES):
            return []
        record = deal_record(hands["hand"], hands["against"], elder=self.calc_elder)
        from vocabulary.terms import term

        elder_name, younger_name = term("elder", self.s.lang), term("younger", self.s.lang)
        name = {s: elder_name if self._role(s) == "elder" else younger_name for s in SIDES}
        record["players"] = [name[s] for s in record["players"]]
        record["first_dealer"] = name[record["first_dealer"]]
        deal = score_record(record, self.s.lang, notes=True)["deals"][0]
        view = []
        for i, line in enumerate(deal["lines"]):
            shown = dict(line)
            player = str(shown.get("player") or "")
            shown["player"] = player[:1].upper() + player[1:]
            view.append(self.s.learn.line_view(shown, f"calc-{i}"))
        return view
