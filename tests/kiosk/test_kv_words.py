"""Every text a `.kv` file shows goes through the one vocabulary.

Each `kiosk/**/*.kv` file is read with Kivy's own parser; in every property
that shows text (`text`, `hint_text`, `title`...) each string literal that
can reach the screen and holds a letter must be the message id of a lookup
call, `app.t('English', app.lang)`, and that message id must have its French
in the catalog. A literal passed to another call (`app.g(root.v, 'title')`, a
key) does not reach the screen; Kivy markup (`[b]`, `[color=ffd98c]`) and a
format's placeholder (`'%d %%'`) are not words, nor a key cap of the on-screen
keyboard (one character: `'A'`, `'É'`). The languages' own names on the
settings' language switch ("English", "Français") are, by convention, never
translated: a reader who cannot read the current language finds their own.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from vocabulary import catalog

KIOSK = Path(__file__).resolve().parents[2] / "kiosk"
KV_FILES = sorted(KIOSK.rglob("*.kv"))
# the properties whose value a person reads (Kivy's and the kiosk's own widgets')
SHOWN = {"text", "hint_text", "title", "label", "caption", "main", "seat", "values", "lines"}
# properties whose literals are names for the program, never shown: keys, screens,
# layout words; a literal with letters in any other property fails until it is
# put in one of the two sets
NOT_SHOWN = {
    "back",
    "button_key",
    "focus",
    "font_name",
    "halign",
    "key",
    "key_viewclass",
    "main_key",
    "orientation",
    "scroll_type",
    "valign",
    "viewclass",
}
LOOKUPS = {"t", "_"}  # app.t('English', app.lang); _('English')
MARKUP = re.compile(r"\[/?[a-z]+(=[^\]]*)?\]")
PLACEHOLDER = re.compile(r"%[-+ #0]*\d*(\.\d+)?[sdifr%]")
ENDONYMS = {"English", "Français"}  # each language's name in itself


def _rules(kv: Path) -> Iterator[object]:
    from kivy.lang.parser import Parser

    parser = Parser(content=kv.read_text(encoding="utf-8"))
    stack = [rule for _selector, rule in parser.rules]
    if parser.root is not None:
        stack.append(parser.root)
    while stack:
        rule = stack.pop()
        yield rule
        stack.extend(rule.children)


def _is_lookup(call: ast.Call) -> bool:
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
    return name in LOOKUPS


def shown_literals(node: ast.AST) -> Iterator[tuple[str, bool]]:
    """(literal, wrapped) for each string that can reach the screen: the value
    itself, either side of `if`/`else`, `or`/`and`, `+` and `%`, items of a list;
    a lookup call's message id is wrapped; other calls' arguments are not shown."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value, False
    elif isinstance(node, ast.Call):
        if _is_lookup(node):
            first = node.args[0] if node.args else None
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                yield first.value, True
            elif first is not None:
                yield from shown_literals(first)
        elif isinstance(node.func, ast.Attribute):  # 'x'.format(...), ' '.join(...)
            yield from shown_literals(node.func.value)
    elif isinstance(node, ast.IfExp):
        yield from shown_literals(node.body)
        yield from shown_literals(node.orelse)
    elif isinstance(node, ast.BoolOp):
        for value in node.values:
            yield from shown_literals(value)
    elif isinstance(node, ast.BinOp):
        yield from shown_literals(node.left)
        yield from shown_literals(node.right)
    elif isinstance(node, (ast.List, ast.Tuple)):
        for item in node.elts:
            yield from shown_literals(item)
    elif isinstance(node, ast.JoinedStr):
        for part in node.values:
            if isinstance(part, ast.Constant):
                yield str(part.value), False


def has_words(literal: str) -> bool:
    """Whether a literal holds words a person reads (not markup, a placeholder,
    a key cap or a language's own name)."""
    bare = PLACEHOLDER.sub("", MARKUP.sub("", literal)).strip()
    if len(bare) <= 1 or bare in ENDONYMS:
        return False
    return any(ch.isalpha() for ch in bare)


def kv_texts() -> Iterator[tuple[str, int, str, str, bool]]:
    """(file, line, property, literal, wrapped) for every shown literal with letters."""
    for kv in KV_FILES:
        for rule in _rules(kv):
            for name, prop in rule.properties.items():
                source = " ".join(line.strip() for line in str(prop.value).splitlines())
                tree = ast.parse(source, mode="eval")
                for literal, wrapped in shown_literals(tree.body):
                    if has_words(literal) and (name not in NOT_SHOWN or wrapped):
                        yield kv.relative_to(KIOSK).as_posix(), prop.line, name, literal, wrapped


@pytest.fixture(scope="module")
def texts() -> list[tuple[str, int, str, str, bool]]:
    return list(kv_texts())


def test_the_kiosk_has_kv_files_and_they_show_words(texts):
    assert len(KV_FILES) >= 20
    assert sum(1 for *_rest, wrapped in texts if wrapped) >= 100


def test_every_kv_text_goes_through_the_lookup(texts):
    bare = [
        f"{kv}:{line} {name}: {literal!r}"
        for kv, line, name, literal, wrapped in texts
        if not wrapped
    ]
    assert bare == []


def test_every_property_with_words_is_known_to_show_them_or_not(texts):
    unknown = sorted(
        {f"{kv}:{line} {name}" for kv, line, name, *_rest in texts if name not in SHOWN}
    )
    assert unknown == []


def test_every_kv_message_id_has_its_french(texts):
    french = catalog("fr")
    missing = sorted(
        {
            f"{kv}:{line} {literal!r}"
            for kv, line, _n, literal, wrapped in texts
            if wrapped and literal not in french
        }
    )
    assert missing == []


def test_the_reader_finds_a_bare_text_and_sees_a_wrapped_one():
    found = lambda src: list(shown_literals(ast.parse(src, mode="eval").body))  # noqa: E731
    assert found("'Back'") == [("Back", False)]
    assert found("app.t('Back', app.lang)") == [("Back", True)]
    assert found("app.g(root.v, 'title', '')") == []
    assert found("app.t('A', app.lang) if x else 'B'") == [("A", True), ("B", False)]
    assert found("'[b]' + name + '[/b]'") == [("[b]", False), ("[/b]", False)]
    assert not has_words("[b]") and not has_words("[color=ffd98c]  ·  ") and has_words("[b]Deal")
    assert not has_words("%d %%") and not has_words("É") and has_words("Deal %d")
