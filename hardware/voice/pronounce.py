"""The Piquet words espeak-ng says wrong, given to it as its own phonemes.

espeak-ng reads English spelling with English rules, so the game's French
words come out as English words that look like them: "quart" as the liquid
measure (kwɔːt), "sixième" as "six-im", "capot" stressed on its first
syllable. Each word it gets wrong has its phonemes here, written in
espeak-ng's phoneme mnemonics between `[[` and `]]` (which espeak-ng reads as
phonemes, not letters), in one table a language keyed by the game's terms
(`vocabulary.terms` spells each term in each language). `spoken(text, lang)`
puts them in place of the words; the written words (the screen, the sheet,
`piquet calls`) are never changed, only what the voice is given.

`docs/voice.md` has the table as sounds: each word, the IPA espeak-ng says
before and after, and why; `tests/hardware/test_voice_pronunciation.py`
reads `espeak-ng --ipa` back against it.
"""

from __future__ import annotations

import re
from functools import cache

# The terms an English voice is checked on (issue 24), in the order of the
# docs' table: their names in `vocabulary.terms`, which spells them.
PIQUET_TERMS = (
    "quatorze",
    "tierce",
    "quart",
    "sixième",
    "septième",
    "huitième",
    "repique",
    "capot",
    "carte blanche",
)

# voice language -> term (its name in `vocabulary.terms`) -> espeak-ng phonemes
# for the term as that language writes it. The phonemes are sounds for
# espeak-ng, never a word a person reads, so they stay here, by term; the
# words they stand for are the vocabulary's (renaming a term in a catalog
# renames the word the voice is helped with). A term not listed is said as spelt.
PHONEMES: dict[str, dict[str, str]] = {
    "en": {
        "quatorze": "[[k@t'O@z]]",  # ka-TORZ, not KWA-torz
        "quart": "[[k'A@t]]",  # "cart", not the liquid measure
        "sixième": "[[s%i:zj'Em]]",  # seez-YEM, not SIX-im
        "septième": "[[s%Etj'Em]]",  # set-YEM, not SEPT-im
        "huitième": "[[w%i:tj'Em]]",  # weet-YEM, not HYOO-it-im
        "capot": "[[k@p'0t]]",  # ka-POT, stressed on the second syllable
    },
    "fr": {
        "huitième": "[[yitj'Em]]",  # huit-ième with the t of "huit", not "s" (yisjɛm)
    },
}


def piquet_words(lang: str = "en") -> tuple[str, ...]:
    """The checked terms as `lang` writes them (the vocabulary's words)."""
    from vocabulary.terms import term

    return tuple(term(name, lang) for name in PIQUET_TERMS)


@cache
def helped(lang: str) -> dict[str, str]:
    """The words of `lang` the voice is helped with (lower case) -> their phonemes."""
    from vocabulary.terms import term

    return {term(name, lang).lower(): sounds for name, sounds in PHONEMES.get(lang, {}).items()}


@cache
def _pattern(lang: str) -> re.Pattern[str] | None:
    words = helped(lang)
    if not words:
        return None
    alternatives = "|".join(sorted(map(re.escape, words), key=len, reverse=True))
    return re.compile(rf"\b(?:{alternatives})\b", re.IGNORECASE)


def spoken(text: str, lang: str) -> str:
    """`text` as the voice of `lang` is given it: the table's words as phonemes."""
    pattern = _pattern(lang)
    if pattern is None:
        return text
    words = helped(lang)
    return pattern.sub(lambda found: words[found.group(0).lower()], text)
