"""The catalogs: gettext `.po` files read at run time.

`vocabulary/locale/<lang>/LC_MESSAGES/piquet.po` holds a language's words
(edit it with any gettext tool; Babel checks it in the tests). We read the
`.po` file directly with the small parser below instead of compiling a `.mo`:
nothing is built or committed, a translator's edit shows at the next start,
and the start does not import a catalog library (README, "Languages").

The parser reads what the project's catalogs use of the format: `msgid` and
`msgstr`, a context (`msgctxt`, for one English text that two places word
differently in French) and plurals (`msgid_plural` with `msgstr[n]`, the
form chosen by the catalog's `Plural-Forms` header). Comments, `#,` flags
and obsolete `#~` entries are skipped; an empty translation is no entry.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

TYPE_CHECKING = False  # typing is not imported at run time
if TYPE_CHECKING:
    from collections.abc import Callable

LANGUAGES = ("en", "fr")
LOCALE_DIR = Path(__file__).with_name("locale")
CONTEXT = "\x04"  # gettext's separator of a context and its message id


def key(message: str, context: str | None = None) -> str:
    """The catalog key of a message: its id, after its context if it has one."""
    return message if context is None else f"{context}{CONTEXT}{message}"


def english_plural(n: int) -> int:
    return 0 if n == 1 else 1


class Catalog:
    """One language's entries: `messages` by key, `plurals` (every form) by
    key, and the rule that picks a plural form for a number. (A plain class:
    `dataclasses` would bring `inspect` into every command's start, issue 25.)"""

    __slots__ = ("messages", "plural_forms", "plurals")

    def __init__(self) -> None:
        self.messages: dict[str, str] = {}
        self.plurals: dict[str, tuple[str, ...]] = {}
        self.plural_forms = ""  # the header's "nplurals=2; plural=(n > 1);"

    def plural_index(self, n: int) -> int:
        return _plural_rule(self.plural_forms)(n)


@cache
def _plural_rule(forms: str) -> Callable[[int], int]:
    """The `Plural-Forms` header's rule as a function (gettext's own reader,
    imported only when a catalog has plurals)."""
    if "plural=" not in forms:
        return english_plural
    import gettext

    expression = forms.split("plural=", 1)[1].strip().rstrip(";")
    rule: Callable[[int], int] = gettext.c2py(expression)
    return rule


def read_po(text: str) -> Catalog:
    """Every entry of a `.po` file's text."""
    found = Catalog()
    fields: dict[str, list[str]] = {}
    current: list[str] | None = None

    def flush() -> None:
        if "msgid" not in fields:
            return
        joined = {name: "".join(parts) for name, parts in fields.items()}
        context = joined.get("msgctxt")
        msgid = joined["msgid"]
        if not msgid:
            header = joined.get("msgstr", "")
            for line in header.splitlines():
                if line.lower().startswith("plural-forms:"):
                    found.plural_forms = line.split(":", 1)[1].strip()
            return
        if "msgid_plural" in joined:
            forms = tuple(joined.get(f"msgstr[{i}]", "") for i in range(_count(joined)))
            if forms and all(forms):
                found.plurals[key(msgid, context)] = forms
        elif joined.get("msgstr"):
            found.messages[key(msgid, context)] = joined["msgstr"]

    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith('"'):
            if current is not None:
                current.append(_string(line))
            continue
        name, _, rest = line.partition(" ")
        if (name == "msgctxt" and fields) or (name == "msgid" and "msgid" in fields):
            flush()  # a new entry begins
            fields = {}
        current = fields.setdefault(name, [])
        current.append(_string(rest.strip()))
    flush()
    return found


def _string(quoted: str) -> str:
    """A `.po` string's text: quotes off, escapes (rare) read as Python reads them."""
    if "\\" not in quoted and quoted[:1] == quoted[-1:] == '"':
        return quoted[1:-1]
    import ast  # only for the rare escape

    text: str = ast.literal_eval(quoted)
    return text


def _count(fields: dict[str, str]) -> int:
    return sum(1 for name in fields if name.startswith("msgstr["))


def parse_po(text: str) -> dict[str, str]:
    """The singular entries of a `.po` file's text, by key (see `key`)."""
    return read_po(text).messages


def catalog_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / "piquet.po"


@cache
def entries(lang: str) -> Catalog:
    """A language's catalog, read once on first use and kept."""
    path = catalog_path(lang)
    if lang == "en" or not path.exists():
        return Catalog()
    return read_po(path.read_text(encoding="utf-8"))


def catalog(lang: str) -> dict[str, str]:
    """A language's singular entries, by key."""
    return entries(lang).messages


def translate(message: str, lang: str, context: str | None = None) -> str:
    """The message in `lang`; the English message id when there is no entry."""
    if lang == "en":  # the message ids are the English: it has no catalog (`entries`)
        return message
    return entries(lang).messages.get(key(message, context), message)


def translate_plural(
    one: str, many: str, n: int, lang: str, context: str | None = None
) -> str | None:
    """The form of a `msgid_plural` entry for `n`, or None without one."""
    found = entries(lang)
    forms = found.plurals.get(key(one, context))
    if forms is None:
        return None
    index = found.plural_index(n)
    return forms[min(index, len(forms) - 1)]
