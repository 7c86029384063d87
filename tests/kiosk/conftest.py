"""Kivy must see its settings before it is first imported (ARCHITECTURE.md)."""

import os

import pytest

for key, value in {
    "SDL_VIDEODRIVER": "offscreen",
    "KIVY_NO_ARGS": "1",
    "KIVY_NO_CONFIG": "1",
    "KIVY_NO_FILELOG": "1",
    "KIVY_LOG_LEVEL": "warning",
    "GPIOZERO_PIN_FACTORY": "mock",
}.items():
    os.environ.setdefault(key, value)


@pytest.fixture(scope="module")
def app():
    """A real Kivy window (offscreen) with the kiosk on an empty journal, one per
    test module; a module that needs another window defines its own `app`."""
    from journal import Journal
    from kiosk.presenter import Presenter
    from piquet.kiosk_command import configure_kivy

    configure_kivy(False)
    from kivy.base import runTouchApp, stopTouchApp

    from kiosk.app import PiquetApp

    app = PiquetApp(Presenter(Journal.open(":memory:")))
    app._run_prepare()
    runTouchApp(embedded=True)
    yield app
    app.stop()
    stopTouchApp()
