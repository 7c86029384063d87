"""Narrow errors of the rules engine, and the sentences they say.

Both inherit ValueError, like python-chess's IllegalMoveError: bad input is a
value problem, and callers may catch either the narrow class or ValueError.

The engine says its refusals in English (the message ids of the one
vocabulary, `vocabulary/`), as `Said` sentences: each is the English text
itself (a `str`, so every caller, log and test reads it unchanged) that also
remembers its message id and fields, so the command line or a screen can say
it again in the reader's language (`Said.in_words(vocabulary.Words("fr"))`).
The engine itself stays free of catalogs and languages.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time (`piquet score` starts faster)
if TYPE_CHECKING:
    from collections.abc import Callable

    from vocabulary.lookup import Words


class Said(str):
    """An English sentence that remembers its message id and fields.

    `Said("deal {n}: tricks has {count} entries, at most 12", n=3, count=13)`
    is the text "deal 3: tricks has 13 entries, at most 12"; a field that is
    itself `Said` is said again in the reader's language with the rest.
    """

    message: str
    fields: dict[str, object]
    # a sentence with a count: its two English ids and the field that counts
    plural: tuple[str, str, str] | None = None

    def __new__(cls, message: str, **fields: object) -> Said:
        said = super().__new__(cls, message.format(**fields) if fields else message)
        said.message = message
        said.fields = fields
        return said

    @classmethod
    def counted(cls, one: str, many: str, count: str, /, **fields: object) -> Said:
        """A sentence with a count: `one` or `many` by the field `count`.

        English picks by its own rule (1 is singular); said again in another
        language, the form is that language's, by its catalog's Plural-Forms
        (`Words.counted`): French says "0 pli" and "1 pli", English "0 tricks".
        `Said.counted("... has {played} trick", "... has {played} tricks",
        "played", n=3, played=0)`."""
        number = fields[count]
        said = cls(one if number == 1 else many, **fields)
        said.plural = (one, many, count)
        return said

    def in_words(self, words: Words) -> str:
        """The sentence in the language of `words` (a `vocabulary.Words`)."""
        fields = {
            key: value.in_words(words) if isinstance(value, Said) else value
            for key, value in self.fields.items()
        }
        if self.plural is not None:
            one, many, count = self.plural
            number = self.fields[count]
            if isinstance(number, int):  # always (`counted` picked by it)
                return words.counted(one, many, number, **fields)
        return words(self.message, **fields)

    @classmethod
    def around(cls, message: str, problem: object, **fields: object) -> str:
        """`message` ("deal {n}: {problem}") around `problem` (a sentence, or an
        error raised with one): a `Said` when the problem is one, else the plain
        English line (a line half in French reads worse than one in English)."""
        problem = sentence_of(problem)
        if isinstance(problem, Said):
            return cls(message, problem=problem, **fields)
        return message.format(problem=problem, **fields)

    def __reduce__(self) -> tuple[object, ...]:  # pickled (multiprocessing) as the sentence
        return (_said_again, (self.message, self.fields, self.plural))


class Rewritten(Said):
    """A sentence whose English text, and every saying of it in another
    language, passes through `rewrite` (a function of the text that can be
    pickled): the record/2 engine names the seats of a two-handed problem's
    roles this way ("elder" -> "elder (B)", "declared.elder" -> "declared.B"),
    whatever language the problem is said in, its fields keeping the roles."""

    said: Said
    rewrite: Callable[[str], str]

    def __new__(cls, said: Said, rewrite: Callable[[str], str]) -> Rewritten:
        text = str.__new__(cls, rewrite(str(said)))
        text.message, text.fields, text.plural = said.message, said.fields, said.plural
        text.said, text.rewrite = said, rewrite
        return text

    def in_words(self, words: Words) -> str:
        return self.rewrite(self.said.in_words(words))

    def __reduce__(self) -> tuple[object, ...]:
        return (Rewritten, (self.said, self.rewrite))


def unplaced(line: str, *places: str) -> str:
    """A problem without its place: the `problem` of a `Said.around` line whose
    message is one of `places` ("deal {n}: {problem}"), else the English line
    without the place's text (`"deal 1: "`, as `places` give it filled in)."""
    if isinstance(line, Said) and line.message in places:
        problem = line.fields["problem"]
        return problem if isinstance(problem, str) else str(problem)
    for place in places:
        line = line.removeprefix(place.format(n=1, problem=""))
    return str(line)


def _said_again(
    message: str, fields: dict[str, object], plural: tuple[str, str, str] | None = None
) -> Said:
    if plural is not None:
        one, many, count = plural
        return Said.counted(one, many, count, **fields)
    return Said(message, **fields)


def N_(message: str) -> str:
    """A message id marked for the extractor (gettext's `N_`), said later."""
    return message


def sentence_of(text: object) -> object:
    """What an error says (its one argument, maybe a `Said`); any other text as it is."""
    if isinstance(text, BaseException):
        return text.args[0] if len(text.args) == 1 else str(text)
    return text


def in_words(text: object, words: Words) -> str:
    """`text` in the language of `words` when it is a `Said` (or an error raised
    with one), else as it is: the engine's sentences not yet given their French
    stay whole in English rather than half translated."""
    text = sentence_of(text)
    return text.in_words(words) if isinstance(text, Said) else str(text)


class RecordError(ValueError):
    """A partie record that is invalid or impossible.

    `problems` holds one line per problem, each starting with its place:
    "deal 3: both hands declare a quatorze of kings", "record: ...".
    """

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))


class ActionError(ValueError):
    """An action that cannot be applied to the partie as it stands."""


class HandError(ValueError):
    """A hand or card that cannot be read."""
