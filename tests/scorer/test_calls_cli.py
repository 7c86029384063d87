"""`piquet calls RECORD [--lang en|fr] [--json]` as a user runs it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.scorer.helpers import record
from tests.scorer.test_calls import EXAMPLE, STAGE_DIRECTION, totals_by_player


def piquet(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "piquet", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
    )


def example(tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    whole = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    path = tmp_path / "cavendish.json"
    path.write_text(json.dumps(whole["record"]), encoding="utf-8")
    return path, whole


def test_calls_json_gives_each_player_the_books_running_totals(tmp_path: Path) -> None:
    path, whole = example(tmp_path)
    done = piquet("calls", str(path), "--json")
    assert done.returncode == 0, done.stderr
    *lines, last = done.stdout.splitlines()
    items = json.loads(last)
    assert totals_by_player(items) == totals_by_player(whole["calls"])
    assert {item["by"] for item in items} == {"A", "B"}
    assert all(set(item) == {"deal", "by", "say", "total"} for item in items)
    assert all(item["deal"] == 1 for item in items)
    book = [(c["by"], STAGE_DIRECTION.sub("", c["say"]), c["total"]) for c in whole["calls"]]
    assert [(i["by"], i["say"], i["total"]) for i in items] == book
    assert lines == [f"{i['by']}: {i['say']}" for i in items]


def test_calls_in_french_from_standard_input(tmp_path: Path) -> None:
    path, _ = example(tmp_path)
    done = piquet("calls", "-", "--lang", "fr", stdin=path.read_text(encoding="utf-8"))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[:2] == ["A: Cinq cartes.", "B: Combien\u202f?"]
    assert lines[-2:] == ["A: Vingt-huit.", "B: Vingt-trois."]


def test_the_names_are_the_players_never_the_seats(tmp_path: Path) -> None:
    deals = [{"tricks": "E" * 12}, {"tricks": "EYEYEYEYEYEY"}]
    path = tmp_path / "two.json"
    path.write_text(json.dumps(record(*deals, players=("Élise", "Tom"), first_dealer="Tom")))
    done = piquet("calls", str(path), "--json")
    items = json.loads(done.stdout.splitlines()[-1])
    assert {i["by"] for i in items} == {"Élise", "Tom"}
    assert [i["deal"] for i in items] == sorted(i["deal"] for i in items)
    capot = [i for i in items if i["deal"] == 1]
    assert capot[-2:] == [
        {"deal": 1, "by": "Élise", "say": "Capot, fifty-three.", "total": 53},
        {"deal": 1, "by": "Tom", "say": "Nothing.", "total": 0},
    ]


def test_bad_input_is_one_clear_line_and_exit_2(tmp_path: Path) -> None:
    bad = record({"tricks": "E" * 13})
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    for args, stdin in (
        (("calls", str(path)), None),
        (("calls", str(tmp_path / "missing.json")), None),
        (("calls", "-"), "{not json"),
        (("calls", "-"), json.dumps({"format": "piquet-record/2"})),
    ):
        done = piquet(*args, stdin=stdin)
        assert (done.returncode, done.stdout) == (2, ""), args
        assert len(done.stderr.splitlines()) == 1, done.stderr
    done = piquet("calls", str(path))
    assert done.stderr == "deal 1: tricks has 13 entries, at most 12\n"


def test_wav_is_not_there_yet_and_says_so(tmp_path: Path) -> None:
    path, _ = example(tmp_path)
    done = piquet("calls", str(path), "--wav", str(tmp_path / "sounds"))
    assert (done.returncode, done.stdout) == (2, "")
    assert "--wav" in done.stderr and "not available yet" in done.stderr
    assert not (tmp_path / "sounds").exists()
