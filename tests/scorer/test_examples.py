"""Every record in tests/examples scores to its `expected` block."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorer import score_record
from tests.conftest import example_paths

EXAMPLES = example_paths()


def test_there_are_examples_to_check() -> None:
    assert len(EXAMPLES) >= 7


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_example_scores_to_expected(path: Path) -> None:
    example = json.loads(path.read_text(encoding="utf-8"))
    expected = example["expected"]
    got = score_record(example["record"])
    assert got["format"] == "piquet-score/1"
    assert got["totals"] == expected["totals"]
    # An example of a single deal (Cavendish's) gives no "result": its partie goes on.
    result = expected.get("result")
    assert got["result"] == result
    assert got["finished"] == (result is not None)
    assert len(got["deals"]) == len(expected["deals"])
    for deal, want in zip(got["deals"], expected["deals"], strict=True):
        for key, value in want.items():
            assert deal[key] == value, (path.stem, deal["number"], key)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_example_lines_add_up_to_scores(path: Path) -> None:
    got = score_record(json.loads(path.read_text(encoding="utf-8"))["record"])
    for deal in got["deals"]:
        for name, points in deal["scores"].items():
            raw = sum(ln["points"] for ln in deal["lines"] if ln["player"] == name)
            assert raw * deal["multiplier"] == points
            assert all(ln["why"] for ln in deal["lines"])
