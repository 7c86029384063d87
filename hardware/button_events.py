"""What the table's buttons say, as plain values.

The kiosk turns them into the same actions as touches:

- `SeatPress(seat)`: the player at that seat won the trick (see `seats.py`
  to turn the seat into "E" or "Y" for the deal), or "this one" elsewhere.
- `ConfirmPress()`: the third button: "next deal", "good".
- `UndoHold(button)`: any button held for the long-press time: undo.
- `BothPressed()`: both seats pressed together: ask who won, do not guess.
"""

from __future__ import annotations

from dataclasses import dataclass

SEAT_A = 0
SEAT_B = 1
CONFIRM = 2


@dataclass(frozen=True)
class SeatPress:
    seat: int


@dataclass(frozen=True)
class ConfirmPress:
    pass


@dataclass(frozen=True)
class UndoHold:
    button: int


@dataclass(frozen=True)
class BothPressed:
    pass


ButtonEvent = SeatPress | ConfirmPress | UndoHold | BothPressed
