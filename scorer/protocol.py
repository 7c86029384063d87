"""One game protocol that every form implements, and the registry of forms.

In the spirit of OpenSpiel's `State` (current player, legal actions, apply,
terminal) and python-chess's variant classes (a class a variant, found by
name): each form of the game is one object with the same small interface,

- `name`, and `seats(record)`: who sits at the table (roles "elder" and
  "younger" between two players, seat letters A to G for more);
- `new_record(players, first_dealer, ...)`: a game about to start;
- `parse_action(obj)`: a clean copy of a well-formed action of the form, or
  `ActionError`;
- `play(record, action, score=None) -> (record, score)`: the checked step;
- `replay(record, actions)`: actions accepted once, folded without scoring;
- `score(record, lang)`: the engine's answer;
- `progress(record, score=None, actions=None, pending=None) -> TableProgress`:
  where the game stands, for any screen: the phase, who is to act, the legal
  answers on a fixed grid (the impossible ones disabled in their place), the
  tricks, the leader and whether it is finished. `actions` (the journal's
  list) gives the order things were said in when the record alone does not
  keep it (several players); `pending` is the first tap of a two-tap answer.

`find_form(name)` returns a form by its name ("rubicon", "four-deal",
"au-cent", "normand", "voleur", "ecrire", "chouette"); `form_of(record)` the
form of a record. Code outside a form's own module asks the form, never
compares its name.
"""

from __future__ import annotations

from typing import Any, Protocol

from scorer.answer import Answer
from scorer.frozen import frozen

Record = dict[str, Any]
Action = dict[str, Any]


@frozen
class TableProgress:
    """Where a game stands, in the same shape for every form.

    `phase`: "carte_blanche", "exchange", "point", "sequences", "sets",
    "play", "totals" (a deal entered as totals), "deal_over" (only the next
    deal may follow), "seating" (Chouette: the next partie's seats) or
    "over" (nothing may follow). `to_act`: who acts now (roles or seats; in
    the play, every seat that may win the trick). `answers`: the fixed grid of
    the question standing, each with its journal action or None where it
    cannot be said now. `tricks`: tricks won in the deal in play, by role or
    seat. `leader`: who leads the next trick in the play. `detail`: the form's
    own progress (`scorer.progress.Progress`, or the multi-player step and
    question). `totals`: the running scores (a Chouette sitting: the partie in
    play's, by name; the card's net is the engine's `totals`)."""

    form: str
    deal: int
    phase: str
    question: str
    to_act: tuple[str, ...]
    answers: tuple[Answer, ...]
    tricks: dict[str, int]
    leader: str | None
    finished: bool
    totals: dict[str, int]
    detail: Any = None

    def legal(self) -> tuple[Action, ...]:
        """The answers that may be given now (a two-tap answer's first tap included)."""
        return tuple(a.action for a in self.answers if a.action is not None)


class Form(Protocol):
    """What every form of the game answers (see the module's docstring)."""

    name: str

    def seats(self, record: Record) -> tuple[str, ...]: ...

    def new_record(
        self, players: list[str], first_dealer: str | None = None, **options: Any
    ) -> Record: ...

    def parse_action(self, obj: object) -> Action: ...

    def play(
        self, record: Record, action: object, score: dict[str, Any] | None = None
    ) -> tuple[Record, dict[str, Any]]: ...

    def replay(self, record: Record, actions: list[Action]) -> Record: ...

    def score(self, record: Record, lang: str = "en") -> dict[str, Any]: ...

    def progress(
        self,
        record: Record,
        score: dict[str, Any] | None = None,
        actions: list[Action] | None = None,
        pending: dict[str, Any] | None = None,
    ) -> TableProgress: ...


_TWO_HANDED: dict[str, Form] = {}
_FORMS: dict[str, Form] = {}  # every form, the two-handed first, once one is asked for


def _two_handed() -> dict[str, Form]:
    if not _TWO_HANDED:
        from scorer.piquet_forms import PIQUET_FORMS

        _TWO_HANDED.update((form.name, form) for form in PIQUET_FORMS)
    return _TWO_HANDED


def _registry() -> dict[str, Form]:
    if not _FORMS:
        from scorer.multi.forms import MULTI_FORMS

        _FORMS.update(_two_handed())
        _FORMS.update((form.name, form) for form in MULTI_FORMS)
    return _FORMS


def form_names() -> tuple[str, ...]:
    return tuple(_registry())


def find_form(name: str) -> Form:
    """The form called `name`; KeyError naming the forms there are. A two-handed
    form is found without importing the forms for more players (their flow and
    answers: a two-player kiosk's start does without them)."""
    forms = _two_handed()
    if name in forms:
        return forms[name]
    forms = _registry()
    if name not in forms:
        raise KeyError(f"no form {name!r} (forms: {', '.join(forms)})")
    return forms[name]


DEFAULT_FORM = "rubicon"  # a piquet-record/1 without its `game`


def form_of(record: Record) -> Form:
    """The form of a record: its `form` (piquet-record/2) or its partie's `game`
    (piquet-record/1, rubicon by default)."""
    name = record.get("form") or record.get("game") or DEFAULT_FORM
    return find_form(str(name))


def is_default_form(name: object) -> bool:
    """The form a record has when it names none (rubicon): a list need not name it."""
    return name == DEFAULT_FORM


__all__ = [
    "Answer",
    "Form",
    "TableProgress",
    "find_form",
    "form_names",
    "form_of",
    "is_default_form",
]
