"""What the journal keeps, and the small protocol every store implements.

A store knows nothing of Piquet: it keeps parties (a header, a cached summary
and a revision), their actions numbered 1, 2, 3... without gaps, the actions
undone (for redo), the actions kept aside and which partie is current.

The `Journal` decides what to write. It does so inside `transaction()`, which
holds the write lock from before the state is read until the change is
committed: what decides that an action is legal reads the state inside the
same transaction that appends it. Each writing method is also atomic on its
own (outside a transaction it is one). `reading()` gives one consistent view
for several reads.

Every change to a partie's actions (append, remove_last, restore, set_aside)
bumps its revision, so (partie id, revision) names one state of the partie:
a writer whose view is older sees it, even when an undo and another action
left the same number of actions.

The figures (schema 5): each partie's figures per player, numbers that add up
(`PlayerLine`), which the Journal hands over whenever the partie changes, in
the same transaction; the store keeps their sums per player and per pair
(`Totals`) by adding the difference, so that statistics, the player list and
sittings read a few rows, never the whole history. Every read takes a limit.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Any, Protocol

from scorer.frozen import factory, frozen

Action = dict[str, Any]


FORMAT_1 = "piquet-record/1"
RECENT_ROWS = 200  # the newest drills and parties read for `recent_names`


@frozen
class PartieHeader:
    """What is fixed when a partie starts.

    A `piquet-record/2` partie (three to seven players) has `format`
    "piquet-record/2", its form in `game` ("normand", "voleur", "ecrire",
    "chouette"), "" as `first_dealer` in chouette (each partie names its own),
    and the rest of its record's top level in `extra`: `{"form", "settings"}`
    and, for voleur and chouette, the two-handed `game`.
    """

    players: list[str]
    first_dealer: str
    game: str
    variants: dict[str, Any]
    created_at: str  # ISO 8601, UTC
    origin: str = "table"  # "table" (built action by action) or "import"
    format: str = FORMAT_1  # the record's format
    extra: dict[str, Any] = factory(dict)  # more of the record's top level
    # the language it is played in (schema 7), the journal's own, not the record's:
    # the table's at its start; None when not known
    lang: str | None = None


@frozen
class PartieSummary:
    """The partie's state after its last action, kept so history needs no replay."""

    seq: int  # number of actions
    deal: int  # the deal in play (or the last deal)
    totals: dict[str, int]
    finished: bool
    result: dict[str, Any] | None = None


@frozen
class StoredPartie:
    id: int
    header: PartieHeader
    summary: PartieSummary


@frozen
class StoredAction:
    """One stored action as it is in the file: `action` is None when its text is not an object."""

    seq: int
    action: Action | None
    text: str


@frozen
class AsideSummary:
    """The actions of one partie kept aside: how many, the first number, and why."""

    count: int
    first_seq: int
    reason: str


@frozen
class DrillRow:
    """One answered drill question (schema 4): who, which question, right or not."""

    player: str
    kind: str
    seed: int
    lang: str
    right: bool
    section: str
    answer: str  # the answer given, as JSON text
    created_at: str  # ISO 8601, UTC


@frozen
class PlayerLine:
    """One player's figures in one partie, as the journal keeps them."""

    player: str
    opponent: str  # the other player; '' in a game of three or more
    sums: dict[str, int] = factory(dict)  # figures that add up
    best: int | None = None  # the best deal; None before a complete deal


@frozen
class Totals:
    """The sums of a player's figures, over all his parties (`opponent` '') or
    over those against one opponent; `counted` two-player parties, any state;
    `last_partie` the newest partie he (or the pair) played; `best` the best deal
    of his two-player parties and `table_best` of his games of three or more
    (over all his parties only)."""

    player: str
    opponent: str
    counted: int
    last_partie: int
    sums: dict[str, int]
    best: int | None = None
    table_best: int | None = None


@frozen
class PartieLine:
    """A player's partie as the sittings read it: against whom, when, and its end."""

    partie: int
    player: str
    opponent: str  # '' in a game of three or more
    created: str
    finished: bool
    result: dict[str, Any] | None


def add_sums(into: dict[str, int], sums: dict[str, int], sign: int = 1) -> dict[str, int]:
    """`into` + sign x `sums`, key by key (a new dict)."""
    out = dict(into)
    for key, value in sums.items():
        out[key] = out.get(key, 0) + sign * int(value)
    return out


class Store(Protocol):
    """The journal's storage. Every writing method is atomic: all of it happens, or none."""

    read_only: bool

    def transaction(self, behind: bool = False) -> AbstractContextManager[None]:
        """Hold the write lock; everything inside commits together, or nothing on an error.
        `behind`: the commit may still be under way when the block is left (on a
        thread of its own); `settle` waits for it, as does the store's next use."""
        ...

    def settle(self) -> None:
        """Wait for a commit left under way (`transaction(behind=True)`). One that
        failed was rolled back, and raises its JournalError here, once."""
        ...

    def reading(self) -> AbstractContextManager[None]:
        """One consistent view for the reads inside (no-op inside a transaction)."""
        ...

    def data_version(self) -> int:
        """A number that changes when another writer has committed a change."""
        ...

    def check_file(self) -> None:
        """Raise JournalGoneError if the file was deleted or replaced since it was opened."""
        ...

    def create_partie(
        self,
        header: PartieHeader,
        summary: PartieSummary,
        actions: list[Action],
        make_current: bool,
    ) -> int:
        """Add a partie holding `actions` (seq 1..n), at revision 0; returns its id."""
        ...

    def partie(self, partie_id: int) -> StoredPartie:
        """One partie; raises NoPartieError."""
        ...

    def parties(self) -> list[StoredPartie]:
        """Every partie, newest first (by id: the journal's own sequence, never the clock)."""
        ...

    def revision(self, partie_id: int) -> int:
        """The partie's revision: bumped by every change to its actions."""
        ...

    def stored_actions(self, partie_id: int) -> list[StoredAction]:
        """Every action row of the partie as stored, in order of number (gaps left as they are)."""
        ...

    def actions_of(self, partie_id: int) -> list[Action]:
        """The partie's actions in order; raises StoreConflict on a gap or an unreadable one."""
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

    def set_aside(self, partie_id: int, from_seq: int, reason: str, summary: PartieSummary) -> int:
        """Move the partie's actions from number `from_seq` on into the aside; returns how many."""
        ...

    def aside(self) -> dict[int, AsideSummary]:
        """The actions kept aside, summed up per partie id."""
        ...

    def current(self) -> int | None:
        """The current partie's id."""
        ...

    def set_current(self, partie_id: int | None) -> None: ...

    def setting(self, key: str) -> str | None: ...

    def parties_page(self, below: int | None, limit: int) -> list[StoredPartie]:
        """At most `limit` parties with an id under `below` (None: any), newest first."""
        ...

    # --- figures (schema 5; an older file keeps none, and `figures_kept` is False) ---

    @property
    def figures_kept(self) -> bool:
        """Whether this file keeps the figures (schema 5 and later)."""
        ...

    def put_figures(self, partie_id: int, lines: list[PlayerLine]) -> None:
        """Replace the partie's figures (one line per player); the sums follow."""
        ...

    def figures_of(self, partie_id: int) -> list[PlayerLine]:
        """The partie's figures as kept ([] when none are)."""
        ...

    def totals(self, player: str, opponent: str = "") -> Totals | None:
        """A player's sums (over all his parties, or against `opponent`)."""
        ...

    def players_by_recency(
        self, limit: int, after: tuple[int, str] | None = None, counted_only: bool = False
    ) -> list[Totals]:
        """Each player's own sums, the player of the newest partie first, after the key
        (last_partie, player) that ended the previous page; `counted_only`: players
        of a two-player partie only."""
        ...

    def opponents(
        self, player: str, limit: int, after: tuple[int, str] | None = None
    ) -> list[Totals]:
        """The player's sums against each opponent, the newest pair first."""
        ...

    def partie_lines(self, player: str, below: int, limit: int) -> list[PartieLine]:
        """The player's parties with an id under `below`, newest first, at most `limit`."""
        ...

    def last_of_pair(self, player: str, opponent: str, below: int) -> int | None:
        """The newest finished partie of the pair with an id under `below`."""
        ...

    def put_setting(self, key: str, value: str) -> None: ...

    def add_drill(self, row: DrillRow) -> None:
        """Keep one answered drill question."""
        ...

    def drill_counts(self, player: str) -> dict[str, tuple[int, int]]:
        """{kind: (asked, right)} of one player's drills; {} for none."""
        ...

    def recent_names(self, limit: int) -> list[str]:
        """Up to `limit` distinct names, newest first: those who drilled lately,
        then the players of the newest parties. Reads a bounded number of rows."""
        ...

    def checkpoint(self) -> None:
        """In a still moment: what is committed but only logged (SQLite's -wal)
        copied into the file itself. Changes nothing the journal says; a
        problem is left to the next write, which meets it."""
        ...

    def close(self) -> None: ...
