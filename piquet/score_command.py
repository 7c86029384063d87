"""`piquet score` and `piquet hand`.

`piquet score` reads a record of either format: `piquet-record/1`
(../shared/spec/record.md) or `piquet-record/2` (docs/record-2.md), each
scored by its engine, with the same input reader and the same exit codes.
"""

from __future__ import annotations

import json
import sys

from piquet.json_input import InputError, read_json
from piquet.words import _, language, say  # cheap once the vocabulary is read
from scorer import HandError, RecordError, read_hand, score_record
from scorer.errors import Said
from vocabulary.terms import CLASS_TERMS, SEQUENCES, SETS, capitalised, term

TYPE_CHECKING = False  # argparse is not imported for `piquet score RECORD` (starts faster)
if TYPE_CHECKING:
    import argparse


MAX_PROBLEM_LINES = 100  # a hostile record may have thousands; the first ones say enough


def _fail(lines: list[str]) -> int:
    from piquet import said  # a failure's words, imported when there is one (`piquet score`
    # on a good record starts without them)

    shown = lines[:MAX_PROBLEM_LINES]
    if len(lines) > len(shown):
        shown.append(_("... and {count} more problems", count=len(lines) - len(shown)))
    sys.stderr.write("".join(said.line(say(line)) + "\n" for line in shown))
    return 2


def load_record(path: str) -> object:
    """Read a record from a file or `-`; raises RecordError with a readable line."""
    try:
        return read_json(path, "record")
    except InputError as error:
        raise RecordError([Said.around("record: {problem}", error)]) from None


FORMAT_2 = "piquet-record/2"


def score_any(record: object) -> dict:
    """The score of a record of either format: `piquet-record/1` (two players) to
    `scorer.score_record`, `piquet-record/2` (three to seven) to
    `scorer.multi.score_record2`; anything else is refused by the first."""
    if isinstance(record, dict) and record.get("format") == FORMAT_2:
        from scorer.multi import score_record2

        return score_record2(record)
    return score_record(record)


def run_score(args: argparse.Namespace) -> int:
    """Score a record of either format; the whole answer is built (and encoded) before
    a byte is written, so a failure never leaves half an answer on standard output."""
    try:
        answer = score_any(load_record(args.record))
        data = (json.dumps(answer, ensure_ascii=False, indent=1) + "\n").encode("utf-8")
    except RecordError as exc:
        return _fail(exc.problems)
    except UnicodeEncodeError:
        return _fail([Said("record: the answer holds text that cannot be written as UTF-8")])
    _write(data)
    return 0


def _write(data: bytes) -> None:
    """UTF-8 bytes to standard output (its text layer when it has no bytes, as in tests)."""
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:
        sys.stdout.write(data.decode("utf-8"))
        return
    sys.stdout.flush()
    buffer.write(data)
    buffer.flush()


def run_hand(args: argparse.Namespace) -> int:
    against = getattr(args, "against", None)
    if against is None:
        if getattr(args, "younger", False):
            return _fail([Said("hand: --younger needs --against (the other hand)")])
        try:
            held = read_hand(args.cards)
        except HandError as exc:
            return _fail([Said.around("hand: {problem}", exc)])
        if args.json:
            json.dump(held, sys.stdout, ensure_ascii=False)
            sys.stdout.write("\n")
            return 0
        sys.stdout.write(describe_hand(held) + "\n")
        return 0
    from scorer.calculator import compare

    try:
        comparison = compare(
            args.cards, against, elder="against" if args.younger else "hand", lang=language()
        )
    except HandError as exc:
        return _fail([Said.around("hand: {problem}", exc)])
    if args.json:
        json.dump({**comparison.hand, **comparison.to_json()}, sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
        return 0
    sys.stdout.write(describe_comparison(comparison) + "\n")
    return 0


def describe_comparison(comparison) -> str:
    """Both hands, then who is good in each class and what it scores, in the
    reader's language (the score lines too)."""
    younger = "against" if comparison.elder == "hand" else "hand"
    seat = {comparison.elder: _("Elder"), younger: _("Younger")}
    side = {"hand": _("hand"), "against": _("against")}
    out = [
        _("Hand ({role}):", role=seat["hand"]),
        describe_hand(comparison.hand),
        "",
        _("Against ({role}):", role=seat["against"]),
        describe_hand(comparison.against),
        "",
    ]
    for klass, outcome in comparison.classes.items():
        title = capitalised(term(CLASS_TERMS[klass], language()))
        if outcome.good is None:
            out.append(_("{klass}: nobody scores", klass=title))
        else:
            out.append(
                _(
                    "{klass}: {side} is good, scores {n}",
                    klass=title,
                    side=side[outcome.good],
                    n=outcome.scores,
                )
            )
    repique = comparison.repique
    out.append(_("Repique: {side}", side=side[repique]) if repique in side else _("Repique: none"))
    out += ["", _("As the scorer reckons it:")]
    for line in comparison.lines:
        who = side.get(line["player"], line["player"]) if line["points"] else ""
        out.append(f"  {who:<8}{line['points']:>4}  {line['why']}")
    return "\n".join(out)


def describe_hand(held: dict) -> str:
    """What a hand holds, line by line, in the reader's language."""
    lang = language()
    point = held["point"]
    lines = [" ".join(held["cards"])]
    if held["carte_blanche"]:
        lines.append(_("Carte blanche (no king, queen or jack): 10"))
    lines.append(
        _(
            "Point: {cards} cards in {suit} making {value} (scores {n} if good)",
            cards=point["cards"],
            suit=point["suit"],
            value=point["value"],
            n=point["scores"],
        )
    )
    for seq in held["sequences"]:
        lines.append(
            _(
                "Sequence: {name} to the {top} in {suit} (scores {n} if good)",
                name=term(SEQUENCES[seq["length"]], lang),
                top=seq["top"],
                suit=seq["suit"],
                n=seq["scores"],
            )
        )
    for found in held["sets"]:
        lines.append(
            _(
                "Set: {name} of {rank} (scores {n} if good)",
                name=term(SETS[found["count"]], lang),
                rank=found["rank"],
                n=found["scores"],
            )
        )
    if not held["sequences"]:
        lines.append(_("Sequences: none"))
    if not held["sets"]:
        lines.append(_("Sets: none"))
    if held["carte_rouge"]:
        lines.append(_("Carte rouge: every card is in a combination"))
    return "\n".join(lines)
