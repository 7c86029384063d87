"""Bench: `piquet kiosk` playing a whole partie by real taps (bench/taps.py).

    python bench/kiosk_drive.py --db FILE --out FILE [--deals N] [--parties N] [--x]

Runs the kiosk exactly as `python -m piquet kiosk --db FILE --windowed` does
(the same command code), with one hook: when the kiosk sets up its systemd
watchdog (its window is configured by then), a `Tapper` starts playing the
partie in play through the screens: carte blanche and the exchange passed,
nothing declared, twelve tricks (a fixed pattern of winners) tapped on the
players' halves, Next deal; until the partie is over (or `--deals` deals are
played). Each trick tap is timed from its dispatch to the first frame that
shows its result: the kiosk has refreshed the screen from the presenter (the
journal's commit is inside the tap) and no text or layout waits to be redone.
Writes the times to `--out` (JSON) for bench/kiosk_figures.py.

Each timed tap also has its kind (`kinds` in the JSON): `trick` (the first
eleven of a deal), `last_trick` (the twelfth, which opens the end of the
deal; the first of them in the process builds it), `next_deal` (the Next deal
tap, to the next deal's first screen) and `first_answer` (the next deal's
first answer, carte blanche passed). `--parties N`: once a partie is over,
its sheet, Return match and Start begin the next one (untimed), N parties in
the one process; the process's peak resident memory (VmHWM) after each is in
`hwm_kib`, and what it holds then (VmRSS once its heap's free pages are handed
back, as the kiosk does after a screen change) in `held_kib`. `--x`: the taps
go through the X server (XTest), for a kiosk on SDL's X11 driver
(bench/taps.py's XTapper).

`--voice off` (the default) switches the table's voice off; `--voice on`
gives the kiosk a voice that says every call with espeak-ng for real (its
synthesis, on this machine's cores) and then takes the sound's own time, as
a speaker would (`PacedEspeak`: no sound card is needed, so the figure is the
same on a desktop, a CI runner and the Pi). Both are attached before the
first tap (`kiosk.screens.voice.TableVoice.attach`).
"""

from __future__ import annotations

import argparse
import atexit
import random
import sys
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH.parent))

# the answers that pass a deal's questions without a declaration
PASSING = ("cb-done", "ex-done", "nothing", "next_deal")
TRICKS = ("won-a", "won-b")


def status_kib(field: str) -> int | None:
    """A memory field of Linux's /proc/self/status ("VmHWM:", "VmRSS:"), in KiB;
    None where /proc cannot say."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith(field):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def peak_kib() -> int:
    """The process's peak resident memory so far (Linux's VmHWM), in KiB."""
    peak = status_kib("VmHWM:")
    if peak is not None:
        return peak
    import resource

    return int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)


def held_kib() -> int:
    """The resident memory the process holds (Linux's VmRSS), in KiB, once its
    heap's free pages are handed back to the system as the kiosk does after a
    screen change (kiosk.heap): the peak without the passing frames. 0 where
    /proc cannot say."""
    from kiosk import heap

    heap.give_back()
    return status_kib("VmRSS:") or 0


class PacedEspeak:
    """A speaker: espeak-ng makes the sound (a WAV on its standard output), then
    the worker waits as long as the sound would play."""

    said = 0

    def speak(self, text: str, lang: str, side: int = 0, volume: int = 50) -> None:
        import subprocess
        import time

        from hardware.voice.espeak import Espeak
        from hardware.voice.pronounce import spoken

        command = [*Espeak().command(lang, side, volume), "--stdout"]
        sound = subprocess.run(
            command, input=spoken(text, lang).encode(), capture_output=True, check=True
        ).stdout
        time.sleep(max(0, len(sound) - 44) / (22050 * 2))  # 22 kHz, 16-bit mono
        self.said += 1

    def sound_problem(self) -> Any:
        return None


def attach_voice(app: Any, on: bool) -> None:
    from hardware.config import VoiceConfig
    from hardware.voice import Voice

    speaker = PacedEspeak()
    voice = Voice(VoiceConfig(speak="calls" if on else "off"), app.s.lang, speaker=speaker)
    app.s.voice.attach(voice)

    def tell() -> None:  # on standard error, for a look by hand
        said = speaker.said
        print(f"kiosk_drive: the voice said {said} calls, {voice.dropped} dropped", file=sys.stderr)

    atexit.register(tell)


def install(out: str, deals: int, parties: int = 1, x: bool = False, voice: bool = False) -> None:
    from kivy.app import App
    from kivy.clock import Clock

    sys.path.insert(0, str(BENCH))
    from taps import WAIT, Tapper, XTapper, pending

    winners = random.Random(12)
    state: dict[str, Any] = {"deals": 0, "before": None, "tricks": 0, "next": False}
    extra: dict[str, Any] = {"hwm_kib": [], "held_kib": []}

    def keyed(app: Any) -> dict[str, Any]:
        from kiosk.app import shown

        screen = app.sm.current_screen
        keys = {}
        for w in screen.walk(restrict=True):
            key = getattr(w, "key", "")
            if key and not w.disabled and w.get_root_window() and shown(w):
                keys[key] = w
        return keys

    def choose() -> Any:
        app = App.get_running_app()
        if "voice" not in state:
            attach_voice(app, voice)
            state["voice"] = voice
        if app._refresh.is_triggered or pending(app.root):
            return WAIT  # buttons still being made or placed: tap once they are still
        screen = app.sm.current_screen.name
        keys = keyed(app)
        if "final_sheet" in keys:
            extra["hwm_kib"].append(peak_kib())
            extra["held_kib"].append(held_kib())
            if len(extra["hwm_kib"]) >= parties:
                return None
            return keys["final_sheet"], False
        if screen == "sheet":
            if len(extra["hwm_kib"]) < parties and "return_match" in keys:
                return keys["return_match"], False
            return None if len(extra["hwm_kib"]) >= parties else WAIT
        if screen == "new_start":
            return (keys["start"], False) if "start" in keys else WAIT
        if "won-a" in keys and "won-b" in keys:
            state["tricks"] += 1
            kind = "last_trick" if state["tricks"] == 12 else "trick"
            return keys[TRICKS[winners.random() < 0.5]], True, kind
        for key in PASSING:
            if key in keys:
                kind = None
                if key == "next_deal":
                    state["deals"] += 1
                    if state["deals"] >= deals:
                        return None
                    state["next"], kind = True, "next_deal"
                elif state["next"]:
                    state["next"], kind = False, "first_answer"
                state["tricks"] = 0
                return keys[key], False, kind
        return WAIT

    def before_tap() -> None:
        app = App.get_running_app()
        state["before"] = app.sm.current_screen.v

    def shown() -> bool:
        app = App.get_running_app()
        screen = app.sm.current_screen
        return (
            screen.v is not state["before"]
            and not app._refresh.is_triggered
            and not pending(app.root)
        )

    def start(_dt: float) -> None:
        fingers = XTapper() if x else None
        Tapper(choose, shown, out, before_tap, fingers=fingers, extra=extra)

    Clock.schedule_once(start, 0)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--deals", type=int, default=99)
    parser.add_argument("--parties", type=int, default=1)
    parser.add_argument("--x", action="store_true", help="tap through X (XTest)")
    parser.add_argument("--voice", choices=("on", "off"), default="off")
    args = parser.parse_args()

    import kiosk.watchdog

    watch_kivy = kiosk.watchdog.watch_kivy

    def hooked(*a: Any, **kw: Any) -> Any:
        install(args.out, args.deals, args.parties, args.x, args.voice == "on")
        return watch_kivy(*a, **kw)

    kiosk.watchdog.watch_kivy = hooked
    from piquet.cli import main as piquet

    return piquet(["kiosk", "--db", args.db, "--windowed"])


if __name__ == "__main__":
    sys.exit(main())
