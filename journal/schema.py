"""The journal's SQLite schema, as a list of forward migrations.

`MIGRATIONS[n]` takes a database at schema version n to n + 1, inside the
caller's transaction. The version is kept in the one-row table
`schema_version`. Append migrations; never edit a released one.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence

Migration = Callable[[sqlite3.Connection], None]


def _create_v1(conn: sqlite3.Connection) -> None:
    """Parties, their actions numbered without gaps, undone actions, settings."""
    conn.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    conn.execute("INSERT INTO schema_version (version) VALUES (0)")
    conn.execute("CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID")
    conn.execute(
        """CREATE TABLE parties (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            created_at TEXT NOT NULL,
            players TEXT NOT NULL,
            first_dealer TEXT NOT NULL,
            game TEXT NOT NULL,
            variants TEXT NOT NULL,
            origin TEXT NOT NULL,
            seq INTEGER NOT NULL,
            deal INTEGER NOT NULL,
            totals TEXT NOT NULL,
            finished INTEGER NOT NULL,
            result TEXT
        )"""
    )
    conn.execute(
        """CREATE TABLE actions (
            partie_id INTEGER NOT NULL REFERENCES parties (id),
            seq INTEGER NOT NULL CHECK (seq >= 1),
            action TEXT NOT NULL,
            created_at TEXT NOT NULL,
            PRIMARY KEY (partie_id, seq)
        ) WITHOUT ROWID"""
    )
    conn.execute(
        """CREATE TABLE undone (
            partie_id INTEGER NOT NULL REFERENCES parties (id),
            seq INTEGER NOT NULL,
            action TEXT NOT NULL,
            PRIMARY KEY (partie_id, seq)
        ) WITHOUT ROWID"""
    )


def _revisions_and_aside_v2(conn: sqlite3.Connection) -> None:
    """A revision per partie, bumped by every change, and the actions kept aside.

    `parties.revision` lets a writer see, inside its write transaction, that the
    partie changed since it read it (an undo then another action of the same
    number looks the same by numbers alone). `aside` keeps the actions the rules
    engine refuses when a partie is read again (a journal written by an older
    program, or a stricter engine): the partie stands at what comes before them,
    and they are kept, never deleted.
    """
    conn.execute("ALTER TABLE parties ADD COLUMN revision INTEGER NOT NULL DEFAULT 0")
    conn.execute(
        """CREATE TABLE aside (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            partie_id INTEGER NOT NULL REFERENCES parties (id),
            seq INTEGER NOT NULL,
            action TEXT NOT NULL,
            created_at TEXT,
            set_aside_at TEXT NOT NULL,
            reason TEXT NOT NULL
        )"""
    )
    conn.execute("CREATE INDEX aside_by_partie ON aside (partie_id, seq)")


def _record_format_v3(conn: sqlite3.Connection) -> None:
    """Parties of three to seven players: each partie's record format and the rest
    of its record's top level.

    `parties.format` is "piquet-record/1" for every partie written before (the two
    players' game) or "piquet-record/2" (docs/record-2.md); `parties.extra` holds,
    as a JSON object, the top-level fields of a version 2 record that the other
    columns do not (its form, settings and two-handed game); `parties.game` holds
    the form of such a partie, and `first_dealer` is "" in chouette.
    """
    conn.execute("ALTER TABLE parties ADD COLUMN format TEXT NOT NULL DEFAULT 'piquet-record/1'")
    conn.execute("ALTER TABLE parties ADD COLUMN extra TEXT NOT NULL DEFAULT '{}'")


def _drills_v4(conn: sqlite3.Connection) -> None:
    """The kiosk's drills (scorer.drills): one row per question answered, by player,
    and each player's tally by kind, kept up to date in the same transaction.

    `seed` and `lang` deal the same question again (`drill_from(kind, seed,
    lang)`); `answer` is the answer given, as JSON; `section` the guide section
    that explains it. `drill_tally` (its key, player then kind, is the index on
    the player) answers a player's progress in a few rows however many answers
    anyone has given.
    """
    conn.execute(
        """CREATE TABLE drills (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            player TEXT NOT NULL,
            kind TEXT NOT NULL,
            seed INTEGER NOT NULL,
            lang TEXT NOT NULL,
            right INTEGER NOT NULL CHECK (right IN (0, 1)),
            section TEXT NOT NULL,
            answer TEXT NOT NULL,
            created_at TEXT NOT NULL
        )"""
    )
    conn.execute(
        """CREATE TABLE drill_tally (
            player TEXT NOT NULL,
            kind TEXT NOT NULL,
            asked INTEGER NOT NULL,
            right INTEGER NOT NULL,
            PRIMARY KEY (player, kind)
        ) WITHOUT ROWID"""
    )


def _figures_v5(conn: sqlite3.Connection) -> None:
    """Each partie's figures per player, and their running sums per player and per pair,
    so that statistics, the player list and sittings read a few rows, never the history.

    `figures` holds one row per partie and player: the other player (`opponent`, ''
    in a game of three or more), the partie's figures that add up (`sums`, a JSON
    object of whole numbers), its best deal, and whether the partie is finished
    (copied from `parties`, so that a pair's finished parties are found by index).
    `totals` holds their sums per player (`opponent` '') and per pair, with the
    number of two-player parties counted and the newest partie of the player (or
    pair). The journal rewrites a partie's rows whenever the partie changes (an
    action, an undo, a correction) and adjusts the sums by the difference, in the
    same transaction. Parties already in the file are counted afterwards, newest
    first (the setting `figures_below`: the parties with an id up to it are still
    to count).
    """
    conn.execute(
        """CREATE TABLE figures (
            partie_id INTEGER NOT NULL REFERENCES parties (id),
            player TEXT NOT NULL,
            opponent TEXT NOT NULL,
            sums TEXT NOT NULL,
            best INTEGER,
            finished INTEGER NOT NULL,
            PRIMARY KEY (partie_id, player)
        ) WITHOUT ROWID"""
    )
    conn.execute("CREATE INDEX figures_by_player ON figures (player, partie_id)")
    conn.execute("CREATE INDEX figures_by_pair ON figures (player, opponent, finished, partie_id)")
    conn.execute("CREATE INDEX figures_best ON figures (player, best)")
    conn.execute(
        """CREATE TABLE totals (
            player TEXT NOT NULL,
            opponent TEXT NOT NULL,
            counted INTEGER NOT NULL,
            last_partie INTEGER NOT NULL,
            sums TEXT NOT NULL,
            PRIMARY KEY (player, opponent)
        ) WITHOUT ROWID"""
    )
    conn.execute("CREATE INDEX totals_recent ON totals (opponent, last_partie, player)")
    conn.execute("CREATE INDEX totals_by_player ON totals (player, last_partie, opponent)")
    conn.execute(
        "INSERT INTO settings (key, value) "
        "SELECT 'figures_below', CAST(COALESCE(MAX(id), 0) AS TEXT) FROM parties"
    )


def _table_figures_v6(conn: sqlite3.Connection) -> None:
    """The games of three to seven players get figures of their own (`figures.sums`
    under "table_..." keys, `figures.best` their best deal, `opponent` ''), where
    schema 5 kept their players' names only: every such game already in the file is
    counted again, afterwards, as the older parties are (`figures_below` raised to
    the newest of them; a two-player partie on the way keeps the figures it has).
    """
    # a player's two bests, each read at one end of this index: his two-player
    # lines name an opponent, his larger games' do not
    conn.execute("DROP INDEX figures_best")
    conn.execute("CREATE INDEX figures_best_by_kind ON figures (player, opponent = '', best)")
    conn.execute(
        "UPDATE settings SET value = CAST(MAX(CAST(value AS INTEGER),"
        " (SELECT COALESCE(MAX(id), 0) FROM parties WHERE format = 'piquet-record/2'))"
        " AS TEXT) WHERE key = 'figures_below'"
    )


def _partie_language_v7(conn: sqlite3.Connection) -> None:
    """The language each partie is played in: the table's (the kiosk's) when it
    starts, so its score sheet prints in that language after the table's
    changed (`piquet print --db`). The journal's own, never in the record
    (spec/record.md fixes a record's fields): "en", "fr", or NULL when not
    known (every partie written before, one started from the command line or
    imported from a record).
    """
    conn.execute("ALTER TABLE parties ADD COLUMN lang TEXT")


MIGRATIONS: list[Migration] = [
    _create_v1,
    _revisions_and_aside_v2,
    _record_format_v3,
    _drills_v4,
    _figures_v5,
    _table_figures_v6,
    _partie_language_v7,
]
SCHEMA_VERSION = len(MIGRATIONS)


def stored_version(conn: sqlite3.Connection) -> int | None:
    """The schema version of an open database: 0 when empty, None when not a journal."""
    tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if not tables:
        return 0
    if "schema_version" not in tables:
        return None
    row = conn.execute("SELECT version FROM schema_version").fetchone()
    if row is None:
        return None
    if not isinstance(row[0], int) or isinstance(row[0], bool) or row[0] < 0:
        from journal.damage import DamagedFile

        raise DamagedFile(f"its schema version is {str(row[0])[:20]!r}, not a number")
    return row[0]


def migrate(
    conn: sqlite3.Connection, start: int, migrations: Sequence[Migration] = MIGRATIONS
) -> int:
    """Run the migrations after `start` in the caller's transaction; returns the new version."""
    for version in range(start, len(migrations)):
        migrations[version](conn)
        conn.execute("UPDATE schema_version SET version = ?", (version + 1,))
    return len(migrations)
