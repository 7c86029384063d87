"""Room in the journal's log (its -wal), written ahead in a still moment.

A commit appends its pages to the -wal and syncs it (`synchronous=FULL`).
Where the pages land past the file's end, the file grows, and the sync must
also write the file's new size and blocks (on ext4, a commit of the
filesystem's own journal). Over blocks the -wal already has, the sync writes
the pages alone: one-page commits by sqlite3 alone took 0.12-0.14 ms at the
median here instead of 0.17-0.23, and, while another process wrote and synced
on the same disk, 0.14-0.16 instead of 0.21-0.26 ms (2.6-2.8 ms at p99
instead of 3.8-4.1; docs/performance.md, round two, eighth pass). After a
checkpoint, SQLite writes the -wal again from its start, so a -wal that is
long enough is never grown by a tap.

`make_room` writes zeros past the -wal's end, up to `LOG_ROOM_BYTES`, on a
connection that holds the write lock meanwhile (no commit can append at the
same moment), then syncs them once the lock is given back. SQLite reads a
-wal's frames from its start up to the first that is not valid (its salt and
checksum must follow from those before): zeros past the last frame are read
as nothing, as the frames left from before a restart already are. Nothing of
the journal changes, and a power cut while they are written leaves the same
journal (tests/journal/test_log_room.py).
"""

from __future__ import annotations

import os
import sqlite3
from contextlib import suppress
from pathlib import Path

from journal import damage

# what a deal's commits write between two still moments is ~150-200 KiB (its
# tricks and its end; a frame is a 4 KiB page and 24 bytes): twice that, with room
LOG_ROOM_BYTES = 512 * 1024
ZEROS_BYTES = 64 * 1024  # written a piece at a time: no passing half-MiB in the peak


def make_room(conn: sqlite3.Connection, wal: Path) -> bool:
    """The -wal `wal` of the journal open on `conn` (in WAL mode, without a
    busy timeout; its path as SQLite names it, the journal's path resolved)
    made at least LOG_ROOM_BYTES long, with zeros past its end.
    False, and nothing done, when it is long enough, when another connection
    is writing (another still moment will come), or when there is no -wal
    (it is never created here)."""
    try:
        conn.execute("BEGIN IMMEDIATE")  # the write lock: no commit appends meanwhile
    except damage.SQLITE_ERRORS:
        return False
    try:
        fd = os.open(wal, os.O_WRONLY)  # (not inherited: Python's default)
    except OSError:
        _give_back(conn)
        return False
    try:
        try:
            size = os.fstat(fd).st_size
            if size >= LOG_ROOM_BYTES:
                return False
            zeros = bytes(ZEROS_BYTES)
            while size < LOG_ROOM_BYTES:
                size += os.pwrite(fd, zeros[: LOG_ROOM_BYTES - size], size)
        finally:
            _give_back(conn)
        # synced once the lock is given back: a tap meanwhile does not wait for it
        getattr(os, "fdatasync", os.fsync)(fd)
        return True
    except OSError:  # a full card: the -wal stays as it was, or a little longer
        return False
    finally:
        os.close(fd)


def _give_back(conn: sqlite3.Connection) -> None:
    """The write lock given back (the transaction wrote nothing)."""
    with suppress(*damage.SQLITE_ERRORS):
        conn.execute("ROLLBACK")
