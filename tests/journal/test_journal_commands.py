"""`piquet new|act|undo|redo|export|history|import`, run as the user runs them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from journal import Journal
from scorer import score_record
from tests.conftest import EXAMPLES


def piquet(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "piquet", *args],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )


def ok(*args: str) -> dict | list:
    done = piquet(*args)
    assert (done.returncode, done.stderr) == (0, ""), args
    return json.loads(done.stdout)


def refused(*args: str) -> str:
    done = piquet(*args)
    assert done.returncode == 2, (args, done.stdout, done.stderr)
    assert done.stdout == ""
    assert done.stderr.strip()
    return done.stderr


@pytest.fixture
def db(db_path: Path) -> str:
    return str(db_path)


@pytest.fixture
def started(db: str) -> str:
    ok("new", "--db", db, "--players", "Anne", "Ben", "--first-dealer", "Ben")
    return db


def test_new_starts_a_current_partie(db):
    out = ok("new", "--db", db, "--players", "Anne", "Ben", "--first-dealer", "Ben")
    assert out == {"partie": 1, "deal": 1, "totals": {"Anne": 0, "Ben": 0}, "finished": False}
    second = ok("new", "--db", db, "--players", "Carl", "Dora", "--first-dealer", "Carl")
    assert second["partie"] == 2
    history = ok("history", "--db", db, "--json")
    assert [entry["finished"] for entry in history] == [False, False]  # the first stays unfinished


def test_new_takes_the_game_and_json_variants(db):
    ok(
        "new", "--db", db, "--players", "Anne", "Ben", "--first-dealer", "Anne",
        "--game", "four-deal", "--variant", 'trick_count="american"', "--variant", "carte_rouge=20",
    )  # fmt: skip
    record = ok("export", "--db", db)
    assert record["game"] == "four-deal"
    assert record["variants"] == {"trick_count": "american", "carte_rouge": 20}
    assert record["first_dealer"] == "Anne"


@pytest.mark.parametrize(
    "bad",
    [
        ["--first-dealer", "Carl"],
        ["--first-dealer", "Ben", "--variant", "no_such_rule=true"],
        ["--first-dealer", "Ben", "--variant", "carte_rouge"],
        ["--first-dealer", "Ben", "--variant", 'trick_count="sideways"'],
    ],
)
def test_new_refuses_a_bad_partie(db, bad):
    refused("new", "--db", db, "--players", "Anne", "Ben", *bad)
    assert ok("history", "--db", db, "--json") == []


def test_act_prints_one_json_object_and_it_is_kept(started):
    out = ok("act", "--db", started, '{"declare": "point", "by": "elder", "cards": 5, "value": 49}')
    assert set(out) == {"partie", "deal", "totals", "finished"}
    assert out["totals"]["Anne"] == 5
    record = ok("export", "--db", started)
    assert record["deals"] == [{"declared": {"elder": {"point": {"cards": 5, "value": 49}}}}]


def test_act_refusals_say_why(started):
    for winner in "EYEYEYEYEYEY":
        ok("act", "--db", started, json.dumps({"trick": winner}))
    assert "13th trick" in refused("act", "--db", started, '{"trick": "E"}')
    assert "after the first trick" in refused(
        "act", "--db", started, '{"declare": "set", "by": "elder", "count": 3, "rank": "K"}'
    )
    assert "not valid JSON" in refused("act", "--db", started, "{trick: E}")
    ok("act", "--db", started, '{"next_deal": true}')
    ok("act", "--db", started, '{"trick": "E"}')
    assert "not complete" in refused("act", "--db", started, '{"next_deal": true}')


def test_undo_and_redo(started):
    first = ok(
        "act", "--db", started, '{"declare": "point", "by": "elder", "cards": 6, "value": 58}'
    )
    ok("act", "--db", started, '{"trick": "E"}')
    assert ok("undo", "--db", started) == first
    assert ok("redo", "--db", started)["totals"] != first["totals"]
    assert "nothing to redo" in refused("redo", "--db", started)
    ok("undo", "--db", started)
    ok("undo", "--db", started)
    assert "nothing to undo" in refused("undo", "--db", started)
    ok("act", "--db", started, '{"trick": "Y"}')
    assert "nothing to redo" in refused("redo", "--db", started)


@pytest.mark.parametrize(
    "command",
    [["act", '{"trick": "E"}'], ["undo"], ["redo"], ["export"]],
    ids=lambda c: c[0],
)
def test_commands_needing_a_current_partie_refuse_without_one(db, command):
    Journal.open(db).close()  # a journal, without a partie
    assert "no current partie" in refused(command[0], "--db", db, *command[1:])


def test_export_then_score_agrees_with_the_journal(started, tmp_path):
    for action in (
        {"exchange": "elder", "cards": 5},
        {"declare": "point", "by": "elder", "cards": 5, "value": 49},
        {"declare": "set", "by": "younger", "count": 3, "rank": "Q"},
        *({"trick": winner} for winner in "EEYEYYEEEYEE"),
        {"next_deal": True},
    ):
        last = ok("act", "--db", started, json.dumps(action))
    exported = tmp_path / "export.json"
    exported.write_text(piquet("export", "--db", started).stdout)
    scored = ok("score", str(exported))
    assert scored["totals"] == last["totals"]
    assert len(scored["deals"]) == last["deal"]


def test_export_any_partie_by_id(started):
    ok("act", "--db", started, '{"trick": "E"}')
    ok("new", "--db", started, "--players", "Carl", "Dora", "--first-dealer", "Dora")
    assert ok("export", "--db", started, "--partie", "1")["players"] == ["Anne", "Ben"]
    assert ok("export", "--db", started)["players"] == ["Carl", "Dora"]
    assert "no partie 7" in refused("export", "--db", started, "--partie", "7")


def test_history_table_and_json(db):
    with Journal.open(db) as journal:
        journal.new_partie(["Anne", "Ben"], "Ben")
        for number in range(6):
            if number:
                journal.act({"next_deal": True})
            journal.act({"entered": {"elder": 30 if number == 0 else 0, "younger": 0}})
        won = journal.score()["result"]
        journal.new_partie(["Carl", "Dora"], "Dora", "au-cent")
        journal.act({"entered": {"elder": 10, "younger": 0}})
        journal.act({"next_deal": True})
    entries = ok("history", "--db", db, "--json")
    assert [entry["partie"] for entry in entries] == [2, 1]
    assert entries[1]["result"] == won
    table = piquet("history", "--db", db).stdout.splitlines()
    assert table[0].split() == ["#", "date", "players", "game", "result"]
    assert "Carl v Dora" in table[1] and "in progress, deal 2" in table[1]
    assert table[1].startswith("*")  # the current partie
    words = f"Anne won {won['points']} (rubicon)"
    assert "Anne v Ben" in table[2] and words in table[2]


def test_history_of_an_empty_journal(db):
    Journal.open(db).close()
    assert ok("history", "--db", db, "--json") == []
    assert "No parties" in piquet("history", "--db", db).stdout


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.json"))[:3], ids=lambda p: p.stem)
def test_import_stores_a_record(db, tmp_path, path):
    record = json.loads(path.read_text())["record"]
    source = tmp_path / "record.json"
    source.write_text(json.dumps(record))
    out = ok("import", "--db", db, str(source))
    expected = score_record(record)
    assert (out["totals"], out["finished"]) == (expected["totals"], expected["finished"])
    exported = ok("export", "--db", db, "--partie", str(out["partie"]))
    assert score_record(exported)["totals"] == expected["totals"]


def test_import_refuses_bad_files(db, tmp_path):
    missing = tmp_path / "missing.json"
    refused("import", "--db", db, str(missing))
    bad_json = tmp_path / "bad.json"
    bad_json.write_text("{not json")
    assert "not valid JSON" in refused("import", "--db", db, str(bad_json))
    invalid = tmp_path / "invalid.json"
    invalid.write_text(
        json.dumps(
            {"format": "piquet-record/1", "players": ["A", "B"], "first_dealer": "C", "deals": []}
        )
    )
    assert "first_dealer" in refused("import", "--db", db, str(invalid))
    assert not Path(db).exists()  # a refused import leaves no journal behind (issue 21)


def test_without_db_the_journal_is_in_the_data_directory(tmp_path):
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    done = piquet("new", "--players", "Anne", "Ben", "--first-dealer", "Ben", env=env)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "data" / "piquet-table" / "journal.sqlite3").exists()
    done = piquet("act", '{"trick": "E"}', env=env)
    assert json.loads(done.stdout)["partie"] == 1
