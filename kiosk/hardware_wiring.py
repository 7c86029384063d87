"""The kiosk's seams to hardware/: the thermal printer and the seat buttons.

Nothing here imports Kivy: the app passes a `dispatch` that hands a callable
over to the Kivy clock (`Clock.schedule_once`), because printer statuses
arrive on the print worker's thread and button events on gpiozero's.
Without a config file, a serial port or GPIO, every part degrades to "not
connected" with the hardware's own reason, so the kiosk runs on any desktop.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Dispatch = Callable[[Callable[[], None]], None]


@dataclass
class Table:
    printer: Any = None
    printer_status: str = ""
    buttons: Any = None
    buttons_status: str = ""

    def close(self) -> None:
        for part in (self.printer, self.buttons):
            if part is not None and hasattr(part, "close"):
                part.close()


def open_table(dispatch: Dispatch, on_button: Callable[[Any], None],
               on_print_status: Callable[[Any], None]) -> Table:
    """Open the printer and the buttons the config file describes."""
    from hardware.config import ConfigError, default_config_path, load_config

    table = Table()
    try:
        config = load_config()
    except (ConfigError, OSError) as exc:
        table.printer_status = table.buttons_status = f"config: {exc}"
        return table
    printer_config = config.printer
    configured = default_config_path().exists() or os.path.exists(printer_config.port)
    if printer_config.enabled and configured:
        from hardware.table_printer import open_printer

        table.printer, table.printer_status = open_printer(
            printer_config, lambda status: dispatch(lambda: on_print_status(status)))
    else:
        table.printer_status = "No printer is configured."
    from hardware.gpio_buttons import open_buttons

    table.buttons, table.buttons_status = open_buttons(
        config.pins, config.timings, on_button, dispatch=dispatch)
    return table
