"""The words of the calls (`scorer.calls`), in English and in French.

`say(call, lang)` builds the sentence from the table `CALLS` (English; every
other language has it in its catalog, context `call.<key>`), the game's terms
(`vocabulary.terms`: suits, the sequences' names) and the numbers in words
(`vocabulary.numbers`).

English follows Cavendish: "Five cards." "What do they make?" "Forty-nine."
"Good." "In hearts; and quart major." "Five and four are nine." "Three
knaves?" "Four tens fourteen, and three queens seventeen." French follows
what French players call: "Cinq cartes." "Combien ?" "Bon." "Pas bon."
"Égal." "Quatrième majeure." "Trois valets ?" "Quatorze d'as ?", with the
narrow no-break space (U+202F) French typography puts before ? ! : and ;.

Numbers are said in words: "twenty-eight", "one hundred and three",
"vingt-huit", "quatre-vingt-quatorze", "soixante et onze"
(`vocabulary.numbers.number`, kept here under its old name too).
"""

from __future__ import annotations

from scorer.calls import (
    Answer,
    AskValue,
    Call,
    Cards,
    CarteBlanche,
    Entered,
    Follow,
    Item,
    Lead,
    PointCards,
    PointSuit,
    PointValue,
    Reckon,
    Repeat,
    SequenceCall,
    SetCall,
    ThrowIn,
    ThrownTricks,
    Win,
)
from scorer.combinations import Point, Sequence, Set
from vocabulary import Words
from vocabulary.numbers import number
from vocabulary.tables import Table
from vocabulary.terms import TERMS, sequence_name

TYPE_CHECKING = False  # typing is not imported at run time
if TYPE_CHECKING:
    from collections.abc import Callable

    Lookup = Callable[[str], str]
    Say = Callable[[int | None], str]

LANGUAGES = ("en", "fr")

__all__ = ["CALLS", "LANGUAGES", "number", "say"]

CALLS = Table(
    "call",
    {
        # the tops of sequences, and sets, as said aloud (the suits and the
        # sequences' names are the game's terms: vocabulary.terms)
        "to.K": "to the king",
        "to.Q": "to the queen",
        "to.J": "to the knave",
        "to.10": "to the ten",
        "to.9": "to the nine",
        "to.8": "to the eight",
        "to.7": "to the seven",
        "sequence.major": "{name} major",
        "sequence.to": "{name} {to}",
        "sequence.void": "void suit",
        "set.3.A": "three aces",
        "set.3.K": "three kings",
        "set.3.Q": "three queens",
        "set.3.J": "three knaves",
        "set.3.10": "three tens",
        "set.4.A": "four aces",
        "set.4.K": "four kings",
        "set.4.Q": "four queens",
        "set.4.J": "four knaves",
        "set.4.10": "four tens",
        "point.named": "{cards} cards",
        "carte_rouge.named": "carte rouge",
        # the calls
        "carte_blanche": "Carte blanche, {total}.",
        "point_cards": "{cards} cards.",
        "ask_value": "What do they make?",
        "point_value": "{value}.",
        "answer.good": "Good.",
        "answer.not_good": "Not good.",
        "answer.equal": "Equal.",
        "point_suit": "In {suit}.",
        "sequence": "{sequence}.",
        "sequence.in_suit": "In {suit}; and {sequence}.",
        "sequence.also": "And {sequence}.",
        "set": "{set}?",
        "set.also": "And {set}.",
        "reckon.start": "{start}",
        "reckon.first": "{points}",
        "reckon.first.named": "{item} {total}",
        "reckon.second": " and {points} are {total}",
        "reckon.next": ", and {points} are {total}",
        "reckon.next.named": ", and {item} {total}",
        "reckon": "{parts}.",
        "lead.join": ", ",
        "lead": "{totals}.",
        "total": "{total}.",
        "nothing": "Nothing.",
        "capot": "Capot, {total}.",
        "throw_in": "I throw in.",
        "thrown_tricks": "Thirteen for the tricks, {total}.",
    },
)


# --- the calls in words -------------------------------------------------------------


def say(call: Call, lang: str = "en") -> str:
    """What a call says, in `lang` ("en" or "fr"; anything else is English)."""
    words = Words(lang)
    lang = words.lang

    def t(key: str) -> str:
        if key.startswith("suit."):
            return words.table(TERMS, key)
        if key.startswith("seq."):
            return sequence_name(int(key.removeprefix("seq.")), lang)
        return words.table(CALLS, key)

    def num(n: int | None) -> str:
        assert n is not None
        return number(n, lang)

    said = call.said
    text: str
    match said:
        case CarteBlanche():
            text = t("carte_blanche").format(total=num(call.total))
        case PointCards(cards=cards):
            text = t("point_cards").format(cards=num(cards))
        case AskValue():
            text = t("ask_value")
        case PointValue(value=value):
            text = t("point_value").format(value=num(value))
        case Answer(word=word):
            text = t(f"answer.{word}")
        case PointSuit(suit=suit):
            text = t("point_suit").format(suit=t(f"suit.{suit}"))
        case SequenceCall():
            sequence = _sequence(said.length, said.top, t)
            if said.also:
                text = t("sequence.also").format(sequence=sequence)
            elif said.point_suit is not None:
                text = t("sequence.in_suit").format(
                    suit=t(f"suit.{said.point_suit}"), sequence=sequence
                )
            else:
                text = t("sequence").format(sequence=sequence)
        case SetCall():
            found = t(f"set.{said.count}.{said.rank}")
            text = t("set.also" if said.also else "set").format(set=found)
        case Reckon():
            text = t("reckon").format(parts=_reckoning(said, t, num))
        case Lead(totals=totals):
            text = t("lead").format(totals=t("lead.join").join(num(n) for n in totals))
        case Cards(capot=True):
            text = t("capot").format(total=num(call.total))
        case ThrowIn():
            text = t("throw_in")
        case ThrownTricks():
            text = t("thrown_tricks").format(total=num(call.total))
        case Repeat() | Entered() if call.total == 0:
            text = t("nothing")
        case Win() | Follow() | Repeat() | Cards() | Entered():
            text = t("total").format(total=num(call.total))
        case _:  # pragma: no cover (every kind is listed above)
            raise ValueError(f"no words for {said!r}")
    return text[:1].upper() + text[1:]


def _sequence(length: int, top: str, t: Lookup) -> str:
    if top == "void":
        return t("sequence.void")
    name = t(f"seq.{length}")
    if top == "A":
        return t("sequence.major").format(name=name)
    return t("sequence.to").format(name=name, to=t(f"to.{top}"))


def _item(item: Item, t: Lookup, num: Say) -> str:
    """A reckoned score by name: "four tens", "six cards", "quint major"."""
    combination = item.combination
    if isinstance(combination, Set):
        return t(f"set.{combination.count}.{combination.rank}")
    if isinstance(combination, Sequence):
        return _sequence(combination.length, combination.top, t)
    if isinstance(combination, Point):
        return t("point.named").format(cards=num(combination.cards))
    return t("carte_rouge.named")


def _reckoning(reckon: Reckon, t: Lookup, num: Say) -> str:
    """ "Five and four are nine", "Ten, and four tens twenty-four"."""
    parts: list[str] = []
    if reckon.start:
        parts.append(t("reckon.start").format(start=num(reckon.start)))
    for item in reckon.items:
        if item.named:
            key = "reckon.next.named" if parts else "reckon.first.named"
            parts.append(t(key).format(item=_item(item, t, num), total=num(item.total)))
        elif parts:
            key = "reckon.second" if len(parts) == 1 else "reckon.next"
            parts.append(t(key).format(points=num(item.points), total=num(item.total)))
        else:
            parts.append(t("reckon.first").format(points=num(item.points)))
    return "".join(parts)
