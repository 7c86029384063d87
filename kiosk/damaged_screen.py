"""The damaged-journal screen (issue 21): shown over everything when the journal
file is found damaged, at start or later.

It says what happened and the one command that puts back the newest backup
(`journal_guard.damaged_words`); nothing is saved meanwhile (the guard refuses
every write). It cannot be tapped away: the table would only meet refusals.
Made in Python, not in a .kv file, so that it stands apart from the screens.
"""

from __future__ import annotations

from typing import Any

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView

from kiosk.journal_guard import Translate, damaged_words

BACKGROUND = (0.35, 0.05, 0.05, 1)


class DamagedJournalScreen(ModalView):
    """The journal's words `text`, said in the kiosk's language."""

    def __init__(self, text: str, translate: Translate, **kwargs: Any) -> None:
        super().__init__(
            auto_dismiss=False, size_hint=(1, 1), background_color=BACKGROUND, **kwargs
        )
        title, said = damaged_words(text, translate)
        self.title_text, self.text = title, said
        box = BoxLayout(orientation="vertical", padding=dp(24), spacing=dp(16))
        heading = Label(text=title, font_size="28sp", bold=True, size_hint_y=None, height=dp(56))
        body = Label(text=said, font_size="18sp", halign="left", valign="top")
        body.bind(size=lambda label, size: setattr(label, "text_size", size))
        box.add_widget(heading)
        box.add_widget(body)
        self.add_widget(box)


def show_damaged(guard: Any, text: str, translate: Translate) -> DamagedJournalScreen | None:
    """The journal is damaged: the guard refuses every write from now on, and the screen
    is shown (once: a second finding changes nothing on it)."""
    guard.damaged = guard.damaged or text
    if getattr(guard, "damaged_screen", None) is not None:
        return None
    screen = DamagedJournalScreen(guard.damaged, translate)
    guard.damaged_screen = screen
    screen.open(animation=False)
    return screen
