"""The plain-language explanations of the forms for three to seven players,
in the style of `scorer.wording`: a line carries a `Why` (a key and its
arguments) and `render` makes it text in English or French.

The phrases of the two-handed game (a tierce to the ace, a quatorze of tens,
carte blanche) are `scorer.wording`'s own: a `Why` whose key is not in these
tables is rendered there. Only such leaves are handed over, never a phrase of
ours inside one of theirs.
"""

from __future__ import annotations

from scorer.wording import Why, cards_word, de, que, why
from scorer.wording import render as render_two_handed

__all__ = ["Why", "and_", "point_phrase", "render", "why"]

_EN: dict[str, str] = {
    "m.n.2": "two",  # a point of two cards: eight-card hands of Voleur may hold no more
    "m.and": "{a} and {b}",
    "m.list": "{a}, {b}",
    # the point
    "m.point.of": "point of {cards}",
    "m.point.of.making": "point of {cards} making {value}",
    "m.point.good": "{Best} is good against {name}'s {other}",
    # "alone": every other player answered Good (or had nothing); one may have asked
    # "Making?" with as many cards first, so these lines never say nobody called
    "m.point.alone": "{Best} is good: nobody else has a point as good",
    "m.point.partner": "{Best} also counts for {name}: partner {partner} holds the good point",
    # sequences
    "m.sequences.good": "{Best} is good against {name}'s {other}",
    "m.sequences.alone": "{Best} is good: nobody else has a sequence as good",
    "m.sequences.also": "{Combination} also counts: {name}'s sequences are good",
    "m.sequences.partner": "{Combination} also counts for {name}: partner {partner} holds "
    "the good sequence",
    # sets
    "m.sets.good": "{Best} is good against {name}'s {other}",
    "m.sets.alone": "{Best} is good: nobody else has a set as good",
    "m.sets.also": "{Combination} also counts: {name}'s sets are good",
    "m.sets.partner": "{Combination} also counts for {name}: partner {partner} holds the good set",
    # bonuses
    "m.repique": "Repique: {name} made {points} in hand before {others} scored anything",
    "m.pique": "Pique: {name} reached {points} on trick {trick} before {others} scored anything",
    "m.pique.not_both": "Pique: {name} reached {points} on trick {trick} before {others} "
    "had both scored",
    # play
    "m.play": "Play: {parts}",
    "m.play.leads": "{n} for leading",
    "m.play.wins": "{n} for winning another player's lead",
    "m.play.wins.side": "{n} for winning a lead of {other}",
    "m.play.last": "1 for the last trick",
    "m.play.taken": "{n} for the tricks taken",
    # the cards
    "m.cards.most": "The cards: {n} tricks of {of}, the most, score 10",
    "m.cards.tie": "The cards: {n} tricks of {of}, tied for the most with {other}, score 5",
    "m.cards.side": "The cards: {n} tricks of {of} score 10",
    "m.capot": "Capot: all {of} tricks score 40",
    "m.capot.scarne": "Capot: all {of} tricks score 40, nothing more for the last trick",
    "m.capot.shared": "Capot: {name} and {other} took all {of} tricks between them, 20 each",
    # the end of a game
    "m.result.difference": "{winner} reached {target} first with {w}: each lower score pays "
    "{winner} the difference",
    "m.result.pot": "{winner} reached {target} first with {w} and takes the pot of {pot}",
    "m.pays": "{name} pays {other} {points} = {w} - {l}",
    "m.antes": "{name} put {points} into the pot",
    "m.side.difference": "{winner} win {points} = {w} - {l} + {bonus}",
    "m.side.rubicon": "{loser} are rubiconed: {w} + {l} + {bonus} = {points}",
    "m.side.au_cent": "{winner} win {points} = {w} - {l}",
    "m.side.au_cent.double": "{winner} win {points} = 2 x ({w} - {l}): a double game",
    "m.side.draw": "The partie is drawn: {a} all",
    "m.round": "Round {n}: each lower score pays each higher score the difference",
    "m.ecrire.result": "Rounds played: {n}; after each, every lower score paid every higher "
    "score the difference",
    "m.chouette.single": "{single} wins as the single player: {points} counts {rounded}, "
    "+{twice} for {single}, -{once} each for {pair}",
    "m.chouette.pair": "{pair} win against {single}: {points} counts {rounded}, -{twice} "
    "for {single}, +{once} each for {pair}",
    "m.chouette.draw": "The partie is drawn: nothing is entered on the card",
}

_FR: dict[str, str] = {
    "m.n.2": "deux",
    "m.and": "{a} et {b}",
    "m.list": "{a}, {b}",
    "m.point.of": "point de {cards}",
    "m.point.of.making": "point de {cards} valant {value}",
    "m.point.good": "{Best}, bon contre le {other} {de_name}",
    "m.point.alone": "{Best}, bon : personne d'autre n'a de point aussi bon",
    "m.point.partner": "{Best} compte aussi pour {name} : son partenaire {partner} a le bon point",
    "m.sequences.good": "{Best}, bonne contre la {other} {de_name}",
    "m.sequences.alone": "{Best}, bonne : personne d'autre n'a de séquence aussi bonne",
    "m.sequences.also": "{Combination} compte aussi : les séquences {de_name} sont bonnes",
    "m.sequences.partner": "{Combination} compte aussi pour {name} : son partenaire "
    "{partner} a la bonne séquence",
    "m.sets.good": "{Best}, bon contre le {other} {de_name}",
    "m.sets.alone": "{Best}, bon : personne d'autre n'a de trio ni de quatorze aussi bon",
    "m.sets.also": "{Combination} compte aussi : les trios et quatorzes {de_name} sont bons",
    "m.sets.partner": "{Combination} compte aussi pour {name} : son partenaire {partner} a "
    "le bon trio ou quatorze",
    "m.repique": "Repic : {name} fait {points} en main avant {que_others} ne marquent rien",
    # two partners (Voleur): the verb agrees with "Anne et Cleo"
    "m.repique.plural": "Repic : {name} font {points} en main avant {que_others} ne marquent rien",
    "m.pique": "Pic : {name} atteint {points} au pli {trick} avant {que_others} ne marquent rien",
    "m.pique.plural": "Pic : {name} atteignent {points} au pli {trick} avant {que_others} ne "
    "marquent rien",
    "m.pique.not_both": "Pic : {name} atteint {points} au pli {trick} avant {que_others} "
    "n'aient marqué tous les deux",
    "m.pique.not_both.plural": "Pic : {name} atteignent {points} au pli {trick} avant "
    "{que_others} n'aient marqué tous les deux",
    "m.play": "Jeu de la carte : {parts}",
    "m.play.leads": "{n} pour les entames",
    "m.play.wins": "{n} pour les plis pris sur l'entame d'un autre",
    "m.play.wins.side": "{n} pour les plis pris sur l'entame {de_other}",
    "m.play.last": "1 pour le dernier pli",
    "m.play.taken": "{n} pour les plis faits",
    "m.cards.most": "Les cartes : {n} plis sur {of}, le plus grand nombre, valent 10",
    "m.cards.tie": "Les cartes : {n} plis sur {of}, à égalité en tête avec {other}, valent 5",
    "m.cards.side": "Les cartes : {n} plis sur {of} valent 10",
    "m.capot": "Capot : les {of} plis valent 40",
    "m.capot.scarne": "Capot : les {of} plis valent 40, rien de plus pour le dernier pli",
    "m.capot.shared": "Capot : {name} et {other} font tous les {of} plis à eux deux, 20 chacun",
    "m.result.difference": "{winner} atteint {target} le premier avec {w} : chaque score "
    "plus bas lui paie la différence",
    "m.result.pot": "{winner} atteint {target} le premier avec {w} et gagne la poule de {pot}",
    "m.pays": "{name} paie {points} à {other} = {w} - {l}",
    "m.antes": "{name} a mis {points} à la poule",
    "m.side.difference": "{winner} gagnent {points} = {w} - {l} + {bonus}",
    "m.side.rubicon": "{loser} restent sous le Rubicon : {w} + {l} + {bonus} = {points}",
    "m.side.au_cent": "{winner} gagnent {points} = {w} - {l}",
    "m.side.au_cent.double": "{winner} gagnent {points} = 2 x ({w} - {l}) : partie double",
    "m.side.draw": "Partie nulle : {a} partout",
    "m.round": "Tour {n} : chaque score plus bas paie à chaque score plus haut la différence",
    "m.ecrire.result": "Tours joués : {n} ; après chacun, chaque score plus bas a payé à "
    "chaque score plus haut la différence",
    "m.chouette.single": "{single} gagne seul contre deux : {points} compte {rounded}, "
    "+{twice} pour {single}, -{once} chacun pour {pair}",
    "m.chouette.pair": "{pair} gagnent contre {single} : {points} compte {rounded}, "
    "-{twice} pour {single}, +{once} chacun pour {pair}",
    "m.chouette.draw": "Partie nulle : rien n'est inscrit sur la carte",
}

_TABLES = {"en": _EN, "fr": _FR}


def _capitalise(text: str) -> str:
    return text[:1].upper() + text[1:]


def _plural(value: object) -> bool:
    """Two names or more ("Anne and Cleo"): a French verb agrees with them."""
    return isinstance(value, Why) and value.key == "m.and"


def _value(value: object, lang: str) -> str:
    if not isinstance(value, Why):
        return str(value)
    if value.key == "join":
        return ", ".join(_value(v, lang) for _, v in value.args)
    if value.key not in _EN:
        text = render_two_handed(value, lang)  # a leaf phrase of the two-handed game
        return text[:1].lower() + text[1:]
    table = _TABLES.get(lang, _EN)
    key = value.key
    if any(name == "name" and _plural(v) for name, v in value.args) and f"{key}.plural" in table:
        key = f"{key}.plural"
    template = table.get(key) or _EN[value.key]
    values = {name: _value(v, lang) for name, v in value.args}
    if lang == "fr":  # "{de_name}": "d'Anne", "de Ben"; "{que_others}": "qu'Anne et Ben"
        for name in list(values):
            values[f"de_{name}"] = de(values[name])
            values[f"que_{name}"] = que(values[name])
    for name in list(values):  # "{Best}" is the argument with a capital first letter
        values[_capitalise(name)] = _capitalise(values[name])
    return template.format(**values)


def render(reason: Why | str, lang: str = "en") -> str:
    """The text of a `Why` in `lang` ("en" or "fr"; others fall back to English)."""
    if lang not in _TABLES:
        lang = "en"
    return _capitalise(_value(reason, lang))


def and_(names: list[str] | tuple[str, ...]) -> Why | str:
    """ "Anne", "Anne and Ben", "Anne, Ben and Cleo"."""
    if len(names) == 1:
        return names[0]
    head: Why | str = names[0]
    for name in names[1:-1]:
        head = why("m.list", a=head, b=name)
    return why("m.and", a=head, b=names[-1])


def point_phrase(cards: int, value: int | None) -> Why:
    word = Why("m.n.2") if cards == 2 else cards_word(cards)
    if value is None:
        return why("m.point.of", cards=word)
    return why("m.point.of.making", cards=word, value=value)
