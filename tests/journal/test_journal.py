"""The Journal facade: act, undo, redo, resume, history and import."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from journal_helpers import play_random_partie

from journal import Journal, NoPartieError
from scorer import ActionError, RecordError, score_record
from tests.conftest import EXAMPLES

OPENING = [
    {"exchange": "elder", "cards": 5},
    {"exchange": "younger", "cards": 3},
    {"declare": "point", "by": "elder", "cards": 5},
    {"declare": "point", "by": "elder", "cards": 5, "value": 49},
    {"declare": "sequence", "by": "elder", "length": 4, "top": "A"},
    {"declare": "set", "by": "younger", "count": 3, "rank": "J"},
]


@pytest.fixture(params=["memory", "sqlite"])
def any_journal(request: pytest.FixtureRequest, db_path: Path):
    with Journal.open(":memory:" if request.param == "memory" else db_path) as journal:
        yield journal


def entered_partie(journal: Journal, deals: int = 6) -> int:
    """A partie of entered deals that Anne (elder in deal 1) wins after six deals."""
    partie = journal.new_partie(["Anne", "Ben"], "Ben")
    for number in range(deals):
        if number:
            journal.act({"next_deal": True})
        journal.act({"entered": {"elder": 30 if number == 0 else 0, "younger": 0}})
    return partie


def test_act_returns_the_partie_deal_totals_and_finished(any_journal):
    partie = any_journal.new_partie(["Anne", "Ben"], "Ben")
    outcome = {}
    for action in OPENING:
        outcome = any_journal.act(action)
    assert set(outcome) == {"partie", "deal", "totals", "finished"}
    assert outcome["partie"] == partie
    assert outcome["deal"] == 1
    assert outcome["totals"] == score_record(any_journal.record())["totals"]
    assert outcome["finished"] is False


def test_a_refused_action_changes_nothing(any_journal):
    any_journal.new_partie(["Anne", "Ben"], "Ben")
    any_journal.act({"trick": "E"})
    record, actions = any_journal.record(), any_journal.actions()
    for refused in (
        {"declare": "point", "by": "elder", "cards": 5},
        {"next_deal": True},
        {"trick": "Z"},
    ):
        with pytest.raises(ActionError):
            any_journal.act(refused)
    assert any_journal.record() == record
    assert any_journal.actions() == actions


def test_no_current_partie_is_refused(any_journal):
    assert any_journal.current_partie() is None
    for call in (
        lambda: any_journal.act({"trick": "E"}),
        any_journal.undo,
        any_journal.redo,
        any_journal.record,
        any_journal.score,
    ):
        with pytest.raises(NoPartieError, match="no current partie"):
            call()
    assert not any_journal.can_undo()
    assert not any_journal.can_redo()


def test_a_bad_header_starts_no_partie(any_journal):
    with pytest.raises(ActionError, match="first_dealer"):
        any_journal.new_partie(["Anne", "Ben"], "Carl")
    with pytest.raises(ActionError, match="variant"):
        any_journal.new_partie(["Anne", "Ben"], "Ben", variants={"no_such_rule": True})
    assert any_journal.history() == []


def test_undo_replays_back_to_the_start_of_the_partie(any_journal):
    any_journal.new_partie(["Anne", "Ben"], "Ben")
    records = [any_journal.record()]
    for action in [*OPENING, *({"trick": w} for w in "EYEYEYEYEYEE"), {"next_deal": True}]:
        any_journal.act(action)
        records.append(any_journal.record())
    while any_journal.can_undo():
        outcome = any_journal.undo()
        records.pop()
        assert any_journal.record() == records[-1]
        assert outcome["totals"] == score_record(records[-1])["totals"]
    assert any_journal.actions() == []
    with pytest.raises(ActionError, match="nothing to undo"):
        any_journal.undo()


def test_redo_restores_what_was_undone_in_order(any_journal):
    any_journal.new_partie(["Anne", "Ben"], "Ben")
    for action in OPENING:
        any_journal.act(action)
    full = any_journal.record()
    any_journal.undo()
    any_journal.undo()
    assert any_journal.can_redo()
    any_journal.redo()
    outcome = any_journal.redo()
    assert any_journal.record() == full
    assert outcome["totals"] == score_record(full)["totals"]
    assert not any_journal.can_redo()
    with pytest.raises(ActionError, match="nothing to redo"):
        any_journal.redo()


def test_redo_is_refused_once_another_action_came(any_journal):
    any_journal.new_partie(["Anne", "Ben"], "Ben")
    any_journal.act({"trick": "E"})
    any_journal.act({"trick": "E"})
    any_journal.undo()
    any_journal.act({"trick": "Y"})
    assert not any_journal.can_redo()
    with pytest.raises(ActionError, match="nothing to redo"):
        any_journal.redo()
    assert any_journal.record()["deals"][0]["tricks"] == "EY"


def test_after_an_action_nothing_waits_to_be_redone_without_reading_it(any_journal, monkeypatch):
    """An action forgets the partie's undone actions in its own transaction, so
    the screen it leads to (which asks can_redo) need not read the store; an
    undo still reads what waits."""
    any_journal.new_partie(["Anne", "Ben"], "Ben")
    any_journal.act({"trick": "E"})
    any_journal.undo()
    reads = []
    store = any_journal._store
    undone = store.undone
    monkeypatch.setattr(store, "undone", lambda *a: reads.append(a) or undone(*a))
    any_journal.act({"trick": "Y"})
    assert any_journal.can_redo() is False
    assert reads == []
    any_journal.undo()
    assert any_journal.can_redo() is True
    assert len(reads) == 1


def test_undo_is_per_partie(any_journal):
    first = any_journal.new_partie(["Anne", "Ben"], "Ben")
    any_journal.act({"trick": "E"})
    any_journal.new_partie(["Carl", "Dora"], "Dora")
    assert not any_journal.can_undo()
    any_journal.set_current(first)
    any_journal.undo()
    assert any_journal.actions(first) == []


def test_undo_reopens_a_finished_partie(any_journal):
    entered_partie(any_journal)
    assert any_journal.score()["finished"]
    with pytest.raises(ActionError, match="finished"):
        any_journal.act({"next_deal": True})
    outcome = any_journal.undo()
    assert outcome["finished"] is False
    assert any_journal.history()[0]["finished"] is False


def test_resume_rebuilds_the_exact_state(db_path):
    with Journal.open(db_path) as journal:
        partie = journal.new_partie(["Anne", "Ben"], "Ben", "four-deal")
        for action in [*OPENING, *({"trick": w} for w in "EEYYE")]:
            journal.act(action)
        journal.act({"trick": "Y"})
        journal.undo()
        record, score, actions = journal.record(), journal.score(), journal.actions()
    with Journal.open(db_path) as resumed:
        assert resumed.current_partie() == partie
        assert resumed.record() == record
        assert resumed.score() == score
        assert resumed.actions() == actions
        # where we are: deal 1, declarations made, the sixth trick to come
        deal = resumed.record()["deals"][-1]
        assert (len(resumed.record()["deals"]), deal["tricks"]) == (1, "EEYYE")
        assert resumed.can_redo()
        assert resumed.redo()["totals"] == resumed.score()["totals"]


def test_a_second_journal_on_the_same_file_is_refused_not_overwritten(db_path):
    with Journal.open(db_path) as kiosk, Journal.open(db_path) as command_line:
        kiosk.new_partie(["Anne", "Ben"], "Ben")
        command_line.set_current(kiosk.current_partie())
        kiosk.act({"trick": "E"})
        with pytest.raises(ActionError, match="changed meanwhile"):
            command_line.act({"trick": "Y"})
        assert command_line.act({"trick": "Y"})["partie"] == kiosk.current_partie()
    with Journal.open(db_path) as journal:
        assert journal.record()["deals"][0]["tricks"] == "EY"


def test_history_lists_every_partie_newest_first(any_journal):
    won = entered_partie(any_journal)
    playing = any_journal.new_partie(["Carl", "Dora"], "Dora", "au-cent")
    any_journal.act({"trick": "E"})
    history = any_journal.history()
    assert [entry["partie"] for entry in history] == [playing, won]
    latest, earlier = history
    assert latest["players"] == ["Carl", "Dora"]
    assert latest["game"] == "au-cent"
    assert (latest["finished"], latest["result"], latest["deal"]) == (False, None, 1)
    assert earlier["finished"] is True
    assert earlier["result"] == any_journal.score(won)["result"]
    assert earlier["totals"] == any_journal.score(won)["totals"]
    assert earlier["created"].endswith("Z")


def test_any_partie_can_be_read_and_made_current_again(any_journal):
    first = entered_partie(any_journal, deals=2)
    first_record = any_journal.record()
    second = any_journal.new_partie(["Carl", "Dora"], "Dora")
    assert any_journal.record(first) == first_record
    assert any_journal.score(first) == score_record(first_record)
    any_journal.set_current(first)
    assert any_journal.current_partie() == first
    any_journal.act({"next_deal": True})
    assert len(any_journal.record(first)["deals"]) == 3
    assert any_journal.actions(second) == []
    with pytest.raises(NoPartieError):
        any_journal.set_current(99)
    with pytest.raises(NoPartieError):
        any_journal.record(99)


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.json")), ids=lambda p: p.stem)
def test_import_stores_a_record_whose_export_scores_the_same(any_journal, path):
    record = json.loads(path.read_text())["record"]
    partie = any_journal.import_record(record)
    assert score_record(any_journal.record(partie))["totals"] == score_record(record)["totals"]
    assert any_journal.score(partie)["result"] == score_record(record)["result"]
    assert any_journal.history()[0]["partie"] == partie
    assert any_journal.history()[0]["origin"] == "import"


def test_a_finished_import_only_joins_the_history(any_journal):
    current = any_journal.new_partie(["Anne", "Ben"], "Ben")
    source = Journal.open(":memory:")
    finished = source.record(entered_partie(source))
    imported = any_journal.import_record(finished)
    assert any_journal.current_partie() == current
    assert any_journal.score(imported)["finished"]


def test_an_import_in_progress_becomes_current_and_plays_on(any_journal):
    source = Journal.open(":memory:")
    source.new_partie(["Anne", "Ben"], "Ben")
    for action in [*OPENING, {"trick": "E"}]:
        source.act(action)
    imported = any_journal.import_record(source.record())
    assert any_journal.current_partie() == imported
    assert any_journal.act({"trick": "Y"})["totals"] == source.act({"trick": "Y"})["totals"]
    assert any_journal.record() == source.record()


def test_an_invalid_record_is_not_imported(any_journal):
    bad = {"format": "piquet-record/1", "players": ["A", "B"], "first_dealer": "C", "deals": []}
    with pytest.raises(RecordError, match="first_dealer"):
        any_journal.import_record(bad)
    assert any_journal.history() == []


def test_random_parties_resume_identically(db_path):
    with Journal.open(db_path) as journal:
        for seed in range(3):
            play_random_partie(journal, seed, "rubicon", limit=40 + 17 * seed)
        states = {entry["partie"]: journal.score(entry["partie"]) for entry in journal.history()}
    with Journal.open(db_path) as resumed:
        assert {entry["partie"]: resumed.score(entry["partie"]) for entry in resumed.history()} == (
            states
        )
        for entry in resumed.history():
            assert entry["totals"] == states[entry["partie"]]["totals"]


def test_opening_replays_only_the_current_partie_and_history_replays_none(db_path, monkeypatch):
    import journal.journal as facade

    with Journal.open(db_path) as journal:
        for _ in range(5):
            entered_partie(journal)
        current = journal.new_partie(["Anne", "Ben"], "Ben")
        journal.act({"trick": "E"})
    folded: list[dict] = []
    real_fold = facade.fold

    def counting_fold(record, actions):
        folded.append(record)
        return real_fold(record, actions)

    monkeypatch.setattr(facade, "fold", counting_fold)
    with Journal.open(db_path) as journal:
        assert len(folded) == 1
        assert journal.current_partie() == current
        history = journal.history()
        assert len(history) == 6 and sum(entry["finished"] for entry in history) == 5
        assert len(folded) == 1


SPOKEN = [
    {"say": "done"},
    {"exchange": "elder", "cards": 5},
    {"exchange": "younger", "cards": 3},
    {"say": "done"},
    {"say": "call", "by": "elder", "cards": 5},
    {"say": "making", "by": "younger"},
    {"say": "value", "by": "elder", "value": 49},
]


def test_resume_mid_dialogue_asks_the_same_question(db_path):
    from scorer.progress import progress

    with Journal.open(db_path) as journal:
        journal.new_partie(["Anne", "Ben"], "Ben")
        asks = [progress(journal.record()).ask]
        for action in SPOKEN:
            journal.act(action)
            asks.append(progress(journal.record()).ask)
    with Journal.open(db_path) as resumed:
        assert progress(resumed.record()).ask == asks[-1]
        assert asks[-1].phase == "point"  # Younger answers the point of five making 49
        for earlier in reversed(asks[:-1]):
            resumed.undo()
            assert progress(resumed.record()).ask == earlier
