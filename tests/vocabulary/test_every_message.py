"""Every message the engine's code asks for has its entry in every catalog, and
no catalog entry of an engine table is left over from an older wording."""

from __future__ import annotations

import importlib

import pytest

from vocabulary import LANGUAGES, catalog
from vocabulary.catalog import CONTEXT, key
from vocabulary.tables import TABLES

# The modules whose tables hold the engine's words (and the deal screen's).
MODULES = (
    "vocabulary.terms",
    "vocabulary.numbers",
    "scorer.wording",
    "scorer.multi.wording",
    "scorer.hints",
    "scorer.drills",
    "scorer.odds",
    "scorer.calls_words",
    "scorer.guide.words",
    "kiosk.screens.deal",
)
OTHER_LANGUAGES = [lang for lang in LANGUAGES if lang != "en"]


@pytest.fixture(scope="module")
def tables() -> dict:
    for name in MODULES:
        importlib.import_module(name)
    return dict(TABLES)


def test_the_tables_are_those_of_the_engine(tables: dict) -> None:
    assert set(tables) >= {"term", "number", "line", "multi", "hint", "drill", "odds", "call"}
    assert all(len(table) > 0 for table in tables.values())


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_every_message_of_every_table_has_its_entry(tables: dict, lang: str) -> None:
    entries = catalog(lang)
    missing = [
        f"{table.context(k)}: {table.english(k)!r}"
        for table in tables.values()
        for k in table
        if key(table.english(k), table.context(k)) not in entries
    ]
    assert missing == []


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_no_entry_of_a_table_is_left_over(tables: dict, lang: str) -> None:
    """An entry whose context names a table but whose English id the table no
    longer has is a translation of an old wording: it must be updated."""
    wanted = {key(t.english(k), t.context(k)) for t in tables.values() for k in t}
    stale = [
        entry
        for entry in catalog(lang)
        if CONTEXT in entry and entry.split(".", 1)[0] in tables and entry not in wanted
    ]
    assert stale == []
