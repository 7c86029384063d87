"""No words by language outside the catalogs (issue 23's done-means): no dict
literal keyed by language codes with text values (`{"en": "...", "fr":
"..."}`, or `dict(en=..., fr=...)`) anywhere in the product's source outside
`vocabulary/`. Every text a language words its own way is a catalog entry.

Data keyed by language that is no word a person reads stays allowed when its
values are not text: espeak-ng's voice ids (`hardware/voice/espeak.py`, a
pair a language) and its phonemes by term (`hardware/voice/pronounce.py`, a
table a language). The tests are not scanned: they hold what each language
is expected to say.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from vocabulary import LANGUAGES

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("scorer", "journal", "hardware", "kiosk", "piquet", "bench", "scripts")
SOURCES = sorted(
    path
    for package in PACKAGES
    for path in (ROOT / package).rglob("*.py")
    if ".venv" not in path.parts
)


def _is_text(node: ast.expr | None) -> bool:
    return isinstance(node, ast.JoinedStr) or (
        isinstance(node, ast.Constant) and isinstance(node.value, str)
    )


def words_by_language(source: str) -> list[int]:
    """The lines of dict literals (or `dict(...)` calls) keyed by a language
    code with a text value."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Dict):
            pairs = [
                (key.value, value)
                for key, value in zip(node.keys, node.values, strict=True)
                if isinstance(key, ast.Constant)
            ]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id != "dict":
                continue
            pairs = [(kw.arg, kw.value) for kw in node.keywords]
        else:
            continue
        if any(key in LANGUAGES and _is_text(value) for key, value in pairs):
            found.append(node.lineno)
    return found


def test_the_scan_finds_words_by_language_and_passes_other_data():
    assert words_by_language('X = {"en": "Good", "fr": "Bon"}') == [1]
    assert words_by_language('X = dict(en="Good", fr=f"Bon {n}")') == [1]
    assert words_by_language('\nX = {"fr": ("fr-fr", "fr-fr+f3")}') == []
    assert words_by_language('X = {"en": {"quart": "[[k\'A@t]]"}}') == []
    assert words_by_language('X = {"tierce": "tierce", 3: "en"}') == []


def test_the_scan_reads_the_whole_product():
    names = {path.relative_to(ROOT).as_posix() for path in SOURCES}
    assert {"scorer/wording.py", "kiosk/app.py", "hardware/sheet.py", "piquet/cli.py"} <= names


@pytest.mark.parametrize("path", SOURCES, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_no_words_by_language_outside_the_catalogs(path: Path):
    assert words_by_language(path.read_text(encoding="utf-8")) == []
