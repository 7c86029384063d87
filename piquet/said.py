"""One line on standard error: whatever a message quotes (a hostile record's value
can be a hundred thousand characters long), the line stays readable.

`line(text)` gathers the text on one line and, past `LIMIT` characters, keeps
its beginning (what is wrong) and its end (what to do), cut in the middle; a
command to run, between backquotes at the end (`piquet restore ...`), is kept whole.
"""

from __future__ import annotations

LIMIT = 360
TAIL = 140


def line(text: object, limit: int = LIMIT) -> str:
    said = " ".join(str(text).split())
    if len(said) <= limit:
        return said
    tail = said[-TAIL:]
    last = said.rfind("`")
    opening = said.rfind("`", 0, last) if last > 0 else -1
    if opening > 0 and len(said) - opening <= limit // 2 + TAIL:
        tail = said[opening:]  # the command to run, whole
    return said[: max(limit - len(tail) - 5, 40)] + " ... " + tail
