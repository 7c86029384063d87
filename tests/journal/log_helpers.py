"""A whole deal played on a journal, and the size of its log (-wal), for the tests
of checkpoints and of the log's room."""

from __future__ import annotations

from pathlib import Path

from journal import Journal


def play_deal(journal: Journal) -> None:
    """Twelve tricks and Next deal (carte blanche and the exchange already passed)."""
    for trick in range(12):
        journal.act({"trick": "E" if trick % 3 else "Y"})
    journal.act({"next_deal": True})


def wal_size(db_path: Path) -> int:
    return Path(f"{db_path}-wal").stat().st_size
