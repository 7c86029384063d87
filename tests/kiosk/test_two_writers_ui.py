"""Two writers on one journal file: the kiosk in a real window (offscreen) and
`piquet` run as another process (issue 9, items 1 and 10).

The kiosk shows the play; `piquet undo` and `piquet act` change the file under
it. Its next tap, decided on a screen that is no longer true, is refused in a
sentence and the screen then shows the file's state; `piquet new` from outside
shows on the kiosk within a few of its one-second looks at the journal, and
the kiosk's taps go to that new partie.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from journal import Journal
from kiosk.presenter import Presenter
from scorer import score_record

pytestmark = pytest.mark.slow

PLAY = ["cb-done", "ex-done", *["nothing"] * 6]


def pump(frames: int = 4) -> None:
    from kivy.base import EventLoop

    for _ in range(frames):
        EventLoop.idle()


def texts(app) -> list[str]:
    from kiosk.app import walk_texts

    return walk_texts(app.sm.current_screen)


def touch(app, key: str) -> None:
    from kiosk.app import find_key, tap

    widget = find_key(app.sm.current_screen, key)
    assert widget is not None and not widget.disabled, (key, texts(app))
    tap(widget)
    pump()


def piquet(db: Path, *args: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "piquet", *args, "--db", str(db)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr


def on_file(db: Path) -> tuple[list, dict]:
    """The file's own actions and score, read by another connection."""
    with Journal.open(db, read_only=True) as look:
        return look.actions(), score_record(look.record())


def shown(app) -> dict[str, int]:
    t = texts(app)
    i = t.index("–")
    return {t[i - 2].split(" (")[0]: int(t[i - 1]), t[i + 2].split(" (")[0]: int(t[i + 1])}


def wait_for(app, check, limit: float = 10.0) -> float:
    """Run the app (and its one-second watch) until `check()`; the seconds it took."""
    began = time.monotonic()
    while time.monotonic() - began < limit:
        pump(1)
        if check():
            return time.monotonic() - began
    raise AssertionError(f"never: {texts(app)}")


def test_the_kiosk_and_the_command_line_on_one_journal(app, tmp_path):
    db = tmp_path / "journal.sqlite3"
    p = Presenter(Journal.open(db))
    p.journal.new_partie(["Anne", "Bruno"], "Bruno")
    p.resume()
    app.set_presenter(p)
    pump()
    for key in [*PLAY, "won-a", "won-b", "won-a"]:
        touch(app, key)
    kiosk_actions = p.journal.actions()
    assert on_file(db)[0] == kiosk_actions

    # another writer takes back the kiosk's last trick and enters another
    piquet(db, "undo")
    piquet(db, "act", '{"trick": "Y"}')
    theirs, score = on_file(db)
    assert theirs == [*kiosk_actions[:-1], {"trick": "Y"}]
    touch(app, "won-a")  # decided on the screen before their change: refused
    assert "The journal changed meanwhile: nothing was saved. Look, then tap again." in texts(app)
    assert on_file(db)[0] == theirs  # nothing of the kiosk's was written
    assert p.journal.actions() == theirs
    assert shown(app) == score["totals"]  # the screen shows the file's state
    touch(app, "won-a")  # decided on the screen as it is now: taken
    assert on_file(db)[0] == [*theirs, {"trick": "E"}]

    # the command line acts while the kiosk only shows the play: seen within a second
    piquet(db, "act", '{"trick": "E"}')
    wait_for(
        app, lambda: "The journal was changed by another program: this is it now." in texts(app)
    )
    assert shown(app) == on_file(db)[1]["totals"]

    # a new partie from outside: the kiosk shows it within a few looks
    piquet(db, "new", "--players", "Cleo", "Dan", "--first-dealer", "Dan")
    took = wait_for(app, lambda: any(t.startswith("Cleo") for t in texts(app)))
    assert took < 5 and app.sm.current == "deal"
    touch(app, "cb-done")
    with Journal.open(db, read_only=True) as look:
        assert look.record()["players"] == ["Cleo", "Dan"]
        assert look.actions() == [{"say": "done"}]
    app.set_presenter(Presenter(Journal.open(":memory:")))
    p.journal.close()
