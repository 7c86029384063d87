"""The voice in the kiosk (issue 24, item 3), in a real offscreen window.

A fake speaker stands for espeak-ng: it records what it is asked to say, and
can be held (it waits on a gate the test opens) to be a voice slower than the
players. Everything is checked by the order of events, never by timing: the
frame that shows a tap is drawn before its calls are handed to the voice; a
tap is handled while the voice is still speaking; the calls of taps made
while it spoke are dropped, and the current totals said.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest

from hardware.config import VoiceConfig
from hardware.news import HardwareNews
from hardware.voice import Espeak, Voice
from journal import Journal
from kiosk.presenter import KioskState, Presenter
from tests.kiosk.window import pump, texts

NNBSP = "\u202f"


class Speaker:
    """A fake speaker: records each text; with `held`, each waits for the gate."""

    def __init__(self, held: bool = False) -> None:
        self.said: list[str] = []
        self.began: list[str] = []
        self.gate = threading.Event()
        if not held:
            self.gate.set()
        self.speaking = threading.Event()  # set once a text is being said

    def speak(self, text: str, lang: str, side: int = 0, volume: int = 50) -> None:
        self.began.append(text)
        self.speaking.set()
        self.gate.wait(30)  # (a safety net: the tests open the gate long before)
        self.said.append(text)

    def sound_problem(self) -> HardwareNews | None:
        return None


def in_play(p: Presenter, guided: bool = False) -> None:
    """Anne (elder) and Bruno at the first trick, nothing declared."""
    p.new_partie()
    p.draft.names = ["Anne", "Bruno"]
    p.names_done()
    p.rules_done()
    p.set_first_dealer(1)
    if guided:
        p.toggle_guided()
    p.start_partie()
    if not guided:
        for key in ("cb-done", "ex-done", *["nothing"] * 6):
            p.answer(key)


def table(app, speaker: Speaker, lang: str = "en", state: KioskState | None = None, **kw: Any):
    """A fresh journal in the window, its voice on the fake speaker."""
    p = Presenter(Journal.open(":memory:"), lang=lang, state=state)
    kw.get("setup", in_play)(p)
    voice = Voice(VoiceConfig(), lang, speaker=speaker)
    p.session.voice.attach(voice)
    app.set_presenter(p)
    pump(6)
    return p, voice


def press(app, key: str, frames: int = 4) -> None:
    from kiosk.app import find_key, tap

    widget = find_key(app.sm.current_screen, key)
    assert widget is not None, (key, app.sm.current)
    tap(widget)
    pump(frames)


@pytest.fixture
def voices():
    made: list[tuple[Voice, Speaker]] = []
    yield made
    for voice, speaker in made:
        speaker.gate.set()
        voice.close()


def test_a_taps_calls_are_handed_to_the_voice_after_the_frame_that_shows_it(app, voices):
    from kivy.core.window import Window

    speaker = Speaker()
    _p, voice = table(app, speaker)
    voices.append((voice, speaker))
    events: list[tuple[str, Any]] = []
    queued = voice.say_calls

    def say_calls(calls, **kw):
        events.append(("queued", [c.total for c in calls]))
        queued(calls, **kw)

    voice.say_calls = say_calls  # type: ignore[method-assign]  # (recording the order)

    def flipped(*_args):
        events.append(("frame", json.dumps(app.sm.current_screen.v.get("halves"))))

    Window.bind(on_flip=flipped)
    try:
        press(app, "won-a", frames=0)
        events.append(("tapped", None))  # the tap's handler is done: nothing queued yet
        pump(4)
    finally:
        Window.unbind(on_flip=flipped)
    voice.wait_until_quiet(30)
    shown = json.dumps(app.sm.current_screen.v.get("halves"))
    kinds = [kind for kind, _ in events]
    assert kinds.count("queued") == 1, events
    assert kinds.index("tapped") < kinds.index("queued")
    first_shown = next(i for i, (kind, v) in enumerate(events) if kind == "frame" and v == shown)
    assert first_shown < kinds.index("queued"), events  # drawn first, then said
    # Anne led and won the first trick: one for the lead ("One.")
    assert speaker.said == ["One."]


def test_a_tap_never_waits_for_speech(app, voices):
    speaker = Speaker(held=True)  # a voice that does not finish until the test says so
    p, voice = table(app, speaker)
    voices.append((voice, speaker))
    press(app, "won-a")
    assert speaker.speaking.wait(30)  # the first trick's call is being said, and stays so
    press(app, "won-b")
    press(app, "won-a")
    assert len(p.journal.actions()) == 8 + 3  # every tap taken, one after another
    assert speaker.said == []  # still saying the first: the taps went on without it
    assert not voice.wait_until_quiet(0)


def test_stale_calls_are_dropped_and_the_current_totals_said(app, voices):
    speaker = Speaker(held=True)
    p, voice = table(app, speaker)
    voices.append((voice, speaker))
    press(app, "won-a")  # Anne: "One."
    assert speaker.speaking.wait(30)
    for key in ("won-a", "won-a", "won-b"):  # "Two.", "Three.", then Bruno wins Anne's lead
        press(app, key)
    assert len(p.journal.actions()) == 8 + 4  # every tap taken while the voice spoke
    speaker.gate.set()
    assert voice.wait_until_quiet(30)
    # the first call was being said: finished; "Two." and "Three." were never said; the
    # last tap's calls are said: Bruno wins Anne's lead, so his total ("One.")
    assert speaker.said[0] == "One."
    assert "Two." not in speaker.said and "Three." not in speaker.said
    assert speaker.said[-1] == "One."
    assert voice.dropped >= 2


def test_taps_in_one_frame_say_the_current_totals_only(app, voices):
    from tests.kiosk.test_tap_bursts import burst, centre

    speaker = Speaker()
    p, voice = table(app, speaker)
    voices.append((voice, speaker))
    points = [centre(app, "won-a")] * 3  # the same half, three times before a frame
    burst(points, 0, 0)
    assert voice.wait_until_quiet(30)
    assert len(p.journal.actions()) == 8 + 3
    assert speaker.said == ["Three."]  # not "One.", "Two.", "Three.": a backlog


@pytest.mark.parametrize(("lang", "words"), [("en", "Undone: one."), ("fr", f"Annulé{NNBSP}: un.")])
def test_undo_is_said_with_the_total_the_deal_is_back_at(app, voices, lang, words):
    speaker = Speaker()
    _p, voice = table(app, speaker, lang=lang)
    voices.append((voice, speaker))
    press(app, "won-a")
    press(app, "won-a")
    assert voice.wait_until_quiet(30)
    press(app, "undo")
    assert voice.wait_until_quiet(30)
    assert speaker.said[-1] == words
    press(app, "redo")
    assert voice.wait_until_quiet(30)
    assert speaker.said[-1] == ("Redone: two." if lang == "en" else f"Rétabli{NNBSP}: deux.")


def test_the_guided_deal_shows_the_call_to_make(app, voices):
    speaker = Speaker()
    _p, voice = table(app, speaker, setup=lambda p: in_play(p, guided=True))
    voices.append((voice, speaker))
    for key in ("cb-done", "ex-done", "call-5", "good"):
        press(app, key)
    assert voice.wait_until_quiet(30)
    # the point settled: Anne called it, Bruno answered, Anne counts it
    said = "Anne, say: Five cards. Bruno, say: Good. Anne, say: Five."
    assert any(t.startswith(said) for t in texts(app)), texts(app)
    assert speaker.said == ["Five cards.", "Good.", "Five."]
    for key in ("call-4", "good", "top-K", "done", "nothing", "nothing", "won-a"):
        press(app, key)
    assert voice.wait_until_quiet(30)
    # Anne leads the first trick and wins it: her total, the quart's four in it
    assert any(t.startswith("Say: Ten.") for t in texts(app)), texts(app)
    assert speaker.said[-1] == "Ten."


def test_the_voice_settings_survive_a_restart(app, voices, tmp_path: Path):
    state = KioskState(tmp_path / "kiosk.json")
    speaker = Speaker()
    p, voice = table(app, speaker, state=state)
    voices.append((voice, speaker))
    p.go("settings")
    pump(4)
    for key in ("voice-totals", "voice_volume", "voices-2"):
        press(app, key)
    assert (voice.settings.speak, voice.settings.volume, voice.settings.voices) == (
        "totals",
        75,
        2,
    )
    # the kiosk starts again on the same side file: the same choices, shown and used
    again = Presenter(Journal.open(":memory:"), state=KioskState(tmp_path / "kiosk.json"))
    other = Voice(VoiceConfig(), "en", speaker=Speaker())
    voices.append((other, Speaker()))
    again.session.voice.attach(other)
    again.go("settings")
    view = again.view()
    assert (view["voice_speak"], view["voice_volume"], view["voice_voices"]) == ("totals", 75, 2)
    assert (other.settings.speak, other.settings.volume, other.settings.voices) == (
        "totals",
        75,
        2,
    )


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "espeak-ng, the program that speaks, is not installed"),
        ("fr", "espeak-ng, le programme qui parle, n'est pas installé"),
    ],
)
def test_a_missing_espeak_is_said_in_settings_and_the_table_plays_on(app, lang, words):
    p = Presenter(Journal.open(":memory:"), lang=lang)
    in_play(p)
    voice = Voice(VoiceConfig(), lang, speaker=Espeak(espeak="no-such-espeak-ng"))
    p.session.voice.attach(voice)
    app.set_presenter(p)
    pump(6)
    press(app, "won-a")  # the table plays on, silently
    assert voice.wait_until_quiet(30)
    assert len(p.journal.actions()) == 9
    press(app, "home")
    p.go("settings")
    pump(4)
    assert any(words in t for t in texts(app)), texts(app)
    voice.close()


def test_the_tables_voice_speaks_once_the_hardware_is_open():
    """`piquet kiosk` opens the table's hardware after the first frame
    (kiosk.hardware_wiring.Table, which makes the voice): the first tap after
    it is said, with the choices kept in the side file."""
    from hardware.config import TableConfig
    from kiosk.hardware_wiring import Table

    p = Presenter(Journal.open(":memory:"))
    in_play(p)
    p.set_speak("totals")  # chosen before the hardware opened: kept for it
    p.session.voice.after_frame()  # the first frame: nothing of the partie's past said
    config = TableConfig()
    hardware = Table(lambda fn: fn(), lambda _event: None, lambda _status: None, config=config)
    speaker = Speaker()
    hardware.voice.speaker = speaker
    p.attach_table(hardware)
    p.trick_won(0)
    p.session.voice.after_frame()
    assert hardware.voice.wait_until_quiet(30)
    hardware.close()
    assert hardware.voice.settings.speak == "totals"
    assert speaker.said == ["One."]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_button_moves_under_a_finger_as_the_voice_is_set(app, lang, tmp_path: Path):
    """The voice's line says why nothing would be heard whatever the choice: a
    choice changes no text above a button, so nothing moves (issue 20)."""
    from kiosk.app import shown

    p = Presenter(Journal.open(":memory:"), lang=lang, state=KioskState(tmp_path / "k.json"))
    voice = Voice(VoiceConfig(), lang, speaker=Espeak(espeak="no-such-espeak-ng"))
    p.session.voice.attach(voice)
    app.set_presenter(p)
    p.go("settings")
    pump(6)

    def places() -> dict[str, tuple[float, ...]]:
        return {
            w.key: (*w.to_window(*w.pos), *w.size)
            for w in app.sm.current_screen.walk(restrict=True)
            if getattr(w, "key", "") and shown(w)
        }

    before = places()
    assert {"voice-off", "voice-totals", "voice-calls", "voice_volume", "voices-2"} <= set(before)
    for key in ("voice-off", "voice-totals", "voice_volume", "voices-2", "voice-calls", "voices-1"):
        press(app, key)
        assert places() == before, key
    voice.close()
