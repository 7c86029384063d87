"""A guided deal does not take over a partie in progress (issue 20, 3.2).

In the trial, "Play a guided deal" went straight to the new partie's pages;
the guided partie became the journal's current one and, after a restart, the
kiosk opened on it instead of the Normand game the table was playing. Now Learn
first says, in words, that a partie is in progress and offers to finish it or
to set it aside; after a restart the kiosk opens on the partie the players
were last at. Real taps on a real (offscreen) window.
"""

from __future__ import annotations

from pathlib import Path

from journal import Journal
from kiosk.presenter import KioskState, Presenter
from tests.kiosk.test_table_state_ui import button, touch, use
from tests.kiosk.window import pump, texts


def kiosk(db: Path) -> Presenter:
    """The kiosk as `piquet kiosk --db` opens it: the journal and its side file."""
    return Presenter(Journal.open(db), state=KioskState(db.with_name(db.name + ".kiosk.json")))


def normand(db: Path) -> tuple[Presenter, int]:
    """A kiosk opened on a Normand game in progress (Anne, Ben and Cleo)."""
    journal = Journal.open(db)
    partie = journal.new_multi_partie("normand", ["Anne", "Ben", "Cleo"], "Cleo")
    journal.close()
    return kiosk(db), partie


def guided_tap(app, p: Presenter) -> None:
    p.open_learn()
    pump()
    assert app.sm.current == "learn"
    touch(app, "guided_partie")


def done(app, *kiosks: Presenter) -> None:
    use(app, Presenter(Journal.open(":memory:")))
    for p in kiosks:
        p.journal.close()


def test_with_a_partie_in_progress_learn_asks_before_a_guided_deal(app, tmp_path):
    p, partie = normand(tmp_path / "j.sqlite3")
    use(app, p)
    playing = app.sm.current
    assert playing not in ("home", "learn")
    guided_tap(app, p)
    assert app.sm.current == "learn"  # no new partie's pages yet
    said = " ".join(texts(app))
    assert "A partie is in progress: Anne, Ben and Cleo." in said
    assert button(app, "finish_partie_first").opacity == 1
    assert p.journal.current_partie() == partie
    assert len(p.journal.history()) == 1

    touch(app, "finish_partie_first")
    assert app.sm.current == playing
    assert p.journal.current_partie() == partie
    done(app, p)


def test_set_aside_the_guided_partie_starts_and_after_a_restart_the_last_partie_opens(
    app, tmp_path
):
    db = tmp_path / "j.sqlite3"
    p, normand_id = normand(db)
    use(app, p)
    playing = app.sm.current
    guided_tap(app, p)
    touch(app, "set_aside_and_guide")
    assert app.sm.current == "new_names"
    assert p.draft.guided
    p.draft.names = ["Dan", "Eve"]
    p.names_done()
    p.rules_done()
    p.set_first_dealer(0)
    p.start_partie()
    guided_id = p.journal.current_partie()
    assert guided_id != normand_id and p.is_guided()
    p.journal.close()

    # a restart while the players are at the guided deal: it opens on it
    p = use(app, kiosk(db))
    assert p.journal.current_partie() == guided_id and p.is_guided()
    assert app.sm.current == "deal"

    # they take the Normand game up again from History; a restart opens on it
    p.go("history")
    p.view_partie(normand_id)
    pump()
    touch(app, "take_up")
    assert app.sm.current == playing
    p.journal.close()
    p = use(app, kiosk(db))
    assert p.journal.current_partie() == normand_id
    assert app.sm.current == playing
    done(app, p)


def test_without_a_partie_in_progress_the_guided_deal_starts_at_once(app, tmp_path):
    p = use(app, Presenter(Journal.open(tmp_path / "j.sqlite3")))
    guided_tap(app, p)
    assert app.sm.current == "new_names"
    assert p.draft.guided
    assert not any("in progress" in t for t in texts(app))
    done(app, p)
