"""The command line speaks the reader's language (issue 23).

The language comes from the environment, as for any gettext program: LC_ALL,
then LC_MESSAGES, then LANG; French for a value starting with "fr". The words
for people change; exit codes, the JSON answer (its `why` lines too) and the
shape of standard output do not.
"""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from piquet.words import language
from scorer.errors import Said, in_words
from tests.conftest import EXAMPLES
from tests.messages import message_ids
from vocabulary import Words, catalog

ROOT = Path(__file__).resolve().parents[2]
NNBSP = "\u202f"


def piquet(
    *args: str, lang: str = "C", stdin: str | None = None
) -> subprocess.CompletedProcess[str]:
    """`python -m piquet ARGS` in a terminal of language `lang` ("C": English)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    env["LANG"] = lang
    return subprocess.run(
        [sys.executable, "-m", "piquet", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        env=env,
        cwd=ROOT,
    )


def bad_record(tmp_path: Path) -> Path:
    path = tmp_path / "bad.json"
    path.write_text(
        json.dumps(
            {
                "format": "piquet-record/1",
                "players": ["Anne", "Ben"],
                "first_dealer": "Cleo",
                "deals": [{"tricks": "E" * 13}],
            }
        )
    )
    return path


def test_a_french_terminal_reads_the_refusal_in_french_with_the_same_exit_code(tmp_path):
    path = str(bad_record(tmp_path))
    french = piquet("score", path, lang="fr_FR.UTF-8")
    english = piquet("score", path, lang="C")
    assert french.returncode == english.returncode == 2
    assert french.stdout == english.stdout == ""
    assert english.stderr == (
        "record: first_dealer 'Cleo' is not a player\ndeal 1: tricks has 13 entries, at most 12\n"
    )
    assert french.stderr == (
        f"relevé{NNBSP}: first_dealer 'Cleo' n’est pas un joueur\n"
        f"donne 1{NNBSP}: tricks a 13 entrées, au plus 12\n"
    )


def test_one_line_of_bad_json_in_french_and_in_english():
    french = piquet("score", "-", lang="fr_CA", stdin="{")
    english = piquet("score", "-", lang="en_GB.UTF-8", stdin="{")
    assert french.returncode == english.returncode == 2
    assert english.stderr.startswith("record: the record is not valid JSON (")
    assert french.stderr.startswith(f"relevé{NNBSP}: le relevé n’est pas du JSON valide (")
    assert french.stderr.count("\n") == english.stderr.count("\n") == 1


def test_the_json_answer_is_the_same_in_a_french_terminal():
    example = json.loads((EXAMPLES / "pique-on-the-lead.json").read_text())
    text = json.dumps(example["record"])
    french = piquet("score", "-", lang="fr_FR.UTF-8", stdin=text)
    english = piquet("score", "-", lang="C", stdin=text)
    assert french.returncode == english.returncode == 0
    assert french.stdout == english.stdout
    assert "Point of" in json.loads(english.stdout)["deals"][0]["lines"][0]["why"]


@pytest.mark.parametrize(
    ("environ", "lang"),
    [
        ({}, "en"),
        ({"LANG": "C"}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "fr"}, "fr"),
        ({"LANG": "en_US.UTF-8", "LC_MESSAGES": "fr_BE.UTF-8"}, "fr"),
        ({"LANG": "fr_FR.UTF-8", "LC_MESSAGES": "C"}, "en"),
        ({"LANG": "fr_FR.UTF-8", "LC_ALL": "POSIX", "LC_MESSAGES": "fr_FR"}, "en"),
        ({"LANG": "en_GB", "LC_ALL": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "fr_FR.UTF-8", "LC_ALL": ""}, "fr"),  # an empty variable is unset
    ],
)
def test_the_language_is_the_environments_as_gettext_reads_it(environ, lang):
    assert language(environ) == lang


def test_an_engine_sentence_is_its_english_text_and_says_itself_again_in_french():
    problem = Said("tricks has {count} entries, at most {most}", count=13, most=12)
    line = Said.around("deal {n}: {problem}", problem, n=4)
    assert line == "deal 4: tricks has 13 entries, at most 12"
    assert str(ValueError(line)) == "deal 4: tricks has 13 entries, at most 12"
    assert (
        in_words(ValueError(line), Words("fr"))
        == f"donne 4{NNBSP}: tricks a 13 entrées, au plus 12"
    )
    assert in_words(line, Words("en")) == line
    again = pickle.loads(pickle.dumps(line))
    assert again == line and in_words(again, Words("fr")).startswith("donne 4")


def test_a_sentence_without_its_french_stays_whole_in_english():
    line = Said.around("deal {n}: {problem}", "a problem nobody translated", n=2)
    assert not isinstance(line, Said)
    assert in_words(line, Words("fr")) == "deal 2: a problem nobody translated"


# --- every message id in the code has its French ------------------------------

# the modules whose words the command line prints, read as an extractor reads them
SOURCES = [
    *sorted((ROOT / "piquet").glob("*.py")),
    ROOT / "scorer" / "errors.py",
    ROOT / "scorer" / "record.py",
    ROOT / "scorer" / "actions.py",
    ROOT / "scorer" / "dialogue.py",
    ROOT / "scorer" / "correction.py",
    ROOT / "scorer" / "multi" / "actions.py",
    ROOT / "scorer" / "multi" / "record.py",
    ROOT / "scorer" / "multi" / "normand.py",
    ROOT / "scorer" / "multi" / "voleur.py",
    ROOT / "scorer" / "multi" / "ecrire.py",
    ROOT / "scorer" / "multi" / "chouette.py",
    ROOT / "scorer" / "multi" / "settings.py",
    ROOT / "scorer" / "cards.py",
    ROOT / "scorer" / "hand.py",
    ROOT / "scorer" / "calculator.py",
    ROOT / "journal" / "journal.py",
    ROOT / "journal" / "sqlite_store.py",
    ROOT / "journal" / "memory_store.py",
    ROOT / "journal" / "disk.py",
    ROOT / "journal" / "damage.py",
    ROOT / "journal" / "backup.py",
    ROOT / "journal" / "location.py",
]


def test_the_extractor_finds_the_command_lines_words():
    ids = set().union(*(message_ids(path.read_text(encoding="utf-8")) for path in SOURCES))
    assert "deal {n}: {problem}" in ids and "of kings" in ids and len(ids) >= 40


@pytest.mark.parametrize("path", SOURCES, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_every_message_id_the_command_line_says_has_its_french(path):
    french = catalog("fr")
    missing = sorted(m for m in message_ids(path.read_text(encoding="utf-8")) if m not in french)
    assert missing == []


def test_the_command_lines_french_keeps_its_fields_and_its_typography():
    french = catalog("fr")
    ids = set().union(*(message_ids(path.read_text(encoding="utf-8")) for path in SOURCES))
    for message in ids:
        said = french[message]
        assert sorted(_fields(said)) == sorted(_fields(message)), message
        for sign in ":;!?":
            assert f" {sign}" not in said, said


def _fields(text: str) -> list[str]:
    import string

    return [name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name]


def test_a_refused_action_in_french_leaves_the_journal_as_it_was(tmp_path):
    db = str(tmp_path / "j.sqlite3")
    assert (
        piquet(
            "new", "--db", db, "--players", "Anne", "Ben", "--first-dealer", "Ben", lang="C"
        ).returncode
        == 0
    )
    for _ in range(12):
        assert piquet("act", "--db", db, '{"trick": "E"}', lang="C").returncode == 0
    before = piquet("export", "--db", db, lang="C").stdout
    french = piquet("act", "--db", db, '{"trick": "E"}', lang="fr_FR.UTF-8")
    english = piquet("act", "--db", db, '{"trick": "E"}', lang="C")
    assert (french.returncode, french.stdout) == (english.returncode, english.stdout) == (2, "")
    assert (
        english.stderr == "piquet act: deal 1: a 13th trick; the deal already has its 12 tricks\n"
    )
    assert (
        french.stderr
        == f"piquet act: donne 1{NNBSP}: un 13e pli{NNBSP}; la donne a déjà ses 12 plis\n"
    )
    late = piquet("act", "--db", db, '{"declare": "point", "by": "elder", "cards": 5}', lang="fr")
    assert late.stderr == f"piquet act: donne 1{NNBSP}: une annonce après le premier pli\n"
    nothing = piquet("redo", "--db", db, lang="fr_FR.UTF-8")
    assert (nothing.returncode, nothing.stderr) == (2, "piquet redo: rien à rétablir\n")
    assert piquet("export", "--db", db, lang="C").stdout == before


def test_a_backups_confirmation_in_french_and_in_english(tmp_path):
    db = str(tmp_path / "j.sqlite3")
    assert (
        piquet(
            "new", "--db", db, "--players", "Anne", "Ben", "--first-dealer", "Ben", lang="C"
        ).returncode
        == 0
    )
    english = piquet("backup", "--db", db, str(tmp_path / "a.sqlite3"), lang="C")
    french = piquet("backup", "--db", db, str(tmp_path / "b.sqlite3"), lang="fr_FR.UTF-8")
    assert english.stdout == f"copied {tmp_path / 'a.sqlite3'}: 1 partie, 0 actions\n"
    assert french.stdout == f"copié vers {tmp_path / 'b.sqlite3'}{NNBSP}: 1 partie, 0 action\n"


def test_the_commands_help_reads_in_french_in_a_french_terminal():
    french = piquet("print", "--help", lang="fr_FR.UTF-8")
    english = piquet("print", "--help", lang="C")
    assert french.returncode == english.returncode == 0
    assert "imprimer" not in english.stdout and "the printer's port" in english.stdout
    flat = " ".join(french.stdout.split())
    assert "le port de l’imprimante (par défaut" in flat
    assert "the printer's port" not in flat
    top = piquet("--help", lang="fr_FR.UTF-8")
    assert "Le marqueur du jeu de cartes du piquet." in top.stdout
    assert "compter le relevé d’une partie" in " ".join(top.stdout.split())


def test_a_hand_that_cannot_be_read_is_said_in_french():
    cards = ["AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "AH", "KH", "QH", "XH"]
    french = piquet("hand", *cards, lang="fr_FR.UTF-8")
    english = piquet("hand", *cards, lang="C")
    assert french.returncode == english.returncode == 2
    assert english.stderr == "hand: 'XH' is not a card: the rank must be one of A K Q J 10 9 8 7\n"
    assert french.stderr == (
        f"main{NNBSP}: 'XH' n’est pas une carte{NNBSP}: "
        "le rang doit être A, K, Q, J, 10, 9, 8 ou 7\n"
    )


def test_the_history_table_reads_in_french_with_the_same_columns(tmp_path):
    db = str(tmp_path / "j.sqlite3")
    new = ["new", "--db", db, "--players", "Anne", "Ben", "--first-dealer", "Ben"]
    assert piquet(*new, lang="C").returncode == 0
    english = piquet("history", "--db", db, lang="C").stdout.splitlines()
    french = piquet("history", "--db", db, lang="fr_FR.UTF-8").stdout.splitlines()
    assert english[0].split() == ["#", "date", "players", "game", "result"]
    assert french[0].split() == ["#", "date", "joueurs", "jeu", "résultat"]
    assert english[1].endswith("Anne v Ben  rubicon  in progress, deal 1")
    assert french[1].endswith("Anne v Ben  rubicon  en cours, donne 1")


def test_no_journal_at_the_path_is_said_in_french(tmp_path):
    db = tmp_path / "none.sqlite3"
    english = piquet("undo", "--db", str(db), lang="C")
    french = piquet("undo", "--db", str(db), lang="fr_FR.UTF-8")
    assert english.returncode == french.returncode == 2
    assert english.stderr == (
        f"piquet undo: no journal at {db}: start one with `piquet new` (or `piquet import`)\n"
    )
    assert french.stderr == (
        f"piquet undo: pas de journal à {db}{NNBSP}: commencez-en un avec `piquet new` "
        "(ou `piquet import`)\n"
    )
    assert not db.exists()


def test_declarations_the_pack_cannot_hold_are_said_in_french(tmp_path):
    path = tmp_path / "pack.json"
    declared = {"elder": {"sets": [{"count": 4, "rank": "K"}]}}
    declared["younger"] = {"sets": [{"count": 3, "rank": "K"}]}
    path.write_text(
        json.dumps(
            {
                "format": "piquet-record/1",
                "players": ["Anne", "Ben"],
                "first_dealer": "Anne",
                "deals": [
                    {"declared": declared, "tricks": "EEEEEEYYYYYY"},
                    {"carte_blanche": ["elder", "younger"], "tricks": "EEEEEEYYYYYY"},
                ],
            }
        )
    )
    english = piquet("score", str(path), lang="C")
    french = piquet("score", str(path), lang="fr_FR.UTF-8")
    assert english.returncode == french.returncode == 2
    assert english.stderr == (
        "deal 1: the two hands' declarations need 7 kings between them, a pack has 4\n"
        "deal 2: carte_blanche: both hands claim carte blanche, but two hands of 12 without "
        "a king, queen or jack need 24 such cards and the pack has 20\n"
    )
    assert french.stderr == (
        f"donne 1{NNBSP}: les annonces des deux mains demandent 7 rois à elles deux, "
        "un jeu en a 4\n"
        f"donne 2{NNBSP}: carte_blanche{NNBSP}: les deux mains annoncent la carte blanche, "
        "mais deux mains de 12 sans roi, dame ni valet demandent 24 de ces cartes et le jeu "
        "en a 20\n"
    )


def test_a_damaged_journal_and_a_missing_copy_are_said_in_french(tmp_path):
    journal = tmp_path / "j.sqlite3"
    journal.write_text("not a journal, " * 20)
    french = piquet("history", "--db", str(journal), lang="fr_FR.UTF-8")
    english = piquet("history", "--db", str(journal), lang="C")
    assert french.returncode == english.returncode == 2
    advice = f"`piquet restore --db {journal} COPY`"
    assert english.stderr == (
        f"piquet history: {journal}: the journal file is damaged (file is not a database); "
        f"nothing was read from it or written to it: put back a backup with {advice} "
        "(none in backups/ beside it)\n"
    )
    assert french.stderr == (
        f"piquet history: {journal}{NNBSP}: le fichier du journal est endommagé (file is not a "
        f"database){NNBSP}; rien n’y a été lu ni écrit{NNBSP}: remettez une sauvegarde avec "
        f"{advice} (aucune dans backups/ à côté)\n"
    )
    missing = tmp_path / "copy.sqlite3"
    french = piquet("restore", "--db", str(journal), str(missing), lang="fr_FR.UTF-8")
    assert french.returncode == 2
    assert french.stderr == f"piquet restore: {missing}{NNBSP}: pas de journal à cet endroit\n"


def test_the_engine_for_three_to_seven_refuses_a_seat_not_at_the_table_in_french():
    from scorer import ActionError
    from scorer.multi.actions import play
    from vocabulary import Words

    record = {
        "format": "piquet-record/2",
        "form": "normand",
        "players": ["Anne", "Ben", "Cleo"],
        "first_dealer": "Anne",
        "deals": [],
    }
    with pytest.raises(ActionError) as refused:
        play(record, {"carte_blanche": "G"})
    assert str(refused.value) == "deal 1: seat G is not at the table (seats A B C)"
    assert in_words(refused.value, Words("fr")) == (
        f"donne 1{NNBSP}: la place G n’est pas à la table (places A B C)"
    )


def test_a_correction_out_of_range_is_said_in_french_with_its_totals():
    from scorer import ActionError, score_record
    from scorer.correction import check_against
    from vocabulary import Words

    record = {
        "format": "piquet-record/1",
        "players": ["Anne", "Ben"],
        "first_dealer": "Anne",
        "game": "au-cent",
        "deals": [{"entered": {"elder": 100, "younger": 0}}],
    }
    score = score_record(record)
    assert score["finished"]
    now = {"elder": 200, "younger": 0}
    with pytest.raises(ActionError) as refused:
        was = {"elder": 100, "younger": 0}
        check_against(score, {"correct": {"deal": 1, "was": was, "now": now}})
    assert str(refused.value) == "deal 1: a deal scores 0 to 173 for each hand, not 200 for Elder"
    assert in_words(refused.value, Words("fr")) == (
        f"donne 1{NNBSP}: une donne vaut de 0 à 173 pour chaque main, pas 200 pour le premier"
    )
