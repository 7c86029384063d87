""".kv rules evaluated again without their trace lines (kiosk.kv_untraced, issue 25):
the kiosk's rules follow their properties as Kivy's own do, a canvas's too, and
never format the value they set; a builder whose `call_fn` is not Kivy's own
is left alone."""

from __future__ import annotations

from typing import Any

import pytest

KV = """
<UntracedBadge@Label>:
    seen: 0
    payload: None
    kept: None
    text: "seen {}".format(self.seen)
    width: 100 + 10 * self.seen
    kept: self.payload
    canvas.before:
        Color:
            rgba: (1, 0, 0, 1) if self.seen > 2 else (0, 0, 1, 1)
"""


class Shown:
    """A value that counts how often it was put in words (`repr`)."""

    said = 0

    def __repr__(self) -> str:
        Shown.said += 1
        return "Shown()"


@pytest.fixture
def badge_rules(app):
    from kivy.lang import Builder

    Builder.load_string(KV, filename="untraced-badge.kv")
    yield
    Builder.unload_file("untraced-badge.kv")


def badge() -> Any:
    from kivy.factory import Factory

    return Factory.UntracedBadge()


def test_the_kiosk_binds_its_rules_to_the_untraced_call_fn(app) -> None:
    from kivy.lang import builder

    from kiosk.kv_untraced import call_fn, untrace

    assert builder.call_fn is call_fn  # put in by the kiosk's app
    assert untrace() is True  # again: nothing more to do
    assert builder.call_fn is call_fn


def test_rules_follow_their_properties_as_kivys_do(badge_rules) -> None:
    from kivy.graphics import Color
    from kivy.lang import Builder

    b = badge()
    rule_counts = {r.name: r for r in _rules_of("UntracedBadge")}
    counted = rule_counts["text"].count
    b.seen = 3
    assert (b.text, b.width) == ("seen 3", 130)
    assert rule_counts["text"].count == counted + 1  # Kivy's count of evaluations, kept
    Builder.sync()  # the canvas's rules: delayed to the frame, then evaluated
    colour = next(i for i in b.canvas.before.children if isinstance(i, Color))
    assert tuple(colour.rgba) == (1, 0, 0, 1)
    b.seen = 1
    Builder.sync()
    assert (b.text, b.width, tuple(colour.rgba)) == ("seen 1", 110, (0, 0, 1, 1))


def test_a_rules_value_is_never_put_in_words(badge_rules) -> None:
    b = badge()
    value = Shown()
    said = Shown.said
    b.payload = value
    assert b.kept is value
    assert Shown.said == said  # Kivy's own call_fn said it twice (its trace lines)


def test_kivys_call_fn_does_say_the_value(badge_rules, monkeypatch) -> None:
    """The cost the module removes, seen: a rule bound to Kivy's own call_fn
    puts its value in words each time it is evaluated (unless python -O)."""
    from kivy.lang import builder

    from kiosk import kv_untraced

    monkeypatch.setattr(builder, "call_fn", kv_untraced._KIVYS)
    b = badge()
    said = Shown.said
    b.payload = Shown()
    assert Shown.said == (said + 1 if __debug__ else said)


def test_a_call_fn_not_kivys_is_left_alone(monkeypatch) -> None:
    from kivy.lang import builder

    from kiosk.kv_untraced import untrace

    def someone_elses(args: Any, instance: Any, value: Any) -> None:
        pass

    monkeypatch.setattr(builder, "call_fn", someone_elses)
    assert untrace() is False
    assert builder.call_fn is someone_elses


def _rules_of(name: str) -> list[Any]:
    from kivy.lang import Builder

    for selector, rule in Builder.rules:
        if selector.match_rule_name(name.lower()):
            return list(rule.properties.values())
    raise AssertionError(f"no rule for {name}")
