"""The game's terms, defined once: every text names them from here.

`term("repique", lang)` is "repique" in English and "repic" in French;
renaming a term is its one entry here (English) and one catalog entry a
language (context `term.<name>`). The score lines, hints, drills, odds, the
calls, the guide's small words and the kiosk take the names of the
sequences, sets, bonuses, suits, ranks and the two players from here.
"""

from __future__ import annotations

from vocabulary.lookup import Words
from vocabulary.tables import Table

TERMS = Table(
    "term",
    {
        # the classes and what scores in them
        "point": "point",
        "sequence": "sequence",
        "tierce": "tierce",
        "quart": "quart",
        "quint": "quint",
        "sixième": "sixième",
        "septième": "septième",
        "huitième": "huitième",
        "trio": "trio",
        "quatorze": "quatorze",
        # the classes declared, by name (the calculator's titles)
        "sequences": "sequences",
        "trios and quatorzes": "trios and quatorzes",
        "carte blanche": "carte blanche",
        "carte rouge": "carte rouge",
        "pique": "pique",
        "repique": "repique",
        "capot": "capot",
        "rubicon": "Rubicon",
        # the two players of a deal (Cavendish writes them with a capital)
        "elder": "Elder",
        "younger": "Younger",
        # suits
        "suit.S": "spades",
        "suit.H": "hearts",
        "suit.D": "diamonds",
        "suit.C": "clubs",
        # ranks
        "rank.A": "ace",
        "rank.K": "king",
        "rank.Q": "queen",
        "rank.J": "jack",
        "rank.10": "ten",
        "rank.9": "nine",
        "rank.8": "eight",
        "rank.7": "seven",
        # the letters of the ranks in a hand written out ("A K Q of spades")
        "letter.A": "A",
        "letter.K": "K",
        "letter.Q": "Q",
        "letter.J": "J",
    },
)

# A sequence by its length: the name the game gives it.
SEQUENCES = {3: "tierce", 4: "quart", 5: "quint", 6: "sixième", 7: "septième", 8: "huitième"}
# A set by its count.
SETS = {3: "trio", 4: "quatorze"}
# The three classes declared in hand (`scorer.calculator.CLASSES`), by the term that names them.
CLASS_TERMS = {"point": "point", "sequences": "sequences", "sets": "trios and quatorzes"}


def term(name: str, lang: str = "en") -> str:
    """The game's term `name` in `lang` ("tierce", "repic"...)."""
    return Words(lang).table(TERMS, name)


def sequence_name(length: int, lang: str = "en") -> str:
    """ "quart" (English), "quatrième" (French) for a run of four."""
    return term(SEQUENCES[length], lang)


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


__all__ = ["CLASS_TERMS", "SEQUENCES", "SETS", "TERMS", "capitalised", "sequence_name", "term"]
