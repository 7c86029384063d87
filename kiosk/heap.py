"""The kiosk's heap, handed back to the system as it goes (glibc's malloc).

A kiosk lives for a whole sitting: parties one after another, each with its
screens, sheets and texts. Left to itself, glibc keeps the free pages of its
heap resident, and a later screen's blocks land beside them: the peak creeps
up from partie to partie though Python's objects stay flat (bench/run's
`rss_4_parties_ratio` and `rss_growth_2_4_mib`). `give_back()`, called when
the table is still after a screen changes, returns those pages to the
system (`malloc_trim`: 0.3 ms at the median of a sitting here, 1.4 ms at
most).

Elsewhere than glibc (musl, macOS) it does nothing and says so (False).
"""

from __future__ import annotations

import ctypes
from typing import Any

_libc: Any = None


def _glibc() -> Any:
    global _libc
    if _libc is None:
        try:
            libc = ctypes.CDLL(None)
        except OSError:
            libc = None
        _libc = libc if libc is not None and hasattr(libc, "malloc_trim") else False
    return _libc


def give_back() -> bool:
    """The heap's free pages returned to the system: True if some were."""
    libc = _glibc()
    return bool(libc) and libc.malloc_trim(0) == 1
