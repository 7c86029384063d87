"""Fuzzing the command line with hostile JSON (issue 9, item 3).

Thousands of mutated records go to `piquet score` (and some actions and
records to `piquet act` and `piquet import`), in this process through
`piquet.cli.main`, with bytes on standard input. The only answers allowed:
exit 0 with the JSON answer on standard output and nothing on standard error,
or exit 2 with a message on standard error and nothing on standard output.
Never an exception, never another status.

The parser is built once for these tests (tests/cli/conftest.py).
"""

from __future__ import annotations

import collections
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.cli.fuzzing import Run, damage, encode, mutate, outcome, run_piquet
from tests.conftest import EXAMPLES
from tests.scorer.helpers import record
from tests.scorer.strategies import legal_deal

RECORDS_FED = 2400
ACTIONS_FED = 300
IMPORTS_FED = 120


def example_records() -> list[dict[str, Any]]:
    return [
        json.loads(path.read_text(encoding="utf-8"))["record"]
        for path in sorted(EXAMPLES.glob("*.json"))
    ]


def random_legal_records(count: int) -> list[dict[str, Any]]:
    """Records of one to six random legal deals (tests/scorer/strategies.py)."""
    found: list[dict[str, Any]] = []

    @settings(
        max_examples=count,
        derandomize=True,
        database=None,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(st.lists(legal_deal(complete=True), max_size=5), legal_deal())
    def collect(deals: list[dict[str, Any]], last: dict[str, Any]) -> None:
        found.append(record(*deals, last))

    collect()
    return found


def is_score(answer: Any) -> bool:
    return isinstance(answer, dict) and answer.get("format") == "piquet-score/1"


def is_state(answer: Any) -> bool:
    return isinstance(answer, dict) and {"partie", "totals", "finished"} <= answer.keys()


def fed(rng: random.Random, base: Any) -> bytes:
    """A mutated document as bytes; one in ten also damaged as text."""
    data = encode(mutate(base, rng))
    return damage(data, rng) if rng.random() < 0.1 else data


def tally(runs: list[tuple[bytes, Run]], check: Any) -> tuple[collections.Counter, list[str]]:
    counts: collections.Counter = collections.Counter()
    wrong = []
    for data, run in runs:
        result = outcome(run, check)
        counts[result if result in ("ok", "refused") else "other"] += 1
        if result not in ("ok", "refused"):
            wrong.append(f"{result}\n  input: {data[:300]!r}")
    return counts, wrong


@pytest.mark.slow
def test_mutated_records_get_an_answer_or_a_refusal_never_a_crash() -> None:
    rng = random.Random(2026)
    seeds = example_records() + random_legal_records(60)
    runs = []
    for _ in range(RECORDS_FED):
        data = fed(rng, rng.choice(seeds))
        runs.append((data, run_piquet(["score", "-"], data)))
    counts, wrong = tally(runs, is_score)
    print(f"\npiquet score: {RECORDS_FED} mutated records fed: {dict(counts)}")
    assert not wrong, "\n".join(wrong[:5])
    assert sum(counts.values()) == RECORDS_FED >= 2000
    # Both ways out were taken many times: the mutations reach the scoring too.
    assert counts["ok"] >= 50 and counts["refused"] >= 1000


def base_actions() -> list[dict[str, Any]]:
    from scorer.actions import record_to_actions

    actions = [action for rec in example_records() for action in record_to_actions(rec)]
    return [
        *actions,
        {"say": "done"},
        {"say": "call", "by": "elder", "cards": 5},
        {"trick": {"winner": "E", "lead": "AH", "follow": "10H"}},
    ]


@pytest.mark.slow
def test_mutated_imports_get_an_answer_or_a_refusal(tmp_path: Path) -> None:
    rng = random.Random(9)
    db = str(tmp_path / "journal.sqlite3")
    seeds = example_records() + random_legal_records(10)
    runs = []
    for index in range(IMPORTS_FED):
        data = fed(rng, rng.choice(seeds))
        if index % 2:
            runs.append((data, run_piquet(["import", "--db", db, "-"], data)))
        else:
            path = tmp_path / f"record-{index}.json"
            path.write_bytes(data)
            runs.append((data, run_piquet(["import", "--db", db, str(path)])))
    counts, wrong = tally(runs, is_state)
    print(f"\npiquet import: {IMPORTS_FED} mutated records fed: {dict(counts)}")
    assert not wrong, "\n".join(wrong[:5])
    assert counts["ok"] >= 5 and counts["refused"] >= 50


def fed_actions(rng: random.Random, db: str) -> list[tuple[bytes, Run]]:
    actions = base_actions()
    runs = []
    for index in range(ACTIONS_FED):
        if index % 50 == 0:
            started = run_piquet(
                ["new", "--db", db, "--players", "Anne", "Ben", "--first-dealer", "Ben"]
            )
            assert started.status == 0, started.stderr
        base = rng.choice(actions)
        data = fed(rng, base) if rng.random() < 0.8 else encode(base)
        # The shell hands `act` text; bytes that are not UTF-8 arrive as surrogates.
        text = data.decode("utf-8", "surrogateescape")
        try:
            runs.append((data, run_piquet(["act", "--db", db, text])))
        except Exception as error:  # counted, to show every crash at once
            runs.append((data, Run(-1, b"", f"{type(error).__name__}: {error}")))
    return runs


@pytest.mark.slow
def test_mutated_actions_get_an_answer_or_a_refusal(tmp_path: Path) -> None:
    runs = fed_actions(random.Random(9), str(tmp_path / "journal.sqlite3"))
    counts, wrong = tally(runs, is_state)
    print(f"\npiquet act: {ACTIONS_FED} mutated actions fed: {dict(counts)}")
    assert not wrong, "\n".join(wrong[:5])
    assert counts["ok"] >= 10 and counts["refused"] >= 100
