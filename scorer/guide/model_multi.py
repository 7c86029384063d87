"""The worked examples of the sections on more players: a `piquet-record/2`
record scored by `scorer.multi` when the guide is built, the figures its text
may quote read from that score, and its claims checked against it (a claim
the engine does not bear out raises `GuideError`, as for two players).

Figures, for each seat letter X of the example (A is the first player):
`X` (the name), `X_<category>` (what the player's lines of the last deal give
in that category: `A_point`, `B_play`...), `X_hand` (classes I to IV),
`X_upto_<class>`, `X_before` (the hand and a repique), `X_upto_play`,
`X_tricks`, `X_declares` (the calls, in words), `de_X`, `que_X` (French
elision); in Voleur the same for each side S ("AC", "BD"): `S_<category>`,
`S_hand`, `S_tricks`, `S_deal`; and `trick_list`, `dealer`, `leader`.
"""

from __future__ import annotations

from typing import Any

SEATS = "ABCDEFG"
HAND_CATEGORIES = ("carte_blanche", "carte_rouge", "point", "sequences", "sets")


def is_multi(record: dict[str, Any]) -> bool:
    return record.get("format") == "piquet-record/2"


def _winners(tricks: Any) -> str:
    if isinstance(tricks, str):
        return tricks
    return "".join(t["winner"] for t in tricks or [])


def _by_category(
    lines: list[dict[str, Any]], categories: tuple[str, ...], prefix: str, out: dict[str, Any]
) -> None:
    by_cat = {c: sum(ln["points"] for ln in lines if ln["category"] == c) for c in categories}
    for category, points in by_cat.items():
        out[f"{prefix}_{category}"] = points
    upto = 0
    for category in HAND_CATEGORIES:
        upto += by_cat.get(category, 0)
        out[f"{prefix}_upto_{category}"] = upto
    out[f"{prefix}_hand"] = upto
    out[f"{prefix}_before"] = upto + by_cat.get("repique", 0)
    out[f"{prefix}_upto_play"] = upto + by_cat.get("repique", 0) + by_cat.get("play", 0)


def figures(
    record: dict[str, Any],
    score: dict[str, Any],
    lang: str,
    categories: tuple[str, ...],
    holding_words: Any,
    elide: Any,
) -> dict[str, Any]:
    """Every figure an example's text may quote, read from its score."""
    players = list(score["players"])
    names = {SEATS[i]: name for i, name in enumerate(players)}
    last = score["deals"][-1]
    raw = record["deals"][-1]
    declared = raw.get("declared") or {}
    winners = _winners(raw.get("tricks", ""))
    out: dict[str, Any] = {
        **names,
        "deals": len(score["deals"]),
        "dealer": last["dealer"],
        "leader": last["leader"],
        "trick_list": ", ".join(names[w] for w in winners),
    }
    for seat, name in names.items():
        mine = [ln for ln in last["lines"] if ln["player"] == name]
        _by_category(mine, categories, seat, out)
        if name in last["scores"]:
            out[f"{seat}_deal"] = last["scores"][name]
            out[f"{seat}_total"] = score["totals"][name]
        out[f"{seat}_tricks"] = winners.count(seat)
        out[f"{seat}_declares"] = holding_words(declared.get(seat), lang)
        out[f"de_{seat}"] = elide(name, "de")
        out[f"que_{seat}"] = elide(name, "que")
    for side in score.get("sides", []):
        sid = side["id"]
        mine = [ln for ln in last["lines"] if ln.get("side") == sid]
        _by_category(mine, categories, sid, out)
        out[f"{sid}_deal"] = last["scores"][sid]
        out[f"{sid}_tricks"] = last["tricks"][sid]
    return out


def check_claims(claims: dict[str, Any], score: dict[str, Any]) -> list[str]:
    """What the engine's score says otherwise than the example's claims.

    A claim names seats (a list: who scores in that category or has the bonus),
    a Voleur side id, or None (nobody)."""
    players = list(score["players"])
    names = {SEATS[i]: name for i, name in enumerate(players)}
    last = score["deals"][-1]
    problems = []
    for key, want in claims.items():
        if key in ("repique", "pique", "capot"):
            have = last["bonuses"][key]
            if isinstance(want, list):
                expected: Any = [names[s] for s in want]
            elif want is None:
                expected = [] if isinstance(have, list) else None
            else:
                expected = (
                    want if want in (s["id"] for s in score.get("sides", [])) else (names[want])
                )
            if have != expected:
                problems.append(f"{key} goes to {have}, not {expected}")
        elif key in ("point", "sequences", "sets", "cards"):
            lines = [ln for ln in last["lines"] if ln["category"] == key and ln["points"]]
            if isinstance(want, list):
                have_names = sorted({ln["player"] for ln in lines})
                if have_names != sorted(names[s] for s in want):
                    problems.append(f"{key} is scored by {have_names}, not {want}")
            else:
                sides = sorted({ln.get("side") for ln in lines})
                if sides != ([want] if want else []):
                    problems.append(f"{key} is scored by the sides {sides}, not {want}")
        else:
            problems.append(f"unknown claim {key!r}")
    return problems


def settlement(score: dict[str, Any]) -> tuple[str, ...]:
    """The result in words, for a finished game: the engine's why and payments."""
    result = score.get("result")
    if not result:
        return ()
    return tuple(t for t in [result.get("why", ""), *result.get("payments", [])] if t)
