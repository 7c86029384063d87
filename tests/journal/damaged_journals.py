"""Damaged journals for the tests, made from a journal the test makes (no database
files are committed): text that is not UTF-8 put into the schema, a page of an
index broken. (Random bits flipped: `tests.cli.fuzzing.flip_bits`.)"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from journal import Journal


def settled(path: Path) -> bytes:
    """The journal's bytes with everything in the main file (no -wal beside it)."""
    conn = sqlite3.connect(path)
    try:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.execute("PRAGMA journal_mode = DELETE")
    finally:
        conn.close()
    return path.read_bytes()


def small_journal(path: Path, parties: int = 3, actions: int = 25) -> bytes:
    """A journal of a few parties (one in play) as bytes: the first of each test's copies."""
    from journal_helpers import play_random_partie

    with Journal.open(path) as journal:
        for seed in range(parties):
            play_random_partie(journal, f"damaged-{seed}", "rubicon", actions)
    return settled(path)


def bad_schema_text(data: bytes, where: str = "name") -> bytes:
    """The schema's text made not UTF-8: a byte 0xFF in the table `schema_version`'s
    name in `sqlite_master` ("name": SQLite still opens the file, as it found it
    in 6 of 200 flipped journals), or in the text of its CREATE statement ("sql")."""
    damaged = bytearray(data)
    if where == "name":
        at = data.index(b"tableschema_version") + len("tablesch")
    else:
        at = data.index(b"CREATE TABLE schema_version") + len("CREATE TABLE sch")
    damaged[at] = 0xFF
    return bytes(damaged)


def broken_index(path: Path) -> bytes:
    """The journal's bytes with an index's page overwritten: `PRAGMA quick_check`
    fails while the tables themselves still read."""
    data = settled(path)
    conn = sqlite3.connect(path)
    try:
        page_size = conn.execute("PRAGMA page_size").fetchone()[0]
        root = conn.execute(
            "SELECT rootpage FROM sqlite_master WHERE type = 'index' AND name = ?",
            ("figures_by_player",),
        ).fetchone()[0]
    finally:
        conn.close()
    damaged = bytearray(data)
    start = (root - 1) * page_size
    damaged[start + 8 : start + page_size] = bytes([0x5A]) * (page_size - 8)
    return bytes(damaged)


def version_not_a_number(path: Path) -> bytes:
    """The journal's bytes with its schema version not a number (a flipped bit in its
    cell's type made it NULL in the larger fuzzing run; NOT NULL keeps SQL from writing
    that, so text here): a table that reads, a value that cannot be the journal's."""
    data = settled(path)
    copy = path.with_name(path.name + ".version")
    copy.write_bytes(data)
    conn = sqlite3.connect(copy)
    try:
        conn.execute("UPDATE schema_version SET version = 'five'")
        conn.commit()
    finally:
        conn.close()
    damaged = settled(copy)
    copy.unlink()
    return damaged


def renamed_column(path: Path) -> bytes:
    """The journal's bytes with a column's name changed in the schema's text (the
    larger fuzzing run flipped a bit in `aside`'s "reason"): the file still passes
    `PRAGMA quick_check`, and the journal's statements meet "no such column"."""
    data = settled(path)
    copy = path.with_name(path.name + ".renamed")
    copy.write_bytes(data)
    conn = sqlite3.connect(copy)
    try:
        conn.execute("PRAGMA writable_schema = ON")
        conn.execute(
            "UPDATE sqlite_master SET sql = replace(sql, 'reason TEXT', 'reasom TEXT') "
            "WHERE name = 'aside'"
        )
        conn.commit()
    finally:
        conn.close()
    damaged = copy.read_bytes()
    copy.unlink()
    return damaged
