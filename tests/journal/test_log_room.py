"""Room in the journal's log, written ahead at a checkpoint (journal/log_room.py):
the commits that follow write over blocks the -wal already has, and the zeros
past its frames are read as nothing, after a power cut too."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

from log_helpers import play_deal, wal_size

from journal import Journal
from journal.log_room import LOG_ROOM_BYTES, make_room


def test_after_a_checkpoint_a_whole_deal_is_written_without_growing_the_log(db_path):
    with Journal.open(db_path) as journal:
        journal.new_partie(["Anne", "Ben"], "Ben")
        journal.checkpoint()
        assert wal_size(db_path) == LOG_ROOM_BYTES
        sizes = set()
        for _ in range(2):  # the first deal, and the next once a screen changed
            for trick in range(12):
                journal.act({"trick": "E" if trick % 3 else "Y"})
                sizes.add(wal_size(db_path))
            journal.act({"next_deal": True})
            sizes.add(wal_size(db_path))
            journal.checkpoint()
        assert sizes == {LOG_ROOM_BYTES}


def test_the_zeros_are_read_as_nothing_after_a_power_cut(db_path, tmp_path):
    with Journal.open(db_path) as journal:
        journal.new_partie(["Anne", "Ben"], "Ben")
        play_deal(journal)
        journal.checkpoint()
        journal.act({"trick": "E"})  # in the -wal only, before the zeros
        journal.act({"trick": "Y"})
        said = (journal.actions(), journal.record(), journal.score())
        # the power cut: the file and its -wal as they are on the card, no -shm
        cut = tmp_path / "cut"
        cut.mkdir()
        shutil.copyfile(db_path, cut / db_path.name)
        shutil.copyfile(f"{db_path}-wal", cut / f"{db_path.name}-wal")
    with Journal.open(cut / db_path.name) as after:
        assert (after.actions(), after.record(), after.score()) == said
        after.act({"trick": "E"})  # and the next tap is saved after them
        assert after.actions() == [*said[0], {"trick": "E"}]
    conn = sqlite3.connect(cut / db_path.name)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    finally:
        conn.close()


def test_no_room_is_made_while_another_connection_writes_and_none_waits(db_path):
    with Journal.open(db_path) as journal:
        journal.new_partie(["Anne", "Ben"], "Ben")
        journal.act({"trick": "E"})
        before = wal_size(db_path)
        other = sqlite3.connect(db_path, isolation_level=None, timeout=0)
        other.execute("BEGIN IMMEDIATE")
        conn = sqlite3.connect(db_path, isolation_level=None, timeout=0)
        wal = Path(f"{db_path}-wal")
        try:
            assert make_room(conn, wal) is False
            assert wal_size(db_path) == before
            other.execute("ROLLBACK")
            assert make_room(conn, wal) is True
            assert wal_size(db_path) == LOG_ROOM_BYTES
            assert make_room(conn, wal) is False  # long enough: left as it is
            assert not conn.in_transaction  # the write lock given back every time
        finally:
            conn.close()
            other.close()
        journal.act({"trick": "Y"})
        assert journal.actions() == [{"trick": "E"}, {"trick": "Y"}]
