"""The kiosk's house rules (issue 19), read from the source: the screens'
presenters are composed, not mixed in, so each class has at most one base of
the project's own and at most 40 methods, and a `# type: ignore` says why on
its line."""

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("scorer", "journal", "hardware", "kiosk", "piquet")
MAX_METHODS = 40


def _classes(path: Path) -> list[ast.ClassDef]:
    return [
        n
        for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(n, ast.ClassDef)
    ]


def _own_class_names() -> set[str]:
    return {c.name for p in PACKAGES for f in (ROOT / p).rglob("*.py") for c in _classes(f)}


def _base_name(base: ast.expr) -> str:
    return base.attr if isinstance(base, ast.Attribute) else getattr(base, "id", "")


def _broken(files: list[Path], own: set[str], root: Path = ROOT) -> list[str]:
    found = []
    for path in files:
        for cls in _classes(path):
            bases = [_base_name(b) for b in cls.bases if _base_name(b) in own]
            methods = [
                n for n in cls.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
            ]
            where = f"{path.relative_to(root)}: {cls.name}"
            if len(bases) > 1:
                found.append(f"{where} has {len(bases)} bases of the project's own: {bases}")
            if len(methods) > MAX_METHODS:
                found.append(f"{where} has {len(methods)} methods")
    return found


def _kiosk_files() -> list[Path]:
    return sorted((ROOT / "kiosk").rglob("*.py"))


def test_no_kiosk_class_mixes_in_two_of_the_projects_classes_or_holds_over_40_methods():
    assert _broken(_kiosk_files(), _own_class_names()) == []


def test_every_type_ignore_in_the_kiosk_says_why_on_its_line():
    bare = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in _kiosk_files()
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"#\s*type:\s*ignore(\[[\w,-]+\])?\s*$", line)
    ]
    assert bare == []


def test_the_house_rules_find_a_class_that_breaks_them(tmp_path):
    mixed = tmp_path / "mixed.py"
    mixed.write_text(
        "class Session(TableState, QuickMode, App):\n    pass\n\n\nclass Big:\n"
        + "".join(f"    def m{i}(self): ...\n" for i in range(MAX_METHODS + 1)),
        encoding="utf-8",
    )
    found = _broken([mixed], {"TableState", "QuickMode", "Big"}, root=tmp_path)
    assert found == [
        "mixed.py: Session has 2 bases of the project's own: ['TableState', 'QuickMode']",
        f"mixed.py: Big has {MAX_METHODS + 1} methods",
    ]


def _names_compared(files: list[Path], root: Path = ROOT) -> list[str]:
    """Comparisons of a form's or game's name (`== "chouette"`, `in ("voleur", ...)`)
    and the words issue 19 counted (`is_multi`, `form ==`, `game ==`)."""
    from scorer.protocol import form_names

    names = set(form_names())

    def named(node: ast.expr) -> bool:
        if isinstance(node, ast.Constant):
            return node.value in names
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            return any(named(e) for e in node.elts)
        return False

    found = []
    for path in files:
        text = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Compare) and any(
                named(side) for side in (node.left, *node.comparators)
            ):
                found.append(f"{path.relative_to(root)}:{node.lineno}")
        for n, line in enumerate(text.splitlines(), 1):
            if re.search(r"is_multi|form ==|game ==", line):
                found.append(f"{path.relative_to(root)}:{n}")
    return found


def test_no_kiosk_code_compares_a_forms_name_it_asks_the_form():
    assert _names_compared(_kiosk_files()) == []


def test_the_name_check_finds_each_way_of_comparing_a_name(tmp_path):
    branchy = tmp_path / "branchy.py"
    branchy.write_text(
        'a = score["form"] == "chouette"\nb = form in ("normand", "x")\n'
        'c = "au-cent" != game\nd = d.game == g\ne = is_multi()\nf = score["form"] == x\n',
        encoding="utf-8",
    )
    assert _names_compared([branchy], tmp_path) == [
        "branchy.py:1",
        "branchy.py:2",
        "branchy.py:3",
        "branchy.py:4",
        "branchy.py:5",
    ]
