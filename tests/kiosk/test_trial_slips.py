"""What a new user's trial stumbled on (issue 20, item 3): each with its test.

- quick mode names each player's role, as the header does ("(elder)" and
  "(younger, deals)"), not the elder's alone;
- the head-to-head page puts the figures of the two together (parties
  finished, drawn, complete deals) across both players' columns, not under
  the second player's name;
- the end of a deal has the play's header, at one size (the steady-buttons
  guard checks it on every screen of a partie: tests/kiosk/test_steady_buttons.py).
"""

from __future__ import annotations

from journal import Journal
from kiosk.presenter import Presenter
from tests.kiosk.window import pump, screen, use


def two_player(p: Presenter, names=("Anne", "Bruno"), quick: bool = False) -> None:
    p.new_partie()
    p.draft.names = list(names)
    p.names_done()
    p.rules_done()
    p.set_first_dealer(1)
    if quick:
        p.toggle_quick()
    p.start_partie()


def test_quick_mode_names_both_roles_as_the_header_does():
    p = Presenter(Journal.open(":memory:"))
    two_player(p, quick=True)
    v = p.view()
    tags = v["header"]["tags"]
    assert sorted(tags) == ["(elder)", "(younger, deals)"]
    assert v["labels"] == [f"{n} {t}" for n, t in zip(p.seats(), tags, strict=True)]
    elder = v["labels"][v["elder_field"]]
    assert elder.endswith("(elder)")
    assert v["labels"][1 - v["elder_field"]].endswith("(younger, deals)")


def test_head_to_head_figures_of_the_two_sit_across_both_columns(app):
    p = Presenter(Journal.open(":memory:"))
    two_player(p, quick=True)
    for _deal in range(6):
        first = p.view()["elder_field"]
        p.quick_field(first)
        for d in "40":
            p.quick_digit(d)
        p.quick_field(1 - first)
        p.quick_digit("5")
        p.quick_enter()
    p.open_stats()
    p.view_player("Anne")
    p.view_pair("Bruno")
    use(app, p)
    pump(8)
    assert app.sm.current == "stats_pair"
    root = screen(app)
    names = next(w for w in root.walk(restrict=True) if type(w).__name__ == "PairNames")
    head_a, head_b = names.ids.head_a, names.ids.head_b
    shared = [w for w in root.walk(restrict=True) if type(w).__name__ == "PairShared"]
    assert [s.label for s in shared][:2] == ["Parties finished", "Drawn"]
    left = head_a.to_window(head_a.x, 0)[0]
    right = head_b.to_window(head_b.right, 0)[0]
    for row in shared:
        value = next(c for c in row.children if c.text == row.value)
        x0 = value.to_window(value.x, 0)[0]
        x1 = value.to_window(value.right, 0)[0]
        # the value's box spans both players' columns, its text centred there
        assert abs(x0 - left) <= 8 and abs(x1 - right) <= 2, (row.label, x0, x1, left, right)
        assert value.halign == "center"


def normand_deal_where_cleo_asked_making() -> Presenter:
    """Anne calls five cards, Bruno's point is shorter, Cleo asks "Making?" (five
    cards too) and, told 49, says good; nothing else is declared; the play."""
    from kiosk.multi.tour import _new

    p = Presenter(Journal.open(":memory:"))
    _new("normand", ["Anne", "Bruno", "Cleo"], 2)(p)
    for key in ["ex-C-2", "call-5", "good", "making", "value-49", "good", *["nothing"] * 6]:
        p.answer(key)
    for seat in "AAAAAABBBC":
        p.trick_won(seat)
    assert p.screen == "multi_end"
    return p


def test_the_normand_summary_does_not_say_nobody_called_when_someone_asked_making():
    p = normand_deal_where_cleo_asked_making()
    lines = [line for line in p.view()["lines"] if line["player"] == "Anne"]
    assert lines[0]["why"] == "Point of five making 49 is good: nobody else has a point as good"
    p.set_lang("fr")
    lines = [line for line in p.view()["lines"] if line["player"] == "Anne"]
    assert lines[0]["why"] == (
        "Point de cinq valant 49, bon\u202f: personne d'autre n'a de point aussi bon"
    )
    assert not any("calls" in line["why"] or "annonce" in line["why"] for line in lines)


def test_history_says_the_deal_is_finished_between_two_deals():
    p = normand_deal_where_cleo_asked_making()  # deal 1 over, deal 2 not begun
    p.go("history")
    assert p.view()["items"][0]["status"] == "in progress, deal 1 finished"
    p.set_lang("fr")
    assert p.view()["items"][0]["status"] == "en cours, donne 1 terminée"
    p.set_lang("en")
    p.resume()
    p.multi_next()  # the next deal begins with its first answer
    p.answer("ex-A-1")
    p.go("history")
    assert p.view()["items"][0]["status"] == "in progress, deal 2"


def test_history_of_two_player_parties_between_deals_and_set_aside():
    p = Presenter(Journal.open(":memory:"))
    two_player(p)
    assert p.view()["header"]  # the partie is on
    p.go("history")
    assert p.view()["items"][0]["status"] == "in progress, deal 1"  # not "deal 0"
    p.resume()
    for key in ("cb-done", "ex-done", *["nothing"] * 6):
        p.answer(key)
    for i in range(12):
        p.trick_won(i % 2)
    p.go("history")
    assert p.view()["items"][0]["status"] == "in progress, deal 1 finished"
    # set aside by a new partie: read from the kept figures, not replayed
    two_player(p, names=("Cleo", "Dan"))
    p.go("history")
    statuses = [item["status"] for item in p.view()["items"]]
    assert statuses == ["in progress, deal 1", "in progress, deal 1 finished"]
