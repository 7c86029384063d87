"""What the hardware tells the players, as a stable code, a template and its values.

Every status and piece of news the printer, the seat buttons and the config
file produce is a `HardwareNews`: a stable `code` (for the program: which
screen, which icon), an English `template` that reads as a plain sentence
(the message id of the kiosk's French catalog) and the `params` that fill it.
`news.text()` is the English sentence (the command line prints it);
`news.text(translate)` asks `translate(template, **params)` for it, e.g. the
kiosk's `Translator` (`kiosk/i18n.py`). A param may itself be a
`HardwareNews` (a printer problem inside "the sheet is kept"); it is
translated first, with the same `translate`.

`TEMPLATES` lists every code; each template has its French in
`vocabulary/locale/fr/LC_MESSAGES/piquet.po` (a test checks this). A code never
changes meaning; a new meaning gets a new code.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

Translate = Callable[..., str]

# code -> English template. Problems (something the players should fix or
# know is off) are listed in PROBLEMS below.
TEMPLATES: dict[str, str] = {
    # --- the printer, as the kiosk opens it
    "printer-starting": "Looking for the printer…",
    "printer-ready": "The printer is set up on {port}.",
    "printer-switched-off": "The printer is switched off in the settings file.",
    "printer-not-set-up": "No printer is set up.",
    "printer-settings-problem": "The printer is off until its settings are fixed.",
    # --- what went wrong with the printer (the `problem` of a failed job)
    "printer-port-missing": "The printer is not found on {port}: check its cable and the "
    "printer's port in the settings file.",
    "printer-port-denied": "This user may not use the printer's port {port}: add the user to "
    "the dialout group.",
    "printer-silent": "The printer does not answer on {port}: check that it is switched on, "
    "plugged in and wired to that port.",
    "printer-no-paper-report": "The printer does not say whether it has paper: check its cable.",
    "printer-offline": "The printer is not ready: close its cover, or switch it off and on.",
    "printer-paper-out": "The printer is out of paper: load a roll.",
    "printer-paper-ran-out": "The paper ran out while printing: load a roll.",
    "printer-port-lost": "The printer was disconnected while printing: check its cable.",
    "printer-fault": "The score sheet could not be printed because of a fault in the program.",
    # --- the print queue (kiosk)
    "print-queued": "The score sheet ({title}) is waiting for the printer.",
    "print-printing": "Printing the score sheet ({title})…",
    "print-warming-up": "Waiting for the printer to get ready…",
    "print-printed": "The score sheet ({title}) is printed.",
    "print-failed": "{problem} The score sheet ({title}) is kept: it prints by itself as "
    "soon as the printer is ready.",
    "print-kept": "Score sheets waiting for the printer: {count}.",
    "print-retrying": "The printer is ready again: printing the kept score sheets ({count}).",
    # --- the command line (nothing is kept there)
    "print-nothing-printed": "Nothing was printed. {problem} Then run the command again.",
    "print-incomplete": "The score sheet may be incomplete. {problem} Then run the command again.",
    # --- the seat buttons
    "buttons-starting": "Looking for the seat buttons…",
    "buttons-ready": "The seat buttons are ready on pins {seat_a} and {seat_b}.",
    "buttons-ready-with-confirm": "The seat buttons are ready on pins {seat_a} and {seat_b}, "
    "the confirm button on pin {confirm}.",
    "buttons-switched-off": "The seat buttons are switched off in the settings file. Tap the "
    "screen instead.",
    "buttons-no-gpio": "The seat buttons are off: this machine has no GPIO pins. Tap the "
    "screen instead.",
    "buttons-pin-busy": "The seat buttons are off: pin {pin} is in use by another program. "
    "Tap the screen instead.",
    "buttons-no-permission": "The seat buttons are off: this user may not use the GPIO pins "
    "(add the user to the gpio group). Tap the screen instead.",
    "buttons-failed": "The seat buttons are off: the GPIO pins could not be opened. Tap the "
    "screen instead.",
    "buttons-settings-problem": "The seat buttons are off until the pin settings are fixed. "
    "Tap the screen instead.",
    # --- the config file: where, what, and what it turns off
    "config-problem-at": "Settings file {file}, line {line}: {problem} {outcome}",
    "config-problem": "Settings file {file}: {problem} {outcome}",
    "config-buttons-off": "The seat buttons are off until this is fixed.",
    "config-printer-off": "The printer is off until this is fixed.",
    "config-section-ignored": "The [{section}] settings are ignored: the defaults are used.",
    "config-all-off": "The printer and the seat buttons are off; the other settings keep "
    "their defaults.",
    "config-ignored": "It is ignored.",
    "config-unreadable": "it cannot be read ({reason}).",
    "config-not-utf8": "this line is not UTF-8 text; save the file as UTF-8.",
    "config-syntax": "this is not valid TOML ({detail}).",
    "config-unknown-section": "there is no section [{section}] (known: {known}).",
    "config-unknown-key": "[{section}] has no setting {key} (known: {known}).",
    "config-not-a-section": "{section} must be a section, written [{section}].",
    "config-whole-number": "{key} must be a whole number from {low} to {high}, not {value}.",
    "config-number": "{key} must be a number from {low} to {high}, not {value}.",
    "config-true-false": "{key} must be true or false, not {value}.",
    "config-one-of": "{key} must be one of {choices}, not {value}.",
    "config-text": "{key} must be text in quotes, e.g. {example}, not {value}.",
    "config-absolute-path": "{key} must be a full path, starting with / or ~, not {value}.",
    "config-pin": "{key} must be a BCM pin number from 2 to 27{or_false}, not {value}.",
    "config-or-false": ", or false",
    "config-pin-twice": "pin {pin} is used twice ({keys}).",
    "config-pin-serial": "{key} = {pin} is the serial port's {line} pin, which the printer "
    "uses (printer.port = {port}); choose another pin, e.g. 5 or 6.",
    "config-long-press": "timings.long_press_s must be longer than timings.debounce_ms.",
    "config-voice-off": "The voice is off until this is fixed.",
    # --- the voice (hardware/voice): what it says, or why it is silent
    "voice-ready": "The voice says every call.",
    "voice-ready-totals": "The voice says the running totals only.",
    "voice-switched-off": "The voice is switched off in the settings file.",
    "voice-volume-zero": "The voice is silent: its volume is 0 in the settings file.",
    "voice-no-espeak": "The voice is silent: espeak-ng, the program that speaks, is not "
    "installed (install the espeak-ng package).",
    "voice-no-player": "The voice is silent: aplay, the program that plays the sound, is not "
    "installed (install the alsa-utils package).",
    "voice-no-sound-device": "The voice is silent: there is no sound device. Plug in a USB "
    "speaker, or use a screen with speakers on HDMI.",
    "voice-no-permission": "The voice is silent: this user may not use the sound device (add "
    "the user to the audio group).",
    "voice-sound-failed": "The voice is silent: the sound device did not play. Check that the "
    "speaker is plugged in and switched on.",
    "voice-failed": "The voice is silent: espeak-ng did not speak.",
}

# Codes of good news and progress; every other code says something is wrong or off.
GOOD = frozenset(
    {
        "printer-starting",
        "printer-ready",
        "print-queued",
        "print-printing",
        "print-warming-up",
        "print-printed",
        "print-retrying",
        "buttons-starting",
        "buttons-ready",
        "buttons-ready-with-confirm",
        "voice-ready",
        "voice-ready-totals",
    }
)
PROBLEMS = frozenset(TEMPLATES) - GOOD - {"config-or-false"}


@dataclass(frozen=True)
class HardwareNews:
    """One status or piece of news: `code`, English `template`, its `params`."""

    code: str
    template: str
    params: Mapping[str, Any] = field(default_factory=dict, hash=False)

    @property
    def is_problem(self) -> bool:
        """True when it says something is wrong or switched off."""
        return self.code in PROBLEMS

    def text(self, translate: Translate | None = None) -> str:
        """The sentence: English, or `translate(template, **params)`."""
        params = {
            key: value.text(translate) if isinstance(value, HardwareNews) else value
            for key, value in self.params.items()
        }
        if translate is None:
            return self.template.format(**params)
        return translate(self.template, **params)

    def __str__(self) -> str:
        return self.text()


def news(code: str, **params: Any) -> HardwareNews:
    """The news of `code` with its template from `TEMPLATES`."""
    return HardwareNews(code, TEMPLATES[code], params)
