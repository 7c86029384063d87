"""Piquet Normand, Piquet Voleur, Piquet à Écrire and Chouette as forms of
the game protocol (`scorer.protocol`).

The fold is `scorer.multi.actions`, the engine `scorer.multi.score_record2`;
where the game stands comes from the deal in play (`in_play`), who
announces next (`flow`) and the answers to the question standing
(`answers`). A record of these forms keeps each seat's calls, not the order
they were said in: `progress` replays the journal's `actions` of the deal
when given, and otherwise the calls class by class round the table from the
record (`announced`), which asks the same question except that a good
player's additions may still be asked for.
"""

from __future__ import annotations

from typing import Any

from scorer.answer import Answer
from scorer.multi.answered import CLASSES
from scorer.multi.flow import Flow
from scorer.multi.in_play import DealTable, current_deal, deal_actions, deal_table, score_deals
from scorer.multi.traits import TRAITS, Traits
from scorer.protocol import Action, Record, TableProgress

PARTIE_KEYS = ("single", "playing", "first_dealer")


def deal_flow(record: Record, table: DealTable, actions: list[Action]) -> Flow:
    """Who announces next in the deal in play, fed the deal's actions."""
    partners = {s: p for s in table.order if (p := table.partner(s))}
    return Flow.of(
        table.form,
        table.order,
        table.dealer,
        actions,
        partners,
        (record.get("settings") or {}).get("partners_point", "both"),
    )


def announced(record: Record, table: DealTable) -> list[Action]:
    """The actions of the deal in play as the record keeps it, the calls class by
    class round the table from the first to announce."""
    deal = current_deal(record)
    out: list[Action] = []
    if deal.get("entry"):
        out.append({"entry": deal["entry"]})
    raw = deal.get("carte_blanche") or []
    out += [{"carte_blanche": s} for s in ([raw] if isinstance(raw, str) else raw)]
    exchange = deal.get("exchange") or {}
    out += [{"exchange": s, "cards": exchange[s]} for s in table.order if s in exchange]
    said = deal.get("announcing")
    if isinstance(said, list) and said:  # the calls as they were said (the fold keeps them)
        out += [dict(item) for item in said]
        declared: dict[str, Any] = {}
    else:
        declared = deal.get("declared") or {}
    for klass in CLASSES:
        for seat in table.order:
            calls = declared.get(seat)
            if not isinstance(calls, dict) or klass not in calls:
                continue
            value = calls[klass]
            if not value:
                out.append({"declare": "nothing", "by": seat, "class": klass})
            elif klass == "point":
                out.append({"declare": "point", "by": seat, **value})
            else:
                kind = klass[:-1]
                out += [{"declare": kind, "by": seat, **item} for item in value]
    if "entered" in deal:
        out.append({"entered": dict(deal["entered"])})
    tricks = deal.get("tricks") or ""
    out += [{"trick": t if isinstance(t, str) else t["winner"]} for t in tricks]
    return out


class MultiForm:
    """One form for three to seven players."""

    def __init__(self, rules: Traits) -> None:
        self.rules = rules
        self.name = rules.name

    def seats(self, record: Record) -> tuple[str, ...]:
        from scorer.multi.record import SEAT_LETTERS

        return SEAT_LETTERS[: len(record.get("players") or ())]

    def new_record(
        self, players: list[str], first_dealer: str | None = None, **options: Any
    ) -> Record:
        from scorer.multi.actions import new_record

        if not self.rules.parties and first_dealer is None:
            first_dealer = players[-1]
        return new_record(self.name, list(players), first_dealer, **options)

    def parse_action(self, obj: object) -> Action:
        from scorer.multi.actions import parse_action

        return parse_action(obj, self.name)

    def play(
        self, record: Record, action: object, score: dict[str, Any] | None = None
    ) -> tuple[Record, dict[str, Any]]:
        from scorer.multi.actions import play

        return play(record, action, score)

    def replay(self, record: Record, actions: list[Action]) -> Record:
        from scorer.multi.actions import replay

        return replay(record, actions)

    def score(self, record: Record, lang: str = "en") -> dict[str, Any]:
        from scorer.multi.score import score_record2

        return score_record2(record, lang)

    def progress(
        self,
        record: Record,
        score: dict[str, Any] | None = None,
        actions: list[Action] | None = None,
        pending: dict[str, Any] | None = None,
    ) -> TableProgress:
        from scorer.multi.answers import extras, question

        if score is None:
            score = self.score(record)
        table = deal_table(record)
        deal = current_deal(record)
        winners = [t if isinstance(t, str) else t["winner"] for t in deal.get("tricks") or ""]
        tricks = {s: winners.count(s) for s in table.order}
        totals = running_totals(score)

        def made(
            phase: str,
            question_kind: str,
            to_act: tuple[str, ...],
            answers: Any,
            leader: str | None = None,
            detail: Any = None,
        ) -> TableProgress:
            return TableProgress(
                form=self.name,
                deal=table.number,
                phase=phase,
                question=question_kind,
                to_act=to_act,
                answers=tuple(answers),
                tricks=tricks,
                leader=leader,
                finished=bool(score.get("finished")) and self.rules.ends,
                totals=totals,
                detail=detail,
            )

        if self.rules.ends and score.get("finished"):
            return made("over", "finished", (), ())
        if self.rules.parties:
            parties = score.get("parties") or []
            if not parties or parties[-1]["finished"]:
                return made("seating", "next_partie", self.seats(record), _seatings(score))
        scored = score_deals(score)
        last = scored[-1] if scored else None
        if last is not None and last.get("complete") and last.get("number", 0) >= table.number:
            answer = Answer("next_deal", {"word": "next_deal"}, {"next_deal": True})
            return made("deal_over", "next_deal", table.order, (answer,))
        if pending is None and isinstance(deal.get("pending"), dict):
            pending = dict(deal["pending"])  # the first tap of two, kept by the journal
        if deal.get("entry") == "totals":  # quick mode: the deal's totals only
            back = Answer("quick-off", {"word": "dialogue"}, {"entry": "dialogue"})
            return made("totals", "entered", table.order, [back] if set(deal) <= {"entry"} else [])
        said = deal_actions(actions) if actions is not None else announced(record, table)
        flow = deal_flow(record, table, said)
        step = flow.step()
        opened = bool(set(deal) - {"entry", "pending"}) or pending is not None
        beside = list(extras(table, flow, step, record, opened))
        if step.phase == "play":
            leader = winners[-1] if winners else table.leader
            won = [Answer(f"won-{s}", {"seat": s}, {"trick": s}) for s in table.order]
            return made("play", "trick", table.order, won + beside, leader, step)
        if step.phase == "over":  # complete by its fields, the engine not yet told
            answer = Answer("next_deal", {"word": "next_deal"}, {"next_deal": True})
            return made("deal_over", "next_deal", table.order, (answer,))
        asked = question(table, flow, step, record, pending)
        return made(step.phase, asked.kind, (asked.seat,), (*asked.all(), *beside), None, asked)


def running_totals(score: dict[str, Any]) -> dict[str, int]:
    """The running scores the table shows: the game's, or (a sitting of parties)
    the partie in play's (nothing between two parties)."""
    if "parties" in score:
        parties = score.get("parties") or []
        if not parties or parties[-1]["finished"]:
            return {}
        return dict(parties[-1]["score"]["totals"])
    return {str(k): int(v) for k, v in (score.get("totals") or {}).items()}


def _seatings(score: dict[str, Any]) -> list[Answer]:
    """The next Chouette partie's seatings the text allows (`next`): before the
    first, anyone single, either other playing, either of the two dealing first;
    after one, the seating Cavendish gives, either of the two dealing first."""
    seats = score["seats"]
    letter = {name: seat for seat, name in seats.items()}
    nxt = score.get("next") or {"choices": list(seats.values()), "playing": None}
    out = []
    for single in nxt["choices"]:
        others = [n for n in seats.values() if n != single]
        playing = [nxt["playing"]] if nxt.get("playing") else others
        for player in playing:
            for first in (single, player):
                partie = {
                    "single": letter[single],
                    "playing": letter[player],
                    "first_dealer": letter[first],
                }
                key = "seat-" + "".join(partie[k] for k in PARTIE_KEYS)
                out.append(Answer(key, dict(partie), {"next_partie": partie}))
    return out


MULTI_FORMS = tuple(MultiForm(rules) for rules in TRAITS.values())
