"""A list that shows fewer rows keeps the others and shows them again (issue 25:
each row made and dropped left its kv bindings on the app, memory grew with
every partie). Real Kivy widgets, offscreen; the kiosk's app for the grids."""

from __future__ import annotations

from typing import Any


def test_rows_show_again_the_rows_a_shorter_list_put_aside(app: Any) -> None:
    from kiosk.widgets import Rows

    rows = Rows(viewclass="Label")
    rows.data = [{"text": f"line {i}"} for i in range(5)]
    rows._build()
    first = list(reversed(rows.children))
    rows.data = [{"text": "only"}]
    rows._build()
    assert [w.text for w in reversed(rows.children)] == ["only"]
    rows.data = [{"text": f"again {i}"} for i in range(6)]
    rows._build()
    shown = list(reversed(rows.children))
    assert [w.text for w in shown] == [f"again {i}" for i in range(6)]
    # the five made first are all shown again; only the sixth is new
    assert {id(w) for w in first} <= {id(w) for w in shown}
    assert len({id(w) for w in shown} - {id(w) for w in first}) == 1


def test_tiles_show_again_the_tiles_a_shorter_list_put_aside(app: Any) -> None:
    from kiosk.multi.widgets import Tiles

    tiles = Tiles(viewclass="Label")
    tiles.data = [{"text": str(i)} for i in range(4)]
    tiles._build()
    first = list(tiles.children)  # held: their ids stay theirs
    tiles.data = []
    tiles._build()
    assert tiles.children == []
    tiles.data = [{"text": "a"}, {"text": "b"}]
    tiles._build()
    assert [w.text for w in reversed(tiles.children)] == ["a", "b"]
    assert set(map(id, tiles.children)) <= set(map(id, first))


def test_an_empty_question_keeps_its_answer_buttons_for_the_next(app: Any) -> None:
    from kiosk.widgets import AnswerGrid

    grid = AnswerGrid(viewclass="Button", width=600)
    items = [{"key": f"k{i}", "label": f"Answer {i}"} for i in range(3)]
    grid.items = items
    grid._layout_items()
    first = list(grid.children)  # held: their ids stay theirs
    assert len(first) == 3
    grid.items = []
    grid._layout_items()
    assert grid.children == [] and grid.height == 0
    grid.items = items[:2]
    grid._layout_items()
    assert [w.text for w in reversed(grid.children)] == ["Answer 0", "Answer 1"]
    assert set(map(id, grid.children)) <= set(map(id, first))
