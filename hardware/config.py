"""The table's settings, read from a TOML file.

The file lives at `$XDG_CONFIG_HOME/piquet-table/config.toml` (by default
`~/.config/piquet-table/config.toml`). Every key is optional; a missing file
means all defaults. Pins are BCM numbers; `false` leaves an optional part
out. Example, with the defaults::

    [pins]
    enabled = true     # false: no seat buttons (the screen only)
    seat_a = 17        # physical pin 11
    seat_b = 27        # physical pin 13
    confirm = 22       # physical pin 15, or false
    led_a = 23         # physical pin 16, or false
    led_b = 24         # physical pin 18, or false

    [timings]
    debounce_ms = 50       # an edge counts once the pin has stayed put this long
    both_window_ms = 300   # both seats pressed this close together: ask
    long_press_s = 1.5     # holding any button this long is undo

    [printer]
    enabled = true
    port = "/dev/serial0"
    baud = 19200           # 19200 or 9600 for the usual TTL printers
    columns = 32           # 32, 42 or 48
    codepage = "cp858"     # cp437, cp850, cp858 or cp1252 (WPC1252)
    codepage_number = 19   # the n of ESC t n for that code page on this printer
    cut = false            # the 58 mm TTL printers have no cutter
    line_time_ms = 100     # the print head's time per printed or fed line
    status_timeout_s = 0.5 # how long to wait for the printer to answer
    ready_wait_s = 3.0     # how long a job waits for a printer that is starting up
    retry_every_s = 3.0    # kept jobs: how often to ask whether the printer is back

    [display]
    rotation = 0           # 0, 90, 180 or 270 (drawing and touch together)
    text_scale = 1.2       # 1.0 to 1.6; unset: the kiosk's own setting

    [backup]
    keep = 14              # daily backups kept, 1 to 365
    dir = "/var/lib/piquet-table/backups"  # unset: `backups/` beside the journal

    [voice]
    speak = "calls"        # "calls" (every call), "totals" (the running totals only) or "off"
    volume = 50            # 0 to 100 (per cent; 50 is espeak-ng's own loudness)
    voices = 1             # 1, or 2: a different voice for each side of the table
    device = "plughw:CARD=Device"  # unset: ALSA's default sound card (`aplay -L` lists them)

**Each section stands on its own.** `load_config()` never raises: a problem
in one section (a bad value, an unknown key, a line that is not UTF-8 or not
TOML) is reported in `TableConfig.problems` with the file and the line, and
only that section falls back: [timings], [display] and [backup] to their
defaults, [printer] to off, and [pins] to off too (the buttons' default pins
could be the LEDs of a table wired otherwise: an output driven into a button
wired to ground). A file that cannot be read at all turns the printer and
the buttons off. A problem in [voice] turns the voice off (a table that
speaks unasked is worse than a silent one); a file that cannot be read
leaves the voice at its defaults, as if there were no file.

A pin of [pins] on BCM 14 or 15 (the serial port's TXD and RXD) is refused
when the printer is on the Pi's own serial port (`/dev/serial0`,
`/dev/ttyAMA0`, `/dev/ttyS0`, ...): that is the printer's line. The problem
belongs to [pins] only; the printer still prints.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, overload

from hardware.codepage import CODE_PAGES
from hardware.config_text import ALL, ConfigText, RawProblem, read_sections, shown
from hardware.errors import ConfigError
from hardware.news import HardwareNews, news
from scorer.frozen import factory, field_names, frozen

BCM_PINS = range(2, 28)
SECTIONS = ("pins", "timings", "printer", "display", "backup", "voice")
SERIAL_PINS = {14: "TXD", 15: "RXD"}
PI_SERIAL_PORTS = ("/dev/serial0", "/dev/serial1", "/dev/ttyAMA0", "/dev/ttyS0")
BAUDS = (1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200)
ROTATIONS = (0, 90, 180, 270)
SPEAK = ("calls", "totals", "off")  # [voice] speak: every call, the totals only, nothing


@frozen
class PinConfig:
    seat_a: int = 17
    seat_b: int = 27
    confirm: int | None = 22
    led_a: int | None = 23
    led_b: int | None = 24
    enabled: bool = True  # False: no buttons (switched off, or [pins] has a problem)


@frozen
class TimingConfig:
    debounce_ms: int = 50
    both_window_ms: int = 300
    long_press_s: float = 1.5


@frozen
class PrinterConfig:
    enabled: bool = True
    port: str = "/dev/serial0"
    baud: int = 19200
    columns: int = 32
    codepage: str = "cp858"
    codepage_number: int | None = None  # None: the usual Epson number for `codepage`
    cut: bool = False
    line_time_ms: int = 100
    status_timeout_s: float = 0.5
    ready_wait_s: float = 3.0
    retry_every_s: float = 3.0

    @property
    def escpos_codepage_number(self) -> int:
        if self.codepage_number is not None:
            return self.codepage_number
        return CODE_PAGES[self.codepage]


@frozen
class DisplayConfig:
    rotation: int = 0  # degrees, clockwise: 0, 90, 180 or 270
    text_scale: float | None = None  # None: the kiosk's own setting


@frozen
class BackupConfig:
    keep: int = 14
    dir: Path | None = None  # None: a `backups` folder beside the journal

    def folder(self, journal: str | os.PathLike[str]) -> Path:
        """Where the backups of this journal go."""
        return self.dir if self.dir is not None else Path(journal).parent / "backups"


@frozen
class VoiceConfig:
    """What the table says aloud (`hardware.voice`)."""

    speak: str = "calls"  # one of SPEAK
    volume: int = 50  # per cent
    voices: int = 1  # 2: a different voice for each side of the table
    device: str | None = None  # an ALSA device for aplay -D; None: ALSA's default


@dataclass(frozen=True)
class ConfigProblem:
    """One problem of the file: its section ("" for none), line, and a sentence.

    `message` is English and names the file and the line; `news` is the same
    for the screen (`news.text(translate)`).
    """

    section: str
    line: int | None
    message: str
    news: HardwareNews | None = field(default=None, compare=False)

    def __str__(self) -> str:
        return self.message


@frozen
class TableConfig:
    pins: PinConfig = factory(PinConfig)
    timings: TimingConfig = factory(TimingConfig)
    printer: PrinterConfig = factory(PrinterConfig)
    display: DisplayConfig = factory(DisplayConfig)
    backup: BackupConfig = factory(BackupConfig)
    voice: VoiceConfig = factory(VoiceConfig)
    problems: tuple[ConfigProblem, ...] = ()
    path: Path | None = None  # the file read (None: no file)

    def problems_in(self, section: str) -> tuple[ConfigProblem, ...]:
        """The problems that spoil `section` (a whole-file one spoils all)."""
        return tuple(p for p in self.problems if p.section in (section, ALL))

    def check(self, *sections: str) -> None:
        """Raise ConfigError naming every problem (of these sections, or of all)."""
        found = (
            self.problems
            if not sections
            else tuple(p for p in self.problems if p.section in (*sections, ALL))
        )
        if found:
            raise ConfigError(
                "\n".join(p.message for p in found),
                tuple(p.news for p in found if p.news is not None),
            )


def default_config_path() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "piquet-table" / "config.toml"


def load_config(path: str | os.PathLike[str] | None = None) -> TableConfig:
    """Read the config file; never raises. A missing file gives the defaults.

    Each section's problems are in `problems` and that section falls back
    (see the module's docstring); the others are read as written.
    """
    try:
        file = Path(path) if path is not None else default_config_path()
    except (RuntimeError, KeyError):  # no $HOME and no home in the password file
        return TableConfig()
    try:
        text = read_sections(file)
    except (OSError, ValueError):  # e.g. $HOME unset or a path with a NUL
        text = ConfigText(
            problems=[
                RawProblem(ALL, None, news("config-unreadable", reason="the path is not valid"))
            ],
            spoiled={ALL},
        )
    if text is None:
        return TableConfig()
    return _build(file, text)


def _build(file: Path, text: ConfigText) -> TableConfig:
    problems: list[ConfigProblem] = [_problem(file, p) for p in text.problems]
    tables = text.tables
    for name, value in tables.items():
        if name not in SECTIONS:
            problems.append(
                _problem(
                    file,
                    RawProblem(
                        "",
                        text.line_of(name),
                        news("config-unknown-section", section=name, known=", ".join(SECTIONS)),
                    ),
                )
            )
        elif not isinstance(value, Mapping):
            problems.append(
                _problem(
                    file,
                    RawProblem(
                        name, _top_line(text, name), news("config-not-a-section", section=name)
                    ),
                )
            )
    spoiled = set(text.spoiled)
    spoiled |= {p.section for p in problems}

    readers = {name: _Reader(name, tables.get(name), text) for name in SECTIONS}
    printer = _printer(readers["printer"])
    pins = _pins(readers["pins"], _serial_port_in_use(tables.get("printer")))
    timings = _timings(readers["timings"])
    display = _display(readers["display"])
    backup = _backup(readers["backup"])
    voice = _voice(readers["voice"])
    for reader in readers.values():
        problems += [_problem(file, p) for p in reader.problems]
        if reader.problems:
            spoiled.add(reader.name)

    def bad(section: str) -> bool:
        return section in spoiled or ALL in spoiled

    return TableConfig(
        pins=PinConfig(enabled=False) if bad("pins") else pins,
        timings=TimingConfig() if bad("timings") else timings,
        printer=PrinterConfig(enabled=False) if bad("printer") else printer,
        display=DisplayConfig() if bad("display") else display,
        backup=BackupConfig() if bad("backup") else backup,
        voice=VoiceConfig(speak="off") if "voice" in spoiled else voice,
        problems=tuple(sorted(problems, key=lambda p: p.line or 0)),
        path=file,
    )


_OUTCOMES = {
    "pins": "config-buttons-off",
    "printer": "config-printer-off",
    "timings": "config-section-ignored",
    "display": "config-section-ignored",
    "backup": "config-section-ignored",
    "voice": "config-voice-off",
    ALL: "config-all-off",
}


def _problem(file: Path, raw: RawProblem) -> ConfigProblem:
    outcome = news(_OUTCOMES.get(raw.section, "config-ignored"), section=raw.section)
    if raw.line is None:
        full = news("config-problem", file=str(file), problem=raw.problem, outcome=outcome)
    else:
        full = news(
            "config-problem-at", file=str(file), line=raw.line, problem=raw.problem, outcome=outcome
        )
    return ConfigProblem(raw.section, raw.line, full.text(), full)


def _top_line(text: ConfigText, name: str) -> int | None:
    return text.line_of("", name) or text.line_of(name)


class _Reader:
    """The values of one section, checked; each bad one is a problem with its line."""

    def __init__(self, name: str, table: Any, text: ConfigText) -> None:
        self.name = name
        self.table: Mapping[str, Any] = table if isinstance(table, Mapping) else {}
        self.text = text
        self.problems: list[RawProblem] = []

    def only(self, keys: tuple[str, ...]) -> None:
        for key in self.table:
            if key not in keys:
                self.problem("config-unknown-key", key, key=key, known=", ".join(keys))

    def problem(self, code: str, at: str | None, **params: Any) -> None:
        """A problem with the value of `at` (a key of the section), found on its line."""
        line = self.text.line_of(self.name, at)
        self.problems.append(RawProblem(self.name, line, news(code, section=self.name, **params)))

    def key(self, key: str) -> str:
        return f"{self.name}.{key}"

    def whole(self, key: str, default: int, low: int, high: int) -> int:
        value = self.table.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            self.problem(
                "config-whole-number",
                key,
                key=self.key(key),
                low=low,
                high=high,
                value=shown(value),
            )
            return default
        return value

    def number(self, key: str, default: float, low: float, high: float) -> float:
        value = self.table.get(key, default)
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not low <= value <= high
        ):
            self.problem(
                "config-number", key, key=self.key(key), low=low, high=high, value=shown(value)
            )
            return default
        return float(value)

    def flag(self, key: str, default: bool) -> bool:
        value = self.table.get(key, default)
        if not isinstance(value, bool):
            self.problem("config-true-false", key, key=self.key(key), value=shown(value))
            return default
        return value

    def choice(self, key: str, default: Any, choices: tuple[Any, ...]) -> Any:
        value = self.table.get(key, default)
        if isinstance(value, bool) or value not in choices:
            self.problem(
                "config-one-of",
                key,
                key=self.key(key),
                choices=", ".join(map(str, choices)),
                value=shown(value),
            )
            return default
        return value

    def text_value(self, key: str, default: str | None, example: str) -> str | None:
        value = self.table.get(key, default)
        if value is not None and (not isinstance(value, str) or not value.strip()):
            self.problem("config-text", key, key=self.key(key), example=example, value=shown(value))
            return default
        return value

    @overload
    def pin(self, key: str, default: int, optional: Literal[False]) -> int: ...

    @overload
    def pin(self, key: str, default: int | None, optional: bool = True) -> int | None: ...

    def pin(self, key: str, default: int | None, optional: bool = True) -> int | None:
        value = self.table.get(key, default)
        if value is False and optional:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or value not in BCM_PINS:
            self.problem(
                "config-pin",
                key,
                key=self.key(key),
                value=shown(value),
                or_false=news("config-or-false") if optional else "",
            )
            return default
        return value


def _serial_port_in_use(printer: Any) -> str | None:
    """The printer's port when it is the Pi's own serial port and the printer is on."""
    table = printer if isinstance(printer, Mapping) else {}
    if table.get("enabled", True) is False:
        return None
    port = table.get("port", PrinterConfig.port)
    if isinstance(port, str) and os.path.normpath(port) in PI_SERIAL_PORTS:
        return port
    return None


def _pins(r: _Reader, serial_port: str | None) -> PinConfig:
    d = PinConfig()
    r.only(field_names(PinConfig))
    pins = PinConfig(
        seat_a=r.pin("seat_a", d.seat_a, optional=False),
        seat_b=r.pin("seat_b", d.seat_b, optional=False),
        confirm=r.pin("confirm", d.confirm),
        led_a=r.pin("led_a", d.led_a),
        led_b=r.pin("led_b", d.led_b),
        enabled=r.flag("enabled", d.enabled),
    )
    if r.problems:
        return pins
    seen: dict[int, str] = {}
    for key in ("seat_a", "seat_b", "confirm", "led_a", "led_b"):
        pin = getattr(pins, key)
        if pin is None:
            continue
        if pin in seen:
            r.problem("config-pin-twice", key, pin=pin, keys=f"{r.key(seen[pin])}, {r.key(key)}")
        seen.setdefault(pin, key)
        if pin in SERIAL_PINS and serial_port is not None and pins.enabled:
            r.problem(
                "config-pin-serial",
                key,
                key=r.key(key),
                pin=pin,
                line=SERIAL_PINS[pin],
                port=shown(serial_port),
            )
    return pins


def _timings(r: _Reader) -> TimingConfig:
    d = TimingConfig()
    r.only(field_names(TimingConfig))
    timings = TimingConfig(
        debounce_ms=r.whole("debounce_ms", d.debounce_ms, 1, 1000),
        both_window_ms=r.whole("both_window_ms", d.both_window_ms, 0, 5000),
        long_press_s=r.number("long_press_s", d.long_press_s, 0.2, 10.0),
    )
    if not r.problems and timings.long_press_s * 1000 <= timings.debounce_ms:
        r.problem("config-long-press", "long_press_s")
    return timings


def _printer(r: _Reader) -> PrinterConfig:
    d = PrinterConfig()
    r.only(field_names(PrinterConfig))
    number = r.table.get("codepage_number")
    return PrinterConfig(
        enabled=r.flag("enabled", d.enabled),
        port=r.text_value("port", d.port, '"/dev/serial0"') or d.port,
        baud=r.choice("baud", d.baud, BAUDS),
        columns=r.choice("columns", d.columns, (32, 42, 48)),
        codepage=r.choice("codepage", d.codepage, tuple(CODE_PAGES)),
        codepage_number=None if number is None else r.whole("codepage_number", 0, 0, 255),
        cut=r.flag("cut", d.cut),
        line_time_ms=r.whole("line_time_ms", d.line_time_ms, 0, 2000),
        status_timeout_s=r.number("status_timeout_s", d.status_timeout_s, 0.05, 10.0),
        ready_wait_s=r.number("ready_wait_s", d.ready_wait_s, 0.0, 60.0),
        retry_every_s=r.number("retry_every_s", d.retry_every_s, 0.5, 600.0),
    )


def _display(r: _Reader) -> DisplayConfig:
    d = DisplayConfig()
    r.only(field_names(DisplayConfig))
    scale = r.table.get("text_scale")
    return DisplayConfig(
        rotation=r.choice("rotation", d.rotation, ROTATIONS),
        text_scale=None if scale is None else r.number("text_scale", 1.0, 1.0, 1.6),
    )


def _backup(r: _Reader) -> BackupConfig:
    d = BackupConfig()
    r.only(field_names(BackupConfig))
    folder = r.text_value("dir", None, '"/var/lib/piquet-table/backups"')
    path = None
    if folder is not None:
        try:
            path = Path(folder).expanduser() if folder.startswith(("/", "~")) else None
        except RuntimeError:  # no home folder to expand ~ into
            path = None
        if path is None:
            r.problem("config-absolute-path", "dir", key=r.key("dir"), value=shown(folder))
    return BackupConfig(keep=r.whole("keep", d.keep, 1, 365), dir=path)


def _voice(r: _Reader) -> VoiceConfig:
    d = VoiceConfig()
    r.only(field_names(VoiceConfig))
    return VoiceConfig(
        speak=r.choice("speak", d.speak, SPEAK),
        volume=r.whole("volume", d.volume, 0, 100),
        voices=r.choice("voices", d.voices, (1, 2)),
        device=r.text_value("device", d.device, '"plughw:CARD=Device"'),
    )
