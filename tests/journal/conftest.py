"""Shared fixtures of the journal tests; makes the helper modules beside them importable."""

from __future__ import annotations

import sys
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
