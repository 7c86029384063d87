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
