"""`piquet history` between two deals of a two-player partie (issue 20, 3.6):
it says "in progress, deal 1 finished" as the kiosk's History does (one rule,
scorer.progress.between_deals), not "deal 1" as if the deal were still in play,
for the current partie (its score at hand) and for another one (its kept
figures), and in French."""

from __future__ import annotations

import json

from journal import Journal
from kiosk.presenter import Presenter
from scorer.progress import between_deals
from tests.cli.test_cli_words import piquet


def results(db: str, lang: str = "C") -> dict[str, str]:
    """`piquet history`: each partie's number -> its result column."""
    done = piquet("history", "--db", db, lang=lang)
    assert done.returncode == 0, done.stderr
    rows = done.stdout.splitlines()[1:]
    out = {}
    for row in rows:
        cells = row.lstrip("* ").split("  ")
        out[cells[0].strip()] = cells[-1].strip()
    return out


def act(db: str, action: dict) -> dict:
    done = piquet("act", "--db", db, json.dumps(action))
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_history_says_the_deal_finished_between_two_deals(tmp_path):
    db = str(tmp_path / "j.sqlite3")
    new = ["new", "--db", db, "--players", "Anne", "Ben", "--first-dealer", "Ben"]
    assert piquet(*new).returncode == 0
    assert results(db) == {"1": "in progress, deal 1"}
    for _ in range(11):
        act(db, {"trick": "E"})
    assert results(db) == {"1": "in progress, deal 1"}  # a trick still to play
    state = act(db, {"trick": "E"})
    assert state["deal"] == 1 and not state["finished"]
    # the twelfth trick ends the deal; the next is not begun
    assert results(db) == {"1": "in progress, deal 1 finished"}
    assert results(db, "fr_FR.UTF-8") == {"1": "en cours, donne 1 terminée"}
    # the kiosk's History says the same of the same journal
    p = Presenter(Journal.open(db))
    kiosk = {str(i["partie"]): i["status"] for i in p.history_items()["items"]}
    assert kiosk == {"1": "in progress, deal 1 finished"}
    p.journal.close()
    # another partie becomes the current one: the first, between deals, still says so
    assert piquet(*new[:4], "Cleo", "Dan", "--first-dealer", "Dan").returncode == 0
    assert results(db) == {"2": "in progress, deal 1", "1": "in progress, deal 1 finished"}


def test_the_next_deal_begun_is_the_deal_in_play_again(tmp_path):
    db = str(tmp_path / "j.sqlite3")
    new = ["new", "--db", db, "--players", "Anne", "Ben", "--first-dealer", "Ben"]
    assert piquet(*new).returncode == 0
    for _ in range(12):
        act(db, {"trick": "Y"})
    assert act(db, {"next_deal": True})["deal"] == 2
    assert results(db) == {"1": "in progress, deal 2"}
    assert piquet("undo", "--db", db).returncode == 0
    assert results(db) == {"1": "in progress, deal 1 finished"}
    # the JSON keeps its fields (record.md): the deal number, not a status
    listed = json.loads(piquet("history", "--db", db, "--json").stdout)
    assert [(e["deal"], e["finished"]) for e in listed] == [(1, False)]


def test_between_deals_is_only_a_partie_whose_last_deal_is_complete():
    assert between_deals(1, 1)
    assert between_deals(3, 3)
    assert not between_deals(2, 1)  # deal 2 in play
    assert not between_deals(0, 0)  # no deal yet
    assert not between_deals(1, None)  # not known: the deal is named as in play
    assert not between_deals(6, 6, finished=True)  # a finished partie says its result
