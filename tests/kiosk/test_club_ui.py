"""The record of a club in a real Kivy window (offscreen), by real touches:
History a page at a time, Statistics down to a player and a pair (the figures
read off the screen against `piquet stats --json`), and a finished partie's
deal corrected by agreement (the sheet's row and the chart follow)."""

from __future__ import annotations

import pytest

from journal import Journal
from kiosk.presenter import Presenter
from scorer import score_record
from tests.kiosk.test_club import club, number, quick, stats_json  # noqa: F401 (a fixture)
from tests.kiosk.test_ui import touch
from tests.kiosk.window import pump, screen, texts, use

pytestmark = pytest.mark.slow


def shown(app, kind: str) -> list:
    """The widgets of that class the screen draws (a list draws only what fits)."""
    from kiosk.app import shown as is_shown

    return [
        w
        for w in screen(app).walk(restrict=True)
        if type(w).__name__ == kind and is_shown(w) and w.get_root_window()
    ]


def data_of(app, viewclass: str) -> list[dict]:
    """What the screen's list holds (its rows, drawn or scrolled out of sight)."""
    return next(
        w.data
        for w in screen(app).walk(restrict=True)
        if type(w).__name__ == "RecycleView"
        and getattr(w.viewclass, "__name__", w.viewclass) == viewclass
    )


def stat_lines(app) -> dict[str, str]:
    """A player's figures as drawn: label -> value."""
    lines = {}
    for w in screen(app).walk(restrict=True):
        if type(w).__name__ == "StatLine" and w.label:
            lines[w.label] = w.value
    return lines


def test_the_history_comes_twenty_at_a_time_by_touch(app):
    p = use(app, Presenter(Journal.open(":memory:")))
    parties = [quick(p.journal, names=(f"P{n}", "Dan"), deals=[(10 + n, 20)]) for n in range(23)]
    p.go("home")
    pump()
    touch(app, "history")
    assert screen(app).name == "history"
    held = data_of(app, "HistoryItem")
    assert [item["partie"] for item in held] == parties[::-1][:20]  # newest first
    assert held[0]["scores"] == "P22 32 – 20 Dan" and not held[0]["finished"]
    assert "in progress" in held[0]["status"]
    button = next(w for w in screen(app).walk() if getattr(w, "key", "") == "history_more")
    where = button.to_window(*button.pos)
    touch(app, "history_more")
    assert [item["partie"] for item in data_of(app, "HistoryItem")] == parties[::-1]
    assert button.disabled and button.text == "Every partie is shown"
    assert button.to_window(*button.pos) == where  # it did not move under the finger
    touch(app, f"partie-{parties[-1]}")  # the newest, at the top
    assert screen(app).name == "sheet"
    p.journal.close()


def test_statistics_by_touch_show_what_piquet_stats_json_says(app, club):  # noqa: F811
    expected = stats_json(club)["players"]
    p = use(app, Presenter(Journal.open(club)))
    p.go("history")
    pump()
    touch(app, "stats")
    assert screen(app).name == "stats"
    first = shown(app, "StatsPlayerItem")[0]
    name = first.name
    touch(app, first.key)
    assert screen(app).name == "stats_player" and name in texts(app)
    lines = stat_lines(app)
    want = expected[name]
    assert number(lines["Parties finished"]) == want["parties"]
    for label, field in [
        ("Won", "won"),
        ("Lost", "lost"),
        ("Drawn", "drawn"),
        ("Rubicons suffered", "rubicons_suffered"),
        ("Rubicons inflicted", "rubicons_inflicted"),
        ("Net of the settlements", "settlement_net"),
        ("Complete deals", "deals"),
        ("Piques", "piques"),
        ("Repiques", "repiques"),
        ("Capots", "capots"),
        ("Cartes blanches", "cartes_blanches"),
    ]:
        assert number(lines[label]) == want[field], label
    for role in ("elder", "younger"):
        average = want["average_per_deal"][role]
        shown_average = lines[f"Average deal as {role}"]
        assert (
            (shown_average == "–")
            if average is None
            else (abs(float(shown_average) - average) <= 0.05)
        ), role
    # head to head: the first opponent, then the pair's figures side by side
    opponent = shown(app, "StatsOpponentItem")[0]
    touch(app, opponent.key)
    assert screen(app).name == "stats_pair"
    pair = next(
        pr
        for pr in stats_json(club)["pairs"]
        if sorted(pr["players"]) == sorted([name, opponent.name])
    )
    won = {
        w.label: (w.a, w.b)
        for w in screen(app).walk(restrict=True)
        if type(w).__name__ == "PairLine" and w.label
    }
    assert (number(won["Won"][0]), number(won["Won"][1])) == (
        pair["won"][name],
        pair["won"][opponent.name],
    )
    touch(app, "back")
    assert screen(app).name == "stats_player"
    p.journal.close()


def test_a_deal_is_corrected_by_touch_and_the_sheet_and_chart_follow(app):
    p = use(app, Presenter(Journal.open(":memory:")))
    quick(p.journal)  # Anne and Bruno, six deals entered as totals, finished
    p.resume()
    pump()
    assert screen(app).name == "sheet"
    row = next(w for w in shown(app, "SheetRowButton") if w.number == 3)
    from kiosk.app import tap

    tap(row)
    pump()
    assert screen(app).name == "deal_lines"
    touch(app, "correct_deal")
    assert screen(app).name == "correct"
    assert any(t.startswith("Deal 3 stands at Anne 25, Bruno 5.") for t in texts(app))
    touch(app, "correct-a")  # Anne's box (the left seat): 20, then Enter
    for key in ("correct-2", "correct-0", "correct_enter", "correct-5", "correct_enter"):
        touch(app, key)  # Enter went on to Bruno's box: 5, then Enter again
    assert p.view()["confirming"]
    assert any("both agree" in t for t in texts(app))
    touch(app, "correct_confirm")
    assert screen(app).name == "sheet"
    assert "Deal 3 (corrected)" in texts(app)
    totals = score_record(p.journal.record())["totals"]
    assert totals == {"Anne": 155, "Bruno": 66}
    [chart] = shown(app, "ScoreChart")
    assert [round(chart.value_at(y)) for _x, y in chart.points[0]][-1] == 155
    p.journal.close()
