"""The screens for three to seven players in the screenshot tour
(kiosk/screenshots.py appends `MULTI_TOUR`, so tests/kiosk/test_layout.py
checks every one at every size, text size and language).

Each step taps through the presenter as the table would (one answer at a
time, by its key), so the tour is also a walk through the flows: a Normand
deal (carte blanche, the widow, every kind of answer), a Voleur deal (the
partner's combinations, the play by sides), quick mode, à Écrire with seven
players (the pairings), and a Chouette partie to the seat of the next.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Step = tuple[str, Callable[[Any], object]]  # a step may return what its calls did


def _taps(*keys: str) -> Callable[[Any], None]:
    def run(p: Any) -> None:
        for key in keys:
            before = (len(p.journal.actions()), p.session.multi.deal.multi_pending())
            p.answer(key)
            after = (len(p.journal.actions()), p.session.multi.deal.multi_pending())
            assert after != before, (key, p.view().get("question"), p.message)

    return run


def _tricks(seats: str) -> Callable[[Any], None]:
    def run(p: Any) -> None:
        for seat in seats:
            p.trick_won(seat)

    return run


def _new(form: str, names: list[str], dealer: int | None = 0, **settings: Any) -> Callable:
    def run(p: Any) -> None:
        p.new_partie()
        p.draft.names = names[:2]
        p.names_done()
        p.set_form(form)
        p.rules_done()
        p.draft.names = list(names)
        p.multi_names_done()
        for key, times in settings.items():
            for _ in range(times):
                p.multi_setting(key)
        if dealer is not None:
            p.multi_first_dealer(dealer)
        p.multi_start()

    return run


def _rules(p: Any) -> None:
    p.new_partie()
    p.draft.names = ["Anne", "Ben"]
    p.names_done()
    p.set_form("normand")


def _names(p: Any) -> None:
    p.rules_done()
    for ch in "CLEO":
        p.type_key(ch)


def _start_page(p: Any) -> None:
    p.multi_names_done()
    p.multi_setting("pique_opponents")
    p.multi_first_dealer(2)


def _quick(totals: list[dict[str, int]]) -> Callable[[Any], None]:
    """Type each deal's totals on the quick screen, box by box (by seat or side)."""

    def run(p: Any) -> None:
        for entered in totals:
            for index, key in enumerate(p._quick_entry().keys):
                p.multi_quick_field(index)
                for digit in str(entered[key]):
                    p.multi_quick_digit(digit)
            p.multi_quick_enter()

    return run


def _seven(p: Any) -> None:
    p.new_partie()
    p.draft.names = ["Anne", "Ben"]
    p.names_done()
    p.set_form("ecrire")
    p.rules_done()
    for _ in range(4):
        p.multi_players(1)
    p.draft.names = ["Anne", "Ben", "Cleo", "Dan", "Marie-Hélène", "Fay", "Jean-Christophe"]
    p.edit_name(6)


def _ecrire_deal(p: Any) -> None:
    p.multi_names_done()
    p.multi_first_dealer(6)
    p.multi_start()
    _taps("cb-A", "ex-A-5", "ex-G-3", "call-5")(p)


def _ecrire_end(p: Any) -> None:
    _taps("good", "nothing", "nothing", "nothing", "nothing")(p)
    _tricks("AAAAAAAGGGGG")(p)


def _chouette_lost(p: Any) -> None:
    """Anne single loses her first partie: Ben, who won for the pair, takes the seat."""
    p.seat_single("Anne")
    p.seat_playing("Ben")
    p.seat_dealer("Ben")
    p.seat_start()
    p.multi_set_quick(True)
    _quick(
        [
            {"B": 60, "A": 10},
            {"A": 20, "B": 50},
            {"B": 40, "A": 10},
            {"A": 10, "B": 40},
            {"B": 30, "A": 10},
            {"A": 20, "B": 10},
        ]
    )(p)


def _chouette_lost_anew(p: Any) -> None:
    """A new Chouette sitting, to the seat after the single player's loss."""
    _new("chouette", ["Anne", "Ben", "Cleo"], None)(p)
    _chouette_lost(p)


MULTI_TOUR: list[Step] = [
    ("multi-rules", _rules),
    ("multi-names", _names),
    ("multi-start", _start_page),
    ("multi-deal-exchange", lambda p: p.multi_start()),
    ("multi-deal-point-reply", _taps("cb-B", "ex-C-2", "call-5")),
    ("multi-deal-making", _taps("making")),
    ("multi-deal-point-values", _taps("value-49")),
    ("multi-deal-sequence-top", _taps("equal", "good", "len-4")),
    ("multi-deal-sequence-reply", _taps("top-K")),
    (
        "multi-deal-sets-reply",
        _taps("seq-A", "good", "len-3", "top-9", "nothing", "nothing", "set-3-K"),
    ),
    ("multi-deal-sets-add", _taps("good")),
    ("multi-deal-play", lambda p: (_taps("nothing")(p), _tricks("AABBC")(p))),
    ("multi-end-of-deal", _tricks("AACCA")),
    ("multi-sheet", lambda p: p.multi_next()),
    ("multi-deal-lines", lambda p: p.multi_view_row(1, "row-1")),
    (
        "multi-voleur-partner",
        lambda p: (
            _new("voleur", ["Anne", "Ben", "Cleo", "Dan"], 3)(p),
            _taps("call-4", "good", "good", "good")(p),
        ),
    ),
    (
        "multi-voleur-play",
        lambda p: (
            _taps(
                "call-3",
                "nothing",
                "len-3",
                "top-K",
                "good",
                "good",
                "nothing",
                "nothing",
                "set-3-Q",
                "good",
                "good",
                "good",
                "nothing",
                "nothing",
            )(p),
            _tricks("AB")(p),
        ),
    ),
    (
        "multi-voleur-quick-typed",
        lambda p: (
            _tricks("CDABCD")(p),
            p.multi_set_quick(True),
            _quick([{"AC": 30, "BD": 12}])(p),
        ),
    ),
    ("multi-names-seven", _seven),
    ("multi-ecrire-deal", _ecrire_deal),
    ("multi-ecrire-end", _ecrire_end),
    ("multi-ecrire-sheet", lambda p: p.multi_go_sheet()),
    ("chouette-seat-first", _new("chouette", ["Anne", "Ben", "Cleo"], None)),
    ("chouette-seat-after-loss", _chouette_lost),
    ("multi-chouette-sheet", lambda p: p.multi_go_sheet()),
    ("home-multi", lambda p: p.go("home")),
    ("history-multi", lambda p: p.go("history")),
    (
        "multi-deal-point-values-fr",
        lambda p: (
            p.set_lang("fr"),
            _new("normand", ["Anne", "Ben", "Hélène"], 2)(p),
            _taps("ex-C-1", "call-5", "making", "value-49")(p),
        ),
    ),
    (
        "chouette-seat-fr",
        _chouette_lost_anew,
    ),
]

# the key screens photographed at 1280x720, 720x1280 and 160 % text too
MULTI_KEY_SHOTS = {
    "multi-names",
    "multi-start",
    "multi-deal-exchange",
    "multi-deal-point-values",
    "multi-deal-sequence-reply",
    "multi-deal-play",
    "multi-end-of-deal",
    "multi-sheet",
    "multi-voleur-partner",
    "multi-voleur-play",
    "multi-voleur-quick-typed",
    "multi-names-seven",
    "multi-ecrire-deal",
    "multi-ecrire-end",
    "chouette-seat-after-loss",
    "multi-chouette-sheet",
    "multi-deal-point-values-fr",
    "chouette-seat-fr",
}
