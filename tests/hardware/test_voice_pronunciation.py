"""The voice's pronunciation, read back from espeak-ng against docs/voice.md's table.

Each row of the table says, for a voice and a word, the IPA espeak-ng says
for the word as spelt (before) and for what the voice gives it (after,
`hardware.voice.pronounce.spoken`). espeak-ng's `--ipa` prints the phonemes
it would say, so this is checked without listening.
"""

from __future__ import annotations

import re
import subprocess

import pytest

from hardware.voice.espeak import voice_name
from hardware.voice.pronounce import PHONEMES, helped, piquet_words, spoken
from tests.conftest import REPO

ROW = re.compile(r"^\| (en|fr) \| ([^|]+?) \| `([^`]+)` \| `([^`]+)` \| ([^|]+) \|$")


def table() -> list[tuple[str, str, str, str]]:
    """(voice, word, before, after) of each row of docs/voice.md's pronunciation table."""
    text = (REPO / "docs" / "voice.md").read_text(encoding="utf-8")
    return [m.group(1, 2, 3, 4) for line in text.splitlines() if (m := ROW.match(line))]


def ipa(text: str, lang: str) -> str:
    done = subprocess.run(
        ["espeak-ng", "-b", "1", "-v", voice_name(lang), "--ipa", "-q"],
        input=text.encode("utf-8"),
        capture_output=True,
        timeout=60,
        check=True,
    )
    return " ".join(done.stdout.decode("utf-8").split())


ROWS = table()


def test_the_table_has_every_piquet_word_in_english_and_every_word_given_help() -> None:
    english = [word for lang, word, *_ in ROWS if lang == "en"]
    assert english == list(piquet_words("en"))
    given = {(lang, word) for lang in PHONEMES for word in helped(lang)}
    assert given <= {(lang, word) for lang, word, *_ in ROWS}


@pytest.mark.parametrize(
    ("lang", "word", "before", "after"), ROWS, ids=[f"{r[0]}-{r[1]}" for r in ROWS]
)
def test_espeak_says_each_word_as_the_table_says(
    lang: str, word: str, before: str, after: str
) -> None:
    assert ipa(spoken(word, lang), lang) == after
    if word in helped(lang):
        assert ipa(word, lang) != after, f"espeak-ng now says {word!r} right: drop its help"
    else:
        assert spoken(word, lang) == word and ipa(word, lang) == before == after


def test_the_help_is_given_inside_a_call_whatever_its_capitals() -> None:
    assert ipa(spoken("In hearts; and quart major.", "en"), "en").endswith("and kˈɑːt mˈeɪdʒə")
    assert ipa(spoken("Sixième to the king.", "en"), "en").startswith("siːzjˈɛm ")
    assert ipa(spoken("CAPOT, sixty-eight.", "en"), "en").startswith("kəpˈɒt ")
    assert ipa(spoken("Huitième majeure.", "fr"), "fr") == "yitjˈɛm maʒˈœʁ"
    assert spoken("quartet", "en") == "quartet"  # a whole word only
