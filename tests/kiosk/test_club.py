"""The record of a club at the kiosk (issue 13), through the presenter: the
Statistics screens against `piquet stats --json`, the USB export's CSV against
`piquet history --csv`, `piquet export --csv` and `piquet score`, a finished
partie corrected by agreement (Law 70), the Rubicon odds on the sheet, the
history a page at a time, the sitting line in the journal's order, and what
the screens read whatever the history's length."""

from __future__ import annotations

import csv
import io
import json
import random
from pathlib import Path
from typing import Any

import pytest

import journal.journal as facade
from journal import Journal
from kiosk import presenter as pm
from kiosk.presenter import Presenter
from scorer.odds import needs
from scorer.odds_simulation import policy_deal
from tests.stats.cli import run_cli
from tests.stats.histories import KINDS, random_history

DEALS = [(30, 12), (20, 41), (25, 5), (18, 9), (40, 0), (11, 15)]


def quick(journal: Journal, names=("Anne", "Bruno"), deals=DEALS, game="rubicon") -> int:
    partie = journal.new_partie(list(names), names[1], game)
    journal.act({"entry": "totals"})
    for number, (elder, younger) in enumerate(deals):
        if number:
            journal.act({"next_deal": True})
        journal.act({"entered": {"elder": elder, "younger": younger}})
    return partie


def number(text: str) -> int:
    return int(text.replace("−", "-").replace("+", ""))


@pytest.fixture(scope="module")
def club(tmp_path_factory) -> Path:
    """A journal of every kind of partie among four players, some corrected."""
    path = tmp_path_factory.mktemp("club") / "journal.sqlite3"
    rng = random.Random(2030)
    kinds = [*KINDS, *KINDS, "corrected", "imported", "rubicon"]
    rng.shuffle(kinds)
    with Journal.open(path) as journal:
        random_history(journal, rng, len(kinds), lambda: policy_deal(rng), kinds)
    return path


def stats_json(db: Path) -> dict[str, Any]:
    status, out, err = run_cli("stats", "--db", str(db), "--json")
    assert (status, err) == (0, "")
    return json.loads(out)


def all_pages(p: Presenter, items: str, more) -> list[dict[str, Any]]:
    while p.view()["more"]:
        more()
    return p.view()[items]


# --- Statistics --------------------------------------------------------------------


def test_the_statistics_screens_show_what_piquet_stats_json_says(club):
    answer = stats_json(club)
    p = Presenter(Journal.open(club))
    p.open_stats()
    shown = [item["name"] for item in all_pages(p, "items", p.stats_more)]
    assert sorted(shown) == sorted(answer["players"])
    for name, figures in answer["players"].items():
        p.view_player(name)
        v = p.view()
        assert v["title"] == name
        rows = {row["key"]: row["value"] for row in v["rows"]}
        for key in (
            "parties",
            "won",
            "lost",
            "drawn",
            "rubicons_suffered",
            "rubicons_inflicted",
            "settlement_net",
            "deals",
            "piques",
            "repiques",
            "capots",
            "cartes_blanches",
        ):
            assert number(rows[key]) == figures[key], (name, key)
        for role in ("elder", "younger"):
            average = figures["average_per_deal"][role]
            assert rows[f"average_{role}"] == ("–" if average is None else f"{average:.1f}")
        best = figures["best_deal"]
        assert rows["best_deal"] == ("–" if best is None else str(best))
        pairs = [pair for pair in answer["pairs"] if name in pair["players"]]
        opponents = all_pages(p, "opponents", p.opponents_more)
        assert sorted(o["name"] for o in opponents) == sorted(
            next(n for n in pair["players"] if n != name) for pair in pairs
        )
        for pair in pairs:
            other = next(n for n in pair["players"] if n != name)
            p.view_pair(other)
            v = p.view()
            assert v["names"] == [name, other]  # his column first, as he chose it
            rows = {row["key"]: row["value"] for row in v["rows"]}
            assert number(rows["parties"]) == pair["parties"]
            assert number(rows["drawn"]) == pair["drawn"]
            assert number(rows["deals"]) == pair["deals"]
            columns = {row["key"]: (number(row["a"]), number(row["b"])) for row in v["by_player"]}
            for key, field in (
                ("won", "won"),
                ("rubicons", "rubicons_inflicted"),
                ("net", "settlement_net"),
            ):
                assert columns[key] == (pair[field][name], pair[field][other]), key
            cards = all_pages(p, "sittings", p.sittings_more)
            heads = [c for c in cards if c["viewclass"] == "SittingHead"]
            lines = [c for c in cards if c["viewclass"] == "SittingLine"]
            sittings = pair["sittings"][::-1]  # the newest first on the screen
            assert len(heads) == len(sittings)
            expected = [row for sitting in sittings for row in sitting["parties"]]
            assert [int(line["partie"]) for line in lines] == [r["partie"] for r in expected]
            for line, row in zip(lines, expected, strict=True):
                assert (number(line["a"]), number(line["b"])) == (
                    row["net"][name],
                    row["net"][other],
                )
                if row["winner"]:
                    assert line["won"].startswith(f"{row['winner']} won {row['points']}")
                    assert line["won"].endswith("rubicon") == row["rubicon"]
    p.journal.close()


# --- the USB export -------------------------------------------------------------------


def usb_stick(root: Path, label: str = "CLUB") -> Path:
    stick = root / "media" / "pi" / label
    stick.mkdir(parents=True)
    (root / "proc").mkdir(exist_ok=True)
    (root / "proc" / "mounts").write_text(f"/dev/sda1 /media/pi/{label} vfat rw 0 0\n")
    return stick


def test_the_usb_export_writes_the_record_its_deals_and_the_history_in_csv(club, tmp_path):
    stick = usb_stick(tmp_path)
    p = Presenter(Journal.open(club), usb_root=tmp_path)
    corrected = next(
        e["partie"]
        for e in p.journal.history()
        if e["finished"] and any(d.get("corrected") for d in p.journal.record(e["partie"])["deals"])
    )
    p.view_partie(corrected)
    p.export()
    p.journal.close()
    [record_file] = stick.glob("*.json")
    [deals_file] = stick.glob("*-deals.csv")
    [history_file] = stick.glob("piquet-history-*.csv")
    # the same bytes as the command line's
    outputs = [
        run_cli("export", "--db", str(club), "--partie", str(corrected)),
        run_cli("export", "--db", str(club), "--csv", "--partie", str(corrected)),
        run_cli("history", "--db", str(club), "--csv"),
        run_cli("score", str(record_file)),
    ]
    assert [status for status, _, _ in outputs] == [0, 0, 0, 0]
    exported, deals, history, out = (out for _, out, _ in outputs)
    assert json.loads(record_file.read_bytes()) == json.loads(exported)
    assert deals_file.read_bytes() == deals
    assert history_file.read_bytes() == history
    # and the round trip: the CSV's numbers are what `piquet score` says of the JSON
    score = json.loads(out)
    rows = list(csv.DictReader(io.StringIO(deals_file.read_text(encoding="utf-8"))))
    first, second = score["players"]
    assert [(number(r["score_1"]), number(r["score_2"])) for r in rows] == [
        (d["scores"][first], d["scores"][second]) for d in score["deals"]
    ]
    assert any(r["corrected"] == "true" for r in rows)
    [row] = [
        r
        for r in csv.DictReader(io.StringIO(history_file.read_text(encoding="utf-8")))
        if int(r["partie"]) == corrected
    ]
    assert (number(row["total_1"]), number(row["total_2"])) == (
        score["totals"][first],
        score["totals"][second],
    )
    assert number(row["points"]) == score["result"]["points"]
    assert row["rubicon"] == ("true" if score["result"]["rubicon"] else "false")


# --- correcting a finished partie -------------------------------------------------------


def type_totals(p: Presenter, first: str, second: str) -> None:
    p.correct_field(0)
    for digit in first:
        p.correct_digit(digit)
    p.correct_enter()  # on to the second box
    for digit in second:
        p.correct_digit(digit)
    p.correct_enter()


def test_a_finished_partie_is_corrected_at_the_kiosk_when_both_agree(tmp_path):
    p = Presenter(Journal.open(tmp_path / "j.sqlite3"))
    partie = quick(p.journal)
    p.resume()
    assert p.screen == pm.SHEET and p.view()["finished"]
    p.view_deal(3)
    assert p.view()["can_correct"]
    p.correct_deal()
    v = p.view()
    assert p.screen == pm.CORRECT
    assert v["stands"].startswith("Deal 3 stands at Anne 25, Bruno 5.")
    assert v["labels"] == ["Anne (elder)", "Bruno"]
    type_totals(p, "20", "5")
    v = p.view()
    assert v["confirming"] and v["confirm"].startswith(
        "Anne and Bruno both agree: deal 3 gave Anne 20 and Bruno 5 (not 25 and 5)."
    )
    actions = p.journal.actions()
    p.correct_cancel()  # "Change the totals": back to the keypad, nothing written
    assert not p.view()["confirming"] and p.journal.actions() == actions
    p.correct_enter()
    p.correct_confirm()
    assert p.screen == pm.SHEET and p.message == "Deal 3 is corrected."
    v = p.view()
    assert [r["label"] for r in v["rows"]][2] == "Deal 3 (corrected)"
    assert v["totals"] == ["155", "66"] and "321" in v["settlement"]
    assert v["chart"]["corrected"] == [3]
    p.view_deal(3)
    assert "Corrected by agreement: it stood at Anne 25, Bruno 5." in p.view()["notes"]
    # the statistics, the history and the CSV follow
    figures = p.journal.club.figures("Anne")
    assert figures.settlement_net == 321 and figures.points_elder == 30 + 20 + 40
    p.go(pm.HISTORY)
    assert p.view()["items"][0]["scores"] == "Anne 155 – 66 Bruno"
    assert ",155,66,true,Anne,false,321,true," in p.history_csv()
    # Undo last on the sheet takes it back
    p.view_partie(partie)
    assert p.view()["can_undo_here"]
    p.sheet_undo()
    assert p.view()["totals"] == ["160", "66"]
    p.journal.close()


def test_a_partie_opened_from_the_history_is_corrected_and_undone_there(tmp_path):
    p = Presenter(Journal.open(tmp_path / "j.sqlite3"))
    old = quick(p.journal)
    quick(p.journal, names=("Cleo", "Dan"), deals=DEALS[:2])  # the table's partie now
    p.go(pm.HISTORY)
    p.view_partie(old)
    assert not p.view()["can_undo_here"]  # nothing of this finished partie to take back
    p.view_deal(1)
    p.correct_deal()
    type_totals(p, "31", "12")
    p.correct_confirm()
    assert p.view()["totals"] == ["161", "66"] and p.view()["can_undo_here"]
    assert p.current() != old
    p.sheet_undo()
    assert p.message == "The correction is undone." and p.view()["totals"] == ["160", "66"]
    assert not p.view()["can_undo_here"]
    p.journal.close()


def test_a_refused_correction_says_why_and_changes_nothing(tmp_path):
    p = Presenter(Journal.open(tmp_path / "j.sqlite3"))
    # au Cent: Anne reaches 100 in the fourth deal only
    quick(p.journal, deals=[(30, 5), (5, 30), (30, 5), (5, 40)], game="au-cent")
    p.resume()
    actions = p.journal.actions()
    p.view_deal(1)
    p.correct_deal()
    type_totals(p, "90", "5")
    p.correct_confirm()
    assert p.screen == pm.CORRECT and not p.view()["confirming"]
    assert "the record would be invalid" in p.message
    assert p.journal.actions() == actions
    type_totals(p, "", "")  # both boxes still hold their digits: Enter asks again
    p.correct_field(0)
    for _ in range(3):
        p.correct_digit("del")
    for digit in "30":
        p.correct_digit(digit)
    p.correct_field(1)
    p.correct_enter()
    assert p.message == "These are the totals the deal has already."
    p.back()
    assert p.screen == pm.DEAL_LINES and p.correction is None
    assert p.journal.actions() == actions
    p.journal.close()


# --- the sheet: odds, who leads, the sitting -----------------------------------------------


def test_the_sheet_says_the_rubicon_odds_in_the_last_deals_and_who_leads_before():
    p = Presenter(Journal.open(":memory:"))
    quick(p.journal, deals=DEALS[:3])
    p.go(pm.SHEET)
    assert p.view()["odds"] == "Anne leads by 59."
    for elder, younger in DEALS[3:5]:
        p.journal.act({"next_deal": True})
        p.journal.act({"entered": {"elder": elder, "younger": younger}})
    p.go(pm.SHEET)
    score = p.journal.score()
    expected = needs(score, "en", "rubicon", {})
    assert expected and p.view()["odds"] == " ".join(expected)
    assert p.view()["odds"].startswith("Bruno needs 45 in the last deal to cross the Rubicon")
    p.set_lang("fr")
    assert p.view()["odds"] == " ".join(needs(score, "fr", "rubicon", {}))
    p.journal.act({"next_deal": True})
    p.journal.act({"entered": {"elder": 11, "younger": 15}})
    p.go(pm.SHEET)
    assert p.view()["finished"] and p.view()["odds"] == ""


def moments(times: list[str]):
    queue = list(times)
    return lambda: queue.pop(0) if queue else "2026-03-09T00:00:00Z"


def test_the_sitting_line_follows_the_journal_across_midnight(monkeypatch):
    monkeypatch.setattr(
        facade,
        "_now",
        moments(["2026-03-01T23:10:00Z", "2026-03-02T00:20:00Z", "2026-03-02T00:50:00Z"]),
    )
    p = Presenter(Journal.open(":memory:"))
    first = quick(p.journal)
    second = quick(p.journal, names=("Bruno", "Anne"))
    p.view_partie(second)
    # one evening, although two calendar days (Anne won the first, Bruno the second)
    assert p.view()["sitting"] == "Sitting of 2 parties: Bruno +0, Anne +0"
    quick(p.journal, names=("Anne", "Cleo"))
    p.view_partie(first)
    assert p.view()["sitting"] == ""  # a sitting of one partie says nothing


def test_the_history_comes_a_page_at_a_time_newest_first():
    p = Presenter(Journal.open(":memory:"))
    record = {
        "format": "piquet-record/1",
        "players": ["Anne", "Bruno"],
        "first_dealer": "Bruno",
        "deals": [{"entered": {"elder": e, "younger": y}} for e, y in DEALS],
    }
    ids = [p.journal.import_record(record) for _ in range(44)]
    ids.append(quick(p.journal, deals=DEALS[:2]))
    p.go(pm.HISTORY)
    v = p.view()
    assert [i["partie"] for i in v["items"]] == ids[::-1][:20] and v["more"]
    assert (
        v["items"][0]["status"] == "in progress, deal 2 finished"
    )  # two deals entered, the third not begun
    assert v["items"][1]["status"] == "Anne won 326, rubicon"
    p.history_more()
    p.history_more()
    v = p.view()
    assert [i["partie"] for i in v["items"]] == ids[::-1] and not v["more"]
    p.go(pm.HOME)
    p.go(pm.HISTORY)
    assert len(p.view()["items"]) == 20  # back to the newest page


def test_the_names_screen_offers_the_players_of_the_newest_parties():
    p = Presenter(Journal.open(":memory:"))
    quick(p.journal, names=("Anne", "Bruno"), deals=DEALS[:1])
    p.journal.new_multi_partie("normand", ["Cleo", "Dan", "Eve"], "Cleo")
    p.new_partie()
    assert p.view()["recent"][:3] == ["Cleo", "Dan", "Eve"]
    assert set(p.view()["recent"]) == {"Anne", "Bruno", "Cleo", "Dan", "Eve"}


# --- what the screens read ---------------------------------------------------------------


@pytest.mark.slow
def test_what_the_club_screens_read_does_not_grow_with_the_history(tmp_path):
    from tests.journal.club_history import PERIOD, grow, work

    def reads(path: Path) -> dict[str, int]:
        p = Presenter(Journal.open(path))
        newest = p.journal.history_page(None, 60)
        last = next(e for e in newest if e["finished"])
        a, b = last["players"]
        steps = {}
        for name, show in [
            ("history", lambda: p.go(pm.HISTORY)),
            ("more parties", p.history_more),
            ("statistics", p.open_stats),
            ("a player", lambda: p.view_player(a)),
            ("head to head", lambda: p.view_pair(b)),
            ("names", p.new_partie),
            ("a finished partie's sheet", lambda: p.view_partie(last["partie"])),
        ]:
            show()
            steps[name] = work(p.journal, p.view)
        p.journal.close()
        return steps

    small, large = tmp_path / "small.sqlite3", tmp_path / "large.sqlite3"
    grow(small, 12 + 5 * PERIOD)
    grow(large, 12 + 25 * PERIOD)
    few, many = reads(small), reads(large)
    for what in few:
        assert many[what] <= 1.5 * few[what] + 10, (what, few[what], many[what])


def test_an_older_journal_is_counted_while_the_kiosk_waits_and_says_so(tmp_path, monkeypatch):
    from journal.schema import MIGRATIONS
    from journal.sqlite_store import SqliteStore

    path = tmp_path / "old.sqlite3"
    with Journal(SqliteStore.open(path, MIGRATIONS[:3])) as old:  # as schema 3 left it
        for names in (("Anne", "Bruno"), ("Bruno", "Anne"), ("Anne", "Cleo")):
            quick(old, names=names)
    reading = Presenter(Journal.open(path, read_only=True))  # an older file, read only
    reading.open_stats()
    assert "written by an older program" in reading.view()["note"]
    reading.journal.close()
    monkeypatch.setattr(facade, "COUNT_BUDGET_S", 0.0)  # one partie at each opening
    p = Presenter(Journal.open(path))
    p.open_stats()
    assert p.view()["note"] == "Still counting older parties; some figures are not in yet."
    while p.count_figures():  # what the app does every few seconds
        pass
    assert p.view()["note"] == ""
    assert sorted(i["name"] for i in p.view()["items"]) == ["Anne", "Bruno", "Cleo"]
    p.view_player("Anne")
    rows = {row["key"]: row["value"] for row in p.view()["rows"]}
    assert (rows["parties"], rows["won"], rows["lost"]) == ("3", "2", "1")
    p.journal.close()
