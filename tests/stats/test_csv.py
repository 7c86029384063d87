"""CSV round trip: every number of `piquet history --csv` and `piquet export
--csv` matches `piquet score` on the exported record."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import random
import subprocess
import sys
from itertools import accumulate
from pathlib import Path
from typing import Any

import pytest

from journal import Journal
from scorer.csv_export import DEAL_COLUMNS, HISTORY_COLUMNS
from scorer.odds_simulation import policy_deal
from tests.stats.cli import run_cli
from tests.stats.histories import KINDS, random_history


def piquet(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "piquet", *args], capture_output=True, timeout=60, env=env
    )


def rows_of(data: bytes) -> tuple[list[str], list[dict[str, str]]]:
    """The header and the rows of CSV bytes, read as UTF-8 (no BOM)."""
    assert not data.startswith(b"\xef\xbb\xbf")
    reader = csv.DictReader(io.StringIO(data.decode("utf-8"), newline=""))
    rows = list(reader)
    assert reader.fieldnames is not None
    return list(reader.fieldnames), rows


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> Path:
    """A journal of every kind of partie, with names that need quoting in CSV."""
    path = tmp_path_factory.mktemp("csv") / "journal.sqlite3"
    rng = random.Random(13)
    kinds = [*KINDS, "imported", "rubicon"]
    rng.shuffle(kinds)
    with Journal.open(path) as journal:
        random_history(journal, rng, len(kinds), lambda: policy_deal(rng), kinds)
        journal.new_partie(
            ['Anne, "la Grande"', "Zoë"], "Zoë", "four-deal", {"trick_count": "american"}
        )
        journal.act({"entered": {"elder": 30, "younger": 12}})
        journal.act({"next_deal": True})
        journal.act({"trick": "E"})
    return path


def score_of_export(db: Path, partie: int, tmp: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    """`piquet export --partie ID`, then `piquet score` on that file."""
    status, out, err = run_cli("export", "--db", str(db), "--partie", str(partie))
    assert (status, err) == (0, "")
    record = json.loads(out)
    path = tmp / f"partie-{partie}.json"
    path.write_bytes(out)
    status, out, err = run_cli("score", str(path))
    assert (status, err) == (0, "")
    return record, json.loads(out)


def _flag(value: object) -> str:
    return "true" if value else "false"


def test_history_csv_matches_piquet_score_on_every_exported_record(db, tmp_path):
    done = piquet("history", "--db", str(db), "--csv")
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout.endswith(b"\r\n")
    header, rows = rows_of(done.stdout)
    assert header == list(HISTORY_COLUMNS)
    with Journal.open(db) as journal:
        history = {entry["partie"]: entry for entry in journal.history()}
    assert [int(row["partie"]) for row in rows] == sorted(history)  # every partie, oldest first
    assert {row["finished"] for row in rows} == {"true", "false"}
    for row in rows:
        partie = int(row["partie"])
        record, score = score_of_export(db, partie, tmp_path)
        first, second = score["players"]
        result = score["result"]
        complete = [deal for deal in score["deals"] if deal["complete"]]
        in_play = [deal["number"] for deal in score["deals"] if not deal["complete"]]
        assert row == {
            "partie": str(partie),
            "created": history[partie]["created"],
            "origin": history[partie]["origin"],
            "game": record["game"],
            "variants": json.dumps(record["variants"]) if record["variants"] else "",
            "player_1": first,
            "player_2": second,
            "first_dealer": record["first_dealer"],
            "deals_played": str(len(complete)),
            "deal_in_play": str(in_play[0]) if in_play else "",
            "total_1": str(score["totals"][first]),
            "total_2": str(score["totals"][second]),
            "finished": _flag(score["finished"]),
            "winner": (result or {}).get("winner") or "",
            "draw": _flag(result["draw"]) if result else "",
            "points": str(result["points"]) if result else "",
            "rubicon": _flag(result["rubicon"]) if result else "",
            "double": _flag(result["double"]) if result and "double" in result else "",
        }


def test_export_csv_matches_the_deals_of_the_score(db, tmp_path):
    with Journal.open(db) as journal:
        parties = [entry["partie"] for entry in journal.history()]
    for partie in parties:
        status, out, err = run_cli("export", "--db", str(db), "--csv", "--partie", str(partie))
        assert (status, err) == (0, "")
        header, rows = rows_of(out)
        assert header == list(DEAL_COLUMNS)
        record, score = score_of_export(db, partie, tmp_path)
        first, second = score["players"]
        assert len(rows) == len(score["deals"])
        running = {
            name: list(accumulate(deal["scores"][name] for deal in score["deals"]))
            for name in (first, second)
        }
        for index, (row, deal, raw) in enumerate(
            zip(rows, score["deals"], record["deals"], strict=True)
        ):
            names = {"elder": deal["elder"], "younger": deal["younger"]}
            blanche = {names[role] for role in raw.get("carte_blanche", [])}
            assert row == {
                "deal": str(deal["number"]),
                "elder": deal["elder"],
                "younger": deal["younger"],
                "multiplier": str(deal["multiplier"]),
                "complete": _flag(deal["complete"]),
                "entered": _flag("entered" in raw),
                "thrown_in": names[raw["throw_in"]] if "throw_in" in raw else "",
                "player_1": first,
                "score_1": str(deal["scores"][first]),
                "total_1": str(running[first][index]),
                "player_2": second,
                "score_2": str(deal["scores"][second]),
                "total_2": str(running[second][index]),
                "carte_blanche_1": _flag(first in blanche),
                "carte_blanche_2": _flag(second in blanche),
                "repique": deal["bonuses"]["repique"] or "",
                "pique": deal["bonuses"]["pique"] or "",
                "capot": deal["bonuses"]["capot"] or "",
                "corrected": _flag(bool(raw.get("corrected"))),
            }
        if rows:
            assert int(rows[-1]["total_1"]) == score["totals"][first]
            assert int(rows[-1]["total_2"]) == score["totals"][second]


def test_csv_is_utf8_whatever_the_locale_and_reading_writes_nothing(db):
    before = hashlib.sha256(db.read_bytes()).hexdigest()
    env = dict(os.environ, PYTHONIOENCODING="latin-1", LC_ALL="C")
    done = piquet("history", "--db", str(db), "--csv", env=env)
    assert done.returncode == 0
    _, rows = rows_of(done.stdout)
    assert ['Anne, "la Grande"', "Zoë"] in [[row["player_1"], row["player_2"]] for row in rows]
    current = max(int(row["partie"]) for row in rows)
    done = piquet("export", "--db", str(db), "--csv", "--partie", str(current), env=env)
    _, deals = rows_of(done.stdout)
    assert [row["deal"] for row in deals] == ["1", "2"]
    assert deals[0]["multiplier"] == "2" and deals[0]["entered"] == "true"
    assert hashlib.sha256(db.read_bytes()).hexdigest() == before


def test_bad_csv_requests_exit_2_with_nothing_on_standard_output(db):
    for args in (
        ("history", "--db", str(db), "--csv", "--json"),
        ("export", "--db", str(db), "--csv", "--partie", "999"),
    ):
        status, out, err = run_cli(*args)
        assert status == 2 and out == b"" and err.startswith("piquet"), args
