"""The declarations as the players speak them, as a small state machine.

At the table, in each class (point, then sequences, then sets) Elder calls
first and Younger answers "Good", "Not good" or, holding as many cards,
"Making?" (the point's value) or "How high?" (a sequence's top card); "Equal"
when they match. A player may say "Nothing" (hold nothing, or sink). The
winner of a class then adds his other combinations of it and says he is done.

Each utterance is one journal action (an extension of the spec's vocabulary):

    {"say": "call", "by": "elder", "cards": 5}                 point: five cards
    {"say": "making", "by": "younger"}                          ... "Making?"
    {"say": "value", "by": "elder", "value": 49}                "Forty-nine"
    {"say": "not_good", "by": "younger", "value": 50}           "Not good"
    {"say": "call", "by": "elder", "length": 4}                 sequences: a quart
    {"say": "how_high", "by": "younger"} / {"say": "top", "by": "elder", "top": "A"}
    {"say": "call", "by": "elder", "count": 3, "rank": "K"}     sets: three kings
    {"say": "good" | "equal" | "nothing", "by": ...}
    {"say": "add", "by": WINNER, "length": 3, "top": "9"}       the winner's others
    {"say": "done"}                                             move on

A tap at the kiosk is one utterance, so some are said in two halves, each its
own step (undo goes back one, a restart asks the same question):

    {"say": "not_good", "by": "younger"}                        "Not good." (what?)
    {"say": "not_good", "by": "younger", "cards": 6}            ... "Six cards."
    {"say": "not_good", "by": "younger", "length": 5}           a longer sequence: the
                                                                winner then names its top
    {"say": "add", "by": WINNER, "length": 4}                   another sequence ...
    {"say": "top", "by": WINNER, "top": "K"}                    ... to the king
    {"say": "good_against_the_cards", "by": WINNER}             Law 49: the call found
                                                                good was good against the
                                                                cards, so higher ones count

The exchange closes by itself once both counts are in (Elder's, then
Younger's); `{"say": "done"}` skips it, or the rest of it. A "done" said after
both counts (as journals kept before this rule have it) is taken as that same
close, so those journals replay as they were.

`{"say": "done"}` also closes the carte blanche and exchange steps, whose
claims and counts are the spec's own actions. The deal keeps its utterances
in order under the record field `dialogue` (a field the spec lets us add);
replaying them gives the question standing now (`Ask`) and, as each class is
settled, the spec's `declared` entries, so the score follows the dialogue and
a call nobody has answered yet scores nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scorer.cards import RANKS, normalise_rank
from scorer.combinations import (
    POINT_VALUES,
    SET_RANKS,
    Point,
    Sequence,
    Set,
    sequence_top_allows,
)
from scorer.errors import ActionError, HandError, Said
from scorer.frozen import frozen
from scorer.variants import Variants

PHASES = ("carte_blanche", "exchange", "point", "sequences", "sets", "play")
CLASSES = ("point", "sequences", "sets")
WORDS = (
    "call",
    "nothing",
    "good",
    "not_good",
    "making",
    "value",
    "how_high",
    "top",
    "equal",
    "add",
    "done",
    "good_against_the_cards",
)
PARAMS = frozenset({"cards", "value", "length", "top", "count", "rank"})


def other(role: str) -> str:
    return "younger" if role == "elder" else "elder"


@frozen
class Ask:
    """The question standing now: in which phase and step, whose turn, which
    words may be said, and the call being answered (for display)."""

    phase: str
    step: str
    who: str | None
    words: tuple[str, ...]
    standing: dict[str, Any] | None = None
    good: str | None = None  # in the "add" step: the hand whose class is good
    good_call: dict[str, Any] | None = None  # in the "add" step: the call found good
    against: bool = False  # the good call was said to be good against the cards (Law 49)


@dataclass
class _Talk:
    """One class's dialogue while it is replayed."""

    klass: str
    step: str = "call"
    who: str | None = "elder"
    calls: dict[str, dict[str, Any]] = field(default_factory=dict)
    winner: str | None = None  # settled: the good hand
    others: list[dict[str, Any]] = field(default_factory=list)  # the winner's additions
    closed: bool = False
    more: bool = False  # "not good" said to a call complete with its value or top
    against: bool = False  # the good call is good against the cards (Law 49)


@dataclass
class Conversation:
    """The replayed dialogue of one deal."""

    phase: str = "carte_blanche"
    talks: dict[str, _Talk] = field(default_factory=dict)
    exchange_complete: bool = False  # both hands' exchange counts are in the deal
    absorb_done: bool = False  # the exchange closed by itself just now

    def ask(self) -> Ask:
        if self.phase in ("carte_blanche", "exchange"):
            return Ask(
                self.phase, "claims" if self.phase == "carte_blanche" else "counts", None, ("done",)
            )
        if self.phase == "play":
            return Ask("play", "trick", None, ())
        talk = self.talks[self.phase]
        good_call = talk.calls.get(talk.winner) if talk.winner is not None else None
        return Ask(
            self.phase,
            talk.step,
            talk.who,
            _words(talk),
            _standing(talk),
            talk.winner,
            dict(good_call) if good_call else None,
            talk.against,
        )

    def declared(self) -> dict[str, dict[str, Any]]:
        """The spec's `declared` for every class settled so far."""
        out: dict[str, dict[str, Any]] = {}
        for talk in self.talks.values():
            for role, entry in _declarations(talk).items():
                out.setdefault(role, {}).update(entry)
        return out

    def settled(self) -> dict[str, str | None]:
        """Class -> the good hand (None: equal, or nobody), for classes settled."""
        return {k: t.winner for k, t in self.talks.items() if t.step in SETTLED}


def _sequences(longer_than: int = 2) -> list[dict[str, Any]]:
    return [
        {"length": n, "top": t}
        for n in range(max(3, longer_than + 1), 9)
        for t in reversed(RANKS)
        if sequence_top_allows(n, t)
    ]


def _sets(ranks: tuple[str, ...], better_than: tuple | None = None) -> list[dict[str, Any]]:
    return [
        {"count": c, "rank": r}
        for c in (4, 3)
        for r in ranks
        if better_than is None or Set(c, r).key() > better_than
    ]


TOP_GRID = tuple(t for t in reversed(RANKS) if sequence_top_allows(3, t))  # A down to 9
SETTLED = ("add", "add_top", "closed")  # the steps where a class's good hand is known


def _more(ask: Ask) -> bool:
    """Whether the call being answered is complete (the point's value, the
    sequence's top): "not good" then means as long, and higher."""
    call = ask.standing or {}
    return ("value" in call) if ask.phase == "point" else ("top" in call)


def grid(ask: Ask, set_ranks: tuple[str, ...] = SET_RANKS) -> dict[str, list[dict[str, Any]]]:
    """Every value each word of the standing question could ever carry in its
    class and step, legal now or not, in a fixed order: a screen lays its
    answers out from this so that they keep their places from one deal to the
    next, and enables only the `choices`.

    In the reply, "not_good" lists what may be said with it in one breath;
    said bare it is a step of its own ("not_good") whose grid is the same."""
    if ask.phase not in CLASSES:
        return {word: [{}] for word in ask.words}
    klass, call = ask.phase, ask.standing or {}
    out: dict[str, list[dict[str, Any]]] = {}
    for word in ask.words:
        if word in ("call", "add"):
            if klass == "point":
                out[word] = [{"cards": n} for n in range(3, 9)]
            elif klass == "sequences":
                out[word] = [{"length": n} for n in range(3, 9)] if word == "call" else _sequences()
            else:
                out[word] = _sets(set_ranks)
        elif word == "not_good":
            if klass == "point" and _more(ask):
                out[word] = [{"value": v} for v in sorted(POINT_VALUES[call["cards"]])]
            elif klass == "point":
                out[word] = [{"cards": n} for n in range(3, 9)]
            elif klass == "sequences" and _more(ask):
                out[word] = [{"top": t} for t in TOP_GRID]
            elif klass == "sequences":  # a longer one: its top is asked once it is good
                out[word] = [{"length": n} for n in range(3, 9)]
            else:
                out[word] = _sets(set_ranks)
        elif word == "value":
            out[word] = [{"value": v} for v in sorted(POINT_VALUES[call["cards"]])]
        elif word == "top":
            out[word] = [{"top": t} for t in TOP_GRID]
        else:
            out[word] = [{}]
    return out


def _legal(ask: Ask, word: str, params: dict[str, Any]) -> bool:
    """Whether `word` with `params` can be said now (before the pack is checked)."""
    klass, call = ask.phase, ask.standing or {}
    if word in ("call", "add", "value"):
        return True
    if word == "not_good":
        if klass == "point" and "value" in params:
            return params["value"] > call["value"]
        if klass == "point":
            return params["cards"] > call["cards"]
        if klass == "sequences" and _more(ask):
            top = params["top"]
            return sequence_top_allows(call["length"], top) and (
                RANKS.index(top) > RANKS.index(call["top"])
            )
        if klass == "sequences":
            return params["length"] > call["length"]
        return Set(params["count"], params["rank"]).key() > Set(call["count"], call["rank"]).key()
    if word == "top":
        return sequence_top_allows(call.get("length", 3), params["top"])
    return True


def choices(ask: Ask, set_ranks: tuple[str, ...] = SET_RANKS) -> dict[str, list[dict[str, Any]]]:
    """The values each word of the standing question may carry, all legal:
    e.g. {"not_good": [{"cards": 6}, {"cards": 7}, {"cards": 8}], "good": [{}]}.
    The kiosk offers exactly these, so a tap cannot be refused. They are the
    `grid`'s values that can be said now, in the grid's order.

    The good hand's other combinations ("add", and a sequence's top in
    "add_top") are those equal to or lower than its call found good (Law 49:
    only a call good against the cards lets its caller reckon higher ones);
    the higher ones are `additions_beyond(ask)`, offered behind their own
    choice, "good_against_the_cards", which lets them all be added."""
    out = {
        word: [p for p in params if _legal(ask, word, p)]
        for word, params in grid(ask, set_ranks).items()
    }
    if ask.good_call and not ask.against:
        if "add" in out:
            out["add"] = [p for p in out["add"] if not _beyond(ask, p)]
        if ask.step == "add_top" and "top" in out:
            length = (ask.standing or {}).get("length", 3)
            out["top"] = [p for p in out["top"] if not _beyond(ask, {"length": length, **p})]
    if "good_against_the_cards" in out and not additions_beyond(ask, set_ranks):
        del out["good_against_the_cards"]
    return {word: params for word, params in out.items() if params}


def additions_beyond(ask: Ask, set_ranks: tuple[str, ...] = SET_RANKS) -> list[dict[str, Any]]:
    """The good hand's additions higher than its call found good: reckoned only
    when that call was good against the cards (Law 49). Once that is said
    ("good_against_the_cards") they are among the plain `choices`."""
    if ask.step != "add" or not ask.good_call or ask.against:
        return []
    return [p for p in grid(ask, set_ranks).get("add", []) if _beyond(ask, p)]


def _beyond(ask: Ask, params: dict[str, Any]) -> bool:
    good = ask.good_call or {}
    return _key(ask.phase, params) > _key(ask.phase, good)


def _words(talk: _Talk) -> tuple[str, ...]:
    step, klass = talk.step, talk.klass
    if step == "call":
        return ("call", "nothing")
    if step == "reply":
        if klass == "point":
            return ("good", "not_good", "making")
        if klass == "sequences":
            return ("good", "not_good", "how_high")
        return ("good", "not_good")
    if step in ("value", "top"):
        return (step,)
    if step == "reply_more":
        return ("good", "not_good", "equal")
    if step == "not_good":
        return ("not_good",)
    if step == "add":
        return ("add", "done") if talk.against else ("add", "done", "good_against_the_cards")
    if step == "add_top":
        return ("top",)
    return ()


def _standing(talk: _Talk) -> dict[str, Any] | None:
    """The call the standing question is about: the one being answered, the
    good hand's call whose top is asked, or the addition whose top is asked."""
    if talk.step == "add_top":
        return {"by": talk.winner, **talk.others[-1]}
    if talk.step == "top" and talk.winner is not None:
        return {"by": talk.winner, **talk.calls[talk.winner]}
    if talk.step in ("reply", "reply_more", "value", "not_good") or (
        talk.step == "top" and talk.calls
    ):
        caller = "elder" if "elder" in talk.calls else "younger"
        return {"by": caller, **talk.calls[caller]}
    return None


def _declarations(talk: _Talk) -> dict[str, dict[str, Any]]:
    if talk.step not in SETTLED or not talk.calls:
        return {}
    if talk.klass == "point":
        return {role: {"point": dict(call)} for role, call in talk.calls.items()}
    out: dict[str, dict[str, Any]] = {}
    for role, call in talk.calls.items():
        if talk.klass == "sequences" and "top" not in call:
            continue  # a beaten call whose top nobody asked: nothing to record
        out[role] = {talk.klass: [dict(call)]}
    others = [o for o in talk.others if talk.klass != "sequences" or "top" in o]
    if talk.winner is not None and others:
        out.setdefault(talk.winner, {talk.klass: []})[talk.klass].extend(dict(o) for o in others)
    return out


# --- checking what is said ------------------------------------------------------


def _int(utterance: dict[str, Any], key: str, low: int, high: int) -> int:
    value = utterance.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ActionError(
            Said(
                "say {word}: {key} must be {low} to {high}, not {given}",
                word=repr(utterance.get("say")),
                key=key,
                low=low,
                high=high,
                given=repr(value),
            )
        )
    return value


def _rank(utterance: dict[str, Any], key: str) -> str:
    raw = utterance.get(key)
    try:
        return normalise_rank(str(raw)) if isinstance(raw, str) else normalise_rank("?")
    except HandError:
        raise ActionError(
            Said(
                "say {word}: {key} must be a rank (A K Q J 10 9 8 7), not {raw}",
                word=repr(utterance.get("say")),
                key=key,
                raw=repr(raw),
            )
        ) from None


def _combination(klass: str, u: dict[str, Any], need_top: bool) -> dict[str, Any]:
    """The combination an utterance names, checked for its class."""
    if klass == "point":
        cards = _int(u, "cards", 3, 8)
        call: dict[str, Any] = {"cards": cards}
        if u.get("value") is not None:
            call["value"] = _point_value(cards, u)
        return call
    if klass == "sequences":
        length = _int(u, "length", 3, 8)
        call = {"length": length}
        if u.get("top") is not None or need_top:
            top = _rank(u, "top")
            if not sequence_top_allows(length, top):
                raise ActionError(
                    Said("a sequence of {length} cannot run to the {top}", length=length, top=top)
                )
            call["top"] = top
        return call
    count = _int(u, "count", 3, 4)
    rank = _rank(u, "rank")
    if rank not in SET_RANKS:
        raise ActionError(Said("a set of {rank} does not count (only A K Q J 10)", rank=rank))
    return {"count": count, "rank": rank}


def _point_value(cards: int, u: dict[str, Any]) -> int:
    value = u.get("value")
    possible = POINT_VALUES[cards]
    if not isinstance(value, int) or isinstance(value, bool) or value not in possible:
        raise ActionError(
            Said(
                "{cards} cards of one suit cannot make {given} ({low} to {high})",
                cards=cards,
                given=repr(value),
                low=min(possible),
                high=max(possible),
            )
        )
    return value


def _key(klass: str, call: dict[str, Any]) -> tuple:
    if klass == "point":
        return Point(call["cards"], call.get("value")).key()
    if klass == "sequences":
        return Sequence(call["length"], call.get("top", RANKS[call["length"] - 1])).key()
    return Set(call["count"], call["rank"]).key()


# --- the machine ------------------------------------------------------------------


def hear(conversation: Conversation, utterance: dict[str, Any]) -> None:
    """Apply one utterance in place; raises ActionError if it cannot be said now."""
    word = utterance.get("say")
    if word not in WORDS:
        raise ActionError(
            Said("say: {word} is not one of {listed}", word=repr(word), listed=", ".join(WORDS))
        )
    by = utterance.get("by")
    if by is not None and by not in ("elder", "younger"):
        raise ActionError(Said("say: by must be 'elder' or 'younger', not {by}", by=repr(by)))
    if conversation.absorb_done:
        conversation.absorb_done = False
        if word == "done" and by is None and set(utterance) == {"say"}:
            return  # the exchange's "done", said after both counts: it had closed by itself
    ask = conversation.ask()
    if word not in ask.words:
        expected: str = Said("a trick")
        for i, said in enumerate(ask.words):
            expected = (
                repr(said) if i == 0 else Said("{one} or {other}", one=expected, other=repr(said))
            )
        raise ActionError(
            Said(
                "say {word} does not fit now: the {phase} waits for {expected} from {who}"
                if ask.who
                else "say {word} does not fit now: the {phase} waits for {expected}",
                word=repr(word),
                phase=ask.phase,
                expected=expected,
                who=ask.who,
            )
        )
    if ask.who is not None and by is not None and by != ask.who:
        raise ActionError(
            Said(
                "say {word}: it is {who}'s turn to speak, not {by}'s",
                word=repr(word),
                who=ask.who,
                by=by,
            )
        )
    if conversation.phase in ("carte_blanche", "exchange"):
        _next_phase(conversation)
        return
    talk = conversation.talks[conversation.phase]
    _STEPS[word](talk, utterance)
    if talk.step == "closed":
        _next_phase(conversation)


def _next_phase(conversation: Conversation) -> None:
    conversation.phase = PHASES[PHASES.index(conversation.phase) + 1]
    if conversation.phase in CLASSES:
        conversation.talks[conversation.phase] = _Talk(conversation.phase)
    _close_a_full_exchange(conversation)


def _close_a_full_exchange(conversation: Conversation) -> None:
    """With both counts in, the exchange asks nothing more: on to the point."""
    if conversation.phase == "exchange" and conversation.exchange_complete:
        conversation.absorb_done = True
        _next_phase(conversation)


def _settle(talk: _Talk, winner: str | None) -> None:
    talk.winner = winner
    if winner is None or talk.klass == "point":
        talk.step, talk.who = "closed", None
    elif talk.klass == "sequences" and "top" not in talk.calls[winner]:
        talk.step, talk.who = "top", winner
    else:
        talk.step, talk.who = "add", winner


def _say_call(talk: _Talk, u: dict[str, Any]) -> None:
    caller = talk.who or "elder"
    talk.calls[caller] = _combination(talk.klass, u, need_top=False)
    if caller == "elder":
        call = talk.calls["elder"]
        named = "value" in call if talk.klass == "point" else "top" in call
        complete = named and talk.klass != "sets"
        talk.step, talk.who = ("reply_more" if complete else "reply"), "younger"
    else:  # Elder had nothing: Younger's call is good as it stands
        _settle(talk, "younger")


def _say_nothing(talk: _Talk, u: dict[str, Any]) -> None:
    if talk.who == "elder":
        talk.who = "younger"
    else:
        _settle(talk, None)


def _say_good(talk: _Talk, u: dict[str, Any]) -> None:
    _settle(talk, "elder")


def _say_not_good(talk: _Talk, u: dict[str, Any]) -> None:
    named = PARAMS & set(u)
    if not named:  # "Not good." alone: what beats the call is said next
        if talk.step == "not_good":
            raise ActionError(Said("not good: say what beats the call"))
        talk.more = talk.step == "reply_more"
        talk.step = "not_good"
        return
    if talk.step != "not_good":
        talk.more = talk.step == "reply_more"
    elder_call = talk.calls["elder"]
    if talk.klass == "sets":
        mine = _combination("sets", u, need_top=False)
    else:
        size_key = "cards" if talk.klass == "point" else "length"
        size = u.get(size_key, elder_call[size_key])
        if isinstance(size, int) and size > elder_call[size_key]:  # longer
            # a longer sequence is good whatever its top: the top is asked next
            mine = _combination(talk.klass, {**u, size_key: size}, need_top=False)
        elif size == elder_call[size_key] and talk.more:  # as long, higher
            if talk.klass == "point":
                mine = {**elder_call, "value": _point_value(elder_call["cards"], u)}
            else:
                mine = _combination(talk.klass, {**u, "length": size}, need_top=True)
        else:
            raise ActionError(
                Said(
                    "not good needs a longer point; with as many cards, ask 'Making?'"
                    if talk.klass == "point"
                    else "not good needs a longer sequence; with as many cards, ask 'How high?'"
                    if talk.klass == "sequences"
                    else "not good needs a longer set; with as many cards, ask 'How high?'"
                )
            )
    if _key(talk.klass, mine) <= _key(talk.klass, elder_call):
        raise ActionError(
            Said(
                "not good: {mine} does not beat elder's {elder_call}",
                mine=str(mine),
                elder_call=str(elder_call),
            )
        )
    talk.calls["younger"] = mine
    _settle(talk, "younger")


def _say_making(talk: _Talk, u: dict[str, Any]) -> None:
    talk.step, talk.who = "value", "elder"


def _say_how_high(talk: _Talk, u: dict[str, Any]) -> None:
    if "top" in talk.calls["elder"]:
        raise ActionError(Said("how high: elder has already named the top card"))
    talk.step, talk.who = "top", "elder"


def _say_value(talk: _Talk, u: dict[str, Any]) -> None:
    call = talk.calls["elder"]
    call["value"] = _point_value(call["cards"], u)
    talk.step, talk.who = "reply_more", "younger"


def _say_top(talk: _Talk, u: dict[str, Any]) -> None:
    role = talk.who or "elder"
    call = talk.others[-1] if talk.step == "add_top" else talk.calls[role]
    top = _rank(u, "top")
    if not sequence_top_allows(call["length"], top):
        raise ActionError(
            Said("a sequence of {length} cannot run to the {top}", length=call["length"], top=top)
        )
    call["top"] = top
    if talk.winner is not None:  # the good hand names its sequence's (or addition's) top
        talk.step = "add"
    else:  # answering "How high?"
        talk.step, talk.who = "reply_more", "younger"


def _say_equal(talk: _Talk, u: dict[str, Any]) -> None:
    talk.calls["younger"] = dict(talk.calls["elder"])
    _settle(talk, None)


def _say_add(talk: _Talk, u: dict[str, Any]) -> None:
    addition = _combination(talk.klass, u, need_top=False)
    talk.others.append(addition)
    if talk.klass == "sequences" and "top" not in addition:
        talk.step = "add_top"  # its top card is said next


def _say_good_against_the_cards(talk: _Talk, u: dict[str, Any]) -> None:
    talk.against = True


def _say_done(talk: _Talk, u: dict[str, Any]) -> None:
    talk.step, talk.who = "closed", None


_STEPS = {
    "call": _say_call,
    "nothing": _say_nothing,
    "good": _say_good,
    "not_good": _say_not_good,
    "making": _say_making,
    "how_high": _say_how_high,
    "value": _say_value,
    "top": _say_top,
    "equal": _say_equal,
    "add": _say_add,
    "done": _say_done,
    "good_against_the_cards": _say_good_against_the_cards,
}


def phase_from_fields(deal: dict[str, Any]) -> str:
    """Where a deal stands judged by its spec fields alone (a deal kept without
    the dialogue, e.g. through `piquet act` with `declare` actions)."""
    if deal.get("tricks") or deal.get("throw_in"):
        return "play"
    declared = deal.get("declared") or {}
    for klass, following in (("sets", "play"), ("sequences", "sets"), ("point", "sequences")):
        if any((calls or {}).get(klass) for calls in declared.values()):
            return following
    exchange = deal.get("exchange") or {}
    if "younger" in exchange:
        return "point"
    if exchange:
        return "exchange"
    return "carte_blanche"


def replay(
    utterances: list[dict[str, Any]], start: str = "carte_blanche", exchange_complete: bool = False
) -> Conversation:
    """The conversation after these utterances; raises ActionError on one out of turn.

    `exchange_complete`: the deal holds both exchange counts (the exchange then
    closes by itself)."""
    conversation = Conversation(phase=start, exchange_complete=exchange_complete)
    if start in CLASSES:
        conversation.talks[start] = _Talk(start)
    _close_a_full_exchange(conversation)
    for utterance in utterances:
        hear(conversation, utterance)
    return conversation


def conversation_of(deal: dict[str, Any]) -> Conversation:
    """The deal's dialogue as it stands."""
    start = deal.get("dialogue_from", "carte_blanche")
    if "dialogue" not in deal:
        start = phase_from_fields(deal)
    return replay(deal.get("dialogue", []), start, _exchange_complete(deal))


def _exchange_complete(deal: dict[str, Any]) -> bool:
    return {"elder", "younger"} <= set(deal.get("exchange") or {})


def apply_say(
    deal: dict[str, Any],
    utterance: dict[str, Any],
    variants: Variants | None = None,
    game: str = "rubicon",
) -> None:
    """Fold one utterance into a deal (in place): log it and write `declared` for
    the classes the dialogue has settled. Raises ActionError if out of turn, or
    if a call still unanswered is one its hand cannot hold under the partie's
    `variants` and `game` (the house rules; what the game lets Younger exchange).

    A deal begun without the dialogue picks it up where its fields stand; the
    record then notes that phase under `dialogue_from`.
    """
    if "dialogue" not in deal:
        start = phase_from_fields(deal)
        if start == "play":
            raise ActionError(Said("the declarations are over: the play has begun"))
    else:
        start = deal.get("dialogue_from", "carte_blanche")
    log = [*deal.get("dialogue", []), dict(utterance)]
    conversation = replay(log, start, _exchange_complete(deal))
    deal["dialogue"] = log
    if start != "carte_blanche":
        deal["dialogue_from"] = start
    spoken = conversation.declared()
    declared = {role: dict(v) for role, v in deal.get("declared", {}).items()}
    for klass in conversation.settled():
        key = "point" if klass == "point" else klass
        for role in ("elder", "younger"):
            declared.get(role, {}).pop(key, None)
            if key in spoken.get(role, {}):
                declared.setdefault(role, {})[key] = spoken[role][key]
    declared = {role: v for role, v in declared.items() if v}
    if declared:
        deal["declared"] = declared
    else:
        deal.pop("declared", None)
    _check_pending_fits(conversation, declared, deal, Rules(variants or Variants(), game))


@frozen
class Rules:
    """The partie's rules a pending call is checked under, as the record reader
    checks it once settled: a check any looser lets a call through that no
    answer can then settle."""

    variants: Variants
    game: str


def _check_pending_fits(
    conversation: Conversation, declared: dict[str, Any], deal: dict[str, Any], rules: Rules
) -> None:
    """A call still unanswered must be one its hand can hold: it fits in the
    pack beside what is declared (no fifth king between the two hands' calls),
    in the hand's cards when they are known, and beside the deal's other facts
    (a carte blanche, the exchange, a count of none too), under the partie's
    rules, checked as if it were settled. Else the dialogue would reach a
    question no answer can settle. A sequence called by its length alone must
    run to some top card that fits; so must the good hand's addition said by
    its length alone, and to a top its call found good allows (Law 49: no
    higher, unless that call was said good against the cards)."""
    talk = conversation.talks.get(conversation.phase)
    if talk is None:
        return
    trial = {
        role: {k: list(v) if isinstance(v, list) else v for k, v in entry.items()}
        for role, entry in declared.items()
    }
    untopped: list[tuple[str, dict[str, Any]]] = []
    if talk.step == "add_top" and talk.winner is not None:
        untopped.append((talk.winner, talk.others[-1]))  # the rest is in `declared`
    elif talk.step in SETTLED:
        return
    for role, call in talk.calls.items() if talk.step not in SETTLED else ():
        if talk.klass == "point":
            trial.setdefault(role, {})["point"] = dict(call)
        elif talk.klass == "sequences" and "top" not in call:
            untopped.append((role, call))
        else:
            trial.setdefault(role, {}).setdefault(talk.klass, []).append(dict(call))
    context = _known_facts(deal)
    problems = _problems(trial, context, rules)
    if problems:
        raise ActionError(problems[0])
    for role, call in untopped:
        _check_some_top_fits(talk, role, call["length"], trial, context, rules)


def _check_some_top_fits(
    talk: _Talk,
    role: str,
    length: int,
    trial: dict[str, Any],
    context: dict[str, Any],
    rules: Rules,
) -> None:
    """Some top card lets `role`'s sequence of `length` be held beside `trial`."""
    tops = [t for t in reversed(RANKS) if sequence_top_allows(length, t)]
    if talk.step == "add_top" and not talk.against:
        good = talk.calls[role]
        tops = [
            t
            for t in tops
            if _key("sequences", {"length": length, "top": t}) <= _key("sequences", good)
        ]
        if not tops:
            raise ActionError(
                Said(
                    "add: a sequence of {length} beats {role}'s {good} found good; only a "
                    "call good against the cards lets higher ones count (Law 49)",
                    length=length,
                    role=role,
                    good=_named(good),
                )
            )
    first = ""
    for top in tops:
        attempt = {
            r: {k: list(v) if isinstance(v, list) else v for k, v in e.items()}
            for r, e in trial.items()
        }
        attempt.setdefault(role, {}).setdefault("sequences", []).append(
            {"length": length, "top": top}
        )
        found = _problems(attempt, context, rules)
        if not found:
            return
        first = first or found[0]
    raise ActionError(first)


def _named(call: dict[str, Any]) -> Said:
    """A sequence call in words for a message: "sequence of 3 to the K"."""
    return Said(
        "sequence of {length} to the {top}", length=call["length"], top=call.get("top", "?")
    )


def _known_facts(deal: dict[str, Any]) -> dict[str, Any]:
    """The deal's facts a call must agree with: carte blanche claims, the hands
    when given, and the exchange counts, a count of none too (Younger taking in
    no card under a carte blanche holds no king, queen or jack at all)."""
    return {k: deal[k] for k in ("carte_blanche", "hands", "exchange") if k in deal}


def _problems(declared: dict[str, Any], facts: dict[str, Any], rules: Rules) -> list[str]:
    from scorer.record import read_deal

    problems: list[str] = []
    read_deal(0, {**facts, "declared": declared}, rules.variants, rules.game, problems)
    return [p.removeprefix("deal 0: ") for p in problems]
