"""The calls of a partie, as the players say them at the table: data first.

`partie_calls(record)` gives, for a `piquet-record/1` partie (with or without
the cards of the tricks), every call in the order it is said: who says it
(seat and name), what is said (a small frozen value, one class per kind of
call) and the running total it announces, or None. `scorer.calls_words` turns
a call into words in English or French; `piquet calls` prints them.

The order and the phrasing follow Cavendish's description of the game (its
worked example is `tests/examples/cavendish-example-deal.json`):

- A carte blanche is called at once, Elder's first: "Carte blanche, ten."
- In each class Elder calls first and Younger answers. The point: "Five
  cards." -- "Good." / "Not good." / with as many cards "What do they make?"
  -- "Forty-nine." -- "Good." / "Not good." / "Equal.". Elder, good, names
  his point's suit with his next call when the cards are known ("In hearts;
  and quart major."). Sequences are called with their top card ("Quart
  major.", "Tierce to the king."); sets as a question ("Three knaves?").
  Younger answers "Good.", "Not good." or "Equal."; a good hand then adds
  the other combinations of the class it declared ("And tierce to the
  knave."). A class Elder does not call (he holds nothing, or sinks) is not
  spoken of: Younger reckons what he has in it after the first lead.
- Elder reckons his hand after the sequences ("Five and four are nine.") and
  again after the sets if they were good ("Nine and three are twelve.").
- Play: the leader says his running total at each lead, the last trick's
  point included ("Ten."). Younger reckons his hand once Elder has led to
  the first trick, naming what he counts ("Four tens fourteen, and three
  queens seventeen."). The winner of the other's lead says his total
  ("Eighteen."). Leads won one after another by the same player, with the
  other silent, are said in one breath ("Eleven, twelve, thirteen,
  fourteen."), and then the other repeats his score ("Seventeen.") before
  anything else is said.
- The cards: the winner of the cards says his total with them
  ("Twenty-eight."; "Capot, sixty-eight."); then whoever did not speak last
  repeats his score, so a finished deal ends with both totals said.
- Pique and repique are not called as words: the total said where the
  thirty was made carries the bonus, as Cavendish says it ("Sixty" where it
  would have been "Thirty"; "Thirty-four" becomes "Ninety-four"). The call's
  `bonus` says which.

Choices where the book is silent, written down here:

- Totals are the deal's raw points as the players count them: a four-deal
  partie's doubling is applied on the score sheet, not at the table.
- A player who repeats a score of nothing says "Nothing.".
- A hand thrown in (last deal): Younger reckons his hand, the thrower says he
  throws in, and the other counts thirteen for the tricks and then the cards.
- A deal given as `entered` (quick mode): each player says his total.
- A deal in play ends where the record ends: nothing is said ahead of the
  table, so Younger's hand is not reckoned before Elder has led, and the
  score a player repeats after a run of the other's leads waits for the next
  trick.
- Where only trick winners are known the totals are the same (the leader of
  a trick is the winner of the one before); without the cards, Elder's point
  suit is not named.
"""

from __future__ import annotations

from scorer.cards import SUITS, Card
from scorer.combinations import Holding, Point, Sequence, Set, better
from scorer.frozen import frozen
from scorer.partie import AU_CENT_TARGET, score_partie
from scorer.reckoning import PLAY, Event, reckoned_events
from scorer.record import ROLES, TRICKS_PER_DEAL, Deal, other
from scorer.variants import Variants, plays_to_target

TYPE_CHECKING = False  # typing is not imported at run time
if TYPE_CHECKING:
    from typing import TypeAlias

# --- what is said: one frozen value a kind of call ----------------------------


@frozen
class CarteBlanche:
    """ "Carte blanche, ten." """

    KIND = "carte_blanche"


@frozen
class PointCards:
    """Elder's point, by its number of cards: "Five cards." """

    cards: int
    KIND = "point_cards"


@frozen
class AskValue:
    """Younger, holding as many cards: "What do they make?" """

    KIND = "ask_value"


@frozen
class PointValue:
    """Elder's point by its value: "Forty-nine." """

    value: int
    KIND = "point_value"


GOOD, NOT_GOOD, EQUAL = "good", "not_good", "equal"


@frozen
class Answer:
    """Younger's answer to a call: "Good.", "Not good." or "Equal." """

    word: str  # GOOD | NOT_GOOD | EQUAL
    KIND = "answer"


@frozen
class PointSuit:
    """Elder names the suit of his good point ("In hearts."), when no
    sequence call follows to carry it."""

    suit: str  # S H D C
    KIND = "point_suit"


@frozen
class SequenceCall:
    """A sequence called: "Quart major.", "In hearts; and quart major.", or
    another of a good hand: "And tierce to the knave." """

    length: int
    top: str  # a rank, or "void" (the void-suit variant)
    also: bool = False
    point_suit: str | None = None
    KIND = "sequence"


@frozen
class SetCall:
    """A set called: "Three knaves?", or another of a good hand: "And three kings." """

    count: int
    rank: str
    also: bool = False
    KIND = "set"


@frozen
class Item:
    """One score of a reckoning and the running total it makes."""

    category: str  # "carte_rouge" | "point" | "sequences" | "sets"
    points: int
    total: int
    named: bool  # said by name ("four tens fourteen"), not only by number
    combination: Point | Sequence | Set | None = None


@frozen
class Reckon:
    """A player counts his hand aloud: "Five and four are nine." (Elder);
    "Four tens fourteen, and three queens seventeen." (Younger, after the lead)."""

    start: int  # the total before it (a carte blanche already called)
    items: tuple[Item, ...]
    KIND = "reckon"


@frozen
class Lead:
    """The leader's running total at each of his leads said in one breath:
    "Ten." or "Eleven, twelve, thirteen, fourteen."."""

    totals: tuple[int, ...]
    last: bool = False  # the last trick's point is in the last total
    KIND = "lead"


@frozen
class Win:
    """The winner of the other's lead says his total: "Eighteen." """

    last: bool = False
    KIND = "win"


@frozen
class Follow:
    """A follower who scores without winning (the card-played count) says his total."""

    KIND = "follow"


@frozen
class Repeat:
    """A player not scoring repeats his score: "Seventeen.", "Nothing." """

    KIND = "repeat"


@frozen
class Cards:
    """The winner of the cards says his total with them: "Twenty-eight.",
    "Capot, sixty-eight." """

    capot: bool = False
    KIND = "cards"


@frozen
class ThrowIn:
    """The last deal's hand thrown in: "I throw in." """

    KIND = "throw_in"


@frozen
class ThrownTricks:
    """The other counts thirteen for the tricks: "Thirteen for the tricks, thirty." """

    KIND = "thrown_tricks"


@frozen
class Entered:
    """A deal entered as totals (quick mode): each says his total."""

    KIND = "entered"


if TYPE_CHECKING:
    Said: TypeAlias = (
        CarteBlanche
        | PointCards
        | AskValue
        | PointValue
        | Answer
        | PointSuit
        | SequenceCall
        | SetCall
        | Reckon
        | Lead
        | Win
        | Follow
        | Repeat
        | Cards
        | ThrowIn
        | ThrownTricks
        | Entered
    )

PIQUE, REPIQUE = "pique", "repique"


@frozen
class Call:
    """One call: in which deal, by whom (seat and name), what is said, the
    running total it announces (None for a call that announces none, like
    "Good.") and the bonus that total includes, if it was made there."""

    deal: int
    role: str  # "elder" | "younger" in this deal
    by: str  # the player's name
    said: Said
    total: int | None = None
    bonus: str | None = None  # PIQUE | REPIQUE

    @property
    def kind(self) -> str:
        return str(self.said.KIND)


# --- a partie -------------------------------------------------------------------


def partie_calls(record: object, runs: bool = True) -> tuple[Call, ...]:
    """Every call of a `piquet-record/1` partie, in order; raises RecordError
    (the same problems as `piquet score`) on a record that cannot be scored.

    `runs`: leads won one after another are said in one breath, as in the
    book. Without, each lead is its own call, so that the calls of a deal one
    trick on are the calls before it and then the new ones (a table that
    speaks as each trick is tapped needs only the new ones)."""
    scored = score_partie(record)
    partie = scored.partie
    assert isinstance(record, dict)
    raw_deals = record["deals"]
    totals = dict.fromkeys(partie.players, 0)
    calls: list[Call] = []
    for deal, entry in zip(partie.deals, scored.deals, strict=True):
        names = {"elder": entry.elder, "younger": entry.younger}
        need = None
        if plays_to_target(partie.game) and partie.variants.stop_at_target:
            need = {r: max(AU_CENT_TARGET - totals[names[r]], 0) for r in ROLES}
        raw = raw_deals[deal.number - 1]
        calls += deal_calls(deal, partie.variants, names, need, _hands(deal, raw), runs)
        for name, points in entry.scores().items():
            totals[name] += points
    return tuple(calls)


def deal_calls(
    deal: Deal,
    variants: Variants,
    names: dict[str, str],
    need: dict[str, int] | None = None,
    hands: dict[str, tuple[Card, ...]] | None = None,
    runs: bool = True,
) -> tuple[Call, ...]:
    """One deal's calls; `need` as for `reckon` (au Cent stopped at the
    target); `hands`, when known, name Elder's point suit; `runs` as for
    `partie_calls`."""
    table = _Table(deal.number, names)
    if deal.entered is not None:
        for role in ROLES:
            table.say(role, Entered(), gain=deal.entered[role])
        return tuple(table.calls)
    events, stopped_at = reckoned_events(deal, variants, names, need)
    units = _units(events, deal.holdings)
    complete = deal.complete or stopped_at is not None
    _hand(table, deal, units, hands or {})
    _play(table, deal, units, complete, runs)
    if complete:
        table.close()
    return tuple(table.calls)


def _hands(deal: Deal, raw: object) -> dict[str, tuple[Card, ...]]:
    """Each hand's twelve cards, when the record gives them or all twelve
    tricks were given card by card."""
    given = raw.get("hands") if isinstance(raw, dict) else None
    if isinstance(given, dict):
        return {
            role: tuple(Card.parse(c) for c in cards)
            for role, cards in given.items()
            if role in ROLES and isinstance(cards, list)
        }
    if len(deal.tricks) < TRICKS_PER_DEAL or any(t.lead is None for t in deal.tricks):
        return {}
    held: dict[str, list[Card]] = {role: [] for role in ROLES}
    leader = "elder"
    for trick in deal.tricks:
        assert trick.lead is not None and trick.follow is not None
        held[leader].append(trick.lead)
        held[other(leader)].append(trick.follow)
        leader = trick.winner
    return {role: tuple(cards) for role, cards in held.items()}


# --- the events as scores said: a score and the bonus made on it -----------------


class _Unit:
    """One scoring event of the reckoning, with the pique or repique it made,
    and the combination it scores (for a declaration)."""

    __slots__ = ("bonus", "category", "combination", "event", "points", "role")

    def __init__(self, event: Event, combination: Point | Sequence | Set | None) -> None:
        self.event = event
        self.role = event.role
        self.category = event.category
        self.points = event.points
        self.bonus: str | None = None
        self.combination = combination


def _units(events: list[Event], holdings: dict[str, Holding]) -> list[_Unit]:
    """The events that score, each with the bonus that follows it; the
    declarations paired with their combinations in the engine's order."""
    combinations: dict[tuple[str, str], list[Point | Sequence | Set]] = {}
    for role in ROLES:
        holding = holdings.get(role, Holding())
        combinations[(role, "point")] = [holding.point] if holding.point else []
        combinations[(role, "sequences")] = sorted(
            holding.sequences, key=lambda s: s.key(), reverse=True
        )
        combinations[(role, "sets")] = sorted(holding.sets, key=lambda s: s.key(), reverse=True)
    units: list[_Unit] = []
    for event in events:
        if event.category in (PIQUE, REPIQUE):
            assert units and units[-1].role == event.role
            units[-1].bonus = event.category
            units[-1].points += event.points
            continue
        if not event.points:
            continue  # a class that was equal: said as "Equal.", scores nothing
        paired = combinations.get((event.role, event.category))
        units.append(_Unit(event, paired.pop(0) if paired else None))
    return units


# --- the table: who has said what, and each one's running total -------------------


class _Table:
    def __init__(self, number: int, names: dict[str, str]) -> None:
        self.number = number
        self.names = names
        self.calls: list[Call] = []
        self.running = dict.fromkeys(ROLES, 0)
        self.repeat_due: str | None = None  # who repeats his score before the next call

    def say(
        self, role: str, said: Said, units: list[_Unit] | None = None, gain: int | None = None
    ) -> None:
        """One call; `units` (or `gain`) are what it adds to the speaker's total:
        a call with either announces the total."""
        if self.repeat_due is not None:
            due, self.repeat_due = self.repeat_due, None
            if due != role:
                self.say(due, Repeat(), gain=0)
        units = units or []
        total = None
        bonus = None
        if units or gain is not None:
            self.running[role] += sum(u.points for u in units) + (gain or 0)
            total = self.running[role]
            bonus = next((u.bonus for u in units if u.bonus), None)
        self.calls.append(Call(self.number, role, self.names[role], said, total, bonus))

    def close(self) -> None:
        """A finished deal ends with both totals said: whoever did not speak last
        repeats his score, unless he said it just before."""
        self.repeat_due = None
        said = [c for c in self.calls if c.total is not None]
        if not said:
            for role in ROLES:
                self.say(role, Repeat(), gain=0)
            return
        last = said[-1]
        before = self.calls[-2] if len(self.calls) > 1 else None
        just_said = (
            last is self.calls[-1]
            and before is not None
            and before.role != last.role
            and before.total is not None
        )
        if not just_said:
            self.say(other(last.role), Repeat(), gain=0)


# --- the hand: carte blanche, the three classes, the reckonings --------------------

_ELDER_FIRST = ("carte_rouge", "point", "sequences")


def _hand(
    table: _Table, deal: Deal, units: list[_Unit], hands: dict[str, tuple[Card, ...]]
) -> None:
    for unit in units:
        if unit.category == "carte_blanche":
            table.say(unit.role, CarteBlanche(), [unit])
    elder = deal.holdings.get("elder", Holding())
    younger = deal.holdings.get("younger", Holding())
    hand = [u for u in units if u.event.reckons_in < PLAY and u.category != "carte_blanche"]

    suit: str | None = None
    point = elder.point
    if point is not None:
        table.say("elder", PointCards(point.cards))
        theirs = younger.point
        if theirs is not None and theirs.cards == point.cards:
            table.say("younger", AskValue())
            assert point.value is not None  # equal lengths carry both values
            table.say("elder", PointValue(point.value))
        answer = _answer(point.key(), theirs.key() if theirs else None)
        table.say("younger", Answer(answer))
        if answer == GOOD:
            suit = _point_suit(point, hands.get("elder", ()))

    best = elder.best_sequence()
    if best is not None:
        table.say("elder", SequenceCall(best.length, best.top, point_suit=suit))
        suit = None
        rival = younger.best_sequence()
        answer = _answer(best.key(), rival.key() if rival else None)
        table.say("younger", Answer(answer))
        if answer == GOOD:
            for sequence in sorted(elder.sequences, key=lambda s: s.key(), reverse=True)[1:]:
                table.say("elder", SequenceCall(sequence.length, sequence.top, also=True))
    if suit is not None:
        table.say("elder", PointSuit(suit))
    _reckon(table, "elder", [u for u in hand if u.role == "elder" and u.category in _ELDER_FIRST])

    best_set = elder.best_set()
    if best_set is not None:
        table.say("elder", SetCall(best_set.count, best_set.rank))
        rival_set = younger.best_set()
        answer = _answer(best_set.key(), rival_set.key() if rival_set else None)
        table.say("younger", Answer(answer))
        if answer == GOOD:
            for found in sorted(elder.sets, key=lambda s: s.key(), reverse=True)[1:]:
                table.say("elder", SetCall(found.count, found.rank, also=True))
    _reckon(table, "elder", [u for u in hand if u.role == "elder" and u.category == "sets"])


def _answer(mine: tuple, theirs: tuple | None) -> str:
    outcome = better(mine, theirs)
    return EQUAL if outcome is None else (GOOD if outcome else NOT_GOOD)


def _point_suit(point: Point, cards: tuple[Card, ...]) -> str | None:
    """The one suit of the hand that makes the point called, if the cards are known."""
    fits = [
        suit
        for suit in SUITS
        if sum(1 for c in cards if c.suit == suit) == point.cards
        and (point.value is None or sum(c.pips for c in cards if c.suit == suit) == point.value)
    ]
    return fits[0] if len(fits) == 1 else None


def _reckon(table: _Table, role: str, units: list[_Unit]) -> None:
    if not units:
        return
    start = total = table.running[role]
    items = []
    for unit in units:
        named = role == "younger" or unit.category == "carte_rouge"
        total += unit.points  # with the bonus made on it: "ninety-four"
        items.append(Item(unit.category, unit.event.points, total, named, unit.combination))
    table.say(role, Reckon(start, tuple(items)), units)


# --- the play -------------------------------------------------------------------------


class _Run:
    """Leads won one after another by one player, the other silent."""

    def __init__(self, role: str, start: int) -> None:
        self.role = role
        self.start = start  # the leader's total before the run
        self.totals: list[int] = []
        self.units: list[_Unit] = []
        self.last = False


def _play(table: _Table, deal: Deal, units: list[_Unit], complete: bool, runs: bool) -> None:
    younger_hand = [
        u
        for u in units
        if u.role == "younger" and u.event.reckons_in < PLAY and u.category != "carte_blanche"
    ]
    in_trick: dict[int, list[_Unit]] = {}
    for unit in units:
        if unit.category == "play" and unit.event.trick is not None:
            in_trick.setdefault(unit.event.trick, []).append(unit)
    run: _Run | None = None

    def say_run(run: _Run) -> None:
        if run.units:
            table.say(run.role, Lead(tuple(run.totals), run.last), run.units)
            run.start, run.units, run.totals, run.last = table.running[run.role], [], [], False

    def end_run(repeat: bool) -> None:
        nonlocal run
        if run is None:
            return
        say_run(run)
        table.repeat_due = other(run.role) if repeat else None
        run = None

    leader = "elder"
    for number, trick in enumerate(deal.tricks, start=1):
        follower = other(leader)
        scored = in_trick.get(number, [])
        leads = [u for u in scored if u.role == leader]
        follows = [u for u in scored if u.role == follower]
        reckons = number == 1 and bool(younger_hand)
        if run is not None and run.role != leader:
            end_run(repeat=True)
        if trick.winner == leader and not follows and not reckons:
            if leads:
                run = run or _Run(leader, table.running[leader])
                run.units += leads
                run.totals.append(run.start + sum(u.points for u in run.units))
                run.last = run.last or any(u.event.kind == "last" for u in leads)
                if not runs:
                    say_run(run)  # the other still repeats his score when the run ends
            leader = trick.winner
            continue
        end_run(repeat=True)
        last = any(u.event.kind == "last" for u in scored)
        if leads:
            total = table.running[leader] + sum(u.points for u in leads)
            table.say(leader, Lead((total,), last and trick.winner == leader), leads)
        if reckons:
            _reckon(table, "younger", younger_hand)
        if follows:
            said: Said = Win(last) if trick.winner == follower else Follow()
            table.say(follower, said, follows)
        leader = trick.winner
    end_run(repeat=False)
    if not deal.tricks and complete:
        _reckon(table, "younger", younger_hand)  # no lead will come
    if deal.throw_in is not None:
        table.say(deal.throw_in, ThrowIn())
    for unit in units:
        if unit.category == "play" and unit.event.kind == "throw_in":
            table.say(unit.role, ThrownTricks(), [unit])
    table.repeat_due = None
    for unit in units:
        if unit.category in ("cards", "capot"):
            table.say(unit.role, Cards(unit.category == "capot"), [unit])
