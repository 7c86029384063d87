"""The table's hardware settings, read from a TOML file.

The file lives at `$XDG_CONFIG_HOME/piquet-table/config.toml` (by default
`~/.config/piquet-table/config.toml`). Every key is optional; a missing file
means all defaults. Pins are BCM numbers; `false` leaves an optional part
out. Example, with the defaults::

    [pins]
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
    codepage = "cp858"     # cp437, cp850 or cp858
    codepage_number = 19   # the n of ESC t n for that code page on this printer
    cut = false            # the 58 mm TTL printers have no cutter
    line_time_ms = 100     # the print head's time per printed or fed line
    status_timeout_s = 0.5 # how long to wait for the printer to answer
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hardware.codepage import CODE_PAGES
from hardware.errors import ConfigError

BCM_PINS = range(2, 28)


@dataclass(frozen=True)
class PinConfig:
    seat_a: int = 17
    seat_b: int = 27
    confirm: int | None = 22
    led_a: int | None = 23
    led_b: int | None = 24


@dataclass(frozen=True)
class TimingConfig:
    debounce_ms: int = 50
    both_window_ms: int = 300
    long_press_s: float = 1.5


@dataclass(frozen=True)
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

    @property
    def escpos_codepage_number(self) -> int:
        if self.codepage_number is not None:
            return self.codepage_number
        return CODE_PAGES[self.codepage]


@dataclass(frozen=True)
class TableConfig:
    pins: PinConfig = field(default_factory=PinConfig)
    timings: TimingConfig = field(default_factory=TimingConfig)
    printer: PrinterConfig = field(default_factory=PrinterConfig)


def default_config_path() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "piquet-table" / "config.toml"


def load_config(path: str | os.PathLike[str] | None = None) -> TableConfig:
    """Read the config file; a missing file gives the defaults.

    Raises ConfigError with a message naming the file and the key.
    """
    file = Path(path) if path is not None else default_config_path()
    try:
        text = file.read_text(encoding="utf-8")
    except FileNotFoundError:
        return TableConfig()
    except OSError as exc:
        raise ConfigError(f"{file}: cannot read the config file ({exc.strerror})") from exc
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{file}: not valid TOML ({exc})") from exc
    try:
        return parse_config(data)
    except ConfigError as exc:
        raise ConfigError(f"{file}: {exc}") from exc


def parse_config(data: Mapping[str, Any]) -> TableConfig:
    """Check a parsed TOML table and build the config from it."""
    _only(data, {"pins", "timings", "printer"}, "")
    pins = _section(data, "pins")
    timings = _section(data, "timings")
    printer = _section(data, "printer")
    _only(pins, set(PinConfig.__dataclass_fields__), "pins.")
    _only(timings, set(TimingConfig.__dataclass_fields__), "timings.")
    _only(printer, set(PrinterConfig.__dataclass_fields__), "printer.")

    d_pins, d_time, d_prn = PinConfig(), TimingConfig(), PrinterConfig()
    pin_config = PinConfig(
        seat_a=_pin(pins, "seat_a", d_pins.seat_a, optional=False),  # type: ignore[arg-type]
        seat_b=_pin(pins, "seat_b", d_pins.seat_b, optional=False),  # type: ignore[arg-type]
        confirm=_pin(pins, "confirm", d_pins.confirm),
        led_a=_pin(pins, "led_a", d_pins.led_a),
        led_b=_pin(pins, "led_b", d_pins.led_b),
    )
    used = [p for p in vars(pin_config).values() if p is not None]
    if len(used) != len(set(used)):
        raise ConfigError(f"pins: a BCM pin is used twice ({sorted(used)})")

    timing_config = TimingConfig(
        debounce_ms=_int(timings, "timings.", "debounce_ms", d_time.debounce_ms, 1, 1000),
        both_window_ms=_int(timings, "timings.", "both_window_ms", d_time.both_window_ms, 0, 5000),
        long_press_s=_number(timings, "timings.", "long_press_s", d_time.long_press_s, 0.2, 10.0),
    )
    if timing_config.long_press_s * 1000 <= timing_config.debounce_ms:
        raise ConfigError("timings.long_press_s must be longer than timings.debounce_ms")

    codepage = printer.get("codepage", d_prn.codepage)
    if codepage not in CODE_PAGES:
        raise ConfigError(f"printer.codepage must be one of {', '.join(CODE_PAGES)}, "
                          f"not {codepage!r}")
    number = printer.get("codepage_number")
    if number is not None:
        number = _int(printer, "printer.", "codepage_number", 0, 0, 255)
    port = printer.get("port", d_prn.port)
    if not isinstance(port, str) or not port:
        raise ConfigError("printer.port must be a non-empty string, e.g. \"/dev/serial0\"")
    printer_config = PrinterConfig(
        enabled=_bool(printer, "printer.", "enabled", d_prn.enabled),
        port=port,
        baud=_choice(printer, "printer.", "baud", d_prn.baud,
                     (1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200)),
        columns=_choice(printer, "printer.", "columns", d_prn.columns, (32, 42, 48)),
        codepage=codepage,
        codepage_number=number,
        cut=_bool(printer, "printer.", "cut", d_prn.cut),
        line_time_ms=_int(printer, "printer.", "line_time_ms", d_prn.line_time_ms, 0, 2000),
        status_timeout_s=_number(printer, "printer.", "status_timeout_s",
                                 d_prn.status_timeout_s, 0.05, 10.0),
    )
    return TableConfig(pins=pin_config, timings=timing_config, printer=printer_config)


def _section(data: Mapping[str, Any], name: str) -> Mapping[str, Any]:
    value = data.get(name, {})
    if not isinstance(value, Mapping):
        raise ConfigError(f"[{name}] must be a table")
    return value


def _only(table: Mapping[str, Any], keys: set[str], prefix: str) -> None:
    unknown = sorted(set(table) - keys)
    if unknown:
        raise ConfigError(f"unknown key {prefix}{unknown[0]} (known: {', '.join(sorted(keys))})")


def _pin(table: Mapping[str, Any], key: str, default: int | None,
         optional: bool = True) -> int | None:
    value = table.get(key, default)
    if value is False and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value not in BCM_PINS:
        allowed = "a BCM pin number 2..27" + (" or false" if optional else "")
        raise ConfigError(f"pins.{key} must be {allowed}, not {value!r}")
    return value


def _int(table: Mapping[str, Any], prefix: str, key: str, default: int, low: int,
         high: int) -> int:
    value = table.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ConfigError(f"{prefix}{key} must be a whole number from {low} to {high}, "
                          f"not {value!r}")
    return value


def _number(table: Mapping[str, Any], prefix: str, key: str, default: float, low: float,
            high: float) -> float:
    value = table.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise ConfigError(f"{prefix}{key} must be a number from {low} to {high}, not {value!r}")
    return float(value)


def _bool(table: Mapping[str, Any], prefix: str, key: str, default: bool) -> bool:
    value = table.get(key, default)
    if not isinstance(value, bool):
        raise ConfigError(f"{prefix}{key} must be true or false, not {value!r}")
    return value


def _choice(table: Mapping[str, Any], prefix: str, key: str, default: int,
            choices: tuple[int, ...]) -> int:
    value = table.get(key, default)
    if isinstance(value, bool) or value not in choices:
        raise ConfigError(f"{prefix}{key} must be one of {', '.join(map(str, choices))}, "
                          f"not {value!r}")
    return int(value)
