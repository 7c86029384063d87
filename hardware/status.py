"""Reading the printer's status bytes (DLE EOT 1, DLE EOT 4, GS r 1).

A silent printer is never taken for a ready one: no byte, or a byte without
the fixed bits of a real answer (an echo, line noise, a wrong baud rate),
reads as `None`, and the caller reports that the printer does not answer.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PrinterStatus:
    online: bool
    paper: bool
    paper_near_end: bool = False


def _dle_eot_valid(byte: int) -> bool:
    # bits 1 and 4 are always 1, bits 0 and 7 always 0 in DLE EOT answers.
    return byte & 0x93 == 0x12


def parse_printer_status(answer: bytes) -> bool | None:
    """DLE EOT 1 -> True when on line, False when off line, None when no answer."""
    if len(answer) != 1 or not _dle_eot_valid(answer[0]):
        return None
    return not answer[0] & 0x08


def parse_paper_status(answer: bytes) -> tuple[bool, bool] | None:
    """DLE EOT 4 -> (paper present, near end), or None when no answer."""
    if len(answer) != 1 or not _dle_eot_valid(answer[0]):
        return None
    return (not answer[0] & 0x60, bool(answer[0] & 0x0C))


def parse_paper_sensor(answer: bytes) -> tuple[bool, bool] | None:
    """GS r 1 -> (paper present, near end), or None when no answer."""
    if len(answer) != 1 or answer[0] & 0x90:  # bits 4 and 7 are always 0
        return None
    return (not answer[0] & 0x0C, bool(answer[0] & 0x03))
