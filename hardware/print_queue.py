"""A print queue with its own worker thread, so the game never waits.

`submit(job)` returns at once; the worker prints the jobs one by one through
an injected `print_job` function (see `printing.serial_job_printer`). A job
that fails is kept, and `retry()` sends the kept jobs again. Every change is
reported to the injected `notify` callable as a `QueueStatus`; the kiosk
passes a function that hands it to the Kivy main thread with
`Clock.schedule_once`, since `notify` is called on the worker thread ("queued"
on the thread that calls `submit`).
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from hardware.errors import (
    PaperOut,
    PortLost,
    PortUnavailable,
    PrinterError,
    PrinterOffline,
    PrinterSilent,
)
from hardware.sheet import SheetLine

State = Literal["queued", "printing", "printed", "failed"]
Reason = Literal["paper-out", "offline", "no-printer", "port-lost", "error"]


@dataclass(frozen=True)
class PrintJob:
    title: str
    lines: tuple[SheetLine, ...]


@dataclass(frozen=True)
class QueueStatus:
    state: State
    message: str
    job: PrintJob
    reason: Reason | None = None  # set when state is "failed"


def _reason(error: BaseException) -> Reason:
    if isinstance(error, PaperOut):
        return "paper-out"
    if isinstance(error, PrinterOffline):
        return "offline"
    if isinstance(error, PortUnavailable | PrinterSilent):
        return "no-printer"
    if isinstance(error, PortLost):
        return "port-lost"
    return "error"


class PrintQueue:
    def __init__(
        self,
        print_job: Callable[[PrintJob], None],
        notify: Callable[[QueueStatus], None] = lambda status: None,
    ) -> None:
        self._print_job = print_job
        self._notify = notify
        self._jobs: queue.Queue[PrintJob | None] = queue.Queue()
        self._lock = threading.Lock()
        self._kept: list[PrintJob] = []
        self._pending = 0
        self._idle = threading.Condition(self._lock)
        self._worker = threading.Thread(target=self._run, name="print-queue", daemon=True)
        self._worker.start()

    @property
    def kept(self) -> tuple[PrintJob, ...]:
        """Jobs that failed and wait for `retry()`."""
        with self._lock:
            return tuple(self._kept)

    def submit(self, job: PrintJob) -> None:
        """Queue a job and return at once."""
        with self._lock:
            self._pending += 1
        self._jobs.put(job)
        self._notify(QueueStatus("queued", f"{job.title}: waiting to print", job))

    def retry(self) -> int:
        """Queue the kept jobs again; returns how many."""
        with self._lock:
            jobs, self._kept = self._kept, []
        for job in jobs:
            self.submit(job)
        return len(jobs)

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Wait until every submitted job has printed or failed."""
        with self._idle:
            return self._idle.wait_for(lambda: self._pending == 0, timeout)

    def close(self, timeout: float | None = 5.0) -> None:
        """Stop the worker after the jobs already queued."""
        self._jobs.put(None)
        self._worker.join(timeout)

    def _run(self) -> None:
        while (job := self._jobs.get()) is not None:
            self._notify(QueueStatus("printing", f"Printing {job.title}...", job))
            try:
                self._print_job(job)
            except Exception as exc:  # the worker must survive anything
                with self._lock:
                    self._kept.append(job)
                message = str(exc) if isinstance(exc, PrinterError) else (
                    f"Printing failed ({type(exc).__name__}: {exc}). The job is kept.")
                self._notify(QueueStatus("failed", message, job, _reason(exc)))
            else:
                self._notify(QueueStatus("printed", f"Printed {job.title}.", job))
            finally:
                with self._idle:
                    self._pending -= 1
                    self._idle.notify_all()
