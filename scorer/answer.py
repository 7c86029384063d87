"""One answer on a screen's fixed grid, shared by every form's `progress`."""

from __future__ import annotations

from typing import Any

from scorer.frozen import frozen


@frozen
class Answer:
    """One answer: `key` is its fixed place; `params` what its label says
    ({"cards": 5}, {"value": 45}, {"length": 4}, {"top": "A"}, {"count": 4,
    "rank": "A"}, {"word": "good"}...); `action` the journal action of a tap,
    {"pending": ...} for the first tap of two, None: it cannot be true now;
    `on`: a claim already made (shown pressed)."""

    key: str
    params: dict[str, Any]
    action: dict[str, Any] | None = None
    on: bool = False

    @property
    def enabled(self) -> bool:
        return self.action is not None

    def disabled(self) -> Answer:
        return Answer(self.key, self.params, None, self.on)
