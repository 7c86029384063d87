"""A French terminal reads the engine's refusals of malformed records in
French, every line (issue 23): `piquet score` under LANG=fr_FR.UTF-8 on the
malformed records of tests/cli/malformed/ says no English sentence, and the
same command under the C locale says the English the spec fixes, line for
line (the same problems, the same exit code)."""

from __future__ import annotations

import re
import sys
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


# argparse's own words and the json module's reasons (issue 23): French in a French
# terminal, English byte for byte what Python says without us
NNBSP = "\u202f"
PYTHON_ENGLISH = re.compile(
    r"\b(usage|positional|required|following|invalid|choice|choose|from|unrecognized|"
    r"allowed|expected|value|show|this|help|message|exit|error|ambiguous|could|match|"
    r"expecting|property|name|enclosed|double|quotes|delimiter|extra|data|unterminated|"
    r"starting|control|character|escape|unexpected|at|line|column)\b",
    re.IGNORECASE,
)


def python_english(line: str) -> list[str]:
    """The English words of a line of argparse or json, its command names
    (`hand`), option names (`--players`), metavars (`RECORD.json|-`, `NAME`) and
    quoted values left out."""
    from piquet.cli import COMMANDS

    kept = [
        word
        for word in line.split()
        if not word.startswith(("-", "[", "{"))
        and word not in COMMANDS
        and not re.match(r"[A-Z][A-Z]+\b", word.lstrip("("))
    ]
    text = " ".join(kept)
    return english_words(text) + PYTHON_ENGLISH.findall(
        re.sub(r"'[^']*'|\"[^\"]*\"|\[[^\]]*\]|\{[^}]*\}", " ", text)
    )


def test_the_check_finds_argparses_english_and_passes_its_french():
    assert python_english("piquet: the following arguments are required: RECORD.json|-")
    assert python_english("usage: piquet new [-h] [--db FILE] --players NAME [NAME ...]")
    assert not python_english(f"utilisation{NNBSP}: piquet new [-h] [--db FILE] --players NAME")
    assert not python_english(f"piquet: argument COMMAND{NNBSP}: choix invalide{NNBSP}: 'frob'")


def _argparse_messages() -> tuple[set[str], set[tuple[str, str]]]:
    """Every `_()` and `ngettext()` message id of this Python's argparse.py."""
    import argparse
    import ast

    singular: set[str] = set()
    plural: set[tuple[str, str]] = set()
    source = Path(argparse.__file__).read_text(encoding="utf-8")
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args):
            continue
        first = node.args[0]
        if node.func.id == "_" and isinstance(first, ast.Call) and first.args:
            # _(kwargs.pop("title", "subcommands")): its default
            first = first.args[-1]
        literals = [a.value for a in node.args[:2] if isinstance(a, ast.Constant)]
        if node.func.id == "_" and isinstance(first, ast.Constant) and first.value is not None:
            singular.add(first.value)
        elif node.func.id == "ngettext" and len(literals) == 2:
            plural.add((literals[0], literals[1]))
    return singular, plural


def _placeholders(text: str) -> list[str]:
    return sorted(re.findall(r"%(?:\([a-z_]+\))?[sr]", text))


def test_every_word_of_this_pythons_argparse_has_its_french():
    from piquet.words import ARGPARSE
    from vocabulary.catalog import entries, key

    singular, plural = _argparse_messages()
    assert {"usage: ", "positional arguments", "options", "subcommands"} <= singular
    assert ("expected %s argument", "expected %s arguments") in plural
    assert len(singular) >= 30
    french = entries("fr")
    missing = [m for m in singular if key(m, ARGPARSE) not in french.messages]
    missing += [one for one, _many in plural if key(one, ARGPARSE) not in french.plurals]
    assert missing == []
    said = [(m, french.messages[key(m, ARGPARSE)]) for m in singular]
    said += [(one, form) for one, _many in plural for form in french.plurals[key(one, ARGPARSE)]]
    for message, text in said:
        assert _placeholders(text) == _placeholders(message), message
        assert text.endswith("\n") == message.endswith("\n"), message
        for sign in ":;!?":
            assert f" {sign}" not in text, text
        assert not PYTHON_ENGLISH.findall(re.sub(r"%\([a-z_]+\)[sr]|'[^']*'", "", text)), text


USAGE_ERRORS = {
    "missing argument": ["score"],
    "invalid command": ["frob"],
    "invalid choice": ["new", "--players", "A", "B", "--game", "chess"],
    "unknown option": ["score", "--bogus", "x.json"],
    "not allowed with": ["hand", "--elder", "--younger", "AH"],
    "invalid int": ["undo", "--partie", "x"],
    "missing option": ["correct", "--deal", "1"],
}


@pytest.mark.parametrize("args", USAGE_ERRORS.values(), ids=list(USAGE_ERRORS))
def test_argparses_usage_errors_are_french(args: list[str]):
    french = piquet(*args, lang="fr_FR.UTF-8")
    english = piquet(*args, lang="C")
    assert french.returncode == english.returncode == 2
    assert french.stdout == english.stdout == ""
    said, meant = french.stderr.splitlines(), english.stderr.splitlines()
    assert len(said) == len(meant) >= 2
    assert meant[0].startswith("usage: piquet")
    assert said[0].startswith(f"utilisation{NNBSP}: piquet")
    assert python_english(meant[-1])  # the check sees the English
    assert [(line, python_english(line)) for line in said if python_english(line)] == []


UNPATCHED = (
    "import sys, piquet.words; piquet.words.speak_argparse = lambda: None; "
    "from piquet.cli import main; sys.exit(main())"
)


@pytest.mark.parametrize("args", [*USAGE_ERRORS.values(), ["--help"], ["score", "--help"]])
def test_english_is_argparses_own_byte_for_byte(args: list[str]):
    """In the C locale the usage, help and errors are what argparse says
    without the French lookup installed."""
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    env["LANG"] = "C"
    ours = piquet(*args, lang="C")
    theirs = subprocess.run(
        [sys.executable, "-c", UNPATCHED, *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        env=env,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert (ours.returncode, ours.stdout, ours.stderr) == (
        theirs.returncode,
        theirs.stdout,
        theirs.stderr,
    )
    assert "usage: piquet" in ours.stdout + ours.stderr


@pytest.mark.parametrize("args", [["--help"], ["score", "--help"]], ids=["piquet", "score"])
def test_help_is_french_headings_and_all(args: list[str]):
    french = piquet(*args, lang="fr_FR.UTF-8")
    english = piquet(*args, lang="C")
    assert french.returncode == english.returncode == 0
    lines, meant = french.stdout.splitlines(), english.stdout.splitlines()
    assert {"positional arguments:", "options:"} <= set(meant)
    assert {f"arguments positionnels{NNBSP}:", f"options{NNBSP}:"} <= set(lines)
    assert lines[0].startswith(f"utilisation{NNBSP}: piquet")
    assert any(line.strip().endswith("afficher cette aide et quitter") for line in lines)
    assert [(line, python_english(line)) for line in lines if python_english(line)] == []


MALFORMED_JSON = {
    "empty": "",
    "property name": "{x",
    "colon": '{"format" 1}',
    "comma": "[1 2]",
    "extra data": "{} {}",
    "unterminated": '"abc',
    "control character": '"a\x01"',
    "escape": '"\\q"',
    "u escape": '"\\u12"',
    "second bom": "\ufeff{}",
}


@pytest.mark.parametrize("text", MALFORMED_JSON.values(), ids=list(MALFORMED_JSON))
def test_a_malformed_json_record_is_refused_in_french(text: str):
    import json

    try:
        json.loads(text)
    except json.JSONDecodeError as error:
        reason = error.msg
    # after a byte-order mark (allowed, and taken off): a second one is json's to refuse
    french = piquet("score", "-", lang="fr_FR.UTF-8", stdin="\ufeff" + text)
    english = piquet("score", "-", lang="C", stdin="\ufeff" + text)
    assert french.returncode == english.returncode == 2
    [line], [meant] = french.stderr.splitlines(), english.stderr.splitlines()
    # English quotes the json module as it is ("... starting at" without its "at":
    # the sentence says "at line 1")
    assert f"({reason.removesuffix(' at')} at line " in meant
    assert " at at " not in meant
    assert line.startswith(f"relevé{NNBSP}: le relevé n’est pas du JSON valide (")
    assert python_english(line) == [], line


def test_the_pure_python_decoders_reasons_are_french_too():
    """Without the C scanner json quotes the character: said in French with it."""
    import json.decoder

    from piquet.json_input import json_reason
    from scorer.errors import in_words
    from vocabulary import Words

    reasons = []
    for text in ('"a\x01"', '"\\q"'):
        with pytest.raises(json.JSONDecodeError) as raised:
            json.decoder.py_scanstring(text, 1)
        reasons.append(raised.value.msg)
    french = [in_words(json_reason(reason), Words("fr")) for reason in reasons]
    # English as json says it, less a last "at" (the sentence says "at line 1")
    assert [str(json_reason(reason)) for reason in reasons] == [
        reason.removesuffix(" at") for reason in reasons
    ]
    assert "'\\x01'" in french[0] and "'q'" in french[1]
    assert [python_english(line) for line in french] == [[], []]
    assert json_reason("a reason of a later Python") == "a reason of a later Python"


def test_an_integer_too_long_for_python_is_refused_in_a_sentence_of_each_language():
    text = '{"a": ' + "9" * 5000 + "}"
    french = piquet("score", "-", lang="fr_FR.UTF-8", stdin=text)
    english = piquet("score", "-", lang="C", stdin=text)
    assert french.returncode == english.returncode == 2
    limit = sys.get_int_max_str_digits()
    assert english.stderr == (
        "record: the record is not valid JSON (an integer of 5000 digits, longer than the "
        f"{limit} digits Python reads)\n"
    )
    [line] = french.stderr.splitlines()
    assert line.startswith(f"relevé{NNBSP}: le relevé n’est pas du JSON valide (un entier de 5000")
    assert python_english(line) == [], line
