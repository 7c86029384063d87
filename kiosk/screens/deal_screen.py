"""The deal screen: one presenter for every form, over the game protocol.

`DealScreen` is the one part of the kiosk the deal's `.kv` rules and the
session call, whatever the form (two-handed Piquet's three partie forms,
Normand, Voleur, à Écrire, Chouette): `answer(key)` for a tap on an answer,
`trick_won(seat)` for a trick, and the view of the `deal` and `multi_deal`
screens. Where the deal stands is read once per change from the protocol's
`progress()` (`scorer.protocol.TableProgress`: the phase, who acts, the
tricks by seat, the leader, whether the game is over), and the parts every
form shares are built from it here: the phase in the title, whether the
play is on, each seat's tricks and whether it leads, the LEDs' lead.

What differs between forms is composed in, never inherited: a form's
*words* (`DealWords`) turn the question standing into words and buttons and
a tap into its journal action — `DealQuestions` (`kiosk/screens/deal.py`)
for two players, from `scorer.progress`'s question and grids; `MultiDeal`
(`kiosk/multi/deal.py`) for three to seven, from `scorer.multi.answers`'
question (the very one the protocol's progress carries). Which words speak
is the form's traits' answer (`scorer.multi.traits.record_traits`), never a
comparison of its name. What remains to make of the two one is written in
docs/architecture.md ("The deal screen").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from kiosk.multi import MULTI_DEAL
from kiosk.screens import DEAL
from kiosk.screens.deal import PHASE_NAMES, DealQuestions
from scorer.frozen import frozen
from scorer.multi.traits import record_traits
from scorer.piquet_forms import table_progress
from scorer.protocol import TableProgress, form_of

if TYPE_CHECKING:
    from kiosk.multi.deal import MultiDeal
    from kiosk.session import Session


@frozen
class SeatRow:
    """One seat's place in the play: `seat` is the protocol's (a role between
    two players, a letter A to G for more), its tricks in the deal in play, and
    whether it leads the next trick."""

    seat: str
    tricks: int
    leads: bool


class DealWords(Protocol):
    """A form's part of the deal screen (composed in `DealScreen`)."""

    def on_screen(self, now: TableProgress) -> list[str]:
        """The protocol's seats in their places on the screen, first to last."""
        ...

    def screen_view(self, now: TableProgress, rows: list[SeatRow]) -> dict[str, Any]:
        """The screen's values: the header, the question's words and buttons,
        the play's buttons from `rows`."""
        ...

    def answer(self, key: str) -> None:
        """A tap on the answer `key`: its journal action."""
        ...

    def trick_won(self, seat: int | str) -> None:
        """The seat that won the trick: its place on the screen (0 or 1,
        two players) or its letter (more)."""
        ...


class DealScreen:
    """The deal screen of every form: the protocol's progress, read once per
    change, and the form's words composed in."""

    def __init__(self, session: Session) -> None:
        self.s = session
        self.two = DealQuestions(session)  # two-handed Piquet's words
        self._more: MultiDeal | None = None
        session.screens.add(DEAL, self._view_deal_screen)
        session.screens.add(MULTI_DEAL, self._view_deal_screen)
        self._now: tuple[object, object, TableProgress] | None = None  # record, tally, progress

    @property
    def more(self) -> MultiDeal:
        """Three to seven players' words, made (their modules imported) when a
        game for more players first needs them: a two-player table never does."""
        if self._more is None:
            from kiosk.multi.deal import MultiDeal

            self._more = MultiDeal(self.s)
        return self._more

    # ----- where the deal stands ---------------------------------------------
    def words(self) -> DealWords:
        """The current form's words (its traits say whether it is for more players)."""
        return self.more if record_traits(self.s.record()) else self.two

    def table_progress(self) -> TableProgress:
        """The protocol's progress of the current partie, kept until the journal
        (or the language) changes. Two players: from the session's
        `scorer.progress` (read once a change already), its grid left to the
        words that read it there; more: the form's `progress()`, whose question
        the words then show."""
        record, tally = self.s.record(), self.s.tally()
        kept = self._now
        # both are read again from the journal after any change (Session._forget)
        if kept is not None and kept[0] is record and kept[1] is tally:
            return kept[2]
        form = form_of(record)
        if record_traits(record) is None:
            now = table_progress(form.name, record, self.s.progress(), answers=False)
        else:
            now = form.progress(record, self.s.score(), self.more._multi()["actions"])
        self._now = (record, tally, now)
        return now

    def seat_rows(self, now: TableProgress) -> list[SeatRow]:
        """Each seat in its place on the screen, with its tricks and the lead."""
        return [
            SeatRow(seat, now.tricks.get(seat, 0), now.phase == "play" and seat == now.leader)
            for seat in self.words().on_screen(now)
        ]

    # ----- the view ---------------------------------------------------------
    def _view_deal_screen(self) -> dict[str, Any]:
        if self.s.current() is None:
            return {}
        now = self.table_progress()
        view = self.words().screen_view(now, self.seat_rows(now))
        phase = PHASE_NAMES.get(now.phase)
        view["phase"] = self.s._(phase) if phase else ""
        if view["phase"] and "header" in view:  # "Deal 2 of 6 · The exchange"
            view["header"]["title"] += " · " + view["phase"]
        view["play"] = now.phase == "play"
        view["guide"] = self.s.guided.guided_hint()
        return view

    # ----- taps: one entry for every form ------------------------------------
    def answer(self, key: str) -> None:
        """One tap on an answer button of the deal screen: one journal action
        (the first tap of a two-tap answer too)."""
        self.words().answer(key)

    def trick_won(self, seat: int | str) -> None:
        """The seat that won the trick (its place on the screen between two
        players, its letter for more); only while the play is on."""
        if self.s.current() is None or self.table_progress().phase != "play":
            return
        self.words().trick_won(seat)

    def lead_seat(self) -> int | None:
        """The place on the screen (0: left or top) of the seat that leads, for
        the seat buttons' LEDs; None outside the play."""
        if self.s.current() is None or self.s.screen != DEAL:
            return None
        now = self.table_progress()
        rows = self.seat_rows(now)
        return next((i for i, row in enumerate(rows) if row.leads), None)

    def next_deal(self) -> None:
        """The end of a two-player deal: the next deal, or the final sheet."""
        self.two.next_deal()

    def final_sheet(self) -> None:
        self.two.final_sheet()
