"""Kill the kiosk mid-deal (SIGKILL) and start it again on the same journal:
the same screen, the same question and the same scores come back.

The app runs as `piquet kiosk --db FILE` in a subprocess (offscreen); the test
hooks of kiosk/app.py tap buttons by key and dump the visible texts.
"""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from journal import Journal
from scorer import score_record
from tests.kiosk.process import kill, start_kiosk, wait_for_dump

pytestmark = pytest.mark.slow


def test_killed_mid_deal_and_restarted_shows_the_same_question(tmp_path):
    db = tmp_path / "journal.sqlite3"
    with Journal.open(db) as j:
        j.new_partie(["Anne", "Bruno"], "Bruno")
    dump = tmp_path / "screen.json"
    first = start_kiosk(db, dump, "cb-younger,cb-done,ex-done,call-5,making")
    try:
        before = wait_for_dump(first, dump)
    finally:
        kill(first)
    assert before["screen"] == "deal"
    assert any("what does your point make" in t for t in before["texts"])
    dump.unlink()
    second = start_kiosk(db, dump)
    try:
        after = wait_for_dump(second, dump)
    finally:
        kill(second)
    assert after["screen"] == before["screen"]
    assert after["texts"] == before["texts"]
    with Journal.open(db) as j:
        totals = score_record(j.record())["totals"]
    assert str(totals["Bruno"]) in after["texts"] and totals["Bruno"] > 0


def piquet(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "piquet", *args], check=True, stdout=subprocess.DEVNULL)


@pytest.mark.parametrize(
    "actions, screen",
    [
        (['{"carte_blanche": "elder"}', '{"trick": "E"}', '{"trick": "Y"}'], "deal"),
        (
            [
                '{"entered": {"elder": 40, "younger": 22}}',
                '{"next_deal": true}',
                '{"entered": {"elder": 30, "younger": 12}}',
            ],
            "end_of_deal",
        ),
        (
            [
                a
                for e, y in [(40, 22), (30, 5), (25, 25), (10, 50), (60, 0), (5, 9)]
                for a in ('{"next_deal": true}', f'{{"entered": {{"elder": {e}, "younger": {y}}}}}')
            ][1:],
            "sheet",
        ),
    ],
)
def test_a_journal_from_the_command_line_comes_up_with_names_and_totals(tmp_path, actions, screen):
    db = tmp_path / "j.sqlite3"
    piquet("new", "--db", str(db), "--players", "Anne", "Bruno", "--first-dealer", "Bruno")
    for action in actions:
        piquet("act", "--db", str(db), action)
    dump = tmp_path / "screen.json"
    proc = start_kiosk(db, dump)
    try:
        shown = wait_for_dump(proc, dump)
    finally:
        kill(proc)
    assert shown["screen"] == screen
    with Journal.open(db) as j:
        totals = score_record(j.record())["totals"]
    texts = shown["texts"]
    i = texts.index("–")
    names = [re.sub(r" \([^)]*\)$", "", t) for t in texts[i - 2 : i + 3]]  # "Anne (elder)"
    assert names == ["Anne", str(totals["Anne"]), "–", str(totals["Bruno"]), "Bruno"]
