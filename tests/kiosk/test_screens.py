"""The registry of screens: each screen a presenter shows has its `.kv` rule,
and one without stops the kiosk at start, with its name."""

import pytest

from journal import Journal
from kiosk.presenter import Presenter, SameName
from kiosk.screens import MissingScreen, check_rules, rule_name


def test_every_screen_of_the_session_has_its_rule_in_its_own_kv_file(app):
    from kiosk.app import SCREENS, kv_rules  # (after the app fixture has configured Kivy)

    p = Presenter(Journal.open(":memory:"))
    names = p.session.screens.names()
    assert sorted(names) == sorted(SCREENS)
    check_rules(names, kv_rules())  # raises if one is missing


def test_a_screen_whose_rule_is_missing_or_misnamed_is_named_in_the_error():
    rules = {"HomeScreen": "home", "DealScreen": "home"}
    with pytest.raises(MissingScreen, match=r"'scores'.*<ScoresScreen>.*not found"):
        check_rules(["home", "scores"], rules)
    with pytest.raises(MissingScreen, match=r"'deal'.*<DealScreen>.*found in home\.kv"):
        check_rules(["deal"], rules)
    assert rule_name("end_of_deal") == "EndOfDealScreen"


def test_a_screen_nobody_shows_is_an_error_not_an_empty_page():
    p = Presenter(Journal.open(":memory:"))
    p.screen = "scores"
    with pytest.raises(MissingScreen, match="'scores'"):
        p.view()


def test_the_app_refuses_to_start_on_a_screen_without_its_kv_rule(app):
    p = Presenter(Journal.open(":memory:"))
    p.session.screens.add("scores", lambda: {})
    with pytest.raises(MissingScreen, match="scores"):
        app.set_presenter(p)


def test_two_parts_offering_one_name_to_the_kv_files_fail_at_start(monkeypatch):
    from kiosk.session import Session

    class Twin:
        def trick_won(self, side: int) -> None: ...

    parts = Session.parts
    monkeypatch.setattr(Session, "parts", lambda self: (*parts(self), Twin()))
    with pytest.raises(SameName, match="trick_won"):
        Presenter(Journal.open(":memory:"))
