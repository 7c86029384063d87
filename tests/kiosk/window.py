"""Looking at the kiosk's real window in the UI tests: draw a few frames, show
a presenter, the screen shown and its visible texts."""

from __future__ import annotations

from kiosk.presenter import Presenter


def pump(frames: int = 4) -> None:
    from kivy.base import EventLoop

    for _ in range(frames):
        EventLoop.idle()


def use(app, presenter: Presenter) -> Presenter:
    app.set_presenter(presenter)
    pump()
    return presenter


def screen(app):
    return app.sm.current_screen


def texts(app) -> list[str]:
    from kiosk.app import walk_texts

    return walk_texts(screen(app))
