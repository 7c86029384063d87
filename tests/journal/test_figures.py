"""The figures the journal keeps (schema 5, `journal.club`): they follow every
change to a partie (actions, undo, corrections) and always add up to
`scorer.stats` over every partie; the sittings read backwards from them are
`scorer.stats.sittings`; an older journal is counted a little at each
opening; and what a screen reads costs the same with a few thousand parties
as with a hundred (SQLite's own count of the work done, not a clock)."""

from __future__ import annotations

import contextlib
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import journal.journal as facade
from journal import Journal
from journal.schema import MIGRATIONS, SCHEMA_VERSION
from journal.sqlite_store import SqliteStore
from journal.store import DrillRow
from piquet.stats_command import journal_entries
from scorer import ActionError
from scorer.odds_simulation import policy_deal
from scorer.stats import statistics
from tests.journal.club_history import PERIOD, grow, work
from tests.stats.histories import KINDS, random_history


def everything_agrees(journal: Journal) -> None:
    """The kept figures against `scorer.stats` over the whole journal."""
    stats = statistics(journal_entries(journal))
    club = journal.club
    assert {row.player for row in club.players(10_000, counted_only=True)} == set(stats.players)
    for name, figures in stats.players.items():
        assert club.figures(name) == figures, name
    for (a, b), pair in stats.pairs.items():
        assert club.pair(a, b) == pair == club.pair(b, a)
        found, more = club.sittings(a, b, None, 10_000)
        assert more is None
        assert found[::-1] == stats.sittings.get((a, b), [])
        paged, before = [], None  # a page of one sitting at a time
        while True:
            page, before = club.sittings(b, a, before, 1)
            paged += page
            if before is None:
                break
        assert paged == found
        for sitting in found:  # each partie's own sitting: up to it
            for index, row in enumerate(sitting.parties):
                own = club.sitting_of(row.partie)
                assert own is not None and own.parties == sitting.parties[: index + 1]


@pytest.mark.parametrize("where", ["memory", "file"])
def test_the_kept_figures_add_up_to_the_statistics_of_every_partie(tmp_path, where):
    rng = random.Random(4)
    path = ":memory:" if where == "memory" else tmp_path / "j.sqlite3"
    with Journal.open(path) as journal:
        kinds = [*KINDS, "corrected", "corrected", "rubicon", "unfinished"]
        rng.shuffle(kinds)
        random_history(journal, rng, len(kinds), lambda: policy_deal(rng), kinds)
        journal.new_multi_partie("normand", ["Anne", "Zélie", "Bruno"], "Anne")
        everything_agrees(journal)
        assert "Zélie" in journal.club.names(3)  # a game of three keeps the name
        assert journal.club.figures("Zélie").parties == 0
        # a partie in play, then undone back to its start: the figures follow each step
        journal.new_partie(["Anne", "Chloé"], "Anne")
        for action in (
            {"entered": {"elder": 30, "younger": 12}},
            {"next_deal": True},
            {"entered": {"elder": 5, "younger": 40}},
        ):
            journal.act(action)
            everything_agrees(journal)
        for _ in range(3):
            journal.undo()
            everything_agrees(journal)
        finished = [
            e["partie"] for e in journal.history() if e["finished"] and e.get("format") is None
        ]
        for partie in finished:
            try:
                journal.correct(partie, 1, {"elder": 3, "younger": 4})
            except ActionError:  # some are refused (an au Cent partie decided earlier)
                continue
            everything_agrees(journal)
            journal.undo(partie=partie)
            everything_agrees(journal)
            break
    if where == "file":
        with Journal.open(path) as again:
            everything_agrees(again)


@settings(
    max_examples=5,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(seed=st.integers(0, 2**32), parties=st.integers(2, 6), undone=st.integers(0, 3))
def test_random_histories_keep_figures_that_add_up(seed, parties, undone):
    """Random histories of every kind, then the newest partie's last actions
    undone and a random finished partie corrected: after each, the kept figures
    are what `scorer.stats` finds over every partie."""
    rng = random.Random(seed)
    with Journal.open(":memory:") as journal:
        made = random_history(journal, rng, parties, lambda: policy_deal(rng))
        everything_agrees(journal)
        for _ in range(undone):
            # (imported parties only: none is current, nothing to undo)
            if journal.current_partie() is not None and journal.actions():
                journal.undo()
        everything_agrees(journal)
        finished = [e["partie"] for e in journal.history() if e["finished"]]
        if finished:
            partie = rng.choice(finished)
            deal = rng.randint(1, len(journal.score(partie)["deals"]))
            with contextlib.suppress(ActionError):  # refused in words: nothing changed
                journal.correct(
                    partie, deal, {"elder": rng.randint(0, 60), "younger": rng.randint(0, 60)}
                )
            everything_agrees(journal)
        assert len(made) == parties


CLUB_WRITE = re.compile(r"(INSERT (OR REPLACE )?INTO|DELETE FROM|UPDATE) (figures|totals)\b")


def test_a_trick_that_moves_no_figure_rewrites_none_and_the_last_one_does(tmp_path):
    """The figures are checked inside each act's transaction: a trick in the
    middle of the play changes nothing the club counts, so nothing of the
    club's tables is written (the tap that plays it commits less); the trick
    that completes the deal gives it a best deal, and the figures follow."""
    with Journal.open(tmp_path / "j.sqlite3") as journal:
        journal.new_partie(["Anne", "Bruno"], "Bruno")
        for action in (
            {"exchange": "elder", "cards": 5},
            {"exchange": "younger", "cards": 3},
            {"declare": "nothing", "by": "elder"},
            {"declare": "nothing", "by": "younger"},
        ):
            journal.act(action)
        statements: list[str] = []
        journal._store._conn.set_trace_callback(statements.append)
        writes_to_club = []
        for number in range(1, 13):
            statements.clear()
            journal.act({"trick": "E" if number % 3 else "Y"})
            writes_to_club.append(any(CLUB_WRITE.match(s) for s in statements))
            everything_agrees(journal)
        journal._store._conn.set_trace_callback(None)
        assert writes_to_club == [False] * 11 + [True]
        assert journal.club.figures("Anne").best_deal is not None


def moments(times: list[str]):
    """`journal.journal._now` giving these times, one per partie created."""
    queue = list(times)
    return lambda: queue.pop(0) if queue else "2026-01-09T00:00:00Z"


def finish(journal: Journal, names: tuple[str, str], points: int = 20) -> int:
    partie = journal.new_partie(list(names), names[1])
    for number in range(6):
        if number:
            journal.act({"next_deal": True})
        journal.act({"entered": {"elder": points if number % 2 == 0 else 0, "younger": 0}})
    return partie


def test_a_sitting_follows_the_journal_not_the_calendar_day(monkeypatch):
    """Across midnight is one evening; someone else at the table, or six hours, ends it."""
    monkeypatch.setattr(
        facade,
        "_now",
        moments(
            [
                "2026-03-01T22:30:00Z",
                "2026-03-01T23:40:00Z",
                "2026-03-02T00:50:00Z",  # one evening
                "2026-03-02T01:30:00Z",  # Anne plays Chloé
                "2026-03-02T02:00:00Z",  # Anne and Bruno again: a new sitting
                "2026-03-02T09:00:00Z",  # more than six hours later: another
            ]
        ),
    )
    with Journal.open(":memory:") as journal:
        evening = [finish(journal, ("Anne", "Bruno")) for _ in range(3)]
        finish(journal, ("Anne", "Chloé"))
        after = finish(journal, ("Bruno", "Anne"))
        morning = finish(journal, ("Anne", "Bruno"))
        club = journal.club
        assert [r.partie for r in club.sitting_of(evening[2]).parties] == evening
        assert [r.partie for r in club.sitting_of(after).parties] == [after]
        assert [r.partie for r in club.sitting_of(morning).parties] == [morning]
        found, _ = club.sittings("Anne", "Bruno")
        assert [[r.partie for r in s.parties] for s in found] == [[morning], [after], evening]
        net = club.sitting_of(evening[2]).parties[-1].net
        assert net == {"Anne": 3 * (60 + 100 + 0), "Bruno": -3 * (60 + 100)}
        everything_agrees(journal)


def test_an_older_journal_is_counted_a_little_at_each_opening(tmp_path, monkeypatch):
    path = tmp_path / "old.sqlite3"
    rng = random.Random(9)
    with Journal(SqliteStore.open(path, MIGRATIONS[:3])) as old:  # as schema 3 left it
        random_history(old, rng, 6, lambda: policy_deal(rng), [*KINDS[:6]])
        assert not old.club.kept
    monkeypatch.setattr(facade, "COUNT_BUDGET_S", 0.0)  # one partie at each opening
    left = []
    for _ in range(7):
        with Journal.open(path) as journal:
            left.append(journal.club.left())
    assert left == [5, 4, 3, 2, 1, 0, 0]  # newest first
    with Journal.open(path) as journal:
        everything_agrees(journal)
    with Journal.open(path, read_only=True) as reading:  # reading writes nothing
        everything_agrees(reading)


def test_a_journal_with_the_drills_schema_moves_on_to_the_figures_keeping_its_drills(tmp_path):
    # schema 4 (the drills) came before the figures (5): such a file keeps its
    # parties and its drills, and its parties are counted as any older file's
    path = tmp_path / "drills.sqlite3"
    rng = random.Random(4)
    with Journal(SqliteStore.open(path, MIGRATIONS[:4])) as old:
        random_history(old, rng, 3, lambda: policy_deal(rng), [*KINDS[:6]])
        drilled = DrillRow("Anne", "point", 7, "en", True, "point", "{}", "2026-11-23T05:00:00Z")
        old._store.add_drill(drilled)
        parties = len(old.history())
        assert not old.club.kept
    with Journal.open(path) as journal:
        assert SqliteStore.open(path, read_only=True).version() == SCHEMA_VERSION >= 5
        assert len(journal.history()) == parties
        assert journal.drill_tally("Anne") == {"point": {"asked": 1, "right": 1}}
        while journal.club.left():
            journal.count_figures(1.0)
        everything_agrees(journal)


# --- what a screen reads: a few rows whatever the history's length ------------------------


def screen_reads(journal: Journal) -> dict[str, int]:
    """What each screen reads, at the newest end of the journal (the same pattern of
    parties in both journals: their lengths are a multiple of its period)."""
    club = journal.club
    newest = journal.history_page(None, 1)[0]["partie"]
    last = next(e for e in journal.history_page(None, 60) if e["finished"])
    a, b = last["players"]
    return {
        "history, first page": work(journal, lambda: journal.history_page(None, 20)),
        "history, a later page": work(journal, lambda: journal.history_page(newest - 40, 20)),
        "one entry": work(journal, lambda: journal.history_entry(newest)),
        "player list": work(journal, lambda: club.names(8)),
        "players page": work(journal, lambda: club.players(12, counted_only=True)),
        "a player's figures": work(journal, lambda: club.figures(a)),
        "his opponents": work(journal, lambda: club.opponents(a, 12)),
        "head to head": work(journal, lambda: club.pair(a, b)),
        "a sitting": work(journal, lambda: club.sitting_of(last["partie"])),
        "a pair's sittings": work(journal, lambda: club.sittings(a, b, None, 3)),
    }


@pytest.mark.slow
def test_what_a_screen_reads_does_not_grow_with_the_history(tmp_path):
    small, large = tmp_path / "small.sqlite3", tmp_path / "large.sqlite3"
    grow(small, 12 + 5 * PERIOD)
    grow(large, 12 + 25 * PERIOD)  # 3012 parties
    with Journal.open(small) as a, Journal.open(large) as b:
        assert len(b.history()) == 3012  # (the whole history, read once here)
        few, many = screen_reads(a), screen_reads(b)
    assert few.keys() == many.keys()
    for what in few:  # the B-trees may be a level deeper: a little more, never 5 times
        assert many[what] <= 1.5 * few[what] + 10, (what, few[what], many[what])
    whole = Journal.open(large)
    try:
        assert work(whole, whole.history) > 10 * max(many.values())  # the measure sees a scan
    finally:
        whole.close()
