""".kv rules evaluated again without writing their trace lines first.

When a property a `.kv` rule watches changes, Kivy evaluates the rule again
in `kivy.lang.builder.call_fn`, and, unless Python runs with `-O`, formats
two trace lines around it (`if __debug__:`): the widget, the key and the
compiled expression before, then `repr` of the new value. The lines go to
`Logger.trace`, which drops them (the kiosk never logs at that level), but
they are made all the same, and a screen's view is a rule's value: `v:
root.v` made the `repr` of the whole deal's view, twice per trick. A trick's
tap re-evaluates 32 rules; they took ~0.55 ms of its frame here, ~0.36 ms
without the lines (issue 25).

`untrace()` puts in a `call_fn` that evaluates and assigns as Kivy's does,
without the lines. Kivy reads `call_fn` when it binds a rule, so it is
called before the kiosk builds its first widget; the rules bound before keep
Kivy's own. It only ever replaces the function of the Kivy it was written
for (Kivy 2.3, pinned below 2.4 in pyproject.toml), and says whether it did.
Under `python -O` Kivy's own has no trace lines, and stays.
"""

from __future__ import annotations

from typing import Any

from kivy.lang import builder

_KIVYS = builder.call_fn
# the names Kivy's call_fn uses: its trace, the rule's count, eval and setattr
_KIVYS_NAMES = ("trace", "count", "eval", "setattr")


def call_fn(args: tuple[Any, ...], _instance: Any, _value: Any) -> None:
    """A rule evaluated again, its value assigned: Kivy's, without the trace."""
    element, key, value, rule, idmap = args
    rule.count += 1
    setattr(element, key, eval(value, idmap))


def untrace() -> bool:
    """The untraced `call_fn` in Kivy's builder from now on: True once it is
    there (again: nothing more is done), False where Kivy's is not the
    function this module replaces (then Kivy's stays)."""
    if builder.call_fn is call_fn:
        return True
    if builder.call_fn is not _KIVYS or not all(
        name in _KIVYS.__code__.co_names for name in _KIVYS_NAMES
    ):
        return False
    builder.call_fn = call_fn
    return True
