"""What the journal keeps, and the small protocol every store implements.

A store knows nothing of Piquet: it keeps parties (a header and a cached
summary), their actions numbered 1, 2, 3... without gaps, the actions undone
(for redo) and which partie is current. The `Journal` decides what to write;
each store method is one atomic change.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

Action = dict[str, Any]


@dataclass(frozen=True)
class PartieHeader:
    """What is fixed when a partie starts."""

    players: list[str]
    first_dealer: str
    game: str
    variants: dict[str, Any]
    created_at: str  # ISO 8601, UTC
    origin: str = "table"  # "table" (built action by action) or "import"


@dataclass(frozen=True)
class PartieSummary:
    """The partie's state after its last action, kept so history needs no replay."""

    seq: int  # number of actions
    deal: int  # the deal in play (or the last deal)
    totals: dict[str, int]
    finished: bool
    result: dict[str, Any] | None = None


@dataclass(frozen=True)
class StoredPartie:
    id: int
    header: PartieHeader
    summary: PartieSummary


class Store(Protocol):
    """The journal's storage. Every method is atomic: all of it happens, or none."""

    def create_partie(
        self,
        header: PartieHeader,
        summary: PartieSummary,
        actions: list[Action],
        make_current: bool,
    ) -> int:
        """Add a partie holding `actions` (seq 1..n); returns its id."""
        ...

    def partie(self, partie_id: int) -> StoredPartie:
        """One partie; raises NoPartieError."""
        ...

    def parties(self) -> list[StoredPartie]:
        """Every partie, newest first."""
        ...

    def actions_of(self, partie_id: int) -> list[Action]:
        """The partie's actions in order."""
        ...

    def append(self, partie_id: int, seq: int, action: Action, summary: PartieSummary) -> None:
        """Store action `seq` (it must be the next one); forget the partie's undone actions."""
        ...

    def remove_last(self, partie_id: int, seq: int, summary: PartieSummary) -> Action:
        """Remove action `seq` (it must be the last) and keep it for redo."""
        ...

    def undone(self, partie_id: int, seq: int) -> Action | None:
        """The undone action that a redo would restore as number `seq`, if any."""
        ...

    def restore(self, partie_id: int, seq: int, summary: PartieSummary) -> Action:
        """Put the undone action `seq` back as the partie's last action."""
        ...

    def current(self) -> int | None:
        """The current partie's id."""
        ...

    def set_current(self, partie_id: int | None) -> None: ...

    def close(self) -> None: ...
