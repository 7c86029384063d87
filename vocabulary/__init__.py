"""The one vocabulary of piquet-table: every word a user reads or hears.

One lookup (`vocabulary.lookup.Words`, "the words in a language") and one
gettext catalog a language: `vocabulary/locale/<lang>/LC_MESSAGES/piquet.po`.
The English text is the message id (gettext's convention), so English needs
no catalog; every other language has one entry a message. The score lines,
the guide, hints, drills, the kiosk, the printed sheet, hardware news and the
command line's messages to people all ask here.

- `vocabulary.terms`: the game's terms, defined once (`term("repique", "fr")`);
- `vocabulary.numbers`: numbers said in words (`number(94, "fr")`);
- `vocabulary.tables`: the engine's messages by key (`Table`), each with its
  context `<table>.<key>` in the catalogs.
See docs/languages.md.
"""

from __future__ import annotations

from vocabulary.catalog import LANGUAGES, catalog, parse_po, translate, translate_plural
from vocabulary.lookup import Words

__all__ = ["LANGUAGES", "Words", "catalog", "parse_po", "translate", "translate_plural"]
