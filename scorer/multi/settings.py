"""The `settings` of a `piquet-record/2` record: the rule choices of each form
where the sources allow two readings (docs/rules-multi.md says why each
default was chosen).

An unknown key is an error, as for the two-handed `variants`: a misspelt
setting would silently change a score.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from scorer.errors import Said
from scorer.frozen import frozen
from scorer.quoting import quoted


@frozen
class Setting:
    default: Any
    choices: tuple[str, ...] = ()  # the allowed words; empty for a whole number
    low: int = 0
    high: int = 0
    about: str = ""
    needs_cards: tuple[str, ...] = ()  # the choices that need each trick's cards recorded

    def check(self, value: object) -> str | None:
        """None if `value` is allowed, else what is allowed."""
        if self.choices:
            return (
                None
                if value in self.choices
                else Said("one of {choices}", choices=", ".join(self.choices))
            )
        if (
            isinstance(value, int)
            and not isinstance(value, bool)
            and self.low <= value <= self.high
        ):
            return None
        return Said("a whole number from {low} to {high}", low=self.low, high=self.high)


# The two-player house rules of the play that make sense for three or four
# players (docs/rules-multi.md): the card-played count and last-trick ten
# do not (the first is a two-card trick's count, the second replaces the
# majority these forms score their own way).
TRICK_COUNT = Setting(
    "standard",
    ("standard", "american", "tens_and_above"),
    about="the play: 1 a lead, 1 for winning another party's lead, 1 the last trick "
    "(standard); 1 a lead and 1 a trick taken (american); only leads and winning "
    "cards of ten and above, 1 the last trick (tens_and_above, seed 004)",
    needs_cards=("tens_and_above",),
)
CAPOT = Setting(
    "scarne",
    ("scarne", "law66"),
    about="a capot scores 40 and nothing extra for the majority or the last trick "
    "(scarne, seed 004), or 40 instead of the 10 with the last trick's point (law66)",
)

NEED_CARDS = TRICK_COUNT.needs_cards
CAPOT_WHY = {"scarne": "m.capot.scarne", "law66": "m.capot"}

SETTINGS: dict[str, dict[str, Setting]] = {
    "normand": {
        "pique_opponents": Setting(
            "neither",
            ("neither", "not_both"),
            about="pique needs 20 before neither opponent has scored (neither), "
            "or before the two have both scored (not_both)",
        ),
        "shared_capot": Setting(
            "instead",
            ("instead", "besides"),
            about="the 20 each of two players who take all the tricks replaces the "
            "10 or 5 for the most tricks (instead) or is added to it (besides)",
        ),
        "settlement": Setting(
            "difference",
            ("difference", "pot"),
            about="each lower score pays the winner the difference, or the winner "
            "takes a pot of equal antes",
        ),
        "pot_antes": Setting(
            "each_deal",
            ("each_deal", "once"),
            about="with the pot: every player antes 1 before each deal, or once a game",
        ),
        "target": Setting(100, low=10, high=1000, about="the total that wins"),
        "trick_count": TRICK_COUNT,
        "capot": CAPOT,
    },
    "voleur": {
        "partners_point": Setting(
            "both",
            ("both", "one"),
            about="both partners of the good point score their points (both), or only "
            "the partner holding it (one)",
        ),
        "trick_count": TRICK_COUNT,
        "capot": CAPOT,
    },
    "ecrire": {
        "rounds": Setting(1, low=1, high=50, about="rounds played before the game ends"),
    },
    "chouette": {},
}


def defaults(form: str) -> dict[str, Any]:
    return {key: s.default for key, s in SETTINGS[form].items()}


def parse_settings(form: str, raw: object, problem: Callable[[str], None]) -> Mapping[str, Any]:
    """The form's settings with defaults filled in; a problem for each bad key."""
    values = defaults(form)
    if raw is None:
        return values
    if not isinstance(raw, dict):
        problem(Said("settings must be an object"))
        return values
    known = SETTINGS[form]
    for key, value in raw.items():
        if key not in known:
            listed = ", ".join(known) or "none"
            problem(
                Said(
                    "unknown setting {key} for {form} (settings: {listed})",
                    key=quoted(key),
                    form=form,
                    listed=listed,
                )
            )
            continue
        allowed = known[key].check(value)
        if allowed is not None:
            problem(
                Said(
                    "settings.{key} must be {allowed}, not {given}",
                    key=key,
                    allowed=allowed,
                    given=quoted(value),
                )
            )
            continue
        values[key] = value
    return values
