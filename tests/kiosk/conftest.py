"""Kivy must see its settings before it is first imported (ARCHITECTURE.md)."""

import os

for key, value in {"SDL_VIDEODRIVER": "offscreen", "KIVY_NO_ARGS": "1", "KIVY_NO_CONFIG": "1",
                   "KIVY_NO_FILELOG": "1", "KIVY_LOG_LEVEL": "warning",
                   "GPIOZERO_PIN_FACTORY": "mock"}.items():
    os.environ.setdefault(key, value)
