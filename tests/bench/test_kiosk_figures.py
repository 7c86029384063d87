"""bench/kiosk_figures.py runs end to end and says its figures (never timed here)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
KEYS = {
    "start_ratio",
    "tap_ratio",
    "tap_p50_ms",
    "tap_p99_ms",
    "rss_ratio",
    "start_ms",
    "bare_start_ms",
    "bare_tap_p50_ms",
    "bare_tap_p99_ms",
    "rss_kib",
    "bare_rss_kib",
    "tap_voice_ratio",
    "tap_voice_p50_ms",
    "tap_voice_p99_ms",
}


@pytest.mark.slow
def test_quick_figures_are_one_json_object_of_positive_numbers():
    run = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "kiosk_figures.py"), "--json", "--quick"],
        cwd=ROOT,
        env=dict(os.environ),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    figures = json.loads(run.stdout.strip().splitlines()[-1])
    assert set(figures) == KEYS
    for key, value in figures.items():
        assert isinstance(value, (int, float)) and not isinstance(value, bool), key
        assert value > 0, (key, value)
    # a percentile of the same taps cannot be below their median
    assert figures["tap_p99_ms"] >= figures["tap_p50_ms"]
    assert figures["bare_tap_p99_ms"] >= figures["bare_tap_p50_ms"]
    assert figures["tap_voice_p99_ms"] >= figures["tap_voice_p50_ms"]
    # the progress lines go to stderr, so that stdout's last line is the object
    assert "start" in run.stderr and "taps" in run.stderr
