"""The print queue (hardware/print_queue.py) and the table printer facade
(hardware/table_printer.py), printing to the pty fake printer."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from datetime import date

import pytest

from hardware.config import PrinterConfig
from hardware.print_queue import PrintJob, PrintQueue, QueueStatus
from hardware.printing import print_lines_on_serial, probe_serial
from hardware.sheet import SheetLine
from hardware.table_printer import TablePrinter, open_printer
from kiosk.i18n import Translator
from scorer import RecordError
from scorer.frozen import replace  # PrinterConfig is a scorer.frozen class

JOB = PrintJob("Anne – Ben", (SheetLine("Anne wins 150", bold=True), SheetLine("Ben 114")))
JOB2 = PrintJob("Carl – Dora", (SheetLine("Dora wins 120"),))


def config_for(fake) -> PrinterConfig:
    return PrinterConfig(
        port=fake.port, baud=19200, line_time_ms=0, status_timeout_s=0.3, ready_wait_s=0
    )


def fake_time_printer(config: PrinterConfig, clock):
    return lambda job: print_lines_on_serial(config, job, clock=clock, sleep=clock.sleep)


def fake_time_probe(config: PrinterConfig, clock) -> Callable[[], None]:
    return lambda: probe_serial(config, clock=clock, sleep=clock.sleep)


class Statuses(list[QueueStatus]):
    """The queue's news, with a way to wait for one (it arrives on the worker thread)."""

    def __init__(self) -> None:
        super().__init__()
        self._changed = threading.Condition()

    def __call__(self, status: QueueStatus) -> None:
        with self._changed:
            self.append(status)
            self._changed.notify_all()

    def wait_for(self, state: str, count: int = 1, timeout: float = 10) -> bool:
        with self._changed:
            return self._changed.wait_for(
                lambda: [s.state for s in self].count(state) >= count, timeout
            )

    @property
    def states(self) -> list[str]:
        return [s.state for s in self]


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
    statuses = Statuses()
    queue = PrintQueue(fake_time_printer(config_for(fake_printer), clock), statuses)
    queue.submit(JOB)
    assert queue.wait_idle(5)
    queue.close()
    assert statuses.states == ["queued", "printing", "printed"]
    assert [s.message for s in statuses] == [
        "The score sheet (Anne – Ben) is waiting for the printer.",
        "Printing the score sheet (Anne – Ben)…",
        "The score sheet (Anne – Ben) is printed.",
    ]
    assert [s.news.code for s in statuses] == ["print-queued", "print-printing", "print-printed"]
    assert not any(s.news.is_problem for s in statuses)
    lines = decode(fake_printer.received(at_least=30))
    assert lines[:2] == ["Anne wins 150", "Ben 114"]


def test_paper_out_keeps_the_job_and_retry_prints_it(fake_printer, clock, decode) -> None:
    fake_printer.paper = False
    statuses = Statuses()
    queue = PrintQueue(fake_time_printer(config_for(fake_printer), clock), statuses)
    queue.submit(JOB)
    assert queue.wait_idle(5)
    failed = statuses[-1]
    assert (failed.state, failed.reason, failed.kept) == ("failed", "paper-out", 1)
    assert failed.news.code == "print-failed" and failed.news.is_problem
    assert failed.news.params["problem"].code == "printer-paper-out"
    assert failed.message == (
        "The printer is out of paper: load a roll. The score sheet "
        "(Anne – Ben) is kept: it prints by itself as soon as the printer "
        "is ready."
    )
    assert queue.kept == (JOB,)
    assert b"Anne" not in fake_printer.received(timeout=0.1)  # nothing printed on no paper

    fake_printer.paper = True
    assert queue.retry() == 1
    assert queue.wait_idle(5)
    queue.close()
    assert statuses[-1].state == "printed"
    assert queue.kept == ()
    assert "Anne wins 150" in decode(fake_printer.received(at_least=30))


def test_kept_jobs_print_by_themselves_when_paper_is_loaded(fake_printer, clock, decode) -> None:
    fake_printer.paper = False
    statuses = Statuses()
    config = config_for(fake_printer)
    probes: list[str] = []

    def probe() -> None:
        probes.append(threading.current_thread().name)
        fake_time_probe(config, clock)()

    queue = PrintQueue(fake_time_printer(config, clock), statuses, probe=probe, retry_every_s=0.1)
    queue.submit(JOB)
    assert statuses.wait_for("failed")
    assert queue.wait_idle(5) and queue.kept == (JOB,)
    queue.submit(JOB2)  # JOB is tried first again, and both are kept
    assert statuses.wait_for("failed", 2)
    assert queue.wait_idle(5) and queue.kept == (JOB, JOB2)
    assert statuses[-1].state == "kept"
    assert statuses[-1].message == "Score sheets waiting for the printer: 2."
    time.sleep(0.35)
    assert probes  # asked while kept...
    assert statuses.states.count("failed") == 2  # ...and the same news is not repeated
    assert b"Anne" not in fake_printer.received(timeout=0.05)

    fake_printer.paper = True  # the roll is loaded: no tap needed
    assert statuses.wait_for("printed", 2)
    queue.close()
    assert set(probes) == {"print-queue"}  # the worker's thread, never the caller's
    retrying = statuses[statuses.states.index("retrying")]
    assert retrying.message == "The printer is ready again: printing the kept score sheets (2)."
    assert statuses.states[-4:] == ["printing", "printed", "printing", "printed"]
    assert queue.kept == ()
    lines = decode(fake_printer.received(at_least=40))
    assert lines.index("Anne wins 150") < lines.index("Dora wins 120")  # in order
    assert lines.count("Anne wins 150") == 1


def test_a_silent_printer_that_comes_back_gets_its_jobs(fake_printer, clock, decode) -> None:
    fake_printer.silent = True
    statuses = Statuses()
    config = config_for(fake_printer)
    queue = PrintQueue(
        fake_time_printer(config, clock),
        statuses,
        probe=fake_time_probe(config, clock),
        retry_every_s=0.1,
    )
    queue.submit(JOB)
    assert statuses.wait_for("failed")
    assert statuses[-1].reason == "no-printer"
    assert statuses[-1].message.startswith(  # what Settings shows: the port tried
        f"The printer does not answer on {fake_printer.port}: check that it is switched on, "
        "plugged in and wired to that port. "
    )
    french = statuses[-1].news.text(Translator("fr"))
    assert french.startswith(f"L'imprimante ne répond pas sur {fake_printer.port}\u202f: ")
    fake_printer.silent = False
    assert statuses.wait_for("printed")
    queue.close()
    assert "retrying" in statuses.states
    assert "Anne wins 150" in decode(fake_printer.received(at_least=30))


def test_a_new_job_sends_the_kept_ones_first(fake_printer, clock, decode) -> None:
    fake_printer.paper = False
    statuses = Statuses()
    queue = PrintQueue(fake_time_printer(config_for(fake_printer), clock), statuses)
    queue.submit(JOB)
    assert queue.wait_idle(5) and queue.kept == (JOB,)
    fake_printer.paper = True
    queue.submit(JOB2)
    assert queue.wait_idle(5)
    queue.close()
    assert queue.kept == ()
    lines = decode(fake_printer.received(at_least=40))
    assert lines.index("Anne wins 150") < lines.index("Dora wins 120")


def test_the_first_job_after_power_up_waits_for_the_printer(fake_printer, decode) -> None:
    fake_printer.power_on(0.6)  # deaf and silent for 0.6 s, as after switching on
    statuses = Statuses()
    config = replace(config_for(fake_printer), ready_wait_s=3)
    printer = TablePrinter(config, statuses)
    printer.queue.submit(JOB)
    assert printer.queue.wait_idle(10)
    printer.close()
    assert statuses.states == ["queued", "printing", "waiting", "printed"]
    assert statuses[2].message == "Waiting for the printer to get ready…"
    data = fake_printer.received(at_least=30)
    assert b"\x1b@" not in fake_printer.lost  # nothing of the sheet sent while it slept
    assert data.index(b"\x1b@") >= fake_printer.answered_at[0]  # only after an answer
    assert decode(data)[:2] == ["Anne wins 150", "Ben 114"]


def test_a_printer_that_never_wakes_fails_after_the_bounded_wait(fake_printer) -> None:
    fake_printer.silent = True
    statuses = Statuses()
    printer = TablePrinter(
        replace(config_for(fake_printer), ready_wait_s=0.6, status_timeout_s=0.1), statuses
    )
    started = time.monotonic()
    printer.queue.submit(JOB)
    assert printer.queue.wait_idle(10)
    assert time.monotonic() - started < 3
    printer.close(timeout=2)
    assert statuses.states[-1] == "failed" and printer.kept == (JOB,)


def test_print_again(fake_printer, clock, decode) -> None:
    queue = PrintQueue(fake_time_printer(config_for(fake_printer), clock))
    assert queue.reprint_last() is None  # nothing printed yet
    queue.submit(JOB)
    assert queue.wait_idle(5)
    assert queue.reprint_last() == JOB
    assert queue.wait_idle(5)
    fake_printer.paper = False
    queue.submit(JOB2)
    assert queue.wait_idle(5) and queue.kept == (JOB2,)
    fake_printer.paper = True
    assert queue.reprint_last() == JOB2  # the kept one, not a third Anne – Ben
    assert queue.wait_idle(5)
    queue.close()
    lines = decode(fake_printer.received(at_least=60))
    assert (lines.count("Anne wins 150"), lines.count("Dora wins 120")) == (2, 1)


def test_no_printer_is_reported_and_kept(tmp_path, clock) -> None:
    statuses = Statuses()
    config = PrinterConfig(port=str(tmp_path / "ttyGONE"))
    queue = PrintQueue(fake_time_printer(config, clock), statuses)
    queue.submit(JOB)
    assert queue.wait_idle(5)
    queue.close()
    assert (statuses[-1].state, statuses[-1].reason) == ("failed", "no-printer")
    assert statuses[-1].news.params["problem"].code == "printer-port-missing"
    assert "ttyGONE" in statuses[-1].message
    assert queue.kept == (JOB,)


def test_the_port_vanishing_mid_job_is_reported_and_kept(fake_printer, clock) -> None:
    fake_printer.vanish_after = 40
    statuses = Statuses()
    long_job = PrintJob("long", tuple(SheetLine("x" * 31) for _ in range(3000)))
    queue = PrintQueue(fake_time_printer(config_for(fake_printer), clock), statuses)
    queue.submit(long_job)
    assert queue.wait_idle(10)
    queue.close()
    assert (statuses[-1].state, statuses[-1].reason) == ("failed", "port-lost")
    assert statuses[-1].message.startswith(
        "The printer was disconnected while printing: check its cable."
    )
    assert queue.kept == (long_job,)


def test_a_bug_in_a_job_does_not_kill_the_worker_nor_show_its_text() -> None:
    statuses = Statuses()
    calls: list[PrintJob] = []

    def flaky(job: PrintJob) -> None:
        calls.append(job)
        if len(calls) == 1:
            raise KeyError("players")

    queue = PrintQueue(flaky, statuses)
    queue.submit(JOB)
    assert queue.wait_idle(5)
    failed = statuses[-1]
    assert failed.reason == "error"
    assert "players" not in failed.message and "KeyError" not in failed.message
    assert failed.message.startswith("The score sheet could not be printed because of a fault")
    queue.submit(JOB2)  # the kept one goes first
    assert queue.wait_idle(5)
    queue.close()
    assert calls == [JOB, JOB, JOB2]
    assert queue.kept == ()


def test_table_printer_prints_a_record(fake_printer, example, decode) -> None:
    statuses = Statuses()
    config = replace(config_for(fake_printer), columns=42)
    printer = TablePrinter(config, statuses)
    record = example("seed000-margin.json")
    job = printer.print_record(record, printed_on=date(2026, 11, 21))
    assert job.title == "A – B"
    assert printer.queue.wait_idle(15)
    printer.close()
    assert statuses[-1].state == "printed"
    lines = decode(fake_printer.received(at_least=500))
    assert [line for line in lines if line.strip()] == [
        line.text for line in job.lines if line.text.strip()
    ]
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
    job = printer.print_sitting([example("seed000-margin.json"), example("seed000-rubiconed.json")])
    assert printer.queue.wait_idle(5)
    printer.close()
    assert jobs == [job] and job.title.endswith("×2")
    assert jobs[0].lines[-2].text.split() == ["A", "+422"]


def test_open_printer_respects_enabled() -> None:
    printer, news = open_printer(PrinterConfig(enabled=False))
    assert printer is None
    assert (news.code, news.text()) == (
        "printer-switched-off",
        "The printer is switched off in the settings file.",
    )
