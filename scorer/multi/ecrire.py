"""Piquet à Écrire (Round Table Piquet): three to seven players (seed 004,
"Piquet à Ecrire"; docs/rules-multi.md).

- Each player plays a two-handed hand first with the player at his right and
  then with the player at his left; the deal passes to the left. So deal k is
  dealt by the k-th dealer round the table to his left-hand neighbour, who is
  elder: that neighbour has just played his right-hand neighbour and will next
  deal to his own left. A round is one deal per player.
- Each hand is ordinary two-handed piquet, scored by `scorer.score_record`
  on a one-deal `piquet-record/1` (so every two-handed variant applies).
- After a round each lower score pays each higher score the difference;
  the game is `settings.rounds` rounds (1 by default).
"""

from __future__ import annotations

import re
from functools import partial
from itertools import combinations
from typing import Any

from scorer.errors import RecordError, Rewritten, Said, unplaced
from scorer.multi import record as rec
from scorer.multi.answered import score_two_handed
from scorer.multi.wording import render, why
from scorer.quoting import quoted

ROLE_OF_LETTER = {"elder": "E", "younger": "Y"}
TABLE_ONLY = ("announcing", "entry", "pending")
_SEAT_KEYED = ("exchange", "declared", "hands", "entered")
_SEAT_LISTS = ("carte_blanche", "carte_rouge")


def pairing(table: rec.Table, number: int) -> tuple[str, str]:
    """Deal `number`'s (elder, dealer) seats: the dealer deals to his left."""
    dealer = table.dealer(number)
    return table.left_of(dealer), dealer


def two_handed_deal(
    raw: object, elder: str, dealer: str, problem: rec.Problem, throw_in: bool = False
) -> dict[str, Any] | None:
    """A deal naming seats as the `piquet-record/1` deal naming roles.
    `throw_in`: whether a hand may be thrown in (a partie's last deal may be;
    a hand of à Écrire, a single deal, may not)."""
    if not isinstance(raw, dict):
        problem(Said("a deal must be a JSON object"))
        return None
    roles = {elder: "elder", dealer: "younger"}
    failed = False

    def wrong_seat(field: str, seat: object) -> None:
        nonlocal failed
        failed = True
        problem(
            Said(
                "{field}: seat {seat} does not play this deal ({dealer} deals to {elder})",
                field=field,
                seat=quoted(seat),
                dealer=dealer,
                elder=elder,
            )
        )

    out: dict[str, Any] = {}
    for key, value in raw.items():
        if key in TABLE_ONLY:  # what the table asks next, not what the deal scores
            continue
        if key == "throw_in" and not throw_in:
            failed = True
            problem(Said("throw_in does not apply: each hand of à Écrire is a single deal"))
        elif key == "throw_in":
            if isinstance(value, str) and value in roles:
                out[key] = roles[value]
            else:
                wrong_seat(key, value)
        elif key in _SEAT_KEYED and isinstance(value, dict):
            mapped = {}
            for seat, item in value.items():
                if seat in roles:
                    mapped[roles[seat]] = item
                else:
                    wrong_seat(key, seat)
            out[key] = mapped
        elif key in _SEAT_LISTS and isinstance(value, (str, list)):
            seats = [value] if isinstance(value, str) else value
            for seat in seats:  # a seat is text: a list or an object there is no seat
                if not isinstance(seat, str) or seat not in roles:
                    wrong_seat(key, seat)
            out[key] = [roles[s] for s in seats if isinstance(s, str) and s in roles]
        elif key == "tricks":
            out[key] = _tricks(value, roles, wrong_seat)
        else:
            out[key] = value
    return None if failed else out


def _tricks(value: object, roles: dict[str, str], wrong_seat) -> object:
    if isinstance(value, str):
        for seat in sorted(set(value) - set(roles)):
            wrong_seat("tricks", seat)
        return "".join(ROLE_OF_LETTER[roles[s]] for s in value if s in roles)
    if isinstance(value, list):
        out = []
        for item in value:
            if isinstance(item, dict) and "winner" in item:
                if not isinstance(item["winner"], str) or item["winner"] not in roles:
                    wrong_seat("tricks", item["winner"])
                    continue
                item = {**item, "winner": ROLE_OF_LETTER[roles[item["winner"]]]}
            out.append(item)
        return out
    return value


def in_seats(line: str, elder: str, dealer: str) -> str:
    """A two-handed problem's roles named by their seats, too, in any language
    the problem is said in when it is a `Said`."""
    if isinstance(line, Said):
        return Rewritten(line, partial(_in_seats, elder=elder, dealer=dealer))
    return _in_seats(line, elder, dealer)


def _in_seats(text: str, elder: str, dealer: str) -> str:
    """A two-handed problem's roles named by their seats, too."""
    text = re.sub(r"\b(declared|hands|exchange|entered)\.elder\b", rf"\1.{elder}", text)
    text = re.sub(r"\b(declared|hands|exchange|entered)\.younger\b", rf"\1.{dealer}", text)
    text = re.sub(r"\belder\b(?![.(])", f"elder ({elder})", text)
    return re.sub(r"\byounger\b(?![.(])", f"younger ({dealer})", text)


def score_deal(
    table: rec.Table, number: int, raw: object, lang: str, problem: rec.Problem
) -> dict[str, Any] | None:
    """One hand between two neighbours, scored by the two-handed engine."""
    elder, dealer = pairing(table, number)
    deal = two_handed_deal(raw, elder, dealer, problem)
    if deal is None:
        return None
    sub = {
        "format": "piquet-record/1",
        "game": "rubicon",
        "variants": dict(table.variants),
        "players": [table.name(elder), table.name(dealer)],
        "first_dealer": table.name(dealer),
        "deals": [deal],
    }
    try:
        answer = score_two_handed(sub, lang)
    except RecordError as exc:
        for line in exc.problems:
            problem(
                in_seats(unplaced(line, "deal {n}: {problem}", "record: {problem}"), elder, dealer)
            )
        return None
    return answer["deals"][0]


def score(table: rec.Table, lang: str = "en") -> dict[str, Any]:
    problems: list[str] = []
    raw_deals = rec.read_deals(table.raw.get("deals"), rec.noting(problems, rec.at_record()))
    n = len(table.seats)
    last = table.settings["rounds"] * n
    if len(raw_deals) > last:
        problems.append(
            Said(
                "deal {n}: the game ended after deal {last} ({rounds} round(s) of {seats} deals)",
                n=last + 1,
                last=last,
                rounds=table.settings["rounds"],
                seats=n,
            )
        )
    deals: list[dict[str, Any]] = []
    for number, raw in enumerate(raw_deals[:last], start=1):
        deal = score_deal(table, number, raw, lang, rec.noting(problems, rec.at_deal(number)))
        if deal is not None:
            deals.append(deal)
    if not problems:
        for number, deal in enumerate(deals[:-1], start=1):
            if not deal["complete"]:
                problems.append(
                    Said("deal {n}: incomplete, but only the last deal may be", n=number)
                )
                break
    if problems:
        raise RecordError(problems)
    return _answer(table, deals, lang)


def round_settlement(scores: dict[str, int]) -> dict[str, int]:
    """Each lower score pays each higher score the difference."""
    return {name: sum(mine - other for other in scores.values()) for name, mine in scores.items()}


def _answer(table: rec.Table, scored: list[dict[str, Any]], lang: str) -> dict[str, Any]:
    n = len(table.seats)
    players = list(table.players)
    totals = dict.fromkeys(players, 0)
    deals = []
    for number, deal in enumerate(scored, start=1):
        elder, dealer = pairing(table, number)
        for name, points in deal["scores"].items():
            totals[name] += points
        deals.append(
            {
                **deal,
                "number": number,
                "round": (number - 1) // n + 1,
                "dealer": table.name(dealer),
                "leader": table.name(elder),
            }
        )
    rounds = []
    money = dict.fromkeys(players, 0)
    for start in range(0, len(deals), n):
        chunk = deals[start : start + n]
        scores = dict.fromkeys(players, 0)
        for deal in chunk:
            for name, points in deal["scores"].items():
                scores[name] += points
        complete = len(chunk) == n and all(d["complete"] for d in chunk)
        settled = round_settlement(scores) if complete else dict.fromkeys(players, 0)
        payments = []
        if complete:
            for a, b in combinations(players, 2):
                high, low = (a, b) if scores[a] >= scores[b] else (b, a)
                if scores[high] != scores[low]:
                    payments.append(
                        render(
                            why(
                                "m.pays",
                                name=low,
                                other=high,
                                points=scores[high] - scores[low],
                                w=scores[high],
                                l=scores[low],
                            ),
                            lang,
                        )
                    )
            for name in players:
                money[name] += settled[name]
        rounds.append(
            {
                "number": start // n + 1,
                "complete": complete,
                "scores": scores,
                "settlement": settled,
                "payments": payments,
                "why": render(why("m.round", n=start // n + 1), lang),
            }
        )
    finished = len(deals) == table.settings["rounds"] * n and bool(deals) and deals[-1]["complete"]
    result = None
    if finished:
        best = max(money.values())
        leaders = [name for name, v in money.items() if v == best]
        result = {
            "winner": leaders[0] if len(leaders) == 1 else None,
            "points": best,
            "unit": "points",
            "why": render(why("m.ecrire.result", n=len(rounds)), lang),
        }
    return {
        "deals": deals,
        "rounds": rounds,
        "totals": totals,
        "finished": finished,
        "result": result,
        "settlement": money,
    }
