"""The numbers the rules guide quotes, every one taken from the engine.

The guide's texts hold no number of their own: they name a fact
(`{repique}`, `{quint}`, `{rubicon}`) and this module supplies it, from the
engine's constants (`scorer.reckoning.REPIQUE`, `scorer.partie.RUBICON`...),
from its combination values (`Sequence(5, "A").scores()`), or, where the
engine keeps a figure inside its reckoning (the 10 for a carte blanche, the
point for a lead), by scoring a tiny record and reading the line it gives.
So a change to the engine changes the guide, and the two cannot disagree.

`facts(lang)` adds the few facts that are lists in words ("24, 34, 44, 54
or 64"; "A K Q J 10 9 8 7" in French letters).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from scorer.cards import PIP_VALUE, RANKS, SUITS, full_pack
from scorer.combinations import POINT_VALUES, VOID, Point, Sequence, Set
from scorer.errors import RecordError
from scorer.guide.words import word
from scorer.hand import HAND_SIZE, holding_of, parse_hand, sequences_in, sets_in
from scorer.partie import (
    AU_CENT_DOUBLE_UNDER,
    AU_CENT_TARGET,
    EXTRA_DEALS,
    REGULAR_DEALS,
    RUBICON,
    multiplier,
)
from scorer.reckoning import (
    BONUS_AT,
    CAPOT,
    CARDS,
    CARTE_BLANCHE,
    PIQUE,
    PLAY,
    POINT,
    REPIQUE,
    SEQUENCES,
    SETS,
)
from scorer.record import MAX_DEAL_SCORE, TRICKS_PER_DEAL
from scorer.score import score_record

# Law 67's classes as the law numbers them.
ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI"}
ORDER = (CARTE_BLANCHE, POINT, SEQUENCES, SETS, PLAY, CARDS)


def _record(*deals: dict[str, Any], game: str = "rubicon", **variants: Any) -> dict[str, Any]:
    return {
        "format": "piquet-record/1",
        "game": game,
        "variants": variants,
        "players": ["E", "Y"],
        "first_dealer": "Y",
        "deals": list(deals),
    }


def _points(record: dict[str, Any], category: str, player: str | None = None) -> int:
    """What the last deal of `record` scores in `category` (for `player`, or anyone)."""
    deal = score_record(record)["deals"][-1]
    return sum(
        line["points"]
        for line in deal["lines"]
        if line["category"] == category and player in (None, line["player"])
    )


def _valid(record: dict[str, Any]) -> bool:
    try:
        score_record(record)
    except RecordError:
        return False
    return True


def _exchange_limits(**variants: Any) -> tuple[int, int, int]:
    """Elder's fewest and most cards, and Younger's fewest, as the engine accepts them."""
    elder = [n for n in range(0, 9) if _valid(_record({"exchange": {"elder": n}}, **variants))]
    younger = [
        n
        for n in range(0, 9)
        if _valid(_record({"exchange": {"elder": max(elder), "younger": n}}, **variants))
    ]
    return min(elder), max(elder), min(younger)


def _run(length: int) -> list[str]:
    return [f"{RANKS[-1 - i]}S" for i in range(length)]


def _shortest_sequence() -> int:
    return next(n for n in range(1, 9) if sequences_in(parse_hand(_run(n), size=None)))


def _set_sizes() -> tuple[int, int]:
    sizes = [n for n in range(1, 5) if sets_in(parse_hand([f"A{s}" for s in SUITS[:n]], size=None))]
    return min(sizes), max(sizes)


def _void_point() -> Point:
    """The point a void suit counts as (the void_suit_point house rule): read
    from a hand of four cards in each of three suits and none in the fourth."""
    cards = [c for c in full_pack() if c.suit != SUITS[0] and c.height < 4]
    point = holding_of(cards, void_suit_point=True).point
    assert point is not None
    return point


@cache
def numbers() -> dict[str, int]:
    """Every number the guide quotes, by name."""
    pack = len(full_pack())
    elder_min, elder_max, younger_min = _exchange_limits()
    _, _, younger_none_min = _exchange_limits(younger_may_exchange_none=True)
    trio_count, quatorze_count = _set_sizes()
    seq_min = _shortest_sequence()
    quint = Sequence(5, "A")
    point = Point(5)
    tricks = TRICKS_PER_DEAL
    all_tricks = "E" * tricks
    majority = "E" * (tricks // 2 + 1) + "Y" * (tricks - tricks // 2 - 1)
    leads = _points(_record({"tricks": "E"}), "play", "E")
    play_all = _points(_record({"tricks": all_tricks}), "play", "E")
    last_deal = {"throw_in": "younger"}
    before_last = [{"entered": {"elder": 0, "younger": 0}}] * (REGULAR_DEALS["rubicon"] - 1)
    void = _void_point()
    ending_in_four = Point(5, 44)
    out = {
        "pack": pack,
        "suits": len(SUITS),
        "hand": HAND_SIZE,
        "talon": pack - 2 * HAND_SIZE,
        "elder_min": elder_min,
        "elder_max": elder_max,
        "younger_min": younger_min,
        "younger_none_min": younger_none_min,
        "younger_usual": pack - 2 * HAND_SIZE - elder_max,
        "tricks": tricks,
        "half": tricks // 2,
        "majority": tricks // 2 + 1,
        "ace": PIP_VALUE["A"],
        "face": PIP_VALUE["K"],
        "per_card": point.scores() // point.cards,
        "point_min": _shortest_point(),
        "carte_blanche": _points(_record({"carte_blanche": ["elder"]}), "carte_blanche"),
        "seq_min": seq_min,
        "seq_max": len(RANKS),
        "quint_length": quint.length,
        "seq_bonus": quint.scores() - quint.length,
        "trio_count": trio_count,
        "quatorze_count": quatorze_count,
        "trio": Set(trio_count, "A").scores(),
        "quatorze": Set(quatorze_count, "A").scores(),
        "lead": leads,
        "win_lead": _points(_record({"tricks": "Y"}), "play", "Y"),
        "last": play_all - tricks * leads,
        "play_most": play_all,
        "cards": _points(_record({"tricks": majority}), "cards"),
        "capot": CAPOT,
        "throw_in_play": _points(_record(*before_last, last_deal), "play"),
        "throw_in_cards": _points(_record(*before_last, last_deal), "cards"),
        "bonus_at": BONUS_AT,
        "repique": REPIQUE,
        "pique": PIQUE,
        "rubicon": RUBICON,
        "rubicon_deals": REGULAR_DEALS["rubicon"],
        "extra_deals": EXTRA_DEALS,
        "four_deals": REGULAR_DEALS["four-deal"],
        "four_multiplier": multiplier("four-deal", 1),
        "au_cent_target": AU_CENT_TARGET,
        "au_cent_double_under": AU_CENT_DOUBLE_UNDER,
        "max_deal": MAX_DEAL_SCORE,
        "void_cards": void.cards,
        "void_value": void.value or 0,
        "void_sequence": Sequence(5, VOID).scores(),
        "ending_in_four_less": ending_in_four.cards - ending_in_four.scores(True),
        # the trick counts of the house rules, one trick at a time
        "american_lead": _points(_record({"tricks": "Y"}, trick_count="american"), "play", "E"),
        "american_taken": _points(_record({"tricks": "Y"}, trick_count="american"), "play", "Y"),
        "card_played": _points(_record({"tricks": "Y"}, trick_count="card_played"), "play", "E"),
        "card_won": _points(_record({"tricks": "Y"}, trick_count="card_played"), "play", "Y")
        - _points(_record({"tricks": "Y"}, trick_count="card_played"), "play", "E"),
        "flat": _points(_record({"tricks": "Y"}, trick_count="last_trick_ten"), "play", "Y"),
        "last_ten": _points(
            _record({"tricks": all_tricks[:-1] + "Y"}, trick_count="last_trick_ten"), "cards"
        ),
    }
    for length in range(seq_min, len(RANKS) + 1):
        out[f"seq_{length}"] = Sequence(length, "A").scores()
    for number in ORDER:
        out[f"class_{number}"] = number
    return out


def _ending_in_four_values() -> list[int]:
    """The point values the point_ending_in_four house rule scores one less."""
    return sorted(
        {
            value
            for cards, values in POINT_VALUES.items()
            if cards >= _shortest_point()
            for value in values
            if Point(cards, value).scores(True) < Point(cards, value).scores()
        }
    )


def _shortest_point() -> int:
    """The fewest cards a declared point may have, as the record accepts it."""
    return next(
        n for n in range(1, 9) if _valid(_record({"declared": {"elder": {"point": {"cards": n}}}}))
    )


def _listing(items: list[Any], lang: str) -> str:
    words = [str(i) for i in items]
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} {word(lang, 'or')} {words[-1]}"


@cache
def facts(lang: str = "en") -> dict[str, Any]:
    """`numbers()` and the lists in words, for the guide's texts in `lang`."""
    ranks = [word(lang, f"rank.{r}") if r in "AKQJ" else r for r in reversed(RANKS)]
    sep = word(lang, "ranks.separator")
    return {
        **numbers(),
        "ranks": sep.join(ranks),
        "ending_in_four_values": _listing(_ending_in_four_values(), lang),
    }
