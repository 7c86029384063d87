"""The kiosk for three to seven players: Piquet Normand, Piquet Voleur,
Piquet à Écrire and Chouette (`piquet-record/2`, docs/record-2.md).

Three presenters the session makes when a game for more players first needs
them (`session.multi`, `kiosk.multi.parts`: their screens are registered at
start, each with a view that makes its presenter), and the deal's words:
the new game's pages and the Chouette seat (`setup`, `session.multi.setup`),
the deal (`deal`, `session.multi.deal`: the words composed in the deal screen
of every form, `kiosk.screens.deal_screen.DealScreen`, which shows
`multi_deal`), which screen shows, quick mode and the end of a deal (`game`,
`session.multi.game`), and the sheet (`sheet`, `session.multi.sheet`). The
New partie rules page asks `multi.setup` for its forms. The screens are
`kiosk/screens/multi_*.kv` and `chouette_seat.kv`; their Kivy widgets are in
`kiosk.multi.widgets`.
"""

# The screens' names live here, not in the presenters' modules: the package is
# imported at start (`kiosk.multi.table`, the app's rules), the presenters only
# when a game for three to seven players needs them (`kiosk.multi.parts`),
# which spares a two-player table their imports.
MULTI_DEAL, MULTI_END, MULTI_QUICK = "multi_deal", "multi_end", "multi_quick"
MULTI_NAMES, MULTI_START, CHOUETTE_SEAT = "multi_names", "multi_start", "chouette_seat"
MULTI_SHEET, MULTI_LINES = "multi_sheet", "multi_lines"

# What kiosks before the journal kept for more players in the side file
# (`MultiGame.take_up_multi_side_file` says it in the journal once).
SIDE_FILE_KEYS = ("multi_quick", "multi_pending")

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

# Each screen's presenter (`kiosk.multi.parts.MultiParts`' attribute) and its
# view method, registered at start without making the presenter
# (`multi_deal` is the deal screen's, registered by `DealScreen`).
VIEWS = {
    MULTI_END: ("game", "_view_multi_end"),
    MULTI_QUICK: ("game", "_view_multi_quick"),
    MULTI_NAMES: ("setup", "_view_multi_names"),
    MULTI_START: ("setup", "_view_multi_start"),
    CHOUETTE_SEAT: ("setup", "_view_chouette_seat"),
    MULTI_SHEET: ("sheet", "_view_multi_sheet"),
    MULTI_LINES: ("sheet", "_view_multi_lines"),
}

__all__ = ["SCREENS", "SIDE_FILE_KEYS", "VIEWS"]
