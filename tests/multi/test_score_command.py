"""`piquet score` on `piquet-record/2` records, as a user runs it: the
engine's answer on every example of docs/record-2.md, and exit 2 with the
problems (each starting with its place) and nothing on standard output for
records that are invalid or impossible."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from piquet.cli import main
from scorer.multi import score_record2
from tests.multi.test_actions import doc_records

ROOT = Path(__file__).resolve().parents[2]


def piquet(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "piquet", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize("record", doc_records(), ids=lambda r: r["form"])
def test_every_doc_example_scores_as_the_engine_scores_it(tmp_path, record) -> None:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    done = piquet("score", str(path))
    assert (done.returncode, done.stderr) == (0, "")
    assert json.loads(done.stdout) == score_record2(record)


def _doc(form: str) -> dict[str, Any]:
    return copy.deepcopy(next(r for r in doc_records() if r["form"] == form))


def _broken() -> list[tuple[str, dict[str, Any], list[str]]]:
    cases = []
    record = _doc("normand")
    record["deals"][0]["tricks"] += "A"
    cases.append(("eleven tricks", record, ["deal 1: tricks has 11 entries, at most 10"]))
    record = _doc("normand")
    record["settings"]["pique_at"] = 20
    cases.append(("unknown setting", record, ["record: unknown setting 'pique_at' for normand"]))
    record = _doc("normand")
    record["players"].append("Dan")
    cases.append(("four at normand", record, ["record: normand is for 3 players, not 4"]))
    record = _doc("voleur")
    record["deals"][0]["tricks"][0]["winner"] = "B"
    cases.append(("wrong winner", record, ["deal 1: trick 1: 9H 7H AH 8H played from A"]))
    record = _doc("ecrire")
    record["deals"][1]["tricks"] = "CCCCCCCBBBBA"
    cases.append(
        (
            "seat not playing",
            record,
            ["deal 2: tricks: seat 'A' does not play this deal (B deals to C)"],
        )
    )
    record = _doc("chouette")
    record["parties"][1]["single"] = "B"
    cases.append(
        ("chouette rotation", record, ["partie 2: Anne won partie 1 and keeps the single seat"])
    )
    record = _doc("chouette")
    record["form"] = "quadrille"
    cases.append(("unknown form", record, ["record: form 'quadrille' is not one of"]))
    return cases


@pytest.mark.parametrize(
    ("name", "record", "starts"), _broken(), ids=lambda v: v if isinstance(v, str) else ""
)
def test_a_broken_record_exits_2_with_the_place_and_prints_nothing(
    tmp_path, capsys, name, record, starts
) -> None:
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["score", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    lines = err.splitlines()
    for start in starts:
        assert any(line.startswith(start) for line in lines), (start, lines)


def test_a_broken_record_on_standard_input_as_a_user_runs_it() -> None:
    record = _doc("normand")
    record["deals"][0]["declared"]["B"] = {"sets": [{"count": 4, "rank": "K"}]}
    done = piquet("score", "-", stdin=json.dumps(record))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("deal 1: ")
    assert "kings" in done.stderr


def test_the_version_1_reader_still_answers_for_unknown_formats(capsys, tmp_path) -> None:
    path = tmp_path / "odd.json"
    path.write_text(json.dumps({"format": "piquet-record/3", "players": []}), encoding="utf-8")
    assert main(["score", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "record: format must be 'piquet-record/1'" in err
