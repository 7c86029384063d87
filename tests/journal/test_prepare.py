"""`Journal.prepare`: an action checked and scored ahead of `act` (the kiosk
does it for the next trick's two winners while the table is still).

`act` takes up what was prepared only from the very state it reads inside its
write transaction: the answers are those of an unprepared journal, a partie
changed meanwhile by another writer is checked afresh, and an action that does
not fit is refused by `act` in words as always.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from journal_helpers import next_action

from journal import Journal, JournalChangedError
from scorer import ActionError

POINT = {"declare": "point", "by": "elder", "cards": 5, "value": 49}


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), game=st.sampled_from(["rubicon", "au-cent", "four-deal"]))
def test_a_prepared_partie_scores_as_an_unprepared_one(seed, game):
    """A random legal partie played twice, action by action: once as is, once
    with the next action and a random other one prepared before each act. The
    records, scores, club figures and outcomes are the same at every step."""
    rng = random.Random(seed)
    plain, ahead = Journal.open(":memory:"), Journal.open(":memory:")
    partie = plain.new_partie(["Anne", "Ben"], "Ben", game)
    ahead.new_partie(["Anne", "Ben"], "Ben", game)
    for _ in range(200):
        if plain.score()["finished"]:
            break
        action = next_action(plain.record(), plain.actions(), seed, partie)
        other = rng.choice([{"trick": "E"}, {"trick": "Y"}, {"next_deal": True}, POINT])
        for candidate in rng.sample([action, other], 2):
            ahead.prepare(candidate)
        assert ahead.act(action) == plain.act(action)
        assert ahead.record() == plain.record()
        assert ahead.score() == plain.score()
        assert ahead.club.figures("Anne") == plain.club.figures("Anne")
    assert plain.actions() == ahead.actions()


def test_a_partie_changed_meanwhile_is_checked_afresh(db_path):
    """The kiosk prepares the next trick; another writer plays a trick first.
    The kiosk's act is refused as stale (its view is read again), and with
    `recheck` it is decided on the partie as stored, not on what was prepared."""
    kiosk, other = Journal.open(db_path), Journal.open(db_path)
    kiosk.new_partie(["Anne", "Ben"], "Ben")
    for action in ({"declare": "nothing", "by": "elder"}, {"declare": "nothing", "by": "younger"}):
        kiosk.act(action)
    assert kiosk.prepare({"trick": "E"})
    other.refresh()
    other.act({"trick": "Y"})
    with pytest.raises(JournalChangedError):
        kiosk.act({"trick": "E"})
    assert kiosk.prepare({"trick": "E"})
    other.act({"trick": "Y"})
    kiosk.act({"trick": "E"}, recheck=True)
    assert [a["trick"] for a in kiosk.actions() if "trick" in a] == ["Y", "Y", "E"]
    fresh = Journal.open(db_path)
    assert kiosk.score() == fresh.score()  # the prepared score (one trick) was not used
    assert fresh.score()["deals"][0]["scores"] == kiosk.score()["deals"][0]["scores"]
    for journal in (kiosk, other, fresh):
        journal.close()


def test_an_action_that_does_not_fit_is_not_prepared_and_act_still_says_why(journal):
    journal.new_partie(["Anne", "Ben"], "Ben")
    assert journal.prepare({"next_deal": True}) is False  # deal 1 is not complete
    assert journal.prepare({"trick": "X"}) is False  # not an action at all
    with pytest.raises(ActionError, match="not complete"):
        journal.act({"next_deal": True})
    assert journal.actions() == []


def test_an_undo_leaves_nothing_prepared_behind(db_path):
    """Prepared from one state (one trick played), an undo moves to another (none
    played): the act after it is decided and scored on the partie as it is then."""
    journal = Journal.open(db_path)
    journal.new_partie(["Anne", "Ben"], "Ben")
    journal.act({"declare": "nothing", "by": "elder"})
    journal.act({"declare": "nothing", "by": "younger"})
    journal.act({"trick": "E"})
    assert journal.prepare({"trick": "Y"})
    journal.undo()
    journal.act({"trick": "Y"})
    assert journal.record()["deals"][0]["tricks"] == "Y"
    fresh = Journal.open(db_path)
    assert journal.score() == fresh.score()
    journal.close()
    fresh.close()


def test_foreseen_is_what_act_then_makes_and_only_from_the_state_it_was_prepared_from(journal):
    """`foreseen` gives the record and score `prepare` worked out, for a screen
    made ahead of the tap: the very record and score `act` then commits; None
    for an action not prepared, one that does not fit, or once the partie has
    moved on from the state it was prepared from."""
    journal.new_partie(["Anne", "Ben"], "Ben")
    for action in ({"declare": "nothing", "by": "elder"}, {"declare": "nothing", "by": "younger"}):
        journal.act(action)
    assert journal.foreseen({"trick": "E"}) is None  # not prepared
    assert journal.prepare({"trick": "E"}) and journal.prepare({"trick": "Y"})
    assert journal.foreseen({"trick": "X"}) is None  # not an action
    won_by_younger = journal.foreseen({"trick": "Y"})
    won_by_elder = journal.foreseen({"trick": "E"})
    assert won_by_elder is not None and won_by_younger is not None
    assert won_by_elder[0] != won_by_younger[0]
    journal.act({"trick": "E"})
    assert (journal.record(), journal.score()) == won_by_elder
    assert journal.foreseen({"trick": "Y"}) is None  # prepared from a state gone by


def test_supposing_reads_the_partie_as_after_the_action_and_writes_nothing(db_path):
    """Inside `supposing`, the partie reads as `act` would leave it (its record,
    score and actions); a write is refused and another writer's change is not
    read; afterwards the journal is exactly as before, and `act` commits the
    same partie. An action not prepared from the state as it stands is not
    supposed."""
    journal, other = Journal.open(db_path), Journal.open(db_path)
    journal.new_partie(["Anne", "Ben"], "Ben")
    for action in ({"declare": "nothing", "by": "elder"}, {"declare": "nothing", "by": "younger"}):
        journal.act(action)
    before = (journal.record(), journal.score(), journal.actions(), journal.can_undo())
    with journal.supposing({"trick": "E"}) as supposed:
        assert supposed is False  # not prepared
        assert journal.record() == before[0]
    assert journal.prepare({"trick": "E"})
    other.refresh()
    other.act({"trick": "Y"})  # another writer, meanwhile
    with journal.supposing({"trick": "E"}) as supposed:
        assert supposed is True
        assert journal.actions() == [*before[2], {"trick": "E"}]
        assert journal.record()["deals"][0]["tricks"] == "E"
        assert journal.refresh() is False  # read once the supposing is over
        with pytest.raises(RuntimeError):
            journal.act({"trick": "Y"})
    assert (journal.record(), journal.score(), journal.actions(), journal.can_undo()) == before
    assert journal.refresh() is True  # the other writer's trick, read now
    assert journal.actions() == [*before[2], {"trick": "Y"}]
    for j in (journal, other):
        j.close()


def test_what_is_supposed_is_what_act_commits(journal):
    journal.new_partie(["Anne", "Ben"], "Ben")
    for action in ({"declare": "nothing", "by": "elder"}, {"declare": "nothing", "by": "younger"}):
        journal.act(action)
    assert journal.prepare({"trick": "Y"})
    with journal.supposing({"trick": "Y"}) as supposed:
        assert supposed
        seen = (journal.record(), journal.score(), journal.actions())
    journal.act({"trick": "Y"})
    assert (journal.record(), journal.score(), journal.actions()) == seen
