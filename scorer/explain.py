"""The settlement of a finished partie in words, with its arithmetic
(Laws 72-73, Piquet au Cent), for the score sheet on screen and on paper.

`explain_result(score, game, lang)` takes a `piquet-score/1` answer and gives
its sentences, the headline first, e.g. ["Anne wins 150 = 164 - 114 + 100"] or
["Josephine wins 347", "Napoleon is rubiconed: 154 + 93 + 100 = 347"]; an
empty list while the partie is in play. Plain ASCII signs, so a thermal
printer's code page has them all.
"""

from __future__ import annotations

from typing import Any

from scorer.partie import AU_CENT_DOUBLE_UNDER, RUBICON
from scorer.variants import plays_to_target
from scorer.wording import render, why


def explain_result(score: dict[str, Any], game: str = "rubicon", lang: str = "en") -> list[str]:
    result = score.get("result")
    if not result:
        return []
    totals = score["totals"]
    if result.get("draw") or not result.get("winner"):
        a = totals[score["players"][0]]
        return [render(why("result.draw", a=a), lang)]
    winner = result["winner"]
    loser = next(p for p in score["players"] if p != winner)
    args = {
        "winner": winner,
        "loser": loser,
        "w": totals[winner],
        "l": totals[loser],
        "points": result["points"],
        "bonus": RUBICON,
        "under": AU_CENT_DOUBLE_UNDER,
    }
    if plays_to_target(game):
        if result.get("double"):
            keys = ["result.au_cent.double", "result.double_game"]
        else:
            keys = ["result.au_cent"]
    elif result.get("rubicon"):
        keys = ["result.wins", "result.rubicon"]
    else:
        keys = ["result.difference"]
    return [render(why(key, **args), lang) for key in keys]
