"""A deal's lines as the kiosk tells them, scored once per deal.

The score the screens read while a deal is played is the journal's own (the
engine scored the partie when the action was committed: nothing is scored
again after a tap). The lines of a deal with their why in the kiosk's
language and the 0-point notes of equal classes (`score_record(...,
notes=True)`) are needed only where a deal's lines are shown (the end of a
deal, a deal's lines from the sheet): they are scored there, from the record
up to that deal (a deal's score depends only on it and the deals before it),
and kept until that part of the record or the language changes.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from scorer import RecordError, score_record

if TYPE_CHECKING:
    from kiosk.session import Session

Told = tuple[tuple[str, ...], int, str]  # the players, the deal's number, the language
KEEP = 32  # deals kept told (a few parties' worth); then the cache starts again


class ToldDeals:
    """A deal's lines as told, for the end of a deal and a deal's lines:
    `deal_told(record, number)`."""

    def __init__(self, session: Session) -> None:
        self.s = session
        self._told: dict[Told, tuple[dict[str, Any], dict[str, Any]]] = {}

    def deal_told(self, record: dict[str, Any], number: int) -> dict[str, Any]:
        """Deal `number` (from 1) of `record`, as `score_record(record, lang,
        notes=True)` has it."""
        lang = self.s.lang
        upto = {**record, "deals": record["deals"][:number]}
        told = self._told
        key = (tuple(record.get("players", ())), number, lang)
        kept = told.get(key)
        if kept is not None and kept[0] == upto:
            return kept[1]
        try:
            scored = score_record(upto, lang, notes=True)
        except RecordError:  # (a deal before the last one incomplete: say it as the whole)
            scored = score_record(record, lang, notes=True)
        deal = scored["deals"][number - 1]
        if len(told) >= KEEP:
            told.clear()
        told[key] = (copy.deepcopy(upto), deal)
        return deal
