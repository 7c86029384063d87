"""The score sheet as styled lines of text: pure layout, no printer.

`build_sheet(record, score, lang=...)` lays out one partie from its record (for
the game form) and its `piquet-score/1` dict (spec/record.md), or a game for
more players from its `piquet-score/2` dict (`hardware.sheet_multi`);
`build_sitting_sheet` lays out several parties with each one's settlement and
the running net. Every line fits the column count (32, 42 or 48) and holds
only characters of the code page, so `render.py` can send it as it is.

The sheet is in `lang` ("en" or "fr"): every word is a message of the one
vocabulary (`hardware.sheet_words`), and the engine's sentences are asked for
in that language (`scorer.explain.explain_result(..., lang)`; a
`piquet-score/2` answer's own sentences come from `score_record2(record,
lang)`, so its caller scores it in the sheet's language). A French sheet::

    Piquet à rubicon
    21 novembre 2026

    Napoleon contre Joséphine
    Premier donneur : Joséphine

A deal row reads, for each player, the deal's score, its marks and the
running total::

         Anne          Ben
     #  deal   total  deal   total
     1   80P      80     4       4

P is a pique, R a repique, C a capot (in French pic, repic, capot: the same
letters); a "*" after the deal number marks the deal in play, an "x" a deal
that counts double (four-deal partie) and a "c" a deal corrected after the
partie by agreement (Law 70).

Under the table, the partie at a glance: a bar per player and deal, in that
player's columns, as long as his running total, with a "|" where 100 (the
Rubicon, or au Cent's target) still lies ahead of him::

    Totals, deal by deal (| 100)
     1  ##       |   ##       |
     6  #######  |   #############
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date
from typing import Any, Literal

from hardware.codepage import DEFAULT_CODEPAGE, printable
from hardware.sheet_words import SheetWords
from hardware.text_layout import fit, on_paper, two_columns, words, wrap
from scorer.correction import is_corrected
from scorer.explain import explain_result
from scorer.partie import RUBICON

COLUMN_CHOICES = (32, 42, 48)

# the games' titles: message ids of the vocabulary
GAME_TITLES = {
    "rubicon": "Rubicon Piquet",
    "four-deal": "Four-deal Piquet",
    "au-cent": "Piquet au Cent",
}

MARKS = (("pique", "P"), ("repique", "R"), ("capot", "C"))
BAR, MARK_100 = "#", "|"


@dataclass(frozen=True)
class SheetLine:
    text: str = ""
    bold: bool = False
    tall: bool = False
    align: Literal["left", "center", "right"] = "left"


def build_sheet(
    record: Mapping[str, Any],
    score: Mapping[str, Any],
    *,
    columns: int = 32,
    printed_on: date | None = None,
    codepage: str = DEFAULT_CODEPAGE,
    lang: str = "en",
) -> list[SheetLine]:
    """The sheet of one partie in `lang`; a `piquet-score/2` game (three to seven
    players) is laid out by `hardware.sheet_multi`."""
    if score.get("format") == "piquet-score/2":
        from hardware.sheet_multi import build_multi_sheet

        return build_multi_sheet(
            record, score, columns=columns, printed_on=printed_on, codepage=codepage, lang=lang
        )
    _ = SheetWords(lang, codepage)
    width = _check_columns(columns)
    players: list[str] = list(score["players"])
    names = {p: _clean(p, codepage) for p in players}
    game = str(record.get("game", "rubicon"))
    out = _heading(_(GAME_TITLES[game]) if game in GAME_TITLES else "Piquet", printed_on, width, _)
    out += [SheetLine(line) for line in wrap(_player_tokens(players, names, _), width)]
    dealer = record.get("first_dealer")
    if dealer in names:
        first = _("First dealer: {name}", name=names[dealer])
        out += [SheetLine(line) for line in wrap(words(first), width)]
    out.append(SheetLine("-" * width))
    corrected = {n for n, deal in enumerate(record.get("deals") or [], 1) if is_corrected(deal)}
    out += _deal_table(score, players, names, width, _, corrected)
    out += _bars(score, players, width, _)
    out.append(SheetLine("-" * width))
    out += [
        SheetLine(line, bold=i == 0)
        for i, line in enumerate(_settlement(game, score, players, names, width, _))
    ]
    return printed(out)


def printed(lines: Sequence[SheetLine]) -> list[SheetLine]:
    """The laid-out lines as they print: a no-break space is a plain space."""
    return [replace(line, text=on_paper(line.text)) for line in lines]


def build_sitting_sheet(
    parties: Sequence[tuple[Mapping[str, Any], Mapping[str, Any]]],
    *,
    columns: int = 32,
    printed_on: date | None = None,
    codepage: str = DEFAULT_CODEPAGE,
    lang: str = "en",
) -> list[SheetLine]:
    """A sitting: each partie's totals and settlement, then the running net (in `lang`)."""
    _ = SheetWords(lang, codepage)
    width = _check_columns(columns)
    out = _heading(_("Piquet sitting"), printed_on, width, _)
    net: dict[str, int] = {}
    display: dict[str, str] = {}
    for number, (record, score) in enumerate(parties, start=1):
        players: list[str] = list(score["players"])
        names = {p: _clean(p, codepage) for p in players}
        display.update(names)
        for p in players:
            net.setdefault(p, 0)
        game = str(record.get("game", "rubicon"))
        out.append(SheetLine("-" * width))
        title = _(GAME_TITLES[game]) if game in GAME_TITLES else "Piquet"
        head = _("Partie {number}: {title}", number=number, title=title)
        out.append(SheetLine(fit(head, width), bold=True))
        out += [SheetLine(two_columns(names[p], str(score["totals"][p]), width)) for p in players]
        out += [SheetLine(line) for line in _settlement(game, score, players, names, width, _)]
        result = score.get("result")
        if result and result.get("winner") is not None:
            winner = result["winner"]
            for p in players:
                net[p] += result["points"] if p == winner else -result["points"]
        out.append(SheetLine(fit(_("Net after partie {number}:", number=number), width)))
        out += [SheetLine(two_columns("  " + display[p], f"{net[p]:+d}", width)) for p in net]
    out.append(SheetLine("=" * width))
    out.append(SheetLine(_("Net"), bold=True))
    out += [SheetLine(two_columns(display[p], f"{net[p]:+d}", width), bold=True) for p in net]
    return printed(out)


def _check_columns(columns: int) -> int:
    if columns not in COLUMN_CHOICES:
        raise ValueError(f"columns must be one of {COLUMN_CHOICES}, not {columns}")
    return columns


def _clean(name: str, codepage: str) -> str:
    return " ".join(printable(name, codepage).split()) or "?"


def _heading(title: str, printed_on: date | None, width: int, _: SheetWords) -> list[SheetLine]:
    day = printed_on or date.today()
    return [
        SheetLine(fit(title, width), bold=True, tall=True, align="center"),
        SheetLine(fit(_.date(day), width), align="center"),
        SheetLine(),
    ]


def _player_tokens(players: list[str], names: Mapping[str, str], _: SheetWords) -> list[str]:
    return words(_("{first} v. {second}", first=names[players[0]], second=names[players[1]]))


def _deal_table(
    score: Mapping[str, Any],
    players: list[str],
    names: Mapping[str, str],
    width: int,
    _: SheetWords,
    corrected: set[int] | frozenset[int] = frozenset(),
) -> list[SheetLine]:
    group = (width - 5) // 2  # "NN* " then two groups split by one space
    deal_w = (group - 2) // 2  # a group: deal score, marks (2), running total
    total_w = group - deal_w - 2
    deal_head, total_head = fit(_("deal"), deal_w), fit(_("total"), total_w)

    heads = [fit(names[p], group) for p in players]
    if heads[0] == heads[1]:  # names alike at this width: number them
        heads = [fit(f"{i}.{names[p]}", group) for i, p in enumerate(players, start=1)]
    rows = [
        SheetLine(("    " + heads[0].center(group) + " " + heads[1].center(group)).rstrip()),
        SheetLine(" #  " + " ".join([f"{deal_head:>{deal_w}}  {total_head:>{total_w}}"] * 2)),
    ]
    running = {p: 0 for p in players}
    flags: set[str] = set()
    any_mark = False
    for deal in score["deals"]:
        flag = " "
        if not deal.get("complete", True):
            flag = "*"
        elif deal.get("multiplier", 1) != 1:
            flag = "x"
        flags.add(flag)
        cells = []
        for p in players:
            points = int(deal["scores"].get(p, 0))
            running[p] += points
            marks = "".join(m for key, m in MARKS if deal.get("bonuses", {}).get(key) == p)
            any_mark = any_mark or bool(marks)
            cells.append(f"{points:>{deal_w}}{marks:<2}{running[p]:>{total_w}}")
        fixed = "c" if deal["number"] in corrected else " "
        rows.append(SheetLine(f"{deal['number']:>2}{flag}{fixed}" + " ".join(cells)))
    totals = score["totals"]
    rows.append(
        SheetLine(
            fit(_("Total"), 4 + deal_w + 1).ljust(4 + deal_w + 2)
            + f"{totals[players[0]]:>{total_w}}"
            + " " * (1 + deal_w + 2)
            + f"{totals[players[1]]:>{total_w}}",
            bold=True,
        )
    )
    notes = []
    if any_mark:
        notes.append(_("P pique, R repique, C capot"))
    if "x" in flags:
        notes.append(_("x counts double"))
    if "*" in flags:
        notes.append(_("* deal in play"))
    if corrected:
        notes.append(_("c corrected by agreement"))
    for note in notes:
        rows += [SheetLine(line) for line in wrap(words(note), width)]
    return rows


def _bars(
    score: Mapping[str, Any], players: list[str], width: int, _: SheetWords
) -> list[SheetLine]:
    """The running totals as bars, deal by deal, each in its player's columns."""
    deals = score["deals"]
    if not deals:
        return []
    group = (width - 5) // 2
    running = {p: 0 for p in players}
    rows: list[tuple[int, dict[str, int]]] = []
    for deal in deals:
        for p in players:
            running[p] += int(deal["scores"].get(p, 0))
        rows.append((deal["number"], dict(running)))
    top = max([RUBICON, *(t for _, totals in rows for t in totals.values())])
    hundred = -(-RUBICON * group // top)  # the cell that holds 100 (1 = the first)

    def bar(total: int) -> str:
        filled = max(0, total) * group // top
        if total >= RUBICON:
            return (BAR * max(filled, hundred)).ljust(group)
        return (BAR * filled).ljust(hundred - 1) + MARK_100 + " " * (group - hundred)

    heading = _("Totals, deal by deal ({mark} {target})", mark=MARK_100, target=RUBICON)
    out = [SheetLine(fit(heading, width))]
    for number, totals in rows:
        out.append(SheetLine(f"{number:>2}  " + " ".join(bar(totals[p]) for p in players)))
    return [SheetLine(line.text.rstrip(), line.bold) for line in out]


def _settlement(
    game: str,
    score: Mapping[str, Any],
    players: list[str],
    names: Mapping[str, str],
    width: int,
    _: SheetWords,
) -> list[str]:
    """The result in words with its arithmetic; the first line is the headline."""
    totals = score["totals"]
    result = score.get("result")
    if not result:
        a, b = (int(totals[p]) for p in players)
        if a == b:
            return wrap(words(_("Partie in progress, {n} all", n=a)), width)
        leader = players[0] if a > b else players[1]
        progress = _(
            "Partie in progress: {leader} leads by {n}", leader=names[leader], n=abs(a - b)
        )
        return wrap(words(progress), width)
    if result.get("draw") or result.get("winner") is None:
        a, b = (int(totals[p]) for p in players)
        return wrap(words(_("Drawn partie: {a} - {b}", a=a, b=b)), width)

    # The engine explains the settlement; the sheet prints its names as printable,
    # told apart by their seats when two print alike ("A\x01" and "A\x02").
    if len({names[p] for p in players}) < len(players):
        names = {p: f"{names[p]} ({seat})" for seat, p in enumerate(players, start=1)}
    shown = {
        "players": [names[p] for p in players],
        "totals": {names[p]: totals[p] for p in players},
        "result": {**result, "winner": names[result["winner"]]},
    }
    out: list[str] = []
    for said in explain_result(shown, game, _.lang):
        out += sentence_lines(_.printable(said), width)
    return out


def sentence_lines(text: str, width: int) -> list[str]:
    """A sentence on the paper, its arithmetic (after a colon or an "=") kept whole
    on a line of its own when the sentence does not fit on one."""
    if len(text) <= width:
        return [text]
    head, colon, rest = text.partition(": ")
    if colon and len(rest) <= width:
        return [*wrap(words(head + ":"), width), rest]
    head, equals, sums = text.partition(" = ")
    if equals and len(sums) + 2 <= width:
        return [*wrap(words(head), width), f"= {sums}"]
    return wrap(words(text), width)
