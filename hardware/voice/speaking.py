"""The table's voice: says the calls aloud from a worker thread, never behind the table.

`Voice.say(text)` and `Voice.say_calls(calls)` queue what is to be said and
return at once: the kiosk calls them from its UI thread after the frame
shows the tap, and a tap never waits for speech. One worker thread (started
with the first utterance) hands each utterance to the speaker
(`hardware.voice.espeak.Espeak`, espeak-ng into aplay).

**Never a backlog.** While the worker speaks, only the newest utterance
waits: a new one replaces the one waiting (the stale one is dropped and
counted in `dropped`). The calls of one tap are one utterance, said call by
call; when a newer utterance arrives while they are said, the rest of them
is dropped after the call being said, which is never cut off in a word. So
when the players tap faster than the voice speaks, the table hears the call
being said finish, then the calls of the latest tap: the current totals.

**Settings** (`hardware.config.VoiceConfig`): `speak` "calls" says every
call, "totals" only the calls that announce a running total ("Ten.", "Five
and four are nine.", not "Good." or "Five cards."), "off" nothing; `volume`;
`voices` 2 gives each side of the table its own voice (the side of a call's
player, from the `sides` names given to `say_calls`); `device` an ALSA
device other than the default (a USB speaker beside an HDMI screen).

**Silent, never broken.** With the voice switched off, espeak-ng or aplay
missing, or no sound device, `say` still returns at once and nothing is
said; `status` says why in words (`HardwareNews`, translated by the kiosk's
catalog like the printer's and the buttons'), for the Settings screen. A
sound device that is missing is looked for again before each utterance (a
USB speaker plugged in later is used, and so is espeak-ng installed later);
a speaker that fails while speaking turns the status to the reason, and the
next utterance tries again.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from hardware.config import VoiceConfig
from hardware.news import HardwareNews, news
from hardware.voice.espeak import Espeak, VoiceError
from scorer.calls_words import say as words

if TYPE_CHECKING:
    from scorer.calls import Call

# Nothing to try while one of these holds; each is looked for again before an utterance.
SILENT = frozenset(
    {"voice-no-espeak", "voice-no-player", "voice-no-sound-device", "voice-no-permission"}
)


class Speaker(Protocol):
    """What the voice needs of a speaker (`Espeak`, or a test's fake)."""

    def speak(self, text: str, lang: str, side: int = 0, volume: int = 50) -> None: ...

    def sound_problem(self) -> HardwareNews | None: ...


@dataclass(frozen=True)
class Part:
    """One thing said: the text, its language and the side of the table saying it."""

    text: str
    lang: str
    side: int = 0


class Voice:
    """The table's voice: `say`/`say_calls` queue and return; a worker speaks."""

    def __init__(
        self,
        settings: VoiceConfig | None = None,
        lang: str = "en",
        speaker: Speaker | None = None,
        on_status: Callable[[HardwareNews], None] | None = None,
    ) -> None:
        self.settings = settings if settings is not None else VoiceConfig()
        self.lang = lang  # the language of `say` and `say_calls` when none is given
        self.speaker: Speaker = (
            speaker if speaker is not None else Espeak(device=self.settings.device)
        )
        self.on_status = on_status  # told of each change of `status`, on the worker thread
        self.dropped = 0  # utterances (or the rest of one) dropped as stale
        self._lock = threading.Condition()
        self._pending: tuple[Part, ...] | None = None
        self._speaking = False
        self._closed = False
        self._worker: threading.Thread | None = None
        self._status = self._settings_status() or self.speaker.sound_problem() or self._ready()

    # --- what the Settings screen shows

    @property
    def status(self) -> HardwareNews:
        """What the voice does, or why it is silent, in words."""
        return self._status

    @property
    def speaks(self) -> bool:
        """Whether anything said now would be heard (as far as can be known)."""
        return not self._status.is_problem

    def configure(self, settings: VoiceConfig) -> None:
        """New settings (the kiosk's Settings screen): from the next utterance on;
        the call being said is finished. The status says the new settings, or the
        reason nothing would be heard."""
        self.settings = settings
        if isinstance(self.speaker, Espeak):
            self.speaker.device = settings.device
        self._set_status(self._settings_status() or self.speaker.sound_problem() or self._ready())

    def hearing_problem(self) -> HardwareNews | None:
        """Why nothing would be heard whatever the settings (no espeak-ng, no sound
        device, one that failed), or None: for a Settings screen whose buttons show
        the settings themselves. Looked for again when it is a missing part."""
        if self._status.code in SILENT or self._settings_status() is not None:
            return self.speaker.sound_problem()
        return self._status if self._status.is_problem else None

    # --- what the table says

    def say(self, text: str, lang: str | None = None, side: int = 0) -> None:
        """Say `text` (any words: "Undone: seventeen."); returns at once."""
        if text.strip():
            self._queue((Part(text, lang or self.lang, self._side(side)),))

    def say_calls(
        self, calls: Sequence[Call], lang: str | None = None, sides: Sequence[str] = ()
    ) -> None:
        """Say the calls of one tap, in order, as one utterance; returns at once.

        With `speak = "totals"` only the calls that announce a total are said.
        `sides`: the players' names, the first side of the table first (a
        name not in it speaks with the first side's voice)."""
        lang = lang or self.lang
        if self.settings.speak == "totals":
            calls = [c for c in calls if c.total is not None]
        parts = tuple(
            Part(words(c, lang), lang, self._side(sides.index(c.by) if c.by in sides else 0))
            for c in calls
        )
        if parts:
            self._queue(parts)

    def to_wav(
        self, text: str, path: str | os.PathLike[str], lang: str | None = None, side: int = 0
    ) -> None:
        """Say `text` into the WAV file `path`, now, on this thread (not the table's
        speech: nothing is queued or dropped); raises `VoiceError` saying why not.
        Files are written at espeak-ng's own loudness, whatever `volume` is."""
        Espeak().to_wav(text, path, lang or self.lang, self._side(side))

    def wait_until_quiet(self, timeout: float | None = None) -> bool:
        """Wait until nothing is said or waiting (tests, and a clean exit)."""
        with self._lock:
            return self._lock.wait_for(
                lambda: self._pending is None and not self._speaking, timeout
            )

    def close(self, wait: bool = True) -> None:
        """Drop what waits and stop the worker once the call being said is finished
        (never cut off in a word); `wait`: return only then."""
        with self._lock:
            self._closed = True
            self._pending = None
            self._lock.notify_all()
            worker = self._worker
        if wait and worker is not None:
            worker.join()

    # --- the queue: one utterance waits, the newest

    def _queue(self, parts: tuple[Part, ...]) -> None:
        if self.settings.speak == "off" or self.settings.volume == 0:
            return
        with self._lock:
            if self._closed:
                return
            if self._pending is not None:
                self.dropped += 1
            self._pending = parts
            if self._worker is None:
                self._worker = threading.Thread(target=self._run, name="voice", daemon=True)
                self._worker.start()
            self._lock.notify_all()

    def _run(self) -> None:
        while True:
            with self._lock:
                self._lock.wait_for(lambda: self._pending is not None or self._closed)
                if self._closed:
                    return
                parts, self._pending = self._pending, None
                self._speaking = True
            assert parts is not None
            try:
                self._say_parts(parts)
            finally:
                with self._lock:
                    self._speaking = False
                    self._lock.notify_all()

    def _say_parts(self, parts: tuple[Part, ...]) -> None:
        if self._status.code in SILENT:  # a speaker plugged in since, or espeak-ng installed?
            self._set_status(self.speaker.sound_problem() or self._ready())
            if self._status.code in SILENT:
                return
        for i, part in enumerate(parts):
            if i:
                with self._lock:
                    if self._pending is not None or self._closed:
                        self.dropped += 1  # the rest of this tap: a newer one waits
                        return
            try:
                self.speaker.speak(part.text, part.lang, part.side, self.settings.volume)
            except VoiceError as error:
                self._set_status(error.news)
                return
        self._set_status(self._ready())

    # --- status

    def _settings_status(self) -> HardwareNews | None:
        if self.settings.speak == "off":
            return news("voice-switched-off")
        if self.settings.volume == 0:
            return news("voice-volume-zero")
        return None

    def _ready(self) -> HardwareNews:
        return news("voice-ready-totals" if self.settings.speak == "totals" else "voice-ready")

    def _set_status(self, status: HardwareNews) -> None:
        if status != self._status:
            self._status = status
            if self.on_status is not None:
                self.on_status(status)

    def _side(self, side: int) -> int:
        return side if self.settings.voices == 2 else 0
