"""The journal's troubles and the table's state in a real Kivy window (offscreen),
driven by real touches: the alert in its reserved line, no button offered that
would write while nothing can be saved, a refused tap said where it was made,
the journal watched every second, the hardware opened after the first frame.

One app for the module, a fresh presenter for each test (as tests/kiosk/test_ui.py).
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from journal import Journal
from kiosk.presenter import Presenter
from kiosk.screenshots import journal_with_actions_aside
from scorer import score_record

pytestmark = pytest.mark.slow

PLAY = ["cb-done", "ex-done", *["nothing"] * 6]


def pump(frames: int = 4) -> None:
    from kivy.base import EventLoop

    for _ in range(frames):
        EventLoop.idle()


def pump_for(seconds: float) -> None:
    """Run the app's loop (and its clock: the journal's watch) for that long."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pump(1)


def use(app, p: Presenter) -> Presenter:
    app.set_presenter(p)
    pump()
    return p


def texts(app) -> list[str]:
    from kiosk.app import walk_texts

    return walk_texts(app.sm.current_screen)


def button(app, key: str):
    from kiosk.app import find_key

    widget = find_key(app.sm.current_screen, key)
    assert widget is not None, (key, app.sm.current_screen.name, texts(app))
    return widget


def touch(app, key: str) -> None:
    """A real touch at the centre of the button, enabled or not."""
    from kiosk.app import tap

    tap(button(app, key))
    pump()


def done(app, p: Presenter) -> None:
    """The test's journal closed, once the app shows another."""
    use(app, Presenter(Journal.open(":memory:")))
    p.journal.close()


def in_play(db: Path, **kw) -> Presenter:
    p = Presenter(Journal.open(db), **kw)
    p.journal.new_partie(["Anne", "Bruno"], "Bruno")
    p.resume()
    for key in PLAY:
        p.answer(key)
    return p


def shown_totals(app) -> list[str]:
    t = texts(app)
    i = t.index("–")
    return [t[i - 1], t[i + 1]]


def test_a_read_only_journal_shows_its_alert_and_offers_nothing_that_writes(app, tmp_path):
    db = tmp_path / "journal.sqlite3"
    in_play(db).journal.close()
    p = use(app, Presenter(Journal.open(db, read_only=True), lang="fr"))
    assert app.sm.current == "deal"
    assert "Journal en lecture seule\u202f: rien n'est enregistré." in texts(app)
    for key in ("won-a", "won-b", "undo", "redo"):
        assert button(app, key).disabled, key
    actions = p.journal.actions()
    touch(app, "won-a")
    assert p.journal.actions() == actions and len(actions) == len(PLAY)
    assert not button(app, "home").disabled and not button(app, "sheet").disabled
    touch(app, "home")
    assert app.sm.current == "home"
    assert "Journal en lecture seule\u202f: rien n'est enregistré." in texts(app)
    assert button(app, "new").disabled and not button(app, "resume").disabled
    touch(app, "settings")
    assert any(
        "Il ne peut pas être écrit\u202f: le journal est ouvert en lecture seule." in t
        for t in texts(app)
    )
    done(app, p)


def one_tap(p: Presenter) -> str:
    """The key of the next tap of a deal: a trick, a "go on" answer, or the next deal."""
    if p.screen == "end_of_deal":
        return "next_deal"
    if p.view().get("play"):
        return "won-a"
    keys = [o.key for o in p.session.play._current_options() if o.action is not None]
    return next(k for k in ("cb-done", "ex-done", "nothing", "done") if k in keys)


def test_no_answer_of_the_declarations_is_offered_on_a_read_only_journal(app, tmp_path):
    from kivy.uix.behaviors import ButtonBehavior

    db = tmp_path / "journal.sqlite3"
    with Journal.open(db) as journal:
        journal.new_partie(["Anne", "Bruno"], "Bruno")
    p = use(app, Presenter(Journal.open(db, read_only=True)))
    keys = {
        w.key: w.disabled
        for w in app.sm.current_screen.walk(restrict=True)
        if isinstance(w, ButtonBehavior) and getattr(w, "key", "")
    }
    assert {"cb-elder", "cb-younger", "cb-done", "home", "sheet"} <= set(keys)
    assert [k for k, disabled in keys.items() if not disabled] == ["home", "sheet"]
    done(app, p)


def test_a_tap_on_a_full_disk_is_refused_where_it_was_made(app, tmp_path):
    db = tmp_path / "journal.sqlite3"
    p = use(app, in_play(db))
    conn = p.journal.inner._store._conn
    conn.execute(f"PRAGMA max_page_count = {conn.execute('PRAGMA page_count').fetchone()[0]}")
    for _ in range(400):  # quick taps, without drawing, until the last page is full
        key, actions = one_tap(p), p.journal.actions()
        if key == "next_deal":
            p.next_deal()
        elif key == "won-a":
            p.trick_won(0)
        else:
            p.answer(key)
        if p.journal.actions() == actions:
            break
    p.message = ""
    app.refresh()
    pump()
    screen, totals = app.sm.current, shown_totals(app)
    touch(app, key)  # the same tap, on the screen: refused there
    assert p.journal.actions() == actions
    assert "The disk is full: that tap was not saved." in texts(app)
    assert (app.sm.current, shown_totals(app)) == (screen, totals)
    assert not button(app, key).disabled  # it goes on: the tap may be tried again
    done(app, p)


def test_a_journal_deleted_under_the_kiosk_is_noticed_within_a_second(app, tmp_path):
    db = tmp_path / "journal.sqlite3"
    p = use(app, in_play(db))
    touch(app, "won-b")
    actions = p.journal.actions()
    for suffix in ("", "-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    pump_for(1.5)  # the app's watch looks every second
    assert "The journal file is gone: nothing is saved." in texts(app)
    for key in ("won-a", "won-b", "undo"):
        assert button(app, key).disabled, key
    touch(app, "won-a")
    assert p.journal.actions() == actions and not db.exists()
    touch(app, "home")
    touch(app, "settings")
    touch(app, "reopen")  # a new journal at the same path
    assert "The journal is open again." in texts(app)
    touch(app, "back")
    assert not button(
        app, "new"
    ).disabled and "The journal file is gone: nothing is saved." not in texts(app)
    assert db.exists()
    done(app, p)


def test_a_partie_with_actions_kept_aside_says_so_on_its_screens(app, tmp_path):
    p = use(app, Presenter(Journal.open(journal_with_actions_aside(tmp_path))))
    assert app.sm.current == "deal"
    assert "Actions kept aside: see Settings." in texts(app)
    assert not button(app, "won-a").disabled  # it plays on from before them
    touch(app, "won-a")
    assert len(p.journal.actions()) > 0
    assert shown_totals(app) == [
        str(score_record(p.journal.record())["totals"][n]) for n in ("Anne", "Bruno")
    ]
    touch(app, "home")
    assert "Actions kept aside: see Settings." in texts(app)
    done(app, p)


def test_a_long_press_on_the_home_screen_says_why_it_undid_nothing(app, tmp_path):
    from hardware.button_events import SEAT_A, UndoHold

    p = use(app, in_play(tmp_path / "journal.sqlite3"))
    touch(app, "won-a")
    actions = p.journal.actions()
    touch(app, "home")
    touch(app, "history")
    p.button(UndoHold(SEAT_A, time.monotonic()))
    pump()
    assert app.sm.current == "history" and p.journal.actions() == actions
    assert "Holding a button undoes only during a deal: nothing was undone." in texts(app)
    done(app, p)


def test_the_table_opens_only_after_the_first_frame(app):
    from kivy.clock import Clock
    from kivy.core.window import Window

    from piquet.kiosk_command import AfterFirstFrame

    frames: list[int] = []
    opened: list[int] = []
    count = Window.fbind("on_flip", lambda *_: frames.append(1))
    hardware = AfterFirstFrame(Window, Clock, lambda: opened.append(len(frames)) or "table")
    assert opened == []  # not on the start-up path
    for _ in range(3):
        Window.canvas.ask_update()  # a frame to draw
        pump(2)
    Window.unbind_uid("on_flip", count)
    assert opened and opened[0] >= 1  # once, after a frame was on the screen
    assert len(opened) == 1 and hardware.result == "table"
