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


# argparse's own words ("usage: ", "positional arguments", "invalid choice: ..."),
# in the catalogs under this context (its "options" is not the kiosk's)
ARGPARSE = "argparse"


def speak_argparse() -> None:
    """Have argparse say its own words in the reader's language.

    argparse asks its module globals `_` and `ngettext` (gettext's) for every
    word of its usage, help and errors, at the moment it says them; they are
    replaced, once, in this process, by lookups that keep gettext's own answer
    in English (byte for byte what argparse says without us) and ask the one
    vocabulary, context "argparse", in another language: unknown ids stay as
    they are. Called where the command line's parser is built (`piquet.cli`).
    """
    import argparse

    if getattr(argparse._, "piquet", False):  # type: ignore[attr-defined]  # argparse's private gettext
        return
    english, english_plural = argparse._, argparse.ngettext  # type: ignore[attr-defined]  # the same

    def gettext(message: str) -> str:
        lang = language()
        if lang == "en" or not isinstance(message, str):
            return english(message)
        from vocabulary.catalog import translate

        return translate(message, lang, ARGPARSE)

    def ngettext(one: str, many: str, n: int) -> str:
        lang = language()
        if lang == "en":
            return english_plural(one, many, n)
        from vocabulary.catalog import entries, translate, translate_plural

        found = translate_plural(one, many, n, lang, ARGPARSE)
        if found is None:
            found = translate(one if entries(lang).plural_index(n) == 0 else many, lang, ARGPARSE)
        return found

    gettext.piquet = ngettext.piquet = True  # type: ignore[attr-defined]  # installed once
    argparse._ = gettext  # type: ignore[attr-defined]  # argparse looks it up when it speaks
    argparse.ngettext = ngettext  # type: ignore[attr-defined]  # the same
