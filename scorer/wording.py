# ruff: noqa: E501
"""Every plain-language explanation the engine gives, in one place.

A score line carries a `Why`: a message key and its arguments. `render`
turns it into text in a language. The English templates are the table
`LINES` below; every other language has them in its catalog (context
`line.<key>`, `vocabulary/locale/<lang>/LC_MESSAGES/piquet.po`). The game's
terms (the sequences' names, the ranks) are `vocabulary.terms`', the numbers
of cards `vocabulary.numbers`'. A template may use, beside its arguments,
`{Name}` (capitalised) and the French elisions `{de_name}` ("d'Anne", "de
Ben", "du premier"), `{que_name}` ("qu'Anne") and `{le_name}` ("l'as", "le
neuf").
"""

from __future__ import annotations

from _string import formatter_parser  # string.Formatter().parse itself, without `string`
from functools import cache

from scorer.frozen import frozen
from vocabulary import Words
from vocabulary.numbers import number
from vocabulary.tables import Table
from vocabulary.terms import TERMS, sequence_name

LANGUAGES = ("en", "fr")


@frozen
class Why:
    """Why a line scores: a wording key and its arguments, rendered in a language."""

    key: str
    args: tuple[tuple[str, object], ...] = ()


def why(key: str, **args: object) -> Why:
    return Why(key, tuple(args.items()))


def join(*parts: Why) -> Why:
    """A list of phrases, rendered comma-separated."""
    return Why("join", tuple((str(i), part) for i, part in enumerate(parts)))


LINES = Table(
    "line",
    {
        "ranks.A": "aces",
        "ranks.K": "kings",
        "ranks.Q": "queens",
        "ranks.J": "jacks",
        "ranks.10": "tens",
        # sequences (their names are the game's terms) and sets
        "to.A": "to the ace",
        "to.K": "to the king",
        "to.Q": "to the queen",
        "to.J": "to the jack",
        "to.10": "to the ten",
        "to.9": "to the nine",
        "to.8": "to the eight",
        "to.7": "to the seven",
        "sequence": "{name} {to}",
        "sequence.void": "void suit counted as a {t.quint}",
        "set.3": "{t.trio} of {ranks}",
        "set.4": "{t.quatorze} of {ranks}",
        # the point
        "point.longer": "{t.Point} of {cards} is good against {other_cards}",
        "point.making": "{t.Point} of {cards} making {value} is good against {other_value}",
        "point.alone": "{t.Point} of {cards} is good: {other} has no better point",
        "point.alone.making": "{t.Point} of {cards} making {value} is good: {other} has no better point",
        "point.void": "Void suit counted as a {t.point} of five making 50",
        "point.equal": "Points equal, {cards} making {value} each: nobody scores the point",
        "sequences.equal": "Sequences equal, a {best} each: nobody scores for sequences",
        "sets.equal": "Sets equal: nobody scores for sets",
        "point.ending_in_four": "{base}; a point ending in four scores one less",
        # sequences
        "sequences.best": "{Best} is good against a {other_best}",
        "sequences.alone": "{Best} is good: {other} has no better sequence",
        "sequences.also": "{Combination} also counts: {name}'s sequences are good",
        # sets
        "sets.best": "{Best} is good against a {other_best}",
        "sets.alone": "{Best} is good: {other} has no better set",
        "sets.also": "{Combination} also counts: {name}'s sets are good",
        # carte blanche, carte rouge
        "carte_blanche": "{t.Carte_blanche}: no king, queen or jack in the hand as dealt",
        "carte_rouge": "{t.Carte_rouge}: every card of the hand is in a scoring combination",
        # bonuses
        "repique": "{t.Repique}: {name} made {points} in hand, reckoned before anything {other} scores",
        "pique": "{t.Pique}: {name} reached {points} on trick {trick} before {other} scored anything",
        # play
        "play": "Play: {parts}",
        "play.leads": "{n} for leading",
        "play.wins": "{n} for winning {other}'s lead",
        "play.last": "1 for the last trick",
        "play.taken": "{n} for tricks taken",
        "play.leads_ten": "{n} for leading a ten or higher",
        "play.wins_ten": "{n} for winning {other}'s lead with a ten or higher",
        "play.cards_played": "{n} for cards played",
        "play.tricks_won": "{n} for tricks won",
        "play.flat": "{n} for tricks won, 1 each",
        "play.throw_in": "{other} threw in the hand: {name} counts 13 for the tricks",
        # the cards
        "cards": "The cards: {n} tricks of 12 score 10",
        "cards.last_trick": "The last trick scores 10 (last-trick-ten rule)",
        "cards.throw_in": "{other} threw in the hand: {name} counts 10 for the cards",
        "capot": "{t.Capot}: all twelve tricks score 40 instead of 10 for the cards",
        # quick mode
        "entered": "Total entered for the deal",
        # the settlement of a partie
        "result.wins": "{winner} wins {points}",
        "result.difference": "{winner} wins {points} = {w} - {l} + {bonus}",
        "result.rubicon": "{loser} is rubiconed: {w} + {l} + {bonus} = {points}",
        "result.au_cent": "{winner} wins {points} = {w} - {l}",
        "result.au_cent.double": "{winner} wins {points} = 2 x ({w} - {l})",
        "result.double_game": "Double game: {loser} was under {under}",
        "result.draw": "The partie is drawn: {a} all",
    },
)


def _capitalise(text: str) -> str:
    return text[:1].upper() + text[1:]


# French elision before a name. A vowel, or an h before a vowel (taken as
# mute: "d'Hélène", "d'Hugo"), takes "d'" and "qu'"; a y before a consonant
# sounds as a vowel ("d'Yves"), before a vowel as a consonant ("de Yann").
_VOWELS = "aeiouàâäéèêëîïôöùûüœæ"
_ARTICLES = {"le ": "du ", "les ": "des "}  # "de le premier" is "du premier"


def _sounds_vowel(name: str) -> bool:
    low = name.lower()
    first, second = low[:1], low[1:2]
    if first in _VOWELS and first:
        return True
    if first == "h":
        return second in _VOWELS and bool(second)
    if first == "y":
        return bool(second) and second.isalpha() and second not in _VOWELS
    return False


def de(name: str) -> str:
    """French "of" before a name: "de Ben", "d'Anne", "d'Hélène", "du premier"
    (a name written with a lower-case article, as the drills' "le premier")."""
    for article, contracted in _ARTICLES.items():
        if name.startswith(article):
            return contracted + name[len(article) :]
    return f"d'{name}" if _sounds_vowel(name) else f"de {name}"


def que(name: str) -> str:
    """French "that" before a name: "que Ben", "qu'Anne", "que le dernier"."""
    return f"qu'{name}" if _sounds_vowel(name) else f"que {name}"


def le(word: str) -> str:
    """French "the" before a rank: "l'as", "le neuf", "le huit" (its h is
    aspirated: no elision)."""
    return f"l'{word}" if word[:1].lower() in _VOWELS and word else f"le {word}"


def a(name: str) -> str:
    """French "to" before a name: "à Anne", "au premier", "aux joueurs"."""
    for article, contracted in {"le ": "au ", "les ": "aux "}.items():
        if name.startswith(article):
            return contracted + name[len(article) :]
    return f"à {name}"


def _phrase(key: str, lang: str, args: dict[str, object]) -> str:
    if key == "join":
        return ", ".join(_value(v, lang) for v in args.values())
    words = Words(lang)
    kind, _, name = key.partition(".")
    if kind == "n":  # a number of cards, as players say it
        return number(int(name), lang)
    if kind == "seq":
        return sequence_name(int(name), lang)
    if kind == "rank":
        return words.table(TERMS, key)
    if key == "sequence" and "to" not in args:
        args = {**args, "to": Why(f"to.{_raw_rank(args.get('top'))}")}
    template = words.table(LINES, key)
    values = {name: _value(v, lang) for name, v in args.items()}
    return fill(template, values)


def fields(values: dict[str, str]) -> dict[str, str]:
    """A template's values, with each one's elided French forms ("{de_name}",
    "{que_other}", "{le_rank}") and capitalised form ("{Best}")."""
    out = dict(values)
    for name, value in values.items():
        out[f"de_{name}"] = de(value)
        out[f"que_{name}"] = que(value)
        out[f"le_{name}"] = le(value)
        out[f"a_{name}"] = a(value)
    for name in list(out):
        out[_capitalise(name)] = _capitalise(out[name])
    return out


_FORMS = (("de_", de), ("que_", que), ("le_", le), ("a_", a))


@cache
def _names(template: str) -> tuple[str, ...]:
    """The fields a template names ("{Best}", "{de_name}"), read once a template."""
    return tuple({name for _text, name, _spec, _conv in formatter_parser(template) if name})


def _field(name: str, values: dict[str, str]) -> str | None:
    """One field of `fields(values)`, worked out alone."""
    if name in values:
        return values[name]
    if name[:1].isupper():
        plain = _field(name[:1].lower() + name[1:], values)
        return None if plain is None else _capitalise(plain)
    for prefix, form in _FORMS:
        if name.startswith(prefix) and name[len(prefix) :] in values:
            return form(values[name[len(prefix) :]])
    return None


def fill(template: str, values: dict[str, str]) -> str:
    """`template.format(**fields(values))`, working out only the fields the
    template names (a score is worded on every replay: the elided and
    capitalised forms of every value were most of its time)."""
    found = {name: _field(name, values) for name in _names(template)}
    return template.format(**{name: text for name, text in found.items() if text is not None})


def _raw_rank(top: object) -> str:
    if isinstance(top, Why) and top.key.startswith("rank."):
        return top.key.removeprefix("rank.")
    return str(top)


def _value(value: object, lang: str) -> str:
    if isinstance(value, Why):
        return _phrase(value.key, lang, dict(value.args))
    return str(value)


def render(reason: Why, lang: str = "en") -> str:
    """The text of a `Why` in `lang` ("en" or "fr"); unknown languages fall back to English."""
    return _capitalise(_value(reason, Words(lang).lang))


# Small builders for the combinations, so callers never assemble wording.


def cards_word(n: int) -> Why:
    return Why(f"n.{n}")


def sequence_phrase(length: int, top: str) -> Why:
    if top == "void":
        return Why("sequence.void")
    return why("sequence", name=Why(f"seq.{length}"), top=Why(f"rank.{top}"))


def set_phrase(count: int, rank: str) -> Why:
    return why(f"set.{count}", ranks=Why(f"ranks.{rank}"))
