"""The table hardware: seat buttons (gpiozero) and the thermal printer (pyserial).

Nothing here imports Kivy; the hand-over to the UI thread is an injected
callable. The seams the kiosk uses:

- `hardware.config.load_config(path=None) -> TableConfig`: the TOML settings
  (pins, timings, printer, display, backup, voice); never raises: each section's
  problems are in `.problems` (`ConfigProblem(section, line, message,
  news)`) and only that section falls back.
- `hardware.table_printer.open_printer(config.printer, notify)
  -> (TablePrinter | None, HardwareNews)`; `TablePrinter.print_record(record,
  lang=...)` and `.print_sitting(records, lang=...)` queue a sheet in that
  language and return at once; kept jobs
  print by themselves when the printer answers again; `.retry()`,
  `.reprint_last()` ("print again"), `.kept`, `.last_status`, `.close()`.
  `notify` gets `QueueStatus(state, news, job, reason, kept)` on the worker
  thread.
- `hardware.gpio_buttons.open_buttons(config.pins, config.timings, on_event,
  dispatch=...) -> (GpioButtons | None, HardwareNews)`; events are the values
  in `hardware.button_events`, each with `pressed_at` (time.monotonic());
  `GpioButtons.set_lead(seat)` lights the LEDs.
- `hardware.news.HardwareNews(code, template, params)`: every status in plain
  words; `.text()` is English, `.text(translate)` any language.
- `hardware.voice.Voice(config.voice, lang)`: `say(text)` and
  `say_calls(calls, sides=names)` queue and return at once (a worker runs
  espeak-ng; only the newest utterance waits); `.status` is a
  `HardwareNews` (ready, or why it is silent); `.close()`.
- `hardware.seats.trick_winner(seat, seat_players, elder)` -> "E" or "Y", and
  `leading_seat(seat_players, elder, tricks)` for the LEDs.

The pieces: `escpos` (commands, one `_raw` transport method), `codepage`
(printable text), `serial_printer` and `memory_printer` (transports),
`pacing`, `status`, `sheet`, `sheet_multi`, `sheet_words` (its words, from
`vocabulary`) and `text_layout` (the score sheet as lines),
`render` (lines to ESC/POS), `print_queue` and `printing` (the worker),
`press_logic` (debounce, long press, both seats), `config_text` (the file's
text, section by section), `voice` (espeak-ng, the queue, pronunciation),
`news` and `errors`.
"""
