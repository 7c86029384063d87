"""Quoting bad input in messages, briefly.

A message quotes what was wrong ("first_dealer 'C' is not a player"), but a
hostile record may hold a name of 50 MB or a list nested a thousand deep: the
quote keeps a few dozen characters, and never walks more of the value than it
shows.
"""

from __future__ import annotations

import reprlib

QUOTE_LIMIT = 40

_repr = reprlib.Repr()
_repr.maxlevel = 3
_repr.maxdict = 4
_repr.maxlist = 4
_repr.maxtuple = 4
_repr.maxset = 4
_repr.maxfrozenset = 4
_repr.maxstring = QUOTE_LIMIT
_repr.maxlong = QUOTE_LIMIT
_repr.maxother = QUOTE_LIMIT


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """repr(value), cut to about `limit` characters ("'abcdef...xyz'")."""
    if isinstance(value, str):
        if len(value) <= limit:
            text = repr(value)
        else:
            keep = max(limit - 5, 4)
            head, tail = value[: keep - keep // 3], value[len(value) - keep // 3 :]
            text = repr(head)[:-1] + "..." + repr(tail)[1:]
    else:
        try:
            text = _repr.repr(value)
        except (ValueError, RecursionError):  # e.g. an int too long to write out
            text = f"<{type(value).__name__}>"
    if len(text) > limit + 2:  # escapes (\\ud800) may make a short text long
        keep = max(limit - 1, 2)
        text = text[: keep - keep // 3] + "..." + text[len(text) - keep // 3 :]
    return text
