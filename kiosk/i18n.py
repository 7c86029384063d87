"""Translations for the kiosk: the project's one vocabulary (`vocabulary/`).

The lookup and the catalogs live in `vocabulary/` (one `.po` a language);
this module keeps the kiosk's names for them and `sentence`, which shapes an
engine message for the screen.
"""

from __future__ import annotations

import re

from vocabulary import LANGUAGES, catalog, translate
from vocabulary import Words as Translator

__all__ = ["LANGUAGES", "Translator", "catalog", "sentence", "translate"]


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
