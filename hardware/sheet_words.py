"""The printed sheet's words: the vocabulary's (`vocabulary.Words`), in the
partie's language, made printable in the printer's code page.

Every word on a sheet is a message of the one catalog a language
(`vocabulary/locale/<lang>/LC_MESSAGES/piquet.po`; the English text is the
message id). What comes back has been through `codepage.printable`, so one
character is one column, except that the narrow no-break spaces of French
typography (before ; : ! ? and inside « ») are kept as
`text_layout.NO_BREAK` until the sheet is laid out: the wrapping never breaks
there, and `text_layout.on_paper` prints them as plain spaces.
"""

from __future__ import annotations

import re
from datetime import date

from hardware.codepage import DEFAULT_CODEPAGE
from hardware.text_layout import NO_BREAK, printable_words
from vocabulary import Words

MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)


# a space before ; : ! ? » or after «: French typography's, kept whole whatever
# space the text has there
_BEFORE_SIGN = re.compile(r"[ \u00a0](?=[;:!?»])|(?<=«)[ \u00a0]")


def _joined(text: str) -> str:
    return _BEFORE_SIGN.sub(NO_BREAK, text)


class SheetWords:
    """`_("message id", field=value)`: a sheet's word, printable, in `lang`."""

    def __init__(self, lang: str = "en", codepage: str = DEFAULT_CODEPAGE) -> None:
        self.words = Words(lang)
        self.lang = self.words.lang
        self.codepage = codepage

    def __call__(self, message: str, **fields: object) -> str:
        return printable_words(_joined(self.words(message, **fields)), self.codepage)

    def plural(self, one: str, many: str, n: int, **fields: object) -> str:
        return printable_words(_joined(self.words.plural(one, many, n, **fields)), self.codepage)

    def printable(self, text: str) -> str:
        """Text already in the sheet's language (the engine's sentences), printable."""
        return printable_words(_joined(str(text)), self.codepage)

    def date(self, day: date) -> str:
        """The day the sheet is printed: "21 November 2026", "1er novembre 2026"."""
        month = self(MONTHS[day.month - 1])
        if day.day == 1:
            return self("1 {month} {year}", month=month, year=day.year)
        return self("{day} {month} {year}", day=day.day, month=month, year=day.year)
