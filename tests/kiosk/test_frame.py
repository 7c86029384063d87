"""What a frame of the kiosk draws, in a real (offscreen) Kivy window (issue 25):
the screens fill the window and change without sliding, so they are drawn
without the stencil Kivy puts around every ScreenManager (two passes over the
whole window, and a test of every pixel drawn, in each frame)."""

from __future__ import annotations


def drawn(canvas) -> list[object]:
    """Every instruction the window's canvas holds, depth first."""
    found = [canvas]
    for child in getattr(canvas, "children", None) or ():
        found += drawn(child)
    return found


def stencils(app) -> list[object]:
    from kivy.core.window import Window
    from kivy.graphics import StencilPush

    return [i for i in drawn(Window.canvas) if isinstance(i, StencilPush)]


def test_the_deal_is_drawn_without_a_stencil_and_a_list_keeps_its_own(app):
    from journal import Journal
    from kiosk.presenter import Presenter
    from tests.kiosk.window import pump, screen, use

    journal = Journal.open(":memory:")
    journal.new_partie(["Anne", "Bruno"], "Bruno")
    use(app, Presenter(journal))
    assert screen(app).name == "deal"
    assert stencils(app) == []
    assert app.sm.canvas.before.children == [] and app.sm.canvas.after.children == []

    app.p.go("learn")  # a scrolled list: its ScrollView clips it, as before
    pump()
    assert screen(app).name == "learn"
    assert len(stencils(app)) == 1
    deal = app.sm.get_screen("deal")
    assert deal.canvas not in drawn(app.sm.canvas)  # the screen left is not drawn at all


def test_a_hidden_box_is_not_drawn_and_comes_back_in_its_place(app):
    """A ShowBox hidden leaves its parent's canvas (Kivy would draw it at opacity
    0, each text a draw call) and keeps its size; shown again, its canvas is back
    where it was among its siblings', before the frame."""
    from kivy.clock import Clock
    from kivy.uix.boxlayout import BoxLayout
    from kivy.uix.label import Label

    from kiosk.widgets import ShowBox

    box = BoxLayout(size=(300, 300))
    first, hidden, last = Label(text="a"), ShowBox(), Label(text="c")
    hidden.add_widget(Label(text="b"))
    for widget in (first, hidden, last):
        box.add_widget(widget)
    box.do_layout()
    Clock._process_events_before_frame()
    order = list(box.canvas.children)
    assert hidden.canvas in order
    hidden.shown = False
    Clock._process_events_before_frame()
    assert hidden.canvas not in drawn(box.canvas)
    assert [c for c in order if c is not hidden.canvas] == list(box.canvas.children)
    assert hidden.size == [100, 300] and hidden.children[0].canvas in drawn(hidden.canvas)
    hidden.shown = True
    Clock._process_events_before_frame()
    assert list(box.canvas.children) == order


def test_the_question_is_not_drawn_during_the_play(app):
    from journal import Journal
    from kiosk.presenter import Presenter
    from tests.kiosk.window import pump, screen, use

    journal = Journal.open(":memory:")
    journal.new_partie(["Anne", "Bruno"], "Bruno")
    use(app, Presenter(journal))
    deal = screen(app)
    question = deal.ids.qbox
    assert question.canvas in drawn(deal.canvas)  # carte blanche: a question
    for key in ["cb-done", "ex-done", *["nothing"] * 6]:  # nothing declared
        app.p.answer(key)
    pump()
    assert deal.v.get("play")
    assert question.canvas not in drawn(deal.canvas)
    app.p.undo()  # back to the last question
    pump()
    assert not deal.v.get("play") and question.canvas in drawn(deal.canvas)


def test_the_totals_row_of_the_other_orientation_is_not_drawn(app):
    """The totals have a row for landscape (both players on one line) and one
    for portrait (a line each); the one the window's orientation does not use
    keeps its place at no height and is not drawn (its four or five texts, each
    a draw call in every frame of every playing screen)."""
    from kivy.core.window import Window

    from journal import Journal
    from kiosk.presenter import Presenter
    from tests.kiosk.window import pump, screen, use

    journal = Journal.open(":memory:")
    journal.new_partie(["Anne", "Bruno"], "Bruno")
    use(app, Presenter(journal))
    deal = screen(app)
    totals = next(w for w in deal.walk(restrict=True) if type(w).__name__ == "Totals")
    portrait_row, landscape_row = totals.children  # (Kivy lists the last added first)
    size = Window.size
    try:
        for window, shown, hidden in (
            ((800, 480), landscape_row, portrait_row),
            ((720, 1280), portrait_row, landscape_row),
        ):
            Window.size = window
            pump()
            assert app.portrait == (window[1] > window[0])
            assert shown.canvas in drawn(deal.canvas)
            assert hidden.canvas not in drawn(deal.canvas)
            assert hidden.height == 0 and shown.height == totals.height
            texts = [w.text for w in shown.walk(restrict=True) if getattr(w, "text", "")]
            assert "Anne" in " ".join(texts) and "Bruno" in " ".join(texts)
    finally:
        Window.size = size
        pump()
