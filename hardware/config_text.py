"""The config file's text: its bytes to TOML tables, each section on its own.

`read_sections(file)` never raises. It reads the bytes, decodes them as
UTF-8 and parses the TOML. When that fails, only the part that failed is
lost: the text is cut at its section headers (`[pins]`, `[printer]`, ...) and
each part is parsed alone, so a stray Latin-1 byte or a missing quote in
`[display]` leaves `[printer]` working. Every problem comes with its line,
from tomllib's error for the syntax and from the first undecodable byte for
the encoding; `line_of(section, key)` finds the line of a key for a bad
value. A file that cannot be read at all (permissions, a folder) spoils
every section.
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hardware.news import HardwareNews, news

ALL = "*"  # the section name of a problem that spoils every section

_HEADER = re.compile(r"""^\s*\[\s*("?)([A-Za-z0-9_\-]+)\1\s*(?:\.[^\]]*)?\]\s*(?:#.*)?$""")
_KEY = r"""^\s*(["']?){key}\1\s*="""
_TOML_PLACE = re.compile(r"\s*\(at (?:line (\d+), column \d+|end of document)\)\s*$")


@dataclass(frozen=True)
class RawProblem:
    section: str  # a section name, "" for the top of the file, ALL for the whole file
    line: int | None
    problem: HardwareNews


@dataclass
class ConfigText:
    """The file's parsed tables, the sections that could not be read, the problems."""

    tables: dict[str, Any] = field(default_factory=dict)
    spoiled: set[str] = field(default_factory=set)  # sections whose text was unreadable
    problems: list[RawProblem] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)

    def line_of(self, section: str, key: str | None = None) -> int | None:
        """The line of `key` in [section] (1-based), else of the header, else None."""
        header_line = None
        current = ""
        pattern = re.compile(_KEY.format(key=re.escape(key))) if key else None
        for number, text in enumerate(self.lines, 1):
            match = _HEADER.match(text)
            if match:
                current = match.group(2)
                if current == section and header_line is None:
                    header_line = number
                continue
            if current == section and pattern is not None and pattern.match(text):
                return number
        return header_line


MAX_BYTES = 1 << 20  # a config file is a few hundred bytes; more is not one


TOO_DEEP = "values nested too deeply"


MAX_DEPTH = 32  # arrays and inline tables inside each other; a config needs 2


def _depth(text: str) -> int:
    """How deep arrays and inline tables nest, brackets inside strings and comments
    passed over (a table header's [[ ]] counts too, harmlessly)."""
    depth = deepest = 0
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "#":
            end = text.find("\n", i)
            i = n if end < 0 else end
        elif c in "\"'":
            quote = c * 3 if text.startswith(c * 3, i) else c
            i += len(quote)
            while i < n and not text.startswith(quote, i):
                if c == '"' and text[i] == "\\":
                    i += 1  # an escaped character, such as \"
                elif len(quote) == 1 and text[i] == "\n":
                    break  # an unclosed one-line string: tomllib says so
                i += 1
            i += len(quote)
            continue
        elif c in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif c in "]}":
            depth = max(depth - 1, 0)
        i += 1
    return deepest


def _toml(text: str) -> dict[str, Any]:
    """tomllib.loads, with values nested too deeply refused as a syntax error: tomllib
    reads them by recursion, and 500 nested inline tables ended in RecursionError
    (or not, where something had raised the recursion limit: the depth is counted
    first, so the verdict is the same in every process)."""
    if _depth(text) > MAX_DEPTH:
        raise tomllib.TOMLDecodeError(TOO_DEEP)
    try:
        return tomllib.loads(text)
    except RecursionError:
        raise tomllib.TOMLDecodeError(TOO_DEEP) from None


def read_sections(file: Path) -> ConfigText | None:
    """The file's tables and problems; None when the file does not exist."""
    try:
        if file.stat().st_size > MAX_BYTES:
            return ConfigText(
                problems=[
                    RawProblem(
                        ALL, None, news("config-unreadable", reason="over 1 MiB: not a config file")
                    )
                ],
                spoiled={ALL},
            )
        data = file.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        reason = (exc.strerror or type(exc).__name__).lower()
        return ConfigText(
            problems=[RawProblem(ALL, None, news("config-unreadable", reason=reason))],
            spoiled={ALL},
        )
    if data.startswith(b"\xef\xbb\xbf"):  # a byte-order mark, as some editors write
        data = data[3:]
    text = data.decode("utf-8", errors="surrogateescape")
    result = ConfigText(lines=text.split("\n"))  # lines as TOML counts them: \n only
    bad_bytes = [n for n, line in enumerate(result.lines, 1) if _has_bad_byte(line)]
    if not bad_bytes:
        try:
            result.tables = _toml(text)
            return result
        except tomllib.TOMLDecodeError as exc:
            # too deep has no place: the sections, read one by one, say which one
            too_deep = str(exc) == TOO_DEEP
            first_error = None if too_deep else _syntax_problem(exc, 0, len(result.lines))
    else:
        first_error = None
    _read_part_by_part(result, bad_bytes, first_error)
    return result


def _read_part_by_part(
    result: ConfigText, bad_bytes: list[int], first_error: tuple[int, HardwareNews] | None
) -> None:
    for section, start, end in _parts(result.lines):
        bad = [n for n in bad_bytes if start <= n <= end]
        if bad:
            result.problems.append(RawProblem(section, bad[0], news("config-not-utf8")))
            result.spoiled.add(section)
            continue
        if first_error is not None and start <= first_error[0] <= end:
            result.problems.append(RawProblem(section, first_error[0], first_error[1]))
            result.spoiled.add(section)
            continue
        part = "\n".join(result.lines[start - 1 : end])
        try:
            tables = _toml(part)
        except tomllib.TOMLDecodeError as exc:
            line, problem = _syntax_problem(exc, start - 1, end)
            result.problems.append(RawProblem(section, line, problem))
            result.spoiled.add(section)
            continue
        for name, value in tables.items():
            if name in result.tables:  # declared twice: keep the first
                result.spoiled.add(name)
                result.problems.append(
                    RawProblem(
                        name, start, news("config-syntax", detail=f"[{name}] is declared twice")
                    )
                )
                continue
            result.tables[name] = value


def _parts(lines: list[str]) -> list[tuple[str, int, int]]:
    """(section, first line, last line) of the top of the file and of each section."""
    parts: list[tuple[str, int, int]] = []
    section, start = "", 1
    for number, text in enumerate(lines, 1):
        match = _HEADER.match(text)
        if match:
            if number > start or section:
                parts.append((section, start, number - 1))
            section, start = match.group(2), number
    parts.append((section, start, max(len(lines), start)))
    return parts


def _syntax_problem(
    exc: tomllib.TOMLDecodeError, offset: int, last: int
) -> tuple[int, HardwareNews]:
    message = str(exc)
    place = _TOML_PLACE.search(message)
    at_end = max(last, offset + 1)  # "at end of document"
    line = offset + int(place.group(1)) if place and place.group(1) else at_end
    detail = _TOML_PLACE.sub("", message).rstrip(".")
    return line, news("config-syntax", detail=detail[:80])


def _has_bad_byte(line: str) -> bool:
    return any("\udc80" <= char <= "\udcff" for char in line)


def shown(value: Any) -> str:
    """A value as the file writes it, cut short: true, 40, "yes"."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        text = json.dumps(value, ensure_ascii=False)
    elif isinstance(value, dict):
        text = "a section"
    else:
        text = str(value)
    return text if len(text) <= 40 else text[:37] + "..."
