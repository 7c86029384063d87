"""`piquet kiosk` as a process (offscreen): what it reads before its window,
and where it starts without a home folder (issues 8 and 9).

Each run writes its screen to PIQUET_KIOSK_DUMP (kiosk/app.py) and is read
from there: the rotation and text size it drew with, the texts of Settings.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from journal import Journal

pytestmark = pytest.mark.slow


def kiosk(
    tmp_path: Path, *args: str, env: dict[str, str], taps: str = "", umask: int | None = None
) -> subprocess.Popen:
    dump = tmp_path / "screen.json"
    dump.unlink(missing_ok=True)
    full = dict(
        env,
        SDL_VIDEODRIVER="offscreen",
        KIVY_NO_ARGS="1",
        KIVY_NO_CONFIG="1",
        KIVY_NO_FILELOG="1",
        KIVY_LOG_LEVEL="warning",
        PIQUET_KIOSK_DUMP=str(dump),
        PIQUET_KIOSK_TAPS=taps,
    )
    for key in ("NOTIFY_SOCKET", "WATCHDOG_USEC", "DISPLAY", "WAYLAND_DISPLAY", "KIVY_HOME"):
        full.pop(key, None)
    return subprocess.Popen(
        [sys.executable, "-m", "piquet", "kiosk", "--windowed", *args],
        env=full,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        preexec_fn=None if umask is None else (lambda: os.umask(umask)),
    )


def screen(tmp_path: Path, proc: subprocess.Popen, check=lambda d: True, limit: float = 60) -> dict:
    """The first dump, once the start-up taps are done, that passes `check`."""
    dump = tmp_path / "screen.json"
    end = time.monotonic() + limit
    try:
        while time.monotonic() < end:
            assert proc.poll() is None, proc.stderr.read().decode()[-3000:]
            if dump.exists():
                data = json.loads(dump.read_text(encoding="utf-8"))
                if data.get("ready") and check(data):
                    return data
            time.sleep(0.1)
        raise AssertionError(dump.read_text() if dump.exists() else "no screen")
    finally:
        proc.kill()
        proc.wait(10)


def a_journal(folder: Path) -> Path:
    db = folder / "journal.sqlite3"
    with Journal.open(db) as journal:
        journal.new_partie(["Anne", "Bruno"], "Bruno")
    return db


def desktop(tmp_path: Path) -> dict[str, str]:
    """A desktop without GPIO: no pin factory named, the config in tmp_path/config."""
    env = dict(os.environ, XDG_CONFIG_HOME=str(tmp_path / "config"))
    env.pop("GPIOZERO_PIN_FACTORY", None)
    return env


def test_the_config_files_display_section_is_drawn_and_an_old_side_file_does_not_hide_it(tmp_path):
    (tmp_path / "config" / "piquet-table").mkdir(parents=True)
    (tmp_path / "config" / "piquet-table" / "config.toml").write_text(
        "[display]\nrotation = 90\ntext_scale = 1.4\n", encoding="utf-8"
    )
    db = a_journal(tmp_path)
    Path(f"{db}.kiosk.json").write_text('{"lang": null, "text_scale": 1.0}', encoding="utf-8")
    proc = kiosk(
        tmp_path, "--db", str(db), "--lang", "fr", env=desktop(tmp_path), taps="home,settings"
    )
    shown = screen(tmp_path, proc, lambda d: any("GPIO" in t for t in d["texts"]))
    assert (shown["rotation"], shown["text_scale"]) == (90, 1.4)
    # the table opened after the first frame, and says so in French
    assert (
        "Les boutons des joueurs sont hors service\u202f: cette machine n'a pas de broches "
        "GPIO. Touchez l'écran à la place."
    ) in shown["texts"]
    assert not any("pin factory" in t for t in shown["texts"])


def test_the_command_line_wins_over_the_config_file(tmp_path):
    (tmp_path / "config" / "piquet-table").mkdir(parents=True)
    (tmp_path / "config" / "piquet-table" / "config.toml").write_text(
        "[display]\nrotation = 90\ntext_scale = 1.4\n", encoding="utf-8"
    )
    db = a_journal(tmp_path)
    proc = kiosk(
        tmp_path, "--db", str(db), "--rotation", "180", "--text-scale", "1.2", env=desktop(tmp_path)
    )
    shown = screen(tmp_path, proc)
    assert (shown["rotation"], shown["text_scale"]) == (180, 1.2)


def test_the_kiosk_starts_without_a_home_folder_and_says_where_the_journal_went(tmp_path):
    state = tmp_path / "state" / "piquet-table"
    env = desktop(tmp_path)
    env.update(HOME=str(tmp_path / "nowhere"), STATE_DIRECTORY=str(state))
    env.pop("XDG_DATA_HOME", None)
    proc = kiosk(tmp_path, "--lang", "en", env=env, taps="settings", umask=0)
    shown = screen(tmp_path, proc)
    assert shown["screen"] == "settings"
    assert any(
        t.startswith(
            f"Journal: {state / 'journal.sqlite3'}\n$HOME ({tmp_path}/nowhere) "
            f"does not exist: the journal is kept in $STATE_DIRECTORY ({state})."
        )
        for t in shown["texts"]
    ), shown["texts"]
    assert (state / "journal.sqlite3").exists()
    assert state.stat().st_mode & 0o777 == 0o700  # made by the journal, whatever the umask
    assert not (tmp_path / "nowhere").exists()
