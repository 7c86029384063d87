"""The score sheet gives the deal table the room (issue 20, item 3.3).

At 720x1280 in French at text size 1.6 the portrait sheet showed one deal
row and half of "Donne 2" while a chart and two reserved lines (the odds,
then an empty message line) sat under it. Now the table shows every deal
of a partie (six rows) before the chart takes what is left, and the
message, the odds and the sitting share one reserved place.

Measured in a real (offscreen) window: the rows wholly inside the table's
scrolled view, and the screen's parts (the table, the chart, the reserved
line, the buttons), none over another.
"""

from __future__ import annotations

from typing import Any

import pytest

from journal import Journal
from kiosk.multi.tour import _new, _quick
from kiosk.presenter import Presenter
from kiosk.screenshots import KeptPrinter, _enter, _print_kept, _start
from tests.kiosk.test_layout import overlap, problems, settle, window_rect
from tests.kiosk.window import pump

PORTRAIT = (720, 1280)


@pytest.fixture(scope="module")
def portrait(app):
    """The window turned to 720x1280 once for the module (kiosk.app's line()
    binds to the text unit, not to the finger's size: a window resized to and
    fro between tests can keep a row at the older size)."""
    from kivy.core.window import Window

    size = tuple(Window.size)
    Window.size = PORTRAIT
    pump()  # the window's resize comes back through the event loop
    yield app
    Window.size = size
    pump()


def show(app, p: Presenter) -> Any:
    app.set_presenter(p)
    app.refresh()
    pump()
    settle(app)
    return app.sm.current_screen


def rows_in_view(screen: Any, viewclass: str) -> tuple[int, list[int]]:
    """How many rows the table's scrolled view shows whole, and every row's
    deal number it holds."""
    view = next(
        w
        for w in screen.walk(restrict=True)
        # by name: Kivy's RecycleView module is loaded twice (as its package's __init__ too)
        if type(w).__name__ == "RecycleView" and w.viewclass.__name__ == viewclass
    )
    box = window_rect(view)
    rows = [w for w in view.walk(restrict=True) if type(w).__name__ == viewclass]
    whole = [r for r in rows if window_rect(r)[1] >= box[1] - 1 and window_rect(r)[3] <= box[3] + 1]
    return len(whole), sorted(r.number for r in rows)


def parts_apart(screen: Any) -> list[str]:
    """The sheet's parts (each child of the screen's column, and the table
    beside or above the chart), none drawn over another."""
    from kiosk.app import shown

    column = screen.children[0]
    parts = [w for w in column.children if shown(w)]
    middle = screen.ids.get("middle")
    if middle is not None:
        parts += [w for w in middle.children if shown(w)]
        parts.remove(middle)
    found = []
    for i, a in enumerate(parts):
        for b in parts[i + 1 :]:
            if overlap(window_rect(a), window_rect(b)) > 1:
                found.append(f"{type(a).__name__} {window_rect(a)} over {type(b).__name__}")
    return found


def two_player(lang: str, scale: float, deals: list[tuple[int, int]]) -> Presenter:
    p = Presenter(Journal.open(":memory:"), lang="en", text_scale=scale)
    _start(p, ("Marie-Hélène", "Jean-Christophe"), dealer=0, quick=True)
    for e, y in deals:
        _enter(e, y)(p)
    p.set_lang(lang)
    p.go("sheet")
    return p


FIVE = [(31, 12), (20, 25), (35, 8), (15, 22), (28, 14)]
SIX = [(30, 12), (20, 41), (25, 5), (18, 9), (40, 0), (11, 15)]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_portrait_sheet_shows_the_deals_of_a_partie_in_play(portrait, lang):
    screen = show(portrait, two_player(lang, 1.6, FIVE))
    whole, numbers = rows_in_view(screen, "SheetRowButton")
    assert numbers[:5] == [1, 2, 3, 4, 5]
    assert whole == 5
    # the chart still has room beside five deals: its legend and three rows
    assert screen.ids.glance.height >= screen.ids.legend.height + 3 * portrait.tgt
    assert parts_apart(screen) == []
    assert problems(portrait) == []


def test_the_finished_sheet_shows_all_six_deals_and_the_settlement(portrait):
    p = two_player("fr", 1.6, SIX)
    p.printer = KeptPrinter()
    screen = show(portrait, p)
    assert p.view()["finished"]
    whole, _ = rows_in_view(screen, "SheetRowButton")
    assert whole == 6
    assert parts_apart(screen) == []
    assert problems(portrait) == []
    # the printer's news in the reserved place moves nothing and hides no deal
    places = {k: window_rect(w) for k, w in keyed(screen).items()}
    _print_kept(p)
    screen = show(portrait, p)
    assert p.view()["message"]
    assert {k: window_rect(w) for k, w in keyed(screen).items() if k in places} == places
    assert rows_in_view(screen, "SheetRowButton")[0] == 6
    assert parts_apart(screen) == []
    assert problems(portrait) == []


def test_at_text_size_one_the_chart_keeps_its_place_under_six_deals(portrait):
    screen = show(portrait, two_player("en", 1.0, SIX))
    assert rows_in_view(screen, "SheetRowButton")[0] == 6
    assert screen.ids.glance.height >= screen.ids.legend.height + 3 * portrait.tgt
    assert screen.ids.glance.opacity == 1
    assert parts_apart(screen) == []


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_portrait_sheet_of_a_normand_game_shows_its_deals_and_settlement(portrait, lang):
    p = Presenter(Journal.open(":memory:"), lang="en", text_scale=1.6)
    _new("normand", ["Anne", "Bruno", "Cleo"], 0)(p)
    p.multi_set_quick(True)
    for i in range(5):
        _quick([{"A": 10 + i, "B": 20, "C": 7 + 2 * i}])(p)
    p.set_lang(lang)
    p.multi_go_sheet()
    screen = show(portrait, p)
    assert p.view()["settlement"]
    whole, numbers = rows_in_view(screen, "MultiSheetRow")
    assert whole == len(numbers) == 6  # five deals and the settlement's row
    assert parts_apart(screen) == []
    assert problems(portrait) == []


def keyed(screen: Any) -> dict[str, Any]:
    from kiosk.app import shown

    return {w.key: w for w in screen.walk(restrict=True) if getattr(w, "key", "") and shown(w)}


# --- landscape (issue 20's last pieces): the finished sheet at text 1.6 showed
# one deal row, the settlement and the reserved line for words under a chart
# beside it taking the height the table needed. Now the table has the whole
# height between the totals and the buttons, the settlement and the words go
# beside it under the chart (not drawn short of room).

LANDSCAPE = [(800, 480), (1280, 720)]


@pytest.fixture(params=LANDSCAPE, ids=lambda size: f"{size[0]}x{size[1]}")
def landscape(app, request):
    """The window turned to a landscape display (after the portrait tests:
    the module's portrait fixture puts the first size back at its end)."""
    from kivy.core.window import Window

    Window.size = request.param
    pump()
    return app


def table_and_words(screen: Any) -> tuple[float, float]:
    """The deal table's height, and the height of the middle it stands in."""
    return window_rect(screen.ids.deals)[3] - window_rect(screen.ids.deals)[1], (
        window_rect(screen.ids.middle)[3] - window_rect(screen.ids.middle)[1]
    )


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_finished_landscape_sheet_at_the_largest_text_gives_the_deals_the_room(landscape, lang):
    p = two_player(lang, 1.6, SIX)
    p.printer = KeptPrinter()
    screen = show(landscape, p)
    assert p.view()["finished"] and p.view()["settlement"]
    whole, numbers = rows_in_view(screen, "SheetRowButton")
    assert numbers[:4] == [1, 2, 3, 4]
    assert whole >= 4  # was one row; the rest scroll
    table, middle = table_and_words(screen)
    assert table == pytest.approx(middle, abs=1)  # the whole height of the middle
    # the settlement is said whole, beside the deals
    said = [
        w
        for w in screen.ids.glance.walk(restrict=True)
        if getattr(w, "text", "") == p.view()["settlement"]
    ]
    assert len(said) == 1 and said[0].height > 0 and said[0].opacity == 1
    assert parts_apart(screen) == []
    assert problems(landscape) == []
    # the printer's news in the reserved place moves nothing and hides no deal
    places = {k: window_rect(w) for k, w in keyed(screen).items()}
    _print_kept(p)
    screen = show(landscape, p)
    assert p.view()["message"]
    assert {k: window_rect(w) for k, w in keyed(screen).items() if k in places} == places
    assert rows_in_view(screen, "SheetRowButton")[0] == whole
    assert parts_apart(screen) == []
    assert problems(landscape) == []


def test_at_text_size_one_the_landscape_sheet_keeps_its_chart_beside_six_deals(landscape):
    screen = show(landscape, two_player("en", 1.0, SIX))
    assert rows_in_view(screen, "SheetRowButton")[0] >= 5
    assert screen.ids.chart.opacity == 1 and screen.ids.chart.height >= 2 * landscape.tgt
    assert screen.ids.legend.opacity == 1
    assert parts_apart(screen) == []
