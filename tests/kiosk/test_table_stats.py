"""Games of three to seven players in Statistics (issue 20, item 3.7).

A new user missed Cleo, who had played a Piquet Normand game: Statistics
counted two-player parties only. Now each player of a larger game has
figures of his own for those games (played, finished, won, net, complete
deals, average and best deal), apart from his two-player figures: a
Normand deal is not a two-handed one.

The figures below are worked out by hand from a small game entered as
totals: Anne 30, 40, 35 (105, she reaches 100 first); Bruno 12, 20, 10
(42); Cleo 5, 7, 8 (20). Each lower score pays Anne the difference: Bruno
105 - 42 = 63, Cleo 105 - 20 = 85, so Anne +148.
"""

from __future__ import annotations

import pytest

from journal import Journal
from journal.schema import MIGRATIONS
from journal.sqlite_store import SqliteStore
from journal.store import PlayerLine
from kiosk.multi.tour import _new, _quick
from kiosk.presenter import Presenter
from kiosk.screenshots import _enter, _start

DEALS = [{"A": 30, "B": 12, "C": 5}, {"A": 40, "B": 20, "C": 7}, {"A": 35, "B": 10, "C": 8}]


def normand(p: Presenter) -> None:
    _new("normand", ["Anne", "Bruno", "Cleo"], 2)(p)
    p.multi_set_quick(True)
    _quick(DEALS)(p)
    assert p.journal.score()["finished"]


def two_player(p: Presenter) -> None:
    """Anne (elder: Bruno deals first) and Bruno, one deal entered, 12 to 9."""
    _start(p, ("Anne", "Bruno"), dealer=1, quick=True)
    _enter(12, 9)(p)


def rows(p: Presenter) -> dict[str, str]:
    return {r["key"]: r["value"] for r in p.view()["rows"]}


@pytest.fixture
def table() -> Presenter:
    p = Presenter(Journal.open(":memory:"))
    two_player(p)
    normand(p)
    return p


def test_every_player_of_a_normand_game_is_in_statistics_with_his_games(table):
    table.open_stats()
    items = {item["name"]: item["text"] for item in table.view()["items"]}
    assert set(items) == {"Anne", "Bruno", "Cleo"}
    assert items["Cleo"] == "[b]Cleo[/b]\n1 game of three or more finished: won 0 · net −85"
    assert items["Anne"].endswith("\n1 game of three or more finished: won 1 · net +148")
    assert items["Anne"].split("\n")[1].startswith("1 partie unfinished")  # her partie of two


def test_a_players_figures_in_games_of_three_or_more_are_his_own(table):
    table.open_stats()
    table.view_player("Cleo")
    assert rows(table) == {
        "table": "",
        "table_games": "1",
        "table_won": "0",
        "table_net": "−85",
        "table_deals": "3",
        "table_average": "6.7",  # 20 / 3
        "table_best": "8",
    }
    table.view_player("Anne")
    figures = rows(table)
    # her partie of two keeps its own best (12), and the Normand game its own (40)
    assert figures["best_deal"] == "12" and figures["deals"] == "1"
    assert figures["parties"] == "0"  # unfinished
    assert {k: v for k, v in figures.items() if k.startswith("table_")} == {
        "table_games": "1",
        "table_won": "1",
        "table_net": "+148",
        "table_deals": "3",
        "table_average": "35.0",  # 105 / 3
        "table_best": "40",
    }
    table.view_player("Bruno")
    assert rows(table)["table_average"] == "14.0" and rows(table)["table_best"] == "20"


def test_in_french_too(table):
    table.set_lang("fr")
    table.open_stats()
    items = {item["name"]: item["text"] for item in table.view()["items"]}
    assert items["Cleo"] == (
        "[b]Cleo[/b]\n1 partie à trois ou plus terminée\u202f: gagnée 0 · solde −85"
    )
    table.view_player("Cleo")
    labels = {r["key"]: r["label"] for r in table.view()["rows"]}
    assert labels["table"] == "Parties de trois à sept joueurs"
    assert labels["table_average"] == "Donne moyenne"
    assert rows(table)["table_average"] == "6.7"
    assert "Parties de trois à sept joueurs\u202f:" in table.view()["counts"]


def test_an_unfinished_game_counts_its_complete_deals():
    p = Presenter(Journal.open(":memory:"))
    _new("normand", ["Anne", "Bruno", "Cleo"], 2)(p)
    p.multi_set_quick(True)
    _quick(DEALS[:1])(p)
    p.open_stats()
    items = {item["name"]: item["text"] for item in p.view()["items"]}
    assert items["Bruno"] == "[b]Bruno[/b]\n1 game of three or more unfinished"
    p.view_player("Bruno")
    figures = rows(p)
    assert (figures["table_games"], figures["table_deals"], figures["table_best"]) == (
        "0",
        "1",
        "12",
    )
    assert "parties" not in figures  # no partie of two: no two-player lines


def test_a_journal_counted_before_keeps_its_larger_games_counted_on_opening(tmp_path):
    """A file at schema 5 kept the players of a larger game with no figures: on
    opening, its games are counted again, as older parties are."""
    path = tmp_path / "five.sqlite3"
    with Journal(SqliteStore.open(path, MIGRATIONS[:5])) as old:
        p = Presenter(old)
        normand(p)
        game = old.current_partie() or old.history()[0]["partie"]
        old._store.put_figures(game, [PlayerLine(n, "") for n in ("Anne", "Bruno", "Cleo")])
        assert old.club.table_figures("Cleo") is None
    with Journal.open(path) as journal:
        while journal.club.left():
            journal.count_figures(1.0)
        found = journal.club.table_figures("Cleo")
        assert found is not None
        assert (found.games, found.won, found.net, found.deals, found.points) == (1, 0, -85, 3, 20)
        assert found.best_deal == 8
