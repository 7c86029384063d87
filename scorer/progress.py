"""Where a partie stands: the deal in play, its phase, the question standing,
whose lead it is, and whether a throw-in may be offered.

The kiosk asks this after every action (and on resume) and shows the answer;
it holds no rule of its own. Pure: a record (and optionally its score) in,
plain values out.
"""

from __future__ import annotations

from typing import Any

from scorer.actions import entry_of
from scorer.combinations import SET_RANKS, SET_RANKS_WITHOUT_TENS
from scorer.dialogue import Ask, additions_beyond, choices, conversation_of, grid
from scorer.frozen import frozen
from scorer.partie import REGULAR_DEALS, RUBICON, throw_in_allowed
from scorer.record import ROLE_LETTER, TRICKS_PER_DEAL
from scorer.score import score_record
from scorer.variants import plays_to_target

# The most a hand can still add once its declarations are known: 13 for play,
# 40 for capot, 30 for a pique.
_MOST_LEFT_IN_PLAY = 13 + 40 + 30


@frozen
class Progress:
    deal: int  # the deal in play, from 1
    regular_deals: int | None  # 6 or 4; None for au Cent
    dealer: str
    elder: str
    younger: str
    ask: Ask  # the phase and the question standing now
    tricks: int  # tricks played in this deal
    won: dict[str, int]  # tricks won by role in this deal
    leader: str | None  # the role leading the next trick, in play
    may_throw_in: tuple[str, ...]  # roles that may throw in now and cannot save the rubicon
    # In the carte blanche step, the roles that may still claim one (not yet
    # claimed, and a claim the pack and the deal's known cards allow).
    may_claim: tuple[str, ...]
    totals: dict[str, int]
    finished: bool
    # The legal values of each word of the standing question ("not_good": [{"cards": 6},
    # ...]), and in the exchange the counts each hand not yet entered may take.
    choices: dict[str, list[dict[str, Any]]]
    exchange_counts: dict[str, tuple[int, ...]]
    # Every value each word of the standing question could carry, legal now or
    # not, in a fixed order: a screen keeps its answers in these places and
    # enables only the `choices`.
    grid: dict[str, list[dict[str, Any]]]
    # The good hand's additions higher than its call found good, legal only if
    # that call was good against the cards (Law 49): offered behind their own
    # choice, never among the plain "add" answers.
    additions_beyond: list[dict[str, Any]]
    # How the deal in play is entered: "totals" (quick mode: its totals only,
    # the standing question is then Ask("totals", "entered", ...)) or "dialogue".
    entry: str = "dialogue"
    # Nothing has been said in the deal in play yet: its entry may still change.
    at_start: bool = False

    @property
    def phase(self) -> str:
        return self.ask.phase

    @property
    def tie_break(self) -> bool:
        return self.regular_deals is not None and self.deal > self.regular_deals

    def role_of(self, name: str) -> str:
        return "elder" if name == self.elder else "younger"


def complete_deals(score: dict[str, Any]) -> int:
    """How many of a partie's deals are complete (12 tricks played, or its
    totals entered), from its score."""
    return sum(1 for deal in score.get("deals") or [] if deal.get("complete"))


def between_deals(deal: int, complete: int | None, finished: bool = False) -> bool:
    """A partie stands between two deals: its last deal (`deal`, from 1) is
    over and the next not begun, when `complete` of its deals are complete
    (None: not known). History says so ("in progress, deal 1 finished"), in
    the kiosk and in `piquet history` alike, rather than name a deal in play
    that is over; a finished partie says its result instead."""
    return not finished and deal >= 1 and complete is not None and complete >= deal


def _tricks(deal: dict[str, Any]) -> list[str]:
    raw = deal.get("tricks", "")
    if isinstance(raw, str):
        return [ROLE_LETTER[c] for c in raw]
    return [ROLE_LETTER[t["winner"]] for t in raw]


def progress(record: dict[str, Any], score: dict[str, Any] | None = None) -> Progress:
    """Where the partie of `record` stands. Raises RecordError on a bad record."""
    if score is None:
        score = score_record(record)
    deals = record.get("deals") or [{}]
    number = len(deals)
    deal = deals[-1]
    game = record.get("game", "rubicon")
    players = record["players"]
    first = players.index(record["first_dealer"])
    dealer = players[(first + number - 1) % 2]
    elder = players[(first + number) % 2]
    winners = _tricks(deal)
    won = {"elder": winners.count("elder"), "younger": winners.count("younger")}
    scored = score["deals"][-1] if score["deals"] else None
    complete = bool(scored and scored["number"] == number and scored["complete"])
    if score["finished"]:
        ask = Ask("partie_over", "finished", None, ())
    elif complete:
        ask = Ask("deal_over", "next_deal", None, ())
    elif entry_of(deal) == "totals":
        ask = Ask("totals", "entered", None, ())
    elif winners or deal.get("throw_in"):
        ask = Ask("play", "trick", None, ())
    else:
        ask = conversation_of(deal).ask()
    leader = None
    if ask.phase == "play":
        leader = winners[-1] if winners else "elder"
    may_throw_in: tuple[str, ...] = ()
    if (
        ask.phase != "deal_over"
        and ask.phase != "partie_over"
        and not winners
        and (throw_in_allowed(game, number))
    ):
        totals = score["totals"]
        names = {"elder": elder, "younger": dealer}
        may_throw_in = tuple(
            role
            for role in ("elder", "younger")
            if totals[names[role]] + _MOST_LEFT_IN_PLAY < RUBICON
        )
    variants = record.get("variants") or {}
    set_ranks = SET_RANKS_WITHOUT_TENS if variants.get("sets_without_tens") else SET_RANKS
    exchange_counts: dict[str, tuple[int, ...]] = {}
    if ask.phase == "exchange":
        taken = deal.get("exchange") or {}
        least = 0 if (variants.get("younger_may_exchange_none") or plays_to_target(game)) else 1
        # Elder first; Younger's counts depend on what Elder left in the talon.
        if "elder" not in taken:
            exchange_counts["elder"] = tuple(range(1, 6))
        elif "younger" not in taken:
            exchange_counts["younger"] = tuple(range(least, 8 - taken["elder"] + 1))
    may_claim = _claimable(record, score) if ask.phase == "carte_blanche" else ()
    return Progress(
        deal=number,
        regular_deals=REGULAR_DEALS.get(game),
        dealer=dealer,
        elder=elder,
        younger=dealer,
        ask=ask,
        tricks=len(winners),
        won=won,
        leader=leader,
        may_throw_in=may_throw_in,
        may_claim=may_claim,
        totals=dict(score["totals"]),
        finished=bool(score["finished"]),
        choices=_accepted(record, ask, choices(ask, set_ranks)),
        exchange_counts=exchange_counts,
        grid=grid(ask, set_ranks),
        additions_beyond=_accepted(record, ask, {"add": additions_beyond(ask, set_ranks)}).get(
            "add", []
        ),
        entry=entry_of(deal),
        at_start=not (set(deal) - {"entry"}) and not complete and not score["finished"],
    )


# What a deal at its carte blanche step may hold besides the claims themselves
# and still be judged without the engine: nothing else said or known yet.
_BARE_DEAL = frozenset({"carte_blanche", "entry"})


def _claimable(record: dict[str, Any], score: dict[str, Any]) -> tuple[str, ...]:
    """The roles that may claim carte blanche now. On a bare deal (nothing but
    claims said), a role not yet claimed may, unless the other has: two hands
    of 12 without a king, queen or jack need 24 of the pack's 20 aces, tens,
    nines, eights and sevens (the record's own check, `scorer.record`). On a
    deal that knows more (hands entered, say), each claim is tried on the
    engine."""
    from scorer.actions import play
    from scorer.errors import ActionError

    deal = (record.get("deals") or [{}])[-1]
    raw = deal.get("carte_blanche") or []
    claimed = {raw} if isinstance(raw, str) else set(raw)
    open_roles = tuple(role for role in ("elder", "younger") if role not in claimed)
    if not set(deal) - _BARE_DEAL:
        return open_roles if not claimed else ()
    fine = []
    for role in open_roles:
        try:
            play(record, {"carte_blanche": role}, score)
        except ActionError:
            continue
        fine.append(role)
    return tuple(fine)


def _accepted(
    record: dict[str, Any], ask: Ask, offered: dict[str, list[dict[str, Any]]]
) -> dict[str, list[dict[str, Any]]]:
    """Keep the choices the engine accepts: a call must be one its hand can hold
    (no fifth king beside the other hand's calls; within its cards when they are
    known; no more faces than a carte blanche took in). Tried on the deal in
    play alone."""
    from scorer.actions import play, score_or_refuse
    from scorer.errors import ActionError

    if ask.phase not in ("point", "sequences", "sets") or not any(offered.values()):
        return offered
    alone = {
        **record,
        "game": "au-cent",
        "deals": [record["deals"][-1]],
        "variants": {**(record.get("variants") or {}), "stop_at_target": False},
    }
    base = score_or_refuse(alone)  # scored once, not once per choice tried
    kept: dict[str, list[dict[str, Any]]] = {}
    for word, options in offered.items():
        fine = []
        for params in options:
            try:
                play(alone, {"say": word, **({"by": ask.who} if ask.who else {}), **params}, base)
            except ActionError:
                continue
            fine.append(params)
        if fine:
            kept[word] = fine
    return kept


__all__ = ["TRICKS_PER_DEAL", "Progress", "progress"]
