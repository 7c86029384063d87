"""Correcting a finished partie (Law 70, by agreement): `{"correct": ...}`, the one
action allowed after the end, through the journal and `piquet correct`.

Refused corrections change nothing, byte for byte; accepted ones change the
scores, stay in the partie's actions (the audit trail), undo like any action,
are marked in the exported record (which `piquet score` scores corrected and
`piquet import` keeps), and survive reopening the journal.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from journal_helpers import sha256_files

from journal import Journal
from scorer import ActionError, score_record
from scorer.correction import stands_at
from tests.journal.journal_helpers import play_random_partie
from tests.stats.cli import run_cli

DEALS = [(30, 12), (20, 41), (25, 5), (18, 9), (40, 0), (11, 15)]


def quick(journal: Journal, names=("Anne", "Bruno"), deals=DEALS, game="rubicon") -> int:
    """A partie entered as totals, deal by deal (Bruno deals first)."""
    partie = journal.new_partie(list(names), names[1], game)
    journal.act({"entry": "totals"})
    for number, (elder, younger) in enumerate(deals):
        if number:
            journal.act({"next_deal": True})
        journal.act({"entered": {"elder": elder, "younger": younger}})
    return partie


def files(db: Path) -> dict[str, str | None]:
    return sha256_files(db, Path(f"{db}-wal"))


def test_a_correction_rescores_the_partie_and_keeps_the_audit_trail(db_path):
    with Journal.open(db_path) as journal:
        partie = quick(journal)
        before = journal.score()
        assert before["result"] == {"winner": "Anne", "draw": False, "points": 326, "rubicon": True}
        out = journal.correct(partie, 3, {"elder": 20, "younger": 5})
        after = journal.score()
        assert out["totals"] == after["totals"] == {"Anne": 155, "Bruno": 66}
        assert after["result"]["points"] == 155 + 66 + 100
        # the deal scores its new totals as entered; the record marks it
        assert stands_at(after, 3) == {"elder": 20, "younger": 5}
        assert journal.record()["deals"][2]["corrected"] == [
            {"was": {"elder": 25, "younger": 5}, "now": {"elder": 20, "younger": 5}, "order": 1}
        ]
        # the history's summary follows, and the action is the partie's last
        assert journal.history()[0]["totals"] == after["totals"]
        assert journal.actions()[-1] == {
            "correct": {
                "deal": 3,
                "was": {"elder": 25, "younger": 5},
                "now": {"elder": 20, "younger": 5},
            }
        }
        journal.undo()
        assert journal.score() == before
        journal.redo()
        assert journal.score() == after
    with Journal.open(db_path) as again:  # folded again from the file, without a warning
        assert again.score() == after and again.warnings() == []


@pytest.mark.parametrize(
    ("setup", "deal", "now", "says"),
    [
        ("unfinished", 2, (1, 2), "a correction is for a finished partie"),
        ("finished", 7, (1, 2), "deal 7: there is no such deal (the partie has 6)"),
        ("finished", 3, (25, 5), "deal 3: it already stands at 25 and 5; nothing to correct"),
        ("finished", 3, (200, 5), "deal 3: a deal scores 0 to 173 for each hand"),
        ("tied", 2, (20, 30), "deal 7: the partie was already decided after deal 6"),
        ("au-cent", 1, (90, 5), "the record would be invalid"),
        ("au-cent-end", 4, (0, 5), "the partie would no longer be decided"),
    ],
)
def test_a_refused_correction_says_why_and_changes_nothing(db_path, setup, deal, now, says):
    with Journal.open(db_path) as journal:
        if setup == "unfinished":
            partie = quick(journal, deals=DEALS[:3])
        elif setup == "tied":  # level after six deals, so two more were played
            partie = quick(journal, deals=[(10, 10)] * 6 + [(30, 5), (5, 20)])
        elif setup.startswith("au-cent"):  # Anne reaches 100 in deal 4 only
            partie = quick(journal, deals=[(30, 5), (5, 30), (30, 5), (5, 40)], game="au-cent")
        else:
            partie = quick(journal)
    before = files(db_path)
    elder, younger = now
    status, out, err = run_cli(
        "correct",
        "--db",
        str(db_path),
        "--partie",
        str(partie),
        "--deal",
        str(deal),
        "--elder",
        str(elder),
        "--younger",
        str(younger),
    )
    assert (status, out) == (2, b"")
    assert says in err
    assert files(db_path) == before
    with Journal.open(db_path) as journal, pytest.raises(ActionError):
        journal.correct(partie, deal, {"elder": elder, "younger": younger})
    assert files(db_path) == before


def test_a_stale_view_is_refused_and_a_game_of_three_is_not_corrected(db_path):
    with Journal.open(db_path) as journal:
        partie = quick(journal)
        before = files(db_path)
        with pytest.raises(ActionError, match="but it stands at 25 and 5"):
            journal.correct(partie, 3, {"elder": 1, "younger": 1}, was={"elder": 24, "younger": 5})
        assert files(db_path) == before
        three = journal.new_multi_partie("normand", ["Anne", "Ben", "Cleo"], "Anne")
        with pytest.raises(ActionError, match="corrections are for two-player parties"):
            journal.correct(three, 1, {"elder": 1, "younger": 1})


def test_any_partie_is_corrected_and_undone_there_not_only_the_current(db_path):
    with Journal.open(db_path) as journal:
        old = quick(journal)
        current = quick(journal, names=("Cleo", "Dan"), deals=DEALS[:2])
        journal.correct(old, 1, {"elder": 31, "younger": 12})
        assert journal.current_partie() == current  # the table's partie stays current
        assert journal.score(old)["totals"]["Anne"] == 161
        at_the_table = journal.actions(current)
    status, _, err = run_cli("undo", "--db", str(db_path), "--partie", str(old))
    assert status == 0, err
    with Journal.open(db_path) as journal:
        assert journal.score(old)["totals"]["Anne"] == 160
        assert journal.actions(current) == at_the_table
    before = files(db_path)
    status, _, err = run_cli("undo", "--db", str(db_path), "--partie", str(old))
    assert status == 2 and "only a correction is undone" in err  # its play stays
    assert files(db_path) == before
    status, _, err = run_cli("redo", "--db", str(db_path), "--partie", str(old))
    assert status == 0, err
    with Journal.open(db_path) as journal:
        assert journal.score(old)["totals"]["Anne"] == 161


def test_the_exported_record_marks_it_score_corrects_it_and_import_keeps_it(db_path, tmp_path):
    with Journal.open(db_path) as journal:
        partie = quick(journal)
        journal.correct(partie, 3, {"elder": 20, "younger": 5})
        journal.correct(partie, 3, {"elder": 22, "younger": 5})
        journal.correct(partie, 1, {"elder": 31, "younger": 12})
        corrected = journal.score(partie)
    status, exported, _ = run_cli("export", "--db", str(db_path), "--partie", str(partie))
    record = json.loads(exported)
    assert [len(d.get("corrected", [])) for d in record["deals"]] == [1, 0, 2, 0, 0, 0]
    assert [m["order"] for d in record["deals"] for m in d.get("corrected", [])] == [3, 1, 2]
    path = tmp_path / "corrected.json"
    path.write_bytes(exported)
    status, scored, _ = run_cli("score", str(path))
    assert status == 0
    scored = json.loads(scored)
    assert (scored["totals"], scored["result"]) == (corrected["totals"], corrected["result"])
    other = tmp_path / "other.sqlite3"
    status, out, err = run_cli("import", "--db", str(other), str(path))
    assert status == 0, err
    imported = json.loads(out)["partie"]
    status, again, _ = run_cli("export", "--db", str(other), "--partie", str(imported))
    assert json.loads(again) == record  # the marks are kept, in their order
    with Journal.open(other) as journal:
        assert sum("correct" in a for a in journal.actions(imported)) == 3


def test_an_import_whose_marks_do_not_hold_is_refused_in_words(db_path, tmp_path):
    with Journal.open(db_path) as journal:
        partie = quick(journal)
        journal.correct(partie, 3, {"elder": 20, "younger": 5})
        record = journal.record(partie)
    record["deals"][2]["corrected"][0]["now"] = {"elder": 21, "younger": 5}
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(record))
    status, out, err = run_cli("import", "--db", str(tmp_path / "other.sqlite3"), str(path))
    assert (status, out) == (2, b"")
    assert "deal 3: its last correction gives 21 and 5" in err


def test_random_corrections_of_random_parties_hold(db_path):
    """Whatever is asked, a correction is either refused (nothing changes) or the
    partie scores its new totals and stays finished; reopening agrees."""
    rng = random.Random(70)
    with Journal.open(db_path) as journal:
        parties = [
            play_random_partie(journal, f"correct-{n}", game, 400)
            for n, game in enumerate(["rubicon", "four-deal", "au-cent"] * 2)
        ]
        made = 0
        for _ in range(40):
            partie = rng.choice(parties)
            score = journal.score(partie)
            deal = rng.randint(1, len(score["deals"]) + 1)
            now = {"elder": rng.randint(0, 70), "younger": rng.randint(0, 70)}
            state = (journal.record(partie), journal.actions(partie))
            try:
                journal.correct(partie, deal, now)
            except ActionError:
                assert (journal.record(partie), journal.actions(partie)) == state
                continue
            made += 1
            after = journal.score(partie)
            assert after["finished"] and stands_at(after, deal) == now
            assert after == score_record(journal.record(partie))
        assert made > 10
        scores = {p: journal.score(p) for p in parties}
    with Journal.open(db_path) as again:
        assert {p: again.score(p) for p in parties} == scores
        assert all(again.warnings(p) == [] for p in parties)
