"""The command line's words, in the reader's language.

Like a gettext program, `piquet` takes its language from the environment:
the first of `LC_ALL`, `LC_MESSAGES` and `LANG` that is set and not empty; a
value starting with "fr" (`fr_FR.UTF-8`, `fr_CA`, `fr`) means French, any
other (`C`, `POSIX`, `en_GB.UTF-8`, none) English. So a French terminal reads
French and CI (the C locale) and scripts read the English the spec fixes.

Only the words for people change language: the JSON answers, their `why`
lines, exit codes and the shapes of standard output never do. `_` asks the
one vocabulary (`vocabulary.Words`); in English, the message id is the text,
so English is said without importing the catalogs (`piquet score` starts as
fast as before). `say` says an engine sentence (`scorer.errors.Said`, or an
error raised with one) in the same language.
"""

from __future__ import annotations

import os
from functools import cache

from scorer.errors import in_words

TYPE_CHECKING = False  # typing is not imported at run time (`piquet score` starts faster)
if TYPE_CHECKING:
    from collections.abc import Mapping

    from vocabulary import Words


def language(environ: Mapping[str, str] | None = None) -> str:
    """ "fr" or "en", from LC_ALL, then LC_MESSAGES, then LANG (the first set)."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    return "en"


@cache
def _words(lang: str) -> Words:
    from vocabulary import Words

    return Words(lang)


def _(message: str, **fields: object) -> str:
    """The message in the reader's language, its fields filled in."""
    lang = language()
    if lang == "en":
        return message.format(**fields) if fields else message
    return _words(lang)(message, **fields)


def n_(one: str, many: str, n: int, **fields: object) -> str:
    """`one` or `many` (message ids, `{n}` in them) by the language's rule for `n`."""
    lang = language()
    if lang == "en":
        return (one if n == 1 else many).format(n=n, **fields)
    return _words(lang).plural(one, many, n, **fields)


def say(text: object) -> str:
    """An engine sentence (or an error raised with one) in the reader's
    language; any other text as it is."""
    lang = language()
    if lang == "en":
        return str(text)
    return in_words(text, _words(lang))
