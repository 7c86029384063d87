"""Teaching on the kiosk (issue 11), in a real Kivy window (offscreen), by
real touches: the rules guide on Learn, score lines that open their rule at a
worked example (and Back to where you were), the hand calculator, drills
kept per player in the journal, and the guided deal. Every word and number
expected on screen is read from the engine (`scorer.guide`, `read_hand`,
`compare`, `hint_for`), never typed here."""

from __future__ import annotations

import random

import pytest

from journal import Journal
from kiosk.presenter import Presenter
from scorer.calculator import compare
from scorer.guide import PARTS, example_for_rule, guide, section
from scorer.hand import read_hand
from scorer.hints import hint_for
from tests.kiosk.window import screen, texts, use

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def app():
    from piquet.kiosk_command import configure_kivy

    configure_kivy(False)
    from kivy.base import runTouchApp, stopTouchApp
    from kivy.clock import Clock

    from kiosk.app import PiquetApp

    app = PiquetApp(Presenter(Journal.open(":memory:")))
    app._run_prepare()
    runTouchApp(embedded=True)
    fps, Clock._max_fps = Clock._max_fps, 0  # no waiting for the next frame
    yield app
    Clock._max_fps = fps
    app.stop()
    stopTouchApp()


def pump(frames: int = 6) -> None:
    from kivy.base import EventLoop

    for _ in range(frames):
        EventLoop.idle()


def widget(app, key: str):
    from kiosk.app import find_key

    found = find_key(screen(app), key)
    assert found is not None, (key, screen(app).name, " | ".join(texts(app))[:400])
    return found


def touch(app, key: str, scroll_to: bool = False) -> None:
    """A real touch at the centre of the shown widget with that key (scrolled
    into view first when it lives in a scrolled list)."""
    from kiosk.app import tap

    w = widget(app, key)
    assert not w.disabled, key
    if scroll_to:
        from kivy.uix.scrollview import ScrollView

        scroll = next(a for a in ancestors(w) if isinstance(a, ScrollView))
        pump(12)  # the guide has settled at its place
        scroll.scroll_to(w, animate=False)
        pump(2)
    assert min(w.width, w.height) >= 0.99 * app_tgt(), key  # a finger's target
    tap(w)
    if scroll_to:  # a scroll view hands a tap on to its content a moment later
        settle_for(0.3)
    pump()


def settle_for(seconds: float) -> None:
    import time

    from kivy.base import EventLoop

    end = time.monotonic() + seconds
    while time.monotonic() < end:
        EventLoop.idle()


def app_tgt() -> float:
    from kivy.app import App

    return App.get_running_app().tgt


def ancestors(w):
    w = w.parent
    while w is not None and w is not w.parent:
        yield w
        w = w.parent


def joined(app) -> str:
    return "\n".join(texts(app))


def visible_in_scroll(w) -> bool:
    """The widget's top is inside its scroll view's window."""
    scroll = next(a for a in ancestors(w) if a.__class__.__name__ == "GuideScroll")
    top = w.to_window(0, w.top)[1]
    low, high = scroll.to_window(0, scroll.y)[1], scroll.to_window(0, scroll.top)[1]
    return low - 1 <= top <= high + 1


def a_deal_played(journal: Journal) -> Presenter:
    """Anne and Bruno; deal 1 played to its end through the kiosk's answers."""
    journal.new_partie(["Anne", "Bruno"], "Bruno")
    p = Presenter(journal)
    for key in (
        "cb-elder",
        "cb-done",
        "ex-elder-5",
        "ex-younger-3",
        "call-5",
        "making",
        "value-49",
        "equal",
        "call-4",
        "how-high",
        "top-K",
        "good",
        "len-3",
        "top-9",
        "done",
        "call-3-K",
        "not-good",
        "set-4-A",
        "done",
    ):
        p.answer(key)
    for i in range(12):
        p.trick_won(0 if i % 3 else 1)
    return p


# --- the rules guide ------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_learn_lists_the_guide_by_part_and_a_section_opens_at_its_top(app, lang):
    p = use(app, Presenter(Journal.open(":memory:"), lang=lang))
    touch(app, "learn")
    assert screen(app).name == "learn"
    shown = joined(app)
    for found in guide(lang):  # every section is offered, in the kiosk's language
        assert found.title in shown
    assert len([part for part in PARTS if any(s.part == part for s in guide(lang))]) == len(
        p.view()["parts"]
    )
    point = section("point", lang)
    touch(app, "section-point", scroll_to=True)
    assert screen(app).name == "guide_section"
    shown = joined(app)
    assert point.title in shown and point.source in shown
    assert point.text.split("\n")[0] in shown
    for example in point.examples:  # each worked example, its lines as the sheet has them
        assert example.title in shown and example.text in shown
        for line in example.lines:
            assert line["why"] in shown
    for other in point.see_also:
        assert section(other, lang).title in shown
    scroll = screen(app).ids.scroll
    pump(12)
    assert scroll.scroll_y == 1
    scroll.scroll_y = 0  # read to the end, leave, come again: the top again
    pump()
    touch(app, "back")
    assert screen(app).name == "learn"
    touch(app, "section-point", scroll_to=True)
    pump(12)
    assert screen(app).ids.scroll.scroll_y == 1


def test_see_also_leads_on_and_back_returns_the_same_way(app):
    use(app, Presenter(Journal.open(":memory:")))
    touch(app, "learn")
    touch(app, "section-order", scroll_to=True)
    order = section("order")
    assert order.title in joined(app)
    touch(app, "section-repique", scroll_to=True)  # its See also
    assert section("repique").title in joined(app)
    touch(app, "back")
    assert order.title in joined(app)
    touch(app, "back")
    assert screen(app).name == "learn"
    touch(app, "back")
    assert screen(app).name == "home"


def test_a_score_line_opens_its_rule_at_a_worked_example_and_back_returns(app):
    journal = Journal.open(":memory:")
    p = use(app, a_deal_played(journal))
    assert screen(app).name == "end_of_deal"
    lines = p.view()["lines"]  # the engine's lines, equal classes noted
    assert [ln["why"] for ln in lines if ln["points"] != "0"] == [
        ln["why"] for ln in journal.score()["deals"][0]["lines"]
    ]
    for index in (0, len(lines) - 1):  # the first line and the last
        rule = lines[index]["rule"]
        found, example = example_for_rule(rule)
        touch(app, f"rule-line-{index}", scroll_to=True)
        assert screen(app).name == "guide_section"
        assert found.title in joined(app)
        pump(12)
        assert example is not None
        shown = widget(app, f"example-{example.id}")
        assert visible_in_scroll(shown)  # opened at the worked example
        marked = [
            w
            for w in shown.walk(restrict=True)
            if getattr(w, "on", False) and getattr(w, "rule", None) == rule
        ]
        assert marked  # its line of that rule is marked
        touch(app, "back")
        assert screen(app).name == "end_of_deal"
    # the same from a deal opened on the score sheet
    touch(app, "sheet")
    touch(app, "row-1")
    assert screen(app).name == "deal_lines"
    touch(app, "rule-line-1", scroll_to=True)
    assert section(lines[1]["rule"]).title in joined(app)
    touch(app, "back")
    assert screen(app).name == "deal_lines"
    touch(app, "back")
    assert screen(app).name == "sheet"
    assert p.journal.inner is journal  # the kiosk guards the same journal


# --- the hand calculator --------------------------------------------------------

HAND = "AH KH QH JH 9H JS JD JC 10S 9S 8S 7D".split()
AGAINST = "AS KS QS AD KD QD 10D 9D AC KC QC 10C".split()


def test_the_calculator_reads_a_hand_tapped_in_then_compares_the_opponents(app):
    p = use(app, Presenter(Journal.open(":memory:")))
    touch(app, "learn")
    touch(app, "calculator")
    assert screen(app).name == "calculator"
    for card in HAND:
        touch(app, "card-" + card)
    read = read_hand(HAND)
    shown = joined(app)
    point = read["point"]
    assert (
        f"Point: {point['cards']} cards in hearts, making {point['value']}: "
        f"{point['scores']} if good." in shown
    )
    for found in read["sequences"]:
        assert f": {found['scores']}" in shown
    assert "quatorze of jacks: 14" in shown.lower()
    touch(app, "card-AS")  # a thirteenth card is refused, in words
    assert "Twelve cards already" in joined(app)
    assert widget(app, "card-AS").held == ""
    touch(app, "calc-against")
    for card in AGAINST:
        touch(app, "card-" + card)
    assert widget(app, "card-JH").disabled  # your cards, while the opponent's are tapped in
    comparison = compare(HAND, AGAINST, elder="hand")
    shown = joined(app)
    for klass, title in (
        ("point", "Point"),
        ("sequences", "Sequences"),
        ("sets", "Trios and quatorzes"),
    ):
        outcome = comparison.classes[klass]
        if outcome.good is None:
            assert f"{title}: nobody scores" in shown
        else:
            who = "you (Elder)" if outcome.good == "hand" else "the opponent (Younger)"
            assert f"{title}: good for {who}, {outcome.scores}." in shown
    assert ("No repique." in shown) == (comparison.repique is None)
    touch(app, "calc-elder")  # you are Younger now: the engine compares again
    assert "You are Younger" in joined(app)
    younger = compare(HAND, AGAINST, elder="against")
    assert ("No repique." in joined(app)) == (younger.repique is None)
    rule = p.view()["lines"][0]["rule"]
    touch(app, "rule-calc-0", scroll_to=True)  # the engine's lines open their rule too
    assert section(rule).title in joined(app)
    touch(app, "back")
    assert screen(app).name == "calculator"
    touch(app, "calc-clear")
    assert p.calc_hands["against"] == [] and len(p.calc_hands["hand"]) == 12


def test_the_suit_symbols_are_drawn_by_a_font_that_has_them(app):
    """Roboto (Kivy's default) draws no ♠ ♥ ♦ ♣; the grid's suit marks use
    DejaVuSans, whose glyphs differ from its missing-glyph box."""
    from kivy.core.text import Label as CoreLabel

    def pixels(text: str, font: str) -> bytes:
        label = CoreLabel(text=text, font_size=40, font_name=font)
        label.refresh()
        return bytes(label.texture.pixels)

    use(app, Presenter(Journal.open(":memory:")))
    touch(app, "learn")
    touch(app, "calculator")
    marks = [w for w in screen(app).walk(restrict=True) if w.__class__.__name__ == "SuitMark"]
    assert [m.text for m in marks] == ["♠", "♥", "♦", "♣"]
    missing = pixels("\ue000", marks[0].font_name)
    for mark in marks:
        assert pixels(mark.text, mark.font_name) != missing
    assert len({pixels(m.text, m.font_name) for m in marks}) == 4


# --- drills -------------------------------------------------------------------------


def test_drills_pick_a_player_check_answers_and_keep_progress_in_the_journal(app, tmp_path):
    db = tmp_path / "j.sqlite3"
    journal = Journal.open(db)
    journal.new_partie(["Anne", "Bruno"], "Bruno")
    p = use(app, Presenter(journal, rng=random.Random(4)))
    touch(app, "home")  # from the partie in play
    touch(app, "learn")
    touch(app, "drills")
    assert screen(app).name == "drill_player"
    touch(app, "player-Anne")  # a recent player, from the journal
    assert screen(app).name == "drills"
    assert "Anne: no answers yet." in joined(app)
    drill = p.drill
    assert drill is not None and drill.prompt in joined(app)
    right = next(i for i, c in enumerate(drill.choices) if drill.check(c.answer).right)
    touch(app, f"answer-{right}")
    assert any(t.startswith("Right:") for t in texts(app))
    assert journal.drill_tally("Anne") == {drill.kind: {"asked": 1, "right": 1}}
    assert widget(app, f"answer-{right}").on  # the right answer marked
    touch(app, "drill-next")
    drill = p.drill
    wrong = next(i for i, c in enumerate(drill.choices) if not drill.check(c.answer).right)
    touch(app, f"answer-{wrong}")
    shown = joined(app)
    assert "Not quite: you said" in shown and drill.why in shown
    assert sum(v["asked"] for v in journal.drill_tally("Anne").values()) == 2
    assert "Anne: 1 right of 2" in shown
    touch(app, "drill-rule")  # the guide's section for the question, and back
    assert screen(app).name == "guide_section"
    assert section(drill.section).title in joined(app)
    touch(app, "back")
    assert screen(app).name == "drills"
    touch(app, "player")  # another player, typed
    for letter in "ZO":
        touch(app, f"letter-{letter}")
    touch(app, "letter-É")
    assert "Zoé_" in joined(app)
    touch(app, "name_done")
    assert "Zoé: no answers yet." in joined(app)
    touch(app, "answer-0")
    assert "Zoé: " in joined(app) and " of 1" in joined(app)
    journal.close()
    again = Journal.open(db)  # the progress is in the journal's database
    use(app, Presenter(again))
    touch(app, "home")
    touch(app, "learn")
    touch(app, "drills")
    assert [t for t in texts(app) if t in ("Zoé", "Anne", "Bruno")][:2] == ["Zoé", "Anne"]
    touch(app, "player-Anne")
    assert "Anne: 1 right of 2" in joined(app)
    again.close()


# --- the guided deal ----------------------------------------------------------------


def start(app, guided: bool) -> Presenter:
    p = use(app, Presenter(Journal.open(":memory:")))
    p.new_partie()
    p.draft.names = ["Anne", "Bruno"]
    p.names_done()
    p.rules_done()
    pump()
    touch(app, "dealer1")
    if guided:
        touch(app, "guided")
    touch(app, "start")
    return p


def button_places(app) -> dict[str, tuple]:
    from kivy.uix.button import Button

    from kiosk.app import shown

    return {
        w.key: tuple(round(v) for v in (*w.to_window(*w.pos), *w.size))
        for w in screen(app).walk(restrict=True)
        if isinstance(w, Button) and getattr(w, "key", "") and shown(w)
    }


STEPS = (
    "cb-done",
    "ex-elder-5",
    "ex-younger-3",
    "call-5",
    "good",
    "call-4",
    "good",
    "top-K",
    "done",
    "nothing",
    "nothing",
)


def test_a_guided_deal_says_each_step_in_a_place_that_moves_no_button(app):
    plain = start(app, guided=False)
    assert not plain.view()["guide"]  # off by default
    places = []
    for key in STEPS:
        places.append(button_places(app))
        touch(app, key)
    guided = start(app, guided=True)
    for number, key in enumerate(STEPS):
        hint = hint_for(guided.progress(), "en")
        # (after the calls the last tap made, "Say: Five cards.", on the same line)
        assert any(hint in text for text in texts(app)), hint
        assert button_places(app) == places[number], key  # the same places as unguided
        touch(app, key)
    assert screen(app).name == "deal" and guided.progress().phase == "play"
    assert any(hint_for(guided.progress(), "en") in text for text in texts(app))
    halves = button_places(app)
    for trick in range(12):
        assert any(hint_for(guided.progress(), "en") in text for text in texts(app))
        now = button_places(app)
        assert {k: now[k] for k in ("won-a", "won-b")} == {
            k: halves[k] for k in ("won-a", "won-b")
        }  # the play's halves stay put
        touch(app, "won-a" if trick % 3 else "won-b")
    assert screen(app).name == "end_of_deal"
    assert any(hint_for(guided.progress(), "en") in text for text in texts(app))


def test_learn_starts_a_guided_deal_with_the_option_already_on(app):
    """Learn's "Play a guided deal": the new partie's pages, the guided option
    on at its last page (and still off by default from Home's New partie)."""
    use(app, Presenter(Journal.open(":memory:")))
    touch(app, "learn")
    touch(app, "guided_partie")
    assert screen(app).name == "new_names"
    from kiosk.app import tap

    keyboard = {
        w.text: w for w in screen(app).walk(restrict=True) if w.__class__.__name__ == "LetterKey"
    }
    for name, seat in (("ANNE", "name0"), ("BRUNO", "name1")):
        touch(app, seat)
        for letter in name:
            tap(keyboard[letter])
            pump(1)
    touch(app, "names_done")
    touch(app, "rules_done")
    assert screen(app).name == "new_start"
    assert widget(app, "guided").on
    touch(app, "dealer1")
    touch(app, "start")
    p = app.p
    assert screen(app).name == "deal" and p.is_guided()
    assert hint_for(p.progress(), "en") in texts(app)
    touch(app, "home")
    touch(app, "new")
    assert screen(app).name == "new_names"
    assert not p.draft.guided


def test_a_guided_partie_is_still_guided_after_a_restart(app, tmp_path):
    """The guided option lives beside the journal (the kiosk's side file, as
    `piquet kiosk` keeps it): a power cut mid-deal brings the hints back."""
    from kiosk.presenter import KioskState

    db = tmp_path / "journal.sqlite3"
    side = tmp_path / "journal.sqlite3.kiosk.json"
    p = Presenter(Journal.open(db), state=KioskState(side))
    p.guided_partie()
    p.draft.names = ["Anne", "Bruno"]
    p.names_done()
    p.rules_done()
    p.set_first_dealer(1)
    p.start_partie()
    p.answer("cb-done")
    assert p.is_guided()
    p.journal.close()
    again = Presenter(Journal.open(db), state=KioskState(side))  # the restart
    use(app, again)
    assert screen(app).name == "deal" and again.is_guided()
    assert hint_for(again.progress(), "en") in texts(app)


def test_the_teaching_and_club_engines_are_not_on_the_kiosk_s_start_path():
    """The guide, the drills, the hints, the odds and the CSV are imported when
    their screen first opens, not when the kiosk starts (bench/kiosk_figures.py
    measures the start); the drills' kind button still cycles through every kind."""
    import subprocess
    import sys

    from kiosk.screens.drill_practice import ORDER
    from scorer.drills import KINDS

    assert ("", *KINDS) == ORDER
    probe = (
        "import sys, kiosk.presenter; print(sorted(m for m in sys.modules if m in "
        "('scorer.guide', 'scorer.drills', 'scorer.hints', 'scorer.odds', "
        "'scorer.csv_export')))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip().splitlines()[-1] == "[]"
