"""Kivy widgets shared by the screens: text that fits its box, answer grids
that keep their places, and a container turned 180° for the far player.

Sizes are in proportions of the window (`app.u`, 1 at 800x480, see app.py),
never in fixed pixels. Nothing here runs per frame: a widget re-measures only
when its text, its items or its size change (one `Clock.create_trigger`).
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from kivy.app import App
from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.graphics import PopMatrix, PushMatrix, Rotate
from kivy.properties import (
    BooleanProperty,
    ListProperty,
    NumericProperty,
    StringProperty,
)
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.relativelayout import RelativeLayout

from kiosk.drawn_texts import DRAWN

# Roboto's line height is about 1.17 font sizes; a little more for safety.
LINE = 1.22


# The triggers that lay a box out (ClockEvents): a Kivy Layout's, and the answer
# grid's and the rows' own, which place and size their items (below)
LAYING_OUT = ("_trigger_layout", "_relayout", "_rebuild")

KIVY_BREAKS = re.compile(r"[ \t\n]+")  # where Kivy may break a line (not at U+00A0, U+202F)


def text_overflow(label: Label) -> tuple[float, float]:
    """How far a label's text spills out of its box, (width, height) in px
    (0 when it fits): its texture against its size, and its widest word
    against the wrapping width (Kivy breaks a word that does not fit, anywhere
    in it). Meant for labels wrapped as `text_size: (width, None)` or not
    wrapped at all. A word is what Kivy keeps on one line: it breaks at plain
    spaces only, so a French "vous\u202f?" (narrow no-break space) is one word,
    measured whole, and is never broken before its sign."""
    if not label.text.strip():
        return 0.0, 0.0
    tw, th = label.texture_size
    wide = tw - label.width
    wrap = label.text_size[0]
    if wrap:
        wrap -= label.padding[0] + label.padding[2]
    if wrap and not label.markup:
        word = max(
            (word_width(w, label.font_size, label.bold) for w in KIVY_BREAKS.split(label.text)),
            default=0.0,
        )
        wide = max(wide, word - wrap)
    return max(0.0, wide), max(0.0, th - label.height)


def laid_out_later(widget: Any) -> bool:
    """Whether a box around `widget` is still to be laid out before the frame
    (one of its LAYING_OUT triggers armed to run before it): the size the
    widget has now may not be the one drawn. A box being built gives its
    content provisional sizes first (a button 18 px wide); a text fitted to
    those is drawn again at once, in a font of its own. Kivy runs the
    before-frame triggers armed meanwhile in the same pass, so whatever waits
    for that layout is still in this frame."""
    box = widget.parent
    while box is not None:
        for name in LAYING_OUT:
            trigger: Any = getattr(box, name, None)
            # armed, and run before the frame (a later one would never come first)
            if getattr(trigger, "is_triggered", False) and trigger.timeout < 0:
                return True
        above = getattr(box, "parent", None)
        box = None if above is box else above  # the window is its own parent
    return False


def font_px(size: float) -> int:
    """The font size a text is drawn at: SDL_ttf opens a font at the whole
    number of pixels (it truncates `font_size`), so 17.28 and 17 draw the same
    glyphs. Kivy keeps one open font per distinct `font_size` as written (at
    most 64, each ~90 KiB of FreeType face and glyphs, the oldest closed
    first): sizes given as whole pixels share their fonts. Over a sitting at
    800x480 the kiosk asked for 78 distinct sizes (issue 25); they were some
    30 whole ones."""
    return max(1, int(size))


@lru_cache(maxsize=4096)
def word_width(word: str, font_size: float, bold: bool = False) -> float:
    """A word's width in px in the default font (measured, not drawn)."""
    return float(_core(font_px(font_size), bold).get_extents(word)[0])


@lru_cache(maxsize=64)
def _core(font_size: int, bold: bool) -> CoreLabel:
    return CoreLabel(font_size=font_size, bold=bold)


# Fit is mixed into a Label or a Button (FitLabel, FitButton): the type checker
# reads it as a Label's subclass, and Kivy's classes are untyped.
if TYPE_CHECKING:
    from kivy.uix.label import Label as _LabelLike
else:
    _LabelLike = object


class Fit(_LabelLike):
    """A label whose text never spills out of its box: it is drawn at `want`
    (the font size the layout asks for) and, only if that does not fit (a long
    name, a long message at the largest text size), at the largest size that
    does. `fitted` is the ratio used (1.0 when nothing was shrunk); the text
    is drawn at the whole pixels SDL_ttf would draw that size at (`font_px`).
    Wrap it as `text_size: (width, None)`: Kivy centres the text in the box."""

    want = NumericProperty(20)
    fitted = NumericProperty(1.0)
    # a text whose values come back (a trick's count): its textures kept (drawn_texts)
    keep_drawn = BooleanProperty(False)
    # Label's own, which the fit replaces or sets (annotations only: nothing at run time)
    _trigger_texture: Any
    font_size: Any

    def _fit_init(self) -> None:
        self._fitted_for: tuple = ()
        self._drawn_with: dict[str, Any] = {}  # the core label's options at the last drawing
        self._drawn_key: tuple[Any, ...] | None = None  # ...and its key in DRAWN, if kept
        # One trigger for the text, Label's own (any font property) and the
        # fit's: a new text is laid out and measured once per frame, not once
        # by Label and again by the fit.
        self._trigger_texture.cancel()
        self._fit_trigger = Clock.create_trigger(self._update_text, -1)
        self._trigger_texture = self._fit_trigger
        for prop in ("text", "size", "want", "text_size", "markup"):
            self.fbind(prop, self._fit_trigger)
        self._fit_trigger()

    def _update_text(self, *_args: Any) -> None:
        inputs = self._fit_inputs()
        if inputs == self._fitted_for:
            self.texture_update()  # a colour or a weight changed: the same fit
        elif self._still_fits(inputs):
            self._fitted_for = inputs
        else:
            self._refit()
        DRAWN.keep(self, self._drawn_key)

    def _still_fits(self, inputs: tuple) -> bool:
        """Only the box's height changed since the text was drawn (not the text,
        its width, its wrap, nor any option of the drawing), the text was drawn
        at its full size and still fits the box: the texture drawn stays. A
        box laid out again and again before a frame (a side's answers come
        one layout after its name) no longer draws its question each time."""
        last = self._fitted_for
        return bool(
            last
            and inputs[:2] == last[:2]
            and inputs[3:] == last[3:]
            and self.fitted == 1.0
            and self.texture is not None
            and self._label.options == self._drawn_with
            and text_overflow(self) == (0.0, 0.0)
        )

    def texture_update(self, *args: Any) -> None:
        """The text drawn into a new texture, never into the one the last
        frame drew: writing over a texture still held by the graphics
        driver's last frame makes it finish the frame being drawn first.
        A text kept drawn (`keep_drawn`) is shown as it was drawn last."""
        self._drawn_with = dict(self._label.options)
        self._drawn_key = DRAWN.key(self)
        drawn = DRAWN.get(self._drawn_key)
        if drawn is not None:
            self.texture, self.texture_size, self.is_shortened = drawn
            return
        self._label.texture = None
        super().texture_update(*args)

    def _fit_inputs(self) -> tuple:
        return (
            self.text,
            round(self.width, 1),
            round(self.height, 1),
            self.want,
            tuple(self.text_size),
            self.markup,
        )

    def _refit(self, *_args: Any) -> None:
        if self._fit_inputs() == self._fitted_for:
            return  # a change this very fit made (an auto height following the text)
        size = self.want  # the size the fit works out; drawn at font_px(size)
        if self.font_size != font_px(size):
            self.font_size = font_px(size)
        self.texture_update()
        for step in range(8):
            over_w, over_h = text_overflow(self)
            if (not over_w and not over_h) or self.width <= 1 or self.height <= 1:
                break
            if step == 0 and laid_out_later(self):
                self._fit_trigger()  # shrunk once its box is laid out, in this frame
                return
            tw, th = self.texture_size
            ratio = min(
                (tw - over_w) / tw if tw and over_w else 1.0,
                (th - over_h) / th if th and over_h else 1.0,
                0.97,
            )
            smaller = max(self.want * 0.3, size * max(ratio, 0.6))
            if smaller >= size:
                break
            size = smaller
            self.font_size = font_px(size)
            self.texture_update()
        self.fitted = size / self.want if self.want else 1.0
        self._fitted_for = self._fit_inputs()
        self._fit_trigger.cancel()  # what this fit changed itself is drawn already


class FitLabel(Fit, Label):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._fit_init()


class FitButton(Fit, Button):
    key = StringProperty("")
    on = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._fit_init()


class Turnable(RelativeLayout):
    """Its content drawn turned 180° (and touched the same way) when `turned`:
    in portrait the player at the top end reads his own part of the screen.

    The turn is a rotation about the widget's centre in its parent's
    coordinates, pushed before RelativeLayout's own translation (so it does
    not depend on the order in which the kv rules fill `canvas.before`)."""

    turned = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._push = PushMatrix()
        self._rotate = Rotate(angle=0, origin=(0, 0))
        self._pop = PopMatrix()
        self.fbind("size", self._turn)
        self.fbind("pos", self._turn)
        self.fbind("turned", self._turn)
        self._turn()

    def _turn(self, *_args: Any) -> None:
        before, after = self.canvas.before, self.canvas.after
        if before.indexof(self._push) != 0:  # first in, last out
            for group, instruction in (
                (before, self._push),
                (before, self._rotate),
                (after, self._pop),
            ):
                if group.indexof(instruction) >= 0:
                    group.remove(instruction)
            before.insert(0, self._rotate)
            before.insert(0, self._push)
            after.add(self._pop)
        self._rotate.angle = 180 if self.turned else 0
        self._rotate.origin = self.center

    def to_local(self, x: float, y: float, relative: bool = False) -> tuple[float, float]:
        x, y = super().to_local(x, y, relative=relative)
        if self.turned:
            return (-x, -y) if relative else (self.width - x, self.height - y)
        return x, y

    def to_parent(self, x: float, y: float, relative: bool = False) -> tuple[float, float]:
        if self.turned:
            x, y = (-x, -y) if relative else (self.width - x, self.height - y)
        return super().to_parent(x, y, relative=relative)


def measure_lines(text: str, font_size: float, width: float) -> tuple[int, float]:
    """(lines, widest word) of `text` wrapped at `width` px in the default font."""
    lines, widest = 0, 0.0
    space = word_width(" ", font_size)
    for paragraph in text.split("\n"):
        words = paragraph.split() or [""]
        line_width = 0.0
        lines += 1
        for word in words:
            w = word_width(word, font_size) if word else 0.0
            widest = max(widest, w)
            if line_width and line_width + space + w > width:
                lines += 1
                line_width = w
            else:
                line_width += (space if line_width else 0) + w
    return lines, widest


class Spares:
    """The widgets a list (answer buttons, score lines, tiles) no longer shows,
    kept by class to be shown again: a list makes at most as many of each as its
    longest content needs over a sitting. A widget made and dropped each time left
    its kv bindings behind on the app's properties (its `app.tu`, `app.u`...):
    memory grew with every partie (issue 25)."""

    def __init__(self) -> None:
        self._kept: dict[str, list[Any]] = {}  # by class name, as Factory names it

    def keep(self, widget: Any) -> None:
        self._kept.setdefault(type(widget).__name__, []).append(widget)

    def stock(self, viewclass: str, n: int) -> None:
        """At least `n` of `viewclass` kept: made now (ahead, while the table is
        still), not when a list first shows them."""
        from kivy.factory import Factory

        kept = self._kept.setdefault(viewclass, [])
        while len(kept) < n:
            kept.append(Factory.get(viewclass)())

    def take(self, viewclass: str) -> Any:
        """One of `viewclass` kept, else a new one."""
        kept = self._kept.get(viewclass)
        if kept:
            return kept.pop()
        from kivy.factory import Factory

        return Factory.get(viewclass)()


def show(layout: Any, n: int, viewclass: str, spares: Spares) -> None:
    """`layout` left with `n` children: the last ones taken off and kept in
    `spares`, or kept ones (else new ones) of `viewclass` added at the end."""
    while len(layout.children) > n:
        widget = layout.children[0]
        layout.remove_widget(widget)
        spares.keep(widget)
    while len(layout.children) < n:
        layout.add_widget(spares.take(viewclass))


class AnswerGrid(GridLayout):
    """Answer buttons laid out from a fixed grid (`items`: key, label, enabled,
    on), so each answer keeps its place. `row_len` is the grid's natural row
    (the sets: five quatorzes over five trios); where the labels do not fit
    that many columns the grid folds (or, for a matrix, turns) into fewer. All
    buttons of a grid have the same height: the tallest label's, at least a
    finger's width (`app.tgt`). Given `max_height` (the room the screen has
    for it), a grid that would be taller draws its labels smaller, never its
    buttons below a finger's width. The layout depends only on the labels,
    the width, the room and the text size: the same grid, the same places."""

    items = ListProperty([])
    row_len = NumericProperty(0)
    want = NumericProperty(20)
    max_lines = NumericProperty(3)
    max_height = NumericProperty(0)  # 0: as tall as it needs
    viewclass = StringProperty("AnswerButton")
    columns = NumericProperty(0)  # a fixed number of columns (0: as the labels fit)
    # a row that stays while its screen shows (the carte blanche row of a
    # deal): not a question's answers but buttons beside every question, each
    # disabled in its place once it can no longer be used, never taken away
    # (tests/kiosk/test_steady_buttons.py holds it)
    stays = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.size_hint_y = None
        self._relayout = Clock.create_trigger(self._layout_items, -1)
        for prop in ("items", "row_len", "want", "width", "max_lines", "max_height", "columns"):
            self.fbind(prop, self._relayout)
        self._shape: tuple = ()
        self._fold: tuple = ()
        # buttons of a longer question, kept for the next one (see Spares)
        self._spare = Spares()

    def _candidates(self, n: int) -> list[tuple[int, bool]]:
        """(columns, turned) to try, most columns first."""
        if self.columns:  # the labels are drawn smaller rather than the grid fold
            return [(min(int(self.columns), n), False)]
        row = int(self.row_len) or n
        if 0 < row < n and n % row == 0:
            return [(row, False), (n // row, True)]
        out: list[tuple[int, bool]] = []
        for rows in range(1, n + 1):
            cols = math.ceil(n / rows)
            if (cols, False) not in out:
                out.append((cols, False))
        return out

    def _layout_items(self, *_args: Any) -> None:
        if laid_out_later(self):
            self._relayout()  # its labels fitted to its own width once that is laid out
            return
        app = App.get_running_app()
        items = list(self.items)
        n = len(items)
        if not n or self.width <= 1:
            # kept for the next question (a question with no answers, such as the
            # exchange's grid while carte blanche is asked: clearing them made a
            # new grid every deal)
            show(self, 0, self.viewclass, self._spare)
            self.height = 0
            return
        spacing = self.spacing[0] if isinstance(self.spacing, (list, tuple)) else self.spacing
        labels = tuple(i["label"] for i in items)
        shape = (
            labels,
            round(self.width),
            round(self.want, 2),
            self.row_len,
            round(self.max_height),
            self.max_lines,
            round(app.tgt, 2),
            self.columns,
        )
        if shape != self._shape:
            self._shape = shape
            self._fold = self._fit(labels, n, spacing, app)
        cols, turned, font, height = self._fold
        order = items
        if turned:  # a matrix read by columns: five rows of quatorze and trio
            row = int(self.row_len)
            order = [items[r * row + c] for c in range(row) for r in range(n // row)]
        show(self, n, self.viewclass, self._spare)
        self.cols = cols
        for widget, item in zip(reversed(self.children), order, strict=True):
            widget.key = item["key"]
            widget.text = item["label"]
            widget.disabled = not item.get("enabled", True)
            widget.on = bool(item.get("on"))
            widget.want = font
            widget.size_hint_y = None
            widget.height = height
        rows = math.ceil(n / cols)
        self.height = rows * height + (rows - 1) * spacing

    def _fit(
        self, labels: tuple[str, ...], n: int, spacing: float, app: Any
    ) -> tuple[int, bool, float, float]:
        """(columns, turned, font size, button height) for these labels."""
        pad = 6 * app.u
        font = self.want
        while True:
            cols, turned, lines, fits = self._choose(labels, n, spacing, pad, font, app.tgt)
            if self.columns:  # a label drawn smaller keeps the rows' height
                lines = min(lines, int(self.max_lines))
            height = max(app.tgt, lines * LINE * (self.want if self.columns else font) + 2 * pad)
            rows = math.ceil(n / cols)
            total = rows * height + (rows - 1) * spacing
            roomy = not self.max_height or total <= self.max_height
            # smaller text cannot make rows lower than a finger's width
            at_least = lines * LINE * font + 2 * pad <= app.tgt
            if (fits and (roomy or at_least)) or font <= self.want * 0.8:
                return cols, turned, font, height
            font *= 0.92

    def _choose(
        self,
        labels: tuple[str, ...],
        n: int,
        spacing: float,
        pad: float,
        font: float,
        target: float,
    ) -> tuple[int, bool, int, bool]:
        """The most columns whose width holds every label (no word broken, at
        most `max_lines` lines); else the fewest columns, not fitting."""
        fallback = (1, False, 1, False)
        for cols, turned in self._candidates(n):
            width = (self.width - (cols - 1) * spacing) / cols - 2 * pad
            if width < target - 2 * pad:
                continue
            measured = [measure_lines(label, font, width) for label in labels]
            lines = max(m[0] for m in measured)
            if all(m[1] <= width for m in measured) and lines <= self.max_lines:
                return cols, turned, lines, True
            fallback = (cols, turned, lines, False)
        return fallback


class Rows(GridLayout):
    """A short list of rows (a deal's score lines) of `viewclass`, one per
    item of `data`, each as tall as its own text: a plain list, rebuilt only
    when `data` changes (a RecycleView needs one height for all)."""

    data = ListProperty([])
    viewclass = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.cols = 1
        self.size_hint_y = None
        self.fbind("minimum_height", self.setter("height"))
        self._rebuild = Clock.create_trigger(self._build, -1)
        self.fbind("data", self._rebuild)
        self.fbind("viewclass", self._rebuild)
        self._spares = Spares()  # rows of a longer list, shown again (see Spares)

    def _build(self, *_args: Any) -> None:
        show(self, len(self.data), self.viewclass, self._spares)
        for widget, item in zip(reversed(self.children), list(self.data), strict=True):
            for key, value in item.items():
                setattr(widget, key, value)


if TYPE_CHECKING:  # Hideable is mixed into a Kivy widget (untyped)
    from kivy.uix.widget import Widget as _WidgetLike
else:
    _WidgetLike = object


class Hideable(_WidgetLike):
    """A container that, hidden (`shown` False), takes no touch at all: a
    disabled widget under a finger swallows the tap, and a hidden part of a
    screen keeps its children's sizes, so without this it would steal taps
    from the buttons drawn there. The .kv also makes it invisible."""

    shown = BooleanProperty(True)

    def on_touch_down(self, touch: Any) -> bool:
        return bool(self.shown and super().on_touch_down(touch))

    def on_touch_move(self, touch: Any) -> bool:
        return bool(self.shown and super().on_touch_move(touch))

    def on_touch_up(self, touch: Any) -> bool:
        return bool(self.shown and super().on_touch_up(touch))


class ShowBox(Hideable, BoxLayout):
    """A box shown or hidden in its place (`shown`). Hidden, it is not drawn
    at all: Kivy draws a widget at opacity 0 all the same, each of its texts
    and frames a draw call (the question's 44 widgets during the play), so
    its canvas leaves its parent's, and goes back in its place, before the
    frame, once it is shown again. Its size and its children stay as they
    are: nothing around it moves."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._place = Clock.create_trigger(self._place_canvas, -1)
        self.fbind("shown", self._place)
        self.fbind("parent", self._place)
        self._place()

    def _place_canvas(self, *_args: Any) -> None:
        parent = self.parent
        if parent is None or parent is self:
            return
        host = parent.canvas
        drawn = host.indexof(self.canvas) != -1
        if drawn == self.shown:
            return
        if not self.shown:
            host.remove(self.canvas)
            return
        # back where Widget.add_widget put it: just after the canvas of the
        # nearest sibling drawn before it (later in `children`), else first
        siblings = parent.children
        for below in siblings[siblings.index(self) + 1 :]:
            at = host.indexof(below.canvas)
            if at != -1:
                host.insert(at + 1, self.canvas)
                return
        host.insert(1 if host.has_before else 0, self.canvas)


class SideTurnable(Turnable):
    """A Turnable that, hidden, takes no touch (as `Hideable`, which it does
    not also inherit: one base of the kiosk's own a class)."""

    shown = BooleanProperty(True)

    def on_touch_down(self, touch: Any) -> bool:
        return bool(self.shown and super().on_touch_down(touch))

    def on_touch_move(self, touch: Any) -> bool:
        return bool(self.shown and super().on_touch_move(touch))

    def on_touch_up(self, touch: Any) -> bool:
        return bool(self.shown and super().on_touch_up(touch))
