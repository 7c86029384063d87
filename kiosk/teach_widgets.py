"""Kivy widgets of the teaching screens (Learn, the guide, the calculator):
a scroll view that opens at its place, and the calculator's 32-card grid.

Sizes in proportions of the window (`app.u`, `app.tu`, `app.tgt`), as in
kiosk/widgets.py. Nothing here runs per frame except for the few frames after
a screen opens, while its scroll view settles at its place.
"""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.properties import ListProperty, NumericProperty, StringProperty
from kivy.uix.gridlayout import GridLayout
from kivy.uix.scrollview import ScrollView

from kiosk.widgets import Spares, show

SETTLE_FRAMES = 10  # the frames after an opening during which the place is kept


class GuideScroll(ScrollView):
    """Opens at its top, or at the descendant whose `key` is `focus` (a worked
    example), each time `visit` changes: the guide opens at its place every
    time, even where it was scrolled before. The place is set again for a few
    frames, while the content below it is still being laid out."""

    focus = StringProperty("")
    visit = NumericProperty(0)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._frames = 0
        self._event = None
        self.fbind("visit", self._arm)

    def _arm(self, *_args: Any) -> None:
        self.scroll_y = 1
        self._frames = SETTLE_FRAMES
        if self._event is None:
            self._event = Clock.schedule_interval(self._settle, 0)

    def on_touch_down(self, touch: Any) -> bool:
        if self.collide_point(*touch.pos):
            self._frames = 0  # a finger on it: it stays where the reader puts it
        return bool(super().on_touch_down(touch))

    def _target(self) -> Any:
        if not self.focus or not self.children:
            return None
        for widget in self.children[0].walk(restrict=True):
            if getattr(widget, "key", None) == self.focus:
                return widget
        return None

    def _settle(self, _dt: float) -> bool:
        if self._frames <= 0:
            self._event = None
            return False
        target = self._target()
        content = self.children[0] if self.children else None
        if target is None or content is None or content.height <= self.height:
            self.scroll_y = 1
        else:
            # the target's top at the view's top (as far as the content allows)
            top = target.to_window(0, target.top)[1] - content.to_window(0, content.y)[1]
            room = content.height - self.height
            self.scroll_y = min(1.0, max(0.0, (top - self.height) / room))
        self._frames -= 1
        if self._frames <= 0:
            self._event = None
            return False
        return True


class CardGrid(GridLayout):
    """The 32 cards, a row per suit (its symbol first), a column per rank:
    `rows_data` is the calculator view's `rows`. Built once; a tap changes only
    the cards' states, so nothing moves."""

    rows_data = ListProperty([])
    row_height = NumericProperty(48)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.cols = 9
        self.size_hint_y = None
        self._update = Clock.create_trigger(self._fill, -1)
        self.fbind("rows_data", self._update)
        self.fbind("row_height", self._update)

    def _fill(self, *_args: Any) -> None:
        rows = list(self.rows_data)
        if not self.children and rows:
            for row in rows:
                self.add_widget(Factory.SuitMark())
                for _card in row["cards"]:
                    self.add_widget(Factory.CardKey())
        widgets = list(reversed(self.children))
        app = App.get_running_app()
        height = max(self.row_height, app.tgt if app else 0)
        for r, row in enumerate(rows):
            mark = widgets[r * 9]
            mark.text = row["symbol"]
            mark.red = row["red"]
            mark.height = height
            for c, card in enumerate(row["cards"]):
                key = widgets[r * 9 + 1 + c]
                key.key = card["key"]
                key.text = card["label"]
                key.held = card["held"]
                key.red = row["red"]
                key.disabled = not card["enabled"]
                key.height = height
        count = len(rows)
        spacing = self.spacing[1] if isinstance(self.spacing, (list, tuple)) else self.spacing
        self.height = count * height + max(0, count - 1) * spacing


class PooledRows(GridLayout):
    """`kiosk.widgets.Rows` that keeps the rows it no longer shows and shows
    them again when the data grows: a guide section's examples and lines are
    built once, not at each section opened."""

    data = ListProperty([])
    viewclass = StringProperty("")
    ahead = NumericProperty(0)  # rows made ahead with their screen (`make_ahead`)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.cols = 1
        self.size_hint_y = None
        self._pool = Spares()
        self.fbind("minimum_height", self.setter("height"))
        self._rebuild = Clock.create_trigger(self._build, -1)
        self.fbind("data", self._rebuild)

    def make_ahead(self) -> None:
        """`ahead` rows made now, with the screen made ahead while the table is still
        (`kiosk.app.PiquetApp.make_ahead`): the first view of a deal's end no longer
        builds its lines' rows (~30 ms of the twelfth trick's tap)."""
        if self.viewclass:
            self._pool.stock(self.viewclass, int(self.ahead) - len(self.children))

    def _build(self, *_args: Any) -> None:
        data = list(self.data)
        show(self, len(data), self.viewclass, self._pool)
        for widget, item in zip(reversed(self.children), data, strict=True):
            for key, value in item.items():
                if getattr(widget, key, None) != value:
                    setattr(widget, key, value)
