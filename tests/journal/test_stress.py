"""The two-writer stress test: a long-lived Journal and `piquet` processes at random.

Two journals, 100 seeded rounds each (see `stress_harness`): every journal
opens, `PRAGMA integrity_check` is ok, nothing is kept aside, no acknowledged
action is lost and no commit was illegal when made. Run with `pytest -s` to
see the figures; `bench/journal_stress.py` runs a longer version.
"""

from __future__ import annotations

import pytest
from stress_harness import stress_many

JOURNALS = 2
ROUNDS = 100


@pytest.mark.slow
def test_two_writers_at_random_lose_nothing_and_never_poison_the_journal(tmp_path):
    figures = stress_many(tmp_path, JOURNALS, ROUNDS, base_seed="piquet-stress-2026")
    print(f"\nstress test: {figures.line()}")
    assert figures.problems == []
    assert figures.rounds >= 200
    assert (figures.lost, figures.unexpected) == (0, 0)
    assert figures.stale_refused > 0  # the race with a stale view did happen
    assert figures.commands > figures.rounds / 2 and figures.real_processes > 0
    assert figures.acknowledged_actions > 100
