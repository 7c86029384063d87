"""The words of the calls (`scorer.calls`), in English and in French.

Every word the calls say is here, and only here, as a table of message ids
and templates a language: `en(msgid)` and `fr(msgid)` look one up, `say(call,
lang)` builds the sentence. The templates are gettext-shaped (one message id,
one string with `{named}` fields), so they can move unchanged into the
product's one catalog (issue 23).

English follows Cavendish: "Five cards." "What do they make?" "Forty-nine."
"Good." "In hearts; and quart major." "Five and four are nine." "Three
knaves?" "Four tens fourteen, and three queens seventeen." French follows
what French players call: "Cinq cartes." "Combien ?" "Bon." "Pas bon."
"Égal." "Quatrième majeure." "Trois valets ?" "Quatorze d'as ?", with the
narrow no-break space (U+202F) French typography puts before ? ! : and ;.

Numbers are said in words: "twenty-eight", "one hundred and three",
"vingt-huit", "quatre-vingt-quatorze", "soixante et onze" (traditional
French spelling: hyphens under a hundred, "et" in 21 31 41 51 61 71, the "s"
of "quatre-vingts" and "deux cents" when nothing follows).
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
from scorer.wording import table as wording_table

TYPE_CHECKING = False  # typing is not imported at run time
if TYPE_CHECKING:
    from collections.abc import Callable

    Lookup = Callable[[str], str]
    Say = Callable[[int | None], str]

LANGUAGES = ("en", "fr")
NNBSP = "\u202f"  # the narrow no-break space before ? ! : ; in French

_EN: dict[str, str] = {
    # numbers: the pieces; `number` puts them together
    "number.0": "nought",
    "number.1": "one",
    "number.2": "two",
    "number.3": "three",
    "number.4": "four",
    "number.5": "five",
    "number.6": "six",
    "number.7": "seven",
    "number.8": "eight",
    "number.9": "nine",
    "number.10": "ten",
    "number.11": "eleven",
    "number.12": "twelve",
    "number.13": "thirteen",
    "number.14": "fourteen",
    "number.15": "fifteen",
    "number.16": "sixteen",
    "number.17": "seventeen",
    "number.18": "eighteen",
    "number.19": "nineteen",
    "number.20": "twenty",
    "number.30": "thirty",
    "number.40": "forty",
    "number.50": "fifty",
    "number.60": "sixty",
    "number.70": "seventy",
    "number.80": "eighty",
    "number.90": "ninety",
    "number.100": "hundred",
    "number.and": "and",
    # suits, ranks, sequences, sets
    "suit.S": "spades",
    "suit.H": "hearts",
    "suit.D": "diamonds",
    "suit.C": "clubs",
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
}

_FR: dict[str, str] = {
    "number.0": "zéro",
    "number.1": "un",
    "number.2": "deux",
    "number.3": "trois",
    "number.4": "quatre",
    "number.5": "cinq",
    "number.6": "six",
    "number.7": "sept",
    "number.8": "huit",
    "number.9": "neuf",
    "number.10": "dix",
    "number.11": "onze",
    "number.12": "douze",
    "number.13": "treize",
    "number.14": "quatorze",
    "number.15": "quinze",
    "number.16": "seize",
    "number.20": "vingt",
    "number.30": "trente",
    "number.40": "quarante",
    "number.50": "cinquante",
    "number.60": "soixante",
    "number.80": "quatre-vingt",
    "number.100": "cent",
    "number.and": "et",
    "suit.S": "pique",
    "suit.H": "cœur",
    "suit.D": "carreau",
    "suit.C": "trèfle",
    "sequence.major": "{name} majeure",
    "sequence.to": "{name} {to}",
    "sequence.void": "couleur vide",
    "set.3.A": "trois as",
    "set.3.K": "trois rois",
    "set.3.Q": "trois dames",
    "set.3.J": "trois valets",
    "set.3.10": "trois dix",
    "set.4.A": "quatorze d'as",
    "set.4.K": "quatorze de rois",
    "set.4.Q": "quatorze de dames",
    "set.4.J": "quatorze de valets",
    "set.4.10": "quatorze de dix",
    "point.named": "{cards} cartes",
    "carte_rouge.named": "carte rouge",
    "carte_blanche": "Carte blanche, {total}.",
    "point_cards": "{cards} cartes.",
    "ask_value": f"Combien{NNBSP}?",
    "point_value": "{value}.",
    "answer.good": "Bon.",
    "answer.not_good": "Pas bon.",
    "answer.equal": "Égal.",
    "point_suit": "À {suit}.",
    "sequence": "{sequence}.",
    "sequence.in_suit": f"À {{suit}}{NNBSP}; et {{sequence}}.",
    "sequence.also": "Et {sequence}.",
    "set": f"{{set}}{NNBSP}?",
    "set.also": "Et {set}.",
    "reckon.start": "{start}",
    "reckon.first": "{points}",
    "reckon.first.named": "{item}, {total}",
    "reckon.second": " et {points} font {total}",
    "reckon.next": ", et {points} font {total}",
    "reckon.next.named": f"{NNBSP}; {{item}}, {{total}}",
    "reckon": "{parts}.",
    "lead.join": ", ",
    "lead": "{totals}.",
    "total": "{total}.",
    "nothing": "Rien.",
    "capot": "Capot, {total}.",
    "throw_in": "J'abandonne.",
    "thrown_tricks": "Treize pour les plis, {total}.",
}


# The game's terms are the score lines' own (scorer/wording.py), not listed again.
_EN.update({k: v for k, v in wording_table("en").items() if k.startswith("seq.")})
_FR.update(
    {k: v for k, v in wording_table("fr").items() if k.startswith(("seq.", "to.")) and k in _EN}
)


def en(msgid: str) -> str:
    """The English template of a message id."""
    return _EN[msgid]


def fr(msgid: str) -> str:
    """The French template of a message id."""
    return _FR[msgid]


LOOKUP = {"en": en, "fr": fr}


# --- numbers in words ---------------------------------------------------------------


def number(n: int, lang: str = "en") -> str:
    """`n` (0 to 999) in words, lower case: "ninety-four", "quatre-vingt-quatorze"."""
    if not 0 <= n <= 999:
        raise ValueError(f"{n} is out of range (0 to 999)")
    return _number_fr(n) if lang == "fr" else _number_en(n)


def _number_en(n: int) -> str:
    if n < 20:
        return en(f"number.{n}")
    if n < 100:
        tens, unit = divmod(n, 10)
        word = en(f"number.{tens * 10}")
        return f"{word}-{en(f'number.{unit}')}" if unit else word
    hundreds, rest = divmod(n, 100)
    word = f"{en(f'number.{hundreds}')} {en('number.100')}"
    return f"{word} {en('number.and')} {_number_en(rest)}" if rest else word


def _number_fr(n: int) -> str:
    if n < 17:
        return fr(f"number.{n}")
    if n < 20:
        return f"{fr('number.10')}-{fr(f'number.{n - 10}')}"
    if n < 100:
        return _tens_fr(n)
    hundreds, rest = divmod(n, 100)
    word = fr("number.100")
    if hundreds > 1:
        word = f"{fr(f'number.{hundreds}')} {word}" + ("" if rest else "s")
    return f"{word} {_number_fr(rest)}" if rest else word


def _tens_fr(n: int) -> str:
    """20 to 99: vingt et un, vingt-deux, soixante et onze, soixante-douze,
    quatre-vingts, quatre-vingt-un, quatre-vingt-onze."""
    tens, unit = divmod(n, 10)
    if tens in (7, 9):  # soixante-dix, quatre-vingt-dix: the tens below, and ten to nineteen
        tens, unit = tens - 1, unit + 10
    base = fr(f"number.{tens * 10}")
    if unit == 0:
        return base + ("s" if tens == 8 else "")
    if unit in (1, 11) and tens != 8:
        return f"{base} {fr('number.and')} {_number_fr(unit)}"
    return f"{base}-{_number_fr(unit)}"


# --- the calls in words -------------------------------------------------------------


def say(call: Call, lang: str = "en") -> str:
    """What a call says, in `lang` ("en" or "fr"; anything else is English)."""
    t = LOOKUP.get(lang, en)
    lang = lang if lang in LOOKUP else "en"

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
