"""One line on standard error: whatever a message quotes (a hostile record's value
can be a hundred thousand characters long), the line stays readable.

`line(text)` gathers the text on one line (its no-break spaces kept) and,
past `LIMIT` characters, keeps its beginning (what is wrong) and its end (what
to do), cut in the middle; a command to run, between backquotes at the end
(`piquet restore ...`), is kept whole.
"""

from __future__ import annotations

import re

LIMIT = 360
# any run of white space but the no-break ones (French typography's U+202F before
# ":" and inside « », U+00A0, U+2007), which stay where they are
GAP = re.compile(r"[^\S\u00a0\u2007\u202f]+")
TAIL = 140


def line(text: object, limit: int = LIMIT) -> str:
    said = GAP.sub(" ", str(text)).strip(" ")
    if len(said) <= limit:
        return said
    tail = said[-TAIL:]
    last = said.rfind("`")
    opening = said.rfind("`", 0, last) if last > 0 else -1
    if opening > 0 and len(said) - opening <= limit // 2 + TAIL:
        tail = said[opening:]  # the command to run, whole
    return said[: max(limit - len(tail) - 5, 40)] + " ... " + tail
