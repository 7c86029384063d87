"""The catalog reader (`vocabulary.catalog`) against Babel's reading of the
same `.po` files, and Babel's own checks of the French catalog."""

from __future__ import annotations

import io
import string

import pytest
from babel.messages import checkers
from babel.messages.pofile import read_po

from vocabulary import Words
from vocabulary.catalog import catalog_path, key
from vocabulary.catalog import read_po as our_read_po

SAMPLE = """\
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Language: fr\\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\\n"

# a plain message
msgid "Deal {n}"
msgstr "Donne {n}"

msgctxt "line.sets.best"
msgid "{Best} is good against a {other_best}"
msgstr "{Best}, bon contre un {other_best}"

msgctxt "line.sequences.best"
msgid "{Best} is good against a {other_best}"
msgstr "{Best}, bonne contre une {other_best}"

msgid "{n} trick"
msgid_plural "{n} tricks"
msgstr[0] "{n} pli"
msgstr[1] "{n} plis"

msgid "Untranslated"
msgstr ""

#~ msgid "Gone"
#~ msgstr "Parti"
"""


def _babel(text: str):
    return read_po(io.StringIO(text))


def test_our_reader_finds_what_babel_finds_in_a_sample() -> None:
    ours = our_read_po(SAMPLE)
    theirs = _babel(SAMPLE)
    singular = {
        key(m.id, m.context): m.string for m in theirs if m.id and m.string and not m.pluralizable
    }
    plural = {key(m.id[0], m.context): tuple(m.string) for m in theirs if m.pluralizable}
    assert ours.messages == singular
    assert ours.plurals == plural
    assert ours.plurals[key("{n} trick")] == ("{n} pli", "{n} plis")
    assert "Untranslated" not in ours.messages and "Gone" not in ours.messages


@pytest.mark.parametrize(
    ("n", "form"), [(0, "0 pli"), (1, "1 pli"), (2, "2 plis"), (12, "12 plis")]
)
def test_the_plural_form_follows_the_catalogs_rule(n: int, form: str) -> None:
    assert our_read_po(SAMPLE).plural_index(n) == (0 if n <= 1 else 1)
    forms = our_read_po(SAMPLE).plurals[key("{n} trick")]
    assert forms[our_read_po(SAMPLE).plural_index(n)].format(n=n) == form


def test_a_context_keeps_two_french_wordings_of_one_english_text() -> None:
    found = our_read_po(SAMPLE).messages
    assert found[key("{Best} is good against a {other_best}", "line.sets.best")].startswith(
        "{Best}, bon "
    )
    assert found[key("{Best} is good against a {other_best}", "line.sequences.best")].startswith(
        "{Best}, bonne "
    )


def _french():
    return read_po(io.StringIO(catalog_path("fr").read_text(encoding="utf-8")))


def test_the_french_catalog_reads_the_same_with_babel_and_with_ours() -> None:
    theirs = _french()
    ours = our_read_po(catalog_path("fr").read_text(encoding="utf-8"))
    singular = {
        key(m.id, m.context): m.string for m in theirs if m.id and m.string and not m.pluralizable
    }
    plural = {key(m.id[0], m.context): tuple(m.string) for m in theirs if m.pluralizable}
    assert ours.messages == singular
    assert ours.plurals == plural


def test_babels_checkers_pass_on_the_french_catalog() -> None:
    """Python-format placeholders match, every plural has all its forms."""
    theirs = _french()
    assert theirs.num_plurals == 2
    problems = []
    for message in theirs:
        if not message.id:
            continue
        for check in (checkers.num_plurals, checkers.python_format):
            try:
                check(theirs, message)
            except Exception as exc:  # TranslationError
                problems.append(f"{message.id!r}: {exc}")
    assert problems == []


def _fields(text: str) -> set[str]:
    """The `{fields}` of a template, by their plain name: "{Best}" is "best",
    French "{de_name}", "{que_other}", "{le_rank}", "{a_role}" (elided "de",
    "que", "le", "à") are "name", "other", "rank", "role"."""
    names = set()
    for _, name, _, _ in string.Formatter().parse(text):
        if name:
            for prefix in ("de_", "que_", "le_", "a_"):
                name = name.removeprefix(prefix)
            names.add(name[:1].lower() + name[1:])
    return names


def test_every_french_message_has_the_fields_of_its_english_id() -> None:
    theirs = _french()
    wrong = []
    for message in theirs:
        if not message.id or not message.string:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set().union(*(_fields(i) for i in ids))
        for text in strings:
            if _fields(text) - wanted:
                wrong.append(f"{message.context or ''} {message.id!r}: {text!r}")
    assert wrong == []


def test_words_ask_the_catalog_for_plurals_and_contexts() -> None:
    words = Words("fr")
    assert words.plural("{n} trick", "{n} tricks", 0) == "0 pli"
    assert words.plural("{n} trick", "{n} tricks", 1) == "1 pli"
    assert words.plural("{n} trick", "{n} tricks", 2) == "2 plis"
    english = Words("en")
    assert english.plural("{n} trick", "{n} tricks", 1) == "1 trick"
    assert english.plural("{n} trick", "{n} tricks", 0) == "0 tricks"
    assert english.context("line.sets.best", "{Best} is good", Best="Trio") == "Trio is good"
