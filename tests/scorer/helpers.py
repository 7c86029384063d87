"""Small builders for records in the scorer tests."""

from __future__ import annotations

from typing import Any


def record(
    *deals: dict[str, Any],
    game: str = "rubicon",
    variants: dict | None = None,
    players: tuple[str, str] = ("Anne", "Ben"),
    first_dealer: str = "Ben",
) -> dict:
    return {
        "format": "piquet-record/1",
        "game": game,
        "variants": variants or {},
        "players": list(players),
        "first_dealer": first_dealer,
        "deals": list(deals),
    }


def entered(elder: int, younger: int) -> dict[str, Any]:
    return {"entered": {"elder": elder, "younger": younger}}


def lines_of(score: dict, deal: int = 1) -> list[tuple[str, str, int]]:
    lines = score["deals"][deal - 1]["lines"]
    return [(ln["player"], ln["category"], ln["points"]) for ln in lines]
