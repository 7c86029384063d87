"""A French terminal reads the engine's refusals of malformed records in
French, every line (issue 23): `piquet score` under LANG=fr_FR.UTF-8 on the
malformed records of tests/cli/malformed/ says no English sentence, and the
same command under the C locale says the English the spec fixes, line for
line (the same problems, the same exit code)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.cli.test_cli_words import piquet

MALFORMED = sorted((Path(__file__).parent / "malformed").glob("*.json"))
# English words of a sentence that French never writes; a refusal's JSON field
# names (`tricks`, `declared.A.point`...) and quoted values are taken out first.
ENGLISH = re.compile(
    r"\b(the|is|are|must|not|and|of|has|have|with|but|cannot|does|only|be|or|to|"
    r"deal|trick|record|entries|most|seat|seats|cards?|players?|hands?|each|both|"
    r"twice|declares?|takes|wins|plays|list|string|object)\b",
    re.IGNORECASE,
)
JSON_FIELDS = {
    "format", "form", "players", "first_dealer", "game", "variants", "settings", "deals",
    "hands", "declared", "tricks", "entered", "throw_in", "exchange", "cards", "winner",
    "partnerships", "carte_blanche", "carte_rouge", "point", "sequences", "sets",
}  # fmt: skip


def english_words(line: str) -> list[str]:
    """The English words of a French line, its field names and values left out."""
    text = re.sub(r"'[^']*'|\"[^\"]*\"|\[[^\]]*\]|\{[^}]*\}", " ", line)
    words = [w for w in re.split(r"\s+", text) if w.split(".")[0] not in JSON_FIELDS]
    return ENGLISH.findall(" ".join(words))


def test_the_check_finds_an_english_line_and_passes_a_french_one():
    assert english_words("deal 1: A and B both declare a quatorze of kings")
    assert not english_words('donne 1\u202f: declared.A.point doit valoir {"cards": N}')


@pytest.mark.parametrize("path", MALFORMED, ids=lambda path: path.stem)
def test_a_malformed_record_is_refused_in_french_every_line(path: Path):
    french = piquet("score", str(path), lang="fr_FR.UTF-8")
    english = piquet("score", str(path), lang="C")
    assert french.returncode == english.returncode == 2
    assert french.stdout == english.stdout == ""
    said, meant = french.stderr.splitlines(), english.stderr.splitlines()
    assert len(said) == len(meant) >= 2
    assert [line for line in meant if english_words(line)] == meant  # the check sees English
    assert [(line, english_words(line)) for line in said if english_words(line)] == []


# malformed actions and words said out of turn, each refused in French
ACTIONS = [
    '{"trick": 5}',
    '{"declare": "colour", "by": "elder"}',
    '{"say": "maybe"}',
    '{"say": "good"}',
    '{"correct": 3}',
    '{"next_deal": false}',
    '{"declare": "point", "by": "elder", "cards": 5, "top": "A"}',
    '{"entered": {"elder": "x"}}',
    '{"trick": {"winner": "E", "lead": "AH"}}',
    '{"entry": "fast"}',
    '{"exchange": "middle", "cards": 2}',
    '{"next_deal": true}',
]


def test_malformed_actions_are_refused_in_french(tmp_path: Path):
    db = str(tmp_path / "j.sqlite3")
    new = ["new", "--db", db, "--players", "Anne", "Ben", "--first-dealer", "Ben"]
    assert piquet(*new, lang="C").returncode == 0
    for action in ACTIONS:
        french = piquet("act", "--db", db, action, lang="fr_FR.UTF-8")
        assert french.returncode == 2, action
        line = french.stderr.removeprefix("piquet act: ").strip()
        assert line and english_words(line) == [], (action, line)


def test_the_journals_location_note_and_a_kept_aside_warning_in_french(tmp_path: Path):
    from journal.journal import aside_words
    from journal.location import default_location
    from scorer.errors import in_words
    from vocabulary import Words

    french = Words("fr")
    state = str(tmp_path)
    note = default_location({"HOME": "/nowhere/at/all", "STATE_DIRECTORY": state}).note
    assert note == (
        f"$HOME (/nowhere/at/all) does not exist: the journal is kept in $STATE_DIRECTORY ({state})"
    )
    assert in_words(note, french) == (
        f"$HOME (/nowhere/at/all) n'existe pas\u202f: le journal est gardé dans "
        f"$STATE_DIRECTORY ({state})"
    )
    one, two = aside_words(3, 1, 5, "a reason"), aside_words(3, 2, 5, "a reason")
    assert one.startswith("partie 3: 1 action kept aside") and "2 actions kept" in two
    assert in_words(one, french).startswith("partie 3\u202f: 1 action mise de côté, refusée")
    assert in_words(two, french).startswith("partie 3\u202f: 2 actions mises de côté, refusées")
