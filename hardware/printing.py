"""Printing one job on the configured serial printer: the worker's task."""

from __future__ import annotations

import time
from collections.abc import Callable

from hardware.config import PrinterConfig
from hardware.errors import PaperOut
from hardware.print_queue import PrintJob
from hardware.render import render_sheet
from hardware.serial_printer import SerialPrinter


def print_lines_on_serial(
    config: PrinterConfig,
    job: PrintJob,
    *,
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], None] = time.sleep,
) -> None:
    """Open the port, check the printer, print, check again, close.

    Raises a PrinterError (PortUnavailable, PrinterSilent, PaperOut, ...).
    The port is opened for each job so a printer plugged in late just works.
    """
    with SerialPrinter.open(
        config.port,
        config.baud,
        codepage=config.codepage,
        line_time_s=config.line_time_ms / 1000,
        status_timeout_s=config.status_timeout_s,
        clock=clock,
        sleep=sleep,
    ) as printer:
        printer.check_ready()
        render_sheet(printer, job.lines, codepage_number=config.escpos_codepage_number,
                     cut=config.cut)
        status = printer.status()  # drains first: waits until the sheet is out
        if not status.paper:
            raise PaperOut("The paper ran out during printing. Load a roll; the job is kept.")


def serial_job_printer(config: PrinterConfig) -> Callable[[PrintJob], None]:
    """The `print_job` function for `PrintQueue`."""
    return lambda job: print_lines_on_serial(config, job)
