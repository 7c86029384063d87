"""`piquet kiosk`'s window options: bad ones exit 2 with a message, before any window."""

from __future__ import annotations

import pytest

from piquet.cli import build_parser
from piquet.kiosk_command import parse_size, run_kiosk


def test_a_size_is_width_x_height():
    assert parse_size("720x1280") == (720, 1280)
    assert parse_size("1024X600") == (1024, 600)
    for bad in ("800", "800x", "x480", "800*480", "-800x480", "10x10"):
        with pytest.raises(ValueError, match="--size"):
            parse_size(bad)


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--size", "big"], "--size must look like 800x480"),
        (["--text-scale", "2"], "--text-scale must be 1.0 to 1.6"),
    ],
)
def test_bad_window_options_exit_2_with_a_message(tmp_path, capsys, argv, message):
    args = build_parser().parse_args(["kiosk", "--db", str(tmp_path / "j.sqlite3"), *argv])
    assert run_kiosk(args) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "j.sqlite3").exists()  # nothing opened


def test_a_rotation_is_a_quarter_turn(capsys):
    with pytest.raises(SystemExit) as exit_:
        build_parser().parse_args(["kiosk", "--rotation", "45"])
    assert exit_.value.code == 2
