"""The journal's file brought up to date with its log in a still moment
(`Journal.checkpoint`, SQLite's PASSIVE checkpoint): the -wal is written again
from its start instead of growing (a commit's sync then writes no new file
size), and nothing the journal says changes."""

from __future__ import annotations

import shutil
from pathlib import Path

from log_helpers import play_deal, wal_size

from journal import Journal


def test_after_each_checkpoint_the_log_is_written_again_over_its_own_blocks(db_path):
    with Journal.open(db_path) as journal:
        journal.new_partie(["Anne", "Ben"], "Ben")
        play_deal(journal)
        journal.checkpoint()
        one_deal = wal_size(db_path)
        for _ in range(4):
            play_deal(journal)
            journal.checkpoint()
        assert wal_size(db_path) <= one_deal * 1.2


def test_without_checkpoints_the_log_grows_with_every_deal(db_path):
    with Journal.open(db_path) as journal:
        journal.new_partie(["Anne", "Ben"], "Ben")
        play_deal(journal)
        one_deal = wal_size(db_path)
        for _ in range(4):
            play_deal(journal)
        assert wal_size(db_path) >= one_deal * 2.5  # (the first deal also made the partie)


def test_the_file_alone_then_holds_every_action_and_nothing_said_changes(db_path, tmp_path):
    with Journal.open(db_path) as journal:
        journal.new_partie(["Anne", "Ben"], "Ben")
        play_deal(journal)
        journal.act({"trick": "E"})
        before = (journal.actions(), journal.record(), journal.score())
        journal.checkpoint()
        assert not journal.refresh()  # not taken for another writer's change
        assert (journal.actions(), journal.record(), journal.score()) == before
        alone = tmp_path / "alone.sqlite3"
        shutil.copyfile(db_path, alone)  # the file without its -wal
        with Journal.open(alone, read_only=True) as copy:
            assert copy.actions() == before[0]
        journal.act({"trick": "Y"})  # and writing goes on as before
        assert journal.actions() == [*before[0], {"trick": "Y"}]


def test_a_journal_only_read_and_one_in_memory_are_left_alone(db_path):
    with Journal.open(db_path) as journal:
        journal.new_partie(["Anne", "Ben"], "Ben")
        play_deal(journal)
        with Journal.open(db_path, read_only=True) as reader:
            reader.checkpoint()
            assert reader.actions() == journal.actions()
    memory = Journal.open(":memory:")
    memory.new_partie(["Anne", "Ben"], "Ben")
    memory.checkpoint()
    assert memory.actions() == []


def test_a_deleted_journal_is_not_made_again_by_a_checkpoint(db_path):
    with Journal.open(db_path) as journal:
        journal.new_partie(["Anne", "Ben"], "Ben")
        journal.act({"trick": "E"})
        for path in (db_path, Path(f"{db_path}-wal"), Path(f"{db_path}-shm")):
            path.unlink(missing_ok=True)
        journal.checkpoint()
        assert not db_path.exists()
        assert not Path(f"{db_path}-wal").exists()
