"""Chouette: three players, one against two in consultation (Cavendish's
description of the game, as summarised in issue 14 and RULES.md;
docs/rules-multi.md).

- The highest cut takes the single seat and plays a two-handed partie
  against the other two: one of them plays, the third advises.
- While the single player wins he keeps the seat, and the other two change
  places between playing and advising. When he loses, the winner (the one
  who played for the pair) becomes the single player, the one who advised
  plays the cards for the pair, and the beaten player advises
  (reference/cavendish-chouette.md). `next_partie` proposes that seating;
  the record may not name another.
- The single player plays double stakes: he has the partie's points against
  each of the other two, so on the card he wins or loses twice the partie's
  points and each of the others loses or wins them once.
- Each partie's points are rounded to tens (units of six and over round up,
  one to five are dropped: 416 counts 420, 141 counts 140) and entered
  without the nought on a separate card that keeps each player's running net.

Each partie is ordinary two-handed piquet between the single player and the
one who plays for the pair, scored by `scorer.score_record` (the record's
`game` and `variants` apply to every partie).
"""

from __future__ import annotations

import re
from typing import Any

from scorer.errors import RecordError, Said, unplaced
from scorer.multi import record as rec
from scorer.multi.answered import score_two_handed
from scorer.multi.ecrire import in_seats, two_handed_deal
from scorer.multi.wording import and_, render, why
from scorer.quoting import quoted

MAX_PARTIES = 200
UNIT = 10  # the card is kept in tens: "entered without the nought"


def rounded_tens(points: int) -> int:
    """A partie's points in tens, as entered on the card: 416 -> 42, 141 -> 14,
    415 -> 41 (units of six and over round up, one to five are dropped)."""
    tens, units = divmod(points, UNIT)
    return tens + (1 if units >= 6 else 0)


def _seat(raw: object, table: rec.Table, field: str, problem: rec.Problem) -> str | None:
    if raw not in table.seats:
        problem(
            Said(
                "{field} must be a seat ({seats}), not {given}",
                field=field,
                seats=" ".join(table.seats),
                given=quoted(raw),
            )
        )
        return None
    return raw


def _partie_record(
    table: rec.Table, raw: dict[str, Any], single: str, playing: str, problem: rec.Problem
) -> dict[str, Any] | None:
    """The partie as a `piquet-record/1` between the single player and the one
    who plays for the pair; its deals name those two seats."""
    first = _seat(raw.get("first_dealer"), table, "first_dealer", problem)
    if first is None:
        return None
    if first not in (single, playing):
        problem(
            Said(
                "first_dealer {seat} neither holds the single seat nor plays for the pair",
                seat=first,
            )
        )
        return None
    other = playing if first == single else single
    raw_deals = rec.read_deals(raw.get("deals"), problem)
    deals = []
    failed = False
    for number, deal in enumerate(raw_deals, start=1):
        dealer, elder = (first, other) if number % 2 else (other, first)

        def note(text: str, n: int = number) -> None:
            nonlocal failed
            failed = True
            problem(Said.around("deal {n}: {problem}", text, n=n))

        converted = two_handed_deal(deal, elder, dealer, note, throw_in=True)
        if converted is not None:
            deals.append(converted)
    if failed:
        return None
    return {
        "format": "piquet-record/1",
        "game": table.game,
        "variants": dict(table.variants),
        "players": [table.name(single), table.name(playing)],
        "first_dealer": table.name(first),
        "deals": deals,
    }


def _problems_in_seats(problems: list[str], first: str, other: str) -> list[str]:
    """Two-handed problems ("deal 3: elder ...") with the roles' seats named."""
    out = []
    for line in problems:
        found = re.match(r"deal (\d+): ", line)
        if found:
            number = int(found.group(1))
            dealer, elder = (first, other) if number % 2 else (other, first)
            out.append(in_seats(line, elder, dealer))
        else:
            out.append(unplaced(line, "record: {problem}"))
    return out


def score(table: rec.Table, lang: str = "en") -> dict[str, Any]:
    problems: list[str] = []
    raw_parties = table.raw.get("parties")
    if not isinstance(raw_parties, list):
        raise RecordError([Said("record: parties must be a list")])
    if len(raw_parties) > MAX_PARTIES:
        raise RecordError(
            [
                Said(
                    "record: parties has {count} entries, at most {most}",
                    count=len(raw_parties),
                    most=MAX_PARTIES,
                )
            ]
        )
    parties: list[dict[str, Any]] = []
    before: dict[str, Any] | None = None  # the partie before, when it was read whole
    for number, raw in enumerate(raw_parties, start=1):

        def problem(text: str, place: str = Said("partie {n}", n=number)) -> None:
            problems.append(Said.around("{place}: {problem}", text, place=place))

        if before is not None and not before["finished"]:
            problems.append(
                Said("partie {n}: unfinished, but only the last partie may be", n=number - 1)
            )
            break
        before = _read_partie(table, number, raw, before, lang, problem)
        if before is not None:
            parties.append(before)
    if problems:
        raise RecordError(problems)
    return _answer(table, parties, lang)


def _read_partie(
    table: rec.Table,
    number: int,
    raw: object,
    before: dict[str, Any] | None,
    lang: str,
    problem: rec.Problem,
) -> dict[str, Any] | None:
    """One partie, checked against the one before (None: the first, or one that
    could not be read, whose outcome is unknown), scored by the two-handed engine."""
    if not isinstance(raw, dict):
        problem(Said("a partie must be a JSON object"))
        return None
    single = _seat(raw.get("single"), table, "single", problem)
    playing = _seat(raw.get("playing"), table, "playing", problem)
    if single is None or playing is None:
        return None
    if single == playing:
        problem(Said("{seat} cannot hold the single seat and play for the pair", seat=single))
        return None
    if before is not None:
        rotation = _rotation_problem(table, before, single, playing)
        if rotation:
            problem(rotation)
            return None
    sub = _partie_record(table, raw, single, playing, problem)
    if sub is None:
        return None
    first = next(s for s in table.seats if table.name(s) == sub["first_dealer"])
    other = playing if first == single else single
    try:
        answer = score_two_handed(sub, lang)
    except RecordError as exc:
        for line in _problems_in_seats(exc.problems, first, other):
            problem(line)
        return None
    advising = next(s for s in table.seats if s not in (single, playing))
    return _partie(table, number, single, playing, advising, first, answer, lang)


def _rotation_problem(
    table: rec.Table, before: dict[str, Any], single: str, playing: str
) -> str | None:
    """Who may sit where after the partie before (`before` holds seats)."""
    names = table.names()
    n = before["number"]
    if before["winner"] in ("single", None):
        if single != before["single_seat"]:
            return Said(
                "{name} won partie {n} and keeps the single seat"
                if before["winner"]
                else "{name} drew partie {n} and keeps the single seat",
                name=names[before["single_seat"]],
                n=n,
            )
        if playing != before["advising_seat"]:
            return Said(
                "the pair change places after each partie: {name}, who advised, now plays",
                name=names[before["advising_seat"]],
            )
        return None
    if single == before["single_seat"]:
        return Said(
            "{name} lost partie {n}, so the single seat passes to the other side",
            name=names[single],
            n=n,
        )
    if single != before["playing_seat"]:
        return Said(
            "{name} won partie {n} for the pair, so takes the single seat (Cavendish)",
            name=names[before["playing_seat"]],
            n=n,
        )
    if playing != before["advising_seat"]:
        return Said(
            "{name}, who advised, now plays the cards for the pair; "
            "the beaten {beaten} advises (Cavendish)",
            name=names[before["advising_seat"]],
            beaten=names[before["single_seat"]],
        )
    return None


def _partie(
    table: rec.Table,
    number: int,
    single: str,
    playing: str,
    advising: str,
    first: str,
    answer: dict[str, Any],
    lang: str,
) -> dict[str, Any]:
    names = table.names()
    result = answer["result"]
    entries = dict.fromkeys(table.players, 0)
    winner = None
    points = rounded = 0
    text = ""
    pair = and_([names[playing], names[advising]])
    if result is not None:
        points = result["points"]
        rounded = rounded_tens(points)
        if result["winner"] == names[single]:
            winner, sign = "single", 1
        elif result["winner"] == names[playing]:
            winner, sign = "pair", -1
        else:
            sign = 0
        entries[names[single]] = 2 * rounded * sign
        entries[names[playing]] = entries[names[advising]] = -rounded * sign
        if winner is None:
            text = render(why("m.chouette.draw"), lang)
        else:
            text = render(
                why(
                    f"m.chouette.{winner}",
                    single=names[single],
                    pair=pair,
                    points=points,
                    rounded=rounded * UNIT,
                    twice=2 * rounded,
                    once=rounded,
                ),
                lang,
            )
    return {
        "number": number,
        "single": names[single],
        "playing": names[playing],
        "advising": names[advising],
        "first_dealer": names[first],
        "finished": result is not None,
        "winner": winner,
        "points": points,
        "rounded": rounded,
        "entries": entries,
        "why": text,
        "score": answer,
        # seats, for the rotation check of the next partie (dropped from the answer)
        "single_seat": single,
        "playing_seat": playing,
        "advising_seat": advising,
    }


def next_partie(answer: dict[str, Any]) -> dict[str, Any] | None:
    """Who may hold the single seat in the next partie, and who plays for the
    pair, from a chouette `piquet-score/2` answer: None while the last partie
    is unfinished. With no partie yet, the highest cut decides (anyone).

    `{"single": NAME, "choices": [NAMES], "playing": NAME or None}`: `single`
    is the next single player and `choices` every allowed one (anyone before
    the first partie, else him alone); `playing` who plays the cards for the
    pair (None before the first partie). After a partie the single player won
    or drew, he keeps the seat and the adviser plays; after one he lost, the
    winner takes the seat, the adviser plays and the beaten player advises
    (Cavendish, reference/cavendish-chouette.md)."""
    parties = answer.get("parties") or []
    players = list(answer["players"])
    if not parties:
        return {"single": None, "choices": players, "playing": None}
    last = parties[-1]
    if not last["finished"]:
        return None
    if last["winner"] in ("single", None):
        return {"single": last["single"], "choices": [last["single"]], "playing": last["advising"]}
    return {"single": last["playing"], "choices": [last["playing"]], "playing": last["advising"]}


def _answer(table: rec.Table, parties: list[dict[str, Any]], lang: str) -> dict[str, Any]:
    net = dict.fromkeys(table.players, 0)
    card = []
    for partie in parties:
        for seat_key in ("single_seat", "playing_seat", "advising_seat"):
            partie.pop(seat_key)
        if not partie["finished"]:
            continue
        for name, value in partie["entries"].items():
            net[name] += value
        card.append(
            {
                "partie": partie["number"],
                "single": partie["single"],
                "entries": dict(partie["entries"]),
                "net": dict(net),
            }
        )
    finished = bool(parties) and all(p["finished"] for p in parties)
    settlement = {name: value * UNIT for name, value in net.items()}
    result = None
    if finished:
        best = max(settlement.values())
        leaders = [name for name, value in settlement.items() if value == best]
        result = {
            "winner": leaders[0] if len(leaders) == 1 else None,
            "points": best,
            "unit": "points",
            "parties": len(parties),
        }
    answer = {
        "parties": parties,
        "card": card,
        "totals": dict(settlement),
        "finished": finished,
        "result": result,
        "settlement": settlement,
    }
    answer["next"] = next_partie({"players": list(table.players), **answer})
    return answer
