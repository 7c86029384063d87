"""`piquet score` and `piquet hand` as a user (or an outside check) runs them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.conftest import EXAMPLES
from tests.scorer.helpers import record


def piquet(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "piquet", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_score_a_file_and_stdin_agree(tmp_path: Path) -> None:
    example = json.loads((EXAMPLES / "pique-on-the-lead.json").read_text())
    path = tmp_path / "partie.json"
    path.write_text(json.dumps(example["record"]))
    from_file = piquet("score", str(path))
    from_stdin = piquet("score", "-", stdin=json.dumps(example["record"]))
    assert from_file.returncode == from_stdin.returncode == 0
    assert json.loads(from_file.stdout) == json.loads(from_stdin.stdout)
    answer = json.loads(from_file.stdout)
    assert answer["format"] == "piquet-score/1"
    assert answer["totals"] == example["expected"]["totals"]


def test_score_refuses_an_impossible_record_with_exit_2_and_lines_on_stderr() -> None:
    bad = record({"tricks": "E" * 13}, {"declared": {}})
    bad["first_dealer"] = "C"
    done = piquet("score", "-", stdin=json.dumps(bad))
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.splitlines() == [
        "record: first_dealer 'C' is not a player",
        "deal 1: tricks has 13 entries, at most 12",
    ]
    bad["first_dealer"] = "Ben"
    done = piquet("score", "-", stdin=json.dumps(bad))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.splitlines() == ["deal 1: tricks has 13 entries, at most 12"]


def test_score_bad_json_missing_file_and_bad_usage_exit_2(tmp_path: Path) -> None:
    for args, stdin in (
        (("score", "-"), "{not json"),
        (("score", str(tmp_path / "missing.json")), None),
        (("score",), None),
        (("bogus",), None),
    ):
        done = piquet(*args, stdin=stdin)
        assert done.returncode == 2, args
        assert done.stdout == ""
        assert done.stderr.strip()


def test_hand_json_reads_the_spec_example() -> None:
    cards = "AS JS 9S 8S AH KH QH JH 8H KD JC 9C".split()
    done = piquet("hand", *reversed(cards), "--json")
    assert done.returncode == 0
    held = json.loads(done.stdout)
    assert held["cards"] == cards  # sorted S H D C, highest first
    assert held["point"] == {"cards": 5, "value": 49, "suit": "H", "scores": 5}
    assert held["sequences"] == [{"length": 4, "top": "A", "suit": "H", "scores": 4}]
    assert held["sets"] == [{"count": 3, "rank": "J", "scores": 3}]
    assert (held["carte_blanche"], held["carte_rouge"]) == (False, False)


def test_hand_accepts_t_for_ten_and_reads_a_carte_blanche() -> None:
    done = piquet(
        "hand", "TS", "9S", "8S", "7S", "AH", "10H", "9H", "8H", "AD", "10D", "9D", "7C", "--json"
    )
    held = json.loads(done.stdout)
    assert held["carte_blanche"] is True
    assert "10S" in held["cards"]


def test_hand_in_words_for_people() -> None:
    done = piquet("hand", *"AS KS QS JS 10S 9S AH AD AC 10H 10D 10C".split())
    assert done.returncode == 0
    assert "sixième" in done.stdout and "quatorze" in done.stdout


def test_hand_refuses_eleven_cards_or_a_card_twice() -> None:
    for cards in (
        "AS KS QS JS 10S 9S AH AD AC 10H 10D".split(),
        "AS AS QS JS 10S 9S AH AD AC 10H 10D 10C".split(),
        ["ZZ"] * 12,
    ):
        done = piquet("hand", *cards, "--json")
        assert done.returncode == 2 and done.stdout == "" and done.stderr.strip()


def test_the_program_and_main_give_the_same_answer_and_the_collector_back(
    tmp_path: Path,
) -> None:
    """`python -m piquet` runs `piquet.cli.run` (start-up without the collector, a pure
    command ended without the interpreter's shutdown): the same bytes and status as
    `main`; a command that is not pure leaves the collector on again."""
    import contextlib
    import io

    from piquet.cli import main

    example = json.loads((EXAMPLES / "pique-on-the-lead.json").read_text())
    path = tmp_path / "record.json"
    path.write_text(json.dumps(example["record"]))
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["score", str(path)]) == 0
    done = piquet("score", str(path))
    assert (done.returncode, done.stdout, done.stderr) == (0, out.getvalue(), "")
    script = (
        "import gc, sys\n"
        "from piquet.cli import run\n"
        f"sys.argv = ['piquet', 'history', '--db', {str(tmp_path / 'none.sqlite3')!r}]\n"
        "status = run()\n"
        "print(status, gc.isenabled())\n"
    )
    shown = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60
    )
    assert shown.stdout.split() == ["2", "True"]  # no journal there: refused, collector on
