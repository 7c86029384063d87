"""French line breaks (issue 20, 3.4): the trial saw a "?" alone on its line,
a « left at the end of a line, "En haut:" without its space and "Mode rapide
/ : non" broken before the colon.

French puts a narrow no-break space (U+202F; the kiosk's font, Roboto, draws
it as a narrow blank) before ? ! : ; and inside « »; Kivy breaks a line only
at a plain space, so the sign stays with its word. Every French message of the
catalog is drawn here in narrow labels of a real (offscreen) Kivy window, at
several widths, and no line may start with ? ! : ; » or end with «.
"""

from __future__ import annotations

import re

import pytest

from kiosk.i18n import catalog, translate

WIDTHS = (
    120,
    160,
    240,
    320,
)  # pixels, at a 20-pixel font: a few words a line (the narrowest labels of 800x480 at 160 %)
SAMPLE = "Anne"  # what a placeholder ({name}, {n}...) stands for


def french_messages() -> list[str]:
    return sorted({re.sub(r"\{[^}]*\}", SAMPLE, m) for m in catalog("fr").values() if m})


def lines_of(text: str, width: int) -> list[str]:
    """The lines of the text in the kiosk's label (kiosk.widgets.FitLabel: it
    takes a smaller font when a word would not fit its width)."""
    from kiosk.widgets import FitLabel

    label = FitLabel(
        text=text, want=20, size_hint=(None, None), size=(width, 4000), text_size=(width, None)
    )
    label._refit()
    return ["".join(w.text for w in line.words) for line in label._label._cached_lines]


def test_the_catalog_puts_a_narrow_no_break_space_before_the_signs():
    fr = catalog("fr")
    for message in fr.values():
        assert not re.search(r" [?!:;»]|« ", message), message
    assert fr["Quick mode: {state}"] == "Mode rapide\u202f: {state}"
    assert translate(":", "fr") == "\u202f:" and translate(":", "en") == ":"


@pytest.mark.parametrize("width", WIDTHS)
def test_no_french_line_starts_with_a_sign_or_ends_with_an_opening_guillemet(app, width):
    wrong = []
    for message in french_messages():
        lines = [line.strip(" ") for line in lines_of(message, width)]
        for i, line in enumerate(lines):
            if line.lstrip("\u202f")[:1] in ("?", "!", ":", ";", "»") and i > 0:
                wrong.append((message, lines))
            if line.rstrip("\u202f").endswith("«"):
                wrong.append((message, lines))
    assert not wrong, wrong[:5]


def test_the_seat_and_its_colon_stay_together_on_the_new_partie_page(app):
    from journal import Journal
    from kiosk.presenter import Presenter
    from tests.kiosk.window import texts, use

    p = Presenter(Journal.open(":memory:"), lang="fr")
    p.new_partie()
    use(app, p)
    seats = [t for t in texts(app) if t.startswith(("À gauche", "En haut", "À droite", "En bas"))]
    assert seats and all("\u202f:" in t for t in seats), seats
    use(app, Presenter(Journal.open(":memory:")))
    p.journal.close()
