"""A long club history in a journal, fast, and SQLite's count of the work a read
costs: for the tests of what screens read (tests/journal/test_figures.py,
tests/kiosk/test_club.py) and bench/club_reads.py."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from journal import Journal
from journal.figures import lines_of
from scorer.frozen import replace
from scorer.odds_simulation import policy_deal
from tests.stats.histories import random_history

PERIOD = 120  # the copied parties repeat every 120: who plays whom, and when in the evening


def grow(path: Path, parties: int, seed: int = 1) -> None:
    """A journal of `parties` parties among forty players, evenings of thirty
    parties ten minutes apart, most of them finished: a dozen played through the
    journal, then copied at the store's level (their actions, summaries and
    figures, under other names), which is much faster than playing each. Who
    plays whom repeats every PERIOD parties, so two journals whose lengths differ
    by a multiple of it end alike."""
    rng = random.Random(seed)
    club = [f"P{n:02d}" for n in range(40)]
    seats = [tuple(rng.sample(club, 2)) for _ in range(PERIOD)]
    with Journal.open(path) as journal:
        journal._store._conn.execute("PRAGMA synchronous = OFF")
        templates = random_history(
            journal,
            rng,
            12,
            lambda: policy_deal(rng),
            ["rubicon", "imported", "unfinished", "corrected"] * 3,
        )
        made = [
            (journal._store.partie(t), journal.actions(t), journal.record(t), journal.score(t))
            for t in templates
        ]
        store = journal._store
        with store.transaction():
            for index in range(parties - len(templates)):
                stored, actions, record, score = made[index % len(made)]
                a, b = seats[index % PERIOD]
                names = dict(zip(record["players"], (a, b), strict=True))
                day, slot = divmod(index, 30)
                when = datetime(2026, 1, 1, 19, tzinfo=UTC) + timedelta(days=day, minutes=10 * slot)
                header = replace(
                    stored.header,
                    players=[a, b],
                    first_dealer=names[stored.header.first_dealer],
                    created_at=when.strftime("%Y-%m-%dT%H:%M:%SZ"),
                )
                result = stored.summary.result
                summary = replace(
                    stored.summary,
                    totals={names[k]: v for k, v in stored.summary.totals.items()},
                    result=None
                    if result is None
                    else {**result, "winner": names.get(result.get("winner"))},
                )
                partie = store.create_partie(header, summary, actions, make_current=False)
                store.put_figures(
                    partie,
                    [
                        replace(line, player=names[line.player], opponent=names[line.opponent])
                        for line in lines_of(record, score)
                    ],
                )


def work(journal: Journal, read: Any) -> int:
    """SQLite's virtual machine steps (in tens) that `read` costs."""
    steps = [0]

    def count() -> int:
        steps[0] += 1
        return 0

    conn = journal._store._conn
    conn.set_progress_handler(count, 10)
    try:
        read()
    finally:
        conn.set_progress_handler(None, 10)
    return steps[0]
