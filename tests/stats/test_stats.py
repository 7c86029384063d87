"""`piquet stats`: every figure against one computed here, independently, from
the exported records of random histories built through the journal."""

from __future__ import annotations

import hashlib
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from journal import Journal
from scorer import score_record
from scorer.odds_simulation import policy_deal
from scorer.stats import (
    SITTING_GAP,
    PartieEntry,
    PlayerFigures,
    partie_figures,
    sittings,
    statistics,
)
from tests.scorer.strategies import legal_deal, rich_deal
from tests.stats.cli import run_cli
from tests.stats.histories import KINDS, random_history

HISTORY = settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.function_scoped_fixture,
    ],
)


def stats_json(db: Path) -> dict[str, Any]:
    status, out, err = run_cli("stats", "--db", str(db), "--json")
    assert (status, err) == (0, "")
    return json.loads(out)


def exported(db: Path) -> dict[int, dict[str, Any]]:
    """Every partie's record, as `piquet export --partie ID` prints it."""
    with Journal.open(db) as journal:
        ids = [entry["partie"] for entry in journal.history()]
    records = {}
    for partie in ids:
        status, out, err = run_cli("export", "--db", str(db), "--partie", str(partie))
        assert (status, err) == (0, "")
        records[partie] = json.loads(out)
    return records


# --- the figures, computed the plain way ----------------------------------------------


def expected_players(records: dict[int, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Each player's figures from the records and `piquet score` alone."""
    sums: dict[str, dict[str, Any]] = {}
    for partie in sorted(records):
        record = records[partie]
        score = score_record(record)
        result = score["result"]
        for name in record["players"]:
            mine = sums.setdefault(
                name,
                {
                    key: 0
                    for key in (
                        "parties won lost drawn rubicons_suffered rubicons_inflicted "
                        "settlement_net piques repiques capots cartes_blanches deals "
                        "elder_deals elder_points younger_deals younger_points"
                    ).split()
                }
                | {"best_deal": None},
            )
            if result is not None:
                mine["parties"] += 1
                if result["draw"]:
                    mine["drawn"] += 1
                elif result["winner"] == name:
                    mine["won"] += 1
                    mine["settlement_net"] += result["points"]
                    mine["rubicons_inflicted"] += result["rubicon"]
                else:
                    mine["lost"] += 1
                    mine["settlement_net"] -= result["points"]
                    mine["rubicons_suffered"] += result["rubicon"]
            for raw, deal in zip(record["deals"], score["deals"], strict=False):
                if not deal["complete"]:
                    continue
                role = "elder" if deal["elder"] == name else "younger"
                points = deal["scores"][name] // deal["multiplier"]
                mine["deals"] += 1
                mine[f"{role}_deals"] += 1
                mine[f"{role}_points"] += points
                mine["best_deal"] = max(points, mine["best_deal"] or 0)
                if "entered" in raw:
                    continue
                mine["piques"] += deal["bonuses"]["pique"] == name
                mine["repiques"] += deal["bonuses"]["repique"] == name
                mine["capots"] += deal["bonuses"]["capot"] == name
                mine["cartes_blanches"] += role in (raw.get("carte_blanche") or [])
    out = {}
    for name, mine in sums.items():
        averages = {
            role: (
                round(mine[f"{role}_points"] / mine[f"{role}_deals"], 2)
                if mine[f"{role}_deals"]
                else None
            )
            for role in ("elder", "younger")
        }
        out[name] = {
            key: value for key, value in mine.items() if not key.startswith(("elder", "younger"))
        } | {"average_per_deal": averages}
    return out


def expected_pairs(records: dict[int, dict[str, Any]]) -> dict[tuple[str, ...], dict[str, Any]]:
    pairs: dict[tuple[str, ...], dict[str, Any]] = {}
    for partie in sorted(records):
        record = records[partie]
        score = score_record(record)
        key = tuple(sorted(record["players"]))
        pair = pairs.setdefault(
            key,
            {
                "parties": 0,
                "drawn": 0,
                "deals": 0,
                "won": dict.fromkeys(key, 0),
                "rubicons_inflicted": dict.fromkeys(key, 0),
                "settlement_net": dict.fromkeys(key, 0),
                "finished": [],
            },
        )
        pair["deals"] += sum(1 for deal in score["deals"] if deal["complete"])
        result = score["result"]
        if result is None:
            continue
        pair["parties"] += 1
        pair["finished"].append((partie, result))
        if result["draw"]:
            pair["drawn"] += 1
            continue
        winner = result["winner"]
        loser = next(name for name in key if name != winner)
        pair["won"][winner] += 1
        pair["rubicons_inflicted"][winner] += result["rubicon"]
        pair["settlement_net"][winner] += result["points"]
        pair["settlement_net"][loser] -= result["points"]
    return pairs


# --- random histories ---------------------------------------------------------------------


@HISTORY
@given(data=st.data(), seed=st.integers(0, 2**32), parties=st.integers(3, 7))
def test_stats_json_matches_figures_from_the_exported_records(tmp_path, data, seed, parties):
    db = tmp_path / f"history-{seed}-{parties}.sqlite3"

    def draw_deal() -> dict[str, Any]:
        return data.draw(st.one_of(rich_deal(), legal_deal(complete=True)))

    with Journal.open(db) as journal:
        random_history(journal, random.Random(seed), parties, draw_deal)
    records = exported(db)
    answer = stats_json(db)

    assert answer["players"] == expected_players(records)
    for entry in answer["players"].values():
        assert list(entry) == [
            "parties",
            "won",
            "lost",
            "drawn",
            "rubicons_suffered",
            "rubicons_inflicted",
            "settlement_net",
            "piques",
            "repiques",
            "capots",
            "cartes_blanches",
            "deals",
            "average_per_deal",
            "best_deal",
        ]
        assert entry["parties"] == entry["won"] + entry["lost"] + entry["drawn"]

    pairs = expected_pairs(records)
    assert [tuple(pair["players"]) for pair in answer["pairs"]] == sorted(pairs)
    for pair in answer["pairs"]:
        want = pairs[tuple(pair["players"])]
        for key in ("parties", "drawn", "deals", "won", "rubicons_inflicted", "settlement_net"):
            assert pair[key] == want[key], key
        # the sittings split the pair's finished parties, in order, each with its running net
        in_sittings = [row["partie"] for s in pair["sittings"] for row in s["parties"]]
        assert in_sittings == [partie for partie, _ in want["finished"]]
        results = dict(want["finished"])
        for found in pair["sittings"]:
            net = dict.fromkeys(pair["players"], 0)
            for row in found["parties"]:
                result = results[row["partie"]]
                if not result["draw"]:
                    for name in net:
                        sign = 1 if name == result["winner"] else -1
                        net[name] += sign * result["points"]
                assert row["net"] == net
            assert found["net"] == net
            assert sum(net.values()) == 0


SEEDED = 2030  # a seed whose history holds every case below


def test_a_seeded_history_with_every_kind_of_partie(tmp_path):
    """The same comparison on one fixed history that holds every case at least once."""
    db = tmp_path / "seeded.sqlite3"
    rng = random.Random(SEEDED)
    kinds = [*KINDS, *KINDS, "imported", "imported", "rubicon"]
    rng.shuffle(kinds)
    with Journal.open(db) as journal:
        random_history(journal, rng, len(kinds), lambda: policy_deal(rng), kinds)
    records = exported(db)
    answer = stats_json(db)
    assert answer["players"] == expected_players(records)
    scores = [score_record(record) for record in records.values()]
    results = [score["result"] for score in scores if score["result"]]
    everyone = answer["players"].values()
    seen = {
        "unfinished": len(results) < len(scores),
        "draw": any(result["draw"] for result in results),
        "rubicon": any(result["rubicon"] for result in results),
        "entered": any(
            line["category"] == "entered"
            for score in scores
            for deal in score["deals"]
            for line in deal["lines"]
        ),
        "four-deal": any(record.get("game") == "four-deal" for record in records.values()),
        "au-cent": any(record.get("game") == "au-cent" for record in records.values()),
        "pique": any(p["piques"] for p in everyone),
        "repique": any(p["repiques"] for p in everyone),
        "capot": any(p["capots"] for p in everyone),
        "carte blanche": any(p["cartes_blanches"] for p in everyone),
        "two sittings": any(len(pair["sittings"]) > 1 for pair in answer["pairs"]),
        "corrected": any(
            deal.get("corrected") for record in records.values() for deal in record["deals"]
        ),
    }
    assert all(seen.values()), seen


def test_the_figures_of_parties_add_up(tmp_path):
    """The kiosk will cache one partie's figures: summing them gives the whole."""
    rng = random.Random(5)
    with Journal.open(":memory:") as journal:
        random_history(journal, rng, 6, lambda: {"tricks": "EYEYEYEYEYEE"})
        scores = [journal.score(entry["partie"]) for entry in journal.history()]
    whole = statistics(PartieEntry(i, "2026-01-01T20:00:00Z", s) for i, s in enumerate(scores))
    summed: dict[str, PlayerFigures] = {}
    for score in scores:
        for name, figures in partie_figures(score).items():
            cached = PlayerFigures.from_dict(json.loads(json.dumps(figures.to_dict())))
            summed[name] = summed.get(name, PlayerFigures()) + cached
    assert summed == whole.players


# --- the command ------------------------------------------------------------------------


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_piquet_stats_reads_without_writing(tmp_path):
    db = tmp_path / "read.sqlite3"
    with Journal.open(db) as journal:
        random_history(journal, random.Random(11), 3, lambda: {"tricks": "EEEEEEEEEEEE"})
    before = _sha256(db)
    for args in (["--json"], []):
        done = subprocess.run(
            [sys.executable, "-m", "piquet", "stats", "--db", str(db), *args],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert (done.returncode, done.stderr) == (0, "")
    assert _sha256(db) == before
    table = done.stdout
    answer = stats_json(db)
    for name, figures in answer["players"].items():
        line = next(line for line in table.splitlines() if line.startswith(name + " "))
        assert line.split()[1:5] == [
            str(figures[key]) for key in ("parties", "won", "lost", "drawn")
        ]


def test_stats_of_no_journal_creates_nothing(tmp_path):
    db = tmp_path / "none.sqlite3"
    assert stats_json(db) == {"players": {}, "pairs": [], "games_of_three_to_seven": {}}
    assert not db.exists()
    status, out, _ = run_cli("stats", "--db", str(db))
    assert status == 0 and b"No parties" in out


def test_stats_of_a_foreign_file_exits_2(tmp_path):
    db = tmp_path / "foreign.sqlite3"
    db.write_text("not a journal")
    status, out, err = run_cli("stats", "--db", str(db), "--json")
    assert status == 2 and out == b"" and "piquet stats:" in err
    assert db.read_text() == "not a journal"


# --- sittings -------------------------------------------------------------------------


def _finished(players: list[str], winner: str | None, points: int) -> dict[str, Any]:
    result = (
        {"winner": None, "draw": True, "points": 0, "rubicon": False}
        if winner is None
        else {"winner": winner, "draw": False, "points": points, "rubicon": points > 200}
    )
    return {"players": players, "deals": [], "totals": {}, "finished": True, "result": result}


def _entry(partie: int, when: str, players: list[str], winner: str | None, points: int = 0):
    return PartieEntry(partie, f"2026-03-{when}Z", _finished(players, winner, points))


def test_a_sitting_is_one_evening_between_the_same_two():
    ab, ac = ["Anne", "Bruno"], ["Anne", "Chloé"]
    entries = [
        _entry(1, "01T19:00:00", ab, "Anne", 150),
        _entry(2, "01T19:40:00", ab, "Bruno", 320),  # a rubicon
        _entry(3, "01T20:30:00", ab, None),  # a draw stays in the sitting
        PartieEntry(4, "2026-03-01T21:00:00Z", {"players": ab, "result": None, "deals": []}),
        _entry(5, "01T21:30:00", ab, "Anne", 110),  # the unfinished 4 does not split it
        _entry(6, "02T19:00:00", ab, "Anne", 120),  # the next evening: a new sitting
        _entry(7, "02T19:30:00", ac, "Chloé", 130),  # Anne changes opponent...
        _entry(8, "02T20:00:00", ab, "Bruno", 140),  # ...so this is a third sitting
        _entry(9, "02T20:30:00", ["Chloé", "Dmitri"], "Dmitri", 105),  # others: no effect
        _entry(10, "02T21:00:00", ab, "Bruno", 100),
    ]
    found = sittings(reversed(entries))  # the order given does not matter: partie ids do
    assert [[row.partie for row in s.parties] for s in found[("Anne", "Bruno")]] == [
        [1, 2, 3, 5],
        [6],
        [8, 10],
    ]
    first = found[("Anne", "Bruno")][0]
    assert [row.net["Anne"] for row in first.parties] == [150, 150 - 320, -170, -170 + 110]
    assert [row.rubicon for row in first.parties] == [False, True, False, False]
    assert first.net == {"Anne": -60, "Bruno": 60}
    assert [[row.partie for row in s.parties] for s in found[("Anne", "Chloé")]] == [[7]]


def test_the_gap_that_ends_a_sitting():
    ab = ["Anne", "Bruno"]
    hours = int(SITTING_GAP.total_seconds() // 3600)
    close = sittings(
        [
            _entry(1, "01T12:00:00", ab, "Anne", 150),
            _entry(2, f"01T{12 + hours}:00:00", ab, "Anne", 150),
        ]
    )
    apart = sittings(
        [
            _entry(1, "01T12:00:00", ab, "Anne", 150),
            _entry(2, f"01T{12 + hours}:00:01", ab, "Anne", 150),
        ]
    )
    assert len(close[("Anne", "Bruno")]) == 1
    assert len(apart[("Anne", "Bruno")]) == 2


def test_an_entered_deal_counts_for_averages_but_not_bonuses():
    record = {
        "format": "piquet-record/1",
        "players": ["Anne", "Bruno"],
        "first_dealer": "Bruno",
        "deals": [
            {"entered": {"elder": 170, "younger": 0}},
            {"tricks": "YYYYYYYYYYYY"},  # Anne younger, capot
            {"tricks": "EEEE"},  # in play: not counted
        ],
    }
    figures = partie_figures(score_record(record))
    anne = figures["Anne"]
    assert (anne.deals, anne.capots, anne.piques, anne.parties) == (2, 1, 0, 0)
    assert anne.best_deal == 170
    assert anne.average("elder") == 170.0
    assert figures["Bruno"].average("younger") == 0.0
    assert figures["Bruno"].best_deal == 1  # the first lead of the capot deal


def test_stats_count_the_games_of_three_to_seven_players_apart(tmp_path):
    """A Normand game entered as totals (tests/kiosk/test_table_stats.py works its
    figures out by hand): each player's own line, and none in the two-player
    figures."""
    from kiosk.presenter import Presenter
    from tests.kiosk.test_table_stats import normand

    db = tmp_path / "normand.sqlite3"
    with Journal.open(db) as journal:
        normand(Presenter(journal))
    found = stats_json(db)
    assert found["players"] == {} and found["pairs"] == []
    assert found["games_of_three_to_seven"]["Cleo"] == {
        "played": 1,
        "games": 1,
        "won": 0,
        "settlement_net": -85,
        "deals": 3,
        "average_per_deal": 6.67,
        "best_deal": 8,
    }
    anne = found["games_of_three_to_seven"]["Anne"]
    assert (anne["won"], anne["settlement_net"], anne["best_deal"]) == (1, 148, 40)
    status, out, _ = run_cli("stats", "--db", str(db))
    lines = out.decode().splitlines()
    assert status == 0 and lines[0].startswith("Games of three to seven players")
    assert lines[4].split() == ["Cleo", "1", "1", "0", "-85", "3", "6.7", "8"]
