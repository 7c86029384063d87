"""Games for three to seven players (`piquet-record/2`) kept by the journal and
played through `piquet new|act|undo|export|import|score`, run as the command
line runs them (`piquet.cli.main`, in this process, for speed; one game also
runs the installed `piquet` in a subprocess).

Each game is checked against arithmetic done here from the rules, and
`piquet score` on the export agrees with the journal's own state. Refused
actions exit 2, print nothing on standard output and leave the journal file
byte for byte as it was.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from journal import Journal, JournalChangedError
from journal.schema import MIGRATIONS
from journal.sqlite_store import SqliteStore
from piquet.cli import main
from scorer.errors import ActionError
from scorer.multi import score_record2

DOC = Path(__file__).resolve().parents[2] / "docs" / "record-2.md"


def doc_records() -> list[dict[str, Any]]:
    text = DOC.read_text(encoding="utf-8")
    blocks = [json.loads(b) for b in re.findall(r"```json\n(.*?)```", text, re.S)]
    return [b for b in blocks if b.get("format") == "piquet-record/2"]


class Table:
    """The `piquet` command line on one journal file."""

    def __init__(self, capsys: pytest.CaptureFixture[str], db: Path) -> None:
        self.capsys = capsys
        self.db = db

    def run(self, *argv: str) -> tuple[int, str, str]:
        self.capsys.readouterr()
        code = main([argv[0], "--db", str(self.db), *argv[1:]])
        out, err = self.capsys.readouterr()
        return code, out, err

    def ok(self, *argv: str) -> Any:
        code, out, err = self.run(*argv)
        assert (code, err) == (0, ""), (argv, err)
        return json.loads(out)

    def act(self, *actions: dict[str, Any]) -> dict[str, Any]:
        done: dict[str, Any] = {}
        for action in actions:
            done = self.ok("act", json.dumps(action))
        return done

    def file(self) -> tuple[bytes, bytes | None]:
        wal = Path(f"{self.db}-wal")
        return self.db.read_bytes(), wal.read_bytes() if wal.exists() else None

    def refused(self, *argv: str) -> str:
        before = self.file()
        code, out, err = self.run(*argv)
        assert (code, out) == (2, ""), (argv, out, err)
        assert err.strip()
        assert self.file() == before  # byte for byte
        return err

    def export_then_score(self, tmp_path: Path) -> tuple[dict[str, Any], dict[str, Any]]:
        """The exported record and `piquet score`'s answer on it; the answer is the
        journal's own state."""
        record = self.ok("export")
        path = tmp_path / "export.json"
        path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
        self.capsys.readouterr()
        assert main(["score", str(path)]) == 0
        out, err = self.capsys.readouterr()
        assert err == ""
        answer = json.loads(out)
        with Journal.open(self.db, read_only=True) as journal:
            assert journal.score() == answer
            assert journal.record() == record
        return record, answer


@pytest.fixture
def table(capsys, db_path) -> Table:
    return Table(capsys, db_path)


def trick(winner: str) -> dict[str, Any]:
    return {"trick": winner}


NEXT = {"next_deal": True}


def test_a_whole_normand_game(table, tmp_path) -> None:
    started = table.ok(
        "new", "--game", "normand", "--players", "Anne", "Ben", "Cleo", "--first-dealer", "Cleo"
    )
    assert started == {
        "partie": 1,
        "deal": 1,
        "totals": {"Anne": 0, "Ben": 0, "Cleo": 0},
        "finished": False,
        "form": "normand",
    }
    table.act(
        {"exchange": "C", "cards": 1},  # Cleo deals: only she may take from the widow
        {"declare": "point", "by": "A", "cards": 5, "value": 49},
        {"declare": "point", "by": "B", "cards": 5, "value": 48},
        {"declare": "nothing", "by": "C", "class": "point"},  # Cleo: "Good"
        {"declare": "sequence", "by": "A", "length": 3, "top": "K"},
        {"declare": "nothing", "by": "B", "class": "sequences"},
        {"declare": "nothing", "by": "C", "class": "sequences"},
        {"declare": "nothing", "by": "A", "class": "sets"},
        {"declare": "set", "by": "C", "count": 3, "rank": "Q"},
        {"declare": "set", "by": "B", "count": 3, "rank": "J"},
    )
    undone = table.ok("undo")  # Ben's trio was never called: Cleo's waits for his answer
    assert undone["totals"] == {"Anne": 8, "Ben": 0, "Cleo": 0}  # 5 + 3 for Anne
    redone = table.ok("redo")  # his trio is lower than Cleo's: hers is good
    assert redone["totals"] == {"Anne": 8, "Ben": 0, "Cleo": 3}
    assert table.ok("export")["deals"][0]["declared"]["B"]["sets"] == [{"count": 3, "rank": "J"}]
    assert table.ok("undo") == undone
    table.act({"trick": {"winner": "A", "cards": ["AS", "7S", "8S"]}})  # Anne leads
    first = table.act(*map(trick, "ABBCAACBA"))
    table.refused("act", json.dumps(trick("A")))  # an eleventh trick
    table.refused("act", json.dumps(trick("D")))  # nobody sits at D
    table.act(NEXT, {"entered": {"A": 30, "B": 25, "C": 40}}, NEXT)
    last = table.act({"entered": {"A": 60, "B": 10, "C": 20}})
    assert last["finished"] is True
    totals = {
        name: first["totals"][name] + extra
        for name, extra in zip(["Anne", "Ben", "Cleo"], (90, 35, 60), strict=True)
    }
    assert last["totals"] == totals and totals["Anne"] >= 100 > max(totals["Ben"], totals["Cleo"])
    table.refused("act", json.dumps(NEXT))  # nothing after the end
    record, answer = table.export_then_score(tmp_path)
    assert record["deals"][0]["declared"]["B"] == {
        "point": {"cards": 5, "value": 48},
        "sequences": [],  # he said "Nothing" to the sequences
    }
    assert answer["totals"] == last["totals"] and answer["result"]["winner"] == "Anne"
    owed = {n: totals["Anne"] - totals[n] for n in ("Ben", "Cleo")}
    assert answer["settlement"] == {
        "Anne": sum(owed.values()),
        "Ben": -owed["Ben"],
        "Cleo": -owed["Cleo"],
    }


def test_a_whole_voleur_partie(table, tmp_path) -> None:
    table.ok(
        "new",
        "--game",
        "voleur",
        "--players",
        "Anne",
        "Ben",
        "Cleo",
        "Dan",
        "--first-dealer",
        "Dan",
        "--scoring",
        "rubicon",
    )
    table.act(
        {"carte_blanche": "A"},
        {"carte_blanche": "C"},
        {"declare": "point", "by": "B", "cards": 4, "value": 38},
        {"trick": {"winner": "C", "cards": ["9H", "7H", "AH", "8H"]}},
        *map(trick, "CCABDDA"),
    )
    table.refused("act", json.dumps(trick("B")))  # a ninth trick
    sides = [
        {"AC": 20, "BD": 35},
        {"AC": 15, "BD": 30},
        {"AC": 12, "BD": 40},
        {"AC": 25, "BD": 22},
        {"AC": 10, "BD": 30},
    ]
    for entered in sides:
        done = table.act(NEXT, {"entered": entered})
    assert done["finished"] is True
    record, answer = table.export_then_score(tmp_path)
    assert record["partnerships"] == [["A", "C"], ["B", "D"]] and record["game"] == "rubicon"
    first = answer["deals"][0]["scores"]
    ac = first["AC"] + sum(s["AC"] for s in sides)
    bd = first["BD"] + sum(s["BD"] for s in sides)
    assert answer["side_totals"] == {"AC": ac, "BD": bd} and ac > bd
    points = ac - bd + 100 if bd >= 100 else ac + bd + 100  # Laws 72-73, between the sides
    assert answer["result"]["winners"] == ["Anne", "Cleo"]
    assert answer["settlement"] == {"Anne": points, "Ben": -points, "Cleo": points, "Dan": -points}
    assert done["totals"] == answer["totals"]


def test_a_round_of_piquet_a_ecrire(table, tmp_path) -> None:
    table.ok(
        "new",
        "--game",
        "ecrire",
        "--players",
        "Anne",
        "Ben",
        "Cleo",
        "--first-dealer",
        "Anne",
        "--setting",
        "rounds=1",
    )
    table.act(  # Anne deals to Ben, who is elder
        {"exchange": "B", "cards": 5},
        {"exchange": "A", "cards": 3},
        {"declare": "point", "by": "B", "cards": 5, "value": 48},
        {"declare": "point", "by": "A", "cards": 4},
        *map(trick, "BBBBBBBAAAAA"),
    )
    table.refused("act", json.dumps(trick("B")))  # a thirteenth trick
    table.refused("act", json.dumps({"carte_blanche": "C"}))  # Cleo does not play deal 1
    table.act(NEXT, {"entered": {"C": 20, "B": 30}}, NEXT)
    done = table.act({"entered": {"A": 10, "C": 50}})
    assert done["finished"] is True
    table.refused("act", json.dumps(NEXT))
    record, answer = table.export_then_score(tmp_path)
    assert record["settings"] == {"rounds": 1} and len(record["deals"]) == 3
    round_scores = {name: 0 for name in ("Anne", "Ben", "Cleo")}
    for deal in answer["deals"]:
        for name, points in deal["scores"].items():
            round_scores[name] += points
    assert answer["rounds"][0]["scores"] == round_scores
    settled = {
        me: sum(round_scores[me] - round_scores[other] for other in round_scores)
        for me in round_scores
    }
    assert answer["settlement"] == settled and sum(settled.values()) == 0


def _rubicon_points(winner: int, loser: int) -> int:
    return winner - loser + 100 if loser >= 100 else winner + loser + 100


def _tens(points: int) -> int:
    return points // 10 + (1 if points % 10 >= 6 else 0)


def test_two_parties_of_chouette(table, tmp_path) -> None:
    started = table.ok("new", "--game", "chouette", "--players", "Anne", "Ben", "Cleo")
    assert started["parties"] == 0
    table.refused("act", json.dumps(trick("A")))  # no partie yet
    table.act({"next_partie": {"single": "A", "playing": "B", "first_dealer": "A"}})
    table.act(*map(trick, "AB" * 6))
    table.refused("act", json.dumps(trick("A")))  # a thirteenth trick
    table.ok("undo")
    table.refused(
        "act", json.dumps({"next_partie": {"single": "A", "playing": "B", "first_dealer": "A"}})
    )  # not finished
    for _ in range(11):
        undone = table.ok("undo")  # back to an empty first deal
    assert table.ok("export")["parties"][0]["deals"] == [{}]
    assert undone["parties"] == 1 and undone["partie_totals"] == {"Anne": 0, "Ben": 0}
    for deal in range(6):
        after = table.act(*([NEXT] if deal else []), {"entered": {"A": 40, "B": 20}})
    assert after["parties"] == 1 and after["finished"] is True
    table.refused("act", json.dumps(NEXT))  # partie 1 is over: only next_partie
    single_won = _tens(_rubicon_points(240, 120))
    assert after["totals"] == {
        "Anne": 20 * single_won,
        "Ben": -10 * single_won,
        "Cleo": -10 * single_won,
    }
    table.refused(
        "act", json.dumps({"next_partie": {"single": "B", "playing": "C", "first_dealer": "B"}})
    )
    table.act({"next_partie": {"single": "A", "playing": "C", "first_dealer": "C"}})
    for deal in range(6):
        after = table.act(*([NEXT] if deal else []), {"entered": {"C": 40, "A": 10}})
    pair_won = _tens(_rubicon_points(240, 60))
    record, answer = table.export_then_score(tmp_path)
    assert [row["entries"] for row in answer["card"]] == [
        {"Anne": 2 * single_won, "Ben": -single_won, "Cleo": -single_won},
        {"Anne": -2 * pair_won, "Ben": pair_won, "Cleo": pair_won},
    ]
    net = {
        "Anne": 2 * (single_won - pair_won),
        "Ben": pair_won - single_won,
        "Cleo": pair_won - single_won,
    }
    assert answer["card"][-1]["net"] == net
    assert answer["settlement"] == {name: 10 * v for name, v in net.items()}
    # Cavendish: the winner (Cleo, who played) takes the seat, Ben who advised plays
    assert answer["next"] == {"single": "Cleo", "choices": ["Cleo"], "playing": "Ben"}
    assert after["totals"] == answer["totals"]
    assert len(record["parties"]) == 2


@pytest.mark.parametrize("record", doc_records(), ids=lambda r: r["form"])
def test_import_then_export_scores_the_same(table, tmp_path, record) -> None:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    stored = table.ok("import", str(path))
    exported = table.ok("export", "--partie", str(stored["partie"]))
    mine, theirs = score_record2(exported), score_record2(record)
    for key in ("totals", "finished", "result", "settlement"):
        assert mine[key] == theirs[key], key
    assert stored["totals"] == theirs["totals"]
    history = table.ok("history", "--json")
    assert history[0]["format"] == "piquet-record/2" and history[0]["game"] == record["form"]


def test_bad_new_commands_exit_2(table) -> None:
    table.ok("new", "--players", "Anne", "Ben", "--first-dealer", "Ben")
    for argv in (
        ["--game", "normand", "--players", "A", "B", "C", "D", "--first-dealer", "A"],
        ["--game", "normand", "--players", "A", "B", "C"],  # no first dealer
        ["--game", "chouette", "--players", "A", "B", "C", "--first-dealer", "A"],
        [
            "--game",
            "ecrire",
            "--players",
            "A",
            "B",
            "C",
            "--first-dealer",
            "A",
            "--setting",
            "rounds=99",
        ],
        [
            "--game",
            "normand",
            "--players",
            "A",
            "B",
            "C",
            "--first-dealer",
            "A",
            "--setting",
            "pique_at",
        ],
        [
            "--game",
            "normand",
            "--players",
            "A",
            "B",
            "C",
            "--first-dealer",
            "A",
            "--variant",
            "carte_rouge=20",
        ],
        ["--players", "A", "B", "C", "--first-dealer", "A"],  # rubicon is for two
        ["--players", "A", "B", "--first-dealer", "A", "--setting", "rounds=2"],
    ):
        table.refused("new", *argv)


def test_a_stale_writer_is_refused_for_a_game_of_three(table, db_path) -> None:
    with Journal.open(db_path) as kiosk:
        kiosk.new_multi_partie("normand", ["Anne", "Ben", "Cleo"], "Cleo")
        kiosk.act({"declare": "point", "by": "A", "cards": 5})
        table.ok("undo")
        table.ok("act", json.dumps(trick("A")))  # the same number of actions, another action
        before = table.file()
        call = {"declare": "set", "by": "B", "count": 3, "rank": "K"}
        with pytest.raises(JournalChangedError, match="changed meanwhile"):
            kiosk.act(call)  # legal on the kiosk's stale view: a call before play
        assert table.file() == before
        assert kiosk.record()["deals"][0] == {"tricks": "A"}  # read again
        with pytest.raises(ActionError, match="after the first trick"):
            kiosk.act(call)
        last = kiosk.act(trick("B"))
    assert table.ok("export")["deals"] == [{"tricks": "AB"}]
    assert last["totals"] == score_record2(table.ok("export"))["totals"]


def test_a_journal_of_schema_2_moves_forward_and_keeps_its_parties(db_path) -> None:
    older = SqliteStore.open(db_path, MIGRATIONS[:2])  # as the program before schema 3 left it
    with Journal(older) as journal:
        journal.new_partie(["Anne", "Ben"], "Ben")
        journal.act({"trick": "E"})
    with Journal.open(db_path, read_only=True) as reading:  # read as it is, not migrated
        assert reading.record()["deals"] == [{"tricks": "E"}]
    with Journal.open(db_path) as journal:
        assert journal.record()["deals"] == [{"tricks": "E"}]
        journal.new_multi_partie("voleur", ["Anne", "Ben", "Cleo", "Dan"], "Dan")
        journal.act({"entered": {"AC": 20, "BD": 10}})
    with Journal.open(db_path, read_only=True) as journal:
        assert [entry.get("format") for entry in journal.history()] == ["piquet-record/2", None]
        assert journal.record(1)["format"] == "piquet-record/1"
        assert journal.score(2)["side_totals"] == {"AC": 20, "BD": 10}


def test_the_installed_command_plays_a_game_of_three(tmp_path) -> None:
    db = str(tmp_path / "journal.sqlite3")

    def piquet(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "piquet", *args], capture_output=True, text=True, timeout=60
        )

    new = piquet(
        "new",
        "--db",
        db,
        "--game",
        "normand",
        "--players",
        "Anne",
        "Ben",
        "Cleo",
        "--first-dealer",
        "Cleo",
    )
    assert (new.returncode, new.stderr) == (0, ""), new.stderr
    act = piquet("act", "--db", db, '{"entered": {"A": 120, "B": 20, "C": 30}}')
    assert json.loads(act.stdout)["finished"] is True
    after = piquet("act", "--db", db, '{"next_deal": true}')
    assert (after.returncode, after.stdout) == (2, "")
    assert "finished" in after.stderr
    history = piquet("history", "--db", db)
    assert "Anne, Ben, Cleo" in history.stdout and "Anne won 190" in history.stdout


def test_a_stored_action_the_engine_refuses_is_kept_aside(table, db_path) -> None:
    import sqlite3

    table.ok(
        "new", "--game", "normand", "--players", "Anne", "Ben", "Cleo", "--first-dealer", "Cleo"
    )
    table.act(trick("A"), trick("B"), trick("C"))
    conn = sqlite3.connect(db_path)  # as an older program might have written it
    with conn:
        conn.execute("""UPDATE actions SET action = '{"trick": "D"}' WHERE seq = 2""")
    conn.close()
    with Journal.open(db_path) as journal:
        assert journal.record()["deals"] == [{"tricks": "A"}]
        [warning] = journal.warnings()
        assert "2 actions kept aside" in warning and "seat D is not at the table" in warning
    # Anne led both tricks (1 each), Cleo won the second, led by another (1)
    assert table.act(trick("C"))["totals"] == {"Anne": 2, "Ben": 0, "Cleo": 1}


def test_stats_and_the_csv_keep_to_two_player_parties(table) -> None:
    table.ok("new", "--players", "Anne", "Ben", "--first-dealer", "Ben")
    table.act({"entered": {"elder": 30, "younger": 20}})
    table.ok(
        "new", "--game", "normand", "--players", "Anne", "Ben", "Cleo", "--first-dealer", "Cleo"
    )
    table.act({"entered": {"A": 120, "B": 0, "C": 0}})
    stats = table.ok("stats", "--json")
    assert set(stats["players"]) == {"Anne", "Ben"} and stats["players"]["Anne"]["deals"] == 1
    code, out, err = table.run("history", "--csv")
    assert (code, err) == (0, "")
    rows = out.strip().splitlines()
    assert len(rows) == 2 and rows[1].startswith("1,")  # the header and partie 1
    assert "--csv is for two-player parties" in table.refused("export", "--csv")
