"""The drills' progress record in the journal (schema 4): one row per answered
question, a player's tally read from an index on the player, recent names
read from a bounded number of rows; bad input refused, nothing written."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from journal_helpers import sha256_files

from journal import Journal
from journal.schema import MIGRATIONS, SCHEMA_VERSION
from journal.sqlite_store import SqliteStore
from scorer.actions import ActionError
from scorer.drills import KINDS, DrillResult, drill_from, result_of, tally


@pytest.fixture(params=["memory", "sqlite"])
def any_journal(request, tmp_path: Path):
    opened = Journal.open(":memory:" if request.param == "memory" else tmp_path / "j.sqlite3")
    yield opened
    opened.close()


def answered(player: str, rng: random.Random) -> DrillResult:
    drill = drill_from(rng.choice(KINDS), rng.randrange(2**32))
    choice = rng.choice(drill.choices)
    return result_of(player, drill, choice.answer)


results = st.lists(
    st.tuples(st.sampled_from(["Anne", "Ben", "Hélène"]), st.integers(0, 2**32 - 1)), max_size=25
)


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(results)
def test_a_players_tally_is_the_sum_of_his_own_results(any_journal, draws):
    """Whatever others did before or between, a player's tally from the journal
    is `scorer.drills.tally` of the results he recorded (this run's, added to
    what earlier examples left)."""
    before = {p: any_journal.drill_tally(p) for p in ("Anne", "Ben", "Hélène")}
    mine: dict[str, list[DrillResult]] = {"Anne": [], "Ben": [], "Hélène": []}
    for player, seed in draws:
        result = answered(player, random.Random(seed))
        any_journal.record_drill(result)
        mine[player].append(result)
    for player, kept in mine.items():
        expected = {k: dict(v) for k, v in before[player].items()}
        for kind, counts in tally(kept).items():
            entry = expected.setdefault(kind, {"asked": 0, "right": 0})
            entry["asked"] += counts["asked"]
            entry["right"] += counts["right"]
        assert any_journal.drill_tally(player) == expected


def test_a_right_and_a_wrong_answer_are_counted_as_such(any_journal):
    drill = drill_from("point", 7)
    wrong = next(c.answer for c in drill.choices if not drill.check(c.answer).right)
    any_journal.record_drill(result_of("Anne", drill, drill.expected))
    any_journal.record_drill(result_of("Anne", drill, wrong))
    assert any_journal.drill_tally("Anne") == {"point": {"asked": 2, "right": 1}}
    assert any_journal.drill_tally("Ben") == {}
    assert any_journal.drill_tally(" Anne ") == {"point": {"asked": 2, "right": 1}}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"player": ""}, "1 to 40 characters"),
        ({"player": "   "}, "1 to 40 characters"),
        ({"player": "A" * 41}, "1 to 40 characters"),
        ({"kind": "poker"}, "no drill 'poker'"),
        ({"answer": {1, 2}}, "must be JSON"),
        ({"answer": float("nan")}, "must be JSON"),
    ],
)
def test_bad_input_is_refused_and_writes_nothing(tmp_path, change, message):
    path = tmp_path / "j.sqlite3"
    with Journal.open(path) as journal:
        journal.record_drill(answered("Anne", random.Random(1)))
        before = sha256_files(path, Path(f"{path}-wal"))
        good = result_of("Anne", drill_from("point", 3), {"cards": 5, "value": 49})
        bad = DrillResult(**{**good.to_json(), **change})
        with pytest.raises(ActionError, match=message):
            journal.record_drill(bad)
        assert sha256_files(path, Path(f"{path}-wal")) == before
        assert sum(v["asked"] for v in journal.drill_tally("Anne").values()) == 1


def test_a_kept_answer_reads_back_as_json(tmp_path):
    path = tmp_path / "j.sqlite3"
    drill = drill_from("point", 11, "fr")
    with Journal.open(path) as journal:
        journal.record_drill(result_of("Hélène", drill, {"cards": 5, "value": 49}))
    conn = sqlite3.connect(path)
    row = conn.execute("SELECT player, kind, seed, lang, section, answer FROM drills").fetchone()
    conn.close()
    assert row == ("Hélène", "point", 11, "fr", "point", '{"cards": 5, "value": 49}')


def test_recent_players_newest_first_drills_then_parties(any_journal):
    any_journal.new_partie(["Anne", "Ben"], "Ben")
    any_journal.new_partie(["Cleo", "Anne"], "Anne")
    assert any_journal.recent_players() == ["Cleo", "Anne", "Ben"]
    any_journal.record_drill(answered("Dan", random.Random(2)))
    any_journal.record_drill(answered("Ben", random.Random(3)))
    assert any_journal.recent_players() == ["Ben", "Dan", "Cleo", "Anne"]
    assert any_journal.recent_players(2) == ["Ben", "Dan"]


def test_the_tally_is_read_from_a_few_rows_and_agrees_with_the_answers(tmp_path):
    """No scan of the answers: SQLite reads the tally by its key (player, kind);
    and the tally is what the answers kept add up to."""
    path = tmp_path / "j.sqlite3"
    with Journal.open(path) as journal:
        rng = random.Random(9)
        for n in range(60):
            journal.record_drill(answered(("Anne", "Ben")[n % 2], rng))
    store = SqliteStore.open(path)
    plan = " ".join(
        str(row)
        for row in store._conn.execute(
            "EXPLAIN QUERY PLAN SELECT kind, asked, right FROM drill_tally WHERE player = ?",
            ("Anne",),
        )
    )
    summed = sorted(
        store._conn.execute(
            "SELECT player, kind, COUNT(*), SUM(right) FROM drills GROUP BY player, kind"
        )
    )
    kept = sorted(store._conn.execute("SELECT player, kind, asked, right FROM drill_tally"))
    store.close()
    assert "SEARCH drill_tally USING PRIMARY KEY (player=?)" in plan
    assert summed == kept


def test_schema_3_moves_to_4_keeping_its_parties(tmp_path):
    path = tmp_path / "j.sqlite3"
    older = SqliteStore.open(path, MIGRATIONS[:3])  # as the program before schema 4 left it
    older.close()
    with Journal.open(path) as journal:
        journal.new_partie(["Anne", "Ben"], "Ben")
        journal.act({"trick": "E"})
    with Journal.open(path, read_only=True) as reading:  # a schema 3 file is read as it is
        assert reading.drill_tally("Anne") == {}
    conn = sqlite3.connect(path)
    conn.execute("UPDATE schema_version SET version = 3")
    conn.execute("DROP TABLE drills")
    conn.execute("DROP TABLE drill_tally")
    conn.execute("DROP TABLE figures")  # schema 5's, as a schema 3 file has neither
    conn.execute("DROP TABLE totals")
    conn.execute("DELETE FROM settings WHERE key = 'figures_below'")
    conn.execute("ALTER TABLE parties DROP COLUMN lang")  # schema 7's
    conn.commit()
    conn.close()
    with Journal.open(path, read_only=True) as reading:
        assert reading.drill_tally("Anne") == {}
        assert reading.recent_players() == ["Anne", "Ben"]
    with Journal.open(path) as journal:  # writable: migrated to 4, then 5 and on
        assert journal.record()["deals"][0]["tricks"] == "E"
        journal.record_drill(answered("Anne", random.Random(5)))
        assert sum(v["asked"] for v in journal.drill_tally("Anne").values()) == 1
    assert SqliteStore.open(path, read_only=True).version() == SCHEMA_VERSION


def test_a_read_only_journal_refuses_to_record_and_still_reads(tmp_path):
    path = tmp_path / "j.sqlite3"
    with Journal.open(path) as journal:
        journal.record_drill(answered("Anne", random.Random(1)))
    with Journal.open(path, read_only=True) as reading:
        with pytest.raises(Exception, match="read"):
            reading.record_drill(answered("Anne", random.Random(2)))
        assert sum(v["asked"] for v in reading.drill_tally("Anne").values()) == 1
