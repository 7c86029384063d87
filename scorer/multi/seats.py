"""Who deals, who leads and who plays a deal, for screens and paper: the
kiosk's seat buttons, the à Écrire pairings announced, the printed sheet's
columns. The rules are those the scorer uses (`Table.dealer`,
`ecrire.pairing`), so a screen never disagrees with the score.
"""

from __future__ import annotations

from typing import Any

from scorer.errors import RecordError
from scorer.multi.record import SEAT_LETTERS, VOLEUR_SIDES, read_table
from scorer.multi.traits import TRAITS
from scorer.quoting import quoted


def seating(form: str, players: list[str], first_dealer: str, deal: int) -> dict[str, Any]:
    """Deal `deal` (from 1) of a normand, voleur or ecrire game.

    Returns `{"dealer": NAME, "leader": NAME, "playing": [NAMES in play order
    from the leader], "seats": {LETTER: NAME}, "sides": [[NAMES], [NAMES]] or
    None}`; "leader" is who announces first and leads the first trick. In
    à Écrire only two play: the dealer and his left-hand neighbour (elder).
    Raises RecordError for a form, players or dealer the record would refuse.
    """
    rules = TRAITS.get(form)
    if rules is not None and rules.parties:
        raise RecordError(
            [
                "record: in chouette the seats are the parties' "
                "(single, playing); see chouette.next_partie"
            ]
        )
    if not isinstance(deal, int) or deal < 1:
        raise RecordError([f"record: deal {quoted(deal)} must be a whole number from 1"])
    table, problems = read_table(
        {
            "format": "piquet-record/2",
            "form": form,
            "players": players,
            "first_dealer": first_dealer,
            "deals": [],
        }
    )
    if table is None:
        raise RecordError(problems)
    dealer = table.dealer(deal)
    leader = table.left_of(dealer)
    playing = [leader, dealer] if table.rules.two_handed else table.play_order(leader)
    sides = None
    if table.rules.sides:
        sides = [[table.name(s) for s in side] for side in VOLEUR_SIDES]
    return {
        "dealer": table.name(dealer),
        "leader": table.name(leader),
        "playing": [table.name(s) for s in playing],
        "seats": dict(zip(SEAT_LETTERS, table.players, strict=False)),
        "sides": sides,
    }
