"""`bench/run --json --quick` works and says every figure (nothing here is timed).

It runs with the test environment's `python` and `piquet` first on PATH, as
the README's set-up leaves them. The figures' values are not checked: a
benchmark prints them, a test must not depend on the machine's speed.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
KEYS = {
    "start_ratio",
    "tap_ratio",
    "tap_p50_ms",
    "tap_p99_ms",
    "rss_ratio",
    "replay_ms",
    "replay_ms_10k",
    "commit_p50_ms",
    "commit_p99_ms",
    "history_ms_10k",
    "sheet_bytes",
    "sheet_seconds_ratio",
    "cli_ratio",
    "tap_voice_ratio",
    "tap_voice_p50_ms",
    "tap_voice_p99_ms",
}
KIOSK_KEYS = {
    "start_ratio",
    "tap_ratio",
    "tap_p50_ms",
    "tap_p99_ms",
    "rss_ratio",
    "tap_voice_ratio",
    "tap_voice_p50_ms",
    "tap_voice_p99_ms",
}
# issue 25's, after issue 12's thirteen and issue 24's three (spec/record.md, 2026-11-27)
ADDED = {
    "trick_p99_ratio",
    "last_trick_p99_ratio",
    "next_deal_p99_ratio",
    "first_answer_p99_ratio",
    "first_last_trick_p99_ratio",
    "rss_4_parties_ratio",
    "rss_growth_2_4_mib",
    "tap_x_ratio",
    "rss_held_growth_2_4_mib",  # beside the peak's growth, the memory held's
}
KIOSK_KEYS = KIOSK_KEYS | ADDED
GROWTH = {"rss_growth_2_4_mib"}  # a peak's growth: may be nothing at all
HELD = {"rss_held_growth_2_4_mib"}  # the memory held: may shrink as well as grow


def test_bench_run_quick_gives_every_figure_as_json_and_in_its_table() -> None:
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    done = subprocess.run(
        [str(REPO / "bench" / "run"), "--json", "--quick"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    figures = json.loads(lines[-1])
    assert set(figures) == KEYS | ADDED
    assert list(figures)[: len(KEYS)] == [key for key in figures if key in KEYS]
    assert all(key.endswith("_p99_ratio") for key in ADDED if "p99" in key)
    kiosk_measured = (REPO / "bench" / "kiosk_figures.py").is_file()
    for key, value in figures.items():
        if key in KIOSK_KEYS and not kiosk_measured:
            assert value is None, key
            continue
        if key == "tap_x_ratio" and shutil.which("Xvfb") is None:
            assert value is None
            assert "skipped" in done.stderr
            continue
        assert isinstance(value, int | float) and not isinstance(value, bool), (key, value)
        assert math.isfinite(value), (key, value)
        assert key in HELD or (value >= 0 if key in GROWTH else value > 0), (key, value)
    if not kiosk_measured:
        assert "bench/kiosk_figures.py missing" in done.stderr
    table = "\n".join(lines[:-1])
    assert table.splitlines()[0].split() == ["figure", "value", "baseline", "ratio", "goal", "met?"]
    named = {line.split()[0] for line in table.splitlines()[1:] if line.strip()}
    assert named >= KEYS | ADDED
