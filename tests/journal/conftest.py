"""Shared fixtures of the journal tests; makes the helper modules beside them importable."""

from __future__ import annotations

import ctypes
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from journal import Journal  # noqa: E402


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "journal.sqlite3"


@pytest.fixture
def journal(db_path: Path):
    with Journal.open(db_path) as opened:
        yield opened


# Capabilities that let root ignore file modes (linux/capability.h).
CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER = 1, 2, 3
PR_CAPBSET_DROP = 24


def _drop_mode_overrides() -> None:
    """In the child, before exec: root gives up the capabilities that bypass file modes.

    Dropped from the bounding set, they are gone after exec, so the command runs as
    root bound by the modes of the files it owns. Needs only CAP_SETPCAP (Docker's
    default set has it), not CAP_SYS_ADMIN.
    """
    libc = ctypes.CDLL(None, use_errno=True)
    for cap in (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER):
        if libc.prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP) failed")


class Unprivileged:
    """Runs commands bound by file modes: as root without the capabilities that bypass
    them (root ignores modes, and CI runs as root in a container without
    CAP_SYS_ADMIN, so no read-only mount), or as the user running the tests."""

    def __init__(self) -> None:
        self.root = os.geteuid() == 0
        self.folders: list[Path] = []

    def folder(self) -> Path:
        folder = Path(tempfile.mkdtemp(prefix="piquet-ro-"))
        self.folders.append(folder)
        return folder

    def run(self, args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
        env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
        more = {"preexec_fn": _drop_mode_overrides} if self.root else {}
        return subprocess.run(
            args, capture_output=True, text=True, timeout=60, cwd=cwd, env=env, **more
        )

    def piquet(self, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
        return self.run([sys.executable, "-m", "piquet", *args], cwd)

    def python(self, cwd: Path, code: str, *args: str) -> subprocess.CompletedProcess[str]:
        return self.run([sys.executable, "-c", code, *args], cwd)

    def cleanup(self) -> None:
        for folder in self.folders:
            for item in [folder, *folder.rglob("*")]:
                if item.is_dir():
                    item.chmod(0o700)
            shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def unprivileged():
    runner = Unprivileged()
    probe = runner.folder()
    (probe / "locked").write_text("")
    (probe / "locked").chmod(0o444)
    code = "import journal, piquet.cli; open('locked', 'a')"
    try:
        said = runner.python(probe, code).stderr
    except (OSError, subprocess.SubprocessError) as error:  # no CAP_SETPCAP
        said = str(error)
    if "PermissionError: [Errno 13]" not in said:
        runner.cleanup()
        pytest.skip(f"cannot run bound by file modes here: {said[-300:]}")
    yield runner
    runner.cleanup()
