"""The sheet's chart in a real Kivy window (offscreen): its points follow the
totals the sheet shows, deal by deal and seat by seat; the line at 100 is
where 100 is; a repique is marked on its deal; Swap sides swaps the lines."""

from __future__ import annotations

import pytest

from journal import Journal
from kiosk.presenter import Presenter
from kiosk.screenshots import _answers, _start, _tricks

pytestmark = pytest.mark.slow


def pump(frames: int = 6) -> None:
    from kivy.base import EventLoop

    for _ in range(frames):
        EventLoop.idle()


def widgets(app, kind: str) -> list:
    return [w for w in app.sm.current_screen.walk(restrict=True) if type(w).__name__ == kind]


def shown_sheet(app) -> list[tuple[int, int, int]]:
    """The sheet's rows as drawn: (deal, left seat's total, right seat's total)."""
    rows = [(w.number, int(w.ra), int(w.rb)) for w in widgets(app, "SheetRowButton") if w.ra]
    return sorted(rows)


def a_partie(p: Presenter) -> None:
    """A first deal played with a repique (Anne), then three entered as totals."""
    _start(p)
    _answers(
        "cb-done",
        "ex-elder-4",
        "ex-younger-4",
        "call-6",
        "good",
        "call-6",
        "good",
        "top-A",
        "done",
        "call-4-A",
        "good",
        "done",
    )(p)
    _tricks(12)(p)
    for elder, younger in [(12, 30), (41, 20), (9, 18)]:
        p.journal.act({"next_deal": True})
        p.journal.act({"entered": {"elder": elder, "younger": younger}})
    p.resume()
    p.go("sheet")


def test_the_chart_follows_the_totals_of_the_sheet(app):
    p = Presenter(Journal.open(":memory:"))
    app.set_presenter(p)
    a_partie(p)
    app.refresh()
    pump()
    [chart] = widgets(app, "ScoreChart")
    sheet = shown_sheet(app)
    assert [deal for deal, _, _ in sheet] == [1, 2, 3, 4]
    for seat in (0, 1):
        points = chart.points[seat]
        read = [round(chart.value_at(y)) for _x, y in points]
        assert read == [0] + [row[1 + seat] for row in sheet]  # 0 before the first deal
        xs = [x for x, _y in points]
        assert xs == sorted(xs) and len(set(xs)) == len(xs)  # one deal after another
        assert all(chart.x <= x <= chart.right and chart.y <= y <= chart.top for x, y in points)
    # the Rubicon's line is at 100 on the same scale, and the repique marked on deal 1
    totals = [
        w.text for w in app.sm.current_screen.walk() if getattr(w, "text", "") in ("Anne", "Bruno")
    ]
    assert totals[:2] == ["Anne", "Bruno"]  # the legend and the sheet keep the seats' order
    assert [1, 0, "R"] in [list(m) for m in chart.chart["marks"]]
    # Swap sides: the lines swap with the columns
    before = [list(points) for points in chart.points]
    p.swap_sides()
    app.refresh()
    pump()
    assert [round(chart.value_at(y)) for _x, y in chart.points[0]] == [
        round(chart.value_at(y)) for _x, y in before[1]
    ]
    sheet = shown_sheet(app)
    assert [round(chart.value_at(y)) for _x, y in chart.points[0]][1:] == [r[1] for r in sheet]


def test_the_scale_reads_back_the_line_at_100(app):
    from kiosk.chart_widget import ScoreChart

    chart = ScoreChart(size=(400, 300), pos=(10, 20))
    chart.chart = {"totals": [[0, 60, 130], [0, 20, 90]], "deals": [1, 2], "marks": [], "line": 100}
    chart.draw()
    assert [round(chart.value_at(y)) for _x, y in chart.points[0]] == [0, 60, 130]
    bottom, height, top = chart._scale
    assert top >= 130 and height > 0
    assert round(chart.value_at(bottom + height * 100 / top)) == 100
