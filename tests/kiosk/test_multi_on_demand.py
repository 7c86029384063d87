"""The presenters for three to seven players are made when a game for more
players first needs them (`kiosk.multi.parts`): a two-player table never
imports them, and the `.kv` files still reach their names."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from journal import Journal
from kiosk.presenter import Presenter, SameName

ROOT = Path(__file__).resolve().parents[2]

# A whole two-player partie through the presenter, as the screens tap it, then
# its sheet and Home: which modules for more players were imported, and which
# of their presenters made.
TWO_PLAYER_PARTIE = """
import sys
from journal import Journal
from kiosk.presenter import Presenter

journal = Journal.open(":memory:")
journal.new_partie(["Anne", "Bruno"], "Bruno")
p = Presenter(journal)
seen = set()
for _ in range(400):
    p.view()
    seen.add(p.screen)
    if p.screen == "end_of_deal":
        if p.session.progress().finished:
            p.final_sheet()
            break
        p.next_deal()
    elif p.session.progress().phase == "play":
        p.trick_won(len(p.journal.actions()) % 2)
    else:
        p.answer({"carte_blanche": "cb-done", "exchange": "ex-done"}.get(
            p.session.progress().phase, "nothing"))
p.view()
seen.add(p.screen)
p.go("home")
p.view()
seen.add(p.screen)
heavy = [m for m in ("kiosk.multi.game", "kiosk.multi.deal", "kiosk.multi.setup",
                     "kiosk.multi.sheet", "scorer.multi.answers", "scorer.multi.forms")
         if m in sys.modules]
import json
print(json.dumps({"seen": sorted(seen), "heavy": heavy, "made": len(p.session.multi.made())}))
"""


def test_a_two_player_partie_never_makes_the_presenters_for_more_players() -> None:
    out = subprocess.run(
        [sys.executable, "-c", TWO_PLAYER_PARTIE],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    ).stdout
    found = json.loads(out.splitlines()[-1])
    assert {"deal", "end_of_deal", "sheet", "home"} <= set(found["seen"])  # the whole partie
    assert found["heavy"] == []  # no module of the games for more players imported
    assert found["made"] == 0  # nor any of their presenters made


def test_a_kv_name_of_the_presenters_for_more_players_is_found_when_first_asked() -> None:
    p = Presenter(Journal.open(":memory:"))
    assert p.session.multi.made() == ()
    assert p.multi_form() == ""  # MultiSetup's, made by this very call
    assert {type(part).__name__ for part in p.session.multi.made()} == {
        "MultiGame",
        "MultiSetup",
        "MultiSheet",
    }
    with pytest.raises(AttributeError, match="no part of the kiosk has 'no_such_name'"):
        p.no_such_name  # noqa: B018


def test_a_presenter_for_more_players_offering_another_parts_name_fails(monkeypatch) -> None:
    from kiosk.multi.parts import MultiParts

    class Twin:
        def trick_won(self, side: int) -> None: ...

        def twin_only(self) -> None: ...

    made = MultiParts.make_all
    monkeypatch.setattr(MultiParts, "make_all", lambda self: (*made(self), Twin()))
    p = Presenter(Journal.open(":memory:"))
    with pytest.raises(SameName, match="trick_won"):
        p.twin_only  # noqa: B018
