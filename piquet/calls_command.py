"""`piquet calls RECORD [--lang en|fr] [--json] [--wav DIR]`: the calls of a partie (issue 24).

Prints the calls in the order the players say them, one a line, `NAME: text`
(`scorer.calls` for the calls, `scorer.calls_words` for their words). With
`--json` the last line is one JSON list, each item `{"deal": N, "by": NAME,
"say": TEXT, "total": N or null}`. RECORD is a `piquet-record/1` file, or `-`
for standard input, read and checked as `piquet score` reads it: a record it
refuses gets the same lines on standard error and exit 2, and nothing on
standard output.

`--wav DIR` also says each call into a WAV file of DIR, in the language of
`--lang`, numbered in the order said and named by who says it: `001-A.wav`,
`002-B.wav`, ... (three digits, more when a partie has a thousand calls; a
name's characters that a file name cannot safely hold become `_`). DIR is
made if it is missing; files of the same names are replaced, others are left
alone. The two players speak with two voices (the first of `players` with
the first), so a listener hears who calls without the names. The files are
written with espeak-ng (`hardware.voice`), before anything is printed: a
DIR that cannot be written, or espeak-ng missing or failing, is one line on
standard error, exit 2, and nothing on standard output.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

from piquet.score_command import FORMAT_2, _fail, _write, load_record
from scorer.errors import RecordError, Said

TYPE_CHECKING = False  # argparse is only for the checker
if TYPE_CHECKING:
    import argparse

    from scorer.calls import Call


def run_calls(args: argparse.Namespace) -> int:
    from scorer.calls import partie_calls
    from scorer.calls_words import say

    lang = args.lang or "en"
    try:
        record = load_record(args.record)
        if isinstance(record, dict) and record.get("format") == FORMAT_2:
            raise RecordError(
                [Said("record: calls are said for two players (piquet-record/1) only, so far")]
            )
        calls = partie_calls(record)
    except RecordError as exc:
        return _fail(exc.problems)
    spoken = [{"deal": c.deal, "by": c.by, "say": say(c, lang), "total": c.total} for c in calls]
    if getattr(args, "wav", None) is not None:
        assert isinstance(record, dict)  # partie_calls accepted it
        problem = _write_wavs(Path(args.wav), calls, spoken, list(record["players"]), lang)
        if problem:
            return _fail([Said.around("calls: {problem}", problem)])
    lines = [f"{item['by']}: {item['say']}" for item in spoken]
    if args.json:
        lines.append(json.dumps(spoken, ensure_ascii=False))
    _write("".join(line + "\n" for line in lines).encode("utf-8"))
    return 0


def wav_name(number: int, count: int, name: str) -> str:
    """`001-A.wav`: the call's number, padded for `count` calls, and who says it."""
    safe = re.sub(r"[^\w-]", "_", name)[:40] or "_"
    return f"{number:0{max(3, len(str(count)))}d}-{safe}.wav"


def _write_wavs(
    folder: Path, calls: tuple[Call, ...], spoken: list[dict], players: list[str], lang: str
) -> str | None:
    """One WAV file a call in `folder`; the problem in words, or None."""
    from hardware.voice import Espeak, VoiceError

    speaker = Espeak()
    if shutil.which(speaker.espeak) is None:
        return (
            "--wav needs espeak-ng, the program that speaks, and it is not installed "
            "(install the espeak-ng package)"
        )
    if folder.exists() and not folder.is_dir():
        return f"--wav {folder}: this is a file, not a folder"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        reason = (exc.strerror or str(exc)).lower()
        return f"--wav {folder}: the folder cannot be made ({reason})"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"--wav {folder}: this user may not write in that folder"
    for number, (call, item) in enumerate(zip(calls, spoken, strict=True), start=1):
        path = folder / wav_name(number, len(calls), call.by)
        side = 1 if call.by in players[1:] else 0
        try:
            speaker.to_wav(item["say"], path, lang, side)
        except VoiceError:
            return f"--wav {path}: espeak-ng could not write this file"
    return None
