"""The config file (hardware/config.py, config_text.py): each section on its own."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hardware.config import (
    BackupConfig,
    DisplayConfig,
    PinConfig,
    PrinterConfig,
    TableConfig,
    TimingConfig,
    VoiceConfig,
    default_config_path,
    load_config,
)
from hardware.errors import ConfigError, HardwareError


def write(tmp_path: Path, text: str | bytes) -> Path:
    path = tmp_path / "config.toml"
    if isinstance(text, str):
        path.write_text(text, encoding="utf-8")
    else:
        path.write_bytes(text)
    return path


def test_a_missing_file_gives_the_documented_defaults(tmp_path: Path) -> None:
    config = load_config(tmp_path / "none.toml")
    assert config == TableConfig()
    assert config.problems == ()
    assert (config.pins.seat_a, config.pins.seat_b, config.pins.confirm) == (17, 27, 22)
    assert (config.pins.led_a, config.pins.led_b, config.pins.enabled) == (23, 24, True)
    assert config.timings == TimingConfig(debounce_ms=50, both_window_ms=300, long_press_s=1.5)
    assert (config.printer.port, config.printer.baud, config.printer.columns) == (
        "/dev/serial0",
        19200,
        32,
    )
    assert config.printer.codepage == "cp858" and config.printer.escpos_codepage_number == 19
    assert config.display == DisplayConfig(rotation=0, text_scale=None)
    assert config.backup == BackupConfig(keep=14, dir=None)
    assert config.backup.folder(tmp_path / "j.sqlite3") == tmp_path / "backups"
    assert config.voice == VoiceConfig(speak="calls", volume=50, voices=1)


def test_values_from_the_file(tmp_path: Path) -> None:
    config = load_config(
        write(
            tmp_path,
            """
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

[display]
rotation = 270
text_scale = 1.4

[backup]
keep = 30
dir = "/srv/piquet/backups"

[voice]
speak = "totals"
volume = 80
voices = 2
device = "plughw:CARD=Device"
""",
        )
    )
    assert config.problems == ()
    assert config.pins == PinConfig(seat_a=5, seat_b=6, confirm=None, led_a=None, led_b=None)
    assert config.timings.long_press_s == 2.0 and config.timings.debounce_ms == 50
    assert config.printer == PrinterConfig(
        port="/dev/ttyUSB0", baud=9600, columns=42, codepage="cp437", cut=True
    )
    assert config.printer.escpos_codepage_number == 0
    assert config.display == DisplayConfig(rotation=270, text_scale=1.4)
    assert config.backup.keep == 30
    assert config.backup.folder("/anywhere/j.sqlite3") == Path("/srv/piquet/backups")
    assert config.voice == VoiceConfig(
        speak="totals", volume=80, voices=2, device="plughw:CARD=Device"
    )


def test_the_config_is_frozen() -> None:
    with pytest.raises(AttributeError):
        TableConfig().printer.baud = 9600  # type: ignore[misc]


@pytest.mark.parametrize(
    ("text", "section", "line", "message"),
    [
        (
            "[pins]\nseat_a = 40",
            "pins",
            2,
            "pins.seat_a must be a BCM pin number from 2 to 27, not 40.",
        ),
        (
            "[pins]\nseat_a = false",
            "pins",
            2,
            "pins.seat_a must be a BCM pin number from 2 to 27, not false.",
        ),
        (
            "[pins]\nled_a = 99",
            "pins",
            2,
            "pins.led_a must be a BCM pin number from 2 to 27, or false, not 99.",
        ),
        (
            "[pins]\nseat_a = 5\n\nseat_b = 5",
            "pins",
            4,
            "pin 5 is used twice (pins.seat_a, pins.seat_b).",
        ),
        ("# the table\n[printer]\nbaud = 12345", "printer", 3, "printer.baud must be one of"),
        (
            "[printer]\ncolumns = 80",
            "printer",
            2,
            "printer.columns must be one of 32, 42, 48, not 80.",
        ),
        (
            '[printer]\ncodepage = "utf-8"',
            "printer",
            2,
            "printer.codepage must be one of cp437, cp850, cp858",
        ),
        (
            '[printer]\n"enabled" = "yes"',
            "printer",
            2,
            'printer.enabled must be true or false, not "yes".',
        ),
        ("[printer]\nport = 5", "printer", 2, "printer.port must be text in quotes"),
        (
            "[timings]\ndebounce_ms = 0",
            "timings",
            2,
            "timings.debounce_ms must be a whole number from 1 to 1000, not 0.",
        ),
        (
            "[timings]\nlong_press_s = 0.01",
            "timings",
            2,
            "timings.long_press_s must be a number from 0.2",
        ),
        (
            "[timings]\ndebounce_ms = 900\nlong_press_s = 0.5",
            "timings",
            3,
            "long_press_s must be longer than timings.debounce_ms",
        ),
        (
            "[printer]\nbaudrate = 9600",
            "printer",
            2,
            "[printer] has no setting baudrate (known: enabled, port,",
        ),
        (
            "[display]\nrotation = 45",
            "display",
            2,
            "display.rotation must be one of 0, 90, 180, 270, not 45.",
        ),
        (
            "[display]\ntext_scale = 2",
            "display",
            2,
            "display.text_scale must be a number from 1.0 to 1.6, not 2.",
        ),
        ("[backup]\nkeep = 0", "backup", 2, "backup.keep must be a whole number from 1 to 365"),
        ("[backup]\nkeep = 2.5", "backup", 2, "backup.keep must be a whole number"),
        ('[backup]\ndir = "backups"', "backup", 2, "backup.dir must be a full path"),
        (
            "[pins\nseat_a = 5",
            "",
            1,
            "this is not valid TOML (Expected ']' at the end of a table declaration).",
        ),
        ("[pins]\nseat_a = ", "pins", 2, "this is not valid TOML"),
        ("pins = 3", "pins", 1, "pins must be a section, written [pins]."),
        ("[colours]\nseat_a = 5", "", 1, "there is no section [colours]"),
        (
            '[voice]\nspeak = "none"',
            "voice",
            2,
            'voice.speak must be one of calls, totals, off, not "none". The voice is off '
            "until this is fixed.",
        ),
        (
            "[voice]\nvolume = 150",
            "voice",
            2,
            "voice.volume must be a whole number from 0 to 100, not 150.",
        ),
        ("[voice]\nvoices = 3", "voice", 2, "voice.voices must be one of 1, 2, not 3."),
        ("[voice]\nvoices = true", "voice", 2, "voice.voices must be one of 1, 2, not true."),
        ("[voice]\ndevice = 2", "voice", 2, "voice.device must be text in quotes, e.g. "),
        ('[voice]\nlang = "fr"', "voice", 2, "[voice] has no setting lang (known: speak,"),
    ],
)
def test_a_bad_value_names_the_file_the_line_and_the_section(
    tmp_path: Path, text: str, section: str, line: int, message: str
) -> None:
    path = write(tmp_path, text)
    config = load_config(path)  # never raises
    assert len(config.problems) == 1
    problem = config.problems[0]
    assert (problem.section, problem.line) == (section, line)
    assert message in problem.message
    assert problem.message.startswith(f"Settings file {path}, line {line}: ")


SECTIONS_OK = """
[pins]
seat_a = 5
seat_b = 6

[timings]
debounce_ms = 30

[printer]
port = "/dev/ttyUSB0"
columns = 42

[display]
rotation = 90

[backup]
keep = 7

[voice]
volume = 70
"""


def with_bad(section: str, bad_line: str) -> str:
    """SECTIONS_OK with one more line in `section`."""
    return SECTIONS_OK.replace(f"[{section}]\n", f"[{section}]\n{bad_line}\n")


GOOD = {
    "pins": PinConfig(seat_a=5, seat_b=6),
    "timings": TimingConfig(debounce_ms=30),
    "printer": PrinterConfig(port="/dev/ttyUSB0", columns=42),
    "display": DisplayConfig(rotation=90),
    "backup": BackupConfig(keep=7),
    "voice": VoiceConfig(volume=70),
}
FALLBACK = {
    "pins": PinConfig(enabled=False),
    "timings": TimingConfig(),
    "printer": PrinterConfig(enabled=False),
    "display": DisplayConfig(),
    "backup": BackupConfig(),
    "voice": VoiceConfig(speak="off"),  # a table that speaks unasked is worse than a silent one
}


@pytest.mark.parametrize("section", list(GOOD))
@pytest.mark.parametrize("bad_line", ["colour = 3", 'rotation = "x', b"# caf\xe9 au lait"])
def test_a_bad_section_falls_back_and_the_others_work(
    tmp_path: Path, section: str, bad_line: str | bytes
) -> None:
    if isinstance(bad_line, bytes):  # a Latin-1 byte in a comment: not UTF-8
        text: str | bytes = with_bad(section, "@@").encode().replace(b"@@", bad_line)
    else:
        text = with_bad(section, bad_line)
    config = load_config(write(tmp_path, text))
    for name in GOOD:
        expected = FALLBACK[name] if name == section else GOOD[name]
        assert getattr(config, name) == expected, name
    assert [p.section for p in config.problems] == [section]
    header = SECTIONS_OK.splitlines().index(f"[{section}]") + 1
    assert config.problems[0].line == header + 1


def test_a_non_utf8_file_is_a_message_not_a_traceback(tmp_path: Path) -> None:
    path = write(tmp_path, "[printer]\ncolumns = 42\n# Hélène's table\n".encode("latin-1"))
    config = load_config(path)
    assert config.printer == PrinterConfig(enabled=False)
    (problem,) = config.problems
    assert problem.line == 3
    assert problem.message == (
        f"Settings file {path}, line 3: this line is not UTF-8 text; save the file as UTF-8. "
        "The printer is off until this is fixed."
    )


def test_a_pins_problem_leaves_the_printer_on(tmp_path: Path) -> None:
    config = load_config(write(tmp_path, '[pins]\nseat_a = 99\n[printer]\nport = "/dev/ttyUSB1"'))
    assert config.printer == PrinterConfig(port="/dev/ttyUSB1")
    assert config.pins.enabled is False
    assert "The seat buttons are off until this is fixed." in config.problems[0].message


def test_an_unreadable_file_turns_the_printer_and_the_buttons_off(tmp_path: Path) -> None:
    folder = tmp_path / "config.toml"
    folder.mkdir()  # a folder where the file should be
    config = load_config(folder)
    assert config.printer.enabled is False and config.pins.enabled is False
    assert config.timings == TimingConfig() and config.display == DisplayConfig()
    assert config.voice == VoiceConfig()  # as the message says: the defaults, as with no file
    (problem,) = config.problems
    assert problem.line is None
    assert problem.message.startswith(f"Settings file {folder}: it cannot be read (")
    assert config.problems_in("printer") == config.problems_in("display") == (problem,)


@pytest.mark.parametrize("pin", [14, 15])
@pytest.mark.parametrize("key", ["seat_a", "led_b"])
def test_a_pin_of_the_printers_serial_line_is_refused(tmp_path: Path, pin: int, key: str) -> None:
    config = load_config(write(tmp_path, f"[pins]\n{key} = {pin}\n"))
    assert config.pins.enabled is False
    assert config.printer == PrinterConfig()  # the printer keeps its line
    (problem,) = config.problems
    assert (problem.section, problem.line) == ("pins", 2)
    assert (
        f"pins.{key} = {pin} is the serial port's {'TXD' if pin == 14 else 'RXD'} pin, "
        'which the printer uses (printer.port = "/dev/serial0")' in problem.message
    )


@pytest.mark.parametrize("printer", ['port = "/dev/ttyUSB0"', "enabled = false"])
def test_pins_14_and_15_are_free_when_the_printer_is_elsewhere(
    tmp_path: Path, printer: str
) -> None:
    config = load_config(
        write(tmp_path, f"[pins]\nseat_a = 14\nseat_b = 15\n[printer]\n{printer}\n")
    )
    assert config.problems == ()
    assert (config.pins.seat_a, config.pins.seat_b) == (14, 15)


def test_strict_callers_can_still_raise(tmp_path: Path) -> None:
    path = write(tmp_path, "[pins]\nseat_a = 99\n[display]\nrotation = 1\n")
    config = load_config(path)
    config.check("printer", "timings")  # nothing wrong there
    with pytest.raises(ConfigError) as error:
        config.check()
    assert isinstance(error.value, HardwareError) and isinstance(error.value, ValueError)
    assert str(error.value).count(str(path)) == 2


def test_problems_translate_part_by_part(tmp_path: Path) -> None:
    config = load_config(write(tmp_path, "[display]\nrotation = 45\n"))
    news = config.problems[0].news
    assert news is not None and news.code == "config-problem-at" and news.is_problem
    seen: list[str] = []

    def translate(template: str, **params: object) -> str:
        seen.append(template)
        return "<" + template.format(**params) + ">"

    text = news.text(translate)
    assert seen[-1] == "Settings file {file}, line {line}: {problem} {outcome}"
    assert "{key} must be one of {choices}, not {value}." in seen
    assert text.startswith("<Settings file") and "<display.rotation must be one of" in text


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
    assert load_config().path == folder / "config.toml"


def test_no_home_folder_at_all_means_the_defaults(monkeypatch) -> None:
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)

    def no_home() -> Path:
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.setattr(Path, "home", staticmethod(no_home))
    assert load_config() == TableConfig()


LINES = [
    "[pins]",
    "[printer]",
    "[timings]",
    "[display]",
    "[backup]",
    "[voice]",
    "[pins.x]",
    "[[pins]]",
    "seat_a = 5",
    "seat_b = 14",
    'port = "/dev/ttyUSB0"',
    "rotation = 90",
    "keep = 0",
    "baud = 9600",
    'x = "unterminated',
    "enabled = false",
    "# comment",
    "",
    "= 3",
    "text_scale = 1.7",
    "dir = '~/b'",
    "columns = [1, 2]",
    "led_a = false",
    'speak = "off"',
    "volume = 101",
]


@given(
    st.lists(st.one_of(st.sampled_from(LINES).map(str.encode), st.binary(max_size=12)), max_size=12)
)
@settings(max_examples=150, deadline=None)
def test_any_file_gives_a_config_and_problems_with_real_lines(lines: list[bytes]) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "config.toml"
        path.write_bytes(b"\n".join(lines))
        config = load_config(path)  # never raises
    count = len(b"\n".join(lines).split(b"\n"))
    for problem in config.problems:
        assert problem.line is None or 1 <= problem.line <= count
        assert problem.message.startswith(f"Settings file {path}")
        assert problem.news is not None and problem.news.is_problem
    if any(p.section == "pins" for p in config.problems):
        assert config.pins.enabled is False
    if any(p.section == "printer" for p in config.problems):
        assert config.printer.enabled is False
    if any(p.section == "voice" for p in config.problems):
        assert config.voice.speak == "off"


def test_lines_are_counted_as_toml_counts_them(tmp_path: Path) -> None:
    # U+2028 and U+0085 are line breaks to str.splitlines, not to TOML
    path = write(tmp_path, "# a\u2028 b\r\n[display]\r\n# c\x85\nrotation = 1\r\n")
    (problem,) = load_config(path).problems
    assert problem.line == 4
