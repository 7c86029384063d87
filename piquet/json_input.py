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

from scorer.errors import N_, Said, sentence_of
from scorer.quoting import quoted

TYPE_CHECKING = False  # typing is not imported at run time (`piquet score` starts faster)
if TYPE_CHECKING:
    from typing import Any

MAX_RECORD_BYTES = 1024 * 1024  # spec/record.md, "Additions": a record over 1 MiB exits 2
MAX_DEPTH = 32  # a record is 7 deep; an action 3
PATH_QUOTE = 160  # a path the user typed is quoted longer than the contents of a file


class InputError(ValueError):
    """JSON input that cannot be read, or that is not a document we accept."""


# the sentences about a record and an action, each whole (a translator sees the
# noun in its sentence: "le relevé" and "l'action" do not agree alike)
_WHAT = {
    "record": {
        "larger": N_("the record is larger than 1 MiB ({limit} bytes), the most accepted"),
        "larger_text": N_("the record is larger than 1 MiB ({limit} bytes)"),
        "nested": N_("the record is nested more than {depth} deep"),
        "invalid_at": N_("the record is not valid JSON ({why} at line {line}, column {column})"),
        "invalid": N_("the record is not valid JSON ({why})"),
        "surrogate": N_(
            "the record holds {text}, which is not Unicode text "
            "(a lone surrogate cannot be written as UTF-8)"
        ),
    },
    "action": {
        "larger": N_("the action is larger than 1 MiB ({limit} bytes), the most accepted"),
        "larger_text": N_("the action is larger than 1 MiB ({limit} bytes)"),
        "nested": N_("the action is nested more than {depth} deep"),
        "invalid_at": N_("the action is not valid JSON ({why} at line {line}, column {column})"),
        "invalid": N_("the action is not valid JSON ({why})"),
        "surrogate": N_(
            "the action holds {text}, which is not Unicode text "
            "(a lone surrogate cannot be written as UTF-8)"
        ),
    },
}


# The json module's own reasons (Python 3.11's json/decoder.py and its C scanner,
# _json), said again in the reader's language where they are quoted ("the record
# is not valid JSON (Expecting value at line 1, column 1)"); a reason not listed
# here stays as the json module says it.
JSON_REASONS = frozenset(
    {
        N_("Expecting value"),
        N_("Expecting property name enclosed in double quotes"),
        N_("Expecting ',' delimiter"),
        N_("Expecting ':' delimiter"),
        N_("Extra data"),
        N_("Unterminated string starting"),
        N_("Invalid control character"),
        N_("Invalid \\escape"),
        N_("Invalid \\uXXXX escape"),
        N_("Unexpected UTF-8 BOM (decode using utf-8-sig)"),
    }
)
# the pure-Python decoder's two reasons that quote the character (no C scanner)
_QUOTING_REASONS = (
    ("Invalid control character ", "", N_("Invalid control character {char}")),
    ("Invalid \\escape: ", "", N_("Invalid \\escape: {char}")),
)


def json_reason(reason: str) -> str:
    """The json module's reason for refusing a text, as a `Said` sentence when
    the vocabulary knows it (said in French to a French terminal), else as it is.
    A reason that ends in "at" ("Unterminated string starting at") loses it: the
    sentence around it says "at line 1, column 2"."""
    reason = reason.removesuffix(" at")
    if reason in JSON_REASONS:
        return Said(reason)
    for start, end, message in _QUOTING_REASONS:
        if reason.startswith(start) and reason.endswith(end) and len(reason) > len(start + end):
            return Said(message, char=reason[len(start) : len(reason) - len(end)])
    return reason


def _value_reason(reason: str) -> str:
    """Python's refusal of a number it will not convert: an integer longer than
    `sys.get_int_max_str_digits()` is said as a sentence of the vocabulary (not
    Python's advice to raise the limit); any other reason quoted as it is."""
    import re

    found = re.match(r"Exceeds the limit \((\d+) digits\) .*value has (\d+) digits", reason)
    if found is None:
        return quoted(reason, 80)
    return Said(
        "an integer of {digits} digits, longer than the {limit} digits Python reads",
        digits=int(found[2]),
        limit=int(found[1]),
    )


def _larger(what: str, key: str = "larger") -> Said:
    return Said(_WHAT[what][key], limit=MAX_RECORD_BYTES)


def _nested(what: str) -> Said:
    return Said(_WHAT[what]["nested"], depth=MAX_DEPTH)


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
        raise InputError(
            Said("cannot read {path}: {reason}", path=quoted(path, PATH_QUOTE), reason=reason)
        ) from None
    if len(data) > limit:
        raise InputError(_larger(what))
    return data


def _read_stdin(size: int) -> bytes:
    stream = sys.stdin
    if stream is None:
        raise InputError(Said("there is no standard input to read"))
    buffer = getattr(stream, "buffer", None)
    if buffer is not None:
        return bytes(buffer.read(size))
    text = stream.read(size)  # a text stream (tests): it is already decoded
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        raise InputError(Said("standard input is not UTF-8 text")) from None


def parse_json_bytes(data: bytes, what: str = "record", source: str = "-") -> Any:
    """Strict UTF-8 (a leading byte-order mark is allowed, RFC 8259), then
    `parse_json_text`."""
    try:
        text = data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as error:
        byte = error.start + 1
        if source == "-":
            raise InputError(
                Said("standard input is not UTF-8 text (byte {byte} cannot be decoded)", byte=byte)
            ) from None
        raise InputError(
            Said(
                "{path} is not UTF-8 text (byte {byte} cannot be decoded)",
                path=quoted(source, PATH_QUOTE),
                byte=byte,
            )
        ) from None
    return parse_json_text(text, what)


def _no_constant(name: str) -> Any:
    raise InputError(Said("{name} is not a JSON value", name=name))


def parse_json_text(text: str, what: str = "record") -> Any:
    """Parse JSON text and check the document (depth, text, numbers), or InputError."""
    if len(text) > MAX_RECORD_BYTES:  # characters: a lower bound on its bytes
        raise InputError(_larger(what, "larger_text"))
    try:
        document = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise InputError(
            Said(
                _WHAT[what]["invalid_at"],
                why=json_reason(error.msg),
                line=error.lineno,
                column=error.colno,
            )
        ) from None
    except RecursionError:
        raise InputError(_nested(what)) from None
    except InputError as error:
        raise InputError(Said(_WHAT[what]["invalid"], why=sentence_of(error))) from None
    except ValueError as error:  # e.g. an integer of thousands of digits
        raise InputError(Said(_WHAT[what]["invalid"], why=_value_reason(str(error)))) from None
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
                raise InputError(_nested(what))
            for key, item in value.items():
                _check_text(key, what)
                stack.append((item, depth + 1))
        elif isinstance(value, list):
            if depth > MAX_DEPTH:
                raise InputError(_nested(what))
            stack.extend((item, depth + 1) for item in value)
        elif isinstance(value, str):
            _check_text(value, what)


def _check_text(text: str, what: str) -> None:
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            raise InputError(Said(_WHAT[what]["surrogate"], text=quoted(text))) from None
