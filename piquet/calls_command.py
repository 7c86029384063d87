"""`piquet calls RECORD [--lang en|fr] [--json]`: the calls of a partie (issue 24).

Prints the calls in the order the players say them, one a line, `NAME: text`
(`scorer.calls` for the calls, `scorer.calls_words` for their words). With
`--json` the last line is one JSON list, each item `{"deal": N, "by": NAME,
"say": TEXT, "total": N or null}`. RECORD is a `piquet-record/1` file, or `-`
for standard input, read and checked as `piquet score` reads it: a record it
refuses gets the same lines on standard error and exit 2, and nothing on
standard output. `--wav DIR` (one sound file a call) is not built yet: it
exits 2 saying so.
"""

from __future__ import annotations

import json

from piquet.score_command import FORMAT_2, _fail, _write, load_record
from scorer.errors import RecordError

TYPE_CHECKING = False  # argparse is only for the checker
if TYPE_CHECKING:
    import argparse


def run_calls(args: argparse.Namespace) -> int:
    if getattr(args, "wav", None) is not None:
        return _fail(["calls: --wav (the calls spoken as sound files) is not available yet"])
    from scorer.calls import partie_calls
    from scorer.calls_words import say

    lang = args.lang or "en"
    try:
        record = load_record(args.record)
        if isinstance(record, dict) and record.get("format") == FORMAT_2:
            raise RecordError(
                ["record: calls are said for two players (piquet-record/1) only, so far"]
            )
        calls = partie_calls(record)
    except RecordError as exc:
        return _fail(exc.problems)
    spoken = [{"deal": c.deal, "by": c.by, "say": say(c, lang), "total": c.total} for c in calls]
    lines = [f"{item['by']}: {item['say']}" for item in spoken]
    if args.json:
        lines.append(json.dumps(spoken, ensure_ascii=False))
    _write("".join(line + "\n" for line in lines).encode("utf-8"))
    return 0
