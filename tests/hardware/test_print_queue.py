"""The print queue (hardware/print_queue.py) and the table printer facade
(hardware/table_printer.py), printing to the pty fake printer."""

from __future__ import annotations

import threading
import time
from dataclasses import replace
from datetime import date

import pytest

from hardware.config import PrinterConfig
from hardware.print_queue import PrintJob, PrintQueue, QueueStatus
from hardware.printing import print_lines_on_serial
from hardware.sheet import SheetLine
from hardware.table_printer import TablePrinter, open_printer
from scorer import RecordError

JOB = PrintJob("Anne v. Ben", (SheetLine("Anne wins 150", bold=True), SheetLine("Ben 114")))


def config_for(fake) -> PrinterConfig:
    return PrinterConfig(port=fake.port, baud=19200, line_time_ms=0, status_timeout_s=0.3)


def fake_time_printer(config: PrinterConfig, clock):
    return lambda job: print_lines_on_serial(config, job, clock=clock, sleep=clock.sleep)


def test_submit_returns_at_once_while_the_printer_is_busy() -> None:
    release = threading.Event()
    queue = PrintQueue(lambda job: release.wait(5))
    started = time.monotonic()
    queue.submit(JOB)
    queue.submit(JOB)
    assert time.monotonic() - started < 0.5  # the game goes on
    assert not queue.wait_idle(0.05)
    release.set()
    assert queue.wait_idle(5)
    queue.close()


def test_a_job_is_printed_and_reported(fake_printer, clock, decode) -> None:
    statuses: list[QueueStatus] = []
    queue = PrintQueue(fake_time_printer(config_for(fake_printer), clock), statuses.append)
    queue.submit(JOB)
    assert queue.wait_idle(5)
    queue.close()
    assert [s.state for s in statuses] == ["queued", "printing", "printed"]
    assert statuses[-1].message == "Printed Anne v. Ben."
    lines = decode(fake_printer.received(at_least=30))
    assert lines[:2] == ["Anne wins 150", "Ben 114"]


def test_paper_out_keeps_the_job_and_retry_prints_it(fake_printer, clock, decode) -> None:
    fake_printer.paper = False
    statuses: list[QueueStatus] = []
    queue = PrintQueue(fake_time_printer(config_for(fake_printer), clock), statuses.append)
    queue.submit(JOB)
    assert queue.wait_idle(5)
    assert statuses[-1].state == "failed"
    assert statuses[-1].reason == "paper-out"
    assert statuses[-1].message == "The printer is out of paper. Load a roll; the job is kept."
    assert queue.kept == (JOB,)
    assert b"Anne" not in fake_printer.received(timeout=0.1)  # nothing printed on no paper

    fake_printer.paper = True
    assert queue.retry() == 1
    assert queue.wait_idle(5)
    queue.close()
    assert statuses[-1].state == "printed"
    assert queue.kept == ()
    assert "Anne wins 150" in decode(fake_printer.received(at_least=30))


def test_no_printer_is_reported_and_kept(tmp_path, clock) -> None:
    statuses: list[QueueStatus] = []
    config = PrinterConfig(port=str(tmp_path / "ttyGONE"))
    queue = PrintQueue(fake_time_printer(config, clock), statuses.append)
    queue.submit(JOB)
    assert queue.wait_idle(5)
    queue.close()
    assert (statuses[-1].state, statuses[-1].reason) == ("failed", "no-printer")
    assert "ttyGONE" in statuses[-1].message
    assert queue.kept == (JOB,)


def test_the_port_vanishing_mid_job_is_reported_and_kept(fake_printer, clock) -> None:
    fake_printer.vanish_after = 40
    statuses: list[QueueStatus] = []
    long_job = PrintJob("long", tuple(SheetLine("x" * 31) for _ in range(3000)))
    queue = PrintQueue(fake_time_printer(config_for(fake_printer), clock), statuses.append)
    queue.submit(long_job)
    assert queue.wait_idle(10)
    queue.close()
    assert (statuses[-1].state, statuses[-1].reason) == ("failed", "port-lost")
    assert queue.kept == (long_job,)


def test_a_bug_in_a_job_does_not_kill_the_worker() -> None:
    statuses: list[QueueStatus] = []
    calls: list[PrintJob] = []

    def flaky(job: PrintJob) -> None:
        calls.append(job)
        if len(calls) == 1:
            raise KeyError("players")

    queue = PrintQueue(flaky, statuses.append)
    queue.submit(JOB)
    queue.submit(JOB)
    assert queue.wait_idle(5)
    queue.close()
    assert [s.state for s in statuses if s.state in ("failed", "printed")] == ["failed", "printed"]
    assert queue.kept == (JOB,)


def test_table_printer_prints_a_record(fake_printer, example, decode) -> None:
    statuses: list[QueueStatus] = []
    config = replace(config_for(fake_printer), columns=42)
    printer = TablePrinter(config, statuses.append)
    record = example("seed000-margin.json")
    job = printer.print_record(record, printed_on=date(2026, 11, 21))
    assert printer.queue.wait_idle(15)
    printer.close()
    assert statuses[-1].state == "printed"
    lines = decode(fake_printer.received(at_least=500))
    assert [line for line in lines if line.strip()] == [line.text for line in job.lines
                                                        if line.text.strip()]
    assert "A wins 109 = 128 - 119 + 100" in lines
    assert all(len(line) <= 42 for line in lines)


def test_table_printer_refuses_an_invalid_record_at_once(example) -> None:
    printer = TablePrinter(PrinterConfig(), print_job=lambda job: None)
    record = example("seed000-margin.json")
    record["first_dealer"] = "C"
    with pytest.raises(RecordError):
        printer.print_record(record)
    printer.close()


def test_table_printer_sitting(example) -> None:
    jobs: list[PrintJob] = []
    printer = TablePrinter(PrinterConfig(), print_job=jobs.append)
    printer.print_sitting([example("seed000-margin.json"), example("seed000-rubiconed.json")])
    assert printer.queue.wait_idle(5)
    printer.close()
    assert jobs[0].lines[-2].text.split() == ["A", "+422"]


def test_open_printer_respects_enabled() -> None:
    printer, reason = open_printer(PrinterConfig(enabled=False))
    assert printer is None and "switched off" in reason
