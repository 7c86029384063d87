"""The deal screen is one presenter for every form (issue 19, item 3):
`DealScreen` reads the game protocol's progress and builds from it what
every form shows alike (the phase in the title, the play, each seat's tricks
and lead), with the form's words composed in; the `.kv` files and the
session tap through one entry point (`answer`, `trick_won`). Kivy-free: the
presenter over a real journal, each figure checked against the protocol read
afresh from the journal's record (`scorer.protocol.form_of(...).progress`).
"""

from __future__ import annotations

import re
from pathlib import Path

from journal import Journal
from kiosk.presenter import Presenter
from kiosk.screens.deal import PHASE_NAMES
from scorer.protocol import TableProgress, form_of

ROOT = Path(__file__).resolve().parents[2]


def fresh(p: Presenter) -> TableProgress:
    """The protocol's progress of the journal's record, read without the kiosk."""
    record = p.journal.record()
    return form_of(record).progress(record, None, p.journal.actions())


def two_players() -> Presenter:
    p = Presenter(Journal.open(":memory:"))
    p.journal.new_partie(["Anne", "Bruno"], "Bruno")
    p.resume()
    return p


def to_the_play(p: Presenter) -> None:
    """Two players: no carte blanche, the exchange skipped, nothing declared."""
    while not p.view()["play"]:
        v = p.view()
        offered = [o for o in (v["done"], v["second"]) if o and o["enabled"]]
        p.answer(offered[0]["key"])


def normand() -> Presenter:
    p = Presenter(Journal.open(":memory:"))
    p.journal.new_multi_partie("normand", ["Anne", "Ben", "Cleo"], "Cleo")
    p.resume()
    return p


def test_two_players_the_play_shows_the_protocols_tricks_and_lead():
    p = two_players()
    to_the_play(p)
    assert p.view()["header"]["title"].endswith(" · " + PHASE_NAMES["play"])
    for side in (1, 1, 0, 1):  # Bruno (younger) sits right: the halves follow the seats
        p.trick_won(side)
    now = fresh(p)
    assert now.phase == "play" and now.tricks == {"elder": 1, "younger": 3}
    halves = p.view()["halves"]
    assert halves[0][0].startswith("Anne") and halves[0][1] == "1 trick"
    assert halves[1][0].startswith("Bruno") and halves[1][1] == "3 tricks · leads"
    assert now.leader == "younger" and p.lead_seat() == 1
    assert p.view()["tricks"].startswith("Trick 5\n4 tricks played")


def test_normand_the_play_shows_the_protocols_tricks_and_lead():
    p = normand()
    p.answer("ex-C-0")
    while not p.view()["play"]:  # nothing declared, round the table
        offered = [o["key"] for o in p.view()["answers"] if o["enabled"]]
        p.answer(next(k for k in offered if k.startswith("nothing")))
    assert p.view()["header"]["title"].endswith(" · " + PHASE_NAMES["play"])
    for seat in ("B", "B", "C"):
        p.trick_won(seat)
    now = fresh(p)
    assert now.tricks == {"A": 0, "B": 2, "C": 1} and now.leader == "C"
    won = {b["seat"]: b["text"].split("\n")[1] for b in p.view()["won"]}
    assert won == {"A": "0 tricks", "B": "2 tricks", "C": "1 trick · leads"}
    assert p.view()["tricks"].startswith("Trick 4 · 3 tricks played")


def test_the_phase_in_the_title_is_the_protocols_for_every_form():
    p, q = two_players(), normand()
    assert fresh(p).phase == "carte_blanche"
    assert p.view()["header"]["title"].endswith(" · Carte blanche")
    q.answer("ex-C-2")  # the dealer's exchange: the point is asked next
    assert fresh(q).phase == "point"
    assert q.view()["header"]["title"].endswith(" · " + PHASE_NAMES["point"])


def test_a_seat_of_the_other_kind_wins_no_trick():
    """`trick_won` takes a place on the screen between two players (0, 1) and
    a seat's letter for more: the other kind, or a seat not at the table,
    writes nothing."""
    p = two_players()
    to_the_play(p)
    before = len(p.journal.actions())
    p.trick_won("A")
    p.trick_won(2)
    assert len(p.journal.actions()) == before
    p.trick_won(0)  # Anne, elder, on the left
    assert p.journal.actions()[-1] == {"trick": "E"}
    q = normand()
    q.answer("ex-C-0")
    while not q.view()["play"]:
        offered = [o["key"] for o in q.view()["answers"] if o["enabled"]]
        q.answer(next(k for k in offered if k.startswith("nothing")))
    before = len(q.journal.actions())
    q.trick_won(0)
    q.trick_won("D")
    assert len(q.journal.actions()) == before
    q.trick_won("A")
    assert q.journal.actions()[-1] == {"trick": "A"}


def test_the_deal_screens_kv_tap_through_the_one_entry_point():
    """The two deal screens' rules call `answer` and `trick_won`, nothing of a
    form's own (`multi_answer`, `multi_trick` are gone)."""
    calls = set()
    for name in ("deal.kv", "multi_deal.kv", "common.kv"):
        text = (ROOT / "kiosk" / "screens" / name).read_text(encoding="utf-8")
        calls |= set(re.findall(r"app\.p\.(\w*answer\w*|\w*trick\w*)\(", text))
    assert calls == {"answer", "trick_won"}
    p = two_players()
    assert not hasattr(p.session.deal, "multi_answer")
    for gone in ("multi_answer", "multi_trick"):
        try:
            getattr(p, gone)
        except AttributeError:
            continue
        raise AssertionError(f"the kiosk still offers {gone}")
