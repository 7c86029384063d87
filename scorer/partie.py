"""The partie: deals in turn, running totals, when it is decided, and the
settlement (Laws 71-73; the four-deal note; Piquet au Cent).

Players are a sequence, not a hard-coded pair, so later forms for three or
four players can add their own deal and settlement rules beside these.
"""

from __future__ import annotations

from scorer.errors import RecordError
from scorer.frozen import frozen
from scorer.reckoning import CARDS, DealReckoning, Event, reckon
from scorer.record import ROLES, Partie, read_partie
from scorer.variants import plays_to_target

RUBICON = 100
AU_CENT_TARGET = 100
AU_CENT_DOUBLE_UNDER = 50
REGULAR_DEALS = {"rubicon": 6, "four-deal": 4}
EXTRA_DEALS = 2  # on a tie, each deals once more (Law 71)


@frozen
class Result:
    """How a decided partie settles: the winner, and by how much."""

    winner: str | None
    draw: bool
    points: int
    rubicon: bool
    double: bool | None = None  # au Cent only
    # The arithmetic, for explaining it: ("difference"|"sum"|"au-cent", winner's, loser's)
    basis: str = ""
    winner_total: int = 0
    loser_total: int = 0


@frozen
class ScoredDeal:
    """One deal of a partie scored, with the names of its elder and younger."""

    number: int
    elder: str
    younger: str
    multiplier: int
    reckoning: DealReckoning

    def scores(self) -> dict[str, int]:
        """What the deal adds to each player's total, doubling applied."""
        names = {"elder": self.elder, "younger": self.younger}
        return {names[r]: self.reckoning.points[r] * self.multiplier for r in ROLES}


@frozen
class ScoredPartie:
    """A whole partie scored: its deals, running totals and result."""

    partie: Partie
    deals: tuple[ScoredDeal, ...]
    totals: dict[str, int]
    result: Result | None

    @property
    def finished(self) -> bool:
        return self.result is not None


def multiplier(game: str, number: int) -> int:
    """Four-deal partie: the first and last deals count double; extra deals single."""
    if game == "four-deal" and number in (1, REGULAR_DEALS["four-deal"]):
        return 2
    return 1


def throw_in_allowed(game: str, number: int) -> bool:
    """Only in the last deal of a rubicon or four-deal partie, or a tie-break deal."""
    return game in REGULAR_DEALS and number >= REGULAR_DEALS[game]


def score_partie(record: object) -> ScoredPartie:
    """Check and score a whole record; raises RecordError listing every problem."""
    return score_partie_from(record)


def score_partie_from(
    record: object,
    first: int = 0,
    totals: dict[str, int] | None = None,
    last_complete: bool = True,
) -> ScoredPartie:
    """Check and score the record's deals from index `first` on; raises RecordError.

    The deals before `first` are taken as checked and scored already: `totals` is
    what they add up to and `last_complete` whether the last of them is complete,
    and none of them decided the partie. The answer's `deals` are those from
    `first` on, its `totals` and `result` the whole partie's. With `first` 0 this
    is `score_partie`: the same checks, the same problems, the same numbers.
    """
    partie, problems = read_partie(record, first)
    if partie is None:
        raise RecordError(problems)
    totals = dict.fromkeys(partie.players, 0) if totals is None else dict(totals)
    scored: list[ScoredDeal] = []
    result: Result | None = None
    au_cent_low_water: dict[str, int] = {}
    previous = (first, last_complete) if first else None  # the deal before: number, complete
    for deal in partie.deals:
        place = f"deal {deal.number}"
        if result is not None:
            problems.append(
                f"{place}: the partie was already decided after deal {scored[-1].number}"
            )
            break
        if previous is not None and not previous[1]:
            problems.append(f"deal {previous[0]}: incomplete, but only the last deal may be")
            break
        if deal.throw_in is not None and not throw_in_allowed(partie.game, deal.number):
            problems.append(
                f"{place}: a hand may be thrown in only in the last deal "
                "of a rubicon or four-deal partie"
            )
            break
        names = {"elder": partie.elder(deal.number), "younger": partie.dealer(deal.number)}
        need = None
        if plays_to_target(partie.game) and partie.variants.stop_at_target:
            need = {r: max(AU_CENT_TARGET - totals[names[r]], 0) for r in ROLES}
        reckoning = reckon(deal, partie.variants, names, need)
        stop = reckoning.stopped_at
        if stop is not None and len(deal.tricks) > _tricks_before(stop, len(deal.tricks)):
            problems.append(
                f"{place}: 100 was reached before trick "
                f"{_tricks_before(stop, len(deal.tricks)) + 1} and play stops there "
                "(stop_at_target)"
            )
            break
        entry = ScoredDeal(
            deal.number,
            names["elder"],
            names["younger"],
            multiplier(partie.game, deal.number),
            reckoning,
        )
        scored.append(entry)
        previous = (deal.number, reckoning.complete)
        for name, points in entry.scores().items():
            totals[name] += points
        if reckoning.complete:
            result = _decided(partie.game, deal.number, totals, au_cent_low_water)
    if problems:
        raise RecordError(problems)
    return ScoredPartie(partie, tuple(scored), totals, result)


def _tricks_before(stop: Event, played: int) -> int:
    """The tricks a deal may hold that stopped at the target on `stop`: those up
    to its trick in the play; none in the hand; all `played` once the play is
    over (the cards, or a capot, reckoned after the last trick)."""
    if stop.trick is not None:
        return stop.trick
    return played if stop.reckons_in == CARDS else 0


def _decided(
    game: str, number: int, totals: dict[str, int], low_water: dict[str, int]
) -> Result | None:
    """The result once a deal is complete, or None while the partie goes on."""
    (first, a), (second, b) = totals.items()
    if plays_to_target(game):
        if max(a, b) < AU_CENT_TARGET or a == b:
            return None
        winner, loser = (first, second) if a > b else (second, first)
        difference = totals[winner] - totals[loser]
        double = totals[loser] < AU_CENT_DOUBLE_UNDER
        return Result(
            winner,
            False,
            difference * (2 if double else 1),
            False,
            double,
            "au-cent",
            totals[winner],
            totals[loser],
        )
    regular = REGULAR_DEALS[game]
    if number < regular:
        return None
    if a == b:
        if number >= regular + EXTRA_DEALS:
            return Result(None, True, 0, False, basis="draw", winner_total=a, loser_total=b)
        return None
    if regular < number < regular + EXTRA_DEALS:
        return None  # the tie-break is two deals, one each
    winner, loser = (first, second) if a > b else (second, first)
    return settlement(totals[winner], totals[loser], winner)


def settlement(winner_total: int, loser_total: int, winner: str) -> Result:
    """Laws 72-73: the difference + 100, or the sum + 100 if the loser is under 100."""
    if loser_total >= RUBICON:
        return Result(
            winner,
            False,
            winner_total - loser_total + RUBICON,
            False,
            basis="difference",
            winner_total=winner_total,
            loser_total=loser_total,
        )
    return Result(
        winner,
        False,
        winner_total + loser_total + RUBICON,
        True,
        basis="sum",
        winner_total=winner_total,
        loser_total=loser_total,
    )
