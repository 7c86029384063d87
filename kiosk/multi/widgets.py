"""Kivy widgets of the screens for three to seven players (registered with
Kivy's Factory on import; kiosk/app.py imports this module)."""

from __future__ import annotations

import math
from typing import Any

from kivy.clock import Clock
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.gridlayout import GridLayout

from kiosk.widgets import LINE, AnswerGrid, Spares, show


class Tiles(GridLayout):
    """A grid of `viewclass` widgets, one per item of `data` (each item's keys
    set on its widget), rebuilt only when `data` changes. With `fill`, the
    tiles share the grid's size (the trick buttons); else each keeps its own
    height and the grid is as tall as they are."""

    data = ListProperty([])
    viewclass = StringProperty("")
    fill = BooleanProperty(False)
    tile_height = NumericProperty(0)  # 0: each tile's own

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._rebuild = Clock.create_trigger(self._build, -1)
        for prop in ("data", "viewclass", "fill", "tile_height", "cols"):
            self.fbind(prop, self._rebuild)
        self.fbind("minimum_height", self._follow)
        self._spares = Spares()  # tiles of a longer list, shown again (see Spares)

    def _follow(self, *_args: Any) -> None:
        if not self.fill:
            self.height = self.minimum_height

    def _build(self, *_args: Any) -> None:
        if not self.viewclass:
            return
        data = list(self.data)
        show(self, len(data), self.viewclass, self._spares)
        for widget, item in zip(reversed(self.children), data, strict=True):
            for key, value in item.items():
                setattr(widget, key, value)
            if self.fill:
                widget.size_hint = (1, 1)
            elif self.tile_height:
                widget.size_hint_y = None
                widget.height = self.tile_height
        self.size_hint_y = 1 if self.fill else None
        self._follow()


class FewRowsGrid(AnswerGrid):
    """An `AnswerGrid` that, short of room, also tries its smaller text (to 80 %)
    for more columns, hence fewer rows: the answers of a "not good" (a row of
    top cards, a row of longer sequences) stay one row each on a short screen
    with large text. Otherwise laid out exactly as `AnswerGrid`. `least`: how
    small its text may be drawn (a share of `want`) to keep its rows in its
    room, a finger high: a player would rather read a smaller label than see
    the grid overflow its room and push the rows above it out of place."""

    least = NumericProperty(0.8)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.fbind("least", self._least_changed)

    def _least_changed(self, *_args: Any) -> None:
        self._shape = ()  # laid out afresh
        self._relayout()

    def _fit(
        self, labels: tuple[str, ...], n: int, spacing: float, app: Any
    ) -> tuple[int, bool, float, float]:
        best = super()._fit(labels, n, spacing, app)
        if not self.max_height:
            return best

        def total(cols: int, height: float) -> float:
            rows = math.ceil(n / cols)
            return rows * height + (rows - 1) * spacing

        if total(best[0], best[3]) <= self.max_height:
            return best
        pad = 6 * app.u
        font = self.want
        least = self.want * min(0.8, self.least)
        while font > least:
            font = max(font * 0.92, least)
            cols, turned, lines, fits = self._choose(labels, n, spacing, pad, font, app.tgt)
            height = max(app.tgt, lines * LINE * font + 2 * pad)
            if fits and total(cols, height) < total(best[0], best[3]):
                best = (cols, turned, font, height)
                if total(cols, height) <= self.max_height:
                    break
        return best
