"""The kiosk's printer: a record in, a sheet out, on the print queue.

`TablePrinter.print_record(record, lang=...)` scores the record, lays out the
sheet in that language (the kiosk passes its own) and queues it; it returns
at once (the worker thread talks to the printer).
Progress and failures reach `notify` as `QueueStatus` values, mostly on the
worker thread: the kiosk passes a function that hands them to Kivy with
`Clock.schedule_once`. A failed job is kept and printed by itself when the
printer answers again (checked every `retry_every_s`); `retry()` tries at
once, `reprint_last()` is "print again".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import date
from typing import Any

from hardware.config import PrinterConfig
from hardware.news import HardwareNews, news
from hardware.print_queue import PrintJob, PrintQueue, QueueStatus
from hardware.printing import probe_serial, serial_job_printer
from hardware.sheet import build_sheet, build_sitting_sheet


def job_title(players: Sequence[str]) -> str:
    """The players' names, in no language: "Anne – Ben"."""
    return " – ".join(dict.fromkeys(players))


class TablePrinter:
    def __init__(
        self,
        config: PrinterConfig,
        notify: Callable[[QueueStatus], None] = lambda status: None,
        *,
        print_job: Callable[[PrintJob], None] | None = None,
        probe: Callable[[], None] | None = None,
    ) -> None:
        self.config = config
        self.name = f"{config.port} at {config.baud} baud, {config.columns} columns"
        self.last_status: QueueStatus | None = None
        self._notify = notify
        if print_job is None:
            print_job = serial_job_printer(config, on_wait=lambda job: self.queue.waiting(job))
            probe = probe or (lambda: probe_serial(config))
        self.queue = PrintQueue(
            print_job, self._status, probe=probe, retry_every_s=config.retry_every_s
        )

    def print_record(
        self, record: Mapping[str, Any], *, printed_on: date | None = None, lang: str = "en"
    ) -> PrintJob:
        """Queue the sheet of one partie (either record format) in `lang`. Raises
        scorer.RecordError for a bad record."""
        if record.get("format") == "piquet-record/2":
            from scorer.multi import score_record2

            score = score_record2(dict(record), lang)
        else:
            from scorer import score_record

            score = score_record(dict(record), lang)
        lines = build_sheet(
            record,
            score,
            columns=self.config.columns,
            printed_on=printed_on,
            codepage=self.config.codepage,
            lang=lang,
        )
        job = PrintJob(job_title(score["players"]), tuple(lines))
        self.queue.submit(job)
        return job

    def print_sitting(
        self,
        records: Sequence[Mapping[str, Any]],
        *,
        printed_on: date | None = None,
        lang: str = "en",
    ) -> PrintJob:
        """Queue the sheet of a sitting in `lang`: each partie's settlement and the
        running net."""
        from scorer import score_record

        parties = [(record, score_record(dict(record), lang)) for record in records]
        lines = build_sitting_sheet(
            parties,
            columns=self.config.columns,
            printed_on=printed_on,
            codepage=self.config.codepage,
            lang=lang,
        )
        players = [p for _, score in parties for p in score["players"]]
        job = PrintJob(f"{job_title(players)} ×{len(parties)}", tuple(lines))
        self.queue.submit(job)
        return job

    def retry(self) -> int:
        """Print the kept jobs now; returns how many."""
        return self.queue.retry()

    def reprint_last(self) -> PrintJob | None:
        """ "Print again": the kept jobs now, else the last printed sheet once more
        (None when nothing was printed or kept yet)."""
        return self.queue.reprint_last()

    @property
    def kept(self) -> tuple[PrintJob, ...]:
        return self.queue.kept

    def close(self, timeout: float | None = 5.0) -> None:
        self.queue.close(timeout)

    def _status(self, status: QueueStatus) -> None:
        self.last_status = status
        self._notify(status)


def open_printer(
    config: PrinterConfig, notify: Callable[[QueueStatus], None] = lambda status: None
) -> tuple[TablePrinter | None, HardwareNews]:
    """The printer and what to say about it, or None and why there is none."""
    if not config.enabled:
        return None, news("printer-switched-off")
    printer = TablePrinter(config, notify)
    return printer, news("printer-ready", port=config.port)
