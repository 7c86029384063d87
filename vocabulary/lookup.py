"""One way to ask for words: `Words(lang)("message id", field=value)`.

- `words("English text", **fields)`: a message (gettext's `gettext`);
- `words.plural(one, many, n, **fields)`: by the language's plural rule
  (`ngettext`);
- `words.context(context, "English text", **fields)`: one English text that
  another language words differently by place (`pgettext`);
- `words.table(table, key, **fields)`: a message of a `vocabulary.tables.Table`;
- `words.prose(package)`: the long prose of a language, a module of its own
  (`scorer.guide.en`, `scorer.guide.fr`), English where a language has none.
"""

from __future__ import annotations

import re

from vocabulary.catalog import LANGUAGES, entries, translate, translate_plural

TYPE_CHECKING = False  # typing is not imported at run time
if TYPE_CHECKING:
    from types import ModuleType

    from vocabulary.tables import Table


_TERM_FIELD = re.compile(r"\{t\.(\w+)\}")

# a table's message in a language, its terms filled in, by (language, table, key):
# worked out once, as the catalogs are read once (a replay words about 40 score
# lines, each through two or three of them)
_RESOLVED: dict[tuple[str, str, str], str] = {}


def forget() -> None:
    """Drop the table messages worked out so far: for a test that changes a
    catalog's entry or a table's English while the program runs."""
    _RESOLVED.clear()


class Words:
    """A `_()` bound to a language that can change at run time."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang if lang in LANGUAGES else "en"

    def __call__(self, message: str, **fields: object) -> str:
        text = translate(message, self.lang)
        return text.format(**fields) if fields else text

    def context(self, context: str, message: str, **fields: object) -> str:
        text = translate(message, self.lang, context)
        return text.format(**fields) if fields else text

    def plural(self, one: str, many: str, n: int, **fields: object) -> str:
        """`one` or `many` (English message ids, `{n}` in them) by the
        language's rule: English says "1 trick", French "0 pli" and "1 pli".
        A `msgid_plural` entry gives every form; without one, the two ids
        are looked up as messages of their own."""
        return self.counted(one, many, n, n=n, **fields)

    def counted(self, one: str, many: str, number: int, **fields: object) -> str:
        """`one` or `many` by the language's rule for `number`, filled with
        `fields` only (the count is one of them, under any name: a
        `scorer.errors.Said.counted` sentence's "{played} tricks")."""
        found = translate_plural(one, many, number, self.lang)
        if found is None:
            single = entries(self.lang).plural_index(number) == 0
            found = translate(one if single else many, self.lang)
        return found.format(**fields)

    def table(self, table: Table, key: str, **fields: object) -> str:
        """A message of `table` by its key, its fields filled if given. A
        game's term in it is written `{t.repique}` (`{t.Repique}` capitalised,
        `{t.carte_blanche}` for "carte blanche"): it is filled here, from
        `vocabulary.terms`, so renaming a term is one entry."""
        text = _RESOLVED.get((self.lang, table.name, key))
        if text is None:
            text = translate(table.english(key), self.lang, table.context(key))
            if "{t." in text:
                text = _TERM_FIELD.sub(lambda found: self.term(found[1]), text)
            _RESOLVED[(self.lang, table.name, key)] = text
        return text.format(**fields) if fields else text

    def term(self, name: str) -> str:
        """The game's term by its field name: "repique", "Repique" (capitalised),
        "carte_blanche"."""
        from vocabulary.terms import TERMS

        key = (name[:1].lower() + name[1:]).replace("_", " ")
        text = self.table(TERMS, key)
        return text[:1].upper() + text[1:] if name[:1].isupper() else text

    def prose(self, package: str) -> ModuleType:
        """The module of `package` in this language (`package.fr`), loaded on
        first use; English (`package.en`) when the language has none."""
        import importlib

        try:
            return importlib.import_module(f"{package}.{self.lang}")
        except ModuleNotFoundError:
            return importlib.import_module(f"{package}.en")
