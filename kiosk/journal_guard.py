"""The journal as the kiosk writes to it: nothing shown that is not saved (issue 9).

`GuardedJournal(journal, translate)` stands for a `journal.Journal` (every
name not below is the journal's own) and guards its writes (`act`, `undo`,
`redo`, `new_partie`, `new_multi_partie`, `set_current`, `import_record`,
`correct`):

- Before each write it calls the cheap `journal.refresh()`: when another
  writer (`piquet act`, `piquet new`) changed the file since the screen was
  drawn, the tap was decided on an old screen, so nothing is written and the
  view is read again (`reloaded`). The kiosk never commits to a partie that
  is no longer current.
- What the journal refuses comes out as `JournalRefused`, an `ActionError`
  (so every screen's refusal path shows it) whose text is one sentence in the
  kiosk's language: the journal changed meanwhile, the disk is full, the
  journal is read-only, busy, gone, or the disk failed. Nothing was written.
- Once the file is deleted or replaced (`JournalGoneError`, on a write or a
  refresh), `gone` holds the journal's words and every write is refused
  before it is tried: nothing more is acknowledged.
- `changed_at` is the `clock()` (time.monotonic) of the last change the kiosk
  made or saw: a button's long press undoes only if nothing changed after
  the press began.

`reason_words(text, _)` says a journal's reason (read-only, gone) in the
kiosk's language; `warning_words(text, _)` a partie's kept-aside warning.

A damaged journal (issue 21): `StartCheck(path)` runs `PRAGMA quick_check` on the
file on a thread of its own connection (`start()`, called after the first frame,
so the frame does not wait), and the guard waits for its verdict before its
first write (`check`); `watch()` sets it up, at start and again when Settings
opens the journal again (the same check, the same screen). Once the file is
found damaged (by the check, or by any read or write that meets the damage),
`damaged` holds the journal's words,
nothing more is written, and `damaged_words(text, _)` gives the damaged-journal
screen's title and text (kiosk/damaged_screen.py): what happened and the one
command that puts back the newest backup.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from journal import (
    DamagedJournalError,
    DiskFullError,
    JournalBusyError,
    JournalChangedError,
    JournalError,
    JournalGoneError,
    NoPartieError,
    NotAJournalError,
    ReadOnlyJournalError,
)
from scorer import ActionError

Translate = Callable[..., str]

# kind -> the sentence of a refused tap (English message ids; French in piquet.po)
REFUSALS = {
    "changed": "The journal changed meanwhile: nothing was saved. Look, then tap again.",
    "full": "The disk is full: that tap was not saved.",
    "read-only": "The journal is read-only: nothing can be saved.",
    "gone": "The journal file is gone: nothing more can be saved.",
    "busy": "The journal is busy in another program: nothing was saved. Tap again.",
    "disk": "The journal could not be written (a disk error): nothing was saved.",
    "damaged": "The journal file is damaged: nothing was saved.",
}

WRITES = (
    "act",
    "undo",
    "redo",
    "new_partie",
    "new_multi_partie",
    "set_current",
    "import_record",
    "correct",
)


class JournalRefused(ActionError):
    """A tap the journal did not take; nothing was written. `kind` is a key of
    REFUSALS, `error` the journal's own error (None when refused before trying)."""

    def __init__(self, kind: str, text: str, error: BaseException | None = None) -> None:
        super().__init__(text)
        self.kind = kind
        self.error = error


def _kind(error: JournalError) -> str:
    if isinstance(error, DamagedJournalError):
        return "damaged"
    if isinstance(error, JournalChangedError):
        return "changed"
    if isinstance(error, DiskFullError):
        return "full"
    if isinstance(error, ReadOnlyJournalError):
        return "read-only"
    if isinstance(error, JournalGoneError):
        return "gone"
    if isinstance(error, JournalBusyError):
        return "busy"
    return "disk"


class StartCheck:
    """The kiosk's check of its journal file (`PRAGMA quick_check`), on a thread.

    `verdict()` waits for it (running it here if it was never started) and is
    None for a sound file, else the journal's words for the damage. Only damage
    counts: a busy file or another error of the disk is not a verdict (the
    journal's own errors say those when they happen)."""

    def __init__(self, path: Path | None, on_damaged: Callable[[str], Any] | None = None) -> None:
        self.path = path
        self.on_damaged = on_damaged
        self._claimed = path is None  # the check is running or done (nothing to check in memory)
        self._finished = threading.Event()
        self._verdict: str | None = None
        self._lock = threading.Lock()
        if path is None:
            self._finished.set()

    def _claim(self) -> bool:
        with self._lock:
            if self._claimed:
                return False
            self._claimed = True
            return True

    def start(self) -> None:
        """Check on a thread of its own (the file, on a connection of its own)."""
        if self._claim():
            threading.Thread(target=self._run, name="journal-check", daemon=True).start()

    def _run(self) -> None:
        from journal.sqlite_store import quick_check_file

        verdict = None
        try:
            if self.path is not None:  # (no file: nothing to check)
                quick_check_file(self.path)
        except (DamagedJournalError, NotAJournalError) as error:
            verdict = str(error)
        except Exception:  # busy, gone, a disk error: not damage; said when met
            verdict = None
        self._verdict = verdict
        try:  # said before the verdict is given: whoever waited finds the screen asked for
            if verdict is not None and self.on_damaged is not None:
                self.on_damaged(verdict)
        finally:
            self._finished.set()

    def verdict(self) -> str | None:
        """None for a sound file, else the journal's words; waits for the check (and
        runs it here if nobody started it)."""
        if self._claim():
            self._run()
        self._finished.wait()
        return self._verdict


def check_at_start(path: Path | None) -> str | None:
    """What the kiosk's start check finds in the journal at `path` (None: sound)."""
    return StartCheck(path).verdict()


class GuardedJournal:
    """A Journal whose writes look for other writers first and fail in words."""

    def __init__(
        self, journal: Any, translate: Translate, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.inner = journal
        self.file = journal.path  # the journal's path, kept to open it again (None: memory)
        self._ = translate
        self.clock = clock
        self.gone: str | None = None  # the journal's words once its file went
        self.reloaded = False  # another writer's change was read: draw the view again
        self.changed_at = clock()
        self.damaged: str | None = None  # the journal's words once the file is found damaged
        self.check: StartCheck | None = None  # the start's check, waited for before a write
        self.damaged_screen: Any = None  # shown once (kiosk/damaged_screen.py)
        # how the kiosk shows a damaged journal, from any thread (set by its start)
        self.on_damaged: Callable[[str], Any] | None = None
        self.checkpointing: threading.Thread | None = None  # the last checkpoint asked for

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def watch(self, damaged: str | None = None) -> StartCheck:
        """The damaged-journal check of the journal just opened (at start, and when
        Settings opens it again): its first write waits for the check's verdict, and a
        damaged file (`damaged`: found at open) is said by `on_damaged`. The caller
        starts the check (`start()`)."""
        check = StartCheck(None if damaged else self.file, self.on_damaged)
        self.check = check
        if damaged is not None:
            self.damaged = damaged
            if self.on_damaged is not None:
                self.on_damaged(damaged)
        return check

    # ----- what the kiosk may do ---------------------------------------------
    @property
    def writable(self) -> bool:
        """A tap can be saved: the file is there and may be written."""
        return self.gone is None and self.damaged is None and not self.inner.read_only

    @property
    def may_reopen(self) -> bool:
        """The file was deleted (not replaced): a new one may be opened at the path. (A
        replaced file's old -wal is still beside the path, and SQLite would read it
        over the new file's pages: the journal has to deal with that first.)"""
        return (
            self.gone is not None
            and self.file is not None
            and ("was deleted while it was open" in self.gone)
        )

    def can_undo(self) -> bool:
        return self.gone is None and bool(self.inner.can_undo())

    def can_redo(self) -> bool:
        return self.gone is None and bool(self.inner.can_redo())

    def refused(self, kind: str, error: BaseException | None = None) -> JournalRefused:
        return JournalRefused(kind, self._(REFUSALS[kind]), error)

    # ----- another writer ----------------------------------------------------
    def refresh(self, *, look_at_file: bool = True) -> bool:
        """Read another writer's change (True when there was one, or the file went).
        `look_at_file=False`: before a write, which looks at the file itself."""
        if self.gone is not None:
            return False
        try:
            changed = bool(self.inner.refresh(look_at_file=look_at_file))
        except JournalGoneError as error:
            self.gone = str(error)
            self.reloaded = True
            return True
        except Exception:  # busy, a read error, a closed journal: look again at the next tick
            return False
        if changed:
            self.reloaded = True
            self.changed_at = self.clock()
        return changed

    def checkpoint(self) -> None:
        """The journal's file brought up to date with its log, in a still moment,
        on a thread of its own: a tap that comes meanwhile does not wait for
        its sync (a few ms, now and then tens on a busy card). One at a time;
        not on a file that went, is damaged or is only read: the thread waits
        for the start's check first, as a write does."""
        if not self.writable or (self.checkpointing and self.checkpointing.is_alive()):
            return
        self.checkpointing = threading.Thread(
            target=self._checkpoint, args=(self.check,), name="journal-checkpoint", daemon=True
        )
        self.checkpointing.start()

    def _checkpoint(self, check: StartCheck | None) -> None:
        if check is None or check.verdict() is None:
            self.inner.checkpoint()

    # ----- writes --------------------------------------------------------------
    def _write(self, name: str, *args: Any, **kwargs: Any) -> Any:
        if self.check is not None and self.damaged is None:
            self.damaged = self.check.verdict()  # the first write waits for the start's check
        if self.damaged is not None:
            raise self.refused("damaged")
        if self.gone is not None:
            raise self.refused("gone")
        if self.refresh(look_at_file=False):  # (the write looks at the file before its commit)
            raise self.refused("gone" if self.gone is not None else "changed")
        try:
            result = getattr(self.inner, name)(*args, **kwargs)
        except NoPartieError:
            raise
        except JournalError as error:
            raise self._refusal(error) from error
        self.changed_at = self.clock()
        return result

    def _refusal(self, error: JournalError) -> JournalRefused:
        """A write's failure, in the kiosk's words; what it says of the file is kept."""
        kind = _kind(error)
        if kind == "gone":
            self.gone = str(error)
        if kind == "damaged":
            self.damaged = str(error)
        if kind == "changed":  # the journal has read the view again
            self.reloaded = True
            self.changed_at = self.clock()
        return self.refused(kind, error)

    def settle(self) -> None:
        """Wait for the commit of an action made behind (`act(..., behind=True)`).
        One that failed raises JournalRefused, in words, as the write would have:
        the journal reads again as before it."""
        try:
            self.inner.settle()
        except JournalError as error:
            raise self._refusal(error) from error

    def act(self, action: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        return self._write("act", action, **kwargs)

    def undo(self, **kwargs: Any) -> dict[str, Any]:
        return self._write("undo", **kwargs)

    def redo(self, **kwargs: Any) -> dict[str, Any]:
        return self._write("redo", **kwargs)

    def new_partie(self, *args: Any, **kwargs: Any) -> int:
        return self._write("new_partie", *args, **kwargs)

    def new_multi_partie(self, *args: Any, **kwargs: Any) -> int:
        return self._write("new_multi_partie", *args, **kwargs)

    def set_current(self, partie_id: int) -> None:
        self._write("set_current", partie_id)

    def import_record(self, record: dict[str, Any]) -> int:
        return self._write("import_record", record)

    def correct(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
        return self._write("correct", *args, **kwargs)


# ----- the journal's reasons, in the kiosk's language ----------------------------
# (pattern of the journal's English words, message id); the groups fill the message
REASONS = [
    (r"the journal file is read-only", "the journal file is read-only"),
    (r"the folder (?P<folder>.+) is read-only", "the folder {folder} is read-only"),
    (r"the disk is read-only.*", "the disk is read-only"),
    (r"the file (?P<file>.+) beside it is read-only", "the file {file} beside it is read-only"),
    (r"the journal is open for reading only", "the journal is open for reading only"),
    (
        r"the journal file was deleted while it was open.*",
        "the journal file was deleted while the kiosk was running",
    ),
    (
        r"the journal file was replaced by another file while it was open.*",
        "the journal file was replaced by another file while the kiosk was running",
    ),
    (
        r"the journal file was left without its -wal file while it was open.*",
        "the journal's -wal file was deleted while the kiosk was running",
    ),
]


def reason_words(text: str, _: Translate) -> str:
    """The why of a journal error ("PATH: why; ..."), in the kiosk's language;
    the journal's own English words when they are not known here."""
    why = text.split(": ", 1)[1] if ": " in text else text
    why = why.split("; nothing can be saved")[0].strip()
    for pattern, message in REASONS:
        found = re.fullmatch(pattern, why)
        if found:
            return _(message, **found.groupdict())
    return why


_ASIDE = re.compile(
    r"partie \d+: (?P<n>\d+) actions? kept aside, refused by the rules engine "
    r"from action (?P<seq>\d+) on \((?P<reason>.*)\); the partie is what comes "
    r"before",
    re.S,
)


def warning_words(text: str, _: Translate, n_: Callable[..., str]) -> str:
    """A partie's warning from the journal (actions kept aside), as a sentence."""
    found = _ASIDE.fullmatch(text)
    if found is None:
        return text
    n = int(found["n"])
    return n_(
        "One action of this partie is kept aside: the rules refused it (action {seq}). "
        "The partie is shown as it was before it.",
        "{n} actions of this partie are kept aside: the rules refused them (from "
        "action {seq} on). The partie is shown as it was before them.",
        n,
        seq=found["seq"],
    )


# ----- a damaged journal, in the kiosk's language ----------------------------------
_RESTORE = re.compile(r"`(?P<command>piquet restore [^`]*)`")


def damaged_words(text: str, _: Translate) -> tuple[str, str]:
    """The damaged-journal screen's title and text for the journal's words `text`."""
    title = _("The journal is damaged")
    found = _RESTORE.search(text)
    said = _(
        "The journal file cannot be trusted: part of it was damaged (a failing card or "
        "disk, or the power cut while it was written). Nothing more is saved to it, "
        "so nothing more is lost."
    )
    if found is None or " COPY" in found["command"]:
        todo = _(
            "No backup was found beside it. Stop the kiosk, then put back a backup with "
            "piquet restore."
        )
    else:
        todo = _(
            "To put back the newest backup, stop the kiosk, then run: {command}",
            command=found["command"],
        )
    return title, f"{said}\n\n{todo}"
