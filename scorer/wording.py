"""Every plain-language explanation the engine gives, in one place.

A score line carries a `Why`: a message key and its arguments. `render`
turns it into text in a language. English is the reference; French follows
the game's own French words (tierce, quatrième, quinte, quatorze, pic, repic,
capot). A new language is one more table here.
"""

from __future__ import annotations

from scorer.frozen import frozen

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


_EN: dict[str, str] = {
    # numbers of cards, spelled as players say them
    "n.3": "three",
    "n.4": "four",
    "n.5": "five",
    "n.6": "six",
    "n.7": "seven",
    "n.8": "eight",
    # ranks
    "rank.A": "ace",
    "rank.K": "king",
    "rank.Q": "queen",
    "rank.J": "jack",
    "rank.10": "ten",
    "rank.9": "nine",
    "rank.8": "eight",
    "rank.7": "seven",
    "ranks.A": "aces",
    "ranks.K": "kings",
    "ranks.Q": "queens",
    "ranks.J": "jacks",
    "ranks.10": "tens",
    # sequences and sets
    "seq.3": "tierce",
    "seq.4": "quart",
    "seq.5": "quint",
    "seq.6": "sixième",
    "seq.7": "septième",
    "seq.8": "huitième",
    "sequence": "{name} to the {top}",
    "sequence.void": "void suit counted as a quint",
    "set.3": "trio of {ranks}",
    "set.4": "quatorze of {ranks}",
    # the point
    "point.longer": "Point of {cards} is good against {other_cards}",
    "point.making": "Point of {cards} making {value} is good against {other_value}",
    "point.alone": "Point of {cards} is good: {other} has no better point",
    "point.alone.making": "Point of {cards} making {value} is good: {other} has no better point",
    "point.void": "Void suit counted as a point of five making 50",
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
    "carte_blanche": "Carte blanche: no king, queen or jack in the hand as dealt",
    "carte_rouge": "Carte rouge: every card of the hand is in a scoring combination",
    # bonuses
    "repique": "Repique: {name} made {points} in hand, reckoned before anything {other} scores",
    "pique": "Pique: {name} reached {points} on trick {trick} before {other} scored anything",
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
    "capot": "Capot: all twelve tricks score 40 instead of 10 for the cards",
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
}

_FR: dict[str, str] = {
    "n.3": "trois",
    "n.4": "quatre",
    "n.5": "cinq",
    "n.6": "six",
    "n.7": "sept",
    "n.8": "huit",
    "rank.A": "as",
    "rank.K": "roi",
    "rank.Q": "dame",
    "rank.J": "valet",
    "rank.10": "dix",
    "rank.9": "neuf",
    "rank.8": "huit",
    "rank.7": "sept",
    "ranks.A": "d'as",
    "ranks.K": "de rois",
    "ranks.Q": "de dames",
    "ranks.J": "de valets",
    "ranks.10": "de dix",
    "to.A": "à l'as",
    "to.K": "au roi",
    "to.Q": "à la dame",
    "to.J": "au valet",
    "to.10": "au dix",
    "to.9": "au neuf",
    "to.8": "au huit",
    "to.7": "au sept",
    "seq.3": "tierce",
    "seq.4": "quatrième",
    "seq.5": "quinte",
    "seq.6": "sixième",
    "seq.7": "septième",
    "seq.8": "huitième",
    "sequence": "{name} {to}",
    "sequence.void": "couleur vide comptée comme une quinte",
    "set.3": "trio {ranks}",
    "set.4": "quatorze {ranks}",
    "point.longer": "Point de {cards}, bon contre {other_cards}",
    "point.making": "Point de {cards} valant {value}, bon contre {other_value}",
    "point.alone": "Point de {cards}, bon : {other} n'a pas mieux",
    "point.alone.making": "Point de {cards} valant {value}, bon : {other} n'a pas mieux",
    "point.void": "Couleur vide comptée comme un point de cinq valant 50",
    "point.equal": "Points égaux, {cards} valant {value} chacun : personne ne marque le point",
    "sequences.equal": "Séquences égales, une {best} chacun : personne ne marque",
    "sets.equal": "Égalité : personne ne marque",
    "point.ending_in_four": "{base} ; un point finissant par quatre compte un de moins",
    "sequences.best": "{Best}, bonne contre une {other_best}",
    "sequences.alone": "{Best}, bonne : {other} n'a pas mieux",
    "sequences.also": "{Combination} compte aussi : les séquences {de_name} sont bonnes",
    "sets.best": "{Best}, bon contre un {other_best}",
    "sets.alone": "{Best}, bon : {other} n'a pas mieux",
    "sets.also": "{Combination} compte aussi : les trios et quatorzes {de_name} sont bons",
    "carte_blanche": "Carte blanche : ni roi, ni dame, ni valet dans la main donnée",
    "carte_rouge": "Carte rouge : toutes les cartes de la main entrent dans une combinaison",
    "repique": "Repic : {name} fait {points} en main, compté avant tout ce que marque {other}",
    "pique": "Pic : {name} atteint {points} au pli {trick} avant {que_other} ne marque rien",
    "play": "Jeu de la carte : {parts}",
    "play.leads": "{n} pour les entames",
    "play.wins": "{n} pour les plis pris sur l'entame {de_other}",
    "play.last": "1 pour le dernier pli",
    "play.taken": "{n} pour les plis pris",
    "play.leads_ten": "{n} pour les entames d'un dix ou plus",
    "play.wins_ten": "{n} pour les entames {de_other} prises d'un dix ou plus",
    "play.cards_played": "{n} pour les cartes jouées",
    "play.tricks_won": "{n} pour les plis pris",
    "play.flat": "{n} pour les plis pris, 1 chacun",
    "play.throw_in": "{other} abandonne la main : {name} compte 13 pour les plis",
    "cards": "Les cartes : {n} plis sur 12 valent 10",
    "cards.last_trick": "Le dernier pli vaut 10 (règle du dernier pli)",
    "cards.throw_in": "{other} abandonne la main : {name} compte 10 pour les cartes",
    "capot": "Capot : les douze plis valent 40 au lieu de 10 pour les cartes",
    "entered": "Total saisi pour la donne",
    "result.wins": "{winner} gagne {points}",
    "result.difference": "{winner} gagne {points} = {w} - {l} + {bonus}",
    "result.rubicon": "{loser} reste sous le Rubicon : {w} + {l} + {bonus} = {points}",
    "result.au_cent": "{winner} gagne {points} = {w} - {l}",
    "result.au_cent.double": "{winner} gagne {points} = 2 x ({w} - {l})",
    "result.double_game": "Partie double : {loser} avait moins de {under}",
    "result.draw": "Partie nulle : {a} partout",
}

_TABLES = {"en": _EN, "fr": _FR}


def table(lang: str) -> dict[str, str]:
    """The score lines' words in one language (read only: the calls take the game's
    terms from here)."""
    return _TABLES[lang]


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


def _phrase(key: str, lang: str, args: dict[str, object]) -> str:
    table = _TABLES[lang]
    if key == "join":
        return ", ".join(_value(v, lang) for v in args.values())
    if key == "sequence" and "to" not in args and lang == "fr":
        args = {**args, "to": Why(f"to.{_raw_rank(args.get('top'))}")}
    template = table.get(key) or _EN[key]
    values = {name: _value(v, lang) for name, v in args.items()}
    if lang == "fr":  # "{de_name}": "d'Anne", "de Ben"; "{que_other}": "qu'Anne"
        for name in list(values):
            values[f"de_{name}"] = de(values[name])
            values[f"que_{name}"] = que(values[name])
    # "{Best}" in a template means the argument with a capital first letter.
    for name in list(values):
        values[_capitalise(name)] = _capitalise(values[name])
    return template.format(**values)


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
    if lang not in _TABLES:
        lang = "en"
    return _capitalise(_value(reason, lang))


# Small builders for the combinations, so callers never assemble wording.


def cards_word(n: int) -> Why:
    return Why(f"n.{n}")


def sequence_phrase(length: int, top: str) -> Why:
    if top == "void":
        return Why("sequence.void")
    return why("sequence", name=Why(f"seq.{length}"), top=Why(f"rank.{top}"))


def set_phrase(count: int, rank: str) -> Why:
    return why(f"set.{count}", ranks=Why(f"ranks.{rank}"))
