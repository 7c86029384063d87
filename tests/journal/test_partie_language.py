"""The journal keeps the language each partie is played in (schema 7), beside
the partie and never in its record, so its sheet prints in that language after
the table's changed."""

from __future__ import annotations

import json
import sqlite3

from journal import Journal
from journal.schema import MIGRATIONS, SCHEMA_VERSION
from journal.sqlite_store import SqliteStore
from tests.conftest import EXAMPLES

RECORD_KEYS = {"format", "game", "variants", "players", "first_dealer", "deals"}


def test_a_partie_keeps_the_language_it_started_in_after_the_file_is_opened_again(tmp_path):
    db = tmp_path / "j.sqlite3"
    with Journal.open(db) as journal:
        french = journal.new_partie(["Anne", "Ben"], "Ben", lang="fr")
        journal.act({"trick": "E"})
        english = journal.new_partie(["Anne", "Ben"], "Anne", lang="en")
        unknown = journal.new_partie(["Anne", "Ben"], "Ben")
        group = journal.new_multi_partie("normand", ["A", "B", "C"], "A", lang="fr")
        assert journal.played_in() == "fr"  # the current partie's
    with Journal.open(db, read_only=True, create=False) as reading:
        assert [reading.played_in(p) for p in (french, english, unknown, group)] == [
            "fr",
            "en",
            None,
            "fr",
        ]
        assert set(reading.record(french)) == RECORD_KEYS  # the record has no new field
    conn = sqlite3.connect(db)
    stored = dict(conn.execute("SELECT id, lang FROM parties").fetchall())
    conn.close()
    assert stored == {french: "fr", english: "en", unknown: None, group: "fr"}


def test_a_journal_in_memory_keeps_it_too_and_an_import_knows_none():
    margin = json.loads((EXAMPLES / "seed000-margin.json").read_text(encoding="utf-8"))
    with Journal.open(":memory:") as journal:
        played = journal.new_partie(["Anne", "Ben"], "Ben", lang="fr")
        imported = journal.import_record(margin["record"])
        assert (journal.played_in(played), journal.played_in(imported)) == ("fr", None)


def test_a_schema_6_journal_moves_to_7_its_parties_in_no_known_language(tmp_path):
    db = tmp_path / "j.sqlite3"
    with Journal(SqliteStore.open(db, MIGRATIONS[:6])) as old:  # as schema 6 left it
        before = old.new_partie(["Anne", "Ben"], "Ben")
        old.act({"trick": "Y"})
    with Journal.open(db, read_only=True, create=False) as reading:  # read as it is
        assert reading.played_in(before) is None
    assert SqliteStore.open(db, read_only=True).version() == 6
    with Journal.open(db) as journal:  # writable: migrated
        assert journal.played_in(before) is None
        assert journal.record(before)["deals"][0]["tricks"] == "Y"
        after = journal.new_partie(["Anne", "Ben"], "Anne", lang="fr")
        assert journal.played_in(after) == "fr"
    assert SqliteStore.open(db, read_only=True).version() == SCHEMA_VERSION == 7
