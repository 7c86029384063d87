"""Two-handed Piquet's three partie forms (rubicon, four-deal, au Cent) as
forms of the game protocol (`scorer.protocol`).

They wrap what is already there and say it once: the fold
(`scorer.actions`), the engine (`scorer.score`) and where a partie stands
(`scorer.progress`, whose standing question, grid and legal choices become
the protocol's answers). The partie form is the record's `game`.
"""

from __future__ import annotations

from typing import Any

from scorer.answer import Answer
from scorer.protocol import Action, Record, TableProgress

ROLES = ("elder", "younger")
LETTER = {"elder": "E", "younger": "Y"}
# Every count each hand could ever say it took, legal now or not.
EXCHANGE_GRID = {"elder": tuple(range(1, 6)), "younger": tuple(range(0, 8))}
PHASES = {"partie_over": "over"}


def _key(word: str, params: dict[str, Any]) -> str:
    return "-".join([word, *(str(v) for v in params.values())])


class PiquetForm:
    """Two-handed Piquet, one partie form (the record's `game`)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def seats(self, record: Record) -> tuple[str, ...]:
        return ROLES

    def new_record(
        self, players: list[str], first_dealer: str | None = None, **options: Any
    ) -> Record:
        from scorer.actions import new_record

        return new_record(
            list(players), first_dealer or players[-1], self.name, options.get("variants")
        )

    def parse_action(self, obj: object) -> Action:
        from scorer.actions import parse_action

        return parse_action(obj)

    def play(
        self, record: Record, action: object, score: dict[str, Any] | None = None
    ) -> tuple[Record, dict[str, Any]]:
        from scorer.actions import play

        return play(record, action, score)

    def replay(self, record: Record, actions: list[Action]) -> Record:
        from scorer.actions import replay

        return replay(record, actions)

    def score(self, record: Record, lang: str = "en") -> dict[str, Any]:
        from scorer.score import score_record

        return score_record(record, lang)

    def progress(
        self,
        record: Record,
        score: dict[str, Any] | None = None,
        actions: list[Action] | None = None,
        pending: dict[str, Any] | None = None,
    ) -> TableProgress:
        from scorer.progress import progress

        if score is None:
            score = self.score(record)
        return table_progress(self.name, record, progress(record, score))


def table_progress(name: str, record: Record, found: Any, answers: bool = True) -> TableProgress:
    """The protocol's progress of a two-handed partie from `scorer.progress`'s
    (`found`), for a caller that has it already (the kiosk keeps it per change).
    `answers=False` leaves the grid out (the claims and counts are tried on the
    engine one by one): for a caller that reads the grid from `found` itself."""
    phase = PHASES.get(found.phase, found.phase)
    grid = _answers(found, record) if answers else ()
    who = found.ask.who
    if phase == "over":
        to_act: tuple[str, ...] = ()
    elif who:
        to_act = (who,)
    elif phase == "exchange":
        to_act = tuple(found.exchange_counts) or ROLES
    else:
        to_act = ROLES
    return TableProgress(
        form=name,
        deal=found.deal,
        phase=phase,
        question=found.ask.step,
        to_act=to_act,
        answers=grid,
        tricks=dict(found.won),
        leader=found.leader,
        finished=found.finished,
        totals=dict(found.totals),
        detail=found,
    )


def _answers(found: Any, record: Record) -> tuple[Answer, ...]:
    """The fixed grid of the standing question, the legal ones with their action."""
    phase = found.phase
    if phase in ("partie_over", "totals"):
        return ()
    if phase == "deal_over":
        return (Answer("next_deal", {"word": "next_deal"}, {"next_deal": True}),)
    if phase == "play":
        out = [Answer(f"won-{role}", {"role": role}, {"trick": LETTER[role]}) for role in ROLES]
        out += [
            Answer(f"throw-in-{role}", {"role": role, "word": "throw_in"}, {"throw_in": role})
            for role in found.may_throw_in
        ]
        return tuple(out)
    out = []
    deal = (record.get("deals") or [{}])[-1]
    if phase == "carte_blanche":
        raw = deal.get("carte_blanche") or []
        claimed = [raw] if isinstance(raw, str) else list(raw)
        out += [
            Answer(
                f"cb-{role}",
                {"role": role, "word": "carte_blanche"},
                {"carte_blanche": role} if role in found.may_claim else None,
                on=role in claimed,
            )
            for role in ROLES
        ]
    if phase == "exchange":
        for role in ROLES:
            legal = found.exchange_counts.get(role, ())
            out += [
                Answer(
                    f"ex-{role}-{n}",
                    {"role": role, "cards": n},
                    {"exchange": role, "cards": n} if n in legal else None,
                )
                for n in EXCHANGE_GRID[role]
            ]
    out = _tried(record, out) if phase == "exchange" else out
    who = found.ask.who
    for word, grid in found.grid.items():
        legal = found.choices.get(word, [])
        for params in grid:
            action = {"say": word, **({"by": who} if who else {}), **params}
            shown = {"word": word, **params}
            out.append(Answer(_key(word, params), shown, action if params in legal else None))
    return tuple(out)


PIQUET_FORMS = (PiquetForm("rubicon"), PiquetForm("four-deal"), PiquetForm("au-cent"))


def _tried(record: Record, answers: list[Answer]) -> list[Answer]:
    """The exchange counts the engine takes on the deal in play alone (a count
    the pack rules out is disabled); the claims come from `may_claim`."""
    from scorer.actions import play, score_or_refuse
    from scorer.errors import ActionError

    if not any(a.enabled for a in answers):
        return answers
    alone = {
        **record,
        "deals": [record["deals"][-1]],
        "variants": {**(record.get("variants") or {}), "stop_at_target": False},
    }
    try:
        base = score_or_refuse(alone)
    except ActionError:
        return answers
    out = []
    for answer in answers:
        if answer.action is not None:
            try:
                play(alone, answer.action, base)
            except ActionError:
                answer = answer.disabled()
        out.append(answer)
    return out
