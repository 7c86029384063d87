"""The hardware's news (hardware/news.py): codes, plain English, French for each."""

from __future__ import annotations

import re
import string

import pytest

from hardware.news import GOOD, PROBLEMS, TEMPLATES, HardwareNews, news
from kiosk.i18n import Translator, catalog


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("code", sorted(TEMPLATES))
def test_every_template_has_french_with_the_same_fields(code: str) -> None:
    template = TEMPLATES[code]
    french = catalog("fr").get(template)
    assert french, f"no French for {code}: {template!r}"
    assert fields(french) == fields(template)


@pytest.mark.parametrize("code", sorted(TEMPLATES))
def test_every_template_is_plain_words(code: str) -> None:
    template = TEMPLATES[code]
    for jargon in ("Exception", "Error", "errno", "None", "factory", "GPIOZero", "serial."):
        assert jargon not in template
    if not code.startswith("config-") or code in ("config-problem-at", "config-problem"):
        assert template[0].isupper() or template.startswith("{")  # a sentence
    assert re.search(r"[.…]$|\{outcome\}$", template) or code == "config-or-false"


def test_codes_are_sorted_into_good_news_and_problems() -> None:
    assert set(TEMPLATES) >= GOOD and not GOOD & PROBLEMS
    assert news("printer-paper-out").is_problem
    assert not news("print-printed", title="x").is_problem


def test_english_and_french_with_a_problem_inside() -> None:
    failed = news("print-failed", problem=news("printer-paper-out"), title="Anne – Ben")
    assert (
        str(failed)
        == failed.text()
        == (
            "The printer is out of paper: load a roll. The score sheet (Anne – Ben) is kept: it "
            "prints by itself as soon as the printer is ready."
        )
    )
    assert failed.text(Translator("fr")) == (
        "L'imprimante n'a plus de papier\u202f: mettez un rouleau. La marque (Anne – Ben) est "
        "gardée\u202f: elle s'imprimera d'elle-même dès que l'imprimante sera prête."
    )


def test_news_are_values() -> None:
    assert news("buttons-ready", seat_a=17, seat_b=27) == HardwareNews(
        "buttons-ready", TEMPLATES["buttons-ready"], {"seat_a": 17, "seat_b": 27}
    )
    assert len({news("printer-silent"), news("printer-silent")}) == 1  # hashable
