"""Reading JSON from the command line's users: records and actions.

One path for every JSON input of `piquet score`, `piquet import` and
`piquet act`, so hostile input gets the same answer everywhere: bytes are
read (at most `MAX_RECORD_BYTES`, checked before parsing), decoded as strict
UTF-8, parsed, and the document is walked once to refuse what the engine
cannot hold safely: nesting deeper than `MAX_DEPTH`, a lone surrogate in any
string (text that cannot be written back as UTF-8), NaN or Infinity, and
integers too long to convert. Every refusal is an `InputError` (a
ValueError) whose message quotes at most a few dozen characters of the input.
"""

from __future__ import annotations

import json
import os
import sys

from scorer.quoting import quoted

TYPE_CHECKING = False  # typing is not imported at run time (`piquet score` starts faster)
if TYPE_CHECKING:
    from typing import Any

MAX_RECORD_BYTES = 1024 * 1024  # spec/record.md, "Additions": a record over 1 MiB exits 2
MAX_DEPTH = 32  # a record is 7 deep; an action 3
PATH_QUOTE = 160  # a path the user typed is quoted longer than the contents of a file


class InputError(ValueError):
    """JSON input that cannot be read, or that is not a document we accept."""


def read_json(path: str, what: str = "record") -> Any:
    """The JSON document in the file `path`, or on standard input for `-`."""
    return parse_json_bytes(read_bytes(path, what), what, path)


def read_bytes(path: str, what: str = "record") -> bytes:
    """At most `MAX_RECORD_BYTES` bytes of `path` (`-`: standard input), or InputError."""
    limit = MAX_RECORD_BYTES
    try:
        if path == "-":
            data = _read_stdin(limit + 1)
        else:
            with open(path, "rb") as handle:
                if os.fstat(handle.fileno()).st_size > limit:
                    data = b"x" * (limit + 1)  # too big: no need to read it
                else:
                    data = handle.read(limit + 1)
    except OSError as error:
        reason = error.strerror or error
        raise InputError(f"cannot read {quoted(path, PATH_QUOTE)}: {reason}") from None
    if len(data) > limit:
        raise InputError(f"the {what} is larger than 1 MiB ({limit} bytes), the most accepted")
    return data


def _read_stdin(size: int) -> bytes:
    stream = sys.stdin
    if stream is None:
        raise InputError("there is no standard input to read")
    buffer = getattr(stream, "buffer", None)
    if buffer is not None:
        return bytes(buffer.read(size))
    text = stream.read(size)  # a text stream (tests): it is already decoded
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        raise InputError("standard input is not UTF-8 text") from None


def parse_json_bytes(data: bytes, what: str = "record", source: str = "-") -> Any:
    """Strict UTF-8 (a leading byte-order mark is allowed, RFC 8259), then
    `parse_json_text`."""
    try:
        text = data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as error:
        where = "standard input" if source == "-" else quoted(source, PATH_QUOTE)
        raise InputError(
            f"{where} is not UTF-8 text (byte {error.start + 1} cannot be decoded)"
        ) from None
    return parse_json_text(text, what)


def _no_constant(name: str) -> Any:
    raise InputError(f"{name} is not a JSON value")


def parse_json_text(text: str, what: str = "record") -> Any:
    """Parse JSON text and check the document (depth, text, numbers), or InputError."""
    if len(text) > MAX_RECORD_BYTES:  # characters: a lower bound on its bytes
        raise InputError(f"the {what} is larger than 1 MiB ({MAX_RECORD_BYTES} bytes)")
    try:
        document = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise InputError(
            f"the {what} is not valid JSON ({error.msg} at line {error.lineno}, "
            f"column {error.colno})"
        ) from None
    except RecursionError:
        raise InputError(f"the {what} is nested more than {MAX_DEPTH} deep") from None
    except InputError as error:
        raise InputError(f"the {what} is not valid JSON ({error})") from None
    except ValueError as error:  # e.g. an integer of thousands of digits
        raise InputError(f"the {what} is not valid JSON ({quoted(str(error), 80)})") from None
    check_document(document, what)
    return document


def check_document(document: Any, what: str = "record") -> None:
    """Refuse nesting deeper than MAX_DEPTH and strings that are not Unicode text.

    Iterative, so a deep document cannot exhaust the stack here.
    """
    stack: list[tuple[Any, int]] = [(document, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            if depth > MAX_DEPTH:
                raise InputError(f"the {what} is nested more than {MAX_DEPTH} deep")
            for key, item in value.items():
                _check_text(key, what)
                stack.append((item, depth + 1))
        elif isinstance(value, list):
            if depth > MAX_DEPTH:
                raise InputError(f"the {what} is nested more than {MAX_DEPTH} deep")
            stack.extend((item, depth + 1) for item in value)
        elif isinstance(value, str):
            _check_text(value, what)


def _check_text(text: str, what: str) -> None:
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            raise InputError(
                f"the {what} holds {quoted(text)}, which is not Unicode text "
                "(a lone surrogate cannot be written as UTF-8)"
            ) from None
