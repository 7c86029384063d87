"""A print queue with its own worker thread, so the game never waits.

`submit(job)` returns at once; the worker prints the jobs one by one through
an injected `print_job` function (see `printing.serial_job_printer`).

- **Kept jobs.** A job that fails is kept, with the jobs behind it in the same
  batch. While jobs are kept, the worker asks the printer every
  `retry_every_s` seconds whether it is ready (the injected `probe`, a cheap
  DLE EOT status query, on the worker thread, never the caller's) and prints
  the kept jobs, in order, as soon as it is; a new job also sends the kept
  ones first. `retry()` does the same at once.
- **Print again.** `reprint_last()` prints the last printed sheet once more
  (or, when some are kept, tries the kept ones now).

Every change is reported to the injected `notify` callable as a
`QueueStatus` whose `news` (`hardware.news`) says it in words; the kiosk
passes a function that hands it to the Kivy main thread with
`Clock.schedule_once`, since `notify` is called on the worker thread
("queued" on the thread that calls `submit`).
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
from hardware.news import HardwareNews, news
from hardware.sheet import SheetLine

State = Literal["queued", "printing", "waiting", "printed", "failed", "kept", "retrying"]
Reason = Literal["paper-out", "offline", "no-printer", "port-lost", "error"]


@dataclass(frozen=True)
class PrintJob:
    title: str  # the players' names, e.g. "Anne – Ben": no word of any language
    lines: tuple[SheetLine, ...]


@dataclass(frozen=True)
class QueueStatus:
    """One piece of the queue's news.

    state: queued, printing, waiting (the printer is starting up), printed,
    failed (`reason` says why; the job is kept), kept (more jobs kept behind
    a failed one), retrying (the printer is back: the kept jobs are sent).
    `kept` is how many jobs are kept after this news.
    """

    state: State
    news: HardwareNews
    job: PrintJob
    reason: Reason | None = None
    kept: int = 0

    @property
    def message(self) -> str:
        """The news in English."""
        return self.news.text()


def reason_of(error: BaseException) -> Reason:
    if isinstance(error, PaperOut):
        return "paper-out"
    if isinstance(error, PrinterOffline):
        return "offline"
    if isinstance(error, PortUnavailable | PrinterSilent):
        return "no-printer"
    if isinstance(error, PortLost):
        return "port-lost"
    return "error"


def problem_of(error: BaseException) -> HardwareNews:
    """What went wrong, in words (a bug is "a fault in the program", never its text)."""
    return error.news if isinstance(error, PrinterError) else news("printer-fault")


_STOP = None


class PrintQueue:
    def __init__(
        self,
        print_job: Callable[[PrintJob], None],
        notify: Callable[[QueueStatus], None] = lambda status: None,
        *,
        probe: Callable[[], None] | None = None,
        retry_every_s: float = 3.0,
    ) -> None:
        self._print_job = print_job
        self._notify = notify
        self._probe = probe
        self.retry_every_s = retry_every_s
        self._jobs: queue.Queue[list[PrintJob] | None] = queue.Queue()
        self._lock = threading.Lock()
        self._kept: list[PrintJob] = []
        self._last: PrintJob | None = None
        self._pending = 0
        self._problem: str | None = None  # the code of the last failure reported
        self._idle = threading.Condition(self._lock)
        self._worker = threading.Thread(target=self._run, name="print-queue", daemon=True)
        self._worker.start()

    @property
    def kept(self) -> tuple[PrintJob, ...]:
        """Jobs that failed and wait for the printer."""
        with self._lock:
            return tuple(self._kept)

    @property
    def last_printed(self) -> PrintJob | None:
        with self._lock:
            return self._last

    def submit(self, job: PrintJob) -> None:
        """Queue a job and return at once."""
        with self._lock:
            self._pending += 1
            kept = len(self._kept)
        self._jobs.put([job])
        self._notify(QueueStatus("queued", news("print-queued", title=job.title), job, kept=kept))

    def retry(self) -> int:
        """Queue the kept jobs again now; returns how many."""
        jobs = self._take_kept()
        if jobs:
            self._jobs.put(jobs)
        return len(jobs)

    def reprint_last(self) -> PrintJob | None:
        """Print again: the kept jobs now if there are any, else the last printed
        sheet once more. Returns the last job concerned, or None when nothing
        was printed or kept yet."""
        kept = self.kept
        if kept and self.retry():
            return kept[-1]
        last = self.last_printed
        if last is not None:
            self.submit(last)
        return last

    def waiting(self, job: PrintJob) -> None:
        """Say that `job` waits for the printer to get ready (called by `print_job`)."""
        self._notify(QueueStatus("waiting", news("print-warming-up"), job))

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Wait until every submitted job has printed or failed (kept jobs wait on)."""
        with self._idle:
            return self._idle.wait_for(lambda: self._pending == 0, timeout)

    def close(self, timeout: float | None = 5.0) -> None:
        """Stop the worker after the jobs already queued."""
        self._jobs.put(_STOP)
        self._worker.join(timeout)

    # ----- the worker thread --------------------------------------------------
    def _take_kept(self) -> list[PrintJob]:
        with self._lock:
            jobs, self._kept = self._kept, []
            self._pending += len(jobs)
            return jobs

    def _run(self) -> None:
        while True:
            with self._lock:
                watch = bool(self._kept) and self._probe is not None
            try:
                batch = self._jobs.get(timeout=self.retry_every_s if watch else None)
            except queue.Empty:
                self._probe_kept()
                continue
            if batch is _STOP:
                return
            self._print_batch(self._take_kept() + batch)

    def _probe_kept(self) -> None:
        assert self._probe is not None
        try:
            self._probe()
        except Exception as exc:  # still not ready: say so only when the reason changed
            kept = self.kept
            problem = problem_of(exc)
            if kept and problem.code != self._problem:
                self._problem = problem.code
                self._notify(
                    QueueStatus(
                        "failed",
                        news("print-failed", problem=problem, title=kept[0].title),
                        kept[0],
                        reason_of(exc),
                        kept=len(kept),
                    )
                )
            return
        jobs = self._take_kept()
        if jobs:
            self._notify(QueueStatus("retrying", news("print-retrying", count=len(jobs)), jobs[0]))
            self._print_batch(jobs)

    def _print_batch(self, batch: list[PrintJob]) -> None:
        for i, job in enumerate(batch):
            self._notify(QueueStatus("printing", news("print-printing", title=job.title), job))
            try:
                self._print_job(job)
            except Exception as exc:  # the worker must survive anything
                rest = batch[i:]
                with self._idle:
                    self._kept.extend(rest)
                    kept = len(self._kept)
                    self._pending -= len(rest)
                    self._idle.notify_all()
                problem = problem_of(exc)
                self._problem = problem.code
                self._notify(
                    QueueStatus(
                        "failed",
                        news("print-failed", problem=problem, title=job.title),
                        job,
                        reason_of(exc),
                        kept=kept,
                    )
                )
                if kept > 1:
                    self._notify(
                        QueueStatus(
                            "kept", news("print-kept", count=kept), job, reason_of(exc), kept=kept
                        )
                    )
                return
            with self._idle:
                self._last = job
                self._pending -= 1
                kept = len(self._kept)
                self._idle.notify_all()
            self._problem = None
            self._notify(
                QueueStatus("printed", news("print-printed", title=job.title), job, kept=kept)
            )
