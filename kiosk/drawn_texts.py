"""The textures of texts drawn lately, to show again without drawing them.

A trick's tap changes three or four short texts ("5 tricks · leads",
"Trick 7 / 6 tricks played") whose every value comes back deal after deal;
drawing one (laying it out, SDL_ttf's glyphs, a new texture filled by the
graphics driver) is most of what the frame after the tap does for its texts.
A label that opts in (`Fit.keep_drawn`) finds the texture of a text it, or a
label like it, drew with the same options, and shows it as it is.

A kept texture is never drawn into again: `Fit.texture_update` draws every
new text into a new texture, so labels may share one. It is filled before it
is kept (Kivy fills a label's texture when it is first bound, from whatever
its core label holds then). At most `budget` bytes of textures (width x
height x 4) are kept, the least lately shown given up first; all of them
when the graphics context is made anew (its textures are then empty).
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from kivy.graphics.context import get_context

Drawn = tuple[Any, list[int], bool]  # the texture, its size, whether the text was shortened
# enough, at 800x480, for both halves' tricks and the trick's line through a deal
BUDGET_BYTES = 1536 * 1024


class DrawnTexts:
    def __init__(self, budget: int = BUDGET_BYTES) -> None:
        self.budget = budget
        self.used = 0
        self._drawn: OrderedDict[tuple[Any, ...], Drawn] = OrderedDict()
        get_context().add_reload_observer(lambda *_args: self.forget(), before=True)

    @staticmethod
    def key(label: Any) -> tuple[Any, ...] | None:
        """What decides how `label`'s text is drawn: its text, its box and its
        core label's options; None for a text not kept (not asked for, empty,
        markup: its references live in the core label)."""
        core = label._label
        if not label.keep_drawn or label.markup or not core.text:
            return None
        # (a Label's options are made in one order: no need to sort them; the
        # "text" among them is the one it was made with, never read again)
        options = tuple(
            (name, tuple(value) if isinstance(value, list) else value)
            for name, value in core.options.items()
            if name != "text"
        )
        usersize = core.usersize
        key = (core.text, tuple(usersize) if usersize else None, options)
        try:
            hash(key)
        except TypeError:
            return None  # an option in a form that cannot be part of a key
        return key

    def get(self, key: tuple[Any, ...] | None) -> Drawn | None:
        if key is None:
            return None
        drawn = self._drawn.get(key)
        if drawn is not None:
            self._drawn.move_to_end(key)
        return drawn

    def keep(self, label: Any, key: tuple[Any, ...] | None) -> None:
        """Keep the texture `label` shows now, drawn as `key` says (its `key`
        when that texture was drawn)."""
        texture = label.texture
        if key is None or texture is None or key in self._drawn:
            return
        size = texture.width * texture.height * 4
        if size > self.budget // 8:
            return  # a text this big would push out most of the others
        self._drawn[key] = (texture, list(label.texture_size), bool(label.is_shortened))
        texture.bind()  # filled now, from this text
        self.used += size
        while self.used > self.budget:
            _, (old, _, _) = self._drawn.popitem(last=False)
            self.used -= old.width * old.height * 4

    def forget(self) -> None:
        self._drawn.clear()
        self.used = 0


DRAWN = DrawnTexts()
