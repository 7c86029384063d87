"""The journal's troubles at the kiosk (issue 9, items 1, 2, 6, 10 and 12), without Kivy.

A read-only journal, a full disk, a journal file deleted under the kiosk, a
partie with actions kept aside and another writer's change: each is said in
a sentence of the kiosk's language, every refused tap leaves the journal as
it was (its file byte for byte), and the kiosk goes on.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest

from journal import Journal
from kiosk import presenter as pm
from kiosk.i18n import catalog
from kiosk.journal_guard import REASONS, REFUSALS
from kiosk.presenter import KioskState, Presenter
from kiosk.screenshots import journal_with_actions_aside
from scorer import score_record

PLAY = ["cb-done", "ex-done", *["nothing"] * 6]


def in_play(db: Path, **kw) -> Presenter:
    """A kiosk on the journal file `db` with a partie in the play (three tricks)."""
    p = Presenter(Journal.open(db), **kw)
    p.journal.new_partie(["Anne", "Bruno"], "Bruno")
    p.resume()
    for key in PLAY:
        p.answer(key)
    for seat in (0, 1, 0):
        p.trick_won(seat)
    assert p.screen == pm.DEAL and p.view()["play"]
    return p


def digest(db: Path) -> str:
    """The journal's bytes: its file and its -wal beside it."""
    h = hashlib.sha256()
    for path in (db, Path(f"{db}-wal")):
        h.update(path.read_bytes() if path.exists() else b"-")
    return h.hexdigest()


def shown(p: Presenter) -> dict:
    """What the deal screen shows, without the message line."""
    view = p.view()
    return {k: v for k, v in view.items() if k != "message"}


# ----- a read-only journal -----------------------------------------------------


def test_a_read_only_journal_is_shown_and_every_tap_is_refused_in_words(tmp_path):
    db = tmp_path / "journal.sqlite3"
    in_play(db).journal.close()
    before = digest(db)
    p = Presenter(Journal.open(db, read_only=True), lang="fr")
    assert p.screen == pm.DEAL and p.view()["play"]
    assert p.view()["alert"] == "Journal en lecture seule\u202f: rien n'est enregistré."
    assert not p.writable() and p.view()["can_undo"] is False
    seen = shown(p)
    for tap in (lambda: p.trick_won(0), p.undo, p.redo, lambda: p.answer("throw-in-elder")):
        tap()
        assert shown(p) == seen
    p.trick_won(1)
    assert p.message == "Le journal est en lecture seule\u202f: rien ne peut être enregistré."
    p.undo()
    assert p.message == "Le journal est en lecture seule\u202f: rien ne peut être enregistré."
    p.go(pm.SETTINGS)
    journal = p.view()["journal"]
    assert f"Journal\u202f: {db}" in journal
    assert "Il ne peut pas être écrit\u202f: le journal est ouvert en lecture seule." in journal
    p.journal.close()
    assert digest(db) == before


def test_the_kiosk_opens_a_journal_it_cannot_write_for_reading_and_says_why(tmp_path, monkeypatch):
    from journal import disk
    from piquet.kiosk_command import open_journal

    db = tmp_path / "journal.sqlite3"
    in_play(db).journal.close()
    monkeypatch.setattr(
        disk, "why_not_writable", lambda path: f"the folder {tmp_path} is read-only"
    )
    journal, note = open_journal(str(db))
    assert journal.read_only and note is None
    p = Presenter(journal, lang="fr")
    assert p.screen == pm.DEAL
    p.go(pm.SETTINGS)
    assert (
        f"Il ne peut pas être écrit\u202f: le dossier {tmp_path} est en lecture seule."
        in p.view()["journal"]
    )
    journal.close()


def test_the_choices_of_the_side_file_survive_a_folder_that_cannot_be_written(tmp_path):
    p = Presenter(Journal.open(":memory:"), state=KioskState(tmp_path / "none" / "k.json"))
    p.set_lang("fr")
    p.cycle_text_size()
    assert (p.lang, p.text_scale) == ("fr", 1.2)  # kept until the kiosk stops


# ----- a full disk --------------------------------------------------------------


def fill_the_disk(p: Presenter) -> None:
    """The journal's connection may not grow the file by one more page."""
    conn = p.journal.inner._store._conn
    conn.execute(f"PRAGMA max_page_count = {conn.execute('PRAGMA page_count').fetchone()[0]}")


def one_tap(p: Presenter) -> None:
    """The next tap of a deal: a trick, a "go on" answer, or the next deal."""
    if p.screen == pm.END_OF_DEAL:
        p.next_deal()
    elif p.view().get("play"):
        p.trick_won(0)
    else:
        keys = [o.key for o in p.session.play._current_options() if o.action is not None]
        p.answer(next(k for k in ("cb-done", "ex-done", "nothing", "done") if k in keys))


def test_a_tap_on_a_full_disk_is_refused_and_the_screen_shows_the_state_before(tmp_path):
    db = tmp_path / "journal.sqlite3"
    p = in_play(db, lang="fr")
    fill_the_disk(p)
    for _ in range(400):  # until the file needs a page it may not have
        actions, seen, before = p.journal.actions(), shown(p), digest(db)
        one_tap(p)
        if p.journal.actions() == actions:
            break
    else:
        pytest.fail("the disk never filled")
    assert p.message == "Le disque est plein\u202f: rien n'a été enregistré."
    assert shown(p) == seen and digest(db) == before
    conn = p.journal.inner._store._conn
    conn.execute("PRAGMA max_page_count = 1000000")  # room again: the kiosk goes on
    one_tap(p)
    assert len(p.journal.actions()) == len(actions) + 1 and p.message == ""


def test_a_quick_entry_refused_on_a_full_disk_leaves_the_journal_as_it_was(tmp_path):
    db = tmp_path / "journal.sqlite3"
    p = Presenter(Journal.open(db))
    p.journal.new_partie(["Anne", "Bruno"], "Bruno")
    p.journal.act({"entry": "totals"})
    p.resume()
    fill_the_disk(p)
    for _ in range(60):
        actions = p.journal.actions()
        first = p.view()["elder_field"]
        p.quick_field(first)
        p.quick_digit("9")
        p.quick_field(1 - first)
        p.quick_digit("4")
        p.quick_enter()
        if p.journal.actions() == actions:
            break
        if p.screen == pm.SHEET:  # finished: another
            p.journal.new_partie(["Anne", "Bruno"], "Bruno")
            p.journal.act({"entry": "totals"})
            p.resume()
    else:
        pytest.fail("the disk never filled")
    assert p.message == "The disk is full: that tap was not saved."
    assert p.screen == pm.QUICK


# ----- the journal file deleted or replaced ---------------------------------------


def test_a_journal_deleted_under_the_kiosk_acknowledges_nothing_more(tmp_path):
    db = tmp_path / "journal.sqlite3"
    p = in_play(db)
    actions = p.journal.actions()
    db.unlink()
    p.trick_won(1)  # the write notices: nothing was saved
    assert p.message == "The journal file is gone: nothing more can be saved."
    assert p.journal.actions() == actions and not db.exists()
    assert p.view()["alert"] == "The journal file is gone: nothing is saved."
    assert not p.writable() and p.view()["can_undo"] is False
    for tap in (lambda: p.trick_won(0), p.undo, p.redo):
        tap()
        assert p.message == "The journal file is gone: nothing more can be saved."
    assert not db.exists()  # nothing was written anywhere
    p.go(pm.SETTINGS)
    assert p.view()["can_reopen"] is True
    assert (
        "The journal file was deleted while the kiosk was running: nothing more can be "
        "saved. Open it again to go on."
    ) in p.view()["journal"]
    p.reopen_journal()  # a new journal at the same path: the table can go on
    assert p.writable() and p.message == "The journal is open again."
    assert p.current() is None and db.exists()


def test_a_tap_looks_at_the_journal_file_once_before_its_commit(tmp_path, monkeypatch):
    """The guard's look for another writer before a tap's write leaves the file to
    the write itself, which looks at it before its commit (the test above: a
    deleted file takes nothing): one look per trick, not two."""
    db = tmp_path / "journal.sqlite3"
    p = in_play(db)
    store = p.journal.inner._store
    looks = []
    check = store.check_file
    monkeypatch.setattr(store, "check_file", lambda: looks.append(1) or check())
    p.trick_won(0)
    assert len(looks) == 1 and len(p.journal.actions()) == len(PLAY) + 4


def test_the_kiosk_notices_a_replaced_journal_within_its_watch(tmp_path):
    db = tmp_path / "journal.sqlite3"
    p = in_play(db, lang="fr")
    other = tmp_path / "other.sqlite3"
    with Journal.open(other) as j:
        j.new_partie(["Cleo", "Dan"], "Dan")
    other.replace(db)  # e.g. a restore while the kiosk runs
    p.watch_journal()
    assert p.message == "Le fichier du journal a disparu\u202f: rien n'est enregistré."
    assert p.view()["alert"] == p.message
    p.trick_won(0)
    assert p.message == "Le fichier du journal a disparu\u202f: plus rien ne peut être enregistré."
    p.go(pm.SETTINGS)
    assert (
        "Le fichier du journal a été remplacé par un autre pendant que la table "
        "fonctionnait\u202f: plus rien ne peut être enregistré."
    ) in p.view()["journal"]
    # its old -wal is still beside the path, and SQLite would read it over the new
    # file: no "open it again" here (the journal has to set such a -wal aside first)
    assert p.view()["can_reopen"] is False


# ----- actions kept aside ----------------------------------------------------------


def test_a_partie_with_actions_kept_aside_says_so_with_that_partie(tmp_path):
    db = journal_with_actions_aside(tmp_path)
    p = Presenter(Journal.open(db), lang="fr")
    assert p.screen == pm.DEAL
    assert p.view()["notice"] == "Actions mises de côté\u202f: voir Réglages."
    p.go(pm.HOME)
    assert p.view()["notice"] == "Actions mises de côté\u202f: voir Réglages."
    p.go(pm.SETTINGS)
    assert re.search(
        r"Partie 1\u202f: 2 actions de cette partie sont mises de côté\u202f: les règles "
        r"les ont refusées \(à partir de l'action \d+\)\. La partie est montrée "
        r"telle qu'elle était avant\.",
        p.view()["journal"],
    )
    p.journal.new_partie(["Cleo", "Dan"], "Dan")  # another partie has nothing to say
    p.resume()
    assert p.view()["notice"] == ""
    p.view_partie(1)
    assert p.view()["notice"] == "Actions mises de côté\u202f: voir Réglages."


# ----- another writer ----------------------------------------------------------------


def test_a_tap_after_another_writers_change_is_refused_and_the_view_read_again(tmp_path):
    db = tmp_path / "journal.sqlite3"
    p = in_play(db)
    with Journal.open(db) as other:  # `piquet undo` then `piquet act` from elsewhere
        other.undo(recheck=True)
        other.act({"trick": "Y"}, recheck=True)
        theirs = other.actions()
    p.trick_won(0)
    assert p.message == ("The journal changed meanwhile: nothing was saved. Look, then tap again.")
    assert p.journal.actions() == theirs
    assert p.view()["header"]["totals"] == [
        str(score_record(p.journal.record())["totals"][n]) for n in ("Anne", "Bruno")
    ]
    p.trick_won(0)  # decided on the screen as it is now: taken
    assert p.journal.actions() == [*theirs, {"trick": "E"}]


def test_the_watch_shows_another_writers_new_partie_and_taps_go_to_it(tmp_path):
    db = tmp_path / "journal.sqlite3"
    p = in_play(db)
    p.watch_journal()
    assert p.message == ""  # nothing changed: nothing said
    with Journal.open(db) as other:
        other.new_partie(["Cleo", "Dan"], "Dan")
    p.watch_journal()
    assert p.message == "The journal was changed by another program: this is it now."
    assert p.screen == pm.DEAL and p.seats() == ["Cleo", "Dan"]
    p.answer("cb-done")
    with Journal.open(db, read_only=True) as look:
        assert look.record()["players"] == ["Cleo", "Dan"]
        assert look.actions() == [{"say": "done"}]


def test_undo_says_why_it_did_nothing():
    p = Presenter(Journal.open(":memory:"))
    p.undo()
    assert p.message == "No partie is in play."
    p.journal.new_partie(["Anne", "Bruno"], "Bruno")
    p.resume()
    p.undo()
    assert p.message == "Nothing to undo."
    p.redo()
    assert p.message == "Nothing to redo."


# ----- the words ------------------------------------------------------------------------


def test_every_sentence_about_the_journal_has_its_french():
    fr = catalog("fr")
    messages = [*REFUSALS.values(), *(message for _pattern, message in REASONS)]
    missing = [m for m in messages if m not in fr]
    assert missing == []
    for message in messages:
        assert set(re.findall(r"{(\w+)}", message)) == set(re.findall(r"{(\w+)}", fr[message]))
