"""espeak-ng, run as a subprocess: speech through ALSA's `aplay`, or a WAV file.

`Espeak.speak(text, lang, side, volume)` runs `espeak-ng --stdout` into
`aplay -q` and returns when the sound has played; `Espeak.to_wav(...)` runs
`espeak-ng -w FILE`. The text goes in on standard input (so a text starting
with "-" is never an option), as UTF-8, after `pronounce.spoken` has put the
phonemes of the words espeak-ng says wrong in place. Both raise `VoiceError`
with the reason in words (`news`), never a traceback.

The voices: espeak-ng's British English (`en-gb`, Cavendish's English) and
French (`fr-fr`). With two voices (a different voice for each side of the
table) the second side speaks with espeak-ng's female variant `+f3` of the
same language. Volume is 0 to 100 (per cent) of espeak-ng's amplitude range
0 to 200, so 50 is espeak-ng's own default loudness.

`sound_problem()` says, before anything is spoken, why the table could not
be heard: espeak-ng or aplay missing, no sound card, or a user who may not
open it. It reads ALSA's own lists (`/proc/asound/cards`, `/dev/snd`), so it
costs a file read and is asked again when a speaker may have been plugged in.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

from hardware.errors import HardwareError
from hardware.news import HardwareNews, news
from hardware.voice.pronounce import spoken

ESPEAK = "espeak-ng"
APLAY = "aplay"
# language -> espeak-ng's voices (first side, second side): voice ids, not
# words a person reads, so data here rather than catalog entries.
VOICES: dict[str, tuple[str, str]] = {
    "en": ("en-gb", "en-gb+f3"),
    "fr": ("fr-fr", "fr-fr+f3"),
}
WAV_HEADER = 44  # bytes: a file no longer than this holds no sound
TIMEOUT_S = 60.0  # no call takes this long to say; a hung process is stopped


class VoiceError(HardwareError, OSError):
    """The voice could not speak or write its file; `news` says why in words."""

    def __init__(self, code: str, **params: Any) -> None:
        self.news: HardwareNews = news(code, **params)
        super().__init__(self.news.text())


def voice_name(lang: str, side: int = 0) -> str:
    """espeak-ng's voice for `lang` ("en"; anything else unknown is English) and a side."""
    first, second = VOICES.get(lang, VOICES["en"])
    return second if side == 1 else first


def amplitude(volume: int) -> int:
    """espeak-ng's `-a` for a volume of 0 to 100 per cent."""
    return max(0, min(200, round(volume * 2)))


class Espeak:
    """The speaker: espeak-ng for the words, aplay for the sound card."""

    def __init__(self, espeak: str = ESPEAK, aplay: str = APLAY, device: str | None = None):
        self.espeak = espeak
        self.aplay = aplay
        self.device = device  # an ALSA device for aplay -D; None: ALSA's default

    def command(self, lang: str, side: int, volume: int) -> list[str]:
        """espeak-ng's arguments (the text comes on standard input)."""
        return [self.espeak, "-b", "1", "-v", voice_name(lang, side), "-a", str(amplitude(volume))]

    def speak(self, text: str, lang: str, side: int = 0, volume: int = 50) -> None:
        """Say `text` through the sound card; returns once it is said."""
        words = spoken(text, lang).encode("utf-8")
        player = [self.aplay, "-q"] + (["-D", self.device] if self.device else [])
        try:
            speech = subprocess.Popen(
                [*self.command(lang, side, volume), "--stdout"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
            )
        except OSError:
            raise VoiceError("voice-no-espeak") from None
        assert speech.stdin is not None and speech.stdout is not None
        try:
            playing = subprocess.Popen(
                player, stdin=speech.stdout, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
            )
        except OSError:
            playing = None
        speech.stdout.close()  # aplay holds the sound's end of the pipe now
        try:
            speech.stdin.write(words)  # a few hundred bytes: the pipe takes them at once
            speech.stdin.close()
        except OSError:  # espeak-ng is gone already (its exit code says why)
            pass
        if playing is None:
            speech.kill()
        else:
            _wait(playing)
        _wait(speech)
        if playing is None:
            raise VoiceError("voice-no-player")
        if playing.returncode != 0:
            raise VoiceError("voice-sound-failed")
        if speech.returncode != 0:
            raise VoiceError("voice-failed")

    def to_wav(
        self, text: str, path: str | os.PathLike[str], lang: str, side: int = 0, volume: int = 50
    ) -> None:
        """Write `text` said aloud to the WAV file `path` (replaced if it is there).

        espeak-ng exits 0 even when it cannot write the file, so the file is
        checked: it must be there afterwards, and more than a WAV header."""
        file = Path(path)
        try:
            file.unlink(missing_ok=True)
        except OSError:
            raise VoiceError("voice-failed") from None
        try:
            done = subprocess.run(
                [*self.command(lang, side, volume), "-w", os.fspath(path)],
                input=spoken(text, lang).encode("utf-8"),
                capture_output=True,
                timeout=TIMEOUT_S,
                check=False,
            )
        except OSError:
            raise VoiceError("voice-no-espeak") from None
        except subprocess.TimeoutExpired:
            raise VoiceError("voice-failed") from None
        try:
            written = file.stat().st_size > WAV_HEADER
        except OSError:
            written = False
        if done.returncode != 0 or not written:
            raise VoiceError("voice-failed")

    def sound_problem(self) -> HardwareNews | None:
        """Why nothing would be heard, or None when the table can speak."""
        if shutil.which(self.espeak) is None:
            return news("voice-no-espeak")
        if shutil.which(self.aplay) is None:
            return news("voice-no-player")
        if self.device is None:
            return device_problem()
        return None  # a device named in full: aplay says whether it plays


def device_problem(
    cards: Path = Path("/proc/asound/cards"), snd: Path = Path("/dev/snd")
) -> HardwareNews | None:
    """No sound card, or one this user may not open (ALSA's lists)."""
    try:
        listed = cards.read_text(encoding="utf-8", errors="replace")
    except OSError:
        listed = ""
    if not listed.strip() or "no soundcards" in listed:
        return news("voice-no-sound-device")
    try:
        playback = [p for p in snd.iterdir() if p.name.startswith("pcm") and p.name.endswith("p")]
    except OSError:
        playback = []
    if not playback:
        return news("voice-no-sound-device")
    if not any(os.access(p, os.R_OK | os.W_OK) for p in playback):
        return news("voice-no-permission")
    return None


def _wait(process: subprocess.Popen[bytes]) -> None:
    try:
        process.wait(timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
