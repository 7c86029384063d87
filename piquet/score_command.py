"""`piquet score` and `piquet hand`.

`piquet score` reads a record of either format: `piquet-record/1`
(../shared/spec/record.md) or `piquet-record/2` (docs/record-2.md), each
scored by its engine, with the same input reader and the same exit codes.
"""

from __future__ import annotations

import json
import sys

from piquet.json_input import InputError, read_json
from scorer import HandError, RecordError, read_hand, score_record
from scorer.errors import Said
from vocabulary.terms import SEQUENCES, SETS, TERMS

TYPE_CHECKING = False  # argparse is not imported for `piquet score RECORD` (starts faster)
if TYPE_CHECKING:
    import argparse


MAX_PROBLEM_LINES = 100  # a hostile record may have thousands; the first ones say enough


def _fail(lines: list[str]) -> int:
    from piquet import said  # a failure's words, imported when there is one (`piquet score`
    from piquet.words import _, say  # on a good record starts without them)

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
        comparison = compare(args.cards, against, elder="against" if args.younger else "hand")
    except HandError as exc:
        return _fail([Said.around("hand: {problem}", exc)])
    if args.json:
        json.dump({**comparison.hand, **comparison.to_json()}, sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
        return 0
    sys.stdout.write(describe_comparison(comparison) + "\n")
    return 0


def describe_comparison(comparison) -> str:
    """Both hands, then who is good in each class and what it scores."""
    younger = "against" if comparison.elder == "hand" else "hand"
    seat = {comparison.elder: "Elder", younger: "Younger"}
    out = [
        f"Hand ({seat['hand']}):",
        describe_hand(comparison.hand),
        "",
        f"Against ({seat['against']}):",
        describe_hand(comparison.against),
        "",
    ]
    for klass, outcome in comparison.classes.items():
        if outcome.good is None:
            out.append(f"{klass.capitalize()}: nobody scores")
        else:
            out.append(f"{klass.capitalize()}: {outcome.good} is good, scores {outcome.scores}")
    out.append(f"Repique: {comparison.repique or 'none'}")
    out += ["", "As the scorer reckons it:"]
    for line in comparison.lines:
        who = line["player"] if line["points"] else ""
        out.append(f"  {who:<8}{line['points']:>4}  {line['why']}")
    return "\n".join(out)


def describe_hand(held: dict) -> str:
    point = held["point"]
    lines = [" ".join(held["cards"])]
    if held["carte_blanche"]:
        lines.append("Carte blanche (no king, queen or jack): 10")
    lines.append(
        f"Point: {point['cards']} cards in {point['suit']} making {point['value']}"
        f" (scores {point['scores']} if good)"
    )
    for seq in held["sequences"]:
        name = TERMS.english(SEQUENCES[seq["length"]])
        lines.append(
            f"Sequence: {name} to the {seq['top']} in {seq['suit']}"
            f" (scores {seq['scores']} if good)"
        )
    for found in held["sets"]:
        name = TERMS.english(SETS[found["count"]])
        lines.append(f"Set: {name} of {found['rank']} (scores {found['scores']} if good)")
    if not held["sequences"]:
        lines.append("Sequences: none")
    if not held["sets"]:
        lines.append("Sets: none")
    if held["carte_rouge"]:
        lines.append("Carte rouge: every card is in a combination")
    return "\n".join(lines)
