"""Text made printable in the printer's code page (hardware/codepage.py)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hardware.codepage import encode, printable


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("é", b"\x82"),
        ("ü", b"\x81"),
        ("ç", b"\x87"),
        ("ñ", b"\xa4"),
        ("É", b"\x90"),
        ("€", b"\xd5"),  # the one difference between CP858 and CP850
    ],
)
def test_cp858_letters(text: str, expected: bytes) -> None:
    assert encode(text, "cp858") == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Œdipe", "OEdipe"),
        ("cœur", "coeur"),
        ("Łukasz", "?ukasz"),  # no decomposition: the fallback
        ("Dvořák", "Dvorák"),  # ř is not in CP858 and loses its accent; á is kept
        ("ﬁne", "fine"),
        ("“Anne”", '"Anne"'),
        ("東京", "??"),
    ],
)
def test_transliteration(text: str, expected: str) -> None:
    assert printable(text, "cp858") == expected


def test_cp437_has_no_euro_and_spells_it() -> None:
    assert printable("5 €", "cp437") == "5 EUR"


def test_controls_and_spaces() -> None:
    assert printable("A\tB\nC\x1bD\u200bE\u00a0F", "cp858") == "A B C?D?E F"


@given(st.text(max_size=60), st.sampled_from(["cp437", "cp850", "cp858"]))
def test_any_text_gives_one_printable_byte_per_character(text: str, codepage: str) -> None:
    out = printable(text, codepage)
    data = encode(text, codepage)
    assert len(data) == len(out)
    assert all(byte >= 0x20 and byte != 0x7F for byte in data)
