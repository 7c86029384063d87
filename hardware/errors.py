"""Errors of the table hardware.

Like gpiozero's, each error inherits both the project's root (`HardwareError`,
and `PrinterError` for the printer) and the matching built-in, so a caller may
catch either. `str(error)` is a sentence fit for the screen or a terminal.
"""

from __future__ import annotations


class HardwareError(Exception):
    """Root of every error raised by `hardware`."""


class ConfigError(HardwareError, ValueError):
    """The config file is unreadable or holds a bad value."""


class PrinterError(HardwareError, OSError):
    """The printer could not print the job; the job can be tried again."""


class PortUnavailable(PrinterError, FileNotFoundError):
    """The serial port does not exist or cannot be opened."""


class PrinterSilent(PrinterError, TimeoutError):
    """The port opened, but nothing answered the status query."""


class PrinterOffline(PrinterError):
    """The printer answered that it is off line (cover open, error, ...)."""


class PaperOut(PrinterError):
    """The printer answered that its paper roll is empty."""


class PortLost(PrinterError, ConnectionError):
    """The port failed or vanished while a job was being sent."""
