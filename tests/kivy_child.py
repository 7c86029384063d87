"""Kivy's settings in a test's child process, made before Kivy is first
imported (ARCHITECTURE.md): a window on SDL's `driver`, no command-line
arguments, config file or log file of Kivy's own."""

from __future__ import annotations

import os


def kivy_settings(
    driver: str = "offscreen", log_level: str = "warning", force: bool = False
) -> None:
    """Set them in the environment; `force`: over what the parent gave."""
    for key, value in {
        "SDL_VIDEODRIVER": driver,
        "KIVY_NO_ARGS": "1",
        "KIVY_NO_CONFIG": "1",
        "KIVY_NO_FILELOG": "1",
        "KIVY_LOG_LEVEL": log_level,
    }.items():
        if force:
            os.environ[key] = value
        else:
            os.environ.setdefault(key, value)
