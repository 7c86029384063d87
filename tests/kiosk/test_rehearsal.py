"""The screen the next tap may open, rehearsed while the table is still
(issue 25: the first end of a deal in a process drew ~50 texts for the first
time inside the twelfth trick's tap; the Next deal tap redrew ~30 texts and
their layouts). A real Kivy window, offscreen: with one trick left, the end of
the deal is laid out at the window's size with the deal as the elder winning
that trick would leave it (nothing written); at a deal's end, the next deal's
first question. Whoever wins, the tap shows that deal's own end."""

from __future__ import annotations

from typing import Any

from journal import Journal
from kiosk.presenter import Presenter


def pump(frames: int) -> None:
    from kivy.base import EventLoop

    for _ in range(frames):
        EventLoop.idle()


def in_play(app: Any) -> Presenter:
    p = Presenter(Journal.open(":memory:"), lang="en")
    p.journal.new_partie(["Anne", "Bruno"], "Bruno")
    p.resume()
    for key in ("cb-done", "ex-done", *["nothing"] * 6):
        p.answer(key)
    app.set_presenter(p)
    pump(6)
    return p


def title_label(screen: Any) -> Any:
    """The end of the deal's title: the label showing "Deal N is over"."""
    return next(
        w for w in screen.walk(restrict=True) if getattr(w, "text", "").endswith(" is over")
    )


def test_the_end_of_the_deal_is_laid_out_and_drawn_before_the_last_trick(app: Any) -> None:
    from kiosk.app import find_key, tap

    p = in_play(app)
    for n in range(11):
        tap(find_key(app.sm.current_screen, "won-a" if n % 3 else "won-b"))
        pump(4)
        if n < 10:  # not yet: a deal with more than one trick left is not rehearsed
            end = app.sm.get_screen("end_of_deal") if app.sm.has_screen("end_of_deal") else None
            assert end is None or not end.v.get("title")
    end = app.sm.get_screen("end_of_deal")
    assert app.sm.current == "deal"
    assert tuple(end.size) == tuple(app.sm.size)
    title = title_label(end)
    assert title.text == "Deal 1 is over"
    assert title.texture is not None and title._fitted_for == title._fit_inputs()

    tap(find_key(app.sm.current_screen, "won-b"))
    pump(4)
    assert app.sm.current == "end_of_deal"
    # what it shows is the deal's end, the twelfth trick counted, not the rehearsal's
    score = p.session.tally()
    deal = score["deals"][-1]
    assert deal["complete"]
    assert app.sm.current_screen.v["result"] == p.session.screens.view("end_of_deal")["result"]
    totals = [str(score["totals"][name]) for name in ("Anne", "Bruno")]
    assert app.sm.current_screen.v["totals"] == totals
    assert app.sm.current_screen is end  # the screen rehearsed is the one shown


def test_the_last_tricks_two_ends_are_told_before_it_is_tapped(app: Any, monkeypatch: Any) -> None:
    """Once eleven tricks are in, the lines of the deal's end are told ahead for
    either winner of the twelfth (issue 25: telling them, the whole partie
    scored again with its notes, was most of the view of the tap that ends a
    deal). The tap then scores nothing, and shows the lines a fresh scoring of
    the partie gives."""
    import kiosk.screens.told as told_module
    from kiosk.app import find_key, tap
    from scorer import score_record

    scored: list[int] = []

    def counted(*args: Any, **kwargs: Any) -> Any:
        scored.append(1)
        return score_record(*args, **kwargs)

    monkeypatch.setattr(told_module, "score_record", counted)
    p = in_play(app)
    for n in range(11):
        tap(find_key(app.sm.current_screen, "won-a" if n % 3 else "won-b"))
        pump(4)
    assert len(scored) >= 2  # the deal as it stands (the rehearsal), and its two ends
    scored.clear()
    tap(find_key(app.sm.current_screen, "won-a"))
    pump(4)
    assert app.sm.current == "end_of_deal"
    assert scored == []
    fresh = score_record(p.journal.record(), "en", notes=True)["deals"][-1]["lines"]
    shown = p.session.screens.view("end_of_deal")["lines"]
    assert [(line["why"], line["points"]) for line in shown] == [
        (line["why"], str(line["points"])) for line in fresh
    ]


def label_showing(screen: Any, text: str) -> Any:
    return next(w for w in screen.walk(restrict=True) if getattr(w, "text", None) == text)


def test_the_end_is_rehearsed_as_if_the_elder_won_and_that_tap_draws_none_of_it_again(
    app: Any,
) -> None:
    """The end of the deal is rehearsed with the partie as the twelfth trick
    won by the elder leaves it (`Session.supposing`: nothing written). When
    the elder wins it, the screen shown is the very one rehearsed: the same
    view, its result's text not drawn again."""
    from kiosk.app import find_key, tap

    p = in_play(app)
    for n in range(11):  # (a deal of its own: no other test's end shows its result)
        tap(find_key(app.sm.current_screen, "won-b" if n % 2 else "won-a"))
        pump(4)
    assert len(p.journal.actions()) == 8 + 11  # nothing written by the rehearsal
    end = app.sm.get_screen("end_of_deal")
    rehearsed = dict(end.v)
    result = label_showing(end, rehearsed["result"])
    drawn = result.texture
    elder = p.session.progress().elder
    tap(find_key(app.sm.current_screen, "won-a" if p.session.seats()[0] == elder else "won-b"))
    pump(4)
    assert app.sm.current_screen is end
    assert p.journal.record()["deals"][0]["tricks"][-1] == "E"
    assert end.v == rehearsed
    assert result.text == rehearsed["result"] and result.texture is drawn


def test_the_next_deal_is_rehearsed_at_the_end_of_a_deal(app: Any) -> None:
    """Once a deal is over (the partie going on), the deal screen is made
    ready off screen with the next deal's first question, as the Next deal
    tap leaves the partie; that tap then shows it as rehearsed, its title
    not drawn again."""
    from kiosk.app import find_key, tap

    p = in_play(app)
    for n in range(12):  # (a deal of its own, as above)
        tap(find_key(app.sm.current_screen, "won-a" if n % 4 else "won-b"))
        pump(4)
    assert app.sm.current == "end_of_deal"
    deal = app.sm.get_screen("deal")
    rehearsed = dict(deal.v)
    assert rehearsed["title"].startswith("Deal 2")
    assert not any(a == {"next_deal": True} for a in p.journal.actions())
    title = label_showing(deal, rehearsed["title"])
    drawn = title.texture
    tap(find_key(app.sm.current_screen, "next_deal"))
    pump(4)
    assert app.sm.current_screen is deal
    assert p.journal.actions()[-1] == {"next_deal": True}
    assert deal.v == rehearsed
    assert title.text == rehearsed["title"] and title.texture is drawn


def test_undo_at_the_end_of_a_deal_shows_the_deal_not_the_next_one_rehearsed(app: Any) -> None:
    """The deal screen holds the next deal rehearsed while the end of a deal
    shows; an Undo there goes back to the deal as it was, its last trick to
    tap: what shows is the journal's partie, never the rehearsal's."""
    from kiosk.app import find_key, flatten, tap

    p = in_play(app)
    for n in range(12):
        tap(find_key(app.sm.current_screen, "won-b" if n % 5 else "won-a"))
        pump(4)
    deal = app.sm.get_screen("deal")
    assert deal.v["title"].startswith("Deal 2")  # rehearsed
    tap(find_key(app.sm.current_screen, "undo"))
    pump(4)
    assert app.sm.current_screen is deal
    assert deal.v["title"].startswith("Deal 1")
    assert find_key(deal, "won-a") is not None and find_key(deal, "won-b") is not None
    assert deal.v == flatten(p.session.view("deal"))
