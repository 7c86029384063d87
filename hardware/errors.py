"""Errors of the table hardware.

Like gpiozero's, each error inherits both the project's root (`HardwareError`,
and `PrinterError` for the printer) and the matching built-in, so a caller may
catch either. `str(error)` is a sentence fit for the screen or a terminal; a
printer error also carries it as `news` (`hardware.news.HardwareNews`, to be
translated) and says with `partial` whether part of the sheet was already
sent.
"""

from __future__ import annotations

from typing import Any

from hardware.news import HardwareNews, news


class HardwareError(Exception):
    """Root of every error raised by `hardware`."""


class ConfigError(HardwareError, ValueError):
    """The config file holds problems (raised only by `TableConfig.check()`):
    one English line each, and `news`, the same problems to be translated."""

    def __init__(self, text: str, news: tuple[HardwareNews, ...] = ()) -> None:
        self.news = news
        super().__init__(text)


class PrinterError(HardwareError, OSError):
    """The printer could not print the job; the job can be tried again."""

    code = "printer-fault"

    def __init__(
        self, problem: HardwareNews | None = None, *, partial: bool = False, **params: Any
    ) -> None:
        self.news = problem if problem is not None else news(self.code, **params)
        self.partial = partial  # some of the sheet was sent before it failed
        super().__init__(self.news.text())


class PortUnavailable(PrinterError, FileNotFoundError):
    """The serial port does not exist or cannot be opened."""

    code = "printer-port-missing"


class PrinterSilent(PrinterError, TimeoutError):
    """The port opened, but nothing answered the status query."""

    code = "printer-silent"


class PrinterOffline(PrinterError):
    """The printer answered that it is off line (cover open, error, ...)."""

    code = "printer-offline"


class PaperOut(PrinterError):
    """The printer answered that its paper roll is empty."""

    code = "printer-paper-out"


class PortLost(PrinterError, ConnectionError):
    """The port failed or vanished while a job was being sent."""

    code = "printer-port-lost"
