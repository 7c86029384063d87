"""The catalogs: gettext `.po` files read at run time.

`vocabulary/locale/<lang>/LC_MESSAGES/piquet.po` holds a language's words
(edit it with any gettext tool; Babel checks it in the tests). We read the
`.po` file directly with the small parser below instead of compiling a `.mo`:
nothing is built or committed, a translator's edit shows at the next start,
and the start does not import a catalog library.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

LANGUAGES = ("en", "fr")
LOCALE_DIR = Path(__file__).with_name("locale")


def parse_po(text: str) -> dict[str, str]:
    """Read msgid/msgstr pairs of a `.po` file (no plurals, no contexts)."""
    catalog: dict[str, str] = {}
    msgid: list[str] | None = None
    msgstr: list[str] | None = None
    current: list[str] | None = None

    def flush() -> None:
        if msgid is not None and msgstr is not None:
            key, value = "".join(msgid), "".join(msgstr)
            if key and value:
                catalog[key] = value

    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("msgid "):
            flush()
            msgid, msgstr = [ast.literal_eval(line[6:])], None
            current = msgid
        elif line.startswith("msgstr "):
            msgstr = [ast.literal_eval(line[7:])]
            current = msgstr
        elif line.startswith('"') and current is not None:
            current.append(ast.literal_eval(line))
    flush()
    return catalog


def catalog_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / "piquet.po"


@cache
def catalog(lang: str) -> dict[str, str]:
    path = catalog_path(lang)
    if lang == "en" or not path.exists():
        return {}
    return parse_po(path.read_text(encoding="utf-8"))


def translate(message: str, lang: str) -> str:
    """The message in `lang`; the English message id when there is no entry."""
    return catalog(lang).get(message, message)
