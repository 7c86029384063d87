"""The printed sheet of a game for three to seven players (hardware/sheet_multi.py):
each form printed by `piquet print` to the pty fake printer and decoded back to
text, every line within the paper's columns and every player's total on it."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hardware.render import sheet_bytes
from hardware.sheet import build_sheet
from scorer.multi import score_record2
from tests.multi.strategies import normand_deal, voleur_deal

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "record-2.md"
DAY = date(2026, 11, 21)
SEATS = "ABCDEFG"


def doc_record(form: str) -> dict[str, Any]:
    text = DOC.read_text(encoding="utf-8")
    blocks = [json.loads(b) for b in re.findall(r"```json\n(.*?)```", text, re.S)]
    return next(b for b in blocks if b.get("format") == "piquet-record/2" and b["form"] == form)


def sheet_text(record: dict[str, Any], columns: int = 32) -> list[str]:
    return [
        line.text
        for line in build_sheet(record, score_record2(record), columns=columns, printed_on=DAY)
    ]


def totals_shown(lines: list[str], score: dict[str, Any]) -> None:
    """Each player's total is on a line of its own: his seat, his name, the figure."""
    for index, name in enumerate(score["players"]):
        total = int(score["totals"][name])
        figure = f"{total:+d}" if score["form"] == "chouette" and total else str(total)
        wanted = f"{SEATS[index]} {name}"
        assert any(line.startswith(wanted) and line.endswith(f" {figure}") for line in lines), (
            name,
            figure,
            lines,
        )


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    config = tmp_path / "config" / "piquet-table"
    config.mkdir(parents=True)
    (config / "config.toml").write_text(
        "[printer]\nline_time_ms = 0\nstatus_timeout_s = 0.3\nready_wait_s = 0.5\n",
        encoding="utf-8",
    )
    return {
        **os.environ,
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
    }


def piquet(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "piquet", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize("form", ["normand", "voleur", "ecrire"])
def test_piquet_print_prints_each_form_legibly_in_32_columns(
    tmp_path, env, fake_printer, decode, form
) -> None:
    record = doc_record(form)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    run = piquet("print", str(path), "--port", fake_printer.port, "--columns", "32", env=env)
    assert (run.returncode, run.stderr) == (0, "")
    score = score_record2(record)
    expected = sheet_bytes(build_sheet(record, score, columns=32))
    lines = decode(fake_printer.received(at_least=len(expected)))
    assert all(len(line) <= 32 for line in lines)
    totals_shown(lines, score)
    assert "Settlement, in points" in lines or "Game in progress: nothing settled" in " ".join(
        lines
    )


def test_piquet_print_prints_a_chouette_sitting_from_the_journal(
    tmp_path, env, fake_printer, decode
) -> None:
    from journal import Journal

    db = tmp_path / "journal.sqlite3"
    with Journal.open(db) as journal:
        partie = journal.import_record(doc_record("chouette"))
        score = journal.score(partie)
    run = piquet(
        "print", "--db", str(db), "--partie", str(partie), "--port", fake_printer.port, env=env
    )
    assert (run.returncode, run.stderr) == (0, "")
    lines = decode(fake_printer.received(at_least=600))
    assert all(len(line) <= 32 for line in lines)
    totals_shown(lines, score)
    card = lines[lines.index("The card, in tens") + 1 :]
    entries = score["card"][0]["entries"]
    assert card[1].split() == ["1A", *(f"{entries[p]:+d}" for p in score["players"])]


def test_a_normand_sheet_reads_deal_by_deal() -> None:
    record = doc_record("normand")
    lines = sheet_text(record)
    heading = next(line for line in lines if line.startswith(" #"))
    assert heading.split() == ["#", "A", "B", "C"]
    row = lines[lines.index(heading) + 1].split()
    deal = score_record2(record)["deals"][0]
    assert row == [
        "1",
        f"{deal['scores']['Anne']}R",
        str(deal["scores"]["Ben"]),
        str(deal["scores"]["Cleo"]),
    ]  # R: Anne's repique
    assert "Ben pays Anne 124 = 128 - 4" in lines


def test_the_voleur_sheet_names_the_sides() -> None:
    lines = sheet_text(doc_record("voleur"))
    assert "AC Anne & Cleo" in lines and "BD Ben & Dan" in lines
    assert next(line for line in lines if line.startswith(" #")).split() == ["#", "AC", "BD"]


def test_seven_players_of_a_ecrire_fit_32_columns() -> None:
    players = ["Anne", "Ben", "Cleo", "Dan", "Eve", "Fred", "Gaëlle"]
    deals = [{"entered": {SEATS[(i + 1) % 7]: 10 * i, SEATS[i]: 150 - 7 * i}} for i in range(7)]
    record = {
        "format": "piquet-record/2",
        "form": "ecrire",
        "players": players,
        "first_dealer": "Anne",
        "deals": deals,
    }
    score = score_record2(record)
    for columns in (32, 42, 48):
        lines = sheet_text(record, columns)
        assert all(len(line) <= columns for line in lines)
        totals_shown(lines, score)
        paid = [word for line in lines if line.startswith("pay") for word in line.split()[1:]]
        assert paid == [f"{score['settlement'][p]:+d}" for p in players]  # every column


def _game(form: str, deals: list[dict[str, Any]]) -> dict[str, Any]:
    players = ["Anne", "Ben", "Cléo"] if form == "normand" else ["Anne", "Ben", "Cléo", "Dan"]
    return {
        "format": "piquet-record/2",
        "form": form,
        "players": players,
        "first_dealer": players[-1],
        "deals": deals,
    }


@st.composite
def random_game(draw: st.DrawFn) -> dict[str, Any]:
    form = draw(st.sampled_from(["normand", "voleur"]))
    dealer = "C" if form == "normand" else "D"
    deals = [draw((normand_deal if form == "normand" else voleur_deal)(dealer))]
    record = _game(form, deals)
    if not score_record2(record)["finished"]:
        record["deals"].append(
            {"entered": {"A": 60, "B": 0, "C": 45}}
            if form == "normand"
            else {"entered": {"AC": 40, "BD": 55}}
        )
    return record


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(random_game(), st.sampled_from([32, 42, 48]))
def test_random_games_fit_the_paper_and_show_every_total(record, columns) -> None:
    lines = sheet_text(record, columns)
    assert all(len(line) <= columns for line in lines)
    totals_shown(lines, score_record2(record))
    assert sheet_bytes(build_sheet(record, score_record2(record), columns=columns)).decode(
        "cp858"
    )  # every character printable in the code page


def test_a_finished_chouette_sitting_shows_the_card_and_who_is_ahead() -> None:
    record = {
        "format": "piquet-record/2",
        "form": "chouette",
        "players": ["Anne", "Ben", "Cléo"],
        "game": "rubicon",
        "parties": [
            {
                "single": "A",
                "playing": "B",
                "first_dealer": "A",
                "deals": [{"entered": {"A": 40, "B": 20}}] * 6,
            },
            {
                "single": "A",
                "playing": "C",
                "first_dealer": "C",
                "deals": [{"entered": {"C": 40, "A": 10}}] * 6,
            },
        ],
    }
    score = score_record2(record)
    lines = sheet_text(record)
    assert all(len(line) <= 32 for line in lines)
    card = lines[lines.index("The card, in tens") + 2 :][:4]
    for index, row in enumerate(score["card"]):  # each partie's entries, then the running net
        for line, key in zip(card[2 * index : 2 * index + 2], ("entries", "net"), strict=True):
            assert line.split()[1:] == [f"{row[key][p]:+d}" for p in score["players"]]
    best = max(score["settlement"].values())
    ahead = " & ".join(p for p in score["players"] if score["settlement"][p] == best)
    assert f"After 2 parties: {ahead} {best:+d}" in lines
    totals_shown(lines, score)


def test_piquet_print_lang_fr_prints_a_multi_player_game_in_french(
    tmp_path, env, fake_printer, decode
) -> None:
    record = doc_record("ecrire")
    record["players"] = ["Anne", "Ben", "Cléo"]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    run = piquet("print", str(path), "--port", fake_printer.port, "--lang", "fr", env=env)
    assert (run.returncode, run.stderr) == (0, "")
    score = score_record2(record, "fr")
    expected = sheet_bytes(build_sheet(record, score, lang="fr"))
    data = fake_printer.received(at_least=len(expected))
    assert b"Piquet \x85 \x82crire\n" in data  # CP858: à 0x85, é 0x82
    assert b"C Cl\x82o " in data
    lines = decode(data)
    assert lines[0] == "Piquet à écrire"
    assert "Donnes : premier contre donneur" in lines
    assert "Règlement, en points" in lines
    assert all(len(line) <= 32 for line in lines)
