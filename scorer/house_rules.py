"""The house rules a table may choose for two-handed Piquet, each with its name
and what it means, in RULES.md's words (its table of variants).

The one list of them: the kiosk's rules page shows these, in this order, and
a new house rule is one entry here beside its switch in `scorer.variants`
(a test checks that every switch has its entry). The words are English
message ids of the one vocabulary (`vocabulary`), translated where shown.
"""

from __future__ import annotations

from scorer.frozen import frozen
from scorer.variants import BOOLEAN_KEYS, TRICK_COUNTS


@frozen
class HouseRule:
    """A switch of `variants`: its key, its name and what it means."""

    key: str
    name: str
    meaning: str


SWITCHES = (
    HouseRule(
        "younger_may_exchange_none",
        "Younger may exchange none",
        "Younger may take no card from the talon (0 up to what is left).",
    ),
    HouseRule(
        "void_suit_point",
        "Void-suit point",
        "A void suit counts as a point worth 50 (scores 5) and as a sequence "
        "between an A-high and a K-high quint (scores 10).",
    ),
    HouseRule("sets_without_tens", "Sets of A K Q J only", "Tens make no trio or quatorze."),
    HouseRule(
        "point_ending_in_four",
        "Point ending in four",
        "A point whose value ends in four (34, 44, 54, 64) scores one "
        "less than its number of cards.",
    ),
    HouseRule(
        "stop_at_target",
        "Stop at 100",
        "Play stops at the moment a player reaches 100 (otherwise the deal is played out).",
    ),
    HouseRule(
        "capot_without_last_trick",
        "Capot without the last trick",
        "A capot scores 40 and nothing more for the last trick (Scarne); "
        "by Law 66 the last trick's point still counts.",
    ),
)

CARTE_ROUGE = HouseRule(
    "carte_rouge",
    "Carte rouge",
    "Carte rouge: a hand whose every card is in a scoring combination scores "
    "a bonus (tap: 10, 20, 40, 50 or off).",
)
CARTE_ROUGE_VALUES = (None, 10, 20, 40, 50)  # what a tap on carte rouge steps through

# the trick counts (`variants.trick_count`), each with its name and meaning
TRICK_COUNT_NAMES = {
    "standard": "standard",
    "american": "American",
    "tens_and_above": "tens and above",
    "card_played": "each card played",
    "last_trick_ten": "last trick ten",
}
TRICK_COUNT_MEANINGS = {
    "standard": "Tricks, standard: 1 for each lead, 1 for winning the opponent's lead, "
    "1 more for the last trick; 10 for most tricks.",
    "american": "American: 1 for each lead and 1 for each trick taken, whoever led; "
    "no extra point for the last trick.",
    "tens_and_above": "Tens and above: a lead or a winning card under 10 scores nothing.",
    "card_played": "Each card played: each card played scores 1 for its player, each trick "
    "won 1 more, the last trick 1 more.",
    "last_trick_ten": "Last trick ten: a flat 1 per trick; the bonus of 10 goes to the last "
    "trick, not to the majority.",
}

__all__ = [
    "BOOLEAN_KEYS",
    "CARTE_ROUGE",
    "CARTE_ROUGE_VALUES",
    "SWITCHES",
    "TRICK_COUNTS",
    "TRICK_COUNT_MEANINGS",
    "TRICK_COUNT_NAMES",
    "HouseRule",
]
