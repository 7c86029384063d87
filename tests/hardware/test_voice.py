"""The table's voice (hardware/voice): never a backlog, never a wait, silent with a reason.

The queue is tested by the order of events, not by timing: `HeldSpeaker`
speaks nothing until the test lets each utterance finish, so what `say`
does while the voice is busy can be seen as it happens.
"""

from __future__ import annotations

import json
import queue
import threading
import wave
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest

from hardware.config import VoiceConfig
from hardware.news import HardwareNews, news
from hardware.voice import Espeak, Voice, VoiceError
from hardware.voice.espeak import amplitude, device_problem, voice_name
from kiosk.i18n import Translator
from scorer.calls import Call, partie_calls
from scorer.calls_words import say
from tests.conftest import EXAMPLES

GUARD_S = 30.0  # only against a hang: every wait below ends as soon as its event happens


class HeldSpeaker:
    """A speaker that says nothing until the test releases each utterance."""

    def __init__(self, held: bool = True, problem: HardwareNews | None = None) -> None:
        self.held = held
        self.problem = problem
        self.fail_with: str | None = None  # the code of a VoiceError for the next utterance
        self.said: list[tuple[str, str, int, int]] = []
        self.started: queue.Queue[str] = queue.Queue()
        self.release = threading.Semaphore(0)
        self.speaking = False

    def speak(self, text: str, lang: str, side: int = 0, volume: int = 50) -> None:
        self.speaking = True
        self.said.append((text, lang, side, volume))
        self.started.put(text)
        if self.held:
            assert self.release.acquire(timeout=GUARD_S), "the test never let it finish"
        self.speaking = False
        if self.fail_with is not None:
            code, self.fail_with = self.fail_with, None
            raise VoiceError(code)

    def sound_problem(self) -> HardwareNews | None:
        return self.problem

    def next_started(self) -> str:
        return self.started.get(timeout=GUARD_S)

    def texts(self) -> list[str]:
        return [text for text, *_ in self.said]


def book_calls() -> tuple[Call, ...]:
    whole = json.loads((EXAMPLES / "cavendish-example-deal.json").read_text(encoding="utf-8"))
    return partie_calls(whole["record"])


def in_turn(*actions: Callable[[], None]) -> None:
    """Run the callables on another thread and wait for them (a hang fails, never blocks)."""

    def run() -> None:
        for action in actions:
            action()

    worker = threading.Thread(target=run)
    worker.start()
    worker.join(GUARD_S)
    assert not worker.is_alive(), "say() waited for the voice"


def test_say_returns_while_the_voice_speaks_and_only_the_newest_waits() -> None:
    speaker = HeldSpeaker()
    voice = Voice(speaker=speaker)
    voice.say("Ten.")
    assert speaker.next_started() == "Ten."  # the worker is inside the speaker, held there
    in_turn(*(partial(voice.say, t) for t in ("Eleven.", "Twelve.", "Thirteen.")))
    assert speaker.speaking and speaker.texts() == ["Ten."]  # the three returned meanwhile
    speaker.release.release()  # "Ten." is said
    assert speaker.next_started() == "Thirteen."  # the table's latest, not a backlog
    speaker.release.release()
    assert voice.wait_until_quiet(GUARD_S)
    assert speaker.texts() == ["Ten.", "Thirteen."]
    assert voice.dropped == 2
    voice.close()


def test_the_rest_of_a_taps_calls_is_dropped_when_a_newer_tap_comes() -> None:
    calls = book_calls()[9:13]  # A: Ten. / B: Four tens fourteen... / A: Eleven... / B: Seventeen.
    speaker = HeldSpeaker()
    voice = Voice(speaker=speaker)
    voice.say_calls(calls)
    assert speaker.next_started() == "Ten."
    in_turn(lambda: voice.say("Undone: ten."))
    speaker.release.release()  # "Ten." finishes: it is never cut off in a word
    assert speaker.next_started() == "Undone: ten."
    speaker.release.release()
    assert voice.wait_until_quiet(GUARD_S)
    assert speaker.texts() == ["Ten.", "Undone: ten."]
    assert voice.dropped == 1
    voice.close()


def test_with_time_to_speak_every_call_is_said_in_order() -> None:
    calls = book_calls()
    speaker = HeldSpeaker(held=False)
    voice = Voice(VoiceConfig(volume=80), speaker=speaker)
    voice.say_calls(calls, lang="fr")
    assert voice.wait_until_quiet(GUARD_S)
    assert speaker.texts() == [say(c, "fr") for c in calls]
    assert {(lang, volume) for _, lang, _, volume in speaker.said} == {("fr", 80)}
    assert voice.dropped == 0 and voice.status.code == "voice-ready"
    voice.close()


def test_totals_only_says_the_calls_that_announce_a_total() -> None:
    speaker = HeldSpeaker(held=False)
    voice = Voice(VoiceConfig(speak="totals"), speaker=speaker)
    voice.say_calls(book_calls()[:9])  # the declarations
    assert voice.wait_until_quiet(GUARD_S)
    assert speaker.texts() == ["Five and four are nine."]  # "Forty-nine." is a point, not a total
    assert voice.status.code == "voice-ready-totals"
    assert voice.status.text(Translator("fr")) == "La voix ne dit que les totaux."
    voice.close()


@pytest.mark.parametrize(("voices", "sides"), [(2, [0, 1, 0, 1]), (1, [0, 0, 0, 0])])
def test_two_voices_give_each_side_of_the_table_its_own(voices: int, sides: list[int]) -> None:
    speaker = HeldSpeaker(held=False)
    voice = Voice(VoiceConfig(voices=voices), speaker=speaker)
    voice.say_calls(book_calls()[:4], sides=("A", "B"))  # A, B, A, B
    assert voice.wait_until_quiet(GUARD_S)
    assert [side for *_, side, _ in speaker.said] == sides
    voice.close()


@pytest.mark.parametrize(
    ("settings", "code", "french"),
    [
        (
            VoiceConfig(speak="off"),
            "voice-switched-off",
            "La voix est désactivée dans le fichier de réglages.",
        ),
        (
            VoiceConfig(volume=0),
            "voice-volume-zero",
            "La voix est muette\u202f: son volume est à 0 dans le fichier de réglages.",
        ),
    ],
)
def test_switched_off_it_says_nothing_and_says_why(
    settings: VoiceConfig, code: str, french: str
) -> None:
    speaker = HeldSpeaker()
    voice = Voice(settings, speaker=speaker)
    voice.say("Ten.")
    voice.say_calls(book_calls())
    assert voice.wait_until_quiet(GUARD_S)
    assert speaker.said == [] and voice.status.code == code and not voice.speaks
    assert voice.status.text(Translator("fr")) == french
    voice.close()


def test_without_espeak_it_works_on_silently_and_speaks_once_it_is_there() -> None:
    speaker = HeldSpeaker(held=False, problem=news("voice-no-espeak"))
    heard: list[str] = []
    voice = Voice(speaker=speaker, on_status=lambda n: heard.append(n.code))
    assert voice.status.text() == (
        "The voice is silent: espeak-ng, the program that speaks, is not installed (install the "
        "espeak-ng package)."
    )
    assert voice.status.text(Translator("fr")) == (
        "La voix est muette\u202f: espeak-ng, le programme qui parle, n'est pas installé "
        "(installez le paquet espeak-ng)."
    )
    in_turn(lambda: voice.say("Ten."))
    assert voice.wait_until_quiet(GUARD_S)
    assert speaker.said == []
    speaker.problem = None  # installed, or a speaker plugged in
    voice.say("Eleven.")
    assert voice.wait_until_quiet(GUARD_S)
    assert speaker.texts() == ["Eleven."]
    assert heard == ["voice-ready"] and voice.speaks
    voice.close()


def test_a_speaker_that_fails_says_why_and_the_next_call_tries_again() -> None:
    speaker = HeldSpeaker(held=False)
    heard: list[str] = []
    voice = Voice(speaker=speaker, on_status=lambda n: heard.append(n.code))
    speaker.fail_with = "voice-sound-failed"
    voice.say("Ten.")
    assert voice.wait_until_quiet(GUARD_S)
    assert voice.status.code == "voice-sound-failed"
    voice.say("Eleven.")
    assert voice.wait_until_quiet(GUARD_S)
    assert speaker.texts() == ["Ten.", "Eleven."]
    assert heard == ["voice-sound-failed", "voice-ready"]
    voice.close()


def test_close_lets_the_call_finish_and_drops_what_waits() -> None:
    speaker = HeldSpeaker()
    voice = Voice(speaker=speaker)
    voice.say("Ten.")
    assert speaker.next_started() == "Ten."
    voice.say("Eleven.")
    voice.close(wait=False)  # returns while "Ten." is still being said
    assert speaker.speaking
    speaker.release.release()
    voice.close()  # now the worker has stopped
    voice.say("Twelve.")  # after close: nothing, and no error
    assert voice.wait_until_quiet(GUARD_S)
    assert speaker.texts() == ["Ten."]


# --- espeak-ng itself (installed by scripts/setup and .ci/run)


def test_espeak_speaks_through_aplay_to_alsas_null_device() -> None:
    """The whole pipe, espeak-ng into aplay, heard by nobody: ALSA's null device."""
    voice = Voice(speaker=Espeak(device="null"))
    assert voice.status.code == "voice-ready"
    voice.say("In hearts; and quart major.")
    assert voice.wait_until_quiet(GUARD_S)
    assert voice.status.code == "voice-ready"
    voice.close()


@pytest.mark.parametrize(
    ("speaker", "code"),
    [
        (Espeak(espeak="no-such-espeak-ng"), "voice-no-espeak"),
        (Espeak(aplay="no-such-aplay"), "voice-no-player"),
    ],
)
def test_a_missing_program_is_named(speaker: Espeak, code: str) -> None:
    assert speaker.sound_problem() == news(code)
    with pytest.raises(VoiceError) as error:
        speaker.speak("Ten.", "en")
    assert error.value.news.code == code


def test_a_device_that_does_not_play_is_said_in_words() -> None:
    with pytest.raises(VoiceError) as error:
        Espeak(device="no-such-device").speak("Ten.", "en")
    assert error.value.news.code == "voice-sound-failed"
    assert str(error.value).startswith("The voice is silent: the sound device did not play.")


def test_no_sound_card_is_read_from_alsas_lists(tmp_path: Path) -> None:
    cards, snd = tmp_path / "cards", tmp_path / "snd"
    assert device_problem(cards, snd) == news("voice-no-sound-device")  # no ALSA at all
    cards.write_text("--- no soundcards ---\n")
    assert device_problem(cards, snd) == news("voice-no-sound-device")
    cards.write_text(" 0 [vc4hdmi0 ]: vc4-hdmi - vc4-hdmi-0\n")
    snd.mkdir()
    (snd / "controlC0").touch()
    (snd / "pcmC0D0c").touch()  # a microphone only
    assert device_problem(cards, snd) == news("voice-no-sound-device")
    (snd / "pcmC0D0p").touch()
    assert device_problem(cards, snd) is None


def test_the_voices_and_the_volume_given_to_espeak() -> None:
    assert [voice_name("en", s) for s in (0, 1)] == ["en-gb", "en-gb+f3"]
    assert [voice_name("fr", s) for s in (0, 1)] == ["fr-fr", "fr-fr+f3"]
    assert [amplitude(v) for v in (0, 50, 100)] == [0, 100, 200]
    assert Espeak().command("fr", 1, 50) == ["espeak-ng", "-b", "1", "-v", "fr-fr+f3", "-a", "100"]


def test_the_settings_files_device_is_the_one_played_on() -> None:
    voice = Voice(VoiceConfig(device="null"))  # ALSA's null device, named in the settings
    assert isinstance(voice.speaker, Espeak) and voice.speaker.device == "null"
    voice.say("Carte blanche, ten.")
    assert voice.wait_until_quiet(GUARD_S)
    assert voice.status.code == "voice-ready"
    voice.close()


def test_to_wav_writes_a_file_now_whatever_the_voice_is_saying(tmp_path: Path) -> None:
    speaker = HeldSpeaker()
    voice = Voice(VoiceConfig(voices=2), speaker=speaker, lang="fr")
    voice.say("Dix.")
    assert speaker.next_started() == "Dix."  # the table's voice is busy, held
    voice.to_wav("Huitième majeure.", tmp_path / "fr.wav", side=1)
    voice.to_wav("Sixième major.", tmp_path / "en.wav", lang="en")
    for name in ("fr.wav", "en.wav"):
        with wave.open(str(tmp_path / name), "rb") as sound:
            assert sound.getnframes() / sound.getframerate() > 0.2
    with pytest.raises(VoiceError) as error:
        voice.to_wav("Dix.", tmp_path / "no-such-folder" / "x.wav")
    assert error.value.news.code == "voice-failed"
    speaker.release.release()
    voice.close()
    assert speaker.texts() == ["Dix."]
