"""The voice's settings changed while the kiosk runs (its Settings screen),
and why nothing would be heard, whatever they are (hardware/voice/speaking.py)."""

from __future__ import annotations

from hardware.config import VoiceConfig
from hardware.news import HardwareNews, news
from hardware.voice import Espeak, Voice


class Speaker:
    def __init__(self, problem: HardwareNews | None = None) -> None:
        self.said: list[tuple[str, int, int]] = []
        self.problem = problem

    def speak(self, text: str, lang: str, side: int = 0, volume: int = 50) -> None:
        self.said.append((text, side, volume))

    def sound_problem(self) -> HardwareNews | None:
        return self.problem


def test_new_settings_take_effect_from_the_next_utterance():
    speaker = Speaker()
    voice = Voice(VoiceConfig(speak="off"), "en", speaker=speaker)
    voice.say("Ten.")
    assert voice.status.code == "voice-switched-off"
    voice.configure(VoiceConfig(speak="calls", volume=75, voices=2))
    assert voice.status.code == "voice-ready"
    voice.say("Eleven.", side=1)
    assert voice.wait_until_quiet(30)
    voice.close()
    assert speaker.said == [("Eleven.", 1, 75)]  # nothing said while it was off


def test_the_reason_nothing_would_be_heard_is_known_even_when_switched_off():
    voice = Voice(VoiceConfig(speak="off"), "en", speaker=Espeak(espeak="no-such-espeak-ng"))
    problem = voice.hearing_problem()
    assert problem is not None and problem.code == "voice-no-espeak"
    heard = Voice(VoiceConfig(speak="off"), "en", speaker=Speaker())
    assert heard.hearing_problem() is None
    failed = Voice(VoiceConfig(), "en", speaker=Speaker(news("voice-no-sound-device")))
    assert failed.hearing_problem() == news("voice-no-sound-device")
