"""A side file that cannot be written (issue 19): the kiosk keeps running with
the choice in memory, and the screen says so in its message place, in the
kiosk's language. The side file's folder is a regular file, so the write fails
even for root."""

from __future__ import annotations

import pytest

from journal import Journal
from kiosk.presenter import KioskState, Presenter
from kiosk.screens import HOME
from tests.kiosk.window import texts, use

UNSAVED_EN = "The kiosk's settings could not be saved: they last until the kiosk stops."
UNSAVED_FR = (
    "Les réglages du kiosque n'ont pas pu être enregistrés\u202f: "
    "ils valent jusqu'à l'arrêt du kiosque."
)


def _unwritable(tmp_path) -> KioskState:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the side file's folder should be\n", encoding="utf-8")
    return KioskState(blocker / "table.db.kiosk.json")


def test_the_side_file_alone_raises_its_write_failure(tmp_path):
    with pytest.raises(OSError):
        _unwritable(tmp_path).save()


def test_a_failed_save_is_said_in_the_message_place_and_the_choice_lasts(tmp_path):
    state = _unwritable(tmp_path)
    p = Presenter(Journal.open(":memory:"), state=state)
    before = p.text_scale
    p.cycle_text_size()
    assert p.view()["message"] == UNSAVED_EN
    assert p.text_scale > before  # kept in memory until the kiosk stops
    p.go(HOME)  # said once per failed write, not on every screen after
    assert p.view()["message"] == ""
    p.set_lang("fr")
    assert p.lang == "fr"
    assert p.view()["message"] == UNSAVED_FR


def test_a_written_side_file_says_nothing(tmp_path):
    p = Presenter(Journal.open(":memory:"), state=KioskState(tmp_path / "k.json"))
    p.cycle_text_size()
    assert p.view()["message"] == ""


def test_the_real_window_shows_the_failure_and_the_kiosk_runs_on(app, tmp_path):
    p = use(app, Presenter(Journal.open(":memory:"), state=_unwritable(tmp_path)))
    p.set_lang("fr")
    use(app, p)
    assert UNSAVED_FR in texts(app)
    p.set_lang("en")
    use(app, p)
    assert UNSAVED_EN in texts(app)
    assert UNSAVED_FR not in texts(app)
