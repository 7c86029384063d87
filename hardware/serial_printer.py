"""The ESC/POS printer on a serial port (pyserial), paced, with status checks.

The port is opened with `serial.serial_for_url`, so a device (`/dev/serial0`,
`/dev/ttyUSB0`), a pty path (the tests' fake printer) or a pyserial URL all
work. Every failure becomes a `PrinterError` with a sentence for the user:
a missing port fails at once, a silent printer after `status_timeout_s`, and
a port that vanishes mid-job on the next write, never a hang (writes have a
timeout too).

A thermal printer needs about half a second after power-up before it answers
or accepts data: `wait_ready(wait_s)` asks again, for a bounded time, while
it is silent or off line, so the first job after a boot is not lost and no
byte of a sheet is sent before the printer has answered.
"""

from __future__ import annotations

import contextlib
import errno
import time
from collections.abc import Callable
from types import TracebackType

import serial

from hardware.codepage import DEFAULT_CODEPAGE
from hardware.errors import (
    PaperOut,
    PortLost,
    PortUnavailable,
    PrinterError,
    PrinterOffline,
    PrinterSilent,
)
from hardware.escpos import (
    QUERY_PAPER_SENSOR,
    QUERY_PAPER_STATUS,
    QUERY_PRINTER_STATUS,
    EscPos,
)
from hardware.news import news
from hardware.pacing import Pacer
from hardware.status import (
    PrinterStatus,
    parse_paper_sensor,
    parse_paper_status,
    parse_printer_status,
)

WRITE_TIMEOUT_S = 3.0


class SerialPrinter(EscPos):
    def __init__(
        self,
        port: serial.SerialBase,
        pacer: Pacer,
        *,
        codepage: str = DEFAULT_CODEPAGE,
        status_timeout_s: float = 0.5,
        name: str = "",
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        super().__init__(codepage)
        self._port = port
        self.pacer = pacer
        self._clock = clock
        self._sleep = sleep
        self.status_timeout_s = status_timeout_s
        self.name = name or str(getattr(port, "port", "") or "the printer port")

    @classmethod
    def open(
        cls,
        url: str,
        baud: int = 19200,
        *,
        codepage: str = DEFAULT_CODEPAGE,
        line_time_s: float = 0.1,
        status_timeout_s: float = 0.5,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> SerialPrinter:
        """Open the port; raises PortUnavailable when it is missing or busy."""
        try:
            port = serial.serial_for_url(
                url, baudrate=baud, timeout=status_timeout_s, write_timeout=WRITE_TIMEOUT_S
            )
        except (serial.SerialException, OSError, ValueError) as exc:
            if _errno(exc) in (errno.EACCES, errno.EPERM):
                raise PortUnavailable(news("printer-port-denied", port=url)) from exc
            raise PortUnavailable(port=url) from exc
        pacer = Pacer(baud, line_time_s, clock=clock, sleep=sleep)
        return cls(
            port,
            pacer,
            codepage=codepage,
            status_timeout_s=status_timeout_s,
            name=url,
            clock=clock,
            sleep=sleep,
        )

    def _raw(self, data: bytes) -> None:
        self.pacer.before_write()
        try:
            written = self._port.write(data)
            if written is not None and written != len(data):
                raise serial.SerialTimeoutException(f"wrote {written} of {len(data)} bytes")
        except (serial.SerialException, OSError) as exc:
            raise PortLost() from exc
        self.pacer.after_write(data)

    def drain(self) -> None:
        """Wait, by the pacing model, until the printer has printed everything."""
        self.pacer.drain()

    def status(self) -> PrinterStatus:
        """Ask the printer; raises PrinterSilent when it does not answer."""
        self.drain()
        online = parse_printer_status(self._ask(QUERY_PRINTER_STATUS))
        if online is None:
            raise PrinterSilent(port=self.name)
        paper = parse_paper_status(self._ask(QUERY_PAPER_STATUS))
        if paper is None:  # some printers only know GS r
            paper = parse_paper_sensor(self._ask(QUERY_PAPER_SENSOR))
        if paper is None:
            raise PrinterSilent(news("printer-no-paper-report"))
        return PrinterStatus(online=online, paper=paper[0], paper_near_end=paper[1])

    def check_ready(self) -> PrinterStatus:
        """The status, or PaperOut / PrinterOffline / PrinterSilent."""
        status = self.status()
        if not status.paper:
            raise PaperOut()
        if not status.online:
            raise PrinterOffline()
        return status

    def wait_ready(
        self, wait_s: float, *, every_s: float = 0.25, on_wait: Callable[[], None] | None = None
    ) -> PrinterStatus:
        """`check_ready()`, asked again for up to `wait_s` while the printer is
        silent or off line (starting up); `on_wait()` once when it has to wait.
        Out of paper fails at once: that does not go away by itself."""
        deadline = self._clock() + wait_s
        told = False
        while True:
            try:
                return self.check_ready()
            except (PrinterSilent, PrinterOffline):
                if self._clock() + every_s > deadline:
                    raise
            if on_wait is not None and not told:
                on_wait()
                told = True
            self._sleep(every_s)

    def close(self) -> None:
        with contextlib.suppress(serial.SerialException, OSError):
            self._port.close()

    def __enter__(self) -> SerialPrinter:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def _ask(self, query: bytes) -> bytes:
        try:
            self._port.reset_input_buffer()
            self._raw(query)
            self._port.timeout = self.status_timeout_s
            return bytes(self._port.read(1))
        except PrinterError:
            raise
        except (serial.SerialException, OSError) as exc:
            raise PortLost() from exc


def _errno(exc: BaseException) -> int | None:
    """The errno behind a pyserial error (it keeps it, or only its text)."""
    if isinstance(exc, OSError) and isinstance(exc.errno, int):
        return exc.errno
    text = str(exc)
    for number in (errno.EACCES, errno.EPERM):
        if f"[Errno {number}]" in text:
            return number
    return None
