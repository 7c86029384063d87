"""The app owns the display's rotation (apps drawing straight to DRM do not
see the kernel's): `PiquetApp(rotation=...)` turns the drawing with Kivy's
`Window.rotation`, and a tap must land on the button drawn under the finger
(kivy #5083 says touch positions may stay unrotated for some providers).

So: for each rotation, paint one button a colour no other widget has, read
the frame back from the GPU (what the panel shows), find where that colour
is, and press the mouse there in the window system's own (unrotated) pixels,
through the same SDL mouse path a touchscreen uses (on Linux Kivy's SDL
window drops SDL's finger events and takes the touch as SDL's mouse). The
journal must record that button's action.
"""

from __future__ import annotations

import pytest

from journal import Journal
from kiosk.presenter import Presenter

pytestmark = pytest.mark.slow

MARK = (1.0, 0.0, 1.0, 1.0)  # magenta: no widget of the kiosk is drawn in it


@pytest.fixture(scope="module")
def app():
    from piquet.kiosk_command import configure_kivy

    configure_kivy(False)
    from kivy.base import runTouchApp, stopTouchApp
    from kivy.core.window import Window

    from kiosk.app import PiquetApp

    app = PiquetApp(Presenter(Journal.open(":memory:")))
    app._run_prepare()
    runTouchApp(embedded=True)
    yield app
    Window.rotation = 0
    app.stop()
    stopTouchApp()


def pump(frames: int = 5) -> None:
    from kivy.base import EventLoop

    for _ in range(frames):
        EventLoop.idle()


def drawn_at(colour: tuple[float, ...]) -> tuple[int, int]:
    """The centre of the pixels of that colour in the frame, in the window
    system's pixels from the top left (as SDL reports a mouse or a finger)."""
    from kivy.core.window import Window
    from kivy.graphics.opengl import GL_RGBA, GL_UNSIGNED_BYTE, glReadPixels

    width, height = Window.system_size
    data = glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE)
    want = bytes(round(c * 255) for c in colour[:3])
    xs, ys = [], []
    for y in range(0, height, 2):
        row = data[y * width * 4 : (y + 1) * width * 4]
        for x in range(0, width, 2):
            if row[x * 4 : x * 4 + 3] == want:
                xs.append(x)
                ys.append(y)
    assert xs, "the marked button is not drawn"
    cx, cy = (min(xs) + max(xs)) // 2, (min(ys) + max(ys)) // 2
    return cx, height - 1 - cy  # GL rows count from the bottom


def press(x: int, y: int) -> None:
    from kivy.core.window import Window

    Window.dispatch("on_mouse_down", x, y, "left", [])
    pump(2)
    Window.dispatch("on_mouse_up", x, y, "left", [])
    pump(3)


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_a_tap_lands_on_the_button_drawn_under_it(app, rotation):
    from kivy.core.window import Window

    from kiosk.app import find_key

    Window.rotation = rotation
    j = Journal.open(":memory:")
    j.new_partie(["Anne", "Bruno"], "Bruno")
    p = Presenter(j)
    app.set_presenter(p)
    pump()
    portrait = rotation in (90, 270)
    assert app.portrait == portrait  # an 800x480 panel turned a quarter is portrait
    for key, action in (
        ("cb-younger", {"carte_blanche": "younger"}),
        ("cb-elder", {"carte_blanche": "elder"}),
    ):
        button = find_key(app.sm.current_screen, key)
        assert button is not None, key
        colour = button.background_color
        button.background_color = MARK
        pump()
        x, y = drawn_at(MARK)
        button.background_color = colour
        press(x, y)
        assert [dict(a) for a in p.journal.actions()] == [action], (rotation, key, x, y)
        p.undo()
        pump()
