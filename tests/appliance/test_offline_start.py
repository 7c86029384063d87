"""`./scripts/run` starts the kiosk with no package index reachable, once set up.

Set-up (scripts/setup, which ./scripts/test runs first) may use the network;
starting must not. pip is pointed at a closed local port with every pip
config file ignored (no local wheel folders either), HTTP proxies too, and,
where the kernel lets us, the run has no network at all (`unshare -rn`). The
kiosk counts as started when it sends READY=1 on a fake NOTIFY_SOCKET: its
first frame is drawn.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from appliance_helpers import REPO, NotifySocket, child_env

pytestmark = pytest.mark.slow

CLOSED = "http://127.0.0.1:9"  # the discard port: nothing listens there


def no_network_prefix() -> list[str]:
    """`unshare -rn` (a network namespace with only a downed loopback) when allowed here."""
    unshare = shutil.which("unshare")
    if unshare and subprocess.run([unshare, "-rn", "true"], capture_output=True).returncode == 0:
        return [unshare, "-rn"]
    return []


def offline_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = child_env(
        PIP_CONFIG_FILE=os.devnull,
        PIP_INDEX_URL=f"{CLOSED}/simple",
        PIP_RETRIES="0",
        PIP_DEFAULT_TIMEOUT="3",
        http_proxy=CLOSED,
        https_proxy=CLOSED,
        HTTP_PROXY=CLOSED,
        HTTPS_PROXY=CLOSED,
        XDG_DATA_HOME=str(tmp_path / "data"),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        **extra,
    )
    for key in ("PIP_FIND_LINKS", "PIP_EXTRA_INDEX_URL", "PIP_CONSTRAINT", "PIP_NO_INDEX"):
        env.pop(key, None)
    return env


@pytest.fixture(scope="module")
def set_up() -> None:
    """The set-up, as ./scripts/test has just done it (a no-op then; network allowed)."""
    done = subprocess.run(
        [str(REPO / "scripts" / "setup"), "--test"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, done.stderr[-2000:]


def test_setup_once_done_needs_no_network(set_up, tmp_path):
    done = subprocess.run(
        [*no_network_prefix(), str(REPO / "scripts" / "setup"), "--test"],
        cwd=REPO,
        env=offline_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout == "" and "pip" not in done.stderr


def test_a_blocked_index_does_stop_pip(tmp_path):
    """The blocking is real: pip itself cannot install anything under it."""
    done = subprocess.run(
        [
            *no_network_prefix(),
            str(REPO / ".venv" / "bin" / "python"),
            "-m",
            "pip",
            "download",
            "--no-deps",
            "-d",
            str(tmp_path),
            "six",
        ],
        env=offline_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode != 0
    assert list(tmp_path.glob("six*")) == []


def test_scripts_run_starts_the_kiosk_with_no_index_reachable(set_up, tmp_path):
    notify = NotifySocket(tmp_path / "notify")
    # no DISPLAY: scripts/run chooses full screen, on the offscreen driver given here
    env = offline_env(tmp_path, SDL_VIDEODRIVER="offscreen", NOTIFY_SOCKET=str(notify.path))
    proc = subprocess.Popen(
        [*no_network_prefix(), str(REPO / "scripts" / "run")],
        cwd=REPO,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        started = notify.wait_for("READY=1\nSTATUS=The table is on screen.", 120)
        still_running = proc.poll() is None
    finally:
        proc.kill()
        output = proc.communicate(timeout=30)[0]
        notify.close()
    assert started, output[-3000:]
    assert still_running
    assert (tmp_path / "data" / "piquet-table" / "journal.sqlite3").exists()
