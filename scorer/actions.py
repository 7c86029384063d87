"""The action vocabulary of the partie record, and the fold that turns actions into a record.

Everything said or done at the table is an *action*, one small JSON object that
usually adds one item to the deal in play (`../shared/spec/record.md`,
"Actions, and the journal on the command line"). Folding the actions in order
gives the `piquet-record/1` record. Pure Python, no I/O.

- `parse_action(obj)` checks an action's shape and returns a clean copy, or
  raises `ActionError` saying what is wrong.
- `apply_action(record, action)` is the checked fold step: it returns a NEW
  record (the input is never mutated) or raises `ActionError`.
  `play(record, action, score)` does the same and also returns the new score,
  so a caller holding the score of `record` saves one scoring.
- `replay(record, actions)` folds actions already accepted once (resume, undo)
  with the cheap structural checks only; the caller scores the result.
- `record_to_actions(record)` turns any record back into actions (import).

Choices the spec leaves open:
- A new record starts with one empty deal `{}`: the deal in play. `next_deal`
  closes the current, complete deal and appends the next `{}`. The deal in
  play is therefore always `record["deals"][-1]`, numbered `len(deals)`.
- `tricks` stays an `"EY..."` string while every trick is a plain winner. The
  first trick given with its cards turns the deal's tricks into the list form;
  the plain tricks then become `{"winner": "E"}` items without cards.
- A second `point` call by the same hand replaces the first (the dialogue calls
  the cards, then the value after "Making?"). Sequences and sets append.
- A carte blanche, carte rouge, exchange, declaration or hand comes before the
  first trick; a throw-in too. A complete deal takes no action but `next_deal`.
- Two kinds beyond the spec's table, so that every record can be stored as
  actions: `{"carte_rouge": "elder"}` and `{"hands": "elder", "cards": [...]}`.
- How a deal is entered, a fact of the partie kept in the record (a deal
  field the spec lets us add): `{"entry": "totals"}` before a deal's first
  action makes it a deal whose totals only are entered (quick mode); the deal
  records `"entry": "totals"`, and `next_deal` opens the next one the same way
  until `{"entry": "dialogue"}` (again before that deal's first action) goes
  back to the declarations and the play. A deal entered as totals takes
  nothing but its `entered` totals (and an `exchange` count, which the spec
  allows beside them). Records without `entry` read and score as before.
- A guided partie (the kiosk shows a hint at each step): `{"hints": true}`
  sets the record's top-level `"hints": true`, `{"hints": false}` takes it
  away; at any step of any deal (a complete deal's too) until the partie is
  finished; it scores nothing. Records without `hints` are not guided.
- Correcting a finished partie (Law 70, by agreement): `{"correct": {"deal": N,
  "was": {...}, "now": {...}}}`, the one action allowed after the end; the deal
  then scores `now` as entered totals and keeps a `corrected` mark
  (`scorer.correction`).

New kinds (the kiosk's dialogue utterances, say) are one `ActionKind` in `KINDS`:
a shape check and a handler that edits the deal in play (given the partie's record
too, for the rules a check needs: the dialogue's calls are checked under its variants).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Collection, Iterable
from typing import Any

from scorer import correction
from scorer.errors import N_, ActionError, RecordError, Said
from scorer.frozen import frozen
from scorer.quoting import quoted

HANDS = ("elder", "younger")
WINNERS = ("E", "Y")
TRICKS_PER_DEAL = 12

Action = dict[str, Any]
Deal = dict[str, Any]
Partie = dict[str, Any]  # the record whose deal in play an action edits (its game, variants)


def new_record(
    players: list[str],
    first_dealer: str,
    game: str = "rubicon",
    variants: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The record of a partie about to start: one empty deal in play."""
    return {
        "format": "piquet-record/1",
        "game": game,
        "variants": dict(variants or {}),
        "players": list(players),
        "first_dealer": first_dealer,
        "deals": [{}],
    }


# --- shapes ---------------------------------------------------------------


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _need_hand(action: Action, key: str) -> None:
    if action.get(key) not in HANDS:
        raise ActionError(
            Said(
                'action: {key} must be "elder" or "younger", not {given}',
                key=repr(key),
                given=quoted(action.get(key)),
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


def _check_hand_claim(action: Action, kind: str) -> None:
    _need_hand(action, kind)


def _check_exchange(action: Action) -> None:
    _need_hand(action, "exchange")
    _need_int(action, "cards")


DECLARATION_FIELDS = {
    "point": ("cards", "value"),
    "sequence": ("length", "top"),
    "set": ("count", "rank"),
    "nothing": (),  # an extension: the hand declared nothing (with `hands`, all sunk)
}


def _check_declare(action: Action) -> None:
    what = action.get("declare")
    if not isinstance(what, str) or what not in DECLARATION_FIELDS:
        raise ActionError(
            Said(
                'action: \'declare\' must be "point", "sequence", "set" or "nothing", not {given}',
                given=quoted(what),
            )
        )
    _need_hand(action, "by")
    allowed = {"declare", "by", *DECLARATION_FIELDS[what]}
    extra = sorted(set(action) - allowed)
    if extra:
        raise ActionError(
            Said(
                "action: a {what} declaration takes no {listed}",
                what=what,
                listed=", ".join(map(quoted, extra)),
            )
        )
    if what == "point":
        _need_int(action, "cards")
        if "value" in action:
            _need_int(action, "value")
    elif what == "nothing":
        return
    elif what == "sequence":
        _need_int(action, "length")
        _need_str(action, "top")
    else:
        _need_int(action, "count")
        _need_str(action, "rank")


def _check_hands(action: Action) -> None:
    _need_hand(action, "hands")
    cards = action.get("cards")
    if not isinstance(cards, list) or not all(isinstance(card, str) for card in cards):
        raise ActionError(Said('action: \'cards\' must be a list of cards such as "AS" or "10H"'))


def _check_trick(action: Action) -> None:
    trick = action.get("trick")
    if trick in WINNERS:
        return
    if not isinstance(trick, dict):
        raise ActionError(
            Said(
                'action: \'trick\' must be "E", "Y" or {{"winner", "lead", "follow"}}, not {given}',
                given=quoted(trick),
            )
        )
    if trick.get("winner") not in WINNERS:
        raise ActionError(
            Said(
                'action: a trick\'s \'winner\' must be "E" or "Y", not {given}',
                given=quoted(trick.get("winner")),
            )
        )
    extra = sorted(set(trick) - {"winner", "lead", "follow"})
    if extra:
        raise ActionError(
            Said("action: a trick takes no {listed}", listed=", ".join(map(quoted, extra)))
        )
    if ("lead" in trick) != ("follow" in trick):
        raise ActionError(Said("action: a trick gives both 'lead' and 'follow', or neither"))
    for key in ("lead", "follow"):
        if key in trick and not isinstance(trick[key], str):
            raise ActionError(
                Said('action: a trick\'s {key} must be a card such as "AH"', key=repr(key))
            )


def _check_entered(action: Action) -> None:
    entered = action.get("entered")
    if (
        not isinstance(entered, dict)
        or set(entered) != set(HANDS)
        or not all(_is_int(entered[hand]) for hand in HANDS)
    ):
        raise ActionError(
            Said('action: \'entered\' must be {"elder": N, "younger": N} with whole numbers')
        )


ENTRIES = ("totals", "dialogue")


def _check_entry(action: Action) -> None:
    if action.get("entry") not in ENTRIES:
        raise ActionError(
            Said(
                'action: \'entry\' must be "totals" or "dialogue", not {given}',
                given=quoted(action.get("entry")),
            )
        )


HINTS = "hints"  # a guided deal's hints on or off: a fact of the partie, kept in the record


def _check_hints(action: Action) -> None:
    if not isinstance(action.get(HINTS), bool):
        raise ActionError(
            Said(
                "action: 'hints' must be true or false, not {given}",
                given=quoted(action.get(HINTS)),
            )
        )


def _apply_hints(record: Partie, action: Action) -> None:
    """The partie's `hints` (true: a guided partie); off leaves no field."""
    if action[HINTS]:
        record[HINTS] = True
    else:
        record.pop(HINTS, None)


def guided(record: Partie) -> bool:
    """A guided partie: the kiosk shows a hint at each step (`{"hints": true}`)."""
    return record.get(HINTS) is True


def entry_of(deal: Deal) -> str:
    """How a deal is entered: "totals" (quick mode) or "dialogue"."""
    return "totals" if deal.get("entry") == "totals" else "dialogue"


def _check_next_deal(action: Action) -> None:
    if action.get("next_deal") is not True:
        raise ActionError(Said("action: 'next_deal' must be true"))


# --- handlers: each edits the deal in play --------------------------------


def _tricks_of(deal: Deal) -> list[Any]:
    tricks = deal.get("tricks", "")
    return list(tricks)


def _claim(deal: Deal, action: Action, number: int, kind: str) -> None:
    hand = action[kind]
    claims = deal.setdefault(kind, [])
    if hand in claims:
        raise ActionError(
            Said(
                "deal {n}: {hand} has already claimed carte blanche"
                if kind == "carte_blanche"
                else "deal {n}: {hand} has already claimed carte rouge",
                n=number,
                hand=hand,
            )
        )
    claims.append(hand)
    claims.sort(key=HANDS.index)


def _apply_carte_blanche(deal: Deal, action: Action, number: int, _partie: Partie) -> None:
    _claim(deal, action, number, "carte_blanche")


def _apply_carte_rouge(deal: Deal, action: Action, number: int, _partie: Partie) -> None:
    _claim(deal, action, number, "carte_rouge")


def _apply_exchange(deal: Deal, action: Action, number: int, _partie: Partie) -> None:
    deal.setdefault("exchange", {})[action["exchange"]] = action["cards"]


def _apply_declare(deal: Deal, action: Action, number: int, _partie: Partie) -> None:
    what = action["declare"]
    if what == "nothing" and (deal.get("declared") or {}).get(action["by"]):
        raise ActionError(
            Said(
                "deal {n}: {hand} has already declared; "
                "'nothing' can only be his first declaration",
                n=number,
                hand=action["by"],
            )
        )
    calls = deal.setdefault("declared", {}).setdefault(action["by"], {})
    if what == "nothing":
        return
    item = {key: action[key] for key in DECLARATION_FIELDS[what] if key in action}
    if what == "point":
        calls["point"] = item  # a later call by the same hand replaces the earlier
    else:
        calls.setdefault(f"{what}s", []).append(item)


def _apply_hands(deal: Deal, action: Action, number: int, _partie: Partie) -> None:
    deal.setdefault("hands", {})[action["hands"]] = list(action["cards"])


def _apply_trick(deal: Deal, action: Action, number: int, _partie: Partie) -> None:
    tricks = _tricks_of(deal)
    if len(tricks) >= TRICKS_PER_DEAL:
        raise ActionError(
            Said("deal {n}: a 13th trick; the deal already has its 12 tricks", n=number)
        )
    trick = action["trick"]
    if isinstance(trick, dict) and set(trick) == {"winner"}:
        trick = trick["winner"]
    tricks.append(trick)
    if all(isinstance(item, str) for item in tricks):
        deal["tricks"] = "".join(tricks)
    else:
        deal["tricks"] = [
            {"winner": item} if isinstance(item, str) else dict(item) for item in tricks
        ]


def _apply_throw_in(deal: Deal, action: Action, number: int, _partie: Partie) -> None:
    deal["throw_in"] = action["throw_in"]


def _apply_entry(deal: Deal, action: Action, number: int, _partie: Partie) -> None:
    others = sorted(set(deal) - {"entry"})
    if others:
        raise ActionError(
            Said(
                "deal {n}: how a deal is entered is chosen before anything else is said in "
                "it, and it has {fields}",
                n=number,
                fields=", ".join(others),
            )
        )
    if action["entry"] == "totals":
        deal["entry"] = "totals"
    else:
        deal.pop("entry", None)


def _apply_entered(deal: Deal, action: Action, number: int, _partie: Partie) -> None:
    others = sorted(set(deal) - {"exchange", "entry"})
    if others:
        raise ActionError(
            Said(
                "deal {n}: entered totals cannot be combined with {fields}",
                n=number,
                fields=", ".join(others),
            )
        )
    deal["entered"] = {hand: action["entered"][hand] for hand in HANDS}


def _check_say(action: Action) -> None:
    from scorer.dialogue import WORDS

    if action.get("say") not in WORDS:
        raise ActionError(
            Said(
                "action: 'say' must be one of {listed}, not {given}",
                listed=", ".join(WORDS),
                given=quoted(action.get("say")),
            )
        )
    if "by" in action:
        _need_hand(action, "by")


def _apply_say(deal: Deal, action: Action, number: int, partie: Partie) -> None:
    """A spoken utterance of the declarations (scorer.dialogue), checked under the
    partie's rules (its variants, and what its game lets Younger exchange)."""
    from scorer.dialogue import apply_say
    from scorer.variants import parse_variants

    variants = parse_variants(partie.get("variants"), [])  # read once the record is read
    try:
        apply_say(deal, action, variants, partie.get("game", "rubicon"))
    except ActionError as error:
        raise ActionError(Said.around("deal {n}: {problem}", error, n=number)) from None


@frozen
class ActionKind:
    """One kind of action: the keys it may carry, its shape check and its handler."""

    keys: frozenset[str]
    check: Callable[[Action], None]
    apply: Callable[[Deal, Action, int, Partie], None]
    before_play: bool  # refused once the deal's first trick is in
    what: str  # how a refusal names it


KINDS: dict[str, ActionKind] = {
    "carte_blanche": ActionKind(
        frozenset({"carte_blanche"}),
        lambda action: _check_hand_claim(action, "carte_blanche"),
        _apply_carte_blanche,
        True,
        N_("a carte blanche"),
    ),
    "carte_rouge": ActionKind(
        frozenset({"carte_rouge"}),
        lambda action: _check_hand_claim(action, "carte_rouge"),
        _apply_carte_rouge,
        True,
        N_("a carte rouge"),
    ),
    "exchange": ActionKind(
        frozenset({"exchange", "cards"}), _check_exchange, _apply_exchange, True, N_("an exchange")
    ),
    "declare": ActionKind(
        frozenset({"declare", "by", "cards", "value", "length", "top", "count", "rank"}),
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
        lambda action: _need_hand(action, "throw_in"),
        _apply_throw_in,
        True,
        N_("a throw-in"),
    ),
    "entered": ActionKind(
        frozenset({"entered"}), _check_entered, _apply_entered, False, N_("entered totals")
    ),
    "say": ActionKind(
        frozenset({"say", "by", "cards", "value", "length", "top", "count", "rank"}),
        _check_say,
        _apply_say,
        True,
        N_("a declaration"),
    ),
    "entry": ActionKind(
        frozenset({"entry"}), _check_entry, _apply_entry, True, N_("the way a deal is entered")
    ),
    "next_deal": ActionKind(
        frozenset({"next_deal"}),
        _check_next_deal,
        lambda deal, action, number, partie: None,
        False,
        "next_deal",
    ),
    # the guided deal's hints: the partie's, at any step before its end (applied
    # by `_apply_in_place` to the record, never to a deal)
    HINTS: ActionKind(
        frozenset({HINTS}),
        _check_hints,
        lambda deal, action, number, partie: None,
        False,
        "the guided deal's hints",
    ),
    # a finished partie's deal put right (scorer.correction); applied by `play` and
    # `_apply_in_place` to the deal it names, never to the deal in play
    correction.KIND: ActionKind(
        frozenset({correction.KIND}),
        correction.check_shape,
        lambda deal, action, number, partie: None,
        False,
        N_("a correction"),
    ),
}


def kind_of(action: Action) -> str:
    """The kind of an action (its one key naming a kind); raises ActionError."""
    return kind_among(action, KINDS)


def kind_among(action: Action, known: Collection[str]) -> str:
    """The one key of `action` among the `known` kinds (both engines' actions)."""
    kinds = [key for key in action if key in known]
    if len(kinds) != 1:
        names = ", ".join(known)
        if not kinds:
            raise ActionError(
                Said("action: it must name exactly one kind ({names}); found none", names=names)
            )
        raise ActionError(
            Said(
                "action: it must name exactly one kind ({names}); found {found}",
                names=names,
                found=" and ".join(kinds),
            )
        )
    return kinds[0]


def parse_action(obj: object) -> Action:
    """Check an action's shape and return a clean copy of it; raises ActionError."""
    if not isinstance(obj, dict) or not all(isinstance(key, str) for key in obj):
        raise ActionError(Said("action: expected a JSON object, not {given}", given=quoted(obj)))
    kind = KINDS[kind_of(obj)]
    extra = sorted(set(obj) - kind.keys)
    if extra:
        raise ActionError(
            Said(
                "action: {kind} takes no {listed}",
                kind=repr(kind_of(obj)),
                listed=", ".join(map(quoted, extra)),
            )
        )
    kind.check(obj)
    return copy_json(obj)


def copy_json(value: Any) -> Any:
    """A deep copy of JSON data (an action, a record, a score): its dicts and lists by
    hand, several times faster than `copy.deepcopy` (replaying a partie parses every
    action again); a dict keeps its class (a `scorer.score.Score` stays one)."""
    if isinstance(value, dict):
        copied = {key: copy_json(item) for key, item in value.items()}
        return copied if type(value) is dict else type(value)(copied)
    if isinstance(value, list):
        return [copy_json(item) for item in value]
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    return copy.deepcopy(value)


# --- the fold --------------------------------------------------------------


def is_complete(deal: Deal) -> bool:
    """A deal is complete with 12 tricks, a throw-in or entered totals."""
    return len(deal.get("tricks", "")) == TRICKS_PER_DEAL or "throw_in" in deal or "entered" in deal


def _why_complete(deal: Deal) -> Said:
    if "entered" in deal:
        return Said("its totals are entered")
    if "throw_in" in deal:
        return Said("{hand} threw in", hand=deal["throw_in"])
    return Said("all 12 tricks are played")


def _apply_in_place(record: dict[str, Any], action: Action, complete: bool = False) -> None:
    """The structural fold step: edits `record` (a private copy) or raises ActionError.

    `complete` says the engine found the deal in play complete although its fields
    do not show it (au Cent played to stop at the target: the deal stops at 100).
    """
    name = kind_of(action)
    kind = KINDS[name]
    if name == correction.KIND:
        correction.apply(record, action)
        return
    if name == HINTS:  # the partie's, not the deal's: at any step of a deal
        _apply_hints(record, action)
        return
    deals = record.setdefault("deals", [])
    if not deals:
        deals.append({})
    number = len(deals)
    deal = deals[-1]
    if name == "next_deal":
        if not (complete or is_complete(deal)):
            played = len(deal.get("tricks", ""))
            raise ActionError(
                Said.counted(
                    "deal {n} is not complete: it needs 12 tricks, a throw-in or entered "
                    "totals, and has {played} trick",
                    "deal {n} is not complete: it needs 12 tricks, a throw-in or entered "
                    "totals, and has {played} tricks",
                    "played",
                    n=number,
                    played=played,
                )
            )
        deals.append({"entry": "totals"} if entry_of(deal) == "totals" else {})
        return
    if entry_of(deal) == "totals" and name not in TOTALS_KINDS:
        raise ActionError(
            Said(
                "deal {n} is entered as totals: {what} does not fit (switch it back "
                'with {{"entry": "dialogue"}} before its totals)',
                n=number,
                what=Said(kind.what),
            )
        )
    if kind.before_play and deal.get("tricks"):
        raise ActionError(
            Said("deal {n}: {what} after the first trick", n=number, what=Said(kind.what))
        )
    thirteenth = name == "trick" and len(deal.get("tricks", "")) >= TRICKS_PER_DEAL
    if (complete or is_complete(deal)) and not thirteenth:
        raise ActionError(
            Said(
                "deal {n} is complete ({why}): only next_deal may follow",
                n=number,
                why=_why_complete(deal),
            )
        )
    kind.apply(deal, action, number, record)


TOTALS_KINDS = ("entered", "exchange", "entry")  # what a deal entered as totals takes


def score_or_refuse(record: dict[str, Any], known: object = None) -> dict[str, Any]:
    """`score_record`, with a refused record turned into an ActionError.

    `known`: a score this module gave for a record with the same deals but the last
    one (the record one action before or after): only the last deal is reckoned
    again (`scorer.score.rescore`).
    """
    from scorer.score import rescore

    try:
        return rescore(record, known)
    except RecordError as error:
        raise ActionError("; ".join(error.problems)) from error


def play(
    record: dict[str, Any], action: object, score: dict[str, Any] | None = None
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The checked fold step: (new record, its score), or ActionError.

    `score` is the score of `record` if the caller has it already.
    """
    clean = parse_action(action)
    if score is None:
        score = score_or_refuse(record)
    if kind_of(clean) == correction.KIND:
        return _play_correction(record, clean, score)
    if score["finished"]:
        raise ActionError(Said("the partie is finished: no action may follow"))
    new = _copy_for_play(record)
    deals = score["deals"]
    complete = (
        bool(deals)
        and deals[-1]["number"] == len(record.get("deals") or [{}])
        and (deals[-1]["complete"])
    )
    _apply_in_place(new, clean, complete)
    return new, score_or_refuse(new, score)  # the deals before the one in play: as scored


def _copy_for_play(record: dict[str, Any]) -> dict[str, Any]:
    """A new record for one action: the deal in play copied, the deals before it shared
    (an action only ever edits the deal in play or opens the next one)."""
    deals = record.get("deals")
    if not isinstance(deals, list) or not deals:
        return copy_json(record)
    return {**record, "deals": [*deals[:-1], copy_json(deals[-1])]}


def _play_correction(
    record: dict[str, Any], action: Action, score: dict[str, Any]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """A correction checked against the partie as it stands, applied, and the
    corrected partie checked: still valid, still decided."""
    correction.check_against(score, action)
    new = copy.deepcopy(record)
    correction.apply(new, action)
    try:
        after = score_or_refuse(new)
    except ActionError as error:
        raise correction.refused_record(action, error) from None
    correction.check_after(after, action)
    return new, after


def is_correction(action: Action) -> bool:
    """A `correct` action (the one kind allowed after a partie's end)."""
    return isinstance(action, dict) and correction.KIND in action


def apply_action(record: dict[str, Any], action: object) -> dict[str, Any]:
    """The checked fold step: a NEW record with `action` applied, or ActionError."""
    return play(record, action)[0]


def replay(record: dict[str, Any], actions: Iterable[Action]) -> dict[str, Any]:
    """Fold actions that were accepted once, with the structural checks only.

    Returns a new record; the caller scores it (one scoring instead of one per action).
    """
    new = copy_json(record)
    for action in actions:
        clean = parse_action(action)
        # next_deal was accepted once, maybe after a deal the engine stopped at 100.
        _apply_in_place(new, clean, complete=kind_of(clean) == "next_deal")
    return new


# --- a record back into actions (import) -----------------------------------


def _declaration(what: str, hand: str, call: Any) -> Action:
    """A declaration action from a record's call: its fields that the reader reads."""
    fields = DECLARATION_FIELDS[what]
    known = (
        {key: call[key] for key in fields if call.get(key) is not None}
        if isinstance(call, dict)
        else {}
    )
    return {"declare": what, "by": hand, **known}


def _deal_to_actions(deal: Deal) -> list[Action]:
    actions: list[Action] = []
    for kind in ("carte_blanche", "carte_rouge"):
        actions += [{kind: hand} for hand in deal.get(kind, [])]
    for hand in HANDS:  # null: not given, as the reader takes it
        if (deal.get("exchange") or {}).get(hand) is not None:
            actions.append({"exchange": hand, "cards": deal["exchange"][hand]})
    for hand in HANDS:
        if hand in deal.get("hands", {}):
            actions.append({"hands": hand, "cards": list(deal["hands"][hand])})
    for hand in HANDS:
        calls = (deal.get("declared") or {}).get(hand) or {}
        if "hands" in deal and "declared" in deal and not calls:
            # beside the hands, an empty `declared` means all sunk, not all declared
            actions.append({"declare": "nothing", "by": hand})
        # what the record's reader reads of each call, nothing else (it passes over
        # other keys, and takes null for none): one reading, whichever command reads it
        if calls.get("point"):
            actions.append(_declaration("point", hand, calls["point"]))
        for what, key in (("sequence", "sequences"), ("set", "sets")):
            actions += [_declaration(what, hand, call) for call in calls.get(key) or []]
    if "entered" in deal:
        actions.append({"entered": dict(deal["entered"])})
    if "throw_in" in deal:
        actions.append({"throw_in": deal["throw_in"]})
    actions += [{"trick": _trick(trick)} for trick in deal.get("tricks", [])]
    return actions


def _trick(trick: Any) -> Any:
    """A record's trick as an action's: its winner, lead and follow (the reader's)."""
    if not isinstance(trick, dict):
        return trick
    return {key: trick[key] for key in ("winner", "lead", "follow") if key in trick}


def record_to_actions(record: dict[str, Any]) -> list[Action]:
    """The actions that rebuild `record` from `new_record(...)` (its deals, in order).

    Fields of a deal that no action carries are dropped; the caller checks that
    the rebuilt record scores the same.
    """
    actions: list[Action] = []
    inherited = "dialogue"
    for index, deal in enumerate(record.get("deals", [])):
        if index:
            actions.append({"next_deal": True})
        if correction.is_corrected(deal):  # as first entered; its corrections come last
            deal = correction.as_first_entered(index + 1, deal)
        # `next_deal` carries a deal's entry over; say it where it changes. A deal
        # marked "totals" beside fields it cannot take is read as a dialogue deal.
        entry = entry_of(deal)
        if entry == "totals" and set(deal) - {"entry", *TOTALS_KINDS}:
            entry = "dialogue"
        if entry != inherited:
            actions.append({"entry": entry})
        inherited = entry
        actions += _deal_to_actions(deal)
    hints: list[Action] = [{HINTS: True}] if guided(record) else []
    return hints + actions + correction.corrections_in_order(record)
