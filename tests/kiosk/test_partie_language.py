"""The kiosk starts each partie in its language, and the journal keeps it with the
partie: switching the table's language later does not change a partie's."""

from __future__ import annotations

from journal import Journal
from kiosk.presenter import Presenter
from tests.kiosk.test_multi_presenter import new_game
from tests.kiosk.test_presenter import start


def test_a_partie_started_in_french_stays_french_after_the_table_switches():
    p = Presenter(Journal.open(":memory:"), lang="fr")
    start(p)
    first = p.journal.current_partie()
    p.set_lang("en")
    start(p, names=("Cleo", "Dan"))
    second = p.journal.current_partie()
    assert first != second
    assert (p.journal.played_in(first), p.journal.played_in(second)) == ("fr", "en")


def test_a_game_of_three_or_more_keeps_its_language_too():
    p = new_game("normand", ["Anne", "Bruno", "Cleo"], lang="fr")
    assert p.journal.record()["format"] == "piquet-record/2"
    assert p.journal.played_in() == "fr"
