"""A guided deal: at each step of a partie started with the guided option, a
short hint of what the players do and say at the table.

A presenter the session holds (Kivy-free). The words are the engine's
(`scorer.hints.hint_for(progress, lang)`), for the step the engine says the
deal is at; the option is how the kiosk shows a partie (like its sides), so
it lives in the kiosk's side file (`KioskState`, "guided": partie ids), off
by default, chosen on the new partie's last page.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kiosk.session import Session

GUIDED = "guided"  # KioskState's list of guided parties


class GuidedDeal:
    """The guided option and its hint on the deal screens."""

    def __init__(self, session: Session) -> None:
        self.s = session

    def toggle_guided(self) -> None:
        """New partie: the guided deal on or off (off by default)."""
        self.s.draft.guided = not self.s.draft.guided
        self.s.draft.help = "guided"
        self.s.changed()

    def guided_partie(self) -> None:
        """From Learn: a new partie with the guided option already on."""
        self.s.setup.new_partie()
        self.s.draft.guided = True
        self.s.changed()

    def is_guided(self) -> bool:
        partie = self.s.current()
        return partie is not None and partie in self.s.state.ids(GUIDED)

    def guided_hint(self) -> str:
        """What the players do and say now ("" when the partie is not guided)."""
        if not self.is_guided():
            return ""
        from scorer.hints import hint_for  # the guide's words: not on the start path

        return hint_for(self.s.progress(), self.s.lang)
