"""Mutating JSON documents, and running `piquet` in-process on bytes.

A mutation changes types, values, keys, nesting, text and sizes somewhere in
a document (a record or an action), or damages the JSON text itself. Every
random choice comes from the `random.Random` passed in, so a run is repeatable.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from piquet.cli import main

Path = tuple[Any, ...]
DEEP = "\x00deep:"  # random_value's marker for lists nested this deep
_DEEP_TEXT = re.compile(r'"\\u0000deep:(\d+)"')

WORDS = [
    "E",
    "Y",
    "EY",
    "elder",
    "younger",
    "Elder",
    "void",
    "A",
    "K",
    "Q",
    "J",
    "10",
    "T",
    "9",
    "7",
    "6",
    "AS",
    "10H",
    "TH",
    "KD",
    "7C",
    "XZ",
    "",
    " ",
    "rubicon",
    "au-cent",
    "four-deal",
    "standard",
    "tens_and_above",
    "piquet-record/1",
    "Anne",
    "Ben",
]
KEYS = [
    "format",
    "players",
    "first_dealer",
    "deals",
    "game",
    "variants",
    "exchange",
    "declared",
    "hands",
    "tricks",
    "throw_in",
    "entered",
    "carte_blanche",
    "carte_rouge",
    "point",
    "sequences",
    "sets",
    "cards",
    "value",
    "length",
    "top",
    "count",
    "rank",
    "winner",
    "lead",
    "follow",
    "elder",
    "younger",
    "trick",
    "declare",
    "by",
    "say",
    "next_deal",
    "trick_count",
    "void_suit_point",
    "carte_rouge",
    "bogus",
    "",
]
TEXTS = [
    "é",
    "Ünïcödé",
    "名前",
    "\u200b",
    "\ud800",
    "\udfff",
    "\x00",
    "\n",
    "🂡",
    "\\",
    '"',
    "a\ud83cb",
]


def paths(document: Any) -> list[Path]:
    """Every place in the document (the root is ())."""
    found: list[Path] = [()]
    stack: list[tuple[Path, Any]] = [((), document)]
    while stack:
        path, value = stack.pop()
        items = (
            value.items()
            if isinstance(value, dict)
            else enumerate(value)
            if isinstance(value, list)
            else ()
        )
        for key, item in items:
            found.append((*path, key))
            stack.append(((*path, key), item))
    return found


def _get(document: Any, path: Path) -> Any:
    for key in path:
        document = document[key]
    return document


def _set(document: Any, path: Path, value: Any) -> Any:
    if not path:
        return value
    _get(document, path[:-1])[path[-1]] = value
    return document


def random_value(rng: random.Random, depth: int = 0) -> Any:
    """A value of a random JSON type, often one a record might hold in the wrong place."""
    pick = rng.randrange(16)
    if pick == 0:
        return None
    if pick == 1:
        return rng.choice([True, False])
    if pick == 2:
        return rng.choice([0, 1, -1, 2, 3, 4, 5, 8, 12, 13, 49, 173, 174, 10**30, -(10**30)])
    if pick == 3:
        return rng.choice([0.5, 3.0, 5.0, -0.0, 1e308, 12.0])
    if pick in (4, 5, 6):
        return rng.choice(WORDS)
    if pick == 7:
        return rng.choice(TEXTS) * rng.choice([1, 2, 41])
    if pick == 8:
        return "x" * rng.choice([41, 1000, 100_000])
    if pick == 9:
        return []
    if pick == 10:
        return {}
    if pick == 11 and depth < 3:
        return [random_value(rng, depth + 1) for _ in range(rng.randrange(1, 4))]
    if pick == 12 and depth < 3:
        return {rng.choice(KEYS): random_value(rng, depth + 1) for _ in range(rng.randrange(1, 4))}
    if pick == 13 and rng.random() < 0.3:
        return f"{DEEP}{rng.choice([20, 31, 33, 100, 900, 5000])}"
    if pick == 14:
        return {"winner": rng.choice([[], {}, "E", None, 1])}
    return rng.choice(WORDS + TEXTS)


def mutate(document: Any, rng: random.Random) -> Any:
    """A deep copy of `document` with one to four random changes (mostly one)."""
    document = copy.deepcopy(document)
    for _ in range(rng.choice([1, 1, 1, 1, 2, 2, 3, 4])):
        document = _mutate_once(document, rng)
    return document


def _pick(document: Any, rng: random.Random) -> Path:
    """A place in the document; the cards of hands and tricks, which are most of a
    record's places, are picked less often."""
    everywhere = paths(document)
    path = rng.choice(everywhere)
    if ("hands" in path or "tricks" in path) and rng.random() < 0.7:
        path = rng.choice(everywhere)
    return path


def _mutate_once(document: Any, rng: random.Random) -> Any:
    path = _pick(document, rng)
    value = _get(document, path)
    kind = rng.randrange(12)
    if kind >= 10:
        return _gently(document, path, value, rng)
    if kind <= 2:  # a value of another type or another value
        return _set(document, path, random_value(rng))
    if kind == 3 and isinstance(value, int) and not isinstance(value, bool):
        return _set(document, path, value + rng.choice([-13, -1, 1, 2, 12, 100]))
    if kind == 4 and isinstance(value, dict) and value:  # a key removed, renamed or added
        key = rng.choice(list(value))
        action = rng.randrange(3)
        if action == 0:
            del value[key]
        elif action == 1:
            value[rng.choice(KEYS)] = value.pop(key)
        else:
            value[rng.choice(KEYS)] = random_value(rng)
        return document
    if kind == 5 and isinstance(value, list):  # an element copied, dropped or many added
        action = rng.randrange(3)
        if action == 0 and value:
            value.append(copy.deepcopy(rng.choice(value)))
        elif action == 1 and value:
            value.pop(rng.randrange(len(value)))
        else:
            item = copy.deepcopy(value[0]) if value else random_value(rng)
            value.extend(copy.deepcopy(item) for _ in range(rng.choice([12, 13, 199, 201])))
        return document
    if kind == 6:  # nested inside a list or an object
        return _set(document, path, rng.choice([[value], {"x": value}, [[value]]]))
    if kind == 7:  # the value of another place
        other = _get(document, rng.choice(paths(document)))
        return _set(document, path, copy.deepcopy(other))
    if kind == 8 and isinstance(value, str):  # the text itself
        return _set(
            document,
            path,
            rng.choice(
                [
                    value.lower(),
                    value.upper(),
                    value + rng.choice(TEXTS),
                    value * 50,
                    value[:1],
                    " " + value + " ",
                ]
            ),
        )
    return _set(document, path, random_value(rng))


def _gently(document: Any, path: Path, value: Any, rng: random.Random) -> Any:
    """A change a legal record may well survive: another way to write a card or rank,
    a neighbouring number, a deal or a trick fewer, a class left out, a new name."""
    if isinstance(value, str):
        text = value.replace("10", "T") if rng.random() < 0.5 else value.lower()
        return _set(document, path, rng.choice([text, f" {value} ", value]))
    if isinstance(value, int) and not isinstance(value, bool):
        return _set(document, path, max(value + rng.choice([-1, 1]), 0))
    if isinstance(value, list) and value:
        del value[-1]
        return document
    if isinstance(value, dict) and value:
        del value[rng.choice(list(value))]
        return document
    players = document.get("players") if isinstance(document, dict) else None
    if isinstance(players, list) and len(players) == 2:
        document["players"] = ["Ängel 名前", document["players"][1]]
        document["first_dealer"] = document["players"][1]
    return document


def damage(data: bytes, rng: random.Random) -> bytes:
    """The JSON text damaged as bytes: cut, a byte changed, bad UTF-8 inserted."""
    if not data:
        return b"\xff"
    at = rng.randrange(len(data))
    kind = rng.randrange(5)
    if kind == 0:
        return data[:at]
    if kind == 1:
        return data[:at] + bytes([rng.randrange(256)]) + data[at + 1 :]
    if kind == 2:
        return data[:at] + rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xe9t\xe9"]) + data[at:]
    if kind == 3:
        return data[:at] + rng.choice([b"NaN", b"Infinity", b"1e999", b"9" * 5000]) + data[at:]
    return b"\xef\xbb\xbf" + data  # a byte-order mark


def encode(document: Any) -> bytes:
    """JSON text as a program would send it (lone surrogates as \\u escapes); a `DEEP`
    marker becomes that many nested lists (too deep to build in Python first)."""
    text = json.dumps(document, ensure_ascii=True)
    return _DEEP_TEXT.sub(lambda m: "[" * int(m[1]) + "]" * int(m[1]), text).encode("ascii")


@dataclass
class Run:
    status: int
    stdout: bytes
    stderr: str


def run_piquet(args: list[str], stdin: bytes = b"") -> Run:
    """`piquet ARGS` in this process, with bytes on standard input; exceptions propagate."""
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    err = io.StringIO()
    source = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    with contextlib.ExitStack() as stack:
        stack.enter_context(contextlib.redirect_stdout(out))
        stack.enter_context(contextlib.redirect_stderr(err))
        stack.enter_context(_stdin(source))
        try:
            status = main(args)
        except SystemExit as stop:  # argparse's usage errors
            status = stop.code if isinstance(stop.code, int) else 1
    out.flush()
    return Run(status, out.buffer.getvalue(), err.getvalue())  # type: ignore[attr-defined]


@contextlib.contextmanager
def _stdin(source: io.TextIOWrapper):
    import sys

    saved = sys.stdin
    sys.stdin = source
    try:
        yield
    finally:
        sys.stdin = saved


def outcome(run: Run, check_stdout: Callable[[Any], bool]) -> str:
    """ "ok" (0, JSON out, nothing on stderr), "refused" (2, a message, nothing out),
    or a description of what went wrong."""
    if run.status == 0:
        try:
            answer = json.loads(run.stdout.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
            return f"exit 0 without JSON: {error}"
        if not check_stdout(answer):
            return "exit 0 with the wrong JSON"
        return "ok" if not run.stderr else f"exit 0 with stderr {run.stderr[:200]!r}"
    if run.status == 2:
        if run.stdout:
            return f"exit 2 with stdout {run.stdout[:200]!r}"
        if not run.stderr.strip() or "Traceback" in run.stderr:
            return f"exit 2 with stderr {run.stderr[:200]!r}"
        if max(len(line) for line in run.stderr.splitlines()) > 400:
            return "a message line over 400 characters"
        return "refused"
    return f"exit {run.status}: {run.stderr[-500:]!r}"


# ----- hostile config files (issue 21) ------------------------------------------------
CONFIG_KEYS = {
    "pins": ["enabled", "seat_a", "seat_b", "confirm", "led_a", "led_b"],
    "timings": ["debounce_ms", "both_window_ms", "long_press_s"],
    "printer": [
        "enabled", "port", "baud", "columns", "codepage", "codepage_number", "cut",
        "line_time_ms", "status_timeout_s", "ready_wait_s", "retry_every_s",
    ],
    "display": ["rotation", "text_scale"],
    "backup": ["keep", "dir"],
}  # fmt: skip
TOML_VALUES = [
    "true", "false", "0", "-1", "1", "17", "27", "40", "99999999999999999999", "1.5", "-0.0",
    "nan", "inf", "1e400", '"/dev/serial0"', '""', '"\\u0000"', '"x"', "[]", "[1, 2]", "{}",
    '{a = 1}', "1979-05-27", "0x1F", "12:00:00", '"""many\nlines"""', "'raw'", '"/"',
    '"relative/dir"', '"' + "é" * 300 + '"',
]  # fmt: skip


def hostile_config(rng: random.Random) -> bytes:
    """A config.toml as a careless or hostile hand might leave it: known sections and keys
    with values of every type and range, unknown ones, values nested very deep, a
    section twice, bytes that are not UTF-8, a cut, a very long file."""
    lines: list[str] = []
    for section in rng.sample(list(CONFIG_KEYS), rng.randrange(1, 6)):
        lines.append(rng.choice([f"[{section}]", f"[{section}]", f"[[{section}]]", "[bogus]"]))
        for key in rng.sample(CONFIG_KEYS[section], rng.randrange(0, len(CONFIG_KEYS[section]))):
            lines.append(f"{rng.choice([key, key, key.upper(), 'bogus'])} = {_toml_value(rng)}")
    text = "\n".join(lines) + "\n"
    kind = rng.randrange(10)
    if kind == 0:  # nested very deep
        depth = rng.choice([50, 300, 500, 2000])
        opening, closing = rng.choice([("{a = ", "}"), ("[", "]")])
        text += f"[display]\nrotation = {opening * depth}1{closing * depth}\n"
    elif kind == 1:  # a section twice
        text += text
    elif kind == 2:  # not UTF-8
        data = bytearray(text.encode())
        data.insert(rng.randrange(len(data) + 1), rng.choice([0xFF, 0xC3, 0x80]))
        return bytes(data)
    elif kind == 3:  # cut anywhere
        return text.encode()[: rng.randrange(len(text.encode()) + 1)]
    elif kind == 4:  # long
        text += "# " + "x" * rng.choice([10_000, 1_100_000]) + "\n"
    return text.encode()


def _toml_value(rng: random.Random) -> str:
    value = rng.choice(TOML_VALUES)
    return f"[{value}, {rng.choice(TOML_VALUES)}]" if rng.random() < 0.1 else value


# ----- journals with random bytes flipped (issue 21) -------------------------------------
def flip_bits(data: bytes, rng: random.Random) -> bytes:
    """`data` with one to sixteen bits flipped at random places; one time in two the
    first 100 bytes (SQLite's header) are left alone, as most damage is further in."""
    damaged = bytearray(data)
    low = 100 if rng.random() < 0.5 and len(data) > 200 else 0
    for _ in range(rng.choice([1, 1, 2, 3, 4, 8, 16])):
        at = rng.randrange(low, len(damaged))
        damaged[at] ^= 1 << rng.randrange(8)
    return bytes(damaged)
