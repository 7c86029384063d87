"""The `piquet-score/2` answer for a `piquet-record/2` record: read the
table, then hand it to the form's own module (docs/record-2.md).
"""

from __future__ import annotations

from typing import Any

from scorer.errors import RecordError
from scorer.multi import chouette, ecrire, normand, voleur
from scorer.multi.record import read_table

FORMAT = "piquet-score/2"
_FORMS = {"normand": normand, "voleur": voleur, "ecrire": ecrire, "chouette": chouette}


def score_record2(record: object, lang: str = "en") -> dict[str, Any]:
    """Score a `piquet-record/2` dict; raises RecordError (its `problems` one
    line each, starting with the place) on a record that is invalid or
    impossible. `lang` is the language of the `why` texts ("en" or "fr")."""
    table, problems = read_table(record)
    if table is None:
        raise RecordError(problems)
    body = _FORMS[table.form].score(table, lang)
    answer: dict[str, Any] = {
        "format": FORMAT,
        "form": table.form,
        "players": list(table.players),
        "seats": table.names(),
        "settings": dict(table.settings),
    }
    if table.rules.takes_game:
        answer["game"] = table.game
    answer.update(body)
    pot = table.settings.get("settlement") == "pot"  # a Normand pot is kept in antes
    answer["settlement_unit"] = "antes" if pot else "points"
    return answer
