"""The crash test: SIGKILL at seeded random moments never loses an acknowledged action.

Ten journals, 21 kills each (210 kills), two at a time. Run with `pytest -s`
to see the figures; `bench/journal_crash.py` runs the same harness on its own.
"""

from __future__ import annotations

import pytest
from crash_harness import crash_journal, crash_many

JOURNALS = 10
KILLS_EACH = 21


@pytest.mark.slow
def test_sigkill_never_loses_an_acknowledged_action(tmp_path):
    figures = crash_many(tmp_path, JOURNALS, KILLS_EACH, base_seed="piquet-crash-2026")
    print(f"\ncrash test: {figures.line()}")
    assert figures.problems == []
    assert figures.kills >= 200
    assert figures.acknowledged > figures.kills  # the kills came mid-stream, not only at start-up
    assert figures.losses == 0


@pytest.mark.slow
def test_the_harness_sees_the_losses_of_a_program_that_acknowledges_too_early(tmp_path):
    figures = crash_journal(tmp_path / "lying.sqlite3", "piquet-crash-lying", 20, lying=True)
    print(f"\nlying child: {figures.line()}")
    assert figures.losses > 0
