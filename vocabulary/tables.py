"""Tables of messages: one part of the product's words, each message known by
a short key ("point.longer") and written in English, the message id.

A table is the English side of a catalog: `Table("line", {"point.longer":
"Point of {cards} is good against {other_cards}", ...})`. Every other
language has each message in its catalog, with the table's name and the key
as the gettext context ("line.point.longer"), so one English text worded two
ways in French ("good" is "bon" or "bonne") stays two entries. Changing one
message's wording is its English text here and one catalog entry a language.

Every table made is known to `TABLES`: the tests check each message has an
entry in every catalog.
"""

from __future__ import annotations

from collections.abc import Iterator

TABLES: dict[str, Table] = {}


class Table:
    """English messages by key; `name` makes their gettext context."""

    def __init__(self, name: str, english: dict[str, str]) -> None:
        self.name = name
        self.messages = english
        TABLES[name] = self

    def english(self, key: str) -> str:
        return self.messages[key]

    def context(self, key: str) -> str:
        return f"{self.name}.{key}"

    def __contains__(self, key: object) -> bool:
        return key in self.messages

    def __iter__(self) -> Iterator[str]:
        return iter(self.messages)

    def __len__(self) -> int:
        return len(self.messages)
