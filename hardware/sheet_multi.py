"""The score sheet of a game for three to seven players (`piquet-record/2`):
pure layout, no printer, like `hardware.sheet` (whose `build_sheet` hands a
`piquet-score/2` answer over to `build_multi_sheet`).

Every line fits the column count (32, 42 or 48) and holds only characters of
the code page. The players are keyed by their seat letter (A, B, C...), so
the tables need one narrow column per player and read at 32 columns for
seven players. Every sheet ends with each player's total and the settlement.

- Normand: a deal row is each player's score for the deal, with its marks
  (R repique, P pique, C capot) and a Total row::

       #     A       B       C
       1   128R      4       6
      Total  128      4       6

- Voleur: one column per side (AC, BD), the sides named above the table; "x"
  marks a deal that counts double (four-deal partie).
- À Écrire: one row a deal (the two seats that play it, Elder first, and what
  each scored), then the round table: one column per player, his round's
  score and what the round settles for him.
- Chouette: each partie in words (who held the single seat, who played,
  what it was worth), then the card in tens, as Cavendish keeps it: each
  partie's entries and the running net.

A "*" after a deal or partie number marks the one in play.

Every word is the vocabulary's, in the sheet's `lang` (`hardware.sheet_words`);
the engine's sentences (the result's why, the payments, each Chouette
partie's why) are the score's own, so the caller scores the record in the
sheet's language: `score_record2(record, lang)`.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

from hardware.codepage import DEFAULT_CODEPAGE
from hardware.sheet import (
    GAME_TITLES,
    SheetLine,
    _check_columns,
    _clean,
    _heading,
    printed,
    sentence_lines,
)
from hardware.sheet_words import SheetWords
from hardware.text_layout import fit, two_columns, words, wrap
from scorer.multi.traits import traits

SEATS = "ABCDEFG"
# the forms' titles: message ids of the vocabulary
FORM_TITLES = {
    "normand": "Piquet Normand",
    "voleur": "Piquet Voleur",
    "ecrire": "Piquet à Écrire",
    "chouette": "Chouette",
}
MARKS = (("repique", "R"), ("pique", "P"), ("capot", "C"))
MAX_CELL = 8  # a column is never wider than this, whatever the paper


def build_multi_sheet(
    record: Mapping[str, Any],
    score: Mapping[str, Any],
    *,
    columns: int = 32,
    printed_on: date | None = None,
    codepage: str = DEFAULT_CODEPAGE,
    lang: str = "en",
) -> list[SheetLine]:
    """The sheet of one `piquet-record/2` game from its record and its score
    (scored in `lang`, the sheet's language)."""
    _ = SheetWords(lang, codepage)
    width = _check_columns(columns)
    form = str(score["form"])
    players: list[str] = list(score["players"])
    names = {p: _clean(p, codepage) for p in players}
    seat_of = {p: SEATS[i] for i, p in enumerate(players)}
    title = _(FORM_TITLES[form]) if form in FORM_TITLES else "Piquet"
    out = _heading(fit(title, width), printed_on, width, _)
    if traits(form).takes_game:  # the two-handed partie they play, under the title
        game = str(score.get("game", "rubicon"))
        played = _(GAME_TITLES[game]) if game in GAME_TITLES else _.printable(game)
        out.insert(1, SheetLine(fit(played, width), align="center"))
    out += _seats_key(form, score, players, names, seat_of, width, _)
    dealer = record.get("first_dealer")
    if not traits(form).parties and dealer in names:
        first = _("First dealer: {name}", name=names[dealer])
        out += [SheetLine(line) for line in wrap(words(first), width)]
    out.append(SheetLine("-" * width))
    body = {"normand": _normand, "voleur": _voleur, "ecrire": _ecrire, "chouette": _chouette}[form]
    out += body(score, players, names, seat_of, width, _)
    out.append(SheetLine("-" * width))
    out += _totals(form, score, players, names, seat_of, width, _)
    out.append(SheetLine("-" * width))
    out += _settlement(form, score, players, names, width, _)
    return printed(out)


# --- the heading --------------------------------------------------------------------


def _seats_key(
    form: str,
    score: Mapping[str, Any],
    players: list[str],
    names: Mapping[str, str],
    seat_of: Mapping[str, str],
    width: int,
    _: SheetWords,
) -> list[SheetLine]:
    """Who sits where: "A  Anne", one line each; Voleur's sides: "AC Anne & Cleo"."""
    if traits(form).sides:
        out = []
        for side in score.get("sides", []):
            first, second = (names[p] for p in side["players"])
            pair = _("{first} & {second}", first=first, second=second)
            out += [SheetLine(line) for line in wrap([side["id"], *words(pair)], width)]
        return out
    return [SheetLine(fit(f"{seat_of[p]}  {names[p]}", width)) for p in players]


# --- tables -------------------------------------------------------------------------


def _cell_width(count: int, width: int, prefix: int) -> int:
    return max(3, min(MAX_CELL, (width - prefix) // count))


def _marks(bonuses: Mapping[str, Any], who: str) -> str:
    found = ""
    for key, mark in MARKS:
        holder = bonuses.get(key)
        if holder == who or (isinstance(holder, list) and who in holder):
            found += mark
    return found


def _deal_flag(deal: Mapping[str, Any]) -> str:
    if not deal.get("complete", True):
        return "*"
    if deal.get("multiplier", 1) != 1:
        return "x"
    return " "


PREFIX = 5  # the row label: "NN* " or "Total"


def _table(
    labels: list[str],
    rows: list[tuple[str, list[tuple[int, str]]]],
    total: tuple[str, list[int]] | None,
    width: int,
    prefix: int = PREFIX,
) -> list[SheetLine]:
    """Rows of numbers with marks, one column per label; `prefix` columns of row label."""
    cell = _cell_width(len(labels), width, prefix)
    number = cell - 2
    head = " #".ljust(prefix) + "".join(f"{label:>{number}}  " for label in labels)
    out = [SheetLine(head.rstrip())]
    for label, cells in rows:
        text = label.ljust(prefix) + "".join(
            f"{points:>{number}}{marks:<2}" for points, marks in cells
        )
        out.append(SheetLine(text.rstrip()))
    if total is not None:
        label, values = total
        text = label.ljust(prefix) + "".join(f"{value:>{number}}  " for value in values)
        out.append(SheetLine(text.rstrip(), bold=True))
    return out


def _notes(flags: set[str], any_mark: bool, width: int, _: SheetWords) -> list[SheetLine]:
    notes = []
    if any_mark:
        notes.append(_("R repique, P pique, C capot"))
    if "x" in flags:
        notes.append(_("x counts double"))
    if "*" in flags:
        notes.append(_("* deal in play"))
    return [SheetLine(line) for note in notes for line in wrap(words(note), width)]


def _normand(
    score: Mapping[str, Any],
    players: list[str],
    names: Mapping[str, str],
    seat_of: Mapping[str, str],
    width: int,
    _: SheetWords,
) -> list[SheetLine]:
    rows = []
    flags: set[str] = set()
    any_mark = False
    for deal in score["deals"]:
        flag = _deal_flag(deal)
        flags.add(flag)
        cells = []
        for p in players:
            marks = _marks(deal.get("bonuses", {}), p)
            any_mark = any_mark or bool(marks)
            cells.append((int(deal["scores"].get(p, 0)), marks))
        rows.append((f"{deal['number']:>2}{flag}", cells))
    total = (_("Total"), [int(score["totals"][p]) for p in players])
    return _table([seat_of[p] for p in players], rows, total, width) + _notes(
        flags, any_mark, width, _
    )


def _voleur(
    score: Mapping[str, Any],
    players: list[str],
    names: Mapping[str, str],
    seat_of: Mapping[str, str],
    width: int,
    _: SheetWords,
) -> list[SheetLine]:
    sides = [side["id"] for side in score.get("sides", [])]
    rows = []
    flags: set[str] = set()
    any_mark = False
    for deal in score["deals"]:
        flag = _deal_flag(deal)
        flags.add(flag)
        cells = []
        for side in sides:
            marks = _marks(deal.get("bonuses", {}), side)
            any_mark = any_mark or bool(marks)
            cells.append((int(deal["scores"].get(side, 0)), marks))
        rows.append((f"{deal['number']:>2}{flag}", cells))
    totals = score.get("side_totals", {})
    total = (_("Total"), [int(totals.get(side, 0)) for side in sides])
    return _table(sides, rows, total, width) + _notes(flags, any_mark, width, _)


def _ecrire(
    score: Mapping[str, Any],
    players: list[str],
    names: Mapping[str, str],
    seat_of: Mapping[str, str],
    width: int,
    _: SheetWords,
) -> list[SheetLine]:
    out = [SheetLine(fit(_("Deals: Elder v dealer"), width))]
    flags: set[str] = set()
    any_mark = False
    for deal in score["deals"]:
        flag = _deal_flag(deal)
        flags.add(flag)
        halves = []
        for who in (deal["elder"], deal["younger"]):
            marks = _marks(deal.get("bonuses", {}), who)
            any_mark = any_mark or bool(marks)
            halves.append(f"{seat_of[who]} {int(deal['scores'].get(who, 0)):>4}{marks:<2}")
        row = _("{elder} v {younger}", elder=halves[0], younger=halves[1])
        out.append(SheetLine(f"{deal['number']:>2}{flag} {row}".rstrip()))
    out += _notes(flags, any_mark, width, _)
    for found in score.get("rounds", []):
        out.append(SheetLine("-" * width))
        out += _round_table(found, players, names, seat_of, width, _)
    return out


def _round_table(
    found: Mapping[str, Any],
    players: list[str],
    names: Mapping[str, str],
    seat_of: Mapping[str, str],
    width: int,
    _: SheetWords,
) -> list[SheetLine]:
    """A round: one column per player, his round's score ("pts") and what the round
    settles for him ("pay"); players that do not fit on one row go on a second."""
    number = found["number"]
    in_play = not found.get("complete")
    head = _("Round {n} (in play)", n=number) if in_play else _("Round {n}", n=number)
    out = [SheetLine(fit(head, width), bold=True)]
    scores = [str(int(found["scores"][p])) for p in players]
    paid = [int(found["settlement"][p]) for p in players]
    pays = [f"{v:+d}" if v else "0" for v in paid]
    points, pay = fit(_("pts"), 3), fit(_("pay"), 3)
    prefix = 4
    cell = max(4, min(MAX_CELL, max(len(text) for text in scores + pays) + 1))
    per_row = max(1, (width - prefix) // cell)
    for start in range(0, len(players), per_row):
        chunk = range(start, min(start + per_row, len(players)))
        out.append(
            SheetLine("".ljust(prefix) + "".join(f"{seat_of[players[i]]:>{cell}}" for i in chunk))
        )
        out.append(SheetLine(points.ljust(prefix) + "".join(f"{scores[i]:>{cell}}" for i in chunk)))
        if found.get("complete"):
            out.append(SheetLine(pay.ljust(prefix) + "".join(f"{pays[i]:>{cell}}" for i in chunk)))
    return out


def _chouette(
    score: Mapping[str, Any],
    players: list[str],
    names: Mapping[str, str],
    seat_of: Mapping[str, str],
    width: int,
    _: SheetWords,
) -> list[SheetLine]:
    out: list[SheetLine] = []
    for partie in score.get("parties", []):
        head = _(
            "Partie {number}: {single} single v. {playing} ({advising} advises)"
            if partie["finished"]
            else "Partie {number}*: {single} single v. {playing} ({advising} advises)",
            number=partie["number"],
            single=names[partie["single"]],
            playing=names[partie["playing"]],
            advising=names[partie["advising"]],
        )
        out += [SheetLine(line, bold=i == 0) for i, line in enumerate(wrap(words(head), width))]
        if partie["finished"]:
            out += [SheetLine(line) for line in wrap(words(_.printable(partie["why"])), width)]
        else:
            totals = partie["score"]["totals"]
            deals = len(partie["score"]["deals"])
            now = [f"{names.get(p, _clean(p, _.codepage))} {t}" for p, t in totals.items()]
            in_play = _("Deal {n} in play:", n=deals)
            out += [SheetLine(line) for line in wrap([*words(in_play), *now], width)]
    card = score.get("card", [])
    if not score.get("parties"):
        out.append(SheetLine(fit(_("No partie yet"), width)))
    if not card:
        return out
    out.append(SheetLine("-" * width))
    out.append(SheetLine(fit(_("The card, in tens"), width), bold=True))
    rows = []
    for row in card:
        single = seat_of[row["single"]]
        rows.append((f"{row['partie']:>2}{single}", [(row["entries"][p], "") for p in players]))
        rows.append(("  =", [(row["net"][p], "") for p in players]))
    table = _table([seat_of[p] for p in players], [], None, width)
    cell = _cell_width(len(players), width, PREFIX)
    for label, cells in rows:
        text = label.ljust(PREFIX) + "".join(
            f"{v:>+{cell - 2}d}  " if v else f"{0:>{cell - 2}}  " for v, _ in cells
        )
        table.append(SheetLine(text.rstrip()))
    out += table
    out += [SheetLine(line) for line in wrap(words(_("= the running net")), width)]
    return out


# --- the end: totals and the settlement ----------------------------------------------------


def _totals(
    form: str,
    score: Mapping[str, Any],
    players: list[str],
    names: Mapping[str, str],
    seat_of: Mapping[str, str],
    width: int,
    _: SheetWords,
) -> list[SheetLine]:
    """Every player's total, one line each."""
    if traits(form).parties:
        heading = _("Net on the card, in points")
    elif traits(form).sides:
        heading = _("Totals (the side's)")
    else:
        heading = _("Totals")
    out = [SheetLine(fit(heading, width), bold=True)]
    for p in players:
        value = int(score["totals"][p])
        figure = f"{value:+d}" if traits(form).parties and value else str(value)
        out.append(SheetLine(two_columns(f"{seat_of[p]} {names[p]}", figure, width)))
    return out


def _headline(
    form: str,
    result: Mapping[str, Any],
    names: Mapping[str, str],
    settlement: Mapping[str, int],
    _: SheetWords,
) -> str:
    """Who won, and what: "Anne wins 246", "Anne & Cleo win 324", "Drawn partie";
    in Chouette who is ahead on the card: "After 2 parties: Ben & Cleo +180"."""
    if traits(form).parties:
        count = result.get("parties", 0)
        best = max(settlement.values(), default=0)
        ahead = _and([names[p] for p, value in settlement.items() if value == best], _)
        return _.plural(
            "After {n} partie: {ahead} {net}",
            "After {n} parties: {ahead} {net}",
            count,
            ahead=ahead,
            net=f"{best:+d}",
        )
    winners = [names.get(w, _.printable(w)) for w in result.get("winners") or []]
    if result.get("draw") or (result.get("winner") is None and not winners):
        return _("Drawn game") if not traits(form).sides else _("Drawn partie")
    points = result["points"]
    antes = result.get("unit") == "antes"
    if winners:
        who = _and(winners, _)
        if antes:
            return _("{winners} win {points} antes", winners=who, points=points)
        return _("{winners} win {points}", winners=who, points=points)
    winner = names.get(result["winner"], _.printable(result["winner"]))
    if antes:
        return _("{winner} wins {points} antes", winner=winner, points=points)
    return _("{winner} wins {points}", winner=winner, points=points)


def _and(names: list[str], _: SheetWords) -> str:
    """Names joined by "&": "Ben & Cleo"."""
    joined = names[0] if names else ""
    for name in names[1:]:
        joined = _("{first} & {second}", first=joined, second=name)
    return joined


def _settlement(
    form: str,
    score: Mapping[str, Any],
    players: list[str],
    names: Mapping[str, str],
    width: int,
    _: SheetWords,
) -> list[SheetLine]:
    """The result: who won, the reasons with their arithmetic, then what each player
    wins or loses."""
    out: list[SheetLine] = []
    result = score.get("result")
    settlement = score.get("settlement") or {}
    if result:
        head = _headline(form, result, names, settlement, _)
        out += [SheetLine(line, bold=True) for line in wrap(words(head), width)]
        for sentence in [result.get("why", ""), *result.get("payments", [])]:
            if sentence:
                text = " ".join(words(_.printable(sentence)))
                out += [SheetLine(line) for line in sentence_lines(text, width)]
    elif any(settlement.values()):
        out.append(SheetLine(fit(_("Settled so far"), width), bold=True))
    else:
        if traits(form).parties:
            what = _("Sitting in progress: nothing settled yet")
        else:
            what = _("Game in progress: nothing settled yet")
        out += [SheetLine(line, bold=True) for line in wrap(words(what), width)]
        return out
    if score.get("settlement_unit") == "antes":
        out.append(SheetLine(fit(_("Settlement, in antes"), width)))
    else:
        out.append(SheetLine(fit(_("Settlement, in points"), width)))
    for p in players:
        value = int(settlement.get(p, 0))
        out.append(SheetLine(two_columns(names[p], f"{value:+d}" if value else "0", width)))
    return out
