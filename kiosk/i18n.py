"""Translations for the kiosk: gettext `.po` catalogs read at run time.

The English text is the message id, so English needs no catalog. French lives
in `kiosk/locale/fr/LC_MESSAGES/kiosk.po` (edit it with any gettext tool).
We read the `.po` file directly with the small parser below instead of
compiling a `.mo`: the catalog is a few hundred lines, nothing is built or
committed, and a translator's edit shows at the next start.

Only the kiosk's own words are here. The plain-language "why" of each score
line comes from the engine (`score_record(record, lang)`).
"""

from __future__ import annotations

import ast
import re
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


@cache
def catalog(lang: str) -> dict[str, str]:
    path = LOCALE_DIR / lang / "LC_MESSAGES" / "kiosk.po"
    if lang == "en" or not path.exists():
        return {}
    return parse_po(path.read_text(encoding="utf-8"))


def translate(message: str, lang: str) -> str:
    """The message in `lang`; the English message id when there is no entry."""
    return catalog(lang).get(message, message)


class Translator:
    """A `_()` bound to a language that can change at run time."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang if lang in LANGUAGES else "en"

    def __call__(self, message: str, **fields: object) -> str:
        text = translate(message, self.lang)
        return text.format(**fields) if fields else text

    def plural(self, one: str, many: str, n: int, **fields: object) -> str:
        """`one` or `many` (both message ids, `{n}` in them) by the language's
        rule: English says "1 trick", French "0 pli" and "1 pli"."""
        single = n in (0, 1) if self.lang == "fr" else n == 1
        return self(one if single else many, n=n, **fields)


def sentence(message: str) -> str:
    """An engine message as a sentence for the screen: without its place
    ("deal 1: ", "record: "), capitalised, ending with a full stop."""
    lines = []
    for line in str(message).splitlines():
        line = re.sub(r"^(deal \d+|record|deals\[\d+\]):\s*", "", line.strip())
        if line:
            line = line[0].upper() + line[1:]
            lines.append(line if line.endswith((".", "!", "?")) else line + ".")
    return "\n".join(lines)
