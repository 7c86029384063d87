"""The record of a club at the kiosk (issue 13): the partie at a glance on the
sheet (its chart, the Rubicon odds or who leads, the sitting), the history a
page at a time, the players' statistics, head to head and sittings, the
player list, a finished partie's deal corrected by agreement (Law 70), and the
CSV files of the USB export. A presenter the session holds (Kivy-free).

Nothing here reads the whole history: the history, the players, the
opponents and the sittings are read a page at a time from the journal's kept
figures (`journal.club`, schema 5), whatever the number of parties; "More"
reads the next page.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from journal import JournalError
from kiosk.chart import chart_of
from kiosk.i18n import sentence
from kiosk.multi.words import FORM_TITLES
from kiosk.screens import CORRECT, DEAL_LINES, SHEET, STATS, STATS_PAIR, STATS_PLAYER
from kiosk.screens.new_partie import GAME_LABELS
from kiosk.usb import safe_file_name
from scorer import ActionError
from scorer.correction import ROLES, marks_of, stands_at
from scorer.progress import between_deals
from scorer.protocol import is_default_form
from scorer.record import MAX_DEAL_SCORE

if TYPE_CHECKING:  # scorer.stats, scorer.odds, scorer.csv_export: imported on first use
    from kiosk.session import Session
    from scorer.stats import PlayerFigures, Sitting, TableFigures

HISTORY_PAGE = 20  # parties read at a time on the History screen
STATS_PAGE = 12  # players (or a player's opponents) read at a time
SITTINGS_PAGE = 3  # a pair's sittings read at a time
NAMES = 8  # names offered on the new partie's names screen


@dataclass
class CorrectionDraft:
    """A deal of a finished partie being corrected on the Correct screen."""

    partie: int
    deal: int
    was: dict[str, int]  # the deal's points by role, as shown
    seats: list[str]  # the players in the seats' order
    elder: str
    digits: list[str] = field(default_factory=lambda: ["", ""])  # in the seats' order
    field: int = 0
    confirming: bool = False

    def now(self) -> dict[str, int]:
        by_name = dict(zip(self.seats, (int(d) for d in self.digits), strict=True))
        younger = next(n for n in self.seats if n != self.elder)
        return {"elder": by_name[self.elder], "younger": by_name[younger]}


def signed(value: int) -> str:
    """ "+340", "−12" (a true minus sign), "0"."""
    return f"{value:+d}".replace("-", "−") if value else "0"


def local_time(created: str) -> str:
    """An ISO 8601 UTC time as the table's local date and time, "2026-03-01 19:02"."""
    try:
        when = datetime.fromisoformat(str(created).replace("Z", "+00:00"))
    except ValueError:
        return str(created)[:16].replace("T", " ")
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return when.astimezone().strftime("%Y-%m-%d %H:%M")


class ClubScreens:
    """Sheet extras, History, Statistics, Correct, and the export's files."""

    def __init__(self, session: Session) -> None:
        self.s = session
        session.screens.add(CORRECT, self._view_correct)
        session.screens.add(STATS, self._view_stats)
        session.screens.add(STATS_PLAYER, self._view_stats_player)
        session.screens.add(STATS_PAIR, self._view_stats_pair)

    history_limit = HISTORY_PAGE
    stats_limit = STATS_PAGE
    opponents_limit = STATS_PAGE
    sittings_count = SITTINGS_PAGE
    stats_player = ""
    stats_opponent = ""
    correction: CorrectionDraft | None = None

    # ----- the journal's figures, counted when the table is idle ----------------
    def count_figures(self) -> bool:
        """Count a few more parties written before the journal kept figures (a kiosk
        upgraded with a long journal); True while some are left. The app calls it
        every few seconds."""
        if getattr(self.s.journal, "gone", None) or self.s.journal.read_only:
            return False
        try:
            left = self.s.journal.count_figures(0.05)
        except JournalError:  # busy, gone, a disk error: the journal's watch says it
            return False
        if self.s.screen in (STATS, STATS_PLAYER, STATS_PAIR):
            self.s.changed()
        return left > 0

    # ----- the player list (new partie) -------------------------------------
    def recent_names(self, limit: int = NAMES) -> list[str]:
        """Names typed before, the players of the newest parties first (kept
        figures: a few rows, whatever the history's length)."""
        return self.s.journal.club.names(limit)

    # ----- the sheet ---------------------------------------------------------
    def sheet_extras(
        self, partie: int, record: dict[str, Any], score: dict[str, Any], seats: list[str]
    ) -> dict[str, Any]:
        """The chart, the reserved line (the Rubicon odds in the last deals, else
        who leads) and the corrected deals' labels, for the sheet's view."""
        finished = bool(score["finished"])
        lines: list[str] = []
        if not finished:
            from scorer.odds import needs

            lines = needs(
                score, self.s.lang, record.get("game", "rubicon"), record.get("variants") or {}
            )
            if not lines:
                lines = [self._lead(score, seats)]
        return {
            "chart": chart_of(score, seats, record).to_view(),
            "odds": " ".join(lines),
            "bonus_legend": self.s._("P pique · R repique · C capot")
            if any(any(d["bonuses"].values()) for d in score["deals"])
            else "",
            "corrected": [
                n for n, deal in enumerate(record.get("deals") or [], 1) if marks_of(deal)
            ],
        }

    def _lead(self, score: dict[str, Any], seats: list[str]) -> str:
        a, b = (score["totals"][name] for name in seats)
        if a == b:
            return self.s._("Level at {n} all.", n=a)
        leader = seats[0] if a > b else seats[1]
        return self.s._("{name} leads by {n}.", name=leader, n=abs(a - b))

    def sheet_undo(self) -> None:
        """Undo last on the sheet: the current partie's last tap, or the last
        correction of a finished partie opened from the history."""
        partie = self.s.sheet._sheet_partie()
        if partie is None or partie == self.s.current():
            self.s.undo()
            return
        try:
            self.s.journal.undo(partie=partie)
        except ActionError as exc:
            self.s._show(self.s.screen, sentence(exc, self.s._))
            return
        self.s._show(SHEET, self.s._("The correction is undone."))

    def last_is_correction(self, partie: int) -> bool:
        actions = self.s.journal.actions(partie)
        return bool(actions) and "correct" in actions[-1]

    def sitting_line(self, partie: int) -> str:
        """The running net of the sitting this partie ends, up to it: the journal's
        order (`scorer.stats` sittings), from the kept rows it needs only."""
        found = self.s.journal.club.sitting_of(partie)
        if found is None or len(found.parties) < 2:
            return ""
        net = found.parties[-1].net
        parts = ", ".join(
            f"{name} {net[name]:+d}".replace("-", "−") for name in self.s.seats(partie)
        )
        return self.s._("Sitting of {n} parties: {net}", n=len(found.parties), net=parts)

    # ----- a deal's lines, and correcting it ---------------------------------
    def deal_lines_extras(
        self, partie: int, record: dict[str, Any], score: dict[str, Any], number: int
    ) -> dict[str, Any]:
        """Whether the deal may be corrected here, and its corrections in words."""
        deal = (record.get("deals") or [{}])[number - 1]
        notes = []
        seats = self.s.seats(partie)
        names = score["deals"][number - 1]
        for mark in marks_of(deal):
            by = {names[role]: mark["was"][role] for role in ROLES}
            notes.append(
                self.s._(
                    "Corrected by agreement: it stood at {a} {sa}, {b} {sb}.",
                    a=seats[0],
                    sa=by[seats[0]],
                    b=seats[1],
                    sb=by[seats[1]],
                )
            )
        return {
            "can_correct": bool(score["finished"])
            and not self.s.journal.read_only
            and record.get("format", "piquet-record/1") == "piquet-record/1",
            "corrections": "\n".join(notes),
        }

    def correct_deal(self) -> None:
        """From a finished partie's deal: type the totals both players agree on."""
        partie = self.s.sheet._sheet_partie()
        if partie is None:
            return
        score = self.s.journal.score(partie)
        number = min(max(1, self.s.viewing_deal), len(score["deals"]))
        if not score["finished"]:
            self.s._show(self.s.screen, self.s._("Only a finished partie is corrected this way."))
            return
        deal = score["deals"][number - 1]
        self.correction = CorrectionDraft(
            partie, number, stands_at(score, number), self.s.seats(partie), deal["elder"]
        )
        self.s._show(CORRECT)

    def correct_field(self, index: int) -> None:
        if self.correction is not None:
            self.correction.field = index
            self.correction.confirming = False
        self.s.changed()

    def correct_digit(self, digit: str) -> None:
        c = self.correction
        if c is None:
            return
        if digit == "del":
            c.digits[c.field] = c.digits[c.field][:-1]
        elif len(c.digits[c.field]) < 3:
            c.digits[c.field] = (c.digits[c.field] + digit).lstrip("0") or "0"
        c.confirming = False
        self.s.message = ""
        self.s.changed()

    def correct_enter(self) -> None:
        """Enter: on to the other box; with both typed, the players confirm."""
        c = self.correction
        if c is None:
            return
        if not c.digits[c.field]:
            self.s._show(CORRECT, self.s._("Type {name}'s total first.", name=c.seats[c.field]))
            return
        if not c.digits[1 - c.field]:
            c.field = 1 - c.field
            self.s._show(CORRECT)
            return
        high = [n for n, d in zip(c.seats, c.digits, strict=True) if int(d) > MAX_DEAL_SCORE]
        if high:
            self.s._show(
                CORRECT,
                self.s._(
                    "{name}'s total cannot be {n}: a deal scores 0 to {most}.",
                    name=high[0],
                    n=int(c.digits[c.seats.index(high[0])]),
                    most=MAX_DEAL_SCORE,
                ),
            )
            return
        if c.now() == c.was:
            self.s._show(CORRECT, self.s._("These are the totals the deal has already."))
            return
        c.confirming = True
        self.s._show(CORRECT)

    def correct_confirm(self) -> None:
        """Both players agree: the correction goes into the journal (checked there)."""
        c = self.correction
        if c is None or not c.confirming:
            return
        try:
            self.s.journal.correct(c.partie, c.deal, c.now(), was=c.was)
        except ActionError as exc:
            c.confirming = False
            self.s._show(CORRECT, sentence(exc, self.s._))
            return
        self.correction = None
        if c.partie == self.s.current():
            self.s._forget()
        self.s.viewing = c.partie
        self.s._show(SHEET, self.s._("Deal {n} is corrected.", n=c.deal))

    def correct_cancel(self) -> None:
        c = self.correction
        if c is not None and c.confirming:
            c.confirming = False
            self.s._show(CORRECT)
            return
        self.correction = None
        self.s._show(DEAL_LINES)

    def _view_correct(self) -> dict[str, Any]:
        c = self.correction
        if c is None:
            return {
                "title": "",
                "stands": "",
                "labels": ["", ""],
                "digits": ["", ""],
                "field": 0,
                "confirming": False,
                "confirm": "",
                "double": "",
            }
        score = self.s.journal.score(c.partie)
        deal = score["deals"][c.deal - 1]
        younger = next(n for n in c.seats if n != c.elder)
        by_name = {c.elder: c.was["elder"], younger: c.was["younger"]}
        a, b = c.seats
        confirm = ""
        if c.confirming:
            now = dict(zip(c.seats, c.digits, strict=True))
            confirm = self.s._(
                "{a} and {b} both agree: deal {n} gave {a} {na} and {b} {nb} "
                "(not {wa} and {wb}). The sheet will say it was corrected.",
                a=a,
                b=b,
                n=c.deal,
                na=now[a],
                nb=now[b],
                wa=by_name[a],
                wb=by_name[b],
            )
        return {
            "title": self.s._("Correct deal {n}", n=c.deal),
            "stands": self.s._(
                "Deal {n} stands at {a} {sa}, {b} {sb}. Type the totals both players agree on.",
                n=c.deal,
                a=a,
                sa=by_name[a],
                b=b,
                sb=by_name[b],
            ),
            "double": self.s._("(Its points before doubling: it counts double.)")
            if deal["multiplier"] != 1
            else "",
            "labels": [self.s._("{name} (elder)", name=n) if n == c.elder else n for n in c.seats],
            "digits": list(c.digits),
            "field": c.field,
            "confirming": c.confirming,
            "confirm": confirm,
        }

    # ----- History -------------------------------------------------------------
    def history_more(self) -> None:
        self.history_limit += HISTORY_PAGE
        self.s.changed()

    def history_items(self) -> dict[str, Any]:
        """The newest parties, a page at a time: date, players and totals, the
        result (rubicon) or "in progress"."""
        swapped = self.s.state.ids("swapped")
        page = self.s.journal.history_page(None, self.history_limit + 1)
        items = [self._history_item(entry, swapped) for entry in page[: self.history_limit]]
        return {"items": items, "more": len(page) > self.history_limit}

    def _history_item(self, entry: dict[str, Any], swapped: list[int]) -> dict[str, Any]:
        players = list(entry["players"])
        if entry["partie"] in swapped:
            players.reverse()
        totals = entry.get("totals") or {}
        if len(players) == 2:
            a, b = players
            scores = f"{a} {totals.get(a, 0)} – {totals.get(b, 0)} {b}"
        else:  # three to seven players: the form, then every player
            game = str(entry.get("game"))
            scores = f"{self.s._(FORM_TITLES.get(game, game))}{self.s._(':')} " + " · ".join(
                f"{name} {totals.get(name, 0)}" for name in players
            )
        result = entry.get("result") or {}
        if result.get("winners"):  # partners win together (the engine names them)
            result = {**result, "winner": " & ".join(result["winners"])}
        if entry.get("finished") and result:
            if result.get("winner") and result.get("rubicon"):
                status = self.s._(
                    "{winner} won {points}, rubicon",
                    winner=result["winner"],
                    points=result["points"],
                )
            elif result.get("winner"):
                status = self.s._(
                    "{winner} won {points}", winner=result["winner"], points=result["points"]
                )
            else:
                status = self.s._("a draw")
        elif between_deals(
            int(entry.get("deal") or 0), self.s.journal.deals_complete(entry["partie"])
        ):
            status = self.s._("in progress, deal {n} finished", n=entry["deal"])
        else:
            status = self.s._("in progress, deal {n}", n=max(1, int(entry.get("deal") or 1)))
        when = local_time(entry.get("created", ""))
        if (
            len(players) == 2
            and entry.get("game") in GAME_LABELS
            and not is_default_form(entry["game"])
        ):
            when += "  ·  " + self.s._(GAME_LABELS[entry["game"]])
        return {
            "partie": entry["partie"],
            "finished": bool(entry.get("finished")),
            "scores": scores,
            "status": status,
            "when": when,
            "text": f"{scores}\n{when}  ·  {status}",
        }

    # ----- Statistics -----------------------------------------------------------
    def open_stats(self) -> None:
        self.stats_limit = STATS_PAGE
        self.s._show(STATS)

    def stats_more(self) -> None:
        self.stats_limit += STATS_PAGE
        self.s.changed()

    def view_player(self, name: str) -> None:
        self.stats_player = name
        self.opponents_limit = STATS_PAGE
        self.s._show(STATS_PLAYER)

    def opponents_more(self) -> None:
        self.opponents_limit += STATS_PAGE
        self.s.changed()

    def view_pair(self, opponent: str) -> None:
        self.stats_opponent = opponent
        self.sittings_count = SITTINGS_PAGE
        self.s._show(STATS_PAIR)

    def sittings_more(self) -> None:
        self.sittings_count += SITTINGS_PAGE
        self.s.changed()

    def _left_note(self) -> str:
        club = self.s.journal.club
        if not club.kept:  # an older journal open for reading only
            return self.s._(
                "This journal was written by an older program and can only be "
                "read here: it keeps no statistics yet."
            )
        if not club.left():
            return ""
        return self.s._("Still counting older parties; some figures are not in yet.")

    def _record_line(self, figures: PlayerFigures, counted: int) -> str:
        """ "3 parties finished: won 2, lost 1, drawn 0 · 1 unfinished · net +120";
        "2 parties unfinished" while none is finished."""
        unfinished = counted - figures.parties
        if not figures.parties:
            return self.s.n_("{n} partie unfinished", "{n} parties unfinished", unfinished)
        line = self.s.n_(
            "{n} partie finished: won {won}, lost {lost}, drawn {drawn}",
            "{n} parties finished: won {won}, lost {lost}, drawn {drawn}",
            figures.parties,
            won=figures.won,
            lost=figures.lost,
            drawn=figures.drawn,
        )
        if unfinished > 0:
            line += " · " + self.s._("{n} unfinished", n=unfinished)
        return line + " · " + self.s._("net {net}", net=signed(figures.settlement_net))

    def _table_line(self, figures: TableFigures) -> str:
        """ "2 games of three or more finished: won 1 · 1 unfinished · net +35";
        "1 game of three or more unfinished" while none is finished."""
        unfinished = figures.played - figures.games
        if not figures.games:
            return self.s.n_(
                "{n} game of three or more unfinished",
                "{n} games of three or more unfinished",
                unfinished,
            )
        line = self.s.n_(
            "{n} game of three or more finished: won {won}",
            "{n} games of three or more finished: won {won}",
            figures.games,
            won=figures.won,
        )
        if unfinished > 0:
            line += " · " + self.s._("{n} unfinished", n=unfinished)
        return line + " · " + self.s._("net {net}", net=signed(figures.net))

    def _view_stats(self) -> dict[str, Any]:
        """Every player, those of the newest parties first: his two-player parties
        and his games of three to seven players, each on its line."""
        club = self.s.journal.club
        rows = club.players(self.stats_limit + 1)
        items: list[dict[str, Any]] = []
        from scorer.stats import PlayerFigures, TableFigures

        for row in rows[: self.stats_limit]:
            lines = []
            if row.counted:
                lines.append(self._record_line(PlayerFigures.from_dict(row.sums), row.counted))
            table = TableFigures.from_sums(row.sums, None)
            if table.played:
                lines.append(self._table_line(table))
            if not lines:  # a partie whose figures the engine could not read
                continue
            items.append(
                {
                    "name": row.player,
                    "key": f"player-{len(items)}",
                    "text": f"[b]{_escape(row.player)}[/b]\n" + _escape("\n".join(lines)),
                    "lines": 1 + len(lines),
                }
            )
        return {
            "items": items,
            "more": len(rows) > self.stats_limit,
            "note": self._left_note() or ("" if items else self.s._("No partie yet.")),
        }

    def player_rows(self, figures: PlayerFigures) -> list[dict[str, str]]:
        """The player's figures, one line each (key: the `piquet stats --json` field)."""
        _ = self.s._

        def average(role: str) -> str:
            value = figures.average(role)
            return "–" if value is None else f"{value:.1f}"

        return [
            {"key": "parties", "label": _("Parties finished"), "value": str(figures.parties)},
            {"key": "won", "label": _("Won"), "value": str(figures.won)},
            {"key": "lost", "label": _("Lost"), "value": str(figures.lost)},
            {"key": "drawn", "label": _("Drawn"), "value": str(figures.drawn)},
            {
                "key": "rubicons_suffered",
                "label": _("Rubicons suffered"),
                "value": str(figures.rubicons_suffered),
            },
            {
                "key": "rubicons_inflicted",
                "label": _("Rubicons inflicted"),
                "value": str(figures.rubicons_inflicted),
            },
            {
                "key": "settlement_net",
                "label": _("Net of the settlements"),
                "value": signed(figures.settlement_net),
            },
            {"key": "deals", "label": _("Complete deals"), "value": str(figures.deals)},
            {
                "key": "average_elder",
                "label": _("Average deal as elder"),
                "value": average("elder"),
            },
            {
                "key": "average_younger",
                "label": _("Average deal as younger"),
                "value": average("younger"),
            },
            {
                "key": "best_deal",
                "label": _("Best deal"),
                "value": "–" if figures.best_deal is None else str(figures.best_deal),
            },
            {"key": "piques", "label": _("Piques"), "value": str(figures.piques)},
            {"key": "repiques", "label": _("Repiques"), "value": str(figures.repiques)},
            {"key": "capots", "label": _("Capots"), "value": str(figures.capots)},
            {
                "key": "cartes_blanches",
                "label": _("Cartes blanches"),
                "value": str(figures.cartes_blanches),
            },
        ]

    def table_rows(self, figures: TableFigures) -> list[dict[str, str]]:
        """His figures in games of three to seven players, under their heading
        (key: the `piquet stats --json` field of `games_of_three_to_seven`)."""
        _ = self.s._
        average = figures.average()
        return [
            {"key": "table", "label": _("Games of three to seven players"), "value": ""},
            {"key": "table_games", "label": _("Games finished"), "value": str(figures.games)},
            {"key": "table_won", "label": _("Won"), "value": str(figures.won)},
            {
                "key": "table_net",
                "label": _("Net of the settlements"),
                "value": signed(figures.net),
            },
            {"key": "table_deals", "label": _("Complete deals"), "value": str(figures.deals)},
            {
                "key": "table_average",
                "label": _("Average deal"),
                "value": "–" if average is None else f"{average:.1f}",
            },
            {
                "key": "table_best",
                "label": _("Best deal"),
                "value": "–" if figures.best_deal is None else str(figures.best_deal),
            },
        ]

    def _view_stats_player(self) -> dict[str, Any]:
        """His two-player figures (when he has played a partie of two), then his
        games of three to seven players (when he has sat in one), each counted
        apart: a Normand deal is not a two-handed one."""
        name = self.stats_player
        from scorer.stats import PlayerFigures

        club = self.s.journal.club
        figures = club.figures(name) or PlayerFigures()
        table = club.table_figures(name)
        total = club.totals(name)
        two_handed = total is None or total.counted > 0 or table is None
        rows = self.player_rows(figures) if two_handed else []
        counts = []
        if two_handed:
            counts.append(
                self.s._(
                    "Finished parties count in the first lines; every complete "
                    "deal in the others (a deal entered as totals has no "
                    "piques or capots)."
                )
            )
        if table is not None and table.played:
            rows += self.table_rows(table)
            counts.append(
                self.s._(
                    "Games of three to seven players: finished games count in "
                    "their first lines (won: ended with a gain); every complete "
                    "deal he played in the others, his side's score in Voleur."
                )
            )
        found = club.opponents(name, self.opponents_limit + 1)
        opponents: list[dict[str, Any]] = []
        for row in found[: self.opponents_limit]:
            pair = PlayerFigures.from_dict(row.sums)
            opponents.append(
                {
                    "name": row.opponent,
                    "key": f"opponent-{len(opponents)}",
                    "text": f"[b]{_escape(self.s._('against {name}', name=row.opponent))}[/b]\n"
                    + _escape(self._record_line(pair, row.counted)),
                }
            )
        return {
            "title": name,
            "rows": rows,
            "opponents": opponents,
            "more": len(found) > self.opponents_limit,
            "note": self._left_note(),
            "counts": "\n".join(counts),
        }

    def _view_stats_pair(self) -> dict[str, Any]:
        a, b = self.stats_player, self.stats_opponent
        club = self.s.journal.club
        pair = club.pair(a, b)
        by_player: list[dict[str, str]] = []
        shared: list[dict[str, str]] = []
        if pair is not None:
            by_player = [
                {
                    "key": "won",
                    "label": self.s._("Won"),
                    "a": str(pair.won[a]),
                    "b": str(pair.won[b]),
                },
                {
                    "key": "rubicons",
                    "label": self.s._("Rubicons inflicted"),
                    "a": str(pair.rubicons_inflicted[a]),
                    "b": str(pair.rubicons_inflicted[b]),
                },
                {
                    "key": "net",
                    "label": self.s._("Net of the settlements"),
                    "a": signed(pair.settlement_net[a]),
                    "b": signed(pair.settlement_net[b]),
                },
            ]
            shared = [
                {
                    "key": "parties",
                    "label": self.s._("Parties finished"),
                    "value": str(pair.parties),
                },
                {"key": "drawn", "label": self.s._("Drawn"), "value": str(pair.drawn)},
                {"key": "deals", "label": self.s._("Complete deals"), "value": str(pair.deals)},
            ]
        found, more = club.sittings(a, b, None, self.sittings_count)
        return {
            "title": self.s._("{a} against {b}", a=a, b=b),
            "names": [a, b],
            "by_player": by_player,
            "rows": shared,
            "sittings": self.sitting_cards(found, (a, b)),
            "more": more is not None,
            "note": self._left_note(),
        }

    def sitting_cards(self, found: list[Sitting], names: tuple[str, str]) -> list[dict]:
        """Each sitting as on Cavendish's score card: a heading, then a line a
        partie (who won what), with each player's running net under his name."""
        a, b = names
        out: list[dict[str, Any]] = []
        for number, sitting in enumerate(found):
            first = sitting.parties[0]
            out.append(
                {
                    "viewclass": "SittingHead",
                    "key": f"sitting-{number}",
                    "text": self.s.n_(
                        "{when}: {n} partie",
                        "{when}: {n} parties",
                        len(sitting.parties),
                        when=local_time(first.created),
                    ),
                }
            )
            for row in sitting.parties:
                if row.winner:
                    won = self.s._("{winner} won {points}", winner=row.winner, points=row.points)
                    if row.rubicon:
                        won = self.s._("{won}, rubicon", won=won)
                else:
                    won = self.s._("a draw")
                out.append(
                    {
                        "viewclass": "SittingLine",
                        "key": f"sitting-{number}-{row.partie}",
                        "partie": str(row.partie),
                        "won": won,
                        "a": signed(row.net[a]),
                        "b": signed(row.net[b]),
                    }
                )
        return out

    # ----- the USB export's files ----------------------------------------------
    def export_files(self, partie: int, name: str) -> list[tuple[str, bytes]]:
        """The partie's record (JSON), its deals (CSV, one row a deal) and the
        history (CSV, one row a partie), as `piquet export`, `piquet export --csv`
        and `piquet history --csv` write them."""
        from scorer.csv_export import deals_csv

        record = self.s.journal.record(partie)
        files = [
            (
                f"{name}.json",
                (json.dumps(record, indent=2, ensure_ascii=False) + "\n").encode("utf-8"),
            )
        ]
        if record.get("format", "piquet-record/1") == "piquet-record/1":
            files.append(
                (
                    f"{name}-deals.csv",
                    deals_csv(self.s.journal.score(partie), record).encode("utf-8"),
                )
            )
        day = datetime.now().strftime("%Y-%m-%d")
        files.append(
            (safe_file_name(f"piquet-history-{day}") + ".csv", self.history_csv().encode("utf-8"))
        )
        return files

    def history_csv(self) -> str:
        """Every two-player partie, oldest first, from the kept summaries and figures
        (nothing replayed): what `piquet history --csv` prints."""
        from scorer.csv_export import HISTORY_COLUMNS, history_cells, to_csv

        rows = []
        for entry in reversed(self.s.journal.history(details=True)):
            if entry.get("format", "piquet-record/1") != "piquet-record/1":
                continue
            complete = self.s.journal.club.deals_counted(entry["partie"])
            if complete is None:  # not counted yet: replayed once
                score = self.s.journal.score(entry["partie"])
                complete = sum(1 for d in score["deals"] if d["complete"])
            rows.append(history_cells(entry, complete))
        return to_csv(HISTORY_COLUMNS, rows)


def _escape(text: str) -> str:
    """Text shown in a markup label as it is (Kivy's `escape_markup`, without Kivy)."""
    return text.replace("&", "&amp;").replace("[", "&bl;").replace("]", "&br;")
