"""The `piquet-score/1` answer for a record (spec/record.md)."""

from __future__ import annotations

from collections.abc import Sequence

from scorer.partie import ScoredPartie, score_partie, score_partie_from
from scorer.variants import plays_to_target
from scorer.wording import render

TYPE_CHECKING = False  # typing is not imported at run time (`piquet score` starts faster)
if TYPE_CHECKING:
    from typing import Any

FORMAT = "piquet-score/1"


class Score(dict):
    """A `piquet-score/1` answer in English with its scoring lines only, as `rescore`
    gives it: a plain dict to everyone (JSON, equality), which `rescore` may take up
    again to reckon the last deal of the next record alone. Treat it as a value: a
    later score may share its deals' entries."""


def rescore(record: object, known: object = None) -> Score:
    """`score_record(record)` as a `Score`; raises RecordError on a bad record.

    `known`: a `Score` of a record with the same header whose deals before the last
    deal of `record` are the same as `record`'s (the record one action before or
    after, say). Those deals are then taken from it, read and reckoned once
    already, and only the last deal of `record` is read and reckoned: the cost of
    one deal instead of the whole partie, with the same answer. Anything else
    (None, a plain dict, a score in French or with notes) scores the whole record.
    """
    deals = record.get("deals") if isinstance(record, dict) else None
    first = len(deals) - 1 if isinstance(deals, list) else 0
    if (
        isinstance(known, Score)
        and 0 < first <= len(known["deals"])
        and (not known["finished"] or first < len(known["deals"]))
    ):
        before = known["deals"][:first]  # none of them decided the partie
        totals = dict.fromkeys(known["players"], 0)
        for deal in before:
            for name, points in deal["scores"].items():
                totals[name] += points
        scored = score_partie_from(record, first, totals, bool(before[-1]["complete"]))
        return Score(score_json(scored, before=before))
    return Score(score_json(score_partie(record)))


def score_record(record: object, lang: str = "en", notes: bool = False) -> dict[str, Any]:
    """Score a `piquet-record/1` dict; raises RecordError on a bad record.

    `lang` chooses the language of the `why` texts ("en", the default, or "fr").
    `notes` adds a 0-point line for each class that was equal ("Points equal,
    five making 49 each: nobody scores the point"), for screens that teach; the
    spec's answer (`piquet score`) lists scoring items only.

    Every line carries `rule`: the id of the `scorer.guide` section that
    explains it (spec/record.md, "Additions").
    """
    return score_json(score_partie(record), lang, notes)


def score_json(
    scored: ScoredPartie,
    lang: str = "en",
    notes: bool = False,
    before: Sequence[dict[str, Any]] = (),
) -> dict[str, Any]:
    """The answer for a scored partie; `before`: the answer's entries of the deals
    before `scored.deals` (scored from a later deal on, see `rescore`)."""
    deals = list(before)
    for deal in scored.deals:
        names = {"elder": deal.elder, "younger": deal.younger}
        deals.append(
            {
                "number": deal.number,
                "elder": deal.elder,
                "younger": deal.younger,
                "multiplier": deal.multiplier,
                "scores": deal.scores(),
                "bonuses": {
                    k: (names[v] if v else None) for k, v in deal.reckoning.bonuses.items()
                },
                "complete": deal.reckoning.complete,
                "lines": [
                    {
                        "player": names[line.role],
                        "category": line.category,
                        "points": line.points,
                        "why": render(line.why, lang),
                        "rule": line.rule,
                    }
                    for line in deal.reckoning.lines
                    if notes or not line.note
                ],
            }
        )
    result = None
    if scored.result is not None:
        r = scored.result
        result = {"winner": r.winner, "draw": r.draw, "points": r.points, "rubicon": r.rubicon}
        if plays_to_target(scored.partie.game):
            result["double"] = bool(r.double)
    return {
        "format": FORMAT,
        "players": list(scored.partie.players),
        "deals": deals,
        "totals": dict(scored.totals),
        "finished": result is not None,
        "result": result,
    }
