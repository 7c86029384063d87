"""Piquet for three to seven players: Piquet Normand, Piquet Voleur, Piquet
à Écrire and Chouette. Pure Python, no I/O, no Kivy.

The public entry points (the command line, journal, printer and kiosk use
only these):

- `score_record2(record: dict, lang="en") -> dict`: a `piquet-record/2` dict
  in, the `piquet-score/2` dict out (docs/record-2.md). Raises
  `scorer.RecordError` (with `.problems`, one line each, starting with the
  place: "record: ...", "deal 3: ...", "partie 2: deal 4: ...").
- `FORMS`, `PLAYER_COUNTS`: the forms and how many players each seats.
- `SETTINGS`, `defaults(form)`: each form's settings, their choices and
  defaults (docs/rules-multi.md says why).
- `seating(form, players, first_dealer, deal)`: who deals, who leads, who
  plays a deal (for the kiosk's seat buttons and the pairings of à Écrire).
- `chouette.next_partie(answer)`: who may take the single seat next.

The two-handed engine's building blocks (`scorer.cards`,
`scorer.combinations`, `scorer.hand`, `scorer.wording`) are used, never
changed; à Écrire and Chouette score each two-handed hand or partie with
`scorer.score_record` itself.
"""

from scorer.errors import RecordError
from scorer.multi.record import FORMAT, FORMS, PLAYER_COUNTS
from scorer.multi.settings import SETTINGS, defaults

__all__ = [
    "FORMAT",
    "FORMS",
    "PLAYER_COUNTS",
    "SETTINGS",
    "RecordError",
    "defaults",
    "score_record2",
    "seating",
]


def __getattr__(name: str):  # lazy, like `scorer`
    if name == "score_record2":
        from scorer.multi.score import score_record2

        return score_record2
    if name == "seating":
        from scorer.multi.seats import seating

        return seating
    raise AttributeError(name)
