"""Player statistics, head to head and sittings, from scored parties (issue 13).

Pure Python, no I/O: the caller (`piquet stats`, later the kiosk's Statistics
screen) reads the journal and hands over each partie's `piquet-score/1` answer.

What counts:
- `parties`, `won`, `lost`, `drawn`, the rubicons and `settlement_net` (the
  points won minus the points lost in settlements) count FINISHED parties only.
- The deal figures (`deals`, the averages, `best_deal`, piques, repiques,
  capots, cartes blanches) count every COMPLETE deal, in finished parties or
  not. A deal entered as totals (quick mode) counts toward `deals`, the
  averages and `best_deal`, but not toward the bonuses and cartes blanches,
  which it does not record. The deal figures are the deal's own points, before
  the four-deal doubling (what the cards gave).

Incremental by design: `partie_figures(score)` and `pair_figures(score)` look
at one partie only and their results add up with `+`, so a screen can cache
them per partie (`PlayerFigures.to_dict`/`from_dict`) instead of rescoring
the whole history.

Sittings (RULES.md "A sitting"; Cavendish's score card): the parties of one
evening between the same two players, with each one's running net
(`scorer.sitting` does the arithmetic). The journal's order decides, the clock
only confirms: the finished parties of a pair, in partie-id order, stay in one
sitting while
  1. the next one started no more than `SITTING_GAP` (6 hours) after the one
     before it (either way, as a table's clock may be set back), and
  2. no partie in between, finished or not, seats either of the two against
     someone else (one of them changed tables: the evening with this
     opponent is over).
Unfinished parties are never in a sitting (they moved no points). A partie
imported from paper carries the time of its import, so parties imported
together fall into one sitting.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

from scorer.frozen import factory, field_names, frozen
from scorer.sitting import sitting

SITTING_GAP = timedelta(hours=6)
BONUSES = {"pique": "piques", "repique": "repiques", "capot": "capots"}


# --- one player's figures ---------------------------------------------------------


@frozen
class PlayerFigures:
    """Sums over some parties; `a + b` combines (best_deal takes the larger)."""

    parties: int = 0
    won: int = 0
    lost: int = 0
    drawn: int = 0
    rubicons_suffered: int = 0
    rubicons_inflicted: int = 0
    settlement_net: int = 0
    deals: int = 0
    deals_elder: int = 0
    points_elder: int = 0
    deals_younger: int = 0
    points_younger: int = 0
    piques: int = 0
    repiques: int = 0
    capots: int = 0
    cartes_blanches: int = 0
    best_deal: int | None = None  # None: no complete deal yet

    def __add__(self, other: PlayerFigures) -> PlayerFigures:
        values = {name: getattr(self, name) + getattr(other, name) for name in _SUMMED}
        known = [v for v in (self.best_deal, other.best_deal) if v is not None]
        return PlayerFigures(**values, best_deal=max(known) if known else None)

    def average(self, role: str) -> float | None:
        """Average points per complete deal in that role; None without such a deal."""
        deals = self.deals_elder if role == "elder" else self.deals_younger
        points = self.points_elder if role == "elder" else self.points_younger
        return round(points / deals, 2) if deals else None

    def to_dict(self) -> dict[str, Any]:
        """Every sum, for caching (`from_dict` reads it back)."""
        return {name: getattr(self, name) for name in field_names(self)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PlayerFigures:
        return cls(**{name: data[name] for name in field_names(cls) if name in data})

    def to_json(self) -> dict[str, Any]:
        """The `piquet stats --json` entry of a player."""
        return {
            "parties": self.parties,
            "won": self.won,
            "lost": self.lost,
            "drawn": self.drawn,
            "rubicons_suffered": self.rubicons_suffered,
            "rubicons_inflicted": self.rubicons_inflicted,
            "settlement_net": self.settlement_net,
            "piques": self.piques,
            "repiques": self.repiques,
            "capots": self.capots,
            "cartes_blanches": self.cartes_blanches,
            "deals": self.deals,
            "average_per_deal": {
                "elder": self.average("elder"),
                "younger": self.average("younger"),
            },
            "best_deal": self.best_deal,
        }


_SUMMED = tuple(name for name in field_names(PlayerFigures) if name != "best_deal")


def _is_entered(deal: dict[str, Any]) -> bool:
    return any(line["category"] == "entered" for line in deal["lines"])


def _add_deal(counts: dict[str, Any], deal: dict[str, Any], name: str) -> None:
    """Count one complete deal into one player's sums."""
    role = "elder" if deal["elder"] == name else "younger"
    points = deal["scores"][name] // deal["multiplier"]
    counts["deals"] += 1
    counts[f"deals_{role}"] += 1
    counts[f"points_{role}"] += points
    best = counts["best_deal"]
    counts["best_deal"] = points if best is None else max(best, points)
    if _is_entered(deal):
        return  # totals only: no bonuses or cartes blanches recorded
    for bonus, key in BONUSES.items():
        counts[key] += deal["bonuses"][bonus] == name
    counts["cartes_blanches"] += sum(
        1
        for line in deal["lines"]
        if line["category"] == "carte_blanche" and line["player"] == name
    )


def _add_result(counts: dict[str, Any], result: dict[str, Any] | None, name: str) -> None:
    """Count the settlement into one player's sums (nothing while unfinished)."""
    if result is None:
        return
    counts["parties"] += 1
    if result.get("draw"):
        counts["drawn"] += 1
        return
    won = result["winner"] == name
    rubicon = bool(result.get("rubicon"))
    points = int(result["points"])
    counts["won" if won else "lost"] += 1
    counts["rubicons_inflicted" if won else "rubicons_suffered"] += rubicon
    counts["settlement_net"] += points if won else -points


def partie_figures(score: dict[str, Any]) -> dict[str, PlayerFigures]:
    """Each player's figures from one partie's `piquet-score/1` answer."""
    figures = {}
    for name in score["players"]:
        counts = PlayerFigures().to_dict()
        _add_result(counts, score.get("result"), name)
        for deal in score["deals"]:
            if deal["complete"]:
                _add_deal(counts, deal, name)
        figures[name] = PlayerFigures(**counts)
    return figures


# --- games of three to seven players ---------------------------------------------


@frozen
class TableFigures:
    """A player's figures in games of three to seven players (Piquet Normand,
    Voleur, à Écrire, Chouette: `piquet-score/2`), apart from the two-handed
    parties' (their deals score otherwise: a Normand deal is played three-handed
    to a hundred); `a + b` combines (best_deal takes the larger).

    - `played` counts every game he sat in, finished or not.
    - `games`, `won` and `net` count FINISHED games: `won` those he ended ahead
      (a settlement above nothing: Normand's winner, Voleur's winning partners,
      whoever gained in à Écrire or a Chouette sitting), `net` his settlements.
    - `deals`, `points` (so the average) and `best_deal` count every COMPLETE
      deal he played, finished games or not: his own score in Normand and à
      Écrire (a deal of à Écrire seats two of the table), his side's in Voleur,
      his as the single player or the one playing for the pair in Chouette (the
      pair's adviser plays no deal). A deal entered as totals counts too."""

    played: int = 0
    games: int = 0
    won: int = 0
    net: int = 0
    deals: int = 0
    points: int = 0
    best_deal: int | None = None

    def __add__(self, other: TableFigures) -> TableFigures:
        known = [v for v in (self.best_deal, other.best_deal) if v is not None]
        return TableFigures(
            self.played + other.played,
            self.games + other.games,
            self.won + other.won,
            self.net + other.net,
            self.deals + other.deals,
            self.points + other.points,
            max(known) if known else None,
        )

    def average(self) -> float | None:
        """Average points per complete deal; None without one."""
        return round(self.points / self.deals, 2) if self.deals else None

    def to_sums(self) -> dict[str, int]:
        """The figures that add up, under keys of their own (`TABLE_SUMS`), to be
        kept beside a player's two-handed sums."""
        return {key: getattr(self, name) for key, name in TABLE_SUMS.items()}

    @classmethod
    def from_sums(cls, sums: dict[str, int], best: int | None) -> TableFigures:
        return cls(
            **{name: int(sums.get(key, 0)) for key, name in TABLE_SUMS.items()}, best_deal=best
        )

    def to_json(self) -> dict[str, Any]:
        """The `piquet stats --json` entry of a player's games of three or more."""
        return {
            "played": self.played,
            "games": self.games,
            "won": self.won,
            "settlement_net": self.net,
            "deals": self.deals,
            "average_per_deal": self.average(),
            "best_deal": self.best_deal,
        }


TABLE_SUMS = {
    "table_played": "played",
    "table_games": "games",
    "table_won": "won",
    "table_net": "net",
    "table_deals": "deals",
    "table_points": "points",
}


def _deals_of(score: dict[str, Any]) -> list[dict[str, Any]]:
    """Every deal of a game: a Chouette sitting's are its parties'."""
    if "parties" in score:
        return [
            d for partie in score["parties"] for d in (partie.get("score") or {}).get("deals", [])
        ]
    return list(score.get("deals") or [])


def game_figures(score: dict[str, Any]) -> dict[str, TableFigures]:
    """Each player's figures from one game's `piquet-score/2` answer."""
    side_of = {name: side["id"] for side in score.get("sides") or [] for name in side["players"]}
    settlement = score.get("settlement") or {}
    finished = bool(score.get("finished"))
    figures = {}
    for name in score["players"]:
        played = []
        for deal in _deals_of(score):
            scores = deal.get("scores") or {}
            key = side_of.get(name, name)
            if deal.get("complete") and key in scores:
                played.append(int(scores[key]) // int(deal.get("multiplier", 1)))
        net = int(settlement.get(name, 0)) if finished else 0
        figures[name] = TableFigures(
            played=1,
            games=int(finished),
            won=int(finished and net > 0),
            net=net,
            deals=len(played),
            points=sum(played),
            best_deal=max(played, default=None),
        )
    return figures


# --- head to head -----------------------------------------------------------------


def pair_of(players: Iterable[str]) -> tuple[str, str]:
    """The pair's key: its two names in sorted order."""
    a, b = sorted(players)
    return a, b


@frozen
class PairFigures:
    """Head to head over some parties of one pair; `a + b` combines."""

    players: tuple[str, str]
    parties: int = 0
    drawn: int = 0
    deals: int = 0
    won: dict[str, int] = factory(dict)
    rubicons_inflicted: dict[str, int] = factory(dict)
    settlement_net: dict[str, int] = factory(dict)

    def __add__(self, other: PairFigures) -> PairFigures:
        if other.players != self.players:
            raise ValueError(f"pairs differ: {self.players} and {other.players}")

        def both(a: dict[str, int], b: dict[str, int]) -> dict[str, int]:
            return {name: a.get(name, 0) + b.get(name, 0) for name in self.players}

        return PairFigures(
            self.players,
            self.parties + other.parties,
            self.drawn + other.drawn,
            self.deals + other.deals,
            both(self.won, other.won),
            both(self.rubicons_inflicted, other.rubicons_inflicted),
            both(self.settlement_net, other.settlement_net),
        )


def pair_figures(score: dict[str, Any], per: dict[str, PlayerFigures] | None = None) -> PairFigures:
    """Head to head figures of one partie's pair, from its `piquet-score/1` answer
    (`per`: its `partie_figures`, if already at hand)."""
    players = pair_of(score["players"])
    per = per if per is not None else partie_figures(score)
    return PairFigures(
        players,
        parties=per[players[0]].parties,
        drawn=per[players[0]].drawn,
        deals=per[players[0]].deals,
        won={name: per[name].won for name in players},
        rubicons_inflicted={name: per[name].rubicons_inflicted for name in players},
        settlement_net={name: per[name].settlement_net for name in players},
    )


# --- sittings -----------------------------------------------------------------


@frozen
class PartieEntry:
    """One partie of the journal: its id (the journal's order), when it was
    created (ISO 8601 UTC, as `Journal.history()` gives it) and its score.

    Sittings need only `players` and `result` of the score, which the journal's
    history already holds without replaying anything."""

    partie: int
    created: str
    score: dict[str, Any]

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self.score["players"])

    @property
    def finished(self) -> bool:
        return self.score.get("result") is not None


@frozen
class SittingEntry:
    partie: int
    created: str
    winner: str | None
    points: int
    rubicon: bool
    net: dict[str, int]  # each player's running net after this partie


@frozen
class Sitting:
    players: tuple[str, str]
    parties: tuple[SittingEntry, ...]

    @property
    def net(self) -> dict[str, int]:
        return dict(self.parties[-1].net)

    def to_json(self) -> dict[str, Any]:
        return {
            "start": self.parties[0].created,
            "end": self.parties[-1].created,
            "parties": [
                {
                    "partie": row.partie,
                    "created": row.created,
                    "winner": row.winner,
                    "points": row.points,
                    "rubicon": row.rubicon,
                    "net": row.net,
                }
                for row in self.parties
            ],
            "net": self.net,
        }


def _when(created: str) -> datetime | None:
    try:
        return datetime.fromisoformat(created.replace("Z", "+00:00"))
    except (AttributeError, ValueError):
        return None


def _close_in_time(earlier: str, later: str) -> bool:
    a, b = _when(earlier), _when(later)
    return a is not None and b is not None and abs(b - a) <= SITTING_GAP


def sittings(entries: Iterable[PartieEntry]) -> dict[tuple[str, str], list[Sitting]]:
    """Each pair's sittings, in the journal's order (see the module's docstring)."""
    ordered = sorted(entries, key=lambda e: e.partie)
    groups: dict[tuple[str, str], list[list[PartieEntry]]] = {}
    last_seen: dict[tuple[str, str], int] = {}  # index in `ordered` of the pair's last finished
    for index, entry in enumerate(ordered):
        if len(entry.players) != 2 or not entry.finished:
            continue
        pair = pair_of(entry.players)
        runs = groups.setdefault(pair, [])
        before = last_seen.get(pair)
        if before is not None and _same_sitting(ordered, before, index, pair):
            runs[-1].append(entry)
        else:
            runs.append([entry])
        last_seen[pair] = index
    found: dict[tuple[str, str], list[Sitting]] = {}
    for pair, runs in groups.items():
        found[pair] = [_sitting(pair, run) for run in runs]
    return found


def _same_sitting(
    ordered: list[PartieEntry], before: int, index: int, pair: tuple[str, str]
) -> bool:
    if not _close_in_time(ordered[before].created, ordered[index].created):
        return False
    for between in ordered[before + 1 : index]:
        if set(between.players) & set(pair) and pair_of(between.players) != pair:
            return False
    return True


def sitting_ending(last: PartieEntry, earlier: Iterable[PartieEntry]) -> Sitting | None:
    """The sitting that `last` ends, up to `last`: the same grouping as `sittings`,
    read backwards. `earlier` gives the parties before `last` that seat either of its
    two players, newest first; it is read only as far as the sitting's start (the
    first partie that seats one of them against someone else, or the first finished
    partie of the pair more than `SITTING_GAP` before the next one), so a screen
    reads a few rows, never the history. None when `last` is not a finished
    two-player partie."""
    if len(last.players) != 2 or not last.finished:
        return None
    pair = pair_of(last.players)
    run = [last]
    for entry in earlier:
        if len(entry.players) != 2:
            continue  # a game of three or more: not counted (as in `sittings`)
        if pair_of(entry.players) != pair:
            if set(entry.players) & set(pair):
                break  # one of them sat down with someone else
            continue
        if not entry.finished:
            continue  # an unfinished partie of the pair is in no sitting
        if not _close_in_time(entry.created, run[-1].created):
            break
        run.append(entry)
    return _sitting(pair, run[::-1])


def _sitting(pair: tuple[str, str], run: list[PartieEntry]) -> Sitting:
    rows = sitting(entry.score for entry in run)
    return Sitting(
        pair,
        tuple(
            SittingEntry(
                entry.partie,
                entry.created,
                row.winner,
                row.points,
                bool((entry.score.get("result") or {}).get("rubicon")),
                {name: row.net[name] for name in pair},
            )
            for entry, row in zip(run, rows, strict=True)
        ),
    )


# --- everything -------------------------------------------------------------------


@frozen
class Statistics:
    players: dict[str, PlayerFigures]
    pairs: dict[tuple[str, str], PairFigures]
    sittings: dict[tuple[str, str], list[Sitting]]
    games: dict[str, TableFigures] = factory(dict)  # games of three to seven players

    def to_json(self) -> dict[str, Any]:
        """The `piquet stats --json` answer (README, "Statistics")."""
        return {
            "players": {name: self.players[name].to_json() for name in sorted(self.players)},
            "pairs": [
                pair_json(self.pairs[key], self.sittings.get(key, [])) for key in sorted(self.pairs)
            ],
            "games_of_three_to_seven": {
                name: self.games[name].to_json() for name in sorted(self.games)
            },
        }


def pair_json(figures: PairFigures, found: list[Sitting]) -> dict[str, Any]:
    return {
        "players": list(figures.players),
        "parties": figures.parties,
        "won": dict(figures.won),
        "drawn": figures.drawn,
        "rubicons_inflicted": dict(figures.rubicons_inflicted),
        "settlement_net": dict(figures.settlement_net),
        "deals": figures.deals,
        "sittings": [s.to_json() for s in found],
    }


def statistics(entries: Iterable[PartieEntry], games: Iterable[dict[str, Any]] = ()) -> Statistics:
    """Everything, from every two-player partie of the journal (finished or not)
    and the `piquet-score/2` answer of every game of three to seven players."""
    entries = list(entries)
    tables: dict[str, TableFigures] = {}
    for score in games:
        for name, game in game_figures(score).items():
            tables[name] = tables.get(name, TableFigures()) + game
    players: dict[str, PlayerFigures] = {}
    pairs: dict[tuple[str, str], PairFigures] = {}
    for entry in entries:
        per = partie_figures(entry.score)
        for name, figures in per.items():
            players[name] = players.get(name, PlayerFigures()) + figures
        if len(entry.players) == 2:
            one = pair_figures(entry.score, per)
            pairs[one.players] = pairs[one.players] + one if one.players in pairs else one
    return Statistics(players, pairs, sittings(entries), tables)
