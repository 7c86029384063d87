"""The table hardware: seat buttons (gpiozero) and the thermal printer (pyserial).

Nothing here imports Kivy; the hand-over to the UI thread is an injected
callable. The seams the kiosk uses:

- `hardware.config.load_config(path=None) -> TableConfig`: the TOML settings
  (pins, timings, printer), defaults when the file is missing.
- `hardware.table_printer.open_printer(config.printer, notify)
  -> (TablePrinter | None, str)`; `TablePrinter.print_record(record)` and
  `.print_sitting(records)` queue a sheet and return at once, `.retry()`
  prints the kept jobs, `.kept`, `.last_status`, `.name`, `.close()`. `notify`
  gets `QueueStatus(state, message, job, reason)` on the worker thread.
- `hardware.gpio_buttons.open_buttons(config.pins, config.timings, on_event,
  dispatch=...) -> (GpioButtons | None, str)`; events are the values in
  `hardware.button_events`; `GpioButtons.set_lead(seat)` lights the LEDs.
- `hardware.seats.trick_winner(seat, seat_players, elder)` -> "E" or "Y", and
  `leading_seat(seat_players, elder, tricks)` for the LEDs.

The pieces: `escpos` (commands, one `_raw` transport method), `codepage`
(printable text), `serial_printer` and `memory_printer` (transports),
`pacing`, `status`, `sheet` and `text_layout` (the score sheet as lines),
`render` (lines to ESC/POS), `print_queue` and `printing` (the worker),
`press_logic` (debounce, long press, both seats), `errors`.
"""
