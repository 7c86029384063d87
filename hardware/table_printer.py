"""The kiosk's printer: a record in, a sheet out, on the print queue.

`TablePrinter.print_record(record)` scores the record, lays out the sheet and
queues it; it returns at once (the worker thread talks to the printer).
Progress and failures reach `notify` as `QueueStatus` values, mostly on the
worker thread: the kiosk passes a function that hands them to Kivy with
`Clock.schedule_once`. A failed job is kept; `retry()` prints it again.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import date
from typing import Any

from hardware.config import PrinterConfig
from hardware.print_queue import PrintJob, PrintQueue, QueueStatus
from hardware.printing import serial_job_printer
from hardware.sheet import build_sheet, build_sitting_sheet


class TablePrinter:
    def __init__(
        self,
        config: PrinterConfig,
        notify: Callable[[QueueStatus], None] = lambda status: None,
        *,
        print_job: Callable[[PrintJob], None] | None = None,
    ) -> None:
        self.config = config
        self.name = f"{config.port} at {config.baud} baud, {config.columns} columns"
        self.last_status: QueueStatus | None = None
        self._notify = notify
        self.queue = PrintQueue(print_job or serial_job_printer(config), self._status)

    def print_record(
        self, record: Mapping[str, Any], *, printed_on: date | None = None
    ) -> PrintJob:
        """Queue the sheet of one partie. Raises scorer.RecordError for a bad record."""
        from scorer import score_record

        score = score_record(dict(record))
        lines = build_sheet(record, score, columns=self.config.columns, printed_on=printed_on,
                            codepage=self.config.codepage)
        job = PrintJob(" v. ".join(score["players"]), tuple(lines))
        self.queue.submit(job)
        return job

    def print_sitting(
        self, records: Sequence[Mapping[str, Any]], *, printed_on: date | None = None
    ) -> PrintJob:
        """Queue the sheet of a sitting: each partie's settlement and the running net."""
        from scorer import score_record

        parties = [(record, score_record(dict(record))) for record in records]
        lines = build_sitting_sheet(parties, columns=self.config.columns, printed_on=printed_on,
                                    codepage=self.config.codepage)
        job = PrintJob(f"sitting of {len(parties)} parties", tuple(lines))
        self.queue.submit(job)
        return job

    def retry(self) -> int:
        """Print the kept jobs again; returns how many."""
        return self.queue.retry()

    @property
    def kept(self) -> tuple[PrintJob, ...]:
        return self.queue.kept

    def close(self) -> None:
        self.queue.close()

    def _status(self, status: QueueStatus) -> None:
        self.last_status = status
        self._notify(status)


def open_printer(
    config: PrinterConfig, notify: Callable[[QueueStatus], None] = lambda status: None
) -> tuple[TablePrinter | None, str]:
    """The printer, or None and why (switched off in the config)."""
    if not config.enabled:
        return None, "The printer is switched off in the config file."
    printer = TablePrinter(config, notify)
    return printer, f"Printer on {printer.name}"
