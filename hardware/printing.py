"""Printing one job on the configured serial printer: the worker's task.

`print_lines_on_serial` prints one sheet; `probe_serial` is the cheap check
(two DLE EOT status bytes) that the print queue runs every few seconds while
jobs are kept, to print them as soon as the printer is back.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from hardware.config import PrinterConfig
from hardware.errors import PaperOut, PrinterError
from hardware.news import news
from hardware.print_queue import PrintJob
from hardware.render import render_sheet
from hardware.serial_printer import SerialPrinter


def _open(
    config: PrinterConfig, clock: Callable[[], float], sleep: Callable[[float], None]
) -> SerialPrinter:
    return SerialPrinter.open(
        config.port,
        config.baud,
        codepage=config.codepage,
        line_time_s=config.line_time_ms / 1000,
        status_timeout_s=config.status_timeout_s,
        clock=clock,
        sleep=sleep,
    )


def print_lines_on_serial(
    config: PrinterConfig,
    job: PrintJob,
    *,
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], None] = time.sleep,
    on_wait: Callable[[], None] | None = None,
) -> None:
    """Open the port, wait for the printer to be ready, print, check again, close.

    Raises a PrinterError (PortUnavailable, PrinterSilent, PaperOut, ...);
    `partial` is set on it when some of the sheet had been sent. A printer
    that is still starting up (silent or off line) is asked again for up to
    `config.ready_wait_s` before anything is sent; `on_wait()` says so once.
    The port is opened for each job so a printer plugged in late just works.
    """
    with _open(config, clock, sleep) as printer:
        printer.wait_ready(config.ready_wait_s, on_wait=on_wait)
        try:
            render_sheet(
                printer, job.lines, codepage_number=config.escpos_codepage_number, cut=config.cut
            )
            status = printer.status()  # drains first: waits until the sheet is out
        except PrinterError as exc:
            exc.partial = True
            raise
        if not status.paper:
            raise PaperOut(news("printer-paper-ran-out"), partial=True)


def probe_serial(
    config: PrinterConfig,
    *,
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], None] = time.sleep,
) -> None:
    """Ask the printer once whether it is ready; raises the PrinterError that says why not."""
    with _open(config, clock, sleep) as printer:
        printer.check_ready()


def serial_job_printer(
    config: PrinterConfig, on_wait: Callable[[PrintJob], None] | None = None
) -> Callable[[PrintJob], None]:
    """The `print_job` function for `PrintQueue`; `on_wait(job)` while the printer warms up."""

    def print_job(job: PrintJob) -> None:
        print_lines_on_serial(
            config, job, on_wait=None if on_wait is None else lambda: on_wait(job)
        )

    return print_job
