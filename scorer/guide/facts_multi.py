"""The numbers the guide's sections on Piquet Normand and Piquet Voleur quote,
every one taken from the engine (`scorer.multi`), as `facts.py` does for two
players: the forms' constants, their settings' defaults, and what a tiny
record scores where the engine keeps a figure inside its reckoning (the
points of play).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from scorer.multi import normand, voleur
from scorer.multi.record import PLAYER_COUNTS
from scorer.multi.score import score_record2
from scorer.multi.settings import defaults

NORMAND_PLAYERS = ["A", "B", "C"]
VOLEUR_PLAYERS = ["A", "B", "C", "D"]


def _record(form: str, *deals: dict[str, Any]) -> dict[str, Any]:
    """Seat A leads the first trick: the last player deals."""
    players = {"normand": NORMAND_PLAYERS, "voleur": VOLEUR_PLAYERS}[form]
    return {
        "format": "piquet-record/2",
        "form": form,
        "players": players,
        "first_dealer": players[-1],
        "deals": list(deals),
    }


def _play(form: str, tricks: str, seat: str) -> int:
    """The points of play `seat` makes in a deal whose tricks are `tricks`."""
    deal = score_record2(_record(form, {"tricks": tricks}))["deals"][-1]
    return sum(
        ln["points"] for ln in deal["lines"] if ln["category"] == "play" and ln["player"] == seat
    )


@cache
def numbers() -> dict[str, int]:
    """Every number the sections on more players quote, by name."""
    last = "A" * normand.TRICKS
    voleur_all = "A" * voleur.TRICKS
    return {
        "normand_players": PLAYER_COUNTS["normand"][0],
        "normand_hand": normand.HAND_SIZE,
        "normand_widow": normand.WIDOW,
        "normand_tricks": normand.TRICKS,
        "normand_repique": normand.REPIQUE,
        "normand_pique": normand.PIQUE,
        "normand_bonus_at": normand.BONUS_AT,
        "normand_cards": normand.CARDS_MOST,
        "normand_cards_tie": normand.CARDS_TIE,
        "normand_capot": normand.CAPOT,
        "normand_shared_capot": normand.SHARED_CAPOT,
        "normand_target": defaults("normand")["target"],
        "normand_lead": _play("normand", "A", "A"),
        "normand_win": _play("normand", "B", "B"),
        "normand_last": _play("normand", last, "A") - normand.TRICKS * _play("normand", "A", "A"),
        "voleur_players": PLAYER_COUNTS["voleur"][0],
        "voleur_hand": voleur.HAND_SIZE,
        "voleur_tricks": voleur.TRICKS,
        "voleur_majority": voleur.TRICKS // 2 + 1,
        "voleur_half": voleur.TRICKS // 2,
        "voleur_repique": voleur.REPIQUE,
        "voleur_pique": voleur.PIQUE,
        "voleur_bonus_at": voleur.BONUS_AT,
        "voleur_cards": voleur.CARDS,
        "voleur_capot": voleur.CAPOT,
        "voleur_lead": _play("voleur", "A", "A"),
        "voleur_win": _play("voleur", "B", "B"),
        "voleur_partner_win": _play("voleur", "C", "C"),
        "voleur_last": _play("voleur", voleur_all, "A") - voleur.TRICKS * _play("voleur", "A", "A"),
    }
