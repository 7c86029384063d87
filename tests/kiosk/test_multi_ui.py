"""Games for three to seven players in a real Kivy window (offscreen), driven
by real touches on the buttons: a whole Normand deal and a whole Voleur deal
from the first question to the end, a Chouette partie to the seat of the
next, the à Écrire pairings. What the screen says is checked against the
journal and against `piquet score` on `piquet export`'s record."""

from __future__ import annotations

import json

import pytest

from journal import Journal
from kiosk.presenter import Presenter
from piquet.cli import main
from tests.kiosk.window import pump, screen, texts, use

pytestmark = pytest.mark.slow


def touch(app, key: str = "", text: str = "") -> None:
    """A real touch at the centre of the shown button with that key (or text)."""
    from kiosk.app import find_key, shown, tap

    widget = (
        find_key(screen(app), key)
        if key
        else next(
            (
                w
                for w in screen(app).walk(restrict=True)
                if getattr(w, "text", None) == text and hasattr(w, "key") and shown(w)
            ),
            None,
        )
    )
    assert widget is not None, (key or text, screen(app).name, " | ".join(texts(app)))
    assert not widget.disabled, key or text
    assert widget.width >= 48 and widget.height >= 48  # a finger's target
    tap(widget)
    pump()


def touches(app, *keys: str) -> None:
    for key in keys:
        touch(app, key)


def header(app) -> dict[str, str]:
    """Each cell of the head as drawn: its name (without the role) and its total."""
    cells = {}
    for w in screen(app).walk(restrict=True):
        if type(w).__name__ == "MultiCell":
            name, total = (label.text for label in reversed(w.children))
            cells[name.split("  ·  ")[0]] = total
    return cells


def exported_score(db, capsys, tmp_path) -> dict:
    """`piquet export` then `piquet score` on what it wrote, as the command line does."""
    capsys.readouterr()
    assert main(["export", "--db", str(db)]) == 0
    path = tmp_path / "export.json"
    path.write_text(capsys.readouterr().out, encoding="utf-8")
    assert main(["score", str(path)]) == 0
    return json.loads(capsys.readouterr().out)


def type_word(app, word: str) -> None:
    for letter in word.upper():
        touch(app, text=letter)


def test_a_whole_normand_deal_by_touch(app, tmp_path, capsys):
    db = tmp_path / "j.sqlite3"
    p = use(app, Presenter(Journal.open(db)))
    # a new game, chosen after the two-player partie forms
    touch(app, "new")
    type_word(app, "ANNE")
    touch(app, "name1")
    type_word(app, "BEN")
    touch(app, "names_done")
    touch(app, "form-normand")
    touch(app, "rules_done")
    assert screen(app).name == "multi_names"
    assert "Each sits at the left of the one before (clockwise)." in texts(app)
    type_word(app, "CLEO")  # the third box is the one asked
    touch(app, "names_done")
    touch(app, "dealer2")
    touch(app, "start")
    assert screen(app).name == "multi_deal"
    assert "Cleo, you deal: how many cards did you take from the widow?" in texts(app)
    touches(app, "cb-B", "ex-C-2", "call-5", "making", "value-49", "good", "call-6")
    assert "Deal 1 · Declarations: sequences" in texts(app)
    touches(app, "len-4", "top-K", "good", "good", "nothing")
    touches(app, "set-3-A", "good", "good", "nothing")
    assert screen(app).name == "multi_deal" and "Deal 1 · The play" in texts(app)
    record = p.journal.record()
    assert record["deals"][0]["declared"]["C"] == {
        "point": {"cards": 6},
        "sequences": [],
        "sets": [],
    }
    for seat in "ABCCCABBAA":
        assert screen(app).name == "multi_deal"
        touch(app, f"won-{seat}")
        shown = header(app)
        totals = p.journal.score()["totals"]
        assert shown == {n: str(t) for n, t in totals.items()}
    assert screen(app).name == "multi_end"
    assert "Deal 1 is over" in texts(app)
    score = exported_score(db, capsys, tmp_path)
    assert header(app) == {n: str(t) for n, t in score["totals"].items()}
    deal = score["deals"][0]
    assert "  ·  ".join(f"{n} +{v}" for n, v in deal["scores"].items()) in texts(app)
    # 26 touches on the deal screen, each one journal action, the first taps of
    # the two-tap answers (Making?, a sequence's length) included
    assert len(p.journal.actions()) == 26
    touch(app, "next_deal")
    assert "Anne  ·  deals" in texts(app)  # the deal passed to the left


def test_a_whole_voleur_deal_by_touch(app, tmp_path, capsys):
    db = tmp_path / "j.sqlite3"
    assert (
        main(
            [
                "new",
                "--db",
                str(db),
                "--game",
                "voleur",
                "--players",
                "Anne",
                "Ben",
                "Cleo",
                "Dan",
                "--first-dealer",
                "Dan",
            ]
        )
        == 0
    )
    p = use(app, Presenter(Journal.open(db)))
    assert screen(app).name == "multi_deal"
    assert header(app) == {"Anne & Cleo": "0", "Ben & Dan": "0"}  # partners together
    touches(app, "cb-A", "call-4", "good", "good", "good", "call-3")
    touches(app, "len-3", "top-Q", "seq-K", "good", "good", "nothing", "nothing")
    touches(app, "nothing", "nothing", "set-3-K", "good", "nothing", "nothing")
    assert "Deal 1 of 6 · The play" in texts(app)
    from kiosk.app import find_key

    buttons = {seat: find_key(screen(app), f"won-{seat}") for seat in "ABCD"}
    # two columns, one per side: partners one over the other
    assert abs(buttons["A"].center_x - buttons["C"].center_x) < 1
    assert abs(buttons["B"].center_x - buttons["D"].center_x) < 1
    assert buttons["A"].center_y > buttons["C"].center_y
    for seat in "ACCBDDAC":
        touch(app, f"won-{seat}")
    assert screen(app).name == "multi_end"
    score = exported_score(db, capsys, tmp_path)
    assert header(app) == {
        "Anne & Cleo": str(score["side_totals"]["AC"]),
        "Ben & Dan": str(score["side_totals"]["BD"]),
    }
    deal = score["deals"][0]
    assert f"Anne & Cleo +{deal['scores']['AC']}  ·  Ben & Dan +{deal['scores']['BD']}" in texts(
        app
    )
    lines = [line["why"] for line in deal["lines"]]
    assert any("also counts for Cleo" in why for why in lines)  # the partner's point
    assert len(p.journal.actions()) == 27  # 27 touches, a sequence's length among them


def type_totals(app, totals: list[str]) -> None:
    """Each box touched, its digits touched, then Enter."""
    for index, total in enumerate(totals):
        touch(app, f"field-{index}")
        for digit in total:
            touch(app, f"digit-{digit}")
    touch(app, "quick_enter")


def test_a_chouette_partie_ends_on_the_seat_of_the_next_and_the_players_confirm(app):
    p = use(app, Presenter(Journal.open(":memory:")))
    p.journal.new_multi_partie("chouette", ["Anne", "Ben", "Cleo"])
    p.resume()
    pump()
    assert screen(app).name == "chouette_seat"
    assert "Cut the cards: the highest takes the single seat." in texts(app)
    touches(app, "single-Anne", "playing-Ben", "deals-Anne", "seat_start")
    assert screen(app).name == "multi_deal"
    assert "Anne alone against Ben and Cleo: Ben plays, Cleo advises. Anne deals." in texts(app)
    touch(app, "quick-on")
    type_totals(app, ["12", "45"])  # by touch once; then the other five deals at once
    for _ in range(5):  # Ben, for the pair, rubicons Anne
        p.journal.act({"next_deal": True})
        p.journal.act({"entered": {"A": 12, "B": 45}})
    p.resume()
    pump()
    assert screen(app).name == "chouette_seat"
    shown = texts(app)
    assert "Partie 2: who sits where?" in shown
    assert any("Ben, who won for the pair, takes the single seat" in t for t in shown)
    single = next(w for w in screen(app).walk() if getattr(w, "key", "") == "single-Ben")
    assert single.on and single.text == "Ben"  # Cavendish: the winner takes the seat
    touches(app, "playing-Cleo", "deals-Cleo", "seat_start")  # the players confirm
    assert p.journal.actions()[-1] == {
        "next_partie": {"single": "B", "playing": "C", "first_dealer": "C"}
    }
    assert screen(app).name in ("multi_quick", "multi_deal")
    score = p.journal.score()
    touch(app, "sheet")
    assert screen(app).name == "multi_sheet"
    signed = [t for t in texts(app) if t[:1] in "+−"]
    players = ("Anne", "Ben", "Cleo")
    net = [f"{score['card'][-1]['net'][n]:+d}".replace("-", "−") for n in players]
    assert signed[-6:-3] == net  # the card in tens
    assert signed[-3:] == [f"{score['settlement'][n]:+d}".replace("-", "−") for n in players]


def test_ecrire_announces_each_pairing_on_the_deal_screen(app):
    p = use(app, Presenter(Journal.open(":memory:")))
    p.journal.new_multi_partie("ecrire", ["Anne", "Ben", "Cleo", "Dan"], "Ben")
    p.resume()
    pump()
    assert "Ben deals to Cleo, who is elder. Anne and Dan sit out." in texts(app)
    assert header(app) == dict.fromkeys(["Anne", "Ben", "Cleo", "Dan"], "0")
    touches(app, "ex-C-5", "ex-B-3", *["nothing"] * 6)
    for _ in range(12):
        touch(app, "won-B")
    assert "Next: Cleo deals to Dan." in " ".join(texts(app))
    touch(app, "next_deal")
    assert "Cleo deals to Dan, who is elder. Anne and Ben sit out." in texts(app)
