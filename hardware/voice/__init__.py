"""The table's voice: the calls said aloud by espeak-ng, offline (issue 24).

- `Voice(settings, lang)` (`speaking`): `say(text)` and `say_calls(calls)`
  queue and return at once; a worker thread speaks, only the newest
  utterance waits; `status` says what it does or why it is silent, and
  `hearing_problem()` why nothing would be heard whatever the settings;
  `configure(settings)` takes new settings (the kiosk's Settings screen);
  `to_wav(text, path)` writes a file now, on the caller's thread.
- `Espeak` (`espeak`): espeak-ng into aplay, `to_wav(text, path, lang)` for
  files, `sound_problem()`.
- `spoken(text, lang)` (`pronounce`): the Piquet words espeak-ng says wrong,
  as its phonemes (the table is in `docs/voice.md`).
"""

from hardware.voice.espeak import Espeak, VoiceError
from hardware.voice.pronounce import spoken
from hardware.voice.speaking import Part, Voice

__all__ = ["Espeak", "Part", "Voice", "VoiceError", "spoken"]
