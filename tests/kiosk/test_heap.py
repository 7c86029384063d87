"""The kiosk's heap handed back to the system (kiosk.heap, glibc)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Frees 39 blocks in 40 of 40 MB of 1000-byte blocks (glibc's heap, not
# Python's small-object arenas): every fortieth kept holds the heap's top, so the
# freed pages stay resident until they are given back.
SCRIPT = """
import resource
from kiosk import heap
def resident():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * resource.getpagesize()
blocks = [bytearray(1000) for _ in range(40_000)]
kept = blocks[::40]
del blocks
before = resident()
given = heap.give_back()
print(given, before - resident())
"""


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="Linux's /proc only")
def test_the_heaps_free_pages_go_back_to_the_system() -> None:
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, cwd=ROOT, check=True
    ).stdout.split()
    given, freed = out[0] == "True", int(out[1])
    assert given
    assert freed > 24 * 1024 * 1024  # of the 39 MB freed, most leave the resident set
