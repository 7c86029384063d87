"""Who announces next: where the announcing of a deal for several hands
stands, replayed from its actions (pure, no I/O).

`piquet-record/2` keeps a deal's declarations as plain calls by seat
(`{"declare": "point", "by": "A", "cards": 5}`, `{"declare": "nothing", "by":
"B"}`), not as a dialogue. The kiosk asks them as the table says them, class
by class, round the table from the player who announces first:

- the first player calls (or has nothing: `declare nothing` with the
  class); each next player answers the best call so far: "Good" (`declare
  nothing` with the class), "Equal" (the same call) or
  "Not good" with what beats it (his call). "Making?" is answered by the
  caller, whose point call is then said again with its value (a later point
  call by a seat replaces the earlier, so the record keeps the value).
- When one player is good, he adds his other combinations of the class
  (sequences and sets; `declare nothing` closes them) and, in Voleur, his
  partner then gives his own of that class (the point too, unless the
  `partners_point` setting is "one").

So every answer is one journal action, and the question standing now is
found again by replaying the deal's actions through `Flow`: after an undo or
a restart, the same question. Actions written in another order (the command
line) are taken as they come: a call in a later class closes the earlier
ones, a call by a seat out of turn counts as that seat's answer.

What is good, what scores and whether a call can be held is the engine's
business (`scorer.multi`); this only orders the questions. Calls compare by
the engine's own keys (`scorer.combinations`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from scorer.combinations import Point, Sequence, Set
from scorer.frozen import frozen
from scorer.multi.traits import traits

CLASSES = ("point", "sequences", "sets")
KIND_CLASS = {"point": "point", "sequence": "sequences", "set": "sets"}
Call = Point | Sequence | Set


def call_of(action: dict[str, Any]) -> Call | None:
    """The combination a `declare` action calls (None for "nothing")."""
    kind = action.get("declare")
    if kind == "point":
        return Point(action["cards"], action.get("value"))
    if kind == "sequence":
        return Sequence(action["length"], str(action["top"]))
    if kind == "set":
        return Set(action["count"], str(action["rank"]))
    return None


def action_of(seat: str, call: Call) -> dict[str, Any]:
    """The `declare` action of a seat's call."""
    if isinstance(call, Point):
        out: dict[str, Any] = {"declare": "point", "by": seat, "cards": call.cards}
        if call.value is not None:
            out["value"] = call.value
        return out
    if isinstance(call, Sequence):
        return {"declare": "sequence", "by": seat, "length": call.length, "top": call.top}
    return {"declare": "set", "by": seat, "count": call.count, "rank": call.rank}


@frozen
class Step:
    """The question standing: `phase` is "exchange", "point", "sequences",
    "sets", "play" or "over"; `kind` says what is asked of `seat`:

    - "exchange": how many cards `seat` took;
    - "call": his best of the class (no call stands yet);
    - "reply": good, equal or not good against `standing` (held by `holders`);
    - "add": the good player's other combinations of the class;
    - "partner": (Voleur) the partner of the good player, his own of the class.
    """

    phase: str
    kind: str = ""
    seat: str = ""
    standing: Call | None = None
    holders: tuple[str, ...] = ()
    good: str = ""  # add and partner: who is good in the class
    own: tuple[Call, ...] = ()  # the seat's calls of the class so far
    best: Call | None = None  # add and partner: the good call


@dataclass
class ClassRound:
    """One class, round the table."""

    klass: str
    order: tuple[str, ...]
    answered: list[str] = field(default_factory=list)
    calls: dict[str, list[Call]] = field(default_factory=dict)
    done: set[str] = field(default_factory=set)  # "add", "partner"

    def take(self, seat: str, call: Call | None, step: Step) -> None:
        if step.kind in ("add", "partner") and seat == step.seat and call is None:
            self.done.add(step.kind)
            return
        if seat not in self.answered and step.kind in ("call", "reply"):
            self.answered.append(seat)
        if call is None:
            return
        mine = self.calls.setdefault(seat, [])
        if isinstance(call, Point):
            mine[:] = [call]  # a later point call replaces the earlier (its value said)
        elif call not in mine:
            mine.append(call)

    def best(self) -> tuple[Call | None, tuple[str, ...]]:
        """The best call of the class so far and who holds it (several: equal)."""
        best: Call | None = None
        holders: list[str] = []
        for seat in self.order:
            for call in self.calls.get(seat, []):
                if best is None or call.key() > best.key():
                    best, holders = call, [seat]
                elif call.key() == best.key() and seat not in holders:
                    holders.append(seat)
        return best, tuple(holders)


@dataclass
class Flow:
    """The announcing of one deal, fed its actions in order."""

    form: str
    order: tuple[str, ...]  # the seats that play, from the one who announces first
    dealer: str
    partners: dict[str, str] = field(default_factory=dict)  # Voleur: seat -> partner
    partners_point: str = "both"
    exchanges: dict[str, int] = field(default_factory=dict)
    tricks: int = 0
    entered: bool = False
    declared: bool = False
    index: int = 0  # the class being asked (3: all done)
    rounds: list[ClassRound] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rounds = [ClassRound(k, self.order) for k in CLASSES]

    @classmethod
    def of(
        cls,
        form: str,
        order: Iterable[str],
        dealer: str,
        actions: Iterable[dict[str, Any]],
        partners: dict[str, str] | None = None,
        partners_point: str = "both",
    ) -> Flow:
        flow = cls(form, tuple(order), dealer, dict(partners or {}), partners_point)
        for action in actions:
            flow.feed(action)
        return flow

    # ----- the exchange -----------------------------------------------------
    def exchange_seats(self) -> tuple[str, ...]:
        """Who says how many cards he took: the Normand dealer (from the widow);
        in two hands Elder, then Younger; nobody in Voleur."""
        who = traits(self.form).exchange
        if who == "dealer":
            return (self.dealer,)
        return self.order if who == "both" else ()

    def _exchange_step(self) -> Step | None:
        if self.declared or self.tricks:
            return None
        for seat in self.exchange_seats():
            if seat not in self.exchanges:
                return Step("exchange", "exchange", seat)
        return None

    # ----- feeding ----------------------------------------------------------
    def feed(self, action: dict[str, Any]) -> None:
        if "trick" in action:
            self.tricks += 1
        elif "entered" in action:
            self.entered = True
        elif "exchange" in action:
            self.exchanges[str(action["exchange"])] = int(action["cards"])
        elif "declare" in action:
            self._declare(str(action["by"]), action)

    def _declare(self, seat: str, action: dict[str, Any]) -> None:
        self.declared = True
        kind = action["declare"]
        call = call_of(action)
        if kind == "nothing" and action.get("class") in CLASSES:
            klass_index = CLASSES.index(action["class"])
        elif kind == "nothing":
            klass_index = min(self.index, len(CLASSES) - 1)
        else:
            klass_index = CLASSES.index(KIND_CLASS[kind])
        while self.index < klass_index:
            self.index += 1  # a call of a later class closes the earlier ones
        if klass_index < self.index or self.index >= len(CLASSES):
            self.rounds[klass_index].take(seat, call, Step("done"))  # late: counted only
            return
        step = self._class_step(self.rounds[self.index])
        self.rounds[self.index].take(seat, call, step)
        while (
            self.index < len(CLASSES) and self._class_step(self.rounds[self.index]).kind == "done"
        ):
            self.index += 1

    # ----- the question standing ----------------------------------------------
    def _class_step(self, rnd: ClassRound) -> Step:
        best, holders = rnd.best()
        for seat in self.order:
            if seat not in rnd.answered:
                own = tuple(rnd.calls.get(seat, []))
                if best is None:
                    return Step(rnd.klass, "call", seat, own=own)
                return Step(rnd.klass, "reply", seat, best, holders, own=own)
        if best is None or len(holders) != 1:
            return Step(rnd.klass, "done")  # nobody called, or equal at the top
        good = holders[0]
        if rnd.klass != "point" and "add" not in rnd.done:
            return Step(
                rnd.klass, "add", good, best, holders, good, tuple(rnd.calls.get(good, [])), best
            )
        partner = self.partners.get(good)
        counts = rnd.klass != "point" or self.partners_point == "both"
        if (
            partner
            and counts
            and "partner" not in rnd.done
            and not (rnd.klass == "point" and rnd.calls.get(partner))
        ):
            return Step(
                rnd.klass,
                "partner",
                partner,
                best,
                holders,
                good,
                tuple(rnd.calls.get(partner, [])),
                best,
            )
        return Step(rnd.klass, "done")

    def step(self, complete: bool = False) -> Step:
        """The question standing now; `complete`: the engine found the deal complete."""
        if complete or self.entered:
            return Step("over")
        if self.tricks:
            return Step("play")
        exchange = self._exchange_step()
        if exchange is not None:
            return exchange
        if self.index < len(CLASSES):
            return self._class_step(self.rounds[self.index])
        return Step("play")

    def calls(self, klass: str) -> dict[str, list[Call]]:
        return self.rounds[CLASSES.index(klass)].calls
