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


def placed_label(text: str, height: float):
    """A fitted label of 300 px by `height` in the window, its text drawn."""
    from kivy.base import EventLoop
    from kivy.core.window import Window

    from kiosk.widgets import FitLabel

    label = FitLabel(text=text, want=20, size_hint=(None, None), size=(300, height))
    label.text_size = (300, None)
    Window.add_widget(label)
    for _ in range(2):
        EventLoop.idle()
    return label


def test_a_box_laid_out_taller_or_shorter_keeps_the_text_drawn_while_it_fits(app):
    """A question's box is laid out several times before a frame (a side's
    answers come a layout after its name): while only its height changes and
    the text still fits, the text is not drawn again."""
    from kivy.clock import Clock
    from kivy.core.window import Window

    label = placed_label("Does a hand hold no king, queen or jack?", 200)
    try:
        drawn = label.texture
        assert label.fitted == 1.0
        for height in (140, 260, 80):
            label.height = height
            Clock._process_events_before_frame()
            assert label.texture is drawn, height
        label.height = 20  # no longer fits: fitted again, smaller
        Clock._process_events_before_frame()
        assert label.texture is not drawn and label.fitted < 1.0
        assert label.texture_size[1] <= 20
    finally:
        Window.remove_widget(label)


def test_a_colour_changed_with_the_height_is_drawn_again(app):
    from kivy.clock import Clock
    from kivy.core.window import Window

    label = placed_label("Trick 7", 60)
    try:
        drawn = label.texture
        label.height = 90
        label.color = (0.9, 0.7, 0.1, 1)
        Clock._process_events_before_frame()
        assert label.texture is not drawn
        assert bytes(label.texture.pixels) != bytes(drawn.pixels)
    finally:
        Window.remove_widget(label)
