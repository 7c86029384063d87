"""The one object the `.kv` files and the tests call: `app.p`.

`Presenter(journal, ...)` builds the `Session` (the journal, the translator,
the printer, the side file, the listeners, the current screen, act/undo/redo;
`kiosk/session.py`) and the screens' presenters, each given the session and
reaching the others only through it. A `.kv` handler makes one call,
`app.p.trick_won(0)`: the presenter hands the name to the one part that has it
(the session or one screen's presenter). Two parts offering the same name is a
mistake found when the kiosk starts (`SameName`), not a silent override as
with base classes, whose order decided which one ran.

Code inside `kiosk/` does not go through here: it holds the session and asks
the part it means (`session.play.trick_won`), so that the type checker sees
every call.
"""

from __future__ import annotations

from typing import Any

from kiosk.screens import (  # noqa: F401  (the screens' names, for the tests)
    CORRECT,
    DEAL,
    DEAL_LINES,
    END_OF_DEAL,
    HISTORY,
    HOME,
    LEARN,
    NEW_NAMES,
    NEW_RULES,
    NEW_START,
    QUICK,
    SETTINGS,
    SHEET,
)
from kiosk.screens.new_partie import (  # noqa: F401  (the new partie's choices, for the tests)
    CARTE_ROUGE_VALUES,
    GAME_LABELS,
    TRICK_COUNT_LABELS,
    TRICK_COUNTS,
    VARIANT_LABELS,
)
from kiosk.session import KioskState, Session  # noqa: F401  (KioskState: for the tests)


class SameName(Exception):
    """Two parts of the kiosk offer the same name to the `.kv` files."""


_class_names: dict[type, frozenset[str]] = {}  # read once a class (dir() is slow)


def _names(part: object) -> frozenset[str]:
    cls = type(part)
    names = _class_names.get(cls)
    if names is None:
        names = _class_names[cls] = frozenset(n for n in dir(cls) if not n.startswith("__"))
    return names | frozenset(vars(part))


class Presenter:
    """The session and the screens' presenters, seen as one by the `.kv` files."""

    session: Session

    def __init__(self, journal: Any, **options: Any) -> None:
        session = Session(journal, **options)
        owner: dict[str, object] = {}
        for part in session.parts():
            for name in _names(part):
                other = owner.setdefault(name, part)
                if other is not part and name not in _SHARED:
                    raise SameName(
                        f"{type(part).__name__} and {type(other).__name__} both offer {name!r}"
                    )
        object.__setattr__(self, "session", session)
        object.__setattr__(self, "_owner", owner)

    def _part(self, name: str) -> object:
        part = self._owner.get(name)
        if part is None:  # an attribute a part set after the start
            for candidate in self.session.parts():
                if name in vars(candidate):
                    self._owner[name] = part = candidate
                    break
            else:
                part = self._part_for_more_players(name)
        return part

    def _part_for_more_players(self, name: str) -> object:
        """The presenters for three to seven players are made when first needed
        (`session.multi.make_all()`): a name none of the others has is theirs,
        or nobody's."""
        for made in self.session.multi.make_all():
            for offered in _names(made):
                other = self._owner.setdefault(offered, made)
                if other is not made and offered not in _SHARED:
                    raise SameName(
                        f"{type(made).__name__} and {type(other).__name__} both offer {offered!r}"
                    )
        part = self._owner.get(name)
        if part is None:
            raise AttributeError(f"no part of the kiosk has {name!r}")
        return part

    def __getattr__(self, name: str) -> Any:
        return getattr(self._part(name), name)

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self._part(name), name, value)


_SHARED = frozenset({"s", "session"})  # every screen's presenter holds the session as `s`
