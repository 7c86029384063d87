"""The kiosk's screens: each one a name, a `.kv` file of that name in this
folder whose rule `<NameScreen>` draws it, and a view (a presenter's method
returning the plain values the rule reads as `root.v`).

A presenter adds the views of its screens to the session's `Screens` when it
is made (`screens.add(DEAL, self.view)`); `Session.view()` asks the registry
for the current screen's, and a screen nobody added is an error, not an empty
page. When the app starts, `check_rules` finds each added screen's rule in its
`.kv` file (`kiosk.app`): a screen whose rule is missing or misnamed stops the
kiosk at start with its name, instead of showing an empty screen the day
someone opens it.

The names of the two-player, teaching and club screens are here; those of three
to seven players are in `kiosk.multi` (`kiosk.multi.SCREENS`). The package
also holds the `.kv` files (installed as package data).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

HOME = "home"
# a new partie of two players, its three pages
NEW_NAMES, NEW_RULES, NEW_START = "new_names", "new_rules", "new_start"
# the play of two players
DEAL, END_OF_DEAL, QUICK = "deal", "end_of_deal", "quick"
# the sheet and the history
SHEET, DEAL_LINES, HISTORY = "sheet", "deal_lines", "history"
SETTINGS = "settings"
# Learn: the rules guide's list and sections, the hand calculator and the drills
LEARN, GUIDE_SECTION, CALCULATOR, DRILLS, DRILL_PLAYER = (
    "learn",
    "guide_section",
    "calculator",
    "drills",
    "drill_player",
)
TEACHING = (GUIDE_SECTION, CALCULATOR, DRILLS, DRILL_PLAYER)
# the record of a club (issue 13): statistics and correcting a finished partie's deal
STATS, STATS_PLAYER, STATS_PAIR, CORRECT = "stats", "stats_player", "stats_pair", "correct"

SCREENS = (
    HOME,
    NEW_NAMES,
    NEW_RULES,
    NEW_START,
    DEAL,
    END_OF_DEAL,
    DEAL_LINES,
    QUICK,
    SHEET,
    HISTORY,
    SETTINGS,
    LEARN,
    *TEACHING,
    STATS,
    STATS_PLAYER,
    STATS_PAIR,
    CORRECT,
)

View = Callable[[], dict[str, Any]]


class MissingScreen(Exception):
    """A screen without its view, or without the `.kv` rule that draws it."""


class Screens:
    """The registry: each screen's name and the view that fills it."""

    def __init__(self) -> None:
        self._views: dict[str, View] = {}

    def add(self, name: str, view: View) -> None:
        if name in self._views:
            raise ValueError(f"the screen {name!r} has two views")
        self._views[name] = view

    def view(self, name: str) -> dict[str, Any]:
        make = self._views.get(name)
        if make is None:
            raise MissingScreen(f"no presenter shows the screen {name!r}")
        return make()

    def names(self) -> tuple[str, ...]:
        return tuple(self._views)

    def __contains__(self, name: object) -> bool:
        return name in self._views


def rule_name(name: str) -> str:
    """The class of a screen's `.kv` rule: `end_of_deal` -> `EndOfDealScreen`."""
    return "".join(part.title() for part in name.split("_")) + "Screen"


def check_rules(names: Iterable[str], rules: Mapping[str, str]) -> None:
    """Every screen's rule is in its own `.kv` file (`rules`: each rule's
    class -> the file that defines it), else `MissingScreen` with the name."""
    for name in names:
        where = rules.get(rule_name(name))
        if where != name:
            found = f"found in {where}.kv" if where else "not found"
            raise MissingScreen(
                f"the screen {name!r} needs the rule <{rule_name(name)}> in "
                f"kiosk/screens/{name}.kv ({found})"
            )
