"""The guide's small words: the English table `GUIDE` (every other language has
it in its catalog, context `guide.<key>`). The long prose of the sections is a
module a language (`scorer/guide/en.py`, `fr.py`), loaded through the same
lookup: `prose(lang)`.
"""

from __future__ import annotations

from types import ModuleType

from vocabulary import Words
from vocabulary.tables import Table
from vocabulary.terms import TERMS

GUIDE = Table(
    "guide",
    {
        "and": "and",
        "nothing": "nothing",
        "point": "a point of {cards}",
        "point_making": "a point of {cards} making {value}",
        "sequence": "a {phrase}",
        "set": "a {phrase}",
        "suit_cards": "{cards} of {suit}",
        "card": "the {rank} of {suit}",
        "trick_play": "{leader} leads {lead}, {follower} plays {follow}, {winner} wins",
        "sequence_row": "- {name}, {length} cards: {scores}",
        "see": "See also",
        "source": "Source",
        "deal": "Deal {number}",
        "example": "Example",
        "class.1": "Carte blanche",
        "class.2": "Point",
        "class.3": "Sequences",
        "class.4": "Quatorzes and trios",
        "class.5": "Points made in play",
        "class.6": "The cards (and capot)",
        "or": "or",
        "rank.A": "A",
        "rank.K": "K",
        "rank.Q": "Q",
        "rank.J": "J",
        "ranks.separator": " ",
        "list.separator": "; ",
        "colon": ":",
    },
)


def word(lang: str, key: str, **fields: object) -> str:
    """One of the guide's small words in `lang`."""
    return Words(lang).table(GUIDE, key, **fields)


def prose(lang: str) -> ModuleType:
    """The guide's sections in `lang` (`scorer.guide.<lang>`: SECTIONS)."""
    return Words(lang).prose("scorer.guide")


def small_words(lang: str) -> dict[str, object]:
    """Every small word of the guide in `lang`, by key, with the suits' names
    by letter under "suits" and the ranks' letters under "letters" (for a
    screen that shows several)."""
    words = Words(lang)
    out: dict[str, object] = {key: words.table(GUIDE, key) for key in GUIDE}
    out["suits"] = {suit: words.table(TERMS, f"suit.{suit}") for suit in "SHDC"}
    out["letters"] = {rank: words.table(TERMS, f"letter.{rank}") for rank in "AKQJ"}
    return out
