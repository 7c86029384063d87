"""Fitting printable text into a fixed number of columns.

The text given here has been through `codepage.printable` (or `printable_words`,
which keeps the no-break spaces), so one character is one column.

French typography puts a narrow no-break space (U+202F) before ; : ! ? and
inside « ». No printer code page has that character, so on paper it is a
plain space; until then it joins what it stands between into one word, so the
wrapping never breaks there: a « never ends a line, a ? never starts one.
`on_paper(text)` turns it into the plain space once the lines are laid out.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from hardware.codepage import printable

NO_BREAK = "\u202f"  # a space the wrapping never breaks at, printed as " "
_NO_BREAKS = "\u202f\u00a0\u2007"  # narrow no-break, no-break and figure spaces
_BREAKS = re.compile(f"[^\\S{_NO_BREAKS}]+")  # any other white space


def fit(text: str, width: int) -> str:
    """`text` cut to `width` columns, a cut marked with a final "."."""
    if len(text) <= width:
        return text
    if width <= 1:
        return text[:width]
    return text[: width - 1].rstrip() + "."


def wrap(tokens: Iterable[str], width: int) -> list[str]:
    """Greedy wrapping of tokens that are kept whole where they fit.

    A token may hold spaces ("= 164 - 114 + 100") and then stays on one line;
    a token longer than the width is cut into pieces of the width.
    """
    lines: list[str] = []
    current = ""
    for token in tokens:
        if not token:
            continue
        pieces = [token] if len(token) <= width else _chunks(token, width)
        for piece in pieces:
            if not current:
                current = piece
            elif len(current) + 1 + len(piece) <= width:
                current += " " + piece
            else:
                lines.append(current)
                current = piece
    if current:
        lines.append(current)
    return lines


def words(text: str) -> list[str]:
    """The words of `text`, split at white space other than the no-break spaces."""
    return [word for word in _BREAKS.split(text) if word]


def printable_words(text: str, codepage: str) -> str:
    """`text` printable in `codepage` (`codepage.printable`), its no-break spaces
    kept as `NO_BREAK` for the wrapping; one character is still one column."""
    for space in _NO_BREAKS[1:]:
        text = text.replace(space, NO_BREAK)
    return NO_BREAK.join(printable(part, codepage) for part in text.split(NO_BREAK))


def on_paper(text: str) -> str:
    """A laid-out line as it prints: a no-break space is a plain space."""
    return text.replace(NO_BREAK, " ")


def two_columns(left: str, right: str, width: int) -> str:
    """`left` flush left and `right` flush right; `left` is cut to make room."""
    room = max(width - len(right) - 1, 1)
    left = fit(left, room)
    return left + " " * (width - len(left) - len(right)) + right


def _chunks(token: str, width: int) -> list[str]:
    return [token[i : i + width] for i in range(0, len(token), width)]
