"""`piquet calls RECORD [--lang en|fr] [--json]` as a user runs it."""

from __future__ import annotations

import array
import json
import math
import subprocess
import sys
import wave
from pathlib import Path
from typing import Any

import pytest

from piquet.calls_command import wav_name
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


def wav_sound(path: Path) -> tuple[float, float]:
    """A WAV file's duration in seconds and its loudness (RMS of its 16-bit samples)."""
    with wave.open(str(path), "rb") as sound:
        assert (sound.getnchannels(), sound.getsampwidth()) == (1, 2)
        frames = sound.getnframes()
        samples = array.array("h", sound.readframes(frames))
        duration = frames / sound.getframerate()
    if sys.byteorder == "big":
        samples.byteswap()
    rms = math.sqrt(sum(s * s for s in samples) / len(samples)) if samples else 0.0
    return duration, rms


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_wav_says_each_call_of_the_book_into_its_own_file(tmp_path: Path, lang: str) -> None:
    path, _ = example(tmp_path)
    folder = tmp_path / "sounds" / lang  # made, parents and all
    done = piquet("calls", str(path), "--lang", lang, "--json", "--wav", str(folder))
    assert done.returncode == 0, done.stderr
    items = json.loads(done.stdout.splitlines()[-1])
    written = sorted(p.name for p in folder.iterdir())
    assert written == [f"{n:03d}-{item['by']}.wav" for n, item in enumerate(items, start=1)]
    assert len(written) == 22  # the book's deal: 22 calls
    for name in written:
        duration, rms = wav_sound(folder / name)
        assert duration > 0.2, name
        assert rms > 300, name  # of 32767: speech, not silence (espeak-ng's calls: 1200 or more)


def test_wav_speaks_the_language_asked_for(tmp_path: Path) -> None:
    """ "Good." and "Bon." are different sounds: the files follow --lang."""
    path, _ = example(tmp_path)
    for lang in ("en", "fr"):
        assert (
            piquet("calls", str(path), "--lang", lang, "--wav", str(tmp_path / lang)).returncode
            == 0
        )
    english = (tmp_path / "en" / "004-B.wav").read_bytes()  # B: "Good."
    french = (tmp_path / "fr" / "004-B.wav").read_bytes()  # B: "Bon."
    assert english != french


def test_wav_refuses_a_folder_it_cannot_write_in_one_line(tmp_path: Path) -> None:
    path, _ = example(tmp_path)
    a_file = tmp_path / "taken"
    a_file.write_text("not a folder")
    for folder in (a_file, a_file / "below"):
        done = piquet("calls", str(path), "--wav", str(folder))
        assert (done.returncode, done.stdout) == (2, ""), folder
        assert len(done.stderr.splitlines()) == 1, done.stderr
        assert done.stderr.startswith(f"calls: --wav {folder}: "), done.stderr
    assert a_file.read_text() == "not a folder"


def test_wav_with_a_bad_record_writes_nothing(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record({"tricks": "E" * 13})))
    done = piquet("calls", str(bad), "--wav", str(tmp_path / "sounds"))
    assert (done.returncode, done.stdout) == (2, "")
    assert not (tmp_path / "sounds").exists()


def test_wav_names_hold_no_path() -> None:
    assert wav_name(7, 22, "A") == "007-A.wav"
    assert wav_name(7, 1200, "Élise") == "0007-Élise.wav"
    assert wav_name(1, 1, "../x y") == "001-___x_y.wav"


def test_wav_refuses_a_folder_this_user_may_not_write_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """As root every folder is writable, so the user's rights are what os.access says."""
    import piquet.calls_command as command
    from piquet.cli import build_parser

    path, _ = example(tmp_path)
    folder = tmp_path / "theirs"
    folder.mkdir()
    real_access = command.os.access

    def access(where: Any, mode: int, **kw: Any) -> bool:
        return False if Path(where) == folder else real_access(where, mode, **kw)

    monkeypatch.setattr(command.os, "access", access)
    args = build_parser().parse_args(["calls", str(path), "--wav", str(folder)])
    assert command.run_calls(args) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"calls: --wav {folder}: this user may not write in that folder\n"
    assert list(folder.iterdir()) == []


def test_wav_a_file_that_cannot_be_written_is_one_line(tmp_path: Path) -> None:
    """espeak-ng itself exits 0 when it cannot write: the file is checked."""
    path, _ = example(tmp_path)
    folder = tmp_path / "sounds"
    (folder / "002-B.wav").mkdir(parents=True)  # a folder where the second call's file goes
    done = piquet("calls", str(path), "--wav", str(folder))
    assert (done.returncode, done.stdout) == (2, "")
    assert (
        done.stderr == f"calls: --wav {folder / '002-B.wav'}: espeak-ng could not write this file\n"
    )
