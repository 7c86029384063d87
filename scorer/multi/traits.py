"""What sets each form for three to seven players apart, as data: the
trick count, the shortest point, who exchanges, whether a deal is two-handed
piquet, partnerships, a sitting of parties, which action kinds it takes.

The engine's modules read a form's traits here instead of comparing its
name: a fifth form is one more entry (and its own scoring module).
"""

from __future__ import annotations

from typing import Any

from scorer.errors import ActionError
from scorer.frozen import frozen
from scorer.quoting import quoted

TWO_HANDED_TRICKS = 12  # scorer.record.TRICKS_PER_DEAL: each deal is two-handed piquet


@frozen
class Traits:
    name: str
    players: tuple[int, int]  # the fewest and most players
    tricks: int  # tricks in a deal
    least_point: int  # the shortest point a hand can call (its longest suit at least)
    exchange: str  # who says how many cards he took: "dealer" (the widow), "both", "none"
    widow: int = 0  # the cards the dealer may take (normand)
    two_handed: bool = False  # each deal is two-handed piquet between two seats
    sides: bool = False  # partners opposite, scoring together (voleur)
    parties: bool = False  # a sitting of parties, each naming its seats (chouette)
    takes_game: bool = False  # the record's `game` (rubicon, four-deal, au-cent)
    takes_variants: bool = False  # the two-handed `variants`
    throw_in: bool = False
    rounds: bool = False  # the deals go round the table in rounds, the others sitting out (ecrire)
    ends: bool = True  # the game ends (a chouette sitting goes on)
    entered_most: int = 300  # the most a deal's entered total may be

    def takes(self, kind: str) -> bool:
        """The form has this action kind (the kinds not every form has)."""
        if kind == "carte_rouge":
            return self.two_handed
        if kind == "exchange":
            return self.exchange != "none"
        if kind == "throw_in":
            return self.throw_in
        if kind == "next_partie":
            return self.parties
        return True


TRAITS: dict[str, Traits] = {
    "normand": Traits("normand", (3, 3), 10, 3, "dealer", widow=2),
    "voleur": Traits("voleur", (4, 4), 8, 2, "none", sides=True, takes_game=True),
    "ecrire": Traits(
        "ecrire",
        (3, 7),
        TWO_HANDED_TRICKS,
        3,
        "both",
        two_handed=True,
        takes_variants=True,
        rounds=True,
    ),
    "chouette": Traits(
        "chouette",
        (3, 3),
        TWO_HANDED_TRICKS,
        3,
        "both",
        two_handed=True,
        parties=True,
        takes_game=True,
        takes_variants=True,
        throw_in=True,
        ends=False,
    ),
}
ONLY_SOME = ("carte_rouge", "exchange", "throw_in", "next_partie")


def traits(form: object) -> Traits:
    """The traits of a form named in a record; ActionError for an unknown one."""
    found = TRAITS.get(form) if isinstance(form, str) else None
    if found is None:
        raise ActionError(f"record: form {quoted(form)} is not one of {', '.join(TRAITS)}")
    return found


def record_traits(record: dict[str, Any] | None) -> Traits | None:
    """The traits of a record's form when it is one for three to seven players;
    None for a form between two players (or no record). The protocol names the
    form (`scorer.protocol.form_of`); the screens ask this, never the name."""
    if record is None:
        return None
    from scorer.protocol import form_of

    return TRAITS.get(form_of(record).name)


def forms_taking(kind: str) -> tuple[str, ...]:
    return tuple(name for name, t in TRAITS.items() if t.takes(kind))
