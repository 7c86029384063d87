"""Fitting printable text into a fixed number of columns.

The text given here has been through `codepage.printable`, so one character
is one column.
"""

from __future__ import annotations

from collections.abc import Iterable


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
    return text.split()


def two_columns(left: str, right: str, width: int) -> str:
    """`left` flush left and `right` flush right; `left` is cut to make room."""
    room = max(width - len(right) - 1, 1)
    left = fit(left, room)
    return left + " " * (width - len(left) - len(right)) + right


def _chunks(token: str, width: int) -> list[str]:
    return [token[i : i + width] for i in range(0, len(token), width)]
