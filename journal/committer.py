"""A commit made on a thread of its own while the caller goes on.

SQLite's COMMIT syncs the journal's log to the disk (`synchronous = FULL`):
half a millisecond on a desktop's disk, milliseconds on a Pi's SD card.
The kiosk may hand it over once the action has been checked and written
inside the write transaction, make the frame that shows the action
meanwhile, and wait for the commit before that frame is drawn
(`SqliteStore.settle`, `Journal.settle`). So the tap costs the longer of the
two, not their sum.

It does so only where the disk's syncs are slow (`worth_it`): the median
of the last SAMPLES commits made at once is SLOW_SYNC_S or more. One in
REMEASURE_EVERY is still made at once, to keep the measure up to date.

The thread runs on the caller's core. A sync blocks the thread and leaves
the core to the caller; and on a virtual machine, waking a thread on an idle
core, or a core idle through a sync, costs a few tenths of a millisecond
each time (here: a sync made at once after the frame's sleep took 0.47 ms,
0.12 ms back to back; a hand-over to the other core cost 0.4 ms).

The thread uses the connection only between `hand` and `wait`; the store
lets nothing else use it meanwhile. `hand` returns once the thread has begun
the commit: SQLite's call lets go of Python's lock while it syncs, so the
caller's work runs beside the sync (without the wait, the thread could not
start before the caller next let go of the lock, and the sync would only
begin when the caller waited for it). The thread is asked and answers with
plain locks, not Python's conditions: a hand-over is a few microseconds of
Python, not tens.
"""

from __future__ import annotations

import ctypes
import os
import sqlite3
import threading
import time
from collections.abc import Callable

THREAD_NAME = "journal-commit"
# a commit is handed over only where the disk's syncs are slow: the median of
# the last SAMPLES commits made on the caller's thread is SLOW_SYNC_S or more.
# A hand-over and the wait for it cost the caller 0.2-0.3 ms here (a two-core
# virtual machine, whose disk's syncs take 0.5 ms after the frame's sleep); on
# an SD card a sync takes milliseconds.
SLOW_SYNC_S = 0.0003
SAMPLES = 5
REMEASURE_EVERY = 25


def _cpu_reader() -> Callable[[], int] | None:
    """Linux's `sched_getcpu` (the core the calling thread runs on), from the C
    library the process has loaded already; None where it cannot be had
    (another system, one core only)."""
    cores = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else set()
    if len(cores) < 2:
        return None
    try:
        getcpu = ctypes.CDLL(None).sched_getcpu
    except (OSError, AttributeError):
        return None
    getcpu.restype, getcpu.argtypes = ctypes.c_int, []
    return lambda: int(getcpu())


class Committer:
    """One connection's COMMIT at a time, on one thread (started at the first)."""

    def __init__(self) -> None:
        self._job: sqlite3.Connection | None = None
        # held while there is nothing to do; let go to give the thread a job (or its end)
        self._asked = threading.Lock()
        self._asked.acquire()
        self._started = threading.Lock()  # let go by the thread once the commit is begun
        self._started.acquire()
        self._done = threading.Event()
        self._done.set()
        self._error: BaseException | None = None
        self._thread: threading.Thread | None = None
        # how to read the caller's core (looked up with the thread), and the
        # core the thread was last put on
        self._cpu: Callable[[], int] | None = None
        self._with = -1
        self._syncs: list[float] = []  # the last commits made here, in seconds
        self._handed = 0  # commits handed over since the last one made here

    def worth_it(self) -> bool:
        """Whether the next commit should be handed over (see SLOW_SYNC_S)."""
        if len(self._syncs) < SAMPLES or self._handed >= REMEASURE_EVERY:
            return False
        return sorted(self._syncs)[SAMPLES // 2] >= SLOW_SYNC_S

    def commit_here(self, conn: sqlite3.Connection) -> None:
        """`conn`'s COMMIT on the caller's thread, timed for `worth_it`."""
        start = time.perf_counter()
        conn.execute("COMMIT")
        self._syncs = [*self._syncs, time.perf_counter() - start][-SAMPLES:]
        self._handed = 0

    @property
    def busy(self) -> bool:
        """A commit was handed over and not yet waited for."""
        return not self._done.is_set()

    def hand(self, conn: sqlite3.Connection) -> None:
        """Begin `conn`'s COMMIT on the thread; returns once it has begun.
        One at a time: the caller waits for the last one first."""
        if self.busy:
            raise RuntimeError("a commit is still being made: wait for it first")
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name=THREAD_NAME, daemon=True)
            self._thread.start()
            self._cpu = _cpu_reader()
        self._keep_with(self._thread)
        self._handed += 1
        self._error = None
        self._done.clear()
        self._job = conn
        self._asked.release()
        self._started.acquire()

    def _keep_with(self, thread: threading.Thread) -> None:
        """The thread runs on the caller's core (see the module's notes): set
        again only when the caller has moved to another core."""
        if self._cpu is None or thread.native_id is None:
            return
        cpu = self._cpu()
        if cpu == self._with:
            return
        try:
            os.sched_setaffinity(thread.native_id, {cpu})
        except OSError:
            self._cpu = None  # (not allowed here: left to the system)
            return
        self._with = cpu

    def wait(self) -> BaseException | None:
        """Wait for the commit handed over (if any); the error it raised, if it failed."""
        self._done.wait()
        error, self._error = self._error, None
        return error

    def close(self) -> None:
        """Wait for the last commit, then end the thread."""
        self._done.wait()
        thread, self._thread = self._thread, None
        if thread is not None:
            self._job = None
            self._asked.release()
            thread.join()

    def _run(self) -> None:
        while True:
            self._asked.acquire()
            conn, self._job = self._job, None
            if conn is None:
                return
            self._started.release()
            try:
                # (not execute("COMMIT"): that lets go of Python's lock more
                # than once before the sync, and the caller, once it has the
                # lock, keeps it until it waits; `commit` lets go once, for
                # SQLite's whole COMMIT)
                conn.commit()
            except BaseException as error:  # handed back to whoever waits for it
                self._error = error
            finally:
                self._done.set()
