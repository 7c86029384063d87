"""`piquet print --db` prints a partie in the language it was played in, kept by the
journal, even after the table's language changed; then the table's; then English."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from journal import Journal
from kiosk.session import KioskState
from tests.hardware.test_print_command import piquet

ENGLISH_TITLE, FRENCH_TITLE = "Rubicon Piquet", "Piquet à rubicon"


@pytest.fixture
def quick(tmp_path: Path) -> dict[str, str]:
    """The environment of a table whose printer needs no print-head wait."""
    config = tmp_path / "config" / "piquet-table"
    config.mkdir(parents=True)
    (config / "config.toml").write_text(
        "[printer]\nline_time_ms = 0\nstatus_timeout_s = 0.3\nready_wait_s = 0.5\n",
        encoding="utf-8",
    )
    return {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config")}


def _table(db: Path, lang: str) -> None:
    """The kiosk's side file beside the journal, as the kiosk writes it."""
    state = KioskState(db.with_name(db.name + ".kiosk.json"))
    state.data["lang"] = lang
    state.save()


def _played(journal: Journal, lang: str | None) -> int:
    """A short finished rubicon (six entered deals), started in `lang`."""
    partie = journal.new_partie(["Anne", "Ben"], "Ben", lang=lang)
    for number in range(6):
        if number:
            journal.act({"next_deal": True})
        journal.act({"entered": {"elder": 40, "younger": 10}})
    return partie


def _title(db: Path, partie: int, fake_printer, decode, env, *more: str) -> str:
    """The first line of the sheet `piquet print --db` prints (the printer keeps
    every byte it received: this sheet's are after those before)."""
    before = len(fake_printer.received(timeout=0))
    args = ["print", "--db", str(db), "--partie", str(partie), "--port", fake_printer.port]
    run = piquet(*args, *more, env=env)
    assert (run.returncode, run.stderr) == (0, "")
    return decode(fake_printer.received(at_least=before + 300)[before:])[0]


def test_a_partie_played_in_french_prints_in_french_after_the_table_turned_english(
    tmp_path, quick, fake_printer, decode
) -> None:
    db = tmp_path / "journal.sqlite3"
    with Journal.open(db) as journal:
        french = _played(journal, "fr")
    _table(db, "en")  # the table's language changed since
    assert _title(db, french, fake_printer, decode, quick) == FRENCH_TITLE


def test_a_partie_played_in_english_prints_in_english_at_a_french_table(
    tmp_path, quick, fake_printer, decode
) -> None:
    db = tmp_path / "journal.sqlite3"
    with Journal.open(db) as journal:
        english = _played(journal, "en")
    _table(db, "fr")
    assert _title(db, english, fake_printer, decode, quick) == ENGLISH_TITLE
    assert _title(db, english, fake_printer, decode, quick, "--lang", "fr") == FRENCH_TITLE


def test_a_partie_of_no_known_language_prints_in_the_tables_then_in_english(
    tmp_path, quick, fake_printer, decode
) -> None:
    db = tmp_path / "journal.sqlite3"
    with Journal.open(db) as journal:
        unknown = _played(journal, None)  # as `piquet new` starts one
    assert _title(db, unknown, fake_printer, decode, quick) == ENGLISH_TITLE
    _table(db, "fr")
    assert _title(db, unknown, fake_printer, decode, quick) == FRENCH_TITLE
