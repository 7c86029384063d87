"""The kiosk for three to seven players: Piquet Normand, Piquet Voleur,
Piquet à Écrire and Chouette (`piquet-record/2`, docs/record-2.md).

Three presenters the session holds (no Kivy), each adding its screens to the
registry, and the deal's words: the new game's pages and the Chouette seat
(`setup`, `session.multi_setup`), the deal (`deal`, `session.multi_deal`:
the words composed in the deal screen of every form,
`kiosk.screens.deal_screen.DealScreen`, which shows `multi_deal`), which screen
shows, quick mode and the end of a deal (`game`, `session.multi_game`), and
the sheet (`sheet`, `session.multi_sheet`). The New partie rules page asks
`multi_setup` for its forms once one is chosen. The screens are
`kiosk/screens/multi_*.kv` and `chouette_seat.kv`; their Kivy widgets are in
`kiosk.multi.widgets`.
"""

from kiosk.multi.game import CHOUETTE_SEAT, MULTI_DEAL, MULTI_END, MULTI_QUICK
from kiosk.multi.setup import MULTI_NAMES, MULTI_START
from kiosk.multi.sheet import MULTI_LINES, MULTI_SHEET

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

__all__ = ["SCREENS"]
