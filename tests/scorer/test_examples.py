"""Every record in ../shared/examples scores to its `expected` block."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorer import score_record
from tests.conftest import SHARED

EXAMPLES = sorted((SHARED / "examples").glob("*.json"))


def test_there_are_examples_to_check() -> None:
    assert len(EXAMPLES) >= 7


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_example_scores_to_expected(path: Path) -> None:
    example = json.loads(path.read_text(encoding="utf-8"))
    expected = example["expected"]
    got = score_record(example["record"])
    assert got["format"] == "piquet-score/1"
    assert got["totals"] == expected["totals"]
    if "result" in expected:  # a single worked deal (Cavendish's example) states no result
        assert got["result"] == expected["result"]
        assert got["finished"] == (expected["result"] is not None)
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
