"""A guided deal: at each step of a partie started with the guided option, a
short hint of what the players do and say at the table.

A presenter the session holds (Kivy-free). The words are the engine's
(`scorer.hints.hint_for(progress, lang)`), for the step the engine says the
<<<<<<< HEAD
deal is at; the option is how the kiosk shows a partie (like its sides), so
it lives in the kiosk's side file (`KioskState`, "guided": partie ids), off
by default, chosen on the new partie's last page. Before the hint, the calls
the last tap made, as the players say them ("Say: Five cards.",
`kiosk.screens.voice`), on the same line: the hint's box draws it smaller
rather than move anything, and a line of its own would cost it more.
=======
deal is at. Whether the hints show decides what the table shows next, so it
is a journal action (`{"hints": true}` / `{"hints": false}`, the record's
`hints`: docs/record.md), checked and appended in one write transaction,
undone and redone like any other; off by default, chosen on the new partie's
last page. A side file of the kiosk before it (its "guided" list of parties)
is taken up into the journal once, when its partie is opened.
>>>>>>> main

"Play a guided deal" (Learn) starts a real partie through the new partie's
pages, and a new partie becomes the journal's current one: the partie the
kiosk opens on at its next start. So when a partie is in progress, Learn first
says so, in words, and offers to finish it (back to its deal) or to set it
aside (it waits in History, where Take up goes on with it; the guided deal
becomes the current partie). The kiosk always opens on the partie the players
were last at: the journal's current one, which only starting or taking up a
partie changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorer.actions import guided
from scorer.errors import ActionError, RecordError
from scorer.multi.traits import record_traits

if TYPE_CHECKING:
    from kiosk.session import Session

GUIDED = "guided"  # the side file's list of guided parties, before the journal kept them


class GuidedDeal:
    """The guided option and its hint on the deal screens."""

    def __init__(self, session: Session) -> None:
        self.s = session
        self.guided_asking = False  # Learn asks: finish the partie in progress, or set it aside

    def toggle_guided(self) -> None:
        """New partie: the guided deal on or off (off by default)."""
        self.s.draft.guided = not self.s.draft.guided
        self.s.draft.help = "guided"
        self.s.changed()

    def guided_partie(self) -> None:
        """From Learn: a new partie with the guided option already on; first,
        when a partie is in progress, the question whether to set it aside."""
        if self.partie_in_progress():
            self.guided_asking = True
            self.s.changed()
            return
        self.set_aside_and_guide()

    def set_aside_and_guide(self) -> None:
        """The new partie's pages, the guided option on (the partie in progress,
        if any, stays as it is: History's Take up goes on with it)."""
        self.guided_asking = False
        self.s.setup.new_partie()
        self.s.draft.guided = True
        self.s.changed()

    def finish_partie_first(self) -> None:
        """Back to the partie in progress, where it stands."""
        self.guided_asking = False
        self.s.resume()

    def partie_in_progress(self) -> bool:
        """A current partie that is not finished (a sitting of parties, the
        Chouette's, always goes on: its form's traits say it does not end)."""
        if self.s.current() is None:
            return False
        form = record_traits(self.s.record())
        return not self.s.tally().get("finished") or (form is not None and not form.ends)

    def guided_question(self) -> str:
        """Learn's words when a guided deal would set a partie aside ("" otherwise)."""
        if not (self.guided_asking and self.partie_in_progress()):
            return ""
        names = [str(n) for n in self.s.record().get("players", [])]
        if len(names) > 1:
            names = [self.s._("{a} and {b}", a=", ".join(names[:-1]), b=names[-1])]
        return self.s._(
            "A partie is in progress: {players}. A guided deal is a new partie: "
            "finish that one first, or set it aside (it waits in History, where "
            "“Play on with this partie” takes it up).",
            players=names[0] if names else "",
        )

    def is_guided(self) -> bool:
        """The current partie's hints are on (the journal's record says so)."""
        return self.s.current() is not None and guided(self.s.record())

    def take_up_side_file(self) -> None:
        """A kiosk before the journal kept the hints listed guided parties in
        its side file: say it in the journal once, for the current partie (a
        finished one needs no hints), and drop it from the side file."""
        legacy = self.s.state.ids(GUIDED)
        partie = self.s.current()
        if partie is None or partie not in legacy:
            return
        two_handed = record_traits(self.s.record()) is None  # the hints are two-handed Piquet's
        if two_handed and not self.is_guided() and not self.s.tally().get("finished"):
            try:
                self.s.journal.act({"hints": True})
            except (ActionError, RecordError):
                return  # not written (another writer, a read-only file): listed still
            self.s._forget()
        self.s.state.data[GUIDED] = [p for p in legacy if p != partie]
        self.s.state.save()

    def guided_hint(self) -> str:
        """What the players do and say now ("" when the partie is not guided)."""
        if not self.is_guided():
            return ""
        from scorer.hints import hint_for  # the guide's words: not on the start path

        hint = hint_for(self.s.progress(), self.s.lang)
        said = self.s.voice.say_line()  # the calls the last tap made: "Say: Five cards."
        return f"{said} {hint}" if said else hint
