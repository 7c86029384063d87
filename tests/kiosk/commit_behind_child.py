"""The kiosk's real window (offscreen) on a journal file, a trick tapped while
the file can or cannot be written; run by test_commit_behind_ui.py.

    python tests/kiosk/commit_behind_child.py JOURNAL fails|holds

Every sync counts as slow, so that each tap's commit is handed over (where
the disk is fast, the journal commits at once: journal/committer.py). A
partie is brought to its play, three tricks in. Then, with `fails`, the
process may no longer write past a file's first byte (RLIMIT_FSIZE, its signal
ignored), as a disk that fails its writes: the next trick tap is checked and
written in its transaction, and its commit, left under way beside the frame
(journal/committer.py), fails. Then one frame is made, the limit is lifted,
and a few more. The window's real flips are counted (`Window.flip`, which
Kivy's default `on_flip` calls). Prints one JSON line.
"""

from __future__ import annotations

import json
import resource
import signal
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.kivy_child import kivy_settings  # noqa: E402  (once the checkout is on the path)

kivy_settings(log_level="error")


def main(path: str, fault: str) -> None:
    from journal import Journal, committer
    from kiosk.presenter import Presenter
    from piquet.kiosk_command import configure_kivy

    committer.SLOW_SYNC_S, committer.SAMPLES = 0.0, 1  # every sync counts as slow
    configure_kivy(False)
    from kivy.base import EventLoop, runTouchApp, stopTouchApp
    from kivy.core.window import Window

    from kiosk.app import PiquetApp, find_key, tap, walk_texts

    def frames(count: int) -> None:
        for _ in range(count):
            EventLoop.idle()

    p = Presenter(Journal.open(path), lang="en")
    app = PiquetApp(p)
    app._run_prepare()
    runTouchApp(embedded=True)
    p.journal.new_partie(["Anne", "Bruno"], "Bruno")
    p.resume()
    for key in ("cb-done", "ex-done", *["nothing"] * 6):
        p.answer(key)
    for seat in (0, 1, 0):
        p.trick_won(seat)
    frames(8)
    flips: list[int] = []
    real_flip = Window.flip

    def counted() -> None:
        flips.append(1)
        real_flip()

    Window.flip = counted
    out: dict[str, object] = {"texts_before": walk_texts(app.sm.current_screen)}
    out["actions_before"] = len(p.journal.actions())
    button = find_key(app.sm.current_screen, "won-a")
    assert button is not None
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    if fault == "fails":
        resource.setrlimit(resource.RLIMIT_FSIZE, (1, hard))  # every write past byte 1 fails
    try:
        tap(button)
        frames(1)
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
    out["flips_of_the_tap's_frame"] = len(flips)
    frames(6)
    out["flips_after"] = len(flips)
    out["texts_after"] = walk_texts(app.sm.current_screen)
    out["actions_after"] = len(p.journal.actions())
    app.stop()
    stopTouchApp()
    with Journal.open(path, read_only=True) as reader:
        out["actions_stored"] = len(reader.actions())
    print(json.dumps(out))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
