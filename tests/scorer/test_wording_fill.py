"""A score line's template filled with only the fields it names
(`scorer.wording.fill`) reads exactly as with every value's forms worked out
(`fields`: the elided French "de_", "que_", "le_", "a_" and the capitalised
ones), for every template of both languages and any values."""

from __future__ import annotations

from string import Formatter

from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.multi.wording import MULTI
from scorer.wording import LINES, fields, fill
from vocabulary import Words

NAMES = st.sampled_from(["Anne", "Hélène", "le premier", "les joueurs", "Yves", "Ben", "14"])


def templates() -> list[str]:
    out = []
    for lang in ("en", "fr"):
        words = Words(lang)
        out += [words.table(LINES, key) for key in LINES.messages]
        out += [words.table(MULTI, key) for key in MULTI.messages]
    return out


TEMPLATES = templates()


def plain_names(template: str) -> set[str]:
    """The values a template needs, without their forms' prefixes or capitals."""
    out = set()
    for _text, name, _spec, _conv in Formatter().parse(template):
        if not name:
            continue
        name = name[:1].lower() + name[1:]
        for prefix in ("de_", "que_", "le_", "a_"):
            name = name.removeprefix(prefix)
        out.add(name)
    return out


@settings(max_examples=300)
@given(st.sampled_from(TEMPLATES), st.data())
def test_fill_reads_as_every_field_worked_out(template: str, data: st.DataObject) -> None:
    values = {name: data.draw(NAMES) for name in plain_names(template)}
    assert fill(template, values) == template.format(**fields(values))


def test_the_templates_are_many_and_use_the_forms() -> None:
    assert len(TEMPLATES) > 150
    assert any("{de_" in t for t in TEMPLATES) and any("{Best}" in t for t in TEMPLATES)
