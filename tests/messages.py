"""The message ids a module asks the vocabulary for, read as an extractor reads
them (the tests that every one has its French use this)."""

from __future__ import annotations

import ast

ONE = {"_", "N_", "Said"}  # name(message, ...)
TWO = {"n_"}  # name(one, many, n, ...)
# owner.method(...): how many ids
METHODS = {("Said", "around"): 1, ("Said", "counted"): 2, ("_", "plural"): 2}


def _strings(node: ast.expr) -> list[str]:
    """A literal, or both literals of a conditional."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _strings(node.body) + _strings(node.orelse)
    return []


def message_ids(source: str) -> set[str]:
    """The literal message ids of `_()`, `N_()`, `Said()`, `Said.around()` (the
    first argument) and of `n_()`, `Said.counted()` and `_.plural()` (the first
    two)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and node.args):
            continue
        func, count = node.func, 0
        if isinstance(func, ast.Name):
            count = 1 if func.id in ONE else 2 if func.id in TWO else 0
        elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
            count = METHODS.get((func.value.id, func.attr), 0)
        for arg in node.args[:count]:
            found.update(_strings(arg))
    return found
