# ruff: noqa: E501
"""Drills: random hands and questions about them, checked against the engine.

Kivy-free; the kiosk shows a `Drill` and calls `check`. Every expected answer
is the engine's own (`scorer.hand`, `scorer.calculator`, `score_record`), so a
drill can only be as wrong as the scorer.

    drill = make_drill("point", random.Random(7), lang="en")
    drill.question          # "Your hand: ... What is your point ...?"
    drill.prompt            # "What is your point ...?" (the hands in `hand`, `against`)
    drill.choices           # (Choice(answer={"cards": 5, "value": 49}, label="5 cards making 49"), ...)
    right, why, section = drill.check({"cards": 5, "value": 49})

Kinds (`KINDS`):
- "point": your point and its value; answer `{"cards": N, "value": V}`.
- "sequence": your best sequence; answer `{"length": N, "top": RANK}`, or None.
- "good": who is good in one class (`drill.klass`); answer "elder",
  "younger" or None (equal, or neither holds one).
- "elder_before_lead": what Elder scores before his lead (his declarations,
  and a repique if he makes one); answer an integer.
- "bonus": is this deal a pique, a repique or neither; answer "pique",
  "repique" or "neither".
- "settlement": what the winner of a finished partie scores; answer an integer.

A drill is reproducible from `(kind, seed, lang)`: `drill_from(kind, seed,
lang)`. `DrillResult` is what to keep per player (`to_json`/`from_json`);
`tally(results)` sums them by kind.

The English templates are the table `DRILLS`; every other language has them
in its catalog (context `drill.<key>`); the players, suits and bonuses are
the game's terms (`vocabulary.terms`).
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass
from typing import Any, NamedTuple

from scorer.calculator import compare
from scorer.cards import RANKS, SUITS, Card, full_pack, normalise_rank
from scorer.combinations import POINT_VALUES, sequence_top_allows
from scorer.errors import HandError
from scorer.explain import explain_result
from scorer.guide.facts import facts
from scorer.guide.model import hand_words
from scorer.hand import best_point, holding_of, sequences_in
from scorer.partie import REGULAR_DEALS
from scorer.score import score_record
from scorer.wording import render, sequence_phrase
from vocabulary import Words
from vocabulary.tables import Table
from vocabulary.terms import capitalised, term

KINDS = ("point", "sequence", "good", "elder_before_lead", "bonus", "settlement")
CLASSES = ("point", "sequences", "sets")
BONUSES = ("pique", "repique", "neither")

DRILLS = Table(
    "drill",
    {
        "point.question": "Your hand: {hand}. What is your point: how many cards, making how much?",
        "point.choice": "{cards} cards making {value}",
        "point.why": "Your point is your longest suit, {suit}: {cards} cards making {value} (ace {ace}, king, queen, jack and ten {face}, the others their face value). Between suits as long, the higher value.",
        "sequence.question": "Your hand: {hand}. What is your best sequence?",
        "sequence.none": "No sequence",
        "sequence.why": "Your best sequence: {best}. The longest is best; between sequences as long, the higher top card.",
        "sequence.why_none": "You have no sequence: no {seq_min} cards running in one suit.",
        "good.question": "{t.Elder} holds {elder}. {t.Younger} holds {younger}. Both declare everything. Who is good in {klass}?",
        "good.point": "the point",
        "good.sequences": "sequences",
        "good.sets": "trios and quatorzes",
        "good.neither": "Neither (equal, or none)",
        "good.why": "{answer}. {reasons}",
        "good.why_none": "Neither: nobody scores in {klass}.",
        "elder_before_lead.question": "{t.Elder} holds {elder}. {t.Younger} holds {younger}. Both declare everything. How much has {t.elder} scored before his first lead?",
        "elder_before_lead.why": "Elder has {points} before his lead. {reasons}",
        "elder_before_lead.why_none": "Elder has nothing good in hand: {points} before his lead.",
        "bonus.question": "{t.Elder} holds {elder}. {t.Younger} holds {younger}. Both declare everything, and the tricks go {tricks}. Is there a {t.pique}, a {t.repique}, or neither?",
        "bonus.neither": "Neither",
        "bonus.why": "{answer}. {reasons}",
        "bonus.why_neither": "Neither: nobody reached {bonus_at} before the opponent scored.",
        "settlement.question": "After {deals} deals {a} has {ta} and {b} has {tb}. How much does the winner score?",
        "settlement.why": "{reasons}.",
        "point.prompt": "What is your point: how many cards, making how much?",
        "sequence.prompt": "What is your best sequence?",
        "good.prompt": "Both declare everything. Who is good in {klass}?",
        "elder_before_lead.prompt": "Both declare everything. How much has {t.elder} scored before his first lead?",
        "bonus.prompt": "Both declare everything, and the tricks go {tricks}. Is there a {t.pique}, a {t.repique}, or neither?",
        "settlement.prompt": "After {deals} deals {a} has {ta} and {b} has {tb}. How much does the winner score?",
        "right": "Right. {why}",
        "wrong": "Not quite. {why}",
        "joiner": "; ",
    },
)


class Check(NamedTuple):
    right: bool
    explanation: str
    section: str  # the guide section that explains it


@dataclass(frozen=True)
class Choice:
    answer: Any  # what `check` takes for this choice
    label: str


@dataclass(frozen=True)
class Drill:
    kind: str
    seed: int
    lang: str
    question: str
    expected: Any  # the right answer, in the form `check` takes
    choices: tuple[Choice, ...]
    section: str
    why: str  # the explanation of the right answer
    hand: tuple[str, ...] = ()  # "your hand", or Elder's
    against: tuple[str, ...] = ()  # Younger's, when the question has two hands
    klass: str = ""  # for "good": the class asked about
    record: dict[str, Any] | None = None  # the record scored, for showing its lines
    prompt: str = ""  # the question without the hands, for a screen that shows the cards

    def check(self, answer: Any) -> Check:
        """Is `answer` right? With the explanation and the guide section."""
        right = _normal(self.kind, answer) == _normal(self.kind, self.expected)
        text = _t(self.lang, "right" if right else "wrong").format(why=self.why)
        return Check(right, text, self.section)


@dataclass(frozen=True)
class DrillResult:
    """One answered drill, to keep per player."""

    player: str
    kind: str
    seed: int
    lang: str
    right: bool
    section: str
    answer: Any

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DrillResult:
        return cls(**{k: data[k] for k in cls.__dataclass_fields__})


def result_of(player: str, drill: Drill, answer: Any) -> DrillResult:
    return DrillResult(
        player, drill.kind, drill.seed, drill.lang, drill.check(answer).right, drill.section, answer
    )


def tally(results: list[DrillResult]) -> dict[str, dict[str, int]]:
    """{kind: {"asked": N, "right": M}} over some results."""
    out: dict[str, dict[str, int]] = {}
    for result in results:
        entry = out.setdefault(result.kind, {"asked": 0, "right": 0})
        entry["asked"] += 1
        entry["right"] += int(result.right)
    return out


# --- answers ------------------------------------------------------------------------


def _normal(kind: str, answer: Any) -> Any:
    """One form for every way an answer may be given; None if it cannot be read."""
    try:
        if kind == "point":
            if isinstance(answer, dict):
                return (int(answer["cards"]), int(answer["value"]))
            cards, value = answer
            return (int(cards), int(value))
        if kind == "sequence":
            if answer in (None, "none", ""):
                return "none"
            if isinstance(answer, dict):
                return (int(answer["length"]), normalise_rank(str(answer["top"])))
            length, top = answer
            return (int(length), normalise_rank(str(top)))
        if kind == "good":
            return "neither" if answer in (None, "neither", "equal", "none") else str(answer)
        if kind == "bonus":
            return "neither" if answer in (None, "none") else str(answer)
        if isinstance(answer, bool):
            return None
        return int(answer)
    except (KeyError, TypeError, ValueError, HandError):
        return None


# Answers that are the game's terms: who ("Elder"), which bonus ("Pique").
_TERM_ANSWERS = {
    "good.elder": "elder",
    "good.younger": "younger",
    "bonus.pique": "pique",
    "bonus.repique": "repique",
}


def _t(lang: str, key: str) -> str:
    if key in _TERM_ANSWERS:
        return capitalised(term(_TERM_ANSWERS[key], lang))
    if key in ("trick.E", "trick.Y"):  # who took a trick, in a list: "Elder, Younger"
        return term("elder" if key == "trick.E" else "younger", lang)
    return Words(lang).table(DRILLS, key)


# --- dealing ------------------------------------------------------------------------


def _deal(rng: random.Random) -> tuple[list[Card], list[Card]]:
    """Two hands after the exchange: often plain, sometimes stacked toward big
    holdings (a long suit from the ace, a quatorze) so bonuses come up."""
    pack = full_pack()
    rng.shuffle(pack)
    if rng.random() < 0.5:
        return pack[:12], pack[12:24]
    suit = rng.choice(SUITS)
    strong = [Card(suit, r) for r in reversed(RANKS)][: rng.randint(5, 8)]
    rank = rng.choice(["A", "K", "Q", "10", None])
    if rank is not None:
        strong += [Card(s, rank) for s in SUITS if Card(s, rank) not in strong]
    rest = [c for c in pack if c not in strong]
    first = (strong + rest)[:12]
    second = [c for c in rest if c not in first][:12]
    return (first, second) if rng.random() < 0.7 else (second, first)


def _play(rng: random.Random, hands: dict[str, list[Card]], count: int) -> list[dict[str, str]]:
    """`count` tricks of legal play; the leader often leads his best card."""
    held = {role: list(cards) for role, cards in hands.items()}
    leader, tricks = "E", []
    for _ in range(count):
        follower = "Y" if leader == "E" else "E"
        cards = held[leader]
        lead = max(cards, key=lambda c: c.height) if rng.random() < 0.6 else rng.choice(cards)
        cards.remove(lead)
        same = [c for c in held[follower] if c.suit == lead.suit]
        follow = rng.choice(same or held[follower])
        held[follower].remove(follow)
        takes = follower if follow.suit == lead.suit and follow.height > lead.height else leader
        tricks.append({"winner": takes, "lead": str(lead), "follow": str(follow)})
        leader = takes
    return tricks


def _record(lang: str, *deals: dict[str, Any]) -> dict[str, Any]:
    """The players of a drill's record are Elder and Younger: the explanations
    name them."""
    elder, younger = term("elder", lang), term("younger", lang)
    return {
        "format": "piquet-record/1",
        "players": [elder, younger],
        "first_dealer": younger,
        "deals": list(deals),
    }


def _hands_deal(elder: list[Card], younger: list[Card], **more: Any) -> dict[str, Any]:
    return {"hands": {"elder": list(_strs(elder)), "younger": list(_strs(younger))}, **more}


def _strs(cards: list[Card]) -> tuple[str, ...]:
    return tuple(str(c) for c in cards)


def _reasons(lines: list[dict[str, Any]], categories: tuple[str, ...]) -> str:
    said = [
        f"{ln['why']} ({ln['points']})"
        for ln in lines
        if ln["category"] in categories and ln["points"]
    ]
    return ". ".join(said) + ("." if said else "")


# --- the drills -------------------------------------------------------------------------


def _point(rng: random.Random, seed: int, lang: str) -> Drill:
    hand = full_pack()
    rng.shuffle(hand)
    hand = hand[:12]
    point, suit = best_point(hand)
    expected = {"cards": point.cards, "value": point.value}
    shortest = facts(lang)["point_min"]
    options = {
        (len(cs), sum(c.pips for c in cs))
        for s in SUITS
        if len(cs := [c for c in hand if c.suit == s]) >= shortest
    }
    near = sorted(
        POINT_VALUES[point.cards] - {point.value}, key=lambda v: abs(v - (point.value or 0))
    )
    options.add((point.cards, near[0]))
    choices = tuple(
        Choice({"cards": n, "value": v}, _t(lang, "point.choice").format(cards=n, value=v))
        for n, v in sorted(options, reverse=True)
    )
    why = _t(lang, "point.why").format_map(
        {
            **facts(lang),
            "suit": term(f"suit.{suit}", lang),
            "cards": point.cards,
            "value": point.value,
        }
    )
    return Drill(
        "point",
        seed,
        lang,
        _t(lang, "point.question").format(hand=hand_words(_strs(hand), lang)),
        expected,
        choices,
        "point",
        why,
        hand=_strs(hand),
        prompt=_t(lang, "point.prompt"),
    )


def _sequence_label(length: int, top: str, lang: str) -> str:
    return render(sequence_phrase(length, top), lang)


def _sequence(rng: random.Random, seed: int, lang: str) -> Drill:
    first, _ = _deal(rng)
    hand = first
    best = holding_of(hand).best_sequence()
    runs = {(s.length, s.top) for s, _suit in sequences_in(hand)}
    expected = None if best is None else {"length": best.length, "top": best.top}
    choices = [
        Choice({"length": n, "top": t}, _sequence_label(n, t, lang))
        for n, t in sorted(runs, key=lambda r: (r[0], RANKS.index(r[1])), reverse=True)
    ]
    if best is not None:
        lower = RANKS[RANKS.index(best.top) - 1]
        if sequence_top_allows(best.length, lower) and (best.length, lower) not in runs:
            choices.append(
                Choice(
                    {"length": best.length, "top": lower}, _sequence_label(best.length, lower, lang)
                )
            )
    if best is None:  # a run the hand almost holds: never right, so "none" is a choice
        top = max(hand, key=lambda c: c.height).rank
        if sequence_top_allows(3, top):
            choices.append(Choice({"length": 3, "top": top}, _sequence_label(3, top, lang)))
    choices.append(Choice(None, _t(lang, "sequence.none")))
    if best is None:
        why = _t(lang, "sequence.why_none").format(**facts(lang))
    else:
        phrase = render(sequence_phrase(best.length, best.top), lang)
        why = _t(lang, "sequence.why").format(best=phrase[:1].lower() + phrase[1:])
    return Drill(
        "sequence",
        seed,
        lang,
        _t(lang, "sequence.question").format(hand=hand_words(_strs(hand), lang)),
        expected,
        tuple(choices),
        "sequences",
        why,
        hand=_strs(hand),
        prompt=_t(lang, "sequence.prompt"),
    )


def _good(rng: random.Random, seed: int, lang: str) -> Drill:
    elder, younger = _deal(rng)
    klass = rng.choice(CLASSES)
    comparison = compare(_strs(elder), _strs(younger), lang=lang)
    side = comparison.classes[klass].good
    expected = {"hand": "elder", "against": "younger", None: None}[side]
    klass_words = _t(lang, f"good.{klass}")
    choices = (
        Choice("elder", _t(lang, "good.elder")),
        Choice("younger", _t(lang, "good.younger")),
        Choice(None, _t(lang, "good.neither")),
    )
    record = _record(lang, _hands_deal(elder, younger))
    lines = score_record(record, lang, notes=True)["deals"][0]["lines"]
    if expected is None:
        notes = [ln["why"] + "." for ln in lines if ln["category"] == klass]
        why = " ".join([_t(lang, "good.why_none").format(klass=klass_words), *notes])
    else:
        why = _t(lang, "good.why").format(
            answer=_t(lang, f"good.{expected}"), reasons=_reasons(lines, (klass,))
        )
    question = _t(lang, "good.question").format(
        elder=hand_words(_strs(elder), lang),
        younger=hand_words(_strs(younger), lang),
        klass=klass_words,
    )
    return Drill(
        "good",
        seed,
        lang,
        question,
        expected,
        choices,
        klass,
        why,
        hand=_strs(elder),
        against=_strs(younger),
        klass=klass,
        record=record,
        prompt=_t(lang, "good.prompt").format(klass=klass_words),
    )


def _elder_before_lead(rng: random.Random, seed: int, lang: str) -> Drill:
    elder, younger = _deal(rng)
    record = _record(lang, _hands_deal(elder, younger))
    deal = score_record(record, lang)["deals"][0]
    mine = [ln for ln in deal["lines"] if ln["player"] == deal["elder"]]
    expected = sum(ln["points"] for ln in mine)  # no tricks yet: all of it is before the lead
    held = holding_of(elder)
    everything = (
        (held.point.cards if held.point else 0)
        + sum(s.scores() for s in held.sequences)
        + sum(s.scores() for s in held.sets)
    )
    repique = sum(ln["points"] for ln in mine if ln["category"] == "repique")
    options = {expected, everything, expected - repique, expected + facts(lang)["lead"]}
    options |= {max(expected + rng.choice((-3, -1, 1, 3)), 0)}
    choices = tuple(Choice(n, str(n)) for n in sorted(options))
    reasons = _reasons(mine, ("point", "sequences", "sets", "repique"))
    key = "elder_before_lead.why" if reasons else "elder_before_lead.why_none"
    why = _t(lang, key).format(points=expected, reasons=reasons)
    section = "repique" if repique else "declarations"
    question = _t(lang, "elder_before_lead.question").format(
        elder=hand_words(_strs(elder), lang), younger=hand_words(_strs(younger), lang)
    )
    return Drill(
        "elder_before_lead",
        seed,
        lang,
        question,
        expected,
        choices,
        section,
        why,
        hand=_strs(elder),
        against=_strs(younger),
        record=record,
        prompt=_t(lang, "elder_before_lead.prompt"),
    )


def _bonus(rng: random.Random, seed: int, lang: str) -> Drill:
    elder, younger = _deal(rng)
    tricks = _play(rng, {"E": elder, "Y": younger}, rng.randint(1, 12))
    record = _record(lang, _hands_deal(elder, younger, tricks=tricks))
    deal = score_record(record, lang)["deals"][0]
    bonuses = deal["bonuses"]
    expected = "repique" if bonuses["repique"] else "pique" if bonuses["pique"] else "neither"
    choices = tuple(Choice(b, _t(lang, f"bonus.{b}")) for b in BONUSES)
    if expected == "neither":
        why = _t(lang, "bonus.why_neither").format(**facts(lang))
        section = "order"
    else:
        why = _t(lang, "bonus.why").format(
            answer=_t(lang, f"bonus.{expected}"), reasons=_reasons(deal["lines"], (expected,))
        )
        section = expected
    words = ", ".join(_t(lang, f"trick.{t['winner']}") for t in tricks)
    question = _t(lang, "bonus.question").format(
        elder=hand_words(_strs(elder), lang), younger=hand_words(_strs(younger), lang), tricks=words
    )
    return Drill(
        "bonus",
        seed,
        lang,
        question,
        expected,
        choices,
        section,
        why,
        hand=_strs(elder),
        against=_strs(younger),
        record=record,
        prompt=_t(lang, "bonus.prompt").format(tricks=words),
    )


def _settlement(rng: random.Random, seed: int, lang: str) -> Drill:
    deals = REGULAR_DEALS["rubicon"]
    while True:
        pairs = [(rng.randint(0, 45), rng.randint(0, 45)) for _ in range(deals)]
        record = {
            **_record(lang, *[{"entered": {"elder": e, "younger": y}} for e, y in pairs]),
            "players": ["Anne", "Ben"],
            "first_dealer": "Ben",
        }
        score = score_record(record, lang)
        if score["finished"]:
            break
    totals = score["totals"]
    result = score["result"]
    expected = result["points"]
    winner, loser = result["winner"], next(p for p in totals if p != result["winner"])
    w, lo = totals[winner], totals[loser]
    bonus = facts(lang)["rubicon"]
    options = {expected, w - lo + bonus, w + lo + bonus, w - lo, w + lo}
    choices = tuple(Choice(n, str(n)) for n in sorted(options))
    joiner = _t(lang, "joiner")
    why = _t(lang, "settlement.why").format(
        reasons=joiner.join(explain_result(score, "rubicon", lang))
    )
    question = _t(lang, "settlement.question").format(
        deals=deals, a="Anne", ta=totals["Anne"], b="Ben", tb=totals["Ben"]
    )
    return Drill(
        "settlement",
        seed,
        lang,
        question,
        expected,
        choices,
        "rubicon",
        why,
        record=record,
        prompt=question,
    )


_MAKERS = {
    "point": _point,
    "sequence": _sequence,
    "good": _good,
    "elder_before_lead": _elder_before_lead,
    "bonus": _bonus,
    "settlement": _settlement,
}


def drill_from(kind: str, seed: int, lang: str = "en") -> Drill:
    """The drill of `kind` dealt from `seed` (the same every time)."""
    if kind not in _MAKERS:
        raise ValueError(f"no drill {kind!r} (kinds: {', '.join(KINDS)})")
    return _MAKERS[kind](random.Random(seed), seed, lang)


def make_drill(kind: str, rng: random.Random, lang: str = "en") -> Drill:
    """A new drill of `kind`, its seed drawn from `rng`."""
    return drill_from(kind, rng.randrange(2**32), lang)


def random_drill(rng: random.Random, lang: str = "en", kinds: tuple[str, ...] = KINDS) -> Drill:
    return make_drill(rng.choice(kinds), rng, lang)


__all__ = [
    "BONUSES",
    "DRILLS",
    "KINDS",
    "Check",
    "Choice",
    "Drill",
    "DrillResult",
    "drill_from",
    "make_drill",
    "random_drill",
    "result_of",
    "tally",
]
