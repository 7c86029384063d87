"""The action vocabulary of `piquet-record/2`, and the fold that turns actions
into a record (docs/record-2.md, "Actions"). Pure Python, no I/O.

Actions are those of version 1 (`scorer.actions`) with seats where version 1
names roles: a seat is the letter of a player's place in `players` (A, B,
C...). The vocabulary:

- `{"carte_blanche": "B"}`: a carte blanche claim.
- `{"carte_rouge": "B"}`: a carte rouge claim, with that variant (ecrire, chouette).
- `{"exchange": "C", "cards": 2}`: the cards a seat took; in Normand only the
  dealer, from the widow (not in voleur).
- `{"declare": "point", "by": "A", "cards": 5, "value": 49}`: a call (`value`
  optional); `{"declare": "sequence", "by": "A", "length": 4, "top": "A"}` and
  `{"declare": "set", "by": "B", "count": 3, "rank": "K"}` append;
  `{"declare": "nothing", "by": "C"}` says the seat has declared, calling
  nothing (with `hands`, a hand that declares is scored on its calls only).
- `{"hands": "A", "cards": [...]}`: a hand.
- `{"trick": "B"}`: the winner of the next trick; with its cards,
  `{"trick": {"winner": "B", "cards": ["9H", "7H", "AH"]}}` in play order from
  the trick's leader (normand, voleur) or `{"trick": {"winner": "B", "lead":
  "AH", "follow": "10H"}}` (ecrire, chouette).
- `{"throw_in": "A"}`: a throw-in, in a partie's last deal (chouette).
- `{"entered": {"A": 20, "B": 12, "C": 0}}`: the deal's totals by seat (the two
  seats playing in ecrire and chouette), by side in voleur: `{"AC": 30, "BD": 8}`.
- `{"next_deal": true}`: closes the complete deal in play and opens the next
  (entered as totals too when the deal closed was).
- `{"entry": "totals"}` / `{"entry": "dialogue"}`: how the deal in play is
  entered (quick mode: its totals only), said before its first action; the
  deal keeps `"entry"`, and `next_deal` opens the next one the same way.
- `{"pending": {"kind": "top", "seat": "B", "length": 4, "then": "reply"}}`:
  the first tap of a two-tap answer (a sequence's length before its top
  card, "Making?" before the value, a point as long as the good one before
  its value), kept in the deal as `"pending"` until the next action of the
  deal takes its place. Neither scores anything: they decide what the table
  asks next, so the journal keeps them.
- `{"next_partie": {"single": "B", "playing": "C", "first_dealer": "B"}}`:
  starts the next partie of a Chouette sitting.

- `new_record(form, players, first_dealer, game=..., variants=..., settings=...)`:
  the record of a game about to start. Normand, Voleur and à Écrire start
  with one empty deal `{}` in play; a Chouette sitting starts with no partie,
  and `next_partie` opens each one (with its first deal `{}`).
- `parse_action(obj, form=None)`: a clean copy of a well-formed action, or
  `ActionError`; with `form`, a kind the form does not have is refused.
- `play(record, action, score=None) -> (record, score)` and
  `apply_action(record, action) -> record`: the checked step. The new record
  is checked by scoring it with `scorer.multi.score_record2`; the input is
  never changed. Refused: anything after the game is finished (Normand,
  Voleur, à Écrire), anything but `next_partie` between two Chouette
  parties, a trick beyond the deal's count (an 11th in Normand, a 9th in
  Voleur, a 13th in two hands), a seat not at the table or not playing the
  deal, a call or claim after the first trick, and whatever the engine
  refuses in the record that would result.
- `replay(record, actions)`: folds actions accepted once, with the cheap
  checks only; the caller scores the result.
- `record_to_actions(record)`: the actions that rebuild a record from
  `new_record(...)` (import).
- `ended(score)`: no action at all may follow (a finished Normand, Voleur or
  à Écrire game; a Chouette sitting never ends: another partie may start).
- `deal_in_play(record)`: the number of the deal in play (in Chouette, in the
  partie in play; 0 before the first partie).

As in version 1, tricks stay a string of seat letters while every trick is a
plain winner; the first trick given with its cards turns the deal's tricks
into the list form. A second `point` call by the same seat replaces the first.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable
from typing import Any

from scorer.actions import kind_among
from scorer.errors import N_, ActionError, RecordError, Said
from scorer.frozen import frozen
from scorer.multi.record import FORMAT, SEAT_LETTERS
from scorer.multi.traits import ONLY_SOME, TRAITS, Traits, forms_taking, traits
from scorer.quoting import quoted

Action = dict[str, Any]
Deal = dict[str, Any]

TRICKS = {name: rules.tricks for name, rules in TRAITS.items()}
TWO_HANDED = tuple(name for name, rules in TRAITS.items() if rules.two_handed)
VOLEUR_SIDES = ("AC", "BD")
ORDINALS = {9: N_("a 9th"), 11: N_("an 11th"), 13: N_("a 13th")}

# Which forms take each kind (every other kind is taken by all four).
ONLY = {kind: forms_taking(kind) for kind in ONLY_SOME}


def new_record(
    form: str,
    players: list[str],
    first_dealer: str | None = None,
    *,
    game: str | None = None,
    variants: dict[str, Any] | None = None,
    settings: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The record of a game about to start (not checked: score it to check it).

    `first_dealer` is a name (None for chouette, whose parties name their own);
    `game` is the two-handed partie of voleur and chouette (rubicon by default);
    `variants` the two-handed variants of ecrire and chouette. A field given to
    a form that has none is kept, so that scoring refuses it in words.
    """
    record: dict[str, Any] = {"format": FORMAT, "form": form, "players": list(players)}
    rules = TRAITS.get(form)
    parties = rules is not None and rules.parties
    if not parties or first_dealer is not None:
        record["first_dealer"] = first_dealer
    if (rules is not None and rules.takes_game) or game is not None:
        record["game"] = game or "rubicon"
    if (rules is not None and rules.takes_variants) or variants:
        record["variants"] = dict(variants or {})
    record["settings"] = dict(settings or {})
    if rules is not None and rules.sides:
        record["partnerships"] = [["A", "C"], ["B", "D"]]
    if parties:
        record["parties"] = []
    else:
        record["deals"] = [{}]
    return record


# --- shapes -------------------------------------------------------------------------


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _need_seat(value: object, key: str) -> None:
    if not isinstance(value, str) or value not in SEAT_LETTERS:
        raise ActionError(
            Said(
                "action: {key} must be a seat letter (A to G), not {given}",
                key=repr(key),
                given=quoted(value),
            )
        )


def _need_int(action: Action, key: str) -> None:
    if not _is_int(action.get(key)):
        raise ActionError(
            Said(
                "action: {key} must be a whole number, not {given}",
                key=repr(key),
                given=quoted(action.get(key)),
            )
        )


def _need_str(action: Action, key: str) -> None:
    if not isinstance(action.get(key), str):
        raise ActionError(
            Said(
                "action: {key} must be a string, not {given}",
                key=repr(key),
                given=quoted(action.get(key)),
            )
        )


def _need_cards(value: object, key: str) -> None:
    if not isinstance(value, list) or not all(isinstance(card, str) for card in value):
        raise ActionError(
            Said('action: {key} must be a list of cards such as "AS" or "10H"', key=repr(key))
        )


DECLARATION_FIELDS = {
    "point": ("cards", "value"),
    "sequence": ("length", "top"),
    "set": ("count", "rank"),
    "nothing": ("class",),  # the class answered ("Good", "Nothing"); without it, the seat only
}
ANSWERED_CLASSES = ("point", "sequences", "sets")


def _check_seat_kind(kind: str) -> Callable[[Action], None]:
    return lambda action: _need_seat(action.get(kind), kind)


def _check_exchange(action: Action) -> None:
    _need_seat(action.get("exchange"), "exchange")
    _need_int(action, "cards")


def _check_declare(action: Action) -> None:
    what = action.get("declare")
    if not isinstance(what, str) or what not in DECLARATION_FIELDS:
        raise ActionError(
            Said(
                'action: \'declare\' must be "point", "sequence", "set" or "nothing", not {given}',
                given=quoted(what),
            )
        )
    _need_seat(action.get("by"), "by")
    extra = sorted(set(action) - {"declare", "by", *DECLARATION_FIELDS[what]})
    if extra:
        raise ActionError(
            Said(
                "action: a {what} declaration takes no {listed}",
                what=what,
                listed=", ".join(map(repr, extra)),
            )
        )
    if what == "nothing":
        if "class" in action and action["class"] not in ANSWERED_CLASSES:
            raise ActionError(
                Said(
                    'action: \'class\' must be "point", "sequences" or "sets", not {given}',
                    given=quoted(action["class"]),
                )
            )
        return
    if what == "point":
        _need_int(action, "cards")
        if "value" in action:
            _need_int(action, "value")
    elif what == "sequence":
        _need_int(action, "length")
        _need_str(action, "top")
    else:
        _need_int(action, "count")
        _need_str(action, "rank")


def _check_hands(action: Action) -> None:
    _need_seat(action.get("hands"), "hands")
    _need_cards(action.get("cards"), "cards")


def _check_trick(action: Action) -> None:
    trick = action.get("trick")
    if isinstance(trick, str):
        _need_seat(trick, "trick")
        return
    if not isinstance(trick, dict) or not all(isinstance(key, str) for key in trick):
        raise ActionError(
            Said(
                'action: \'trick\' must be a seat, {{"winner", "cards"}} or {{"winner", '
                '"lead", "follow"}}, not {given}',
                given=quoted(trick),
            )
        )
    _need_seat(trick.get("winner"), "winner")
    keys = set(trick) - {"winner"}
    if keys == {"cards"}:
        _need_cards(trick["cards"], "cards")
    elif keys == {"lead", "follow"}:
        for key in ("lead", "follow"):
            if not isinstance(trick[key], str):
                raise ActionError(
                    Said('action: a trick\'s {key} must be a card such as "AH"', key=repr(key))
                )
    elif keys:
        raise ActionError(
            Said(
                "action: a trick gives its winner, with its 'cards' (three or four "
                "players) or its 'lead' and 'follow' (two hands), or neither"
            )
        )


def _check_entered(action: Action) -> None:
    entered = action.get("entered")
    if (
        not isinstance(entered, dict)
        or not entered
        or not all(isinstance(key, str) for key in entered)
        or not all(_is_int(value) for value in entered.values())
    ):
        raise ActionError(
            Said(
                "action: 'entered' must be {SEAT: N, ...} with whole numbers (by side in "
                'voleur: {"AC": N, "BD": N})'
            )
        )
    for key in entered:
        if key not in VOLEUR_SIDES:
            _need_seat(key, "entered")


def _check_next_deal(action: Action) -> None:
    if action.get("next_deal") is not True:
        raise ActionError(Said("action: 'next_deal' must be true"))


PARTIE_KEYS = ("single", "playing", "first_dealer")


ENTRIES = ("totals", "dialogue")
PENDING_KINDS = ("top", "making", "value")
PENDING_KEYS = {"kind", "seat", "length", "then", "cards", "good"}


def _check_entry(action: Action) -> None:
    if action.get("entry") not in ENTRIES:
        raise ActionError(
            Said(
                'action: \'entry\' must be "totals" or "dialogue", not {given}',
                given=quoted(action.get("entry")),
            )
        )


def _check_pending(action: Action) -> None:
    step = action.get("pending")
    if (
        not isinstance(step, dict)
        or step.get("kind") not in PENDING_KINDS
        or not set(step) <= PENDING_KEYS
    ):
        raise ActionError(
            Said(
                'action: \'pending\' must be {{"kind": "top"|"making"|"value", "seat": '
                "SEAT, ...}}, not {given}",
                given=quoted(step),
            )
        )
    _need_seat(step.get("seat"), "seat")
    for key in ("length", "cards"):
        if key in step:
            _need_int(step, key)
    if "good" in step:
        _need_seat(step["good"], "good")
    if "then" in step and step["then"] not in ("call", "reply", "add", "partner"):
        raise ActionError(
            Said("action: a pending top's 'then' cannot be {given}", given=quoted(step["then"]))
        )


def _apply_entry(record: dict[str, Any], deal: Deal, action: Action, place: str) -> None:
    said = sorted(set(deal) - {"entry", "pending"})
    if said:
        raise ActionError(
            Said(
                "{place}: the way a deal is entered changes only before its first action "
                "(it has {listed})",
                place=place,
                listed=", ".join(said),
            )
        )
    deal.pop("pending", None)
    deal["entry"] = action["entry"]


def _apply_pending(record: dict[str, Any], deal: Deal, action: Action, place: str) -> None:
    deal["pending"] = dict(action["pending"])


def _check_next_partie(action: Action) -> None:
    partie = action.get("next_partie")
    if not isinstance(partie, dict) or set(partie) != set(PARTIE_KEYS):
        raise ActionError(
            Said(
                'action: \'next_partie\' must be {"single": SEAT, "playing": SEAT, '
                '"first_dealer": SEAT}'
            )
        )
    for key in PARTIE_KEYS:
        _need_seat(partie[key], key)


@frozen
class ActionKind:
    """One kind of action: the keys it may carry, its shape check, its handler."""

    keys: frozenset[str]
    check: Callable[[Action], None]
    apply: Callable[[dict[str, Any], Deal, Action, str], None]
    before_play: bool  # refused once the deal's first trick is in
    what: str  # how a refusal names it


# --- handlers: each edits the deal in play --------------------------------------------


def _sitting(record: dict[str, Any]) -> bool:
    """A sitting of parties, each naming its seats (Chouette)."""
    rules = TRAITS.get(str(record.get("form")))
    return rules is not None and rules.parties


def _seats(record: dict[str, Any]) -> tuple[str, ...]:
    return SEAT_LETTERS[: len(record.get("players") or ())]


def _claim(record: dict[str, Any], deal: Deal, action: Action, place: str, kind: str) -> None:
    seat = action[kind]
    raw = deal.get(kind, [])
    claims = [raw] if isinstance(raw, str) else list(raw)
    if seat in claims:
        raise ActionError(
            Said(
                "{place}: {seat} has already claimed carte blanche"
                if kind == "carte_blanche"
                else "{place}: {seat} has already claimed carte rouge",
                place=place,
                seat=seat,
            )
        )
    claims.append(seat)
    deal[kind] = sorted(claims)


def _apply_exchange(record: dict[str, Any], deal: Deal, action: Action, place: str) -> None:
    deal.setdefault("exchange", {})[action["exchange"]] = action["cards"]


def _apply_declare(record: dict[str, Any], deal: Deal, action: Action, place: str) -> None:
    # the calls in the order they were said: who announces next is replayed from them
    deal.setdefault("announcing", []).append(dict(action))
    calls = deal.setdefault("declared", {}).setdefault(action["by"], {})
    what = action["declare"]
    if what == "nothing":  # the seat has declared: with hands, what it did not call is sunk
        klass = action.get("class")
        if klass is not None:  # it answered that class, calling nothing in it
            calls.setdefault(klass, None if klass == "point" else [])
        return
    item = {key: action[key] for key in DECLARATION_FIELDS[what] if key in action}
    if what == "point":
        calls["point"] = item  # a later call by the same seat replaces the earlier
    else:
        calls.setdefault(f"{what}s", []).append(item)


def _apply_hands(record: dict[str, Any], deal: Deal, action: Action, place: str) -> None:
    deal.setdefault("hands", {})[action["hands"]] = list(action["cards"])


def _winners(tricks: object) -> list[Any]:
    return list(tricks) if isinstance(tricks, str | list) else []


def _apply_trick(record: dict[str, Any], deal: Deal, action: Action, place: str) -> None:
    form = record["form"]
    tricks = _winners(deal.get("tricks", ""))
    most = TRICKS[form]
    if len(tricks) >= most:
        nth = Said(ORDINALS[most + 1]) if most + 1 in ORDINALS else Said("a {n}th", n=most + 1)
        raise ActionError(
            Said(
                "{place}: {nth} trick; the deal already has its {most} tricks",
                place=place,
                nth=nth,
                most=most,
            )
        )
    trick = action["trick"]
    if isinstance(trick, dict):
        if set(trick) == {"winner"}:
            trick = trick["winner"]
        elif "cards" in trick and traits(form).two_handed:
            raise ActionError(
                Said(
                    "{place}: a trick of two hands gives its 'lead' and 'follow', not 'cards'",
                    place=place,
                )
            )
        elif "lead" in trick and not traits(form).two_handed:
            raise ActionError(
                Said(
                    "{place}: a trick of {form} gives its 'cards' in play order from its "
                    "leader, not 'lead' and 'follow'",
                    place=place,
                    form=form,
                )
            )
    tricks.append(trick)
    if all(isinstance(item, str) for item in tricks):
        deal["tricks"] = "".join(tricks)
    else:
        deal["tricks"] = [
            {"winner": item} if isinstance(item, str) else dict(item) for item in tricks
        ]


def _apply_throw_in(record: dict[str, Any], deal: Deal, action: Action, place: str) -> None:
    deal["throw_in"] = action["throw_in"]


def _apply_entered(record: dict[str, Any], deal: Deal, action: Action, place: str) -> None:
    others = sorted(set(deal) - {"exchange", "announcing", "entry"})
    if others:
        raise ActionError(
            Said(
                "{place}: entered totals cannot be combined with {listed}",
                place=place,
                listed=", ".join(others),
            )
        )
    deal["entered"] = dict(action["entered"])


KINDS: dict[str, ActionKind] = {
    "carte_blanche": ActionKind(
        frozenset({"carte_blanche"}),
        _check_seat_kind("carte_blanche"),
        lambda record, deal, action, place: _claim(record, deal, action, place, "carte_blanche"),
        True,
        N_("a carte blanche"),
    ),
    "carte_rouge": ActionKind(
        frozenset({"carte_rouge"}),
        _check_seat_kind("carte_rouge"),
        lambda record, deal, action, place: _claim(record, deal, action, place, "carte_rouge"),
        True,
        N_("a carte rouge"),
    ),
    "exchange": ActionKind(
        frozenset({"exchange", "cards"}), _check_exchange, _apply_exchange, True, N_("an exchange")
    ),
    "declare": ActionKind(
        frozenset({"declare", "by", "cards", "value", "length", "top", "count", "rank", "class"}),
        _check_declare,
        _apply_declare,
        True,
        N_("a declaration"),
    ),
    "hands": ActionKind(
        frozenset({"hands", "cards"}), _check_hands, _apply_hands, True, N_("a hand")
    ),
    "trick": ActionKind(frozenset({"trick"}), _check_trick, _apply_trick, False, N_("a trick")),
    "throw_in": ActionKind(
        frozenset({"throw_in"}),
        _check_seat_kind("throw_in"),
        _apply_throw_in,
        True,
        N_("a throw-in"),
    ),
    "entered": ActionKind(
        frozenset({"entered"}), _check_entered, _apply_entered, False, N_("entered totals")
    ),
    "next_deal": ActionKind(
        frozenset({"next_deal"}),
        _check_next_deal,
        lambda record, deal, action, place: None,
        False,
        N_("next_deal"),
    ),
    "next_partie": ActionKind(
        frozenset({"next_partie"}),
        _check_next_partie,
        lambda record, deal, action, place: None,
        False,
        N_("next_partie"),
    ),
    "entry": ActionKind(
        frozenset({"entry"}), _check_entry, _apply_entry, True, N_("the way a deal is entered")
    ),
    "pending": ActionKind(
        frozenset({"pending"}), _check_pending, _apply_pending, True, N_("a first tap")
    ),
}
TOTALS_ONLY = ("entered", "exchange", "entry", "next_deal")  # what a deal of totals takes


def kind_of(action: Action) -> str:
    """The kind of an action (its one key naming a kind); raises ActionError."""
    return kind_among(action, KINDS)


def parse_action(obj: object, form: str | None = None) -> Action:
    """Check an action's shape (and, with `form`, that the form has that kind);
    returns a clean copy, or raises ActionError."""
    if not isinstance(obj, dict) or not all(isinstance(key, str) for key in obj):
        raise ActionError(Said("action: expected a JSON object, not {given}", given=quoted(obj)))
    name = kind_of(obj)
    kind = KINDS[name]
    extra = sorted(set(obj) - kind.keys)
    if extra:
        raise ActionError(
            Said(
                "action: {name} takes no {listed}",
                name=repr(name),
                listed=", ".join(map(repr, extra)),
            )
        )
    kind.check(obj)
    if form is not None and not traits(form).takes(name):
        raise ActionError(
            Said(
                "action: {form} has no {kind} (only {listed})",
                form=form,
                kind=name.replace("_", " "),
                listed=", ".join(ONLY[name]),
            )
        )
    return copy.deepcopy(obj)


# --- where the table stands -----------------------------------------------------------


def _left_of(seats: tuple[str, ...], seat: str, steps: int = 1) -> str:
    return seats[(seats.index(seat) + steps) % len(seats)]


def _seat_of(record: dict[str, Any], name: object) -> str | None:
    players = list(record.get("players") or ())
    return SEAT_LETTERS[players.index(name)] if name in players else None


def _deals_in_play(record: dict[str, Any]) -> tuple[list[Deal], str | Said]:
    """The list of deals the next action goes to, and the place that names it."""
    if not _sitting(record):
        deals = record.setdefault("deals", [])
        if not deals:
            deals.append({})
        return deals, ""
    parties = record.setdefault("parties", [])
    if not parties:
        raise ActionError(
            Said(
                'no partie in play yet: start one with {"next_partie": {"single": SEAT, '
                '"playing": SEAT, "first_dealer": SEAT}}'
            )
        )
    partie = parties[-1]
    deals = partie.setdefault("deals", [])
    if not deals:
        deals.append({})
    return deals, Said("partie {n}: ", n=len(parties))


def playing_seats(record: dict[str, Any], number: int | None = None) -> tuple[str, ...]:
    """The seats that play deal `number` (the deal in play by default), in seat order:
    every seat in Normand and Voleur; the dealer and his left-hand neighbour in à
    Écrire; the single player and the one who plays for the pair in Chouette."""
    seats = _seats(record)
    rules = TRAITS.get(str(record.get("form")))
    if rules is not None and rules.parties:
        parties = record.get("parties") or []
        if not parties:
            return ()
        partie = parties[-1]
        return tuple(s for s in seats if s in (partie.get("single"), partie.get("playing")))
    if rules is None or not rules.two_handed:
        return seats
    dealer = _seat_of(record, record.get("first_dealer"))
    if dealer is None or not seats:
        return seats
    if number is None:
        number = len(record.get("deals") or [{}])
    dealer = _left_of(seats, dealer, number - 1)
    return tuple(s for s in seats if s in (dealer, _left_of(seats, dealer)))


def _action_seats(name: str, action: Action) -> list[str]:
    """The seats an action names (entered: its seat keys; sides are checked by the engine)."""
    if name in ("carte_blanche", "carte_rouge", "exchange", "hands", "throw_in", "pending"):
        return [action[name]]
    if name == "declare":
        return [action["by"]]
    if name == "trick":
        trick = action["trick"]
        return [trick if isinstance(trick, str) else trick["winner"]]
    if name == "entered":
        return [key for key in action["entered"] if key not in VOLEUR_SIDES]
    if name == "next_partie":
        return [action["next_partie"][key] for key in PARTIE_KEYS]
    return []


def _check_seats(record: dict[str, Any], name: str, action: Action, place: str) -> None:
    seats = _seats(record)
    named = _action_seats(name, action)
    for seat in named:
        if seat not in seats:
            raise ActionError(
                Said(
                    "{place}seat {seat} is not at the table (seats {seats})",
                    place=place,
                    seat=seat,
                    seats=" ".join(seats),
                )
            )
    if name == "next_partie":
        return
    playing = playing_seats(record)
    for seat in named:
        if seat not in playing:
            raise ActionError(
                Said(
                    "{place}seat {seat} does not play this deal (only {playing})",
                    place=place,
                    seat=seat,
                    playing=" and ".join(playing),
                )
            )


def is_complete(form: str, deal: Deal) -> bool:
    """Complete by its fields: all its tricks, a throw-in or entered totals."""
    return (
        len(_winners(deal.get("tricks", ""))) >= TRICKS[form]
        or "throw_in" in deal
        or "entered" in deal
    )


def _why_complete(form: str, deal: Deal) -> Said:
    if "entered" in deal:
        return Said("its totals are entered")
    if "throw_in" in deal:
        return Said("{hand} threw in", hand=deal["throw_in"])
    if len(_winners(deal.get("tricks", ""))) >= TRICKS[form]:
        return Said("all {n} tricks are played", n=TRICKS[form])
    return Said("the partie stopped at its target")


def _apply_in_place(
    record: dict[str, Any], action: Action, complete: bool = False, partie_over: bool = False
) -> None:
    """The structural fold step: edits `record` (a private copy) or raises ActionError.

    `complete`: the engine found the deal in play complete although its fields do not
    show it (a Chouette partie au Cent that stops at its target); `partie_over`: the
    Chouette partie in play is finished (so the next may start).
    """
    rules = traits(record.get("form"))
    form = rules.name
    name = kind_of(action)
    kind = KINDS[name]
    if not rules.takes(name):
        raise ActionError(
            Said("action: {form} has no {kind}", form=form, kind=name.replace("_", " "))
        )
    if name == "next_partie":
        parties = record.setdefault("parties", [])
        if parties and not partie_over:
            raise ActionError(
                Said(
                    "partie {n} is not finished: the next partie starts after its result",
                    n=len(parties),
                )
            )
        _check_seats(record, name, action, Said("partie {n}: ", n=len(parties) + 1))
        last = (parties[-1].get("deals") or [{}])[-1] if parties else {}
        parties.append({**action["next_partie"], "deals": [_opened(last)]})
        return
    deals, where = _deals_in_play(record)
    number = len(deals)
    place = Said("{where}deal {n}: ", where=where, n=number)
    deal = deals[-1]
    if name == "next_deal":
        if not (complete or is_complete(form, deal)):
            played = len(_winners(deal.get("tricks", "")))
            raise ActionError(_not_complete(where, number, TRICKS[form], rules.throw_in, played))
        deals.append(_opened(deal))
        return
    if name == "pending":
        _check_seats(record, name, {"pending": action["pending"]["seat"]}, place)
    else:
        _check_seats(record, name, action, place)
    if deal.get("entry") == "totals" and name not in TOTALS_ONLY:
        raise ActionError(
            Said(
                "{place}the deal is entered as totals: {what} does not fit",
                place=place,
                what=Said(kind.what),
            )
        )
    if kind.before_play and deal.get("tricks"):
        raise ActionError(
            Said("{place}{what} after the first trick", place=place, what=Said(kind.what))
        )
    extra_trick = name == "trick" and len(_winners(deal.get("tricks", ""))) >= TRICKS[form]
    if (complete or is_complete(form, deal)) and not extra_trick:
        raise ActionError(
            Said(
                "{place}the deal is complete ({why}): only next_deal may follow",
                place=place,
                why=_why_complete(form, deal),
            )
        )
    if name != "pending":
        deal.pop("pending", None)  # the next action of the deal takes the first tap's place
    kind.apply(record, deal, action, Said("{where}deal {n}", where=where, n=number))


def _not_complete(where: str, number: int, most: int, throw_in: bool, played: int) -> Said:
    """`next_deal` on a deal not complete: what it needs, and the tricks it has
    (the count's form the reader's language's: French "0 pli")."""
    if throw_in:
        return Said.counted(
            "{where}deal {n} is not complete: it needs {most} tricks, a throw-in or "
            "entered totals, and has {played} trick",
            "{where}deal {n} is not complete: it needs {most} tricks, a throw-in or "
            "entered totals, and has {played} tricks",
            "played",
            where=where,
            n=number,
            most=most,
            played=played,
        )
    return Said.counted(
        "{where}deal {n} is not complete: it needs {most} tricks or entered totals, "
        "and has {played} trick",
        "{where}deal {n} is not complete: it needs {most} tricks or entered totals, "
        "and has {played} tricks",
        "played",
        where=where,
        n=number,
        most=most,
        played=played,
    )


def _opened(closed: Deal) -> Deal:
    """The next deal, entered the same way as the one it follows (quick mode)."""
    return {"entry": "totals"} if closed.get("entry") == "totals" else {}


# --- checked steps --------------------------------------------------------------------


def score_or_refuse(record: dict[str, Any]) -> dict[str, Any]:
    """`score_record2`, with a refused record turned into an ActionError."""
    from scorer.multi.score import score_record2

    try:
        return score_record2(record)
    except RecordError as error:
        raise ActionError("; ".join(error.problems)) from error


def ended(score: dict[str, Any]) -> bool:
    """No action at all may follow: a finished game (a Chouette sitting goes on)."""
    return traits(score.get("form")).ends and bool(score.get("finished"))


def _in_play(score: dict[str, Any]) -> tuple[dict[str, Any] | None, bool]:
    """The score of the deal in play (None if none yet) and, in Chouette, whether
    the partie in play is finished (True before the first partie)."""
    if _sitting(score):
        parties = score.get("parties") or []
        if not parties:
            return None, True
        partie = parties[-1]
        deals = partie["score"]["deals"]
        return (deals[-1] if deals else None), bool(partie["finished"])
    deals = score.get("deals") or []
    return (deals[-1] if deals else None), False


def deal_in_play(record: dict[str, Any]) -> int:
    """The number of the deal in play (Chouette: in the partie in play; 0 before one)."""
    if _sitting(record):
        parties = record.get("parties") or []
        return len(parties[-1].get("deals") or []) if parties else 0
    return len(record.get("deals") or [])


def play(
    record: dict[str, Any], action: object, score: dict[str, Any] | None = None
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The checked fold step: (new record, its score), or ActionError.

    `score` is the score of `record` if the caller has it already.
    """
    clean = parse_action(action, record.get("form"))
    if score is None:
        score = score_or_refuse(record)
    if ended(score):
        raise ActionError(Said("the game is finished: no action may follow"))
    name = kind_of(clean)
    deal, partie_over = _in_play(score)
    if _sitting(record) and partie_over and name != "next_partie":
        parties = record.get("parties") or []
        if parties:
            raise ActionError(
                Said("partie {n} is finished: only next_partie may follow", n=len(parties))
            )
    new = copy.deepcopy(record)
    complete = (
        deal is not None
        and bool(deal.get("complete"))
        and (deal.get("number") == deal_in_play(record) or _sitting(record))
    )
    _apply_in_place(new, clean, complete, partie_over)
    return new, score_or_refuse(new)


def apply_action(record: dict[str, Any], action: object) -> dict[str, Any]:
    """The checked fold step: a NEW record with `action` applied, or ActionError."""
    return play(record, action)[0]


def replay(record: dict[str, Any], actions: Iterable[Action]) -> dict[str, Any]:
    """Fold actions that were accepted once, with the structural checks only.

    Returns a new record; the caller scores it (one scoring instead of one per action).
    """
    new = copy.deepcopy(record)
    form = new.get("form")
    for action in actions:
        clean = parse_action(action, form)
        name = kind_of(clean)
        # accepted once: the deal (or partie) it closes was complete (or finished) then
        _apply_in_place(new, clean, complete=name == "next_deal", partie_over=name == "next_partie")
    return new


# --- a record back into actions (import) ---------------------------------------------


def _seat_keys(value: object, seats: tuple[str, ...]) -> list[str]:
    """The keys of a seat-keyed field in seat order (others after, as given)."""
    if not isinstance(value, dict):
        return []
    return [s for s in seats if s in value] + [k for k in value if k not in seats]


def _deal_to_actions(
    deal: Deal, seats: tuple[str, ...], playing: tuple[str, ...], rules: Traits
) -> list[Action]:
    """A deal's actions, reading what the record's reader reads and nothing else: a
    call's own fields, a trick's winner and cards (or lead and follow in the forms
    of two hands); other keys are passed over and null is not given, as the reader
    takes them. `playing`: the seats that play the deal."""
    actions: list[Action] = []
    if deal.get("entry") in ENTRIES:
        actions.append({"entry": deal["entry"]})
    for kind in ("carte_blanche", "carte_rouge"):
        raw = deal.get(kind)
        claims = [raw] if isinstance(raw, str) else raw if isinstance(raw, list) else []
        actions += [{kind: seat} for seat in claims]
    exchange = deal.get("exchange") or {}
    for seat in _seat_keys(exchange, seats):
        if exchange[seat] is not None:
            actions.append({"exchange": seat, "cards": exchange[seat]})
    hands = deal.get("hands") or {}
    for seat in _seat_keys(hands, seats):
        actions.append({"hands": seat, "cards": list(hands[seat])})
    said = deal.get("announcing")
    if isinstance(said, list) and _said_as_declared(
        said, deal.get("declared")
    ):  # the calls in the order they were said
        actions += [dict(item) for item in said]
    else:
        actions += _declared_to_actions(deal.get("declared"), seats, playing)
    if "entered" in deal:
        actions.append({"entered": dict(deal["entered"])})
    if "throw_in" in deal:
        actions.append({"throw_in": deal["throw_in"]})
    fields = ("winner", "lead", "follow") if rules.two_handed else ("winner", "cards")
    actions += [
        {"trick": {k: trick[k] for k in fields if k in trick} if isinstance(trick, dict) else trick}
        for trick in _winners(deal.get("tricks", ""))
    ]
    if isinstance(deal.get("pending"), dict):
        actions.append({"pending": dict(deal["pending"])})
    return actions


def _said_as_declared(said: object, declared: object) -> bool:
    """The deal's `announcing` (the calls as said, which the fold keeps) rebuilds the
    `declared` the reader scores: only then are the calls imported in that order."""
    if not isinstance(said, list) or not said:
        return False
    scratch: Deal = {}
    try:
        for item in said:
            action = parse_action(item)
            if kind_of(action) != "declare":
                return False
            _apply_declare({}, scratch, action, "")
    except ActionError:
        return False
    return scratch.get("declared") == declared


def _call(what: str, seat: str, call: object) -> Action:
    """A declaration from a record's call: the fields the reader reads (null: not given)."""
    fields = DECLARATION_FIELDS[what]
    known = (
        {key: call[key] for key in fields if call.get(key) is not None}
        if isinstance(call, dict)
        else {}
    )
    return {"declare": what, "by": seat, **known}


def _declared_to_actions(
    declared: object, seats: tuple[str, ...], playing: tuple[str, ...]
) -> list[Action]:
    actions: list[Action] = []
    if declared == {} and playing:  # declared, by nobody: every hand sank all it held
        actions.append({"declare": "nothing", "by": playing[0]})
    declared = declared if isinstance(declared, dict) else {}
    for seat in _seat_keys(declared, seats):
        calls = declared[seat] or {}
        if not any(calls.get(key) for key in ANSWERED_CLASSES):
            actions.append({"declare": "nothing", "by": seat})
        for klass in ANSWERED_CLASSES:  # a class answered with nothing in it
            if klass in calls and not calls[klass]:
                actions.append({"declare": "nothing", "by": seat, "class": klass})
        if calls.get("point"):
            actions.append(_call("point", seat, calls["point"]))
        actions += [_call("sequence", seat, s) for s in calls.get("sequences") or []]
        actions += [_call("set", seat, s) for s in calls.get("sets") or []]
    return actions


def _deals_to_actions(
    record: dict[str, Any], deals: list[Deal], playing: tuple[str, ...] | None = None
) -> list[Action]:
    """`playing`: the seats of every deal (a Chouette partie's); by default those of
    each deal in turn (in à Écrire, its dealer and the dealer's left-hand neighbour)."""
    seats = _seats(record)
    rules = traits(record.get("form"))
    actions: list[Action] = []
    for index, deal in enumerate(deals):
        if index:
            actions.append({"next_deal": True})
        deal_seats = playing if playing is not None else playing_seats(record, index + 1)
        given = _deal_to_actions(deal if isinstance(deal, dict) else {}, seats, deal_seats, rules)
        # a field of a kind the form has not (carte_rouge in Normand) its reader passes over
        actions += [action for action in given if rules.takes(kind_of(action))]
    return actions


def record_to_actions(record: dict[str, Any]) -> list[Action]:
    """The actions that rebuild `record` from `new_record(...)`.

    Fields no action carries are dropped; the caller checks that the rebuilt
    record scores the same.
    """
    if not _sitting(record):
        return _deals_to_actions(record, list(record.get("deals") or []))
    seats = _seats(record)
    actions: list[Action] = []
    for partie in record.get("parties") or []:
        actions.append({"next_partie": {key: partie.get(key) for key in PARTIE_KEYS}})
        playing = tuple(s for s in seats if s in (partie.get("single"), partie.get("playing")))
        actions += _deals_to_actions(record, list(partie.get("deals") or []), playing)
    return actions


def header_of(record: dict[str, Any]) -> dict[str, Any]:
    """A record's top level without its deals or parties: what `new_record` needs."""
    return {
        key: copy.deepcopy(value)
        for key, value in record.items()
        if key not in ("deals", "parties")
    }


def start_of(header: dict[str, Any]) -> dict[str, Any]:
    """The record of a game about to start, from its top level (`header_of`)."""
    start = copy.deepcopy(header)
    if _sitting(start):
        start["parties"] = []
    else:
        start["deals"] = [{}]
    return start


def same_score(folded: dict[str, Any], original: dict[str, Any]) -> bool:
    """The folded record's score agrees with the original one's (the fold may add
    the empty deal 1, and with it an à Écrire round not begun, or a partie's empty
    first deal)."""
    for key, value in original.items():
        if key in ("deals", "parties", "rounds"):
            continue
        if folded.get(key) != value:
            return False
    if "rounds" in original:
        rounds = folded.get("rounds") or []
        if rounds[: len(original["rounds"])] != original["rounds"] or any(
            r.get("complete") or any(r.get("scores", {}).values())
            for r in rounds[len(original["rounds"]) :]
        ):
            return False
    if "deals" in original:
        return folded["deals"][: len(original["deals"])] == original["deals"]
    mine, theirs = folded.get("parties") or [], original.get("parties") or []
    if len(mine) != len(theirs):
        return False
    for a, b in zip(mine, theirs, strict=True):
        if {k: v for k, v in a.items() if k != "score"} != {
            k: v for k, v in b.items() if k != "score"
        }:
            return False
        x, y = a["score"], b["score"]
        if (x["totals"], x["finished"], x["result"]) != (y["totals"], y["finished"], y["result"]):
            return False
        if x["deals"][: len(y["deals"])] != y["deals"]:
            return False
    return True


__all__ = [
    "KINDS",
    "TRICKS",
    "apply_action",
    "deal_in_play",
    "ended",
    "header_of",
    "is_complete",
    "new_record",
    "parse_action",
    "play",
    "playing_seats",
    "record_to_actions",
    "replay",
    "same_score",
    "score_or_refuse",
    "start_of",
]
