"""The Rubicon odds: what the trailing player needs in the last deals, and how
often deals give that much (issue 13; `docs/odds.md`).

The frequencies come from `scorer/data/rubicon_odds.json`, made once by
`scripts/build_odds.py` from random deals played by the simple policy of
`scorer.odds_simulation` and scored by this engine. Nothing here is typed by
hand. Reading that packaged file is the module's only I/O.

For callers (the kiosk's sheet, the printed sheet, the command line):

- `needs(score_json, lang="en", game=None, variants=None) -> list[str]`: the
  sentences for the trailing player before and during the last one or two
  deals ("Bruno needs 37 in the last deal to cross the Rubicon: about 1 deal
  in 4 gives that much to Younger."). Empty when there is nothing to say.
- `rubicon_needs(score_json, game=None) -> list[Need]`: the same as data.
- `odds_table() -> OddsTable`: the stored table (cached), with
  `at_least(role, n)` = P(one deal gives that role >= n points) and its
  standard error, and `margin_at_least(role, n)` = P(that role outscores the
  other by >= n in one deal).
- `chance(needed, roles, multipliers, kind)`: the chance that the remaining
  deals give that much, the deals combined by convolution (deals are
  independent).

The table is for the default rules (standard trick count, no house rule):
with variants that change the scores, the sentences give the need without a
frequency.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from scorer.partie import EXTRA_DEALS, REGULAR_DEALS, RUBICON, multiplier
from scorer.record import MAX_DEAL_SCORE
from scorer.wording import a
from vocabulary import Words
from vocabulary.tables import Table
from vocabulary.terms import term

FORMAT = "piquet-rubicon-odds/1"
DATA_FILE = "rubicon_odds.json"
ROLES = ("elder", "younger")


# --- the stored table -------------------------------------------------------------


def tail(counts: list[int]) -> list[int]:
    """tail[n] = how many outcomes are >= index n."""
    out = [0] * len(counts)
    running = 0
    for index in range(len(counts) - 1, -1, -1):
        running += counts[index]
        out[index] = running
    return out


def frequency_table(counts: list[int], deals: int) -> dict[str, list[float]]:
    """P(>= n) for every n, and its standard error sqrt(p(1-p)/N), rounded to 6 places."""
    at_least = [k / deals for k in tail(counts)]
    error = [math.sqrt(p * (1 - p) / deals) for p in at_least]
    return {
        "at_least": [round(p, 6) for p in at_least],
        "standard_error": [round(e, 6) for e in error],
    }


def tables_from_counts(counts: dict[str, Any]) -> dict[str, Any]:
    """The published tables of the stored file, derived from its counts.

    "elder"/"younger": P(one deal gives that role >= n points), n = 0..173;
    "elder_margin"/"younger_margin": P(that role outscores the other by >= n
    points in one deal), n = 0..173. Each with its standard error."""
    deals = counts["deals"]
    by_elder = counts["difference"]  # index = elder - younger + 173
    by_younger = list(reversed(by_elder))  # index = younger - elder + 173
    # from index 173 on: margins 0..173; tail() there counts margins >= n
    return {
        "elder": frequency_table(counts["elder"], deals),
        "younger": frequency_table(counts["younger"], deals),
        "elder_margin": frequency_table(by_elder[MAX_DEAL_SCORE:], deals),
        "younger_margin": frequency_table(by_younger[MAX_DEAL_SCORE:], deals),
    }


@dataclass(frozen=True)
class OddsTable:
    """Histograms of one deal's points by role (index = points 0..173) and of
    Elder's points minus Younger's (index = difference + 173), over `deals` deals."""

    deals: int
    elder: tuple[int, ...]
    younger: tuple[int, ...]
    difference: tuple[int, ...]
    seed: int = 0
    policy_version: int = 0

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> OddsTable:
        if data.get("format") != FORMAT:
            raise ValueError(f"not a {FORMAT} file")
        counts = data["counts"]
        return cls(
            deals=counts["deals"],
            elder=tuple(counts["elder"]),
            younger=tuple(counts["younger"]),
            difference=tuple(counts["difference"]),
            seed=data.get("seed", 0),
            policy_version=data.get("policy_version", 0),
        )

    def points(self, role: str) -> list[float]:
        """The distribution of one deal's points for `role`: p[k] = P(exactly k)."""
        counts = self.elder if role == "elder" else self.younger
        return [k / self.deals for k in counts]

    def margin(self, role: str) -> dict[int, float]:
        """The distribution of `role`'s points minus the other's in one deal."""
        sign = 1 if role == "elder" else -1
        return {
            sign * (index - MAX_DEAL_SCORE): k / self.deals
            for index, k in enumerate(self.difference)
            if k
        }

    def at_least(self, role: str, n: int) -> float:
        """P(one deal gives `role` n points or more)."""
        if n <= 0:
            return 1.0
        counts = self.elder if role == "elder" else self.younger
        return sum(counts[n:]) / self.deals

    def standard_error(self, role: str, n: int) -> float:
        p = self.at_least(role, n)
        return math.sqrt(p * (1 - p) / self.deals)

    def margin_at_least(self, role: str, n: int) -> float:
        """P(`role` outscores the other by n points or more in one deal)."""
        return sum(p for d, p in self.margin(role).items() if d >= n)


@cache
def odds_table() -> OddsTable:
    """The table stored with the package (read once)."""
    text = resources.files("scorer").joinpath("data", DATA_FILE).read_text(encoding="utf-8")
    return OddsTable.from_json(json.loads(text))


# --- combining deals -------------------------------------------------------------


def _scaled(dist: dict[int, float], by: int) -> dict[int, float]:
    return {value * by: p for value, p in dist.items()}


def convolve(a: dict[int, float], b: dict[int, float]) -> dict[int, float]:
    """The distribution of the sum of two independent values."""
    out: dict[int, float] = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, 0.0) + p * q
    return out


def combined(
    roles: tuple[str, ...], multipliers: tuple[int, ...], kind: str, table: OddsTable
) -> dict[int, float]:
    """The distribution of what deals in those roles give together (by convolution)."""
    total: dict[int, float] = {0: 1.0}
    for role, times in zip(roles, multipliers, strict=True):
        if kind == "points":
            one = {k: p for k, p in enumerate(table.points(role)) if p}
        else:
            one = table.margin(role)
        total = convolve(total, _scaled(one, times))
    return total


@cache
def _stored_combined(roles: tuple[str, ...], multipliers: tuple[int, ...], kind: str):
    return combined(roles, multipliers, kind, odds_table())


def chance(
    needed: int,
    roles: tuple[str, ...],
    multipliers: tuple[int, ...],
    kind: str = "points",
    table: OddsTable | None = None,
) -> float:
    """P(the remaining deals give a player `needed` or more), the player being
    `roles[i]` in deal i, which counts `multipliers[i]` times.

    `kind` "points": his own points; "margin": his points minus the other's.
    The stored table's combinations are computed once and kept.
    """
    if table is None:
        total = _stored_combined(tuple(roles), tuple(multipliers), kind)
    else:
        total = combined(tuple(roles), tuple(multipliers), kind, table)
    return min(1.0, sum(p for value, p in total.items() if value >= needed))


# --- what the trailing player needs ----------------------------------------------


@dataclass(frozen=True)
class Need:
    """What `player` needs over the remaining deals.

    kind "rubicon": `points` more to reach 100 (not to be rubiconed);
    kind "win": to outscore `opponent` by `points` (a margin) over those deals.
    `roles`/`multipliers`: his role in each remaining deal (the first may be in
    progress) and what it counts. `so_far`: what the deal in progress has given
    him already (points, or margin). `possible`: the remaining deals can still
    give that much. `chance`: P(whole remaining deals give that much), from the
    table; None when the table does not apply (house rules).
    """

    player: str
    opponent: str
    kind: str
    points: int
    roles: tuple[str, ...]
    multipliers: tuple[int, ...]
    so_far: int
    possible: bool
    chance: float | None

    @property
    def deals(self) -> int:
        return len(self.roles)


def _game_of(score: dict[str, Any], game: str | None) -> str:
    if game is not None:
        return game
    deals = score.get("deals") or []
    return "four-deal" if deals and deals[0].get("multiplier") == 2 else "rubicon"


def _remaining(game: str, complete: int) -> int:
    regular = REGULAR_DEALS[game]
    if complete < regular:
        return regular - complete
    return regular + EXTRA_DEALS - complete


def rubicon_needs(
    score: dict[str, Any], game: str | None = None, variants: dict[str, Any] | None = None
) -> list[Need]:
    """The needs of the trailing player (of each player under 100 when level),
    when one or two deals remain; [] otherwise (finished, au Cent, earlier deals).

    `score` is a `piquet-score/1` dict. `game` defaults to "four-deal" when deal
    1 counts double, else "rubicon". A deal in progress counts as remaining;
    the needs are reckoned from the totals at its start, and what it has given
    so far is `so_far`.
    """
    game = _game_of(score, game)
    if score.get("finished") or game not in REGULAR_DEALS:
        return []
    players = list(score["players"])
    deals = list(score.get("deals") or [])
    done = [d for d in deals if d.get("complete")]
    in_play = next((d for d in deals if not d.get("complete")), None)
    base = dict.fromkeys(players, 0)
    for deal in done:
        for name in players:
            base[name] += deal["scores"][name]
    partial = dict.fromkeys(players, 0)
    if in_play is not None:
        partial = {name: in_play["scores"][name] for name in players}
    left = _remaining(game, len(done))
    if not 1 <= left <= 2:
        return []
    if in_play is not None:
        first_elder = in_play["elder"]
    elif done:
        first_elder = done[-1]["younger"]
    else:
        return []
    numbers = [len(done) + 1 + i for i in range(left)]
    times = tuple(multiplier(game, n) for n in numbers)
    exact = not any(value not in (None, False, "standard") for value in (variants or {}).values())

    def roles_of(name: str) -> tuple[str, ...]:
        firsts = "elder" if name == first_elder else "younger"
        second = "younger" if firsts == "elder" else "elder"
        return (firsts, second)[:left]

    a, b = players
    if base[a] == base[b]:
        trailing = [name for name in players if base[name] < RUBICON]
    else:
        trailing = [a if base[a] < base[b] else b]
    found: list[Need] = []
    for name in trailing:
        opponent = b if name == a else a
        roles = roles_of(name)
        most = MAX_DEAL_SCORE * sum(times)
        if base[name] < RUBICON and base[name] + partial[name] < RUBICON:
            needed = RUBICON - base[name]
            found.append(
                Need(
                    name,
                    opponent,
                    "rubicon",
                    needed,
                    roles,
                    times,
                    partial[name],
                    needed <= most,
                    chance(needed, roles, times, "points") if exact else None,
                )
            )
        if base[name] < base[opponent]:
            needed = base[opponent] - base[name] + 1
            found.append(
                Need(
                    name,
                    opponent,
                    "win",
                    needed,
                    roles,
                    times,
                    partial[name] - partial[opponent],
                    needed <= most,
                    chance(needed, roles, times, "margin") if exact else None,
                )
            )
    return found


# --- in words ---------------------------------------------------------------------
# The English templates are the table `ODDS`; every other language has them in
# its catalog (context `odds.<key>`). The players' roles are the game's terms.

ODDS = Table(
    "odds",
    {
        "deals.1": "in the last deal",
        "deals.1.double": "in the last deal (it counts double)",
        "deals.2": "in the last two deals",
        "so_far.rubicon": " ({n} so far)",
        "so_far.win": " ({n:+d} so far in this deal)",
        "rubicon": "{name} needs {n} {deals} to cross the {t.rubicon}{so_far}",
        "win": "To win, {name} must outscore {opponent} by {n} {deals}{so_far}",
        "rubicon.impossible": "{name} can no longer cross the {t.rubicon}: {n} is more than "
        "the remaining deals can give",
        "win.impossible": "{name} can no longer win: {opponent} is too far ahead",
        "odds.rubicon.1": "{freq} {gives} that much to {role}",
        "odds.win.1": "{freq} {procures} {role} that margin",
        "odds.rubicon.2": "{freq}, two deals give that much to a player who is Elder once "
        "and Younger once",
        "odds.win.2": "{freq}, two deals give that margin to a player who is Elder once "
        "and Younger once",
        "gives.1": "gives",
        "gives.n": "give",
        "procures.1": "gives",
        "procures.n": "give",
        "freq.deal.one": "about 1 deal in {d}",
        "freq.deal.many": "about {k} deals in 10",
        "freq.deal.all": "almost every deal",
        "freq.deal.none": "fewer than 1 deal in {d}",
        "freq.time.one": "about 1 time in {d}",
        "freq.time.many": "about {k} times in 10",
        "freq.time.all": "almost always",
        "freq.time.none": "fewer than 1 time in {d}",
        "separator": ": ",
        "thousands": ",",
    },
)


def _number(n: int, lang: str) -> str:
    """1,000 in English, 1 000 (a narrow no-break space) in French."""
    return f"{n:,}".replace(",", Words(lang).table(ODDS, "thousands"))


class _Words:
    """`words["key"]`: a template of `ODDS` in one language."""

    def __init__(self, lang: str) -> None:
        self.words = Words(lang)
        self.lang = self.words.lang

    def __getitem__(self, key: str) -> str:
        return self.words.table(ODDS, key)


def _round_denominator(d: float) -> int:
    """1 in d, rounded as people say it: exact to 20, then two significant digits."""
    if d < 20:
        return max(2, round(d))
    digits = 10 ** (int(math.log10(d)) - 1)
    return int(round(d / digits) * digits)


def frequency_words(p: float, unit: str, lang: str, sample: int) -> tuple[str, bool]:
    """("about 1 deal in 4", plural?) for a probability p; unit "deal" or "time"."""
    words = _Words(lang)
    if p <= 0:
        return words[f"freq.{unit}.none"].format(d=_number(sample, lang)), False
    if p >= 0.95:
        return words[f"freq.{unit}.all"], False
    if p > 0.5:
        return words[f"freq.{unit}.many"].format(k=round(p * 10)), True
    return words[f"freq.{unit}.one"].format(d=_number(_round_denominator(1 / p), lang)), False


def describe(need: Need, lang: str = "en", sample: int | None = None) -> str:
    """One need as a sentence in `lang` ("en" or "fr")."""
    words = _Words(lang)
    lang = words.lang
    if not need.possible:
        return (
            words[f"{need.kind}.impossible"].format(
                name=need.player, opponent=need.opponent, n=need.points
            )
            + "."
        )
    if need.deals == 2:
        deals = words["deals.2"]
    else:
        deals = words["deals.1.double" if need.multipliers[0] == 2 else "deals.1"]
    so_far = words[f"so_far.{need.kind}"].format(n=need.so_far) if need.so_far else ""
    text = words[need.kind].format(
        name=need.player, opponent=need.opponent, n=need.points, deals=deals, so_far=so_far
    )
    if need.chance is None:
        return text + "."
    sample = sample if sample is not None else odds_table().deals
    unit = "deal" if need.deals == 1 else "time"
    freq, plural = frequency_words(need.chance, unit, lang, sample)
    odds = words[f"odds.{need.kind}.{need.deals}"].format(
        freq=freq,
        gives=words["gives.n" if plural else "gives.1"],
        procures=words["procures.n" if plural else "procures.1"],
        role=term(need.roles[0], lang),
        a_role=a(term(need.roles[0], lang)),
    )
    return text + words["separator"] + odds + "."


def needs(
    score: dict[str, Any],
    lang: str = "en",
    game: str | None = None,
    variants: dict[str, Any] | None = None,
) -> list[str]:
    """Sentences for the trailing player in the last deals (see `rubicon_needs`)."""
    return [describe(need, lang) for need in rubicon_needs(score, game, variants)]
