"""The printed sheet in the partie's language (hardware/sheet.py, sheet_multi.py,
sheet_words.py): French sheets sent to the memory printer, their exact bytes
on the printer's code page (CP858, CP850, WPC1252) and decoded back to text;
no English word on a French sheet; every word the sheet asks for has its
French in the catalog."""

from __future__ import annotations

import copy
import json
import re
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hardware.codepage import printable
from hardware.render import TRAILING_FEED, sheet_bytes
from hardware.sheet import SheetLine, build_sheet, build_sitting_sheet
from hardware.sheet_words import MONTHS, SheetWords
from hardware.text_layout import NO_BREAK, words, wrap
from scorer import score_record
from scorer.multi import score_record2
from tests.conftest import EXAMPLES
from tests.hardware.conftest import escpos_text
from tests.messages import message_ids
from tests.multi.strategies import normand_deal, voleur_deal
from vocabulary import Words, catalog

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "record-2.md"
DAY = date(2026, 11, 21)
EXAMPLE_NAMES = sorted(p.name for p in EXAMPLES.glob("*.json"))

# Words of the game's English that French does not share: none may print on a
# French sheet. (Capot, total, double, net and partie are French words too.)
ENGLISH = [
    "pique",
    "repique",
    "deal",
    "deals",
    "dealer",
    "elder",
    "younger",
    "winner",
    "wins",
    "win",
    "corrected",
    "agreement",
    "counts",
    "progress",
    "leads",
    "drawn",
    "sitting",
    "settlement",
    "settled",
    "round",
    "single",
    "advises",
    "card",
    "tens",
    "running",
    "after",
    "first",
    "totals",
    "game",
    "play",
    "all",
    "nothing",
    "yet",
    "antes",
    "rubiconed",
    "November",
    "pay",
]
# and the sheet's French words, none of which may print on an English sheet
FRENCH = [
    "pic",
    "repic",
    "donne",
    "donnes",
    "donneur",
    "contre",
    "gagne",
    "gagnent",
    "partout",
    "mène",
    "corrigée",
    "séance",
    "solde",
    "règlement",
    "totaux",
    "novembre",
    "premier",
    "cours",
    "mises",
    "tour",
    "seul",
    "conseille",
]


def found(terms: list[str], lines: list[str], names: list[str] = ()) -> list[str]:
    """The terms on the sheet's lines, the players' own names left out."""
    text = "\n".join(lines)
    for name in names:
        text = text.replace(name, "")
    return [t for t in terms if re.search(rf"(?<![\w']){re.escape(t)}(?![\w'])", text, re.I)]


def two_players(name: str) -> dict[str, Any]:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))["record"]


def doc_records() -> list[dict[str, Any]]:
    text = DOC.read_text(encoding="utf-8")
    blocks = [json.loads(b) for b in re.findall(r"```json\n(.*?)```", text, re.S)]
    return [b for b in blocks if b.get("format") == "piquet-record/2"]


def printed(lines: list[SheetLine], codepage: str = "cp858") -> tuple[bytes, list[str]]:
    data = sheet_bytes(lines, codepage=codepage)
    text = escpos_text(data, codepage)
    return data, text[:-TRAILING_FEED] if text[-TRAILING_FEED:] == [""] * TRAILING_FEED else text


def french_josephine() -> dict[str, Any]:
    record = copy.deepcopy(two_players("seed002-josephine.json"))
    record["players"] = ["Napoléon", "Joséphine"]
    record["first_dealer"] = "Joséphine"
    return record


# Parlett's example (seed 002) in French, printed on the 1st of November: the
# sheet at 32 columns as it comes off the printer, written out by hand.
JOSEPHINE_FR_32 = [
    "Piquet à rubicon",
    "1er novembre 2026",
    "",
    "Napoléon contre Joséphine",
    "Premier donneur : Joséphine",
    "--------------------------------",
    "       Napoléon     Joséphine",
    " #  donne   total donne   total",
    " 1     15      15    26      26",
    " 2     15      30    26      52",
    " 3     15      45    26      78",
    " 4     15      60    26     104",
    " 5     15      75    26     130",
    " 6     18      93    24     154",
    "Total          93           154",
    "Totaux, donne par donne (| 100)",
    " 1  #       |     ##      |",
    " 2  ##      |     ####    |",
    " 3  ###     |     ######  |",
    " 4  #####   |     #########",
    " 5  ######  |     ##########",
    " 6  ####### |     #############",
    "--------------------------------",
    "Joséphine gagne 347",
    "Napoléon reste sous le Rubicon :",
    "154 + 93 + 100 = 347",
]


def test_a_french_sheet_prints_in_french_with_its_accents_on_cp858() -> None:
    record = french_josephine()
    sheet = build_sheet(record, score_record(record, "fr"), printed_on=date(2026, 11, 1), lang="fr")
    data, lines = printed(sheet)
    assert lines == JOSEPHINE_FR_32
    # the bytes as CP858 has the letters: à 0x85, é 0x82; ESC t 19 selects it
    assert data.startswith(b"\x1b@\x1bt\x13")
    assert b"Piquet \x85 rubicon\n" in data
    assert b"Premier donneur : Jos\x82phine\n" in data  # U+202F printed as a space
    assert b"Napol\x82on reste sous le Rubicon :\n" in data
    assert b"?" not in data  # nothing fell out of the code page


def test_the_accents_are_the_code_pages_own_bytes() -> None:
    """é è à ç É « » ’ on CP858, CP850 and WPC1252, and back to the same text; ’ is
    not in CP850/CP858 and prints as an apostrophe there."""
    text = "Élise et François : à l’écart, « après » !"
    wanted = {
        "cp858": b"\x90lise et Fran\x87ois : \x85 l'\x82cart, \xae apr\x8as \xaf !",
        "cp850": b"\x90lise et Fran\x87ois : \x85 l'\x82cart, \xae apr\x8as \xaf !",
        "cp1252": b"\xc9lise et Fran\xe7ois : \xe0 l\x92\xe9cart, \xab apr\xe8s \xbb !",
    }
    typeset = text.replace(" :", "\u202f:").replace("« ", "«\u202f").replace(" »", "\u202f»")
    typeset = typeset.replace(" !", "\u202f!")
    for codepage, expected in wanted.items():
        data, lines = printed([SheetLine(typeset)], codepage)
        assert expected + b"\n" in data, codepage
        on_paper = text if codepage == "cp1252" else text.replace("’", "'")
        assert lines[0] == on_paper


def test_a_corrected_deal_on_a_french_sheet_on_wpc1252() -> None:
    record = {
        "format": "piquet-record/1",
        "players": ["Anne", "Bérénice"],
        "first_dealer": "Bérénice",
        "deals": [
            {"entered": {"elder": 30, "younger": 12}},
            {"entered": {"elder": 20, "younger": 5}},
        ],
    }
    record["deals"][1]["corrected"] = [
        {"was": {"elder": 25, "younger": 5}, "now": {"elder": 20, "younger": 5}, "order": 1}
    ]
    sheet = build_sheet(
        record, score_record(record, "fr"), printed_on=DAY, lang="fr", codepage="cp1252"
    )
    data, lines = printed(sheet, "cp1252")
    assert b"c corrig\xe9e d\x92un commun accord\n" in data
    assert "c corrigée d’un commun accord" in lines
    assert " 2 c    5      35    20      32" in lines  # deal 2: Bérénice elder
    assert lines[-1] == "Partie en cours : Anne mène de 3"


def test_a_partie_in_progress_keeps_its_lead_whole_on_paper() -> None:
    record = two_players("pique-on-the-lead.json")
    sheet = build_sheet(record, score_record(record, "fr"), printed_on=DAY, lang="fr")
    _, lines = printed(sheet)
    assert " 1     80P     80     4       4" in lines
    assert "P pic, R repic, C capot" in lines
    assert lines[-2:] == ["Partie en cours : Anne mène", "de 76"]


def test_the_wrapping_never_breaks_at_a_narrow_no_break_space() -> None:
    """A « never ends a line, a ? or : never starts one, whatever the width."""
    _ = SheetWords("fr")
    text = _.printable("Combien ? Reprendre « cette partie » : oui ; non ! Fin.")
    assert NO_BREAK in text
    for width in range(10, 40):
        lines = [line.replace(NO_BREAK, " ") for line in wrap(words(text), width)]
        assert all(len(line) <= width for line in lines)
        assert not any(line.endswith("«") for line in lines)
        assert not any(line.startswith(("?", ":", ";", "!", "»")) for line in lines)


def test_a_french_multi_player_game_prints_in_french() -> None:
    normand = next(r for r in doc_records() if r["form"] == "normand")
    normand = copy.deepcopy(normand)
    normand["players"] = ["Anne", "Ben", "Élodie"]
    normand["first_dealer"] = "Élodie"
    sheet = build_sheet(normand, score_record2(normand, "fr"), printed_on=DAY, lang="fr")
    data, lines = printed(sheet)
    assert lines[:5] == ["Piquet normand", "21 novembre 2026", "", "A  Anne", "B  Ben"]
    assert "Premier donneur : Élodie" in lines
    assert "R repic, P pic, C capot" in lines
    assert "Anne gagne 246" in lines
    assert "Règlement, en points" in lines
    assert b"C \x90lodie" in data  # CP858: É 0x90
    assert b"R\x8aglement, en points\n" in data  # è 0x8A
    assert all(len(line) <= 32 for line in lines)


def test_a_french_chouette_sitting_reads_in_french() -> None:
    chouette = next(r for r in doc_records() if r["form"] == "chouette")
    sheet = build_sheet(chouette, score_record2(chouette, "fr"), printed_on=DAY, lang="fr")
    _, lines = printed(sheet)
    assert lines[1] == "Piquet à rubicon"  # the two-handed partie, under the title
    assert "La carte, en dizaines" in lines
    assert "= le solde cumulé" in lines
    assert "Net sur la carte, en points" in lines
    assert found(ENGLISH, lines) == []


def test_a_french_sitting_sheet() -> None:
    parties = [
        (two_players(name), score_record(two_players(name), "fr"))
        for name in ("seed000-margin.json", "seed000-rubiconed.json")
    ]
    _, lines = printed(build_sitting_sheet(parties, printed_on=DAY, lang="fr"))
    assert lines[0] == "Séance de piquet"
    assert "Partie 1 : Piquet à rubicon" in lines
    assert "Solde après la partie 2 :" in lines
    assert found(ENGLISH, lines) == []


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
@pytest.mark.parametrize("columns", [32, 48])
def test_each_example_has_no_english_word_in_french_and_no_french_in_english(
    name: str, columns: int
) -> None:
    record = two_players(name)
    for lang, foreign in (("fr", ENGLISH), ("en", FRENCH)):
        sheet = build_sheet(
            record, score_record(record, lang), columns=columns, printed_on=DAY, lang=lang
        )
        _, lines = printed(sheet)
        assert found(foreign, lines, record["players"]) == [], (lang, lines)
        assert all(len(line) <= columns for line in lines)
        # one character a column, each the code page's: no no-break space left
        assert all(line.text == printable(line.text) for line in sheet)
        assert not any(NO_BREAK in line.text for line in sheet)


@pytest.mark.parametrize("form", ["normand", "voleur", "ecrire", "chouette"])
def test_each_form_has_no_english_word_in_french_and_no_french_in_english(form: str) -> None:
    record = next(r for r in doc_records() if r["form"] == form)
    for lang, foreign in (("fr", ENGLISH), ("en", FRENCH)):
        sheet = build_sheet(record, score_record2(record, lang), printed_on=DAY, lang=lang)
        _, lines = printed(sheet)
        assert found(foreign, lines, record["players"]) == [], (lang, lines)


@st.composite
def random_game(draw: st.DrawFn) -> dict[str, Any]:
    form = draw(st.sampled_from(["normand", "voleur"]))
    players = ["Anne", "Ben", "Cléo"] if form == "normand" else ["Anne", "Ben", "Cléo", "Dan"]
    deal = (normand_deal if form == "normand" else voleur_deal)("C" if form == "normand" else "D")
    return {
        "format": "piquet-record/2",
        "form": form,
        "players": players,
        "first_dealer": players[-1],
        "deals": [draw(deal)],
    }


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(random_game(), st.sampled_from([32, 42, 48]))
def test_random_french_games_print_no_english_word(record, columns) -> None:
    sheet = build_sheet(
        record, score_record2(record, "fr"), columns=columns, printed_on=DAY, lang="fr"
    )
    _, lines = printed(sheet)
    assert found(ENGLISH, lines) == []
    assert all(len(line) <= columns for line in lines)


def test_every_word_the_sheet_asks_for_has_its_french(monkeypatch) -> None:
    """A message without French fails here, not on paper."""
    asked: set[str] = set()
    plain = Words.__call__

    def recording(self: Words, message: str, **fields: object) -> str:
        asked.add(message)
        return plain(self, message, **fields)

    monkeypatch.setattr(Words, "__call__", recording)
    records = [two_players(name) for name in EXAMPLE_NAMES] + doc_records()
    four_deal = {
        "format": "piquet-record/1",
        "game": "four-deal",
        "players": ["Anne", "Ben"],
        "first_dealer": "Ben",
        "deals": [
            {"entered": {"elder": 30, "younger": 20}},
            {"entered": {"elder": 9, "younger": 9}},
        ],
    }
    records.append(four_deal)
    records.append({**four_deal, "game": "au-cent"})
    for record in records:
        if record["format"] == "piquet-record/2":
            score = score_record2(record, "fr")
        else:
            score = score_record(record, "fr")
        build_sheet(record, score, printed_on=DAY, lang="fr")
    parties = [(r, score_record(r, "fr")) for r in records[:2]]
    build_sitting_sheet(parties, printed_on=DAY, lang="fr")
    for month in range(1, 13):
        SheetWords("fr").date(date(2026, month, 1 + month))
    asked |= set(MONTHS)
    sheet_words = {m for m in asked if m in _sheet_source()}
    assert len(sheet_words) > 40
    missing = sorted(m for m in sheet_words if m not in catalog("fr"))
    assert missing == []


def _sheet_source() -> str:
    return "".join(
        (ROOT / "hardware" / name).read_text(encoding="utf-8")
        for name in ("sheet.py", "sheet_multi.py", "sheet_words.py")
    )


@pytest.mark.parametrize(
    ("lang", "title", "settlement"),
    [
        ("fr", "Piquet en quatre donnes", ["François gagne 160", "= 160 - 100 + 100"]),
        ("en", "Four-deal Piquet", ["François wins 160", "= 160 - 100 + 100"]),
    ],
)
def test_the_arithmetic_of_a_long_settlement_stays_whole(lang, title, settlement) -> None:
    record = {
        "format": "piquet-record/1",
        "game": "four-deal",
        "players": ["François", "Élise"],
        "first_dealer": "Élise",
        "deals": [
            {"entered": {"elder": e, "younger": y}}
            for e, y in [(30, 20), (20, 25), (25, 20), (10, 25)]
        ],
    }
    sheet = build_sheet(record, score_record(record, lang), printed_on=DAY, lang=lang)
    _, lines = printed(sheet)
    assert lines[0] == title
    assert lines[-2:] == settlement
    assert ("x compte double" if lang == "fr" else "x counts double") in lines


def test_every_message_in_the_sheets_code_has_its_french() -> None:
    from hardware.sheet import GAME_TITLES
    from hardware.sheet_multi import FORM_TITLES

    ids = set(GAME_TITLES.values()) | set(FORM_TITLES.values()) | set(MONTHS)
    for name in ("sheet.py", "sheet_multi.py", "sheet_words.py"):
        ids |= message_ids((ROOT / "hardware" / name).read_text(encoding="utf-8"))
    assert {"Round {n} (in play)", "After {n} parties: {ahead} {net}", "deal"} <= ids
    assert sorted(m for m in ids if m not in catalog("fr")) == []
