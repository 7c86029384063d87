"""Numbers said in words, for the voice and the score lines:
`number(94, "en")` is "ninety-four", `number(94, "fr")` "quatre-vingt-quatorze".

The pieces are messages of one table (context `number.<n>`); how they are put
together is each language's grammar, below. English: hyphens between tens
and units, "and" after the hundreds ("one hundred and three"). French, the
traditional spelling: hyphens under a hundred, "et" in 21 31 41 51 61 71,
seventy and ninety counted from sixty and eighty, the "s" of
"quatre-vingts" and "deux cents" when nothing follows.
"""

from __future__ import annotations

from vocabulary.lookup import Words
from vocabulary.tables import Table

NUMBERS = Table(
    "number",
    {
        "0": "nought",
        "1": "one",
        "2": "two",
        "3": "three",
        "4": "four",
        "5": "five",
        "6": "six",
        "7": "seven",
        "8": "eight",
        "9": "nine",
        "10": "ten",
        "11": "eleven",
        "12": "twelve",
        "13": "thirteen",
        "14": "fourteen",
        "15": "fifteen",
        "16": "sixteen",
        "17": "seventeen",
        "18": "eighteen",
        "19": "nineteen",
        "20": "twenty",
        "30": "thirty",
        "40": "forty",
        "50": "fifty",
        "60": "sixty",
        "70": "seventy",
        "80": "eighty",
        "90": "ninety",
        "100": "hundred",
        "and": "and",
    },
)


def number(n: int, lang: str = "en") -> str:
    """`n` (0 to 999) in words, lower case."""
    if not 0 <= n <= 999:
        raise ValueError(f"{n} is out of range (0 to 999)")
    words = Words(lang)
    return _french(n, words) if words.lang == "fr" else _english(n, words)


def _piece(words: Words, name: int | str) -> str:
    return words.table(NUMBERS, str(name))


def _english(n: int, words: Words) -> str:
    if n < 20:
        return _piece(words, n)
    if n < 100:
        tens, unit = divmod(n, 10)
        word = _piece(words, tens * 10)
        return f"{word}-{_piece(words, unit)}" if unit else word
    hundreds, rest = divmod(n, 100)
    word = f"{_piece(words, hundreds)} {_piece(words, 100)}"
    return f"{word} {_piece(words, 'and')} {_english(rest, words)}" if rest else word


def _french(n: int, words: Words) -> str:
    if n < 20:
        return _piece(words, n)
    if n < 100:
        return _french_tens(n, words)
    hundreds, rest = divmod(n, 100)
    word = _piece(words, 100)
    if hundreds > 1:
        word = f"{_piece(words, hundreds)} {word}" + ("" if rest else "s")
    return f"{word} {_french(rest, words)}" if rest else word


def _french_tens(n: int, words: Words) -> str:
    """20 to 99: vingt et un, vingt-deux, soixante et onze, soixante-douze,
    quatre-vingts, quatre-vingt-un, quatre-vingt-onze."""
    tens, unit = divmod(n, 10)
    if tens in (7, 9):  # soixante-dix, quatre-vingt-dix: the tens below, and ten to nineteen
        tens, unit = tens - 1, unit + 10
    base = _piece(words, tens * 10)
    if unit == 0:
        return base + ("s" if tens == 8 else "")
    if unit in (1, 11) and tens != 8:
        return f"{base} {_piece(words, 'and')} {_french(unit, words)}"
    return f"{base}-{_french(unit, words)}"


__all__ = ["NUMBERS", "number"]
