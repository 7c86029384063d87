"""A guided deal: at each step of a partie started with the guided option, a
short hint of what the players do and say at the table.

A mixin of the Presenter (Kivy-free). The words are the engine's
(`scorer.hints.hint_for(progress, lang)`), for the step the engine says the
deal is at; the option is how the kiosk shows a partie (like its sides), so
it lives in the kiosk's side file (`KioskState`, "guided": partie ids), off
by default, chosen on the new partie's last page.
"""

from __future__ import annotations

GUIDED = "guided"  # KioskState's list of guided parties


class GuidedDeal:
    """The guided option and its hint on the deal screens."""

    def toggle_guided(self) -> None:
        """New partie: the guided deal on or off (off by default)."""
        self.draft.guided = not self.draft.guided  # type: ignore[attr-defined]
        self.draft.help = "guided"  # type: ignore[attr-defined]
        self.changed()  # type: ignore[attr-defined]

    def guided_partie(self) -> None:
        """From Learn: a new partie with the guided option already on."""
        self.new_partie()  # type: ignore[attr-defined]
        self.draft.guided = True  # type: ignore[attr-defined]
        self.changed()  # type: ignore[attr-defined]

    def is_guided(self) -> bool:
        partie = self.current()  # type: ignore[attr-defined]
        return partie is not None and partie in self.state.ids(GUIDED)  # type: ignore[attr-defined]

    def guided_hint(self) -> str:
        """What the players do and say now ("" when the partie is not guided)."""
        if not self.is_guided():
            return ""
        from scorer.hints import hint_for  # the guide's words: not on the start path

        return hint_for(self.progress(), self.lang)  # type: ignore[attr-defined]
