"""The kiosk for three to seven players: Piquet Normand, Piquet Voleur,
Piquet à Écrire and Chouette (`piquet-record/2`, docs/record-2.md).

`MultiTable` is the Presenter's mixin (no Kivy): the new game's pages
(`setup`), the deal (`deal`, its announcing replayed by `flow`), which
screen shows, quick mode and the end of a deal (`game`), and the sheet
(`sheet`). It comes first among the Presenter's bases because it extends
the New partie rules page (`set_game`, `rules_done`, its view). The screens
are `kiosk/screens/multi_*.kv` and `chouette_seat.kv`; their Kivy widgets
are in `kiosk.multi.widgets`.
"""

from kiosk.multi.deal import MultiDeal
from kiosk.multi.game import CHOUETTE_SEAT, MULTI_DEAL, MULTI_END, MULTI_QUICK, MultiGame
from kiosk.multi.setup import MULTI_NAMES, MULTI_START
from kiosk.multi.sheet import MULTI_LINES, MULTI_SHEET
from kiosk.multi.table import is_multi

SCREENS = (
    MULTI_NAMES,
    MULTI_START,
    MULTI_DEAL,
    MULTI_END,
    MULTI_QUICK,
    CHOUETTE_SEAT,
    MULTI_SHEET,
    MULTI_LINES,
)


class MultiTable(MultiGame, MultiDeal):
    """The Presenter's part for games of three to seven players."""


__all__ = ["SCREENS", "MultiTable", "is_multi"]
