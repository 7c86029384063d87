"""One way to ask for words: `Words(lang)("message id", field=value)`."""

from __future__ import annotations

from vocabulary.catalog import LANGUAGES, translate


class Words:
    """A `_()` bound to a language that can change at run time."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang if lang in LANGUAGES else "en"

    def __call__(self, message: str, **fields: object) -> str:
        text = translate(message, self.lang)
        return text.format(**fields) if fields else text

    def plural(self, one: str, many: str, n: int, **fields: object) -> str:
        """`one` or `many` (both message ids, `{n}` in them) by the language's
        rule: English says "1 trick", French "0 pli" and "1 pli"."""
        single = n in (0, 1) if self.lang == "fr" else n == 1
        return self(one if single else many, n=n, **fields)
