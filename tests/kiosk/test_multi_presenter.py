"""The kiosk's games for three to seven players, without Kivy: the presenter
over a real journal. Every figure checked against the engine
(`scorer.multi.score_record2`), every tap against the journal's actions."""

from __future__ import annotations

import json
import random

import pytest

from journal import Journal
from kiosk.presenter import KioskState, Presenter
from piquet.cli import main
from scorer.multi import score_record2, seating
from scorer.multi.flow import Flow

FORMS = {
    "normand": (["Anne", "Ben", "Cleo"], ["--first-dealer", "Cleo"]),
    "voleur": (["Anne", "Ben", "Cleo", "Dan"], ["--first-dealer", "Dan"]),
    "ecrire": (["Anne", "Ben", "Cleo", "Dan", "Eve"], ["--first-dealer", "Anne"]),
    "chouette": (["Anne", "Ben", "Cleo"], []),
}


def cli_journal(tmp_path, form: str) -> str:
    """A journal whose current partie was started by `piquet new --game FORM`."""
    db = str(tmp_path / "j.sqlite3")
    players, extra = FORMS[form]
    assert main(["new", "--db", db, "--game", form, "--players", *players, *extra]) == 0
    return db


def taps(p: Presenter, *keys: str) -> None:
    """Each key one tap on the deal screen: one journal action, or the first tap of
    a two-tap answer (a step); never nothing."""
    for key in keys:
        before = (len(p.journal.actions()), p.session.multi.deal.multi_pending())
        p.answer(key)
        assert (len(p.journal.actions()), p.session.multi.deal.multi_pending()) != before, (
            key,
            p.view().get("question"),
            p.message,
        )


def enabled(view: dict, field: str = "options") -> list[str]:
    return [o["key"] for o in view.get(field, []) if o["enabled"]]


def engine(p: Presenter, lang: str = "en") -> dict:
    return score_record2(p.journal.record(), lang)


def new_game(form: str, players: list[str], dealer: int | None = 0, **kw) -> Presenter:
    p = Presenter(Journal.open(":memory:"), **kw)
    p.new_partie()
    p.draft.names = players[:2]
    p.names_done()
    p.set_form(form)
    p.rules_done()
    p.draft.names = list(players)
    p.multi_names_done()
    if dealer is not None:
        p.multi_first_dealer(dealer)
    p.multi_start()
    return p


# ----- the urgent case: a journal from the command line ---------------------------------


@pytest.mark.parametrize("form", sorted(FORMS))
def test_a_game_started_by_piquet_new_opens_on_every_screen(tmp_path, form):
    db = cli_journal(tmp_path, form)
    players = FORMS[form][0]
    p = Presenter(Journal.open(db), state=KioskState(tmp_path / "k.json"))
    assert p.screen == ("chouette_seat" if form == "chouette" else "multi_deal")
    p.view()
    p.go("home")
    resume = p.view()["resume"]
    assert all(f"{name} 0" in resume or name in resume for name in players), resume
    p.go("history")
    (item,) = p.view()["items"]
    assert all(name in item["text"] for name in players)
    p.view_partie(item["partie"])
    assert p.screen == "multi_sheet"
    sheet = p.view()
    assert len(sheet["totals"]) == (2 if form == "voleur" else len(players))
    p.back()
    p.resume()
    assert p.screen in ("multi_deal", "chouette_seat")


def test_a_finished_game_from_the_command_line_opens_on_its_sheet(tmp_path):
    db = cli_journal(tmp_path, "normand")
    main(["act", "--db", db, json.dumps({"entered": {"A": 120, "B": 8, "C": 3}})])
    p = Presenter(Journal.open(db))
    assert p.screen == "multi_sheet"
    view = p.view()
    assert view["totals"] == ["120", "8", "3"]
    settled = next(r for r in view["rows"] if r["key"] == "settlement")
    assert sum(int(c.replace("−", "-")) for c in settled["cells"]) == 0
    assert "Anne reached 100 first" in view["settlement"]


# ----- a Normand deal, tap by tap -----------------------------------------------------------


def totals(p: Presenter) -> list[str]:
    return [c["total"] for c in p.view()["header"]["cells"]]


@pytest.mark.parametrize(
    ("lang", "pending", "asked"),
    [
        ("en", "Anne: “five cards” — waiting for the answers.", "Cleo, is it good?"),
        (
            "fr",
            "Anne\u202f: «\u202fcinq cartes\u202f» — en attente des réponses.",
            "Cleo, est-ce bon\u202f?",
        ),
    ],
)
def test_a_normand_call_nobody_has_answered_shows_as_pending_and_scores_nothing(
    lang, pending, asked
):
    """Issue 20, 3.1: the trial saw Anne's total rise the moment she called
    five cards. The call is said as waiting for the answers, every total stays
    where it was until both others have answered it good, then it scores."""
    p = new_game("normand", ["Anne", "Ben", "Cleo"], dealer=2, lang=lang)  # Anne first
    taps(p, "ex-C-2", "call-5")
    assert p.view()["question"].startswith(pending)
    assert totals(p) == ["0", "0", "0"]
    taps(p, "good")  # Ben's is shorter: still Cleo to answer
    assert p.view()["question"] == pending + " " + asked
    assert totals(p) == ["0", "0", "0"]
    taps(p, "good")  # answered good by both: Anne's point
    assert pending not in p.view()["question"]
    assert totals(p) == [str(engine(p, lang)["totals"]["Anne"]), "0", "0"]
    assert totals(p)[0] != "0"


def test_a_normand_deal_asks_round_the_table_and_each_answer_is_one_action():
    p = new_game("normand", ["Anne", "Ben", "Cleo"], dealer=2)  # Cleo deals, Anne first
    view = p.view()
    assert view["question"] == "Cleo, you deal: how many cards did you take from the widow?"
    assert enabled(view) == ["ex-C-0", "ex-C-1", "ex-C-2"]
    assert [c["name"] + " " + c["note"] for c in view["header"]["cells"]] == [
        "Anne leads",
        "Ben ",
        "Cleo deals",
    ]
    taps(p, "cb-B", "ex-C-2", "call-5")
    assert p.view()["question"] == (
        "Anne: “five cards” — waiting for the answers. Ben, is it good?"
    )
    taps(p, "making")  # the caller says his value (a step until it is tapped)
    assert p.view()["question"] == "Making? Anne, what does your point make?"
    taps(p, "value-49")
    view = p.view()
    assert enabled(view) == ["value-50", "value-51"]  # not good: a better value
    assert enabled(view, "options2") == ["call-6", "call-7", "call-8"]  # or longer
    taps(p, "equal", "call-6")  # Ben as good as Anne; Cleo longer
    taps(p, "len-4", "top-K", "seq-A", "good", "len-3", "top-9", "nothing")
    taps(p, "nothing", "set-3-K", "good", "set-3-Q", "nothing")
    actions = p.journal.actions()
    # each first tap of two is a journal action too (a restart asks the same question)
    assert [a["pending"] for a in actions if "pending" in a] == [
        {"kind": "making", "seat": "A"},
        {"kind": "top", "seat": "A", "length": 4, "then": "call"},
        {"kind": "top", "seat": "B", "length": 3, "then": "add"},
    ]
    assert [a for a in actions if "pending" not in a] == [
        {"carte_blanche": "B"},
        {"exchange": "C", "cards": 2},
        {"declare": "point", "by": "A", "cards": 5},
        {"declare": "point", "by": "A", "cards": 5, "value": 49},
        {"declare": "point", "by": "B", "cards": 5, "value": 49},
        {"declare": "point", "by": "C", "cards": 6},
        {"declare": "sequence", "by": "A", "length": 4, "top": "K"},
        {"declare": "sequence", "by": "B", "length": 4, "top": "A"},
        {"declare": "nothing", "by": "C", "class": "sequences"},
        {"declare": "sequence", "by": "B", "length": 3, "top": "9"},
        {"declare": "nothing", "by": "B", "class": "sequences"},
        {"declare": "nothing", "by": "A", "class": "sets"},
        {"declare": "set", "by": "B", "count": 3, "rank": "K"},
        {"declare": "nothing", "by": "C", "class": "sets"},
        {"declare": "set", "by": "B", "count": 3, "rank": "Q"},
        {"declare": "nothing", "by": "B", "class": "sets"},
    ]
    view = p.view()
    assert view["play"] and [b["key"] for b in view["won"]] == ["won-A", "won-B", "won-C"]
    for seat in "ABCABCABCA":
        p.trick_won(seat)
    assert p.screen == "multi_end"
    score = engine(p)
    deal = score["deals"][0]
    view = p.view()
    assert view["result"] == "  ·  ".join(f"{n} +{v}" for n, v in deal["scores"].items())
    assert [c["total"] for c in view["header"]["cells"]] == [
        str(score["totals"][n]) for n in score["players"]
    ]
    assert [line["why"] for line in view["lines"]] == [line["why"] for line in deal["lines"]]


def test_an_impossible_answer_is_shown_disabled_in_its_place():
    p = new_game("normand", ["Anne", "Ben", "Cleo"], dealer=2)
    taps(p, "ex-C-0", "nothing", "nothing", "nothing", "nothing", "nothing", "nothing")
    taps(p, "set-4-K")  # Anne: a quatorze of kings
    view = p.view()
    assert "set-4-K" not in enabled(view)  # nobody else holds four kings
    assert "set-4-A" in enabled(view)


# ----- the two-tap steps: Undo, Redo, a restart ------------------------------------------


def test_a_step_is_undone_redone_and_comes_back_after_a_restart(tmp_path):
    db, side = tmp_path / "j.sqlite3", tmp_path / "k.json"
    p = Presenter(Journal.open(db), state=KioskState(side))
    p.new_partie()
    p.draft.names = ["Anne", "Ben"]
    p.names_done()
    p.set_form("normand")
    p.rules_done()
    p.draft.names = ["Anne", "Ben", "Cleo"]
    p.multi_names_done()
    p.multi_first_dealer(2)
    p.multi_start()
    taps(p, "ex-C-1", "nothing", "nothing", "nothing", "len-5")
    asked = p.view()["question"]
    assert asked == "Anne, the top card of your quint?"
    count = len(p.journal.actions())
    assert p.journal.actions()[-1] == {
        "pending": {"kind": "top", "seat": "A", "length": 5, "then": "call"}
    }
    p.undo()  # the first tap is the journal's last action: Undo is the journal's
    assert p.view()["question"] == "Anne, your longest sequence (cards in a row in one suit)?"
    assert len(p.journal.actions()) == count - 1 and p.message == "Undone."
    p.redo()
    assert p.view()["question"] == asked
    again = Presenter(Journal.open(db), state=KioskState(side))
    assert again.screen == "multi_deal" and again.view()["question"] == asked
    taps(again, "top-A")
    assert again.journal.actions()[-1] == {
        "declare": "sequence",
        "by": "A",
        "length": 5,
        "top": "A",
    }
    assert again.session.multi.deal.multi_pending() is None


def test_a_side_file_of_the_last_version_is_taken_up_into_the_journal_once(tmp_path):
    # Before this version the kiosk kept quick mode (per partie) and a two-tap
    # answer's first tap (with the journal's action count) in its side file.
    db = cli_journal(tmp_path, "normand")
    side = tmp_path / "k.json"
    side.write_text(json.dumps({"multi_quick": {"1": {"on": True, "seq": -1, "was": False}}}))
    p = Presenter(Journal.open(db), state=KioskState(side))
    assert p.journal.actions() == [{"entry": "totals"}]  # said once, in the journal
    assert p.screen == "multi_quick"
    assert "1" not in json.loads(side.read_text()).get("multi_quick", {})  # said once
    again = Presenter(Journal.open(db), state=KioskState(side))
    assert again.journal.actions() == [{"entry": "totals"}]  # not twice

    db2 = str(tmp_path / "j2.sqlite3")
    players, extra = FORMS["normand"]
    assert main(["new", "--db", db2, "--game", "normand", "--players", *players, *extra]) == 0
    main(["act", "--db", db2, json.dumps({"exchange": "C", "cards": 1})])
    step = {"kind": "top", "seat": "A", "length": 5, "then": "call"}
    side2 = tmp_path / "k2.json"
    side2.write_text(json.dumps({"multi_pending": {"partie": 1, "seq": 1, "step": step}}))
    p = Presenter(Journal.open(db2), state=KioskState(side2))
    assert p.journal.actions()[-1] == {"pending": step}
    assert p.view()["question"] == "Anne, the top card of your quint?"
    assert "multi_pending" not in json.loads(side2.read_text())


def test_undo_walks_back_one_tap_at_a_time_to_the_start_of_the_deal():
    p = new_game("voleur", ["Anne", "Ben", "Cleo", "Dan"], dealer=3)
    keys = ["cb-A", "call-4", "good", "good", "good", "call-3", "len-3", "top-K"]
    questions = [p.view()["question"]]
    for key in keys:
        taps(p, key)
        questions.append(p.view()["question"])
    for question in reversed(questions[:-1]):
        p.undo()
        assert p.view()["question"] == question
    assert p.journal.actions() == []


# ----- Voleur: partners --------------------------------------------------------------------


def test_voleur_asks_the_partner_of_the_good_hand_and_plays_by_sides():
    p = new_game("voleur", ["Anne", "Ben", "Cleo", "Dan"], dealer=3)  # Dan deals: Anne first
    view = p.view()
    assert [c["name"] for c in view["header"]["cells"]] == ["Anne & Cleo", "Ben & Dan"]
    assert enabled(view)[0] == "call-2"  # eight cards hold a suit of two at least
    taps(p, "call-4", "good", "good", "good")
    assert p.view()["question"] == (
        "Anne is good: Cleo, any point of yours? It counts for the side too."
    )
    taps(p, "call-3")  # Cleo's own point, lower: it counts for the side too
    taps(p, "nothing", "len-3", "top-K", "good", "good", "nothing", "nothing")
    taps(p, "set-3-Q", "good", "good", "good", "nothing", "nothing")
    view = p.view()
    assert view["play"]
    # two columns, one per side; the play order (from Anne) reads row by row
    assert view["won_cols"] == 2
    assert [b["seat"] for b in view["won"]] == ["A", "B", "C", "D"]
    for seat in "ABCDABCD":
        p.trick_won(seat)
    score = engine(p)
    lines = score["deals"][0]["lines"]
    assert any(line["player"] == "Cleo" and line["category"] == "point" for line in lines)
    view = p.view()
    assert [c["total"] for c in view["header"]["cells"]] == [
        str(score["side_totals"]["AC"]),
        str(score["side_totals"]["BD"]),
    ]


# ----- quick mode -------------------------------------------------------------------------


def type_totals(p: Presenter, totals: dict) -> None:
    for index, key in enumerate(p._quick_entry().keys):
        p.multi_quick_field(index)
        for digit in str(totals[key]):
            p.multi_quick_digit(digit)
    p.multi_quick_enter()


def test_quick_mode_enters_totals_per_seat_and_undo_takes_a_whole_tap():
    p = new_game("normand", ["Anne", "Ben", "Cleo"], dealer=0)
    p.answer("quick-on")
    assert p.screen == "multi_quick" and p.journal.actions() == [{"entry": "totals"}]
    p.undo()  # the switch itself is undone: it is the journal's
    assert p.screen == "multi_deal" and p.journal.actions() == []
    p.redo()
    assert p.screen == "multi_quick"
    type_totals(p, {"A": 20, "B": 12, "C": 0})
    first = [{"entry": "totals"}, {"entered": {"A": 20, "B": 12, "C": 0}}]
    assert p.journal.actions() == first
    assert p.screen == "multi_quick"
    type_totals(p, {"A": 5, "B": 40, "C": 9})  # opens deal 2 and enters it: one tap
    assert p.journal.actions()[2:] == [{"next_deal": True}, {"entered": {"A": 5, "B": 40, "C": 9}}]
    assert engine(p)["totals"] == {"Anne": 25, "Ben": 52, "Cleo": 9}
    p.undo()
    assert p.journal.actions() == first
    p.redo()
    assert len(p.journal.actions()) == 4
    type_totals(p, {"A": 400, "B": 0, "C": 0})
    assert len(p.journal.actions()) == 4  # refused: nothing written
    assert p.message == "Anne's total cannot be 400: a deal scores 0 to 300."


def test_voleur_quick_mode_enters_a_total_per_side():
    p = new_game("voleur", ["Anne", "Ben", "Cleo", "Dan"], dealer=0)
    p.multi_set_quick(True)
    assert [b["label"] for b in p.view()["boxes"]] == ["Anne & Cleo:  ", "Ben & Dan:  "]
    type_totals(p, {"AC": 30, "BD": 8})
    assert p.journal.actions() == [{"entry": "totals"}, {"entered": {"AC": 30, "BD": 8}}]


# ----- à Écrire: the pairings -----------------------------------------------------------


def test_ecrire_announces_who_plays_whom_and_who_deals_each_deal():
    players = ["Anne", "Ben", "Cleo", "Dan"]
    p = new_game("ecrire", players, dealer=0)
    p.multi_set_quick(True)
    for number in range(1, 5):
        where = seating("ecrire", players, "Anne", number)
        line = p.view()["header"]["table_line"]
        assert line.startswith(f"{where['dealer']} deals to {where['leader']}, who is elder.")
        out = [n for n in players if n not in where["playing"]]
        assert " and ".join(out) + " sit out." in line
        labels = [b["label"] for b in p.view()["boxes"]]
        assert sorted(label.split(" ")[0] for label in labels) == sorted(where["playing"])
        seats = [s for s in "ABCD" if players["ABCD".index(s)] in where["playing"]]
        type_totals(p, dict.fromkeys(seats, 10))
    assert engine(p)["finished"]


def test_ecrire_end_of_deal_says_who_deals_next_and_when_a_round_settles():
    players = ["Anne", "Ben", "Cleo"]
    p = new_game("ecrire", players, dealer=1)  # Ben deals to Cleo
    taps(p, "ex-C-5", "ex-B-3", *["nothing"] * 6)
    for _ in range(12):
        p.trick_won("C")
    assert p.screen == "multi_end"
    nxt = seating("ecrire", players, "Ben", 2)
    assert f"Next: {nxt['dealer']} deals to {nxt['leader']}." in p.view()["notes"]


# ----- Chouette: the seat of the next partie ------------------------------------------------


def test_chouette_suggests_who_takes_the_seat_and_the_players_confirm():
    p = new_game("chouette", ["Anne", "Ben", "Cleo"], dealer=None)
    assert p.screen == "chouette_seat"
    view = p.view()
    assert [s["key"] for s in view["singles"] if s["enabled"]] == [
        "single-Anne",
        "single-Ben",
        "single-Cleo",
    ]
    assert not view["can_start"]
    p.seat_tap("single-Anne")
    p.seat_tap("playing-Ben")
    p.seat_tap("deals-Ben")
    p.seat_start()
    assert p.journal.actions() == [
        {"next_partie": {"single": "A", "playing": "B", "first_dealer": "B"}}
    ]
    assert p.screen == "multi_deal"
    cells = p.view()["header"]["cells"]
    assert [c["note"] for c in cells] == [
        "single · elder",
        "plays for the pair · dealer",
        "advises",
    ]
    p.multi_set_quick(True)
    for _ in range(6):  # Ben (for the pair) wins and rubicons Anne
        type_totals(p, {"A": 10, "B": 40})
    assert p.screen == "chouette_seat"
    score = engine(p)
    nxt = score["next"]
    view = p.view()
    # Cavendish: Ben, who won for the pair, takes the seat; Cleo, who advised, plays
    assert nxt == {"single": "Ben", "choices": ["Ben"], "playing": "Cleo"}
    assert [s["key"] for s in view["singles"] if s["enabled"]] == ["single-Ben"]
    assert "Anne lost partie 1" in view["why"] and "Cleo, who advised, now plays" in view["why"]
    card = score["card"][-1]["net"]
    assert view["card"] == "The card (in tens): " + " · ".join(
        f"{n} {card[n]:+d}".replace("-", "−") for n in ["Anne", "Ben", "Cleo"]
    )
    # the text rules out any other seating: Anne may not play for the pair
    assert view["title"] == "Partie 2: who sits where?"
    p.seat_tap("single-Ben")
    assert [s["key"] for s in p.view()["playing"] if s["enabled"]] == ["playing-Cleo"]
    p.seat_tap("playing-Cleo")
    p.seat_tap("draw")
    assert p.view()["message"].startswith("The kiosk drew ")
    p.seat_start()
    partie = p.journal.actions()[-1]["next_partie"]
    assert partie["single"] == "B" and partie["playing"] == "C"
    assert partie["first_dealer"] in ("B", "C")


def test_chouette_after_a_won_partie_the_single_player_keeps_the_seat():
    p = new_game("chouette", ["Anne", "Ben", "Cleo"], dealer=None)
    for key in ("single-Anne", "playing-Ben", "deals-Anne"):
        p.seat_tap(key)
    p.seat_start()
    p.multi_set_quick(True)
    for _ in range(6):
        type_totals(p, {"A": 40, "B": 10})
    view = p.view()
    assert [s["name"] for s in view["singles"] if s["enabled"]] == ["Anne"]
    assert [s["name"] for s in view["playing"] if s["enabled"]] == ["Cleo"]
    p.seat_tap("deals-Cleo")
    p.seat_start()
    assert p.journal.actions()[-1] == {
        "next_partie": {"single": "A", "playing": "C", "first_dealer": "C"}
    }


def test_the_chouette_sheet_keeps_the_card_in_tens():
    p = new_game("chouette", ["Anne", "Ben", "Cleo"], dealer=None)
    for key in ("single-Anne", "playing-Ben", "deals-Anne"):
        p.seat_tap(key)
    p.seat_start()
    p.multi_set_quick(True)
    for _ in range(6):
        type_totals(p, {"A": 40, "B": 10})
    p.multi_go_sheet()
    view = p.view()
    card = engine(p)["card"]
    rows = {r["key"]: r["cells"] for r in view["rows"]}
    assert rows["partie-1"] == [f"{v:+d}".replace("-", "−") for v in card[0]["entries"].values()]
    assert view["totals"] == [f"{v:+d}".replace("-", "−") for v in engine(p)["settlement"].values()]
    assert sum(engine(p)["settlement"].values()) == 0


# ----- the sheet ------------------------------------------------------------------------


def test_the_sheet_shows_every_total_the_sides_and_a_settlement_summing_to_zero():
    p = new_game("voleur", ["Anne", "Ben", "Cleo", "Dan"], dealer=0)
    p.multi_set_quick(True)
    for _ in range(6):
        type_totals(p, {"AC": 30, "BD": 8})
    assert p.screen == "multi_sheet"
    view = p.view()
    score = engine(p)
    assert view["columns"] == ["Anne & Cleo", "Ben & Dan"]
    assert view["totals"] == [str(score["side_totals"]["AC"]), str(score["side_totals"]["BD"])]
    settled = next(r for r in view["rows"] if r["key"] == "settlement")
    assert settled["cells"] == [
        f"+{score['result']['points']} each",
        f"−{score['result']['points']} each",
    ]
    assert sum(score["settlement"].values()) == 0
    assert view["settlement"] == score["result"]["why"]


def test_the_history_names_the_form_and_every_player():
    p = new_game("normand", ["Anne", "Ben", "Cleo"], dealer=0)
    p.go("history")
    (item,) = p.view()["items"]
    assert "Piquet Normand: Anne 0 · Ben 0 · Cleo 0" in item["text"]


# ----- the flow, replayed -----------------------------------------------------------------


def test_the_flow_takes_actions_from_the_command_line_in_any_order():
    """A call in a later class closes the earlier ones; a seat out of turn counts
    as that seat's answer: the kiosk always finds a question, never a crash."""
    flow = Flow.of(
        "normand",
        "ABC",
        "C",
        [
            {"declare": "sequence", "by": "B", "length": 4, "top": "K"},  # no point said
            {"declare": "nothing", "by": "C"},
        ],
    )
    step = flow.step()
    assert (step.phase, step.kind, step.seat) == ("sequences", "reply", "A")
    rng = random.Random(7)
    kinds = [
        {"declare": "nothing"},
        {"declare": "point", "cards": 5},
        {"declare": "sequence", "length": 3, "top": "Q"},
        {"declare": "set", "count": 3, "rank": "J"},
    ]
    for _ in range(200):
        actions = [{**rng.choice(kinds), "by": rng.choice("ABC")} for _ in range(rng.randrange(12))]
        assert Flow.of("normand", "ABC", "C", actions).step().phase in (
            "exchange",
            "point",
            "sequences",
            "sets",
            "play",
        )


# ----- printing ---------------------------------------------------------------------------


def test_the_sheet_prints_through_the_table_printer_with_every_total():
    from hardware.config import PrinterConfig
    from hardware.table_printer import TablePrinter

    jobs: list = []
    printer = TablePrinter(PrinterConfig(), print_job=jobs.append)
    p = new_game("normand", ["Anne", "Ben", "Cleo"], dealer=0)
    p.printer = printer
    p.multi_set_quick(True)
    type_totals(p, {"A": 120, "B": 8, "C": 3})
    assert p.screen == "multi_sheet" and p.view()["printer"]
    p.print_sheet()
    assert p.message == "Sent to the printer."
    assert printer.queue.wait_idle(5)
    printer.close()
    (job,) = jobs
    text = "\n".join(line.text for line in job.lines)
    for name, total in engine(p)["totals"].items():
        assert name in text and str(total) in text

    class Status:
        message = "printed"

    p.print_status(Status())
    assert p.view()["message"] == "printed"


def test_the_confirm_button_goes_on_from_the_end_of_a_deal_and_seat_presses_do_nothing():
    from hardware.button_events import ConfirmPress, SeatPress

    p = new_game("voleur", ["Anne", "Ben", "Cleo", "Dan"], dealer=3)
    taps(p, "nothing", "nothing", "nothing", "nothing", *["nothing"] * 8)
    assert p.view()["play"]
    p.button(SeatPress(0))  # two seat buttons cannot name four players: nothing is done
    assert p.journal.actions()[-1] == {"declare": "nothing", "by": "D", "class": "sets"}
    for seat in "ABCDABCD":
        p.trick_won(seat)
    assert p.screen == "multi_end"
    p.button(ConfirmPress())
    assert p.journal.actions()[-1] == {"next_deal": True}
