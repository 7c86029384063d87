"""The compiled expressions of the kiosk's .kv files, kept between starts.

Kivy compiles every expression of a .kv file each time the file is loaded
(`ParserRuleProperty.precompile`: ~25 us each; the 378 read before the first
frame took ~10 ms of the kiosk's start here). As Python keeps a module's
bytecode in `__pycache__`, `load_kv_file` keeps what Kivy made of each
expression of a file (its mode, its code or constant value, the keys it
watches) beside it, in `__pycache__/<name>.kv.<interpreter>.kvc`, and gives it
back to Kivy the next time the file is loaded instead of compiling again.

An expression is found by its line, its property's name, its text and its mode
as parsed: an edited file finds only what did not change, and its cache is
written again with what this load used (it is not written when nothing had to
be compiled). The cache is only ever a shortcut: a missing, damaged or foreign
file (another Kivy, another checkout) is compiled as without it. Where the
folder beside the file cannot be written (the appliance's install under /opt,
read-only for its service), the cache is kept in the user's cache folder
instead (`$XDG_CACHE_HOME`, the service's /var/cache/piquet-table), under the
file's own path, as Python's `PYTHONPYCACHEPREFIX` keeps bytecode; where
neither can be written, nothing is kept. Only the expressions of files loaded
through `load_kv_file` are looked up; any other `.kv` text is Kivy's alone.
"""

from __future__ import annotations

import marshal
import os
import sys
import zlib
from contextlib import suppress
from pathlib import Path
from typing import Any

import kivy
from kivy.lang import Builder
from kivy.lang.parser import ParserRuleProperty

FORMAT = 2  # (header, crc32 of the payload, marshalled expressions)
SUFFIX = f".{sys.implementation.cache_tag}.kvc"

# one expression as parsed: (line, property name, text, mode before precompile)
Key = tuple[int, str, str, str | None]
# what precompile makes of it: (mode, code or constant, watched keys)
Made = tuple[str, Any, list[list[str]] | None]

_kivy_precompile = ParserRuleProperty.precompile


class _Loading:
    """The file being loaded: what its cache held, and what this load used."""

    def __init__(self, kept: dict[Key, Made]) -> None:
        self.kept = kept
        self.used: dict[Key, Made] = {}
        self.compiled = 0  # expressions not found in the cache


_loading: _Loading | None = None


def cache_paths(path: Path) -> tuple[Path, Path]:
    """Where the cache of the .kv file at `path` (absolute) is kept: beside it, and
    else in the user's cache folder, under the file's own path."""
    home = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
    name = path.name + SUFFIX
    return (
        path.parent / "__pycache__" / name,
        Path(home, "piquet-table-kv", *path.parent.parts[1:], name),
    )


def load_kv_file(path: Path) -> int:
    """`Builder.load_file(path)`, its expressions taken from the cache where it has
    them. Returns how many had to be compiled (0: all came from the cache)."""
    global _loading
    header = (FORMAT, kivy.__version__, str(path))
    places = cache_paths(path)
    kept: dict[Key, Made] = {}
    for place in reversed(places):  # both, if both are there: beside it first
        kept |= _read(place, header)
    loading = _Loading(kept)
    _loading = loading
    try:
        Builder.load_file(str(path))
    finally:
        _loading = None
    if loading.compiled:  # what this load used, where it can be written first
        any(_write(place, header, loading.used) for place in places)
    return loading.compiled


def _precompile(prop: ParserRuleProperty) -> None:
    loading = _loading
    if loading is None:
        _kivy_precompile(prop)
        return
    key: Key = (prop.line, prop.name, prop.value, prop.mode)
    made = loading.kept.get(key)
    if not (isinstance(made, tuple) and len(made) == 3):  # not found (or not what it keeps)
        _kivy_precompile(prop)
        loading.compiled += 1
        made = (prop.mode, prop.co_value, prop.watched_keys)
        if not _keepable(made):
            return
    else:
        prop.mode, prop.co_value, prop.watched_keys = made
    loading.used[key] = made


def _keepable(made: Made) -> bool:
    """Whether marshal can keep it (a constant Kivy evaluated may be any value)."""
    try:
        marshal.dumps(made)
    except ValueError:
        return False
    return True


def _read(path: Path, header: tuple[Any, ...]) -> dict[Key, Made]:
    """The file's expressions, if it is whole and for this file, Kivy and
    interpreter: its checksum guards what it holds (code among it) against a
    damaged card."""
    try:
        kept = marshal.loads(path.read_bytes())
        if not (isinstance(kept, tuple) and len(kept) == 3 and kept[0] == header):
            return {}
        _, checksum, payload = kept
        if not isinstance(payload, bytes) or zlib.crc32(payload) != checksum:
            return {}
        entries = marshal.loads(payload)
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    return entries if isinstance(entries, dict) else {}


def _write(path: Path, header: tuple[Any, ...], used: dict[Key, Made]) -> bool:
    """Written whole to a new file, then renamed over the old one (a reader never
    sees half of it). False if the folder cannot be written."""
    part = path.with_name(f"{path.name}.{os.getpid()}.part")
    payload = marshal.dumps(used)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        part.write_bytes(marshal.dumps((header, zlib.crc32(payload), payload)))
        os.replace(part, path)
    except OSError:
        with suppress(OSError):
            part.unlink(missing_ok=True)
        return False
    return True


ParserRuleProperty.precompile = _precompile  # Kivy's own (above) where no file is loading
