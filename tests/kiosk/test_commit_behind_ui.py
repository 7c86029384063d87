"""A tap's commit runs beside the making of its frame (journal/committer.py),
and the frame is only drawn and flipped once the commit is done
(`PiquetApp._settle`): one that fails is never shown. The kiosk's real
window, in a child process (commit_behind_child.py), as the fault is made by a
limit on the whole process's file writes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

CHILD = Path(__file__).with_name("commit_behind_child.py")


def run_child(path: Path, fault: str) -> dict:
    done = subprocess.run(
        [sys.executable, str(CHILD), str(path), fault],
        env=dict(os.environ, SDL_VIDEODRIVER="offscreen"),
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_tap_whose_commit_fails_is_never_shown_and_the_screen_says_why(tmp_path):
    out = run_child(tmp_path / "journal.sqlite3", "fails")
    assert out["flips_of_the_tap's_frame"] == 0  # the frame of the failed tap: not shown
    assert out["flips_after"] >= 1  # the next frames are
    before, after = out["texts_before"], out["texts_after"]
    assert "Trick 4\n3 tricks played" in before
    # the message's reserved place says why; everything else is as before the tap
    assert after[0] == "The journal could not be written (a disk error): nothing was saved."
    assert after[1:] == before[1:]
    assert out["actions_before"] == out["actions_after"] == out["actions_stored"]


def test_a_tap_whose_commit_holds_is_shown_in_its_own_frame(tmp_path):
    out = run_child(tmp_path / "journal.sqlite3", "holds")
    assert out["flips_of_the_tap's_frame"] == 1
    assert "Trick 5\n4 tricks played" in out["texts_after"]
    assert out["actions_after"] == out["actions_stored"] == out["actions_before"] + 1
