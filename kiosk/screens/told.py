"""A deal's lines as the kiosk tells them, scored once per deal.

The score the screens read while a deal is played is the journal's own (the
engine scored the partie when the action was committed: nothing is scored
again after a tap). The lines of a deal with their why in the kiosk's
language and the 0-point notes of equal classes (`score_record(...,
notes=True)`) are needed only where a deal's lines are shown (the end of a
deal, a deal's lines from the sheet): they are scored there, from the record
up to that deal (a deal's score depends only on it and the deals before it),
and kept until that part of the record or the language changes.

The deal's last trick opens its end, whose lines are told then: `foresee`
tells them ahead, while the table is still, for each way the trick can go
(the records `Journal.prepare` worked out for its two winners), so that the
tap finds them told.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from scorer import RecordError, score_record

if TYPE_CHECKING:
    from kiosk.session import Session

Told = tuple[tuple[str, ...], int, str]  # the players, the deal's number, the language
KEEP = 32  # deals kept told (a few parties' worth); then the cache starts again
# ways one deal is kept told: as it stands, and the two ends its last trick can make
KEEP_EACH = 3


class ToldDeals:
    """A deal's lines as told, for the end of a deal and a deal's lines:
    `deal_told(record, number)`."""

    def __init__(self, session: Session) -> None:
        self.s = session
        # each deal: the records up to it last told (the newest first), with its lines
        self._told: dict[Told, list[tuple[dict[str, Any], dict[str, Any]]]] = {}

    def deal_told(self, record: dict[str, Any], number: int) -> dict[str, Any]:
        """Deal `number` (from 1) of `record`, as `score_record(record, lang,
        notes=True)` has it."""
        lang = self.s.lang
        upto = {**record, "deals": record["deals"][:number]}
        told = self._told
        key = (tuple(record.get("players", ())), number, lang)
        kept = told.get(key, [])
        for was, deal in kept:
            if was == upto:
                return deal
        try:
            scored = score_record(upto, lang, notes=True)
        except RecordError:  # (a deal before the last one incomplete: say it as the whole)
            scored = score_record(record, lang, notes=True)
        deal = scored["deals"][number - 1]
        if key not in told and len(told) >= KEEP:
            told.clear()
        told[key] = [(copy.deepcopy(upto), deal), *kept[: KEEP_EACH - 1]]
        return deal

    def foresee(self, ends: list[dict[str, Any]]) -> None:
        """Tell ahead the last deal of each record in `ends` (the records a
        deal's last trick can leave, worked out by `Journal.prepare`)."""
        for record in ends:
            if record.get("deals"):
                self.deal_told(record, len(record["deals"]))
