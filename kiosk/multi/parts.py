"""Three to seven players' presenters, made when a game for more players first
needs them (`session.multi`): `game`, `setup` and `sheet`, and the deal's
words `deal` (the deal screen's own, `DealScreen.more`).

Their modules (and `scorer.multi`'s answers, flow and forms) are imports a
two-player table never uses (~5-20 ms of its start here, with their bytecode
cached): this module imports none of them until asked. Their screens are
registered at once, each with a view that makes its presenter
(`kiosk.multi.VIEWS`), and `Presenter` asks `make_all()` when a `.kv` name
is none of the other parts'.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar, cast

from kiosk.multi import SIDE_FILE_KEYS, VIEWS

if TYPE_CHECKING:
    from kiosk.multi.deal import MultiDeal
    from kiosk.multi.game import MultiGame
    from kiosk.multi.setup import MultiSetup
    from kiosk.multi.sheet import MultiSheet
    from kiosk.session import Session

_P = TypeVar("_P")


class MultiParts:
    """The presenters for more players, each made on its first use."""

    def __init__(self, session: Session) -> None:
        self.s = session
        self._made: dict[str, object] = {}
        for name, (part, method) in VIEWS.items():
            session.screens.add(name, self._view(part, method))

    @property
    def game(self) -> MultiGame:
        """Which screen shows, quick mode and the end of a deal."""
        from kiosk.multi.game import MultiGame

        return self._make("game", MultiGame)

    @property
    def setup(self) -> MultiSetup:
        """The new game's pages and the Chouette seat."""
        from kiosk.multi.setup import MultiSetup

        return self._make("setup", MultiSetup)

    @property
    def sheet(self) -> MultiSheet:
        """The sheet and its lines."""
        from kiosk.multi.sheet import MultiSheet

        return self._make("sheet", MultiSheet)

    @property
    def deal(self) -> MultiDeal:
        """The deal's words (composed in the deal screen)."""
        return self.s.deal.more

    def made(self) -> tuple[object, ...]:
        """The presenters made so far (the session's parts among them)."""
        return tuple(self._made.values())

    def make_all(self) -> tuple[object, ...]:
        """Every presenter, made now if not yet."""
        return (self.game, self.setup, self.sheet)

    def chosen_form(self) -> str:
        """The form for more players chosen on the New partie rules page, ""
        if none (a two-player partie's pages do not make the setup for it)."""
        return self.setup.multi_form() if "setup" in self._made else ""

    def take_up_side_file(self) -> None:
        """What older kiosks kept for more players in the side file, said in the
        journal once (`MultiGame.take_up_multi_side_file`); nothing is made when
        the side file keeps none."""
        if any(self.s.state.data.get(key) for key in SIDE_FILE_KEYS):
            self.game.take_up_multi_side_file()

    def _make(self, name: str, make: Callable[[Session], _P]) -> _P:
        part = self._made.get(name)
        if part is None:
            part = self._made[name] = make(self.s)
        return cast(_P, part)  # made by `make`, kept under its name

    def _view(self, part: str, method: str) -> Callable[[], dict[str, Any]]:
        def view() -> dict[str, Any]:
            shown: dict[str, Any] = getattr(getattr(self, part), method)()
            return shown

        return view
