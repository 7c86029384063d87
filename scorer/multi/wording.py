# ruff: noqa: E501
"""The plain-language explanations of the forms for three to seven players,
in the style of `scorer.wording`: a line carries a `Why` (a key and its
arguments) and `render` makes it text in English or French. The English
templates are the table `MULTI`; every other language has them in its
catalog (context `multi.<key>`).

The phrases of the two-handed game (a tierce to the ace, a quatorze of tens,
carte blanche) are `scorer.wording`'s own: a `Why` whose key is not in these
tables is rendered there. Only such leaves are handed over, never a phrase of
ours inside one of theirs.
"""

from __future__ import annotations

from scorer.wording import Why, cards_word, fill, why
from scorer.wording import render as render_two_handed
from vocabulary import Words
from vocabulary.tables import Table

__all__ = ["Why", "and_", "point_phrase", "render", "why"]

MULTI = Table(
    "multi",
    {
        "m.n.2": "two",  # a point of two cards: eight-card hands of Voleur may hold no more
        "m.and": "{a} and {b}",
        "m.list": "{a}, {b}",
        # the point
        "m.point.of": "{t.point} of {cards}",
        "m.point.of.making": "{t.point} of {cards} making {value}",
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
        "m.repique": "{t.Repique}: {name} made {points} in hand before {others} scored anything",
        "m.pique": "{t.Pique}: {name} reached {points} on trick {trick} before {others} scored anything",
        "m.pique.not_both": "{t.Pique}: {name} reached {points} on trick {trick} before {others} "
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
        "m.capot": "{t.Capot}: all {of} tricks score 40",
        "m.capot.scarne": "{t.Capot}: all {of} tricks score 40, nothing more for the last trick",
        "m.capot.shared": "{t.Capot}: {name} and {other} took all {of} tricks between them, 20 each",
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
        # two partners (Voleur): the French verb agrees with "Anne et Cleo"
        "m.repique.plural": "{t.Repique}: {name} made {points} in hand before {others} scored anything",
        "m.pique.plural": "{t.Pique}: {name} reached {points} on trick {trick} before {others} "
        "scored anything",
        "m.pique.not_both.plural": "{t.Pique}: {name} reached {points} on trick {trick} before "
        "{others} had both scored",
    },
)


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
    if value.key not in MULTI:
        text = render_two_handed(value, lang)  # a leaf phrase of the two-handed game
        return text[:1].lower() + text[1:]
    key = value.key
    if any(name == "name" and _plural(v) for name, v in value.args) and f"{key}.plural" in MULTI:
        key = f"{key}.plural"
    template = Words(lang).table(MULTI, key)
    values = {name: _value(v, lang) for name, v in value.args}
    return fill(template, values)


def render(reason: Why | str, lang: str = "en") -> str:
    """The text of a `Why` in `lang` ("en" or "fr"; others fall back to English)."""
    return _capitalise(_value(reason, Words(lang).lang))


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
