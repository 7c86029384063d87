"""docs/record-2.md stays true: every record shown is scored, and every answer
shown equals the engine's answer for the record before it, field by field for
the fields shown."""

from __future__ import annotations

import json
import re
from pathlib import Path

from scorer.multi import FORMS, score_record2

DOC = Path(__file__).resolve().parents[2] / "docs" / "record-2.md"


def _blocks() -> list[dict]:
    text = DOC.read_text(encoding="utf-8")
    return [json.loads(block) for block in re.findall(r"```json\n(.*?)```", text, re.S)]


def test_every_example_scores_and_every_answer_shown_is_the_engines() -> None:
    blocks = _blocks()
    records = [b for b in blocks if b["format"] == "piquet-record/2"]
    assert sorted(r["form"] for r in records) == sorted(FORMS)  # an example of each form
    answered = 0
    record = None
    for block in blocks:
        if block["format"] == "piquet-record/2":
            record = block
            score_record2(record)
            continue
        assert record is not None, "an answer needs its record before it"
        answer = score_record2(record)
        for key, shown in block.items():
            assert answer[key] == shown, key
        answered += 1
    assert answered == len(records)
