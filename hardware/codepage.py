"""Code pages: which one the printer uses, and text made printable in it.

ESC/POS printers print one byte per character from a selected code page.
CP858 (CP850 with the euro sign) holds the French, German and Spanish
letters, so it is the default; WPC1252 (Windows' Latin 1, `cp1252`, where
the printer has it) holds the typographic apostrophe ’ and Œ œ as well.
No code page holds the narrow no-break space (U+202F) of French
typography: like every space it prints as a plain space (the sheet's wrapping
never breaks there, `text_layout`). A character outside the code page is
transliterated: a few typographic signs by a table, anything else through
its Unicode compatibility decomposition without the accents (NFKD), and
whatever is left becomes "?". Control characters never reach the printer,
so a player's name cannot smuggle in an ESC/POS command.

After `printable()` every character is exactly one byte and one column wide,
so the sheet layout can measure text with `len()`.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

# code page -> n of ESC t n in the Epson table (the CSN-A2 family agrees on
# 0, 2 and 19; a printer that numbers WPC1252 otherwise sets codepage_number).
CODE_PAGES: dict[str, int] = {"cp437": 0, "cp850": 2, "cp858": 19, "cp1252": 16}

DEFAULT_CODEPAGE = "cp858"

_TABLE = {
    "Œ": "OE",
    "œ": "oe",
    "Ĳ": "IJ",
    "ĳ": "ij",
    "ẞ": "SS",
    "€": "EUR",
    "‘": "'",
    "’": "'",
    "‚": "'",
    "‛": "'",
    "′": "'",
    "“": '"',
    "”": '"',
    "„": '"',
    "‟": '"',
    "″": '"',
    "‐": "-",
    "‑": "-",
    "‒": "-",
    "–": "-",
    "—": "-",
    "―": "-",
    "−": "-",
    "…": "...",
    "•": "*",
    "×": "x",
}


def check_codepage(codepage: str) -> str:
    if codepage not in CODE_PAGES:
        raise ValueError(f"unknown code page {codepage!r}; known: {', '.join(CODE_PAGES)}")
    return codepage


def printable(text: str, codepage: str = DEFAULT_CODEPAGE) -> str:
    """`text` with every character printable as one byte of `codepage`."""
    check_codepage(codepage)
    return "".join(_char(c, codepage) for c in text)


def encode(text: str, codepage: str = DEFAULT_CODEPAGE) -> bytes:
    """The bytes of `printable(text)`; never raises for any string."""
    return printable(text, codepage).encode(codepage)


@lru_cache(maxsize=4096)
def _char(c: str, codepage: str) -> str:
    category = unicodedata.category(c)
    if category.startswith("Z") or c in "\t\n\r":
        return " "
    if category.startswith("C"):
        return "?"
    if _fits(c, codepage):
        return c
    if c in _TABLE and _fits(_TABLE[c], codepage):
        return _TABLE[c]
    bare = "".join(
        part for part in unicodedata.normalize("NFKD", c) if not unicodedata.combining(part)
    )
    if bare and bare != c and all(_fits(part, codepage) and part.isprintable() for part in bare):
        return bare
    return "?"


def _fits(text: str, codepage: str) -> bool:
    try:
        text.encode(codepage)
    except UnicodeEncodeError:
        return False
    return True
