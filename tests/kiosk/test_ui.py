"""The kiosk in a real Kivy window (offscreen), driven by real touches.

One app for the whole module (several Kivy apps in one process are fragile);
each test gives it a fresh presenter on a fresh in-memory journal. Every
number read off the screen is checked against the engine (`score_record`).
"""

from __future__ import annotations

import re

import pytest

from journal import Journal
from kiosk.presenter import Presenter
from scorer import score_record
from tests.kiosk.window import pump, screen, texts, use

pytestmark = pytest.mark.slow


def touch(app, key: str = "", text: str = "") -> None:
    """A real touch at the centre of the shown button with that key (or text)."""
    from kiosk.app import find_key, tap

    widget = (
        find_key(screen(app), key)
        if key
        else next(
            (
                w
                for w in screen(app).walk(restrict=True)
                if getattr(w, "text", None) == text and hasattr(w, "key")
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
        if key.startswith("#"):  # quick mode's digit keys
            for digit in key[1:]:
                touch(app, f"digit-{digit}")
        else:
            touch(app, key)


def shown_totals(app) -> dict[str, int]:
    """The big running totals as shown: `name total – total name`."""
    t = texts(app)
    i = t.index("–")
    return {untagged(t[i - 2]): int(t[i - 1]), untagged(t[i + 2]): int(t[i + 1])}


def untagged(name: str) -> str:
    """A name shown with its role beside it ("Anne (elder)"): the name."""
    return re.sub(r" \([^)]*\)$", "", name)


def engine(p: Presenter) -> dict:
    return score_record(p.journal.record())


def new_journal() -> Presenter:
    j = Journal.open(":memory:")
    j.new_partie(["Anne", "Bruno"], "Bruno")
    return Presenter(j)


def test_a_whole_deal_through_the_dialogue(app):
    p = use(app, new_journal())
    assert screen(app).name == "deal"
    assert "Deal 1 of 6 · Carte blanche" in texts(app)
    assert "Anne (elder)" in texts(app) and "Bruno (younger, deals)" in texts(app)
    touches(app, "cb-elder", "cb-done", "ex-elder-5", "ex-younger-3")  # on to the point by itself
    assert "Deal 1 of 6 · Declarations: the point" in texts(app)
    assert shown_totals(app) == engine(p)["totals"]
    touches(app, "call-5", "making", "value-49")
    assert any("making 49" in t for t in texts(app))
    touches(app, "equal")
    touches(app, "call-4", "how-high", "top-K", "good", "len-3", "top-9", "done")
    touches(app, "call-3-K", "not-good", "set-4-A", "done")
    assert shown_totals(app) == engine(p)["totals"]
    for i in range(12):
        assert screen(app).name == "deal"
        touch(app, "won-a" if i % 3 else "won-b")
        assert shown_totals(app) == engine(p)["totals"]
    assert screen(app).name == "end_of_deal"
    deal = engine(p)["deals"][0]
    shown = texts(app)
    # the lines may scroll: read them at the top, then at the bottom
    lines = next(w for w in screen(app).walk() if type(w).__name__ == "ScrollView")
    lines.scroll_y = 0
    pump()
    shown += texts(app)
    for line in deal["lines"]:
        assert any(line["why"] in text for text in shown)
    assert "Deal 1 is over" in shown
    assert f"Anne +{deal['scores']['Anne']}  ·  Bruno +{deal['scores']['Bruno']}" in shown
    assert deal["complete"]
    touch(app, "next_deal")
    assert "Deal 2 of 6 · Carte blanche" in texts(app)
    assert "Anne (younger, deals)" in texts(app) and "Bruno (elder)" in texts(app)


def test_in_the_play_the_next_trick_is_scored_before_it_is_tapped(app, monkeypatch):
    """Once the play's frame is drawn, both possible winners of the next trick
    are checked and scored (Journal.prepare); the tap that says who won only
    commits: the engine is not asked again inside the tap, and the totals
    shown are still the engine's."""
    import journal.journal as facade
    from scorer.frozen import replace

    p = use(app, new_journal())
    from kiosk.app import find_key

    touches(app, "cb-done", "ex-elder-5", "ex-younger-3")
    while find_key(screen(app), "won-a") is None:  # nothing declared, class by class
        touch(app, "nothing")
    asked: list[object] = []  # the actions the engine played inside a journal's act
    inside: list[bool] = []
    real_vocabulary, real_act = facade.vocabulary, facade.Journal.act

    def counting(record):
        found = real_vocabulary(record)
        if not inside:
            return found

        def play(*args, **kwargs):
            asked.append(args[1])
            return found.play(*args, **kwargs)

        return replace(found, play=play)

    def act(self, *args, **kwargs):
        inside.append(True)
        try:
            return real_act(self, *args, **kwargs)
        finally:
            inside.pop()

    monkeypatch.setattr(facade, "vocabulary", counting)
    monkeypatch.setattr(facade.Journal, "act", act)
    for i in range(11):
        pump()  # the frame, then the clock tick after it: the next trick is ready
        asked.clear()
        touch(app, "won-b" if i % 4 else "won-a")
        assert asked == [], i  # nothing was played again inside the tap
        assert shown_totals(app) == engine(p)["totals"]
    assert [a["trick"] for a in p.journal.actions() if "trick" in a] == list("EYYYEYYYEYY")


def type_name(app, name: str) -> None:
    for ch in name.upper():
        touch(app, text=ch)


def test_a_six_deal_partie_in_quick_mode_ends_on_the_rubicon_settlement(app):
    p = use(app, Presenter(Journal.open(":memory:")))
    assert screen(app).name == "home"
    touch(app, "new")
    type_name(app, "Anne")
    touch(app, "name1")
    type_name(app, "Bruno")
    touches(app, "names_done", "rules_done", "dealer1", "quick", "start")
    assert screen(app).name == "quick"
    for elder, younger in [(30, 12), (20, 41), (25, 5), (18, 9), (40, 0), (11, 15)]:
        first = p.view()["elder_field"]
        touches(
            app,
            "field-" + "ab"[first],
            f"#{elder}",
            "field-" + "ab"[1 - first],
            f"#{younger}",
            "quick_enter",
        )
    assert screen(app).name == "sheet"
    score = engine(p)
    assert score["finished"] and score["result"]["rubicon"]
    assert shown_totals(app) == score["totals"]
    result = score["result"]
    loser = next(n for n in score["players"] if n != result["winner"])
    w, lo = score["totals"][result["winner"]], score["totals"][loser]
    settlement = next(t for t in texts(app) if "rubiconed" in t)
    assert settlement.startswith(f"{result['winner']} wins {result['points']}")
    assert settlement.endswith(f"{loser} is rubiconed: {w} + {lo} + 100 = {result['points']}")
    numbers = [int(n) for n in re.findall(r"\d+", settlement.split("·")[-1])]
    assert sum(numbers[:-1]) == result["points"]
    touch(app, "undo")  # the last deal's totals were wrong: back to quick mode
    assert screen(app).name == "quick"
    assert not engine(p)["finished"]
    assert shown_totals(app) == engine(p)["totals"]


def test_undo_and_redo_by_touch(app):
    p = use(app, new_journal())
    touches(app, "cb-younger", "cb-done")
    assert shown_totals(app) == engine(p)["totals"]
    assert engine(p)["totals"]["Bruno"] > 0
    touch(app, "undo")
    assert "cb-done" in [getattr(w, "key", "") for w in screen(app).walk()]
    touch(app, "undo")
    assert shown_totals(app) == {"Anne": 0, "Bruno": 0} == engine(p)["totals"]
    assert p.journal.actions() == []
    touch(app, "redo")
    assert shown_totals(app) == engine(p)["totals"]
    assert engine(p)["totals"]["Bruno"] > 0
    touch(app, "redo")
    assert "Redone." in texts(app)  # said where the deal's title is, until the next tap
    assert "Elder first: Anne, how many cards did you take?" in texts(app)


def test_language_switch_at_run_time(app):
    p = use(app, new_journal())
    touch(app, "cb-elder")
    before = shown_totals(app)
    touch(app, "home")
    assert "New partie" in texts(app)
    touch(app, "settings")
    touch(app, "lang-fr")
    assert "Réglages" in texts(app)
    touch(app, "back")
    assert "Nouvelle partie" in texts(app)
    touch(app, "resume")
    assert "Donne 1 sur 6 · Carte blanche" in texts(app)
    assert "Anne (a la main)" in texts(app) and "Bruno (donne)" in texts(app)  # neutral
    assert "Marque" in texts(app)  # the score sheet button fits on one line
    assert "Une main est-elle sans roi, dame ni valet\u202f?" in texts(app)
    assert shown_totals(app) == before == engine(p)["totals"]
    touch(app, "home")
    touch(app, "settings")
    touch(app, "lang-en")
    assert "Settings" in texts(app)


def test_history_sheet_and_text_size(app):
    p = new_journal()
    p.journal.act({"entered": {"elder": 30, "younger": 12}})
    use(app, p)
    touch(app, "home")
    touch(app, "history")
    touch(app, f"partie-{p.current()}")
    assert screen(app).name == "sheet"
    assert shown_totals(app) == engine(p)["totals"]
    touch(app, "back")
    touch(app, "back")
    touch(app, "settings")
    label = next(w for w in screen(app).walk() if getattr(w, "text", "") == "Language")
    size = label.font_size
    touch(app, "text_size")
    assert label.font_size > size


def test_every_screen_has_big_text_and_finger_sized_buttons(app):
    from kivy.uix.button import Button
    from kivy.uix.label import Label

    from kiosk.app import SCREENS, shown

    p = new_journal()
    p.journal.act({"carte_blanche": "elder"})
    use(app, p)
    seen = set()
    for name in SCREENS:
        if name in ("new_names", "new_rules", "new_start"):
            p.new_partie()
            p.draft.names = ["Anne", "Bruno"]
            if name != "new_names":
                p.names_done()
            if name == "new_start":
                p.rules_done()
        elif name == "deal_lines":
            p.go("sheet")
            p.view_deal(1)
        elif name == "end_of_deal":
            p.resume()
            continue  # shown in the whole-deal test; needs a complete deal
        elif name == "quick":
            continue  # shown in the quick-mode test
        else:
            p.go(name)
        pump()
        assert screen(app).name == name
        seen.add(name)
        for w in screen(app).walk(restrict=True):
            if isinstance(w, Label) and w.text.strip() and shown(w):
                assert w.font_size >= 18, (name, w.text)
            if isinstance(w, Button) and shown(w) and not w.disabled and w.text:
                assert w.height >= 48, (name, w.text, w.height)
    assert len(seen) == len(SCREENS) - 2


def test_a_whole_partie_by_touch_alone_in_french(app):
    """Six deals (and any tie-break) through the dialogue, from the first
    question to the settlement, every step a touch."""
    p = new_journal()
    p.set_lang("fr")
    use(app, p)
    deals = 0
    while screen(app).name != "sheet":
        deals += 1
        assert deals <= 8
        touches(app, "cb-done", "ex-done", *["nothing"] * 6)
        for trick in range(12):
            touch(app, "won-a" if (trick + deals) % 3 else "won-b")
            assert shown_totals(app) == engine(p)["totals"]
        assert screen(app).name == "end_of_deal"  # every deal's lines, the last one's too
        if p.view()["final"]:
            assert "La marque finale" in texts(app)
            touch(app, "final_sheet")
        else:
            touch(app, "next_deal")
    score = engine(p)
    assert score["finished"] and deals == len(score["deals"]) >= 6
    assert shown_totals(app) == score["totals"]
    result = score["result"]
    winner = result["winner"]
    loser = next(n for n in score["players"] if n != winner)
    expected = (
        f"{loser} reste sous le Rubicon"
        if result["rubicon"]
        else f"{winner} gagne {result['points']}"
    )
    settlement = next(t for t in texts(app) if expected in t)
    assert settlement.endswith(str(result["points"]))
    p.set_lang("en")


def test_11_the_players_say_who_deals_first_and_drawing_is_the_second_choice(app):
    from kiosk.app import find_key

    p = use(app, Presenter(Journal.open(":memory:")))
    touch(app, "new")
    type_name(app, "Anne")
    touch(app, "name1")
    type_name(app, "Bruno")
    touches(app, "names_done", "rules_done")
    assert screen(app).name == "new_start"
    assert any(t.startswith("Cut the cards: the higher card chooses who deals") for t in texts(app))
    names = [find_key(screen(app), k) for k in ("dealer0", "dealer1")]
    draw = find_key(screen(app), "cut")
    assert [w.text for w in names] == ["Anne", "Bruno"]
    assert all(w.y > draw.top for w in names)  # the names first, drawing under them
    touches(app, "dealer1", "start")
    assert p.journal.record()["first_dealer"] == "Bruno"


def test_12_learn_opens_at_its_top_every_time(app):
    use(app, Presenter(Journal.open(":memory:")))
    touch(app, "learn")
    scroll = screen(app).ids.scroll
    assert scroll.scroll_y == 1
    scroll.scroll_y = 0  # read to the end
    pump()
    touch(app, "back")
    touch(app, "learn")
    assert screen(app).ids.scroll.scroll_y == 1
