"""Translations for the kiosk: the project's one vocabulary (`vocabulary/`).

The lookup and the catalogs live in `vocabulary/` (one `.po` a language);
this module keeps the kiosk's names for them and `sentence`, which shapes an
engine message for the screen.
"""

from __future__ import annotations

import re

from scorer.errors import RecordError, in_words, sentence_of
from vocabulary import LANGUAGES, catalog, translate
from vocabulary import Words as Translator

__all__ = ["LANGUAGES", "Translator", "catalog", "said", "sentence", "translate"]

# The place an engine message starts with, in English and in French ("deal 3: ",
# "donne 3 : " with a narrow no-break space, "record: ", "relevé : ").
_PLACE = re.compile(r"^(deal \d+|record|deals\[\d+\]|donne \d+|relevé)\s*:\s*")


def said(error: BaseException) -> str:
    """What an engine error says, keeping its message id when it has one (a
    `scorer.errors.Said`), so `sentence` can say it in the table's language."""
    text = sentence_of(error)
    return text if isinstance(text, str) else str(error)


def sentence(message: object, words: Translator | None = None) -> str:
    """An engine message as a sentence for the screen: in the language of
    `words` (a `vocabulary.Words`) where the engine's sentence has its
    translation (English where it has none yet, never half translated),
    without its place ("deal 1: ", "donne 1 : ", "record: "), capitalised,
    ending with a full stop. `message` is an error or its text."""
    if words is None:
        text = str(message)
    elif isinstance(message, RecordError):  # one sentence a problem
        text = "\n".join(in_words(problem, words) for problem in message.problems)
    else:
        text = in_words(message, words)
    lines = []
    for line in text.splitlines():
        line = _PLACE.sub("", line.strip())
        if line:
            line = line[0].upper() + line[1:]
            lines.append(line if line.endswith((".", "!", "?")) else line + ".")
    return "\n".join(lines)
