"""Text that fits its box (kiosk.widgets.Fit), in a real (offscreen) Kivy window:
a box being built gives its texts provisional sizes before its layout runs, and
a text waits for that layout before it shrinks (issue 25)."""

from __future__ import annotations

TEXTS = ("Home", "Undo", "Redo", "Score sheet")


def built_row(width: float) -> tuple[object, list[object], list[list[float]]]:
    """A row of four buttons as a screen's first build makes them, each font
    size it is given recorded; laid out at `width` px by one before-frame pass."""
    from kivy.clock import Clock
    from kivy.core.window import Window
    from kivy.uix.boxlayout import BoxLayout

    from kiosk.widgets import FitButton

    row = BoxLayout(size_hint=(None, None), size=(width, 48), spacing=8)
    sizes: list[list[float]] = []
    buttons = []
    for text in TEXTS:
        button = FitButton(text=text, want=18)
        given: list[float] = []
        button.fbind("font_size", lambda _w, value, given=given: given.append(value))
        sizes.append(given)
        buttons.append(button)
        row.add_widget(button)
    Window.add_widget(row)
    Clock._process_events_before_frame()
    return row, buttons, sizes


def test_a_screen_built_for_the_first_time_draws_no_text_smaller_than_it_ends(app, monkeypatch):
    """The deal screen's first build: its bottom row's buttons were 18 px wide
    before their row was laid out, and were fitted at 5 px, then again at 18."""
    from journal import Journal
    from kiosk import widgets
    from kiosk.presenter import Presenter
    from tests.kiosk.window import screen, use

    given: dict[object, list[float]] = {}
    fit = widgets.Fit._refit

    def recorded(self, *args):
        fit(self, *args)
        given.setdefault(self, []).append(self.font_size)

    monkeypatch.setattr(widgets.Fit, "_refit", recorded)
    journal = Journal.open(":memory:")
    journal.new_partie(["Anne", "Bruno"], "Bruno")
    use(app, Presenter(journal))
    assert screen(app).name == "deal"
    shown = [w for w in screen(app).walk(restrict=True) if w in given and w.text]
    assert len(shown) >= 10
    for widget in shown:
        assert min(given[widget]) == widget.font_size, (widget.text, given[widget])


def test_a_text_still_shrinks_to_the_box_it_is_laid_out_in(app):
    from kivy.core.window import Window

    from kiosk.widgets import text_overflow

    row, buttons, sizes = built_row(200)  # "Score sheet" cannot be drawn at 18 px in 44 px
    try:
        sheet = buttons[TEXTS.index("Score sheet")]
        assert sheet.font_size < 18 and sheet.fitted < 1.0
        assert text_overflow(sheet) == (0.0, 0.0)
        for button, given in zip(buttons, sizes, strict=True):
            # never smaller on the way than where it ends: no provisional shrink
            assert min(given, default=18) == button.font_size, (button.text, given)
    finally:
        Window.remove_widget(row)
