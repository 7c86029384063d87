"""Hostile records and actions (issue 9, item 3): each is refused with exit 2 and
a short message, nothing on standard output, never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from piquet.json_input import MAX_RECORD_BYTES
from scorer import RecordError, score_record
from tests.cli.fuzzing import Run, run_piquet
from tests.scorer.helpers import entered, record

DEEP = ("[" * 5000 + "]" * 5000).encode()


def score(data: bytes) -> Run:
    return run_piquet(["score", "-"], data)


def refusal(run: Run) -> list[str]:
    """The message lines of a proper refusal (exit 2, nothing on stdout)."""
    assert (run.status, run.stdout) == (2, b""), run
    lines = run.stderr.splitlines()
    assert lines and "Traceback" not in run.stderr
    return lines


def with_players(*names: str) -> bytes:
    rec = record(entered(10, 5), players=("Anne", "Ben"))
    rec["players"] = list(names)
    rec["first_dealer"] = names[-1]
    return json.dumps(rec).encode()


def test_deep_nesting_is_refused() -> None:
    assert refusal(score(DEEP)) == ["record: the record is nested more than 32 deep"]
    inside = json.dumps(record(entered(1, 2))).replace('"deals"', f'"x": {DEEP.decode()}, "deals"')
    assert refusal(score(inside.encode())) == ["record: the record is nested more than 32 deep"]
    # Shallow enough for Python, too deep for a record: refused the same way.
    assert refusal(score(b"[" * 100 + b"]" * 100))[0].endswith("nested more than 32 deep")


def test_a_lone_surrogate_in_a_name_is_refused_without_half_an_answer() -> None:
    lines = refusal(score(with_players("\ud800", "Ben")))
    assert "not Unicode text" in lines[0]
    # The engine says the same to a Python caller (the kiosk).
    bad = record(entered(10, 5), players=("Anne\udc80", "Ben"))
    with pytest.raises(RecordError, match="not Unicode text"):
        score_record(bad)


def test_type_confusion_in_tricks_is_refused() -> None:
    for tricks in (
        [{"winner": []}],
        [{"winner": {}}],
        [{"winner": "E", "lead": ["AH"], "follow": "7H"}],
        [["E"]],
        12,
    ):
        rec = record({"tricks": tricks})
        assert refusal(score(json.dumps(rec).encode()))[0].startswith("deal 1: ")


@pytest.mark.parametrize(
    "bad",
    [
        {"sets": [{"count": 3.0, "rank": "K"}]},
        {"sets": [{"count": [3], "rank": {"K": 1}}]},
        {"sequences": [{"length": True, "top": "A"}]},
        {"point": {"cards": 5.0, "value": 49}},
        {"point": {"cards": 5, "value": [49]}},
        {"point": []},
    ],
)
def test_type_confusion_in_declarations_is_refused(bad: dict[str, Any]) -> None:
    rec = record({"declared": {"elder": bad}})
    assert refusal(score(json.dumps(rec).encode()))[0].startswith("deal 1: declared.elder")


def test_bytes_that_are_not_utf8_are_refused_from_a_file_or_stdin(tmp_path: Path) -> None:
    data = with_players("Anne", "Ben").replace(b"Anne", b"An\xe9e")
    path = tmp_path / "latin1.json"
    path.write_bytes(data)
    from_stdin = refusal(score(data))
    from_file = refusal(run_piquet(["score", str(path)]))
    at = data.index(b"\xe9") + 1
    assert from_stdin == [f"record: standard input is not UTF-8 text (byte {at} cannot be decoded)"]
    assert from_file == [f"record: '{path}' is not UTF-8 text (byte {at} cannot be decoded)"]


def test_not_json_numbers_are_refused() -> None:
    for text in (b'{"a": NaN}', b'{"a": -Infinity}', b'{"a": ' + b"9" * 5000 + b"}"):
        assert refusal(score(text))[0].startswith("record: the record is not valid JSON")


def test_size_limits() -> None:
    small = json.dumps(record(entered(10, 5))).encode()
    at_limit = small[:-1] + b" " * (MAX_RECORD_BYTES - len(small)) + b"}"
    assert len(at_limit) == MAX_RECORD_BYTES
    assert score(at_limit).status == 0
    assert refusal(score(at_limit + b" ")) == [
        "record: the record is larger than 1 MiB (1048576 bytes), the most accepted"
    ]
    many = json.dumps(record(*[entered(1, 1)] * 201)).encode()
    assert refusal(score(many)) == ["record: 201 deals, more than the 200 accepted"]
    assert refusal(score(with_players("A" * 41, "Ben")))[0].endswith("longer than 40 characters")
    assert score(with_players("A" * 40, "Ben")).status == 0


def test_messages_quote_only_a_few_dozen_characters() -> None:
    huge = "N" * 100_000  # several fit in a record of 1 MiB
    cases = [
        with_players(huge, "Ben"),
        json.dumps({**record(), "first_dealer": huge}).encode(),
        json.dumps({**record(), "variants": {huge: True}, "game": huge}).encode(),
        json.dumps(
            record(
                {
                    "tricks": huge,
                    "throw_in": [huge] * 3,
                    "declared": {"elder": {"sets": [{"count": 3, "rank": huge}], huge: 1}},
                }
            )
        ).encode(),
    ]
    for data in cases:
        assert len(data) <= MAX_RECORD_BYTES
        lines = refusal(score(data))
        assert any("NNN..." in line for line in lines), lines
        for line in lines:
            assert len(line) < 160, line


def test_a_record_with_thousands_of_problems_prints_the_first_hundred() -> None:
    rec = record({"declared": {"elder": {"sets": [{"count": 9, "rank": "K"}] * 5000}}})
    lines = refusal(score(json.dumps(rec).encode()))
    assert len(lines) == 101 and lines[-1] == "... and 4900 more problems"


def test_act_and_import_refuse_hostile_json(tmp_path: Path) -> None:
    db = str(tmp_path / "journal.sqlite3")
    assert (
        run_piquet(["new", "--db", db, "--players", "Anne", "Ben", "--first-dealer", "Ben"]).status
        == 0
    )
    journal = (tmp_path / "journal.sqlite3").read_bytes()
    assert refusal(run_piquet(["act", "--db", db, DEEP.decode()])) == [
        "piquet act: the action is nested more than 32 deep"
    ]
    assert "not Unicode text" in refusal(run_piquet(["act", "--db", db, '{"trick": "\\udc00"}']))[0]
    (tmp_path / "deep.json").write_bytes(DEEP)
    assert refusal(run_piquet(["import", "--db", db, str(tmp_path / "deep.json")])) == [
        "piquet import: the record is nested more than 32 deep"
    ]
    assert refusal(run_piquet(["import", "--db", db, "-"], b'{"players": ["\xff"]}')) == [
        "piquet import: standard input is not UTF-8 text (byte 15 cannot be decoded)"
    ]
    assert (tmp_path / "journal.sqlite3").read_bytes() == journal


# --- a few real processes: standard input as bytes, and the whole exit path --------------


def piquet_process(*args: str, stdin: bytes) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "piquet", *args], input=stdin, capture_output=True, timeout=60
    )


@pytest.mark.parametrize(
    "stdin",
    [
        DEEP,
        with_players("\ud800", "Ben"),
        with_players("Anne", "Ben").replace(b"Anne", b"An\xffe"),
        json.dumps(record({"tricks": [{"winner": []}]})).encode(),
        b" " * (MAX_RECORD_BYTES + 1),
    ],
    ids=["deep", "surrogate", "latin1", "unhashable", "over-1-MiB"],
)
def test_score_in_a_real_process(stdin: bytes) -> None:
    done = piquet_process("score", "-", stdin=stdin)
    assert (done.returncode, done.stdout) == (2, b"")
    assert done.stderr and b"Traceback" not in done.stderr


def test_score_in_a_real_process_writes_utf8_names() -> None:
    done = piquet_process("score", "-", stdin=with_players("Ängel 名前", "Ben"))
    assert done.returncode == 0 and done.stderr == b""
    assert json.loads(done.stdout.decode("utf-8"))["players"] == ["Ängel 名前", "Ben"]
