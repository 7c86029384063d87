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
from typing import Any

from scorer import RecordError, score_record

KEEP = 32  # deals kept told (a few parties' worth); then the cache starts again


class ToldDeals:
    """Mixin for the Presenter: `deal_told(record, number)`."""

    _told: dict[tuple[tuple[str, ...], int, str], tuple[dict[str, Any], dict[str, Any]]] | None = (
        None
    )

    def deal_told(self, record: dict[str, Any], number: int) -> dict[str, Any]:
        """Deal `number` (from 1) of `record`, as `score_record(record, lang,
        notes=True)` has it."""
        lang: str = self.lang  # type: ignore[attr-defined]
        upto = {**record, "deals": record["deals"][:number]}
        told = self._told if self._told is not None else {}
        self._told = told
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
