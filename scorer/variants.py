"""House rules: the `variants` switches of a partie record.

Each key is fixed by spec/record.md; an unknown key is an error. The default
of every switch is the Cavendish (Portland and Turf Clubs) game of RULES.md.
"""

from __future__ import annotations

from scorer.frozen import field_names, frozen
from scorer.quoting import quoted

TYPE_CHECKING = False  # typing is not imported at run time (`piquet score` starts faster)
if TYPE_CHECKING:
    from typing import Any

TRICK_COUNTS = ("standard", "american", "tens_and_above", "card_played", "last_trick_ten")
GAMES = ("rubicon", "four-deal", "au-cent")
AU_CENT = "au-cent"


def plays_to_target(game: str) -> bool:
    """A partie played to a target (au Cent), not a number of deals; Younger may
    then exchange none (the au Cent laws). The one place a partie form is named."""
    return game == AU_CENT


@frozen
class Variants:
    """The house rules of a partie (the spec's `variants`), defaults when absent."""

    trick_count: str = "standard"
    younger_may_exchange_none: bool = False
    carte_rouge: int | None = None
    void_suit_point: bool = False
    sets_without_tens: bool = False
    point_ending_in_four: bool = False
    stop_at_target: bool = False
    # Seed 004 (Scarne): a capot scores 40 and nothing extra for the last trick
    # (the default, Law 66: 40 "instead of ten" for the cards, the last trick's 1 stands).
    capot_without_last_trick: bool = False

    def to_json(self) -> dict[str, Any]:
        defaults = Variants()
        return {
            key: getattr(self, key)
            for key in field_names(self)
            if getattr(self, key) != getattr(defaults, key)
        }


BOOLEAN_KEYS = (
    "younger_may_exchange_none",
    "void_suit_point",
    "sets_without_tens",
    "point_ending_in_four",
    "stop_at_target",
    "capot_without_last_trick",
)


def parse_variants(raw: object, problems: list[str]) -> Variants:
    """Read the `variants` object; append one line per problem to `problems`."""
    if raw is None:
        return Variants()
    if not isinstance(raw, dict):
        problems.append("record: variants must be an object")
        return Variants()
    values: dict[str, Any] = {}
    for key, value in raw.items():
        if key == "trick_count":
            if value not in TRICK_COUNTS:
                problems.append(
                    f"record: variants.trick_count {quoted(value)} is not one of "
                    + ", ".join(TRICK_COUNTS)
                )
                continue
        elif key == "carte_rouge":
            if value is not None and (
                isinstance(value, bool) or not isinstance(value, int) or value <= 0
            ):
                problems.append(
                    "record: variants.carte_rouge must be null or a positive integer, "
                    f"not {quoted(value)}"
                )
                continue
        elif key in BOOLEAN_KEYS:
            if not isinstance(value, bool):
                problems.append(
                    f"record: variants.{key} must be true or false, not {quoted(value)}"
                )
                continue
        else:
            problems.append(f"record: unknown variant {quoted(key)}")
            continue
        values[key] = value
    return Variants(**values)
