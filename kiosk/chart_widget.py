"""The sheet's chart, drawn with Kivy's own graphics (no plotting library).

`ScoreChart` draws `chart` (the presenter's `kiosk.chart.Chart.to_view()`):
each seat's running total deal by deal as a line with a marker on every deal,
the line at 100 (the Rubicon), and a letter (P pique, R repique, C capot) in
a badge over the deal where a player scored one. The two players differ by
colour (orange and sky blue, a pair that every common kind of colour
blindness tells apart, Okabe and Ito) and by shape (circles and squares), so
neither colour nor shape alone carries the difference. The names and the
letters' meaning are real labels (kiosk/screens/sheet.kv); the numbers of the
axes are drawn in the canvas at the text size.

Sizes follow `app.u` and the font `font` (the kv passes a multiple of
`app.tu`). `points` holds each seat's drawn points (window-free widget
coordinates) and `value_at(y)` reads a height back as points, for tests.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Ellipse, Line, Rectangle, RoundedRectangle
from kivy.properties import DictProperty, ListProperty, NumericProperty
from kivy.uix.widget import Widget

from kiosk.widgets import font_px

SEAT_COLOURS = ((0.90, 0.62, 0.0, 1), (0.34, 0.71, 0.91, 1))  # orange, sky blue
LINE_COLOUR = (0.93, 0.93, 0.93, 0.9)  # the Rubicon: pale, unlike either player
GRID_COLOUR = (1, 1, 1, 0.12)
TEXT_COLOUR = (0.7, 0.9, 0.75, 1)


@lru_cache(maxsize=256)
def _texture(text: str, size: float, bold: bool) -> Any:
    label = CoreLabel(text=text, font_size=font_px(size), bold=bold)
    label.refresh()
    return label.texture


def _step(top: int, room: float, font: float) -> int:
    """The points between two numbers of the scale: as few as keep their labels
    apart (a line and a half of text) in `room` pixels, at most six of them."""
    for step in (25, 50, 100, 200, 500, 1000):
        if top / step <= 6 and room * step / top >= 1.5 * font:
            return step
    return max(top, 1)


class SeatKey(Widget):
    """A seat's marker in the legend: its colour and shape."""

    seat = NumericProperty(0)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._draw = Clock.create_trigger(self.draw, -1)
        for prop in ("seat", "size", "pos"):
            self.fbind(prop, self._draw)
        self._draw()

    def draw(self, *_args: Any) -> None:
        self.canvas.clear()
        side = min(self.width, self.height) * 0.55
        x, y = self.center_x - side / 2, self.center_y - side / 2
        with self.canvas:
            Color(*SEAT_COLOURS[int(self.seat) % 2])
            Line(
                points=[self.x, self.center_y, self.right, self.center_y], width=max(1.0, side / 8)
            )
            if int(self.seat) % 2 == 0:
                Ellipse(pos=(x, y), size=(side, side))
            else:
                Rectangle(pos=(x, y), size=(side, side))


class ScoreChart(Widget):
    chart = DictProperty({})
    font = NumericProperty(14)
    points = ListProperty([])  # per seat: [(x, y), ...] as drawn, deal 0 first

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._scale = (0.0, 0.0, 1.0)  # bottom, top in px; points per px inverse
        self._draw = Clock.create_trigger(self.draw, -1)
        for prop in ("chart", "font", "size", "pos"):
            self.fbind(prop, self._draw)
        self._draw()

    # --- the scale ------------------------------------------------------------

    def value_at(self, y: float) -> float:
        """The points at height `y` on the chart (the inverse of the drawing)."""
        bottom, height, top = self._scale
        return (y - bottom) / height * top if height else 0.0

    def _unit(self) -> float:
        app = App.get_running_app()
        return float(getattr(app, "u", 1.0)) if app else 1.0

    # --- drawing ----------------------------------------------------------------

    def draw(self, *_args: Any) -> None:
        self.canvas.clear()
        chart = dict(self.chart)
        totals = [list(t) for t in chart.get("totals") or [[0], [0]]]
        line = int(chart.get("line") or 100)
        deals = list(chart.get("deals") or [])
        if self.width <= 1 or self.height <= 1:
            self.points = []
            return
        u = self._unit()
        font = float(self.font)
        highest = int(max([line, *(v for t in totals for v in t)]) * 1.15)
        bottom = self.y + font * 1.5
        ceiling = self.top - font * 1.2 - 6 * u  # room for a badge over the top point
        plot_h = max(ceiling - bottom, 1.0)
        step = _step(highest, plot_h, font)
        top = step * -(-highest // step)  # room over the highest point
        ticks = [
            t
            for t in range(0, top + 1, step)  # none too near the line's own label
            if abs(t - line) * plot_h / top >= 1.2 * font
        ]
        label_w = max(_texture(str(t), font, False).width for t in [*ticks, line])
        left = self.x + label_w + 6 * u
        right = self.right - 10 * u
        self._scale = (bottom, plot_h, float(top))
        n = max(len(deals), 1)

        def at(index: int, value: float) -> tuple[float, float]:
            return (left + (right - left) * index / n, bottom + plot_h * value / top)

        with self.canvas:
            for tick in ticks:  # the grid and the numbers of the points
                y = at(0, tick)[1]
                Color(*GRID_COLOUR)
                Line(points=[left, y, right, y], width=1)
                self._text(str(tick), left - 4 * u, y, font, TEXT_COLOUR, "right")
            y100 = at(0, line)[1]
            Color(*LINE_COLOUR)
            Line(points=[left, y100, right, y100], width=max(1.0, 1.6 * u))
            self._text(str(line), left - 4 * u, y100, font, LINE_COLOUR, "right", bold=True)
            every = max(1, -(-len(deals) * int(font * 2) // max(int(right - left), 1)))
            for index, number in enumerate(deals, start=1):  # the deals' numbers
                if index % every == 0 or index == len(deals):
                    x = at(index, 0)[0]
                    self._text(str(number), x, self.y + font * 0.7, font, TEXT_COLOUR, "center")
            drawn = []
            size = 9 * u
            for seat, series in enumerate(totals[:2]):
                points = [at(i, v) for i, v in enumerate(series)]
                drawn.append(points)
                Color(*SEAT_COLOURS[seat])
                if len(points) > 1:
                    Line(points=[c for p in points for c in p], width=max(1.0, 1.8 * u))
                for x, y in points[1:]:
                    if seat == 0:
                        Ellipse(pos=(x - size / 2, y - size / 2), size=(size, size))
                    else:
                        Rectangle(pos=(x - size / 2, y - size / 2), size=(size, size))
            stacked: dict[tuple[int, int], int] = {}
            for index, seat, letter in chart.get("marks") or []:
                if seat > 1 or index >= len(drawn[seat]):
                    continue
                x, y = drawn[seat][index]
                level = stacked.get((index, seat), 0)
                stacked[(index, seat)] = level + 1
                self._badge(letter, x, y + size + level * font * 1.3, font, SEAT_COLOURS[seat])
        self.points = drawn

    def _text(
        self,
        text: str,
        x: float,
        y: float,
        font: float,
        colour: tuple,
        align: str,
        bold: bool = False,
    ) -> None:
        texture = _texture(text, font, bold)
        w, h = texture.size
        left = x - w if align == "right" else x - w / 2
        Color(*colour)
        Rectangle(texture=texture, pos=(left, y - h / 2), size=(w, h))

    def _badge(self, letter: str, x: float, y: float, font: float, colour: tuple) -> None:
        texture = _texture(letter, font, True)
        w, h = texture.size
        pad = font * 0.25
        Color(*colour)
        RoundedRectangle(pos=(x - w / 2 - pad, y), size=(w + 2 * pad, h), radius=[pad])
        Color(0.05, 0.12, 0.08, 1)
        Rectangle(texture=texture, pos=(x - w / 2, y), size=(w, h))
