"""The kiosk's seams to hardware/: the printer and the seat buttons.

Filled in as hardware/ lands; every function here degrades to "not
configured" so the kiosk runs on any desktop.
"""

from __future__ import annotations

from typing import Any


def open_printer() -> Any:
    """The configured printer queue, or None when there is none."""
    return None
