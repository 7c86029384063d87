"""Narrow errors of the rules engine.

Both inherit ValueError, like python-chess's IllegalMoveError: bad input is a
value problem, and callers may catch either the narrow class or ValueError.
"""

from __future__ import annotations


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
