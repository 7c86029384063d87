"""The table's voice in the kiosk: each tap's calls said once its frame is drawn.

A presenter the session holds (no Kivy; issue 24, item 3). The voice itself
is `hardware.voice.Voice` (espeak-ng on a worker thread): the kiosk makes it
with the table's hardware (`kiosk.hardware_wiring.Table.voice`, after the
first frame), and tests attach one with a fake speaker (`attach`).

**After the frame, never before.** The app calls `after_frame()` on the clock
tick after each refresh (`kiosk.app`, a 0 trigger: the frame that shows the
tap has been drawn by then). It takes the calls of the partie
(`scorer.calls.partie_calls`, each lead its own call, so the calls of a
partie one tap on are the calls before it and then the new ones), hands the
new ones since the last spoken point to the voice (`Voice.say_calls`, which
queues and returns) and marks the point. A tap's handler does nothing but
note that the partie changed (a listener comparing the record it reads):
it never waits for speech, never runs espeak-ng.

**Never a backlog.** The hook runs at most once a frame, and says one
utterance; the voice keeps only the newest waiting. When the hook finds more
than one change since its last run (taps faster than frames, another
writer's actions), the calls in between are stale: only the current totals
are said (each player's latest running total, in the order said).

**Undo and Redo** are said with the running total the table is back at, the
last one announced in the deal: "Undone: seventeen." ("Redone: eighteen.");
with no total yet in the deal, "Undone." ("Redone."). They are said in
"totals only" too: the table must hear that a tap was taken back.

**What is said when.** Nothing of a partie's past: a partie first seen (the
kiosk starting on it, a new partie, one taken up from History) is marked
silently. Three to seven players: silent. The calls are
Cavendish's two-handed table talk (`scorer.calls` knows two players only);
at a table of three or more a voice reading each player's total after every
tap would be noise, and the screen shows every total: the choice is silence.

**Settings** (the Settings screen): the voice off, totals only or every
call; the volume (25, 50, 75 or 100 %); one voice or two. They are kept in
the side file (`KioskState`, "voice"), as the text size is: a choice made on
the device survives a restart and wins over the settings file's `[voice]`
(the appliance's defaults; its `device` stays the file's alone). The status
line says why nothing would be heard (no espeak-ng, no sound device, a
device that failed), in words, whatever the choice.

**The guided deal** shows the calls of the tap just made before its hint, as
the players say them: "Say: Ten." or, when both call, "Anne, say: Five
cards. Bruno, say: Good. Anne, say: Five." (`say_line`), so a newcomer
learns the calls themselves; the voice says them when it is on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hardware.config import VoiceConfig
from scorer import RecordError
from scorer.frozen import replace  # the config's classes are scorer.frozen's
from vocabulary.numbers import number

# scorer.calls and its words are imported when a call is first worked out (after
# the first frame: the kiosk's start does not wait for them)

if TYPE_CHECKING:
    from hardware.voice import Voice
    from kiosk.session import Session
    from scorer.calls import Call

SPEAK_CHOICES = ("off", "totals", "calls")
VOLUMES = (25, 50, 75, 100)  # per cent; 0 is "off" (the first choice)
SIDE_KEY = "voice"  # KioskState's key: the choices made on the device


def current_totals(calls: tuple[Call, ...]) -> tuple[Call, ...]:
    """Of calls said one after another, each player's latest running total, in
    the order said: what the table stands at now."""
    latest: dict[str, int] = {}
    for i, call in enumerate(calls):
        if call.total is not None:
            latest[call.by] = i
    return tuple(calls[i] for i in sorted(latest.values()))


def common(before: tuple[Call, ...], after: tuple[Call, ...]) -> int:
    """How many calls `after` begins with as `before` did."""
    n = 0
    for a, b in zip(before, after, strict=False):
        if a != b:
            break
        n += 1
    return n


class TableVoice:
    """The voice's presenter: the calls after each frame, Undo and Redo, the
    voice's Settings and the guided deal's "Say:" line."""

    def __init__(self, session: Session) -> None:
        self.s = session
        self._spoken_voice: Voice | None = None
        self._spoken_record: object = None  # the record last noticed (a change: another one)
        self._spoken_changes = 0  # partie changes since the last after_frame
        self._spoken_undo = ""  # "undo" | "redo": the change was that
        # the partie the calls were last spoken up to, and those calls (None: not known)
        self._spoken_mark: tuple[int | None, tuple[Call, ...] | None] = (None, None)
        self._spoken_cache: tuple[object, tuple[Call, ...]] = (None, ())
        self.last_tap_calls: tuple[Call, ...] = ()  # the guided deal's "Say:"
        session.listeners.append(self._partie_noticed)

    # ----- the voice -----------------------------------------------------------
    def attach(self, voice: Voice) -> None:
        """Use `voice` from now on, with the choices made on the device."""
        self._spoken_voice = voice
        voice.configure(self.voice_settings(voice.settings))

    def the_voice(self) -> Voice | None:
        """The voice attached, else the table's once it is open, else None."""
        table = self.s.table_state.table
        if self._spoken_voice is None and table is not None:
            from hardware.voice import Voice  # (the table is open: not on the start path)

            found = getattr(table, "voice", None)
            if isinstance(found, Voice):
                self.attach(found)
                if hasattr(table, "on_voice_news"):
                    table.on_voice_news = lambda _news: self.s.changed()
        return self._spoken_voice

    def voice_settings(self, base: VoiceConfig | None = None) -> VoiceConfig:
        """The settings file's `[voice]` with the choices made on the device."""
        config = getattr(self.s.table_state.config, "voice", None)
        settings = base or (config if isinstance(config, VoiceConfig) else VoiceConfig())
        chosen = self.s.state.data.get(SIDE_KEY)
        if not isinstance(chosen, dict):
            return settings
        speak = chosen.get("speak")
        volume = chosen.get("volume")
        voices = chosen.get("voices")
        return replace(
            settings,
            speak=speak if speak in SPEAK_CHOICES else settings.speak,
            volume=volume
            if isinstance(volume, int) and not isinstance(volume, bool) and 0 < volume <= 100
            else settings.volume,
            voices=voices if voices in (1, 2) else settings.voices,
        )

    # ----- the hooks: a change noticed, the frame drawn, undo and redo ----------
    def _partie_noticed(self) -> None:
        """A listener of the session: the partie's record is another object
        after each change of it (an identity test, nothing more on the tap's path)."""
        try:
            record = self.s.record() if self.s.current() is not None else None
        except Exception:  # a journal gone or damaged: nothing to say of it
            return
        if record is not self._spoken_record:
            self._spoken_record = record
            self._spoken_changes += 1

    def undone(self) -> None:
        """The session undid a tap: said after the frame."""
        self._spoken_undo = "undo"

    def redone(self) -> None:
        self._spoken_undo = "redo"

    def after_frame(self) -> None:
        """The frame that shows the last taps is drawn: hand the voice what they
        said (it queues and returns)."""
        changes, self._spoken_changes = self._spoken_changes, 0
        undo, self._spoken_undo = self._spoken_undo, ""
        partie = self.s.current()
        known_partie, known = self._spoken_mark
        if not changes and not undo and partie == known_partie:
            return
        voice = self.the_voice()
        if partie is None or self.s.form_traits():
            self._spoken_mark = (partie, None)
            return
        if not self._listening(voice) and not self.s.guided.is_guided():
            self._spoken_mark = (partie, None)  # not known: the next change is marked silently
            return
        listening = voice is not None and self._listening(voice)
        calls = self.calls_now()
        self._spoken_mark = (partie, calls)
        if partie != known_partie or known is None:
            self.last_tap_calls = ()
            return
        if undo:
            self.last_tap_calls = ()
            if voice is not None and listening:
                voice.say(self._undo_words(undo, calls))
            return
        new = calls[common(known, calls) :]
        if not new:
            self.last_tap_calls = ()
            return
        if changes > 1:
            new = current_totals(new)
        self.last_tap_calls = new
        if voice is not None and listening:
            voice.say_calls(new, lang=self.s.lang, sides=self.s.seats())

    @staticmethod
    def _listening(voice: Voice | None) -> bool:
        """Whether the calls are worth working out after a tap: a voice that may
        speak, or none yet (the table's hardware opens after the first frame: the
        first tap after it is said)."""
        return voice is None or (voice.settings.speak != "off" and voice.settings.volume > 0)

    def calls_now(self) -> tuple[Call, ...]:
        """The current partie's calls (two players), each lead its own call;
        worked out once a state of the partie."""
        record = self.s.record()
        if self._spoken_cache[0] is not record:
            from scorer.calls import partie_calls

            try:
                calls = partie_calls(record, runs=False)
            except (RecordError, ValueError):
                calls = ()
            self._spoken_cache = (record, calls)
        return self._spoken_cache[1]

    def _undo_words(self, undo: str, calls: tuple[Call, ...]) -> str:
        deal = len(self.s.record().get("deals", ()))
        said = [c for c in calls if c.total is not None and c.deal == deal]
        if not said or said[-1].total is None or not 0 <= said[-1].total <= 999:
            return self.s._("Undone.") if undo == "undo" else self.s._("Redone.")
        total = number(said[-1].total, self.s.lang)
        if undo == "undo":
            return self.s._("Undone: {total}.", total=total)
        return self.s._("Redone: {total}.", total=total)

    # ----- the guided deal ------------------------------------------------------
    def say_line(self) -> str:
        """The calls of the tap just made, as the guided deal shows them
        ("Say: Five cards."; "Anne, say: Ten. Bruno, say: Eight." when both
        call), or "" when it made none. Asked before the frame: the calls are
        worked out here for a guided partie (the voice's hook finds them done)."""
        partie = self.s.current()
        known_partie, known = self._spoken_mark
        fresh = self.last_tap_calls
        unseen = self._spoken_changes  # taps the voice's hook has not seen yet
        if unseen and partie is not None and partie == known_partie and known is not None:
            calls = self.calls_now()
            fresh = calls[common(known, calls) :]
            if unseen > 1:  # as the voice will say them
                fresh = current_totals(fresh)
        if not fresh:
            return ""
        from scorer.calls_words import say as call_words

        lang = self.s.lang
        turns: list[tuple[str, list[str]]] = []  # (who, his calls one after another)
        for call in fresh:
            if not turns or turns[-1][0] != call.by:
                turns.append((call.by, []))
            turns[-1][1].append(call_words(call, lang))
        if len(turns) == 1:
            return self.s._("Say: {calls}", calls=" ".join(turns[0][1]))
        return " ".join(
            self.s._("{name}, say: {calls}", name=name, calls=" ".join(said))
            for name, said in turns
        )

    # ----- Settings -------------------------------------------------------------
    def voice_view(self) -> dict[str, Any]:
        """The Settings screen's voice: the choices and why nothing would be heard."""
        settings = self.voice_settings()
        voice = self.the_voice()
        if voice is None:
            status, trouble = "", False
        else:
            problem = voice.hearing_problem()
            trouble = problem is not None
            status = (
                problem.text(self.s._)
                if problem is not None
                else self.s._("The voice can be heard: espeak-ng and a sound device are ready.")
            )
        return {
            "voice_speak": settings.speak if settings.volume else "off",
            "voice_volume": settings.volume,
            "voice_voices": settings.voices,
            "voice_status": status,
            "voice_trouble": trouble,
        }

    def set_speak(self, speak: str) -> None:
        """Settings: the voice off, the totals only, or every call."""
        if speak in SPEAK_CHOICES:
            self._choose(speak=speak)

    def cycle_volume(self) -> None:
        """Settings: the next volume up (after the loudest, the softest)."""
        now = self.voice_settings().volume
        louder = [v for v in VOLUMES if v > now]
        self._choose(volume=louder[0] if louder else VOLUMES[0])

    def set_voices(self, voices: int) -> None:
        """Settings: one voice, or one for each side of the table."""
        if voices in (1, 2):
            self._choose(voices=voices)

    def _choose(self, **choice: Any) -> None:
        self.s.message = ""  # this tap is the news now
        chosen = self.s.state.data.get(SIDE_KEY)
        kept = dict(chosen) if isinstance(chosen, dict) else {}
        settings = self.voice_settings()
        kept.setdefault("speak", settings.speak)
        kept.setdefault("volume", settings.volume or VOLUMES[1])  # "0" in the file: off
        kept.setdefault("voices", settings.voices)
        kept.update(choice)
        self.s.state.data[SIDE_KEY] = kept
        self.s.state.save()
        voice = self.the_voice()
        if voice is not None:
            voice.configure(self.voice_settings(voice.settings))
            partie = self.s.current()
            known_partie, known = self._spoken_mark
            if (
                self._listening(voice)
                and partie is not None
                and known is None
                and partie == known_partie
                and not self.s.form_traits()
            ):
                self._spoken_mark = (partie, self.calls_now())  # the next tap is said
        self.s.changed()
