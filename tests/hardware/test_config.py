"""The config file (hardware/config.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hardware.config import (
    PinConfig,
    PrinterConfig,
    TableConfig,
    TimingConfig,
    default_config_path,
    load_config,
)
from hardware.errors import ConfigError, HardwareError


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_missing_file_gives_the_documented_defaults(tmp_path: Path) -> None:
    config = load_config(tmp_path / "none.toml")
    assert config == TableConfig()
    assert (config.pins.seat_a, config.pins.seat_b, config.pins.confirm) == (17, 27, 22)
    assert (config.pins.led_a, config.pins.led_b) == (23, 24)
    assert config.timings == TimingConfig(debounce_ms=50, both_window_ms=300, long_press_s=1.5)
    assert (config.printer.port, config.printer.baud, config.printer.columns) == (
        "/dev/serial0", 19200, 32)
    assert config.printer.codepage == "cp858" and config.printer.escpos_codepage_number == 19


def test_values_from_the_file(tmp_path: Path) -> None:
    config = load_config(write(tmp_path, """
[pins]
seat_a = 5
seat_b = 6
confirm = false
led_a = false
led_b = false

[timings]
long_press_s = 2

[printer]
port = "/dev/ttyUSB0"
baud = 9600
columns = 42
codepage = "cp437"
cut = true
"""))
    assert config.pins == PinConfig(seat_a=5, seat_b=6, confirm=None, led_a=None, led_b=None)
    assert config.timings.long_press_s == 2.0 and config.timings.debounce_ms == 50
    assert config.printer == PrinterConfig(port="/dev/ttyUSB0", baud=9600, columns=42,
                                           codepage="cp437", cut=True)
    assert config.printer.escpos_codepage_number == 0


def test_the_config_is_frozen() -> None:
    with pytest.raises(AttributeError):
        TableConfig().printer.baud = 9600  # type: ignore[misc]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[pins]\nseat_a = 40", "pins.seat_a must be a BCM pin number 2..27, not 40"),
        ("[pins]\nseat_a = false", "pins.seat_a must be a BCM pin number 2..27, not False"),
        ("[pins]\nseat_b = 17", "a BCM pin is used twice"),
        ("[printer]\nbaud = 12345", "printer.baud must be one of"),
        ("[printer]\ncolumns = 80", "printer.columns must be one of 32, 42, 48, not 80"),
        ("[printer]\ncodepage = \"utf-8\"", "printer.codepage must be one of cp437, cp850, cp858"),
        ("[printer]\nenabled = \"yes\"", "printer.enabled must be true or false"),
        ("[timings]\ndebounce_ms = 0", "timings.debounce_ms must be a whole number from 1"),
        ("[timings]\nlong_press_s = 0.01", "timings.long_press_s must be a number from 0.2"),
        ("[printer]\nbaudrate = 9600", "unknown key printer.baudrate"),
        ("[pins\nseat_a = 5", "not valid TOML"),
    ],
)
def test_bad_values_are_named(tmp_path: Path, text: str, message: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(ConfigError) as error:
        load_config(path)
    assert message in str(error.value)
    assert str(path) in str(error.value)
    assert isinstance(error.value, HardwareError) and isinstance(error.value, ValueError)


def test_default_path_follows_xdg(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert default_config_path() == tmp_path / "piquet-table" / "config.toml"
    monkeypatch.delenv("XDG_CONFIG_HOME")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert default_config_path() == tmp_path / ".config" / "piquet-table" / "config.toml"


def test_load_config_reads_the_default_path(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    folder = tmp_path / "piquet-table"
    folder.mkdir()
    (folder / "config.toml").write_text("[printer]\ncolumns = 48\n", encoding="utf-8")
    assert load_config().printer.columns == 48
