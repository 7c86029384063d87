"""Small builders for `piquet-record/2` records in the tests."""

from __future__ import annotations

from typing import Any

import pytest

from scorer import RecordError
from scorer.multi import score_record2


def record(
    form: str,
    players: list[str],
    *deals: dict[str, Any],
    first_dealer: str | None = None,
    **top: Any,
) -> dict[str, Any]:
    out: dict[str, Any] = {"format": "piquet-record/2", "form": form, "players": players}
    if form != "chouette":
        out["first_dealer"] = first_dealer or players[-1]
        out["deals"] = list(deals)
    out.update(top)
    return out


def normand(*deals: dict[str, Any], **top: Any) -> dict[str, Any]:
    """Anne, Ben, Cleo; Cleo deals first, so Anne (A) announces and leads first."""
    top.setdefault("first_dealer", "Cleo")
    return record("normand", ["Anne", "Ben", "Cleo"], *deals, **top)


def voleur(*deals: dict[str, Any], **top: Any) -> dict[str, Any]:
    """Anne and Cleo (A, C) against Ben and Dan (B, D); Dan deals first, so Anne leads."""
    top.setdefault("first_dealer", "Dan")
    return record("voleur", ["Anne", "Ben", "Cleo", "Dan"], *deals, **top)


def problems_of(rec: object) -> list[str]:
    with pytest.raises(RecordError) as caught:
        score_record2(rec)
    assert caught.value.problems, "a refusal must say why"
    return caught.value.problems


def lines_of(answer: dict[str, Any], deal: int = 1) -> list[tuple[Any, str, int]]:
    return [
        (ln["player"], ln["category"], ln["points"]) for ln in answer["deals"][deal - 1]["lines"]
    ]


def calls(
    point: tuple[int, int] | int | None = None, sequences: tuple = (), sets: tuple = ()
) -> dict[str, Any]:
    """One seat's declarations: point (cards, value) or cards; sequences (length, top);
    sets (count, rank). Every class is given, empty when nothing is called in it:
    the seat has answered each class (a call nobody has answered scores nothing,
    scorer.multi.answered)."""
    out: dict[str, Any] = {"point": None, "sequences": [], "sets": []}
    if point is not None:
        out["point"] = (
            {"cards": point[0], "value": point[1]} if isinstance(point, tuple) else {"cards": point}
        )
    out["sequences"] = [{"length": n, "top": t} for n, t in sequences]
    out["sets"] = [{"count": n, "rank": r} for n, r in sets]
    return out
