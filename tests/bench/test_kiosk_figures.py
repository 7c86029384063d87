"""bench/kiosk_figures.py runs end to end and says its figures (never timed here)."""

from __future__ import annotations

import json
import os
import shutil
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
KINDS = ("trick", "last_trick", "next_deal", "first_answer", "first_last_trick")
ADDED = {
    *(f"{kind}_p99_ms" for kind in KINDS),
    *(f"{kind}_p99_ratio" for kind in KINDS),
    "rss_4_parties_ratio",
    "rss_4_parties_kib",
    "bare_rss_4_parties_kib",
    "rss_growth_2_4_mib",
    "rss_held_growth_2_4_mib",  # the memory held: may shrink as well as grow
}
X_KEYS = {"tap_x_ratio", "tap_x_p50_ms", "bare_tap_x_p50_ms"}


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
    assert set(figures) == KEYS | ADDED | X_KEYS
    through_x = shutil.which("Xvfb") is not None
    for key, value in figures.items():
        if key in X_KEYS and not through_x:
            assert value is None, key
            continue
        assert isinstance(value, (int, float)) and not isinstance(value, bool), key
        if key == "rss_held_growth_2_4_mib":
            assert abs(value) * 1024 <= figures["rss_4_parties_kib"], value
            continue
        assert value >= 0 if key == "rss_growth_2_4_mib" else value > 0, (key, value)
    # each kind's ratio is its p99 over the same run's bare p99
    for kind in KINDS:
        ratio = figures[f"{kind}_p99_ms"] / figures["bare_tap_p99_ms"]
        assert abs(figures[f"{kind}_p99_ratio"] - ratio) < 0.01, kind
    # the peak grew by no more than the whole peak
    assert figures["rss_4_parties_kib"] >= figures["rss_growth_2_4_mib"] * 1024
    # a percentile of the same taps cannot be below their median
    assert figures["tap_p99_ms"] >= figures["tap_p50_ms"]
    assert figures["bare_tap_p99_ms"] >= figures["bare_tap_p50_ms"]
    assert figures["tap_voice_p99_ms"] >= figures["tap_voice_p50_ms"]
    # the progress lines go to stderr, so that stdout's last line is the object
    assert "start" in run.stderr and "taps" in run.stderr
