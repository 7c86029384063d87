"""One contract, two stores: what every journal store must do (memory and SQLite)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from journal.errors import NoPartieError, StoreConflict
from journal.memory_store import MemoryStore
from journal.sqlite_store import SqliteStore
from journal.store import AsideSummary, PartieHeader, PartieSummary, Store

HEADER = PartieHeader(["Anne", "Ben"], "Ben", "rubicon", {}, "2026-01-02T03:04:05Z")


def summary(seq: int, finished: bool = False) -> PartieSummary:
    result = {"winner": "Anne", "draw": False, "points": 120, "rubicon": True} if finished else None
    return PartieSummary(seq, 1 + seq // 10, {"Anne": seq, "Ben": 2 * seq}, finished, result)


@pytest.fixture(params=["memory", "sqlite"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    opened: Store = MemoryStore() if request.param == "memory" else SqliteStore.open(tmp_path / "j")
    yield opened
    opened.close()


def trick(winner: str) -> dict:
    return {"trick": winner}


def with_actions(store: Store, count: int) -> int:
    partie = store.create_partie(HEADER, summary(0), [], make_current=True)
    for seq in range(1, count + 1):
        store.append(partie, seq, trick("EY"[seq % 2]), summary(seq))
    return partie


def test_a_new_store_is_empty(store):
    assert store.parties() == []
    assert store.current() is None


def test_create_keeps_the_header_and_summary(store):
    partie = store.create_partie(HEADER, summary(0), [], make_current=False)
    stored = store.partie(partie)
    assert (stored.id, stored.header, stored.summary) == (partie, HEADER, summary(0))
    assert store.current() is None
    assert store.actions_of(partie) == []


def test_create_with_actions_numbers_them(store):
    actions = [trick("E"), {"next_deal": True}, trick("Y")]
    partie = store.create_partie(HEADER, summary(3), actions, make_current=True)
    assert store.actions_of(partie) == actions
    assert store.current() == partie


def test_create_refuses_a_summary_that_does_not_count_the_actions(store):
    with pytest.raises(StoreConflict):
        store.create_partie(HEADER, summary(2), [trick("E")], make_current=True)
    assert store.parties() == []


def test_partie_ids_are_new_each_time_and_parties_come_newest_first(store):
    first = store.create_partie(HEADER, summary(0), [], make_current=True)
    second = store.create_partie(HEADER, summary(0), [], make_current=True)
    assert second != first
    assert [p.id for p in store.parties()] == [second, first]
    assert store.current() == second


def test_append_adds_in_order_and_updates_the_summary(store):
    partie = with_actions(store, 5)
    assert store.actions_of(partie) == [trick("EY"[seq % 2]) for seq in range(1, 6)]
    assert store.partie(partie).summary == summary(5)


@pytest.mark.parametrize("seq", [0, 1, 2, 4, 7])
def test_append_refuses_a_gap_or_an_overwrite(store, seq):
    partie = with_actions(store, 2)
    with pytest.raises(StoreConflict):
        store.append(partie, seq, trick("E"), summary(seq))
    assert len(store.actions_of(partie)) == 2
    assert store.partie(partie).summary == summary(2)


def test_append_refuses_a_summary_for_another_count(store):
    partie = with_actions(store, 2)
    with pytest.raises(StoreConflict):
        store.append(partie, 3, trick("E"), summary(4))
    assert store.partie(partie).summary == summary(2)


def test_an_unknown_partie_is_refused(store):
    with pytest.raises(NoPartieError):
        store.partie(42)
    with pytest.raises(NoPartieError):
        store.actions_of(42)
    with pytest.raises(NoPartieError):
        store.append(42, 1, trick("E"), summary(1))
    with pytest.raises(NoPartieError):
        store.set_current(42)


def test_remove_last_keeps_the_action_for_redo(store):
    partie = with_actions(store, 3)
    removed = store.remove_last(partie, 3, summary(2))
    assert removed == trick("EY"[3 % 2])
    assert len(store.actions_of(partie)) == 2
    assert store.partie(partie).summary == summary(2)
    assert store.undone(partie, 3) == removed
    assert store.restore(partie, 3, summary(3)) == removed
    assert store.actions_of(partie)[-1] == removed
    assert store.undone(partie, 3) is None


def test_remove_last_refuses_anything_but_the_last(store):
    partie = with_actions(store, 3)
    with pytest.raises(StoreConflict):
        store.remove_last(partie, 2, summary(1))
    assert len(store.actions_of(partie)) == 3


def test_undo_back_to_the_start_then_redo_in_order(store):
    partie = with_actions(store, 3)
    actions = store.actions_of(partie)
    for seq in (3, 2, 1):
        store.remove_last(partie, seq, summary(seq - 1))
    assert store.actions_of(partie) == []
    for seq in (1, 2, 3):
        store.restore(partie, seq, summary(seq))
    assert store.actions_of(partie) == actions


def test_an_append_forgets_the_undone_actions(store):
    partie = with_actions(store, 3)
    store.remove_last(partie, 3, summary(2))
    store.remove_last(partie, 2, summary(1))
    store.append(partie, 2, {"next_deal": True}, summary(2))
    assert store.undone(partie, 3) is None
    with pytest.raises(StoreConflict):
        store.restore(partie, 3, summary(3))


def test_undone_actions_belong_to_their_partie(store):
    first = with_actions(store, 2)
    second = with_actions(store, 2)
    store.remove_last(first, 2, summary(1))
    store.append(second, 3, trick("E"), summary(3))
    assert store.undone(first, 2) is not None
    assert store.undone(second, 3) is None


def test_set_current_switches_and_clears(store):
    first = with_actions(store, 1)
    second = with_actions(store, 1)
    store.set_current(first)
    assert store.current() == first
    store.set_current(None)
    assert store.current() is None
    store.set_current(second)
    assert store.current() == second


def test_a_finished_summary_keeps_its_result(store):
    partie = with_actions(store, 1)
    store.append(partie, 2, trick("E"), summary(2, finished=True))
    stored = store.partie(partie)
    assert stored.summary.finished
    assert stored.summary.result == summary(2, finished=True).result


def test_actions_are_copies(store):
    partie = with_actions(store, 1)
    store.actions_of(partie)[0]["trick"] = "X"
    assert store.actions_of(partie)[0]["trick"] in ("E", "Y")


def test_unicode_names_and_nested_actions_round_trip(store):
    header = PartieHeader(["Zoé", "Ἀλέξανδρος"], "Zoé", "au-cent", {"carte_rouge": 20}, "t")
    action = {"trick": {"winner": "E", "lead": "AH", "follow": "10H"}}
    partie = store.create_partie(header, summary(1), [action], make_current=True)
    assert store.partie(partie).header == header
    assert store.actions_of(partie) == [action]


def test_every_change_to_a_partie_bumps_its_revision(store):
    partie = with_actions(store, 2)
    other = with_actions(store, 0)
    seen = [store.revision(partie)]
    store.remove_last(partie, 2, summary(1))
    seen.append(store.revision(partie))
    store.append(partie, 2, trick("E"), summary(2))  # the same number of actions as before
    seen.append(store.revision(partie))
    store.remove_last(partie, 2, summary(1))
    store.restore(partie, 2, summary(2))
    seen.append(store.revision(partie))
    assert seen == sorted(set(seen))  # strictly increasing
    assert store.revision(other) == 0
    with pytest.raises(NoPartieError):
        store.revision(42)


def test_a_failed_transaction_changes_nothing(store):
    partie = with_actions(store, 2)
    revision, version = store.revision(partie), store.data_version()
    with pytest.raises(RuntimeError), store.transaction():
        store.append(partie, 3, trick("E"), summary(3))
        store.set_current(None)
        raise RuntimeError("the check failed after the first write")
    assert len(store.actions_of(partie)) == 2
    assert store.current() == partie
    assert store.revision(partie) == revision
    assert store.data_version() == version


def test_set_aside_moves_the_actions_from_a_number_on_and_keeps_them(store):
    partie = with_actions(store, 5)
    moved = store.set_aside(partie, 4, "deal 1: a declaration after the first trick", summary(3))
    assert moved == 2
    assert len(store.actions_of(partie)) == 3
    assert store.partie(partie).summary == summary(3)
    assert store.aside() == {
        partie: AsideSummary(2, 4, "deal 1: a declaration after the first trick")
    }
    store.append(partie, 4, trick("E"), summary(4))  # numbering goes on from the valid part
    store.set_aside(partie, 3, "later", summary(2))
    assert store.aside()[partie] == AsideSummary(4, 3, "later")


def test_stored_actions_show_the_rows_as_they_are(store):
    partie = with_actions(store, 2)
    assert [(row.seq, row.action) for row in store.stored_actions(partie)] == [
        (1, trick("Y")),
        (2, trick("E")),
    ]


def test_settings_are_kept(store):
    assert store.setting("k") is None
    store.put_setting("k", "v")
    assert store.setting("k") == "v"
