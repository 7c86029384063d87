"""The `piquet-score/1` answer for a record (spec/record.md)."""

from __future__ import annotations

from typing import Any

from scorer.partie import ScoredPartie, score_partie
from scorer.wording import render

FORMAT = "piquet-score/1"


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


def score_json(scored: ScoredPartie, lang: str = "en", notes: bool = False) -> dict[str, Any]:
    deals = []
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
        if scored.partie.game == "au-cent":
            result["double"] = bool(r.double)
    return {
        "format": FORMAT,
        "players": list(scored.partie.players),
        "deals": deals,
        "totals": dict(scored.totals),
        "finished": result is not None,
        "result": result,
    }
