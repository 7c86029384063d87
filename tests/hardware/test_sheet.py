"""The score sheet layout (hardware/sheet.py), on the shared example records."""

from __future__ import annotations

import copy
from datetime import date
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from hardware.render import TRAILING_FEED, sheet_bytes
from hardware.sheet import SheetLine, build_sheet, build_sitting_sheet
from scorer import score_record
from tests.conftest import EXAMPLES

DAY = date(2026, 11, 21)
EXAMPLE_NAMES = sorted(p.name for p in EXAMPLES.glob("*.json"))


def renamed(record: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    record = copy.deepcopy(record)
    record["players"] = [new if p == old else p for p in record["players"]]
    if record["first_dealer"] == old:
        record["first_dealer"] = new
    return record


def table_heading(lines: list[str]) -> str:
    """The line of names over the deal table, just under the first rule."""
    return lines[next(i for i, line in enumerate(lines) if line.startswith("---")) + 1]


def texts(lines: list[SheetLine]) -> list[str]:
    return [line.text for line in lines]


def sheet_of(record: dict[str, Any], columns: int = 32) -> list[str]:
    return texts(build_sheet(record, score_record(record), columns=columns, printed_on=DAY))


def test_the_whole_sheet_of_a_rubiconed_partie(example, josephine_sheet_32) -> None:
    record = renamed(example("seed002-josephine.json"), "Josephine", "Joséphine")
    assert sheet_of(record) == josephine_sheet_32


def test_wider_paper_keeps_the_settlement_on_one_line(example) -> None:
    record = renamed(example("seed002-josephine.json"), "Josephine", "Joséphine")
    lines = sheet_of(record, 48)
    assert lines[-2:] == ["Joséphine wins 347", "Napoleon is rubiconed: 154 + 93 + 100 = 347"]
    assert " 6         18          93        24         154" in lines


def test_the_headline_is_bold_and_the_title_tall(example) -> None:
    record = example("seed002-josephine.json")
    lines = build_sheet(record, score_record(record), printed_on=DAY)
    assert lines[0].tall and lines[0].bold and lines[0].align == "center"
    assert [line.text for line in lines if line.bold] == [
        "Rubicon Piquet",
        "Total          93           154",
        "Josephine wins 347",
    ]


def test_a_margin_win_shows_difference_plus_hundred(example) -> None:
    assert sheet_of(example("seed000-margin.json"))[-1] == "A wins 109 = 128 - 119 + 100"


def test_pique_is_marked_and_explained(example) -> None:
    lines = sheet_of(example("pique-on-the-lead.json"))
    assert " 1     80P     80     4       4" in lines
    assert "P pique, R repique, C capot" in lines
    assert lines[-2:] == ["Partie in progress: Anne leads", "by 76"]


def test_repique_and_the_deal_in_play(example) -> None:
    lines = sheet_of(example("younger-repique-before-elder-sets.json"))
    assert " 1*    15      15    99R     99" in lines
    assert "* deal in play" in lines


def entered(game: str, *pairs: tuple[int, int]) -> dict[str, Any]:
    return {
        "format": "piquet-record/1",
        "game": game,
        "players": ["Anne", "Ben"],
        "first_dealer": "Ben",
        "deals": [{"entered": {"elder": e, "younger": y}} for e, y in pairs],
    }


def test_four_deal_partie_marks_the_doubled_deals() -> None:
    # deals 1 and 4 count double: Anne 60+25+25+50 = 160, Ben 40+20+20+20 = 100
    lines = sheet_of(entered("four-deal", (30, 20), (20, 25), (25, 20), (10, 25)))
    assert lines[0] == "Four-deal Piquet"
    assert " 1x    60      60    40      40" in lines
    assert " 4x    50     160    20     100" in lines
    assert "x counts double" in lines
    assert lines[-1] == "Anne wins 160 = 160 - 100 + 100"


def test_au_cent_double_game() -> None:
    # Anne reaches 105 while Ben has 40: a double game, 2 x 65
    lines = sheet_of(entered("au-cent", (60, 20), (20, 45)))
    assert lines[0] == "Piquet au Cent"
    assert lines[-2:] == ["Anne wins 130 = 2 x (105 - 40)", "Double game: Ben was under 50"]


def test_au_cent_single_game() -> None:
    lines = sheet_of(entered("au-cent", (60, 20), (20, 15), (40, 20)))
    assert lines[-1] == "Anne wins 55 = 115 - 60"


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
@pytest.mark.parametrize("columns", [32, 42, 48])
def test_every_example_fits_and_shows_the_totals(example, name: str, columns: int) -> None:
    record = example(name)
    score = score_record(record)
    lines = texts(build_sheet(record, score, columns=columns, printed_on=DAY))
    assert all(len(line) <= columns for line in lines)
    total_line = next(line for line in lines if line.startswith("Total"))
    assert total_line.split()[1:] == [str(score["totals"][p]) for p in record["players"]]


def test_long_names_are_cut_in_the_table_and_whole_above_it() -> None:
    record = entered("rubicon", (20, 10))
    record["players"] = ["Marie-Thérèse de Saint-Exupéry", "Ben"]
    lines = sheet_of(record)
    assert lines[3:5] == ["Marie-Thérèse de Saint-Exupéry", "v. Ben"]
    assert table_heading(lines) == "    Marie-Thérès.      Ben"


def test_names_alike_at_the_width_are_numbered() -> None:
    record = entered("rubicon", (20, 10))
    record["players"] = ["Alexandre Dumas père", "Alexandre Dumas fils"]
    record["first_dealer"] = "Alexandre Dumas fils"
    assert table_heading(sheet_of(record)) == "     1.Alexandre.  2.Alexandre."


def test_a_sitting_keeps_the_running_net(example) -> None:
    margin, rubiconed = example("seed000-margin.json"), example("seed000-rubiconed.json")
    parties = [(r, score_record(r)) for r in (margin, rubiconed, margin)]
    lines = texts(build_sitting_sheet(parties, columns=32, printed_on=DAY))
    assert all(len(line) <= 32 for line in lines)
    # A wins 109, then 313, then 109 again: +531 for A, -531 for B
    assert "  A                         +422" in lines
    assert lines[-3:] == [
        "Net",
        "A                           +531",
        "B                           -531",
    ]
    assert lines.count("A wins 109 = 128 - 119 + 100") == 2


names = st.text(min_size=1, max_size=40)


@st.composite
def score_dicts(draw: st.DrawFn) -> dict[str, Any]:
    a, b = draw(names), draw(names)
    assume(a != b)
    deals = []
    for number in range(1, draw(st.integers(0, 8)) + 1):
        marks = {k: draw(st.sampled_from([None, a, b])) for k in ("repique", "pique", "capot")}
        deals.append(
            {
                "number": number,
                "scores": {a: draw(st.integers(0, 346)), b: draw(st.integers(0, 346))},
                "bonuses": marks,
                "complete": draw(st.booleans()),
                "multiplier": draw(st.sampled_from([1, 2])),
            }
        )
    totals = {p: sum(d["scores"][p] for d in deals) for p in (a, b)}
    result = draw(
        st.one_of(
            st.none(),
            st.fixed_dictionaries(
                {
                    "winner": st.sampled_from([a, b, None]),
                    "draw": st.booleans(),
                    "points": st.integers(0, 3000),
                    "rubicon": st.booleans(),
                    "double": st.booleans(),
                }
            ),
        )
    )
    return {"players": [a, b], "deals": deals, "totals": totals, "result": result}


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)  # decode is pure
@given(
    score_dicts(),
    st.sampled_from(["rubicon", "four-deal", "au-cent"]),
    st.sampled_from([32, 42, 48]),
)
def test_any_names_never_crash_and_always_fit(
    decode, score: dict[str, Any], game: str, columns: int
) -> None:
    record = {"game": game, "players": score["players"], "first_dealer": score["players"][1]}
    lines = build_sheet(record, score, columns=columns, printed_on=DAY)
    assert all(len(line.text) <= columns for line in lines)
    printed = decode(sheet_bytes(lines))  # no stray control byte, as the printer reads it
    assert len(printed) == len(lines) + TRAILING_FEED
    assert all(len(line) <= columns for line in printed)
    sitting = build_sitting_sheet([(record, score)] * 2, columns=columns, printed_on=DAY)
    assert all(len(line.text) <= columns for line in sitting)


# --- the partie at a glance, and corrected deals (issue 13) ------------------------------


def bars(lines: list[str], columns: int = 32) -> list[tuple[int, str, str]]:
    """The bar lines under the table: (deal, first player's bar, second player's)."""
    start = lines.index("Totals, deal by deal (| 100)") + 1
    group = (columns - 5) // 2
    out = []
    for line in lines[start:]:
        if line.startswith("-"):
            break
        padded = line.ljust(columns)
        out.append((int(line[:2]), padded[4 : 4 + group], padded[5 + group : 5 + 2 * group]))
    return out


@pytest.mark.parametrize("columns", [32, 42, 48])
def test_the_bars_follow_the_running_totals_and_mark_100_ahead(example, columns) -> None:
    record = example("seed002-josephine.json")
    score = score_record(record)
    lines = sheet_of(record, columns)
    group = (columns - 5) // 2
    running = dict.fromkeys(score["players"], 0)
    top = max(100, *score["totals"].values())
    shown = bars(lines, columns)
    assert [deal for deal, _, _ in shown] == [d["number"] for d in score["deals"]]
    for (_, *cells), deal in zip(shown, score["deals"], strict=True):
        for name, cell in zip(score["players"], cells, strict=True):
            running[name] += deal["scores"][name]
            filled = cell.count("#")
            assert cell.rstrip("| ").count(" ") == 0  # one bar from the left
            assert abs(filled - running[name] * group / top) <= 1.5  # its length is its total
            assert ("|" in cell) == (running[name] < 100)  # 100 still ahead of him
            if "|" in cell:  # where 100 is on the same scale
                assert abs(cell.index("|") + 1 - 100 * group / top) <= 1


def test_a_corrected_deal_is_marked_on_paper() -> None:
    record = entered("rubicon", *[(30, 12), (20, 41), (20, 5), (18, 9), (40, 0), (11, 15)])
    record["deals"][2]["corrected"] = [
        {"was": {"elder": 25, "younger": 5}, "now": {"elder": 20, "younger": 5}, "order": 1}
    ]
    lines = sheet_of(record)
    assert " 3 c   20      91     5      37" in lines
    assert " 1     30      30    12      12" in lines  # the others unmarked
    assert "c corrected by agreement" in lines
    assert "c corrected by agreement" not in sheet_of(entered("rubicon", (30, 12)))


def test_two_names_that_print_alike_are_told_apart_by_their_seats() -> None:
    """Control characters print as "?": "Ann\\x01" and "Ann\\x02" would both be "Ann?",
    and the settlement could not say who lost; their seats tell them apart."""
    players = ["Ann\x01", "Ann\x02"]
    deals = [{"entered": {"elder": 30 + 5 * n, "younger": 10}} for n in range(6)]
    record = {
        "format": "piquet-record/1",
        "players": players,
        "first_dealer": players[1],
        "deals": deals,
    }
    score = score_record(record)
    assert score["finished"] and score["result"]["winner"] == players[1]  # 165 to 150
    texts = [line.text for line in build_sheet(record, score, columns=32, printed_on=DAY)]
    assert any(text.startswith("Ann? (2) wins") for text in texts)
