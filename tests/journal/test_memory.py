"""The journal's memory does not grow with the number of actions played.

Only the current partie's record, score and actions are kept; other parties
are folded when asked for and dropped. `bench/journal_memory.py` prints the
figures (about 7 KiB an action before; about 0 now).
"""

from __future__ import annotations

import gc
import tracemalloc

from journal_helpers import play_random_partie

from journal import Journal


def test_memory_held_does_not_grow_with_the_actions_played(db_path):
    tracemalloc.start()
    try:
        with Journal.open(db_path) as journal:
            actions = len(journal.actions(play_random_partie(journal, "mem-0", "rubicon", 60)))
            gc.collect()
            start, start_actions = tracemalloc.get_traced_memory()[0], actions
            for seed in range(1, 4):
                partie = play_random_partie(journal, f"mem-{seed}", "rubicon", 60)
                actions += len(journal.actions(partie))
                journal.record(partie - 1)  # reading an older partie keeps nothing either
            gc.collect()
            grown = tracemalloc.get_traced_memory()[0] - start
    finally:
        tracemalloc.stop()
    played = actions - start_actions
    assert played == 180
    assert grown / played < 512, f"{grown} bytes held for {played} more actions"
