"""What the table's buttons say, as plain values.

The kiosk turns them into the same actions as touches:

- `SeatPress(seat)`: the player at that seat won the trick (see `seats.py`
  to turn the seat into "E" or "Y" for the deal), or "this one" elsewhere.
- `ConfirmPress()`: the third button: "next deal", "good".
- `UndoHold(button)`: any button held for the long-press time: undo what
  was shown when the press began (`pressed_at`), on a playing screen only.
- `BothPressed()`: both seats pressed together: ask who won, do not guess.

Every event carries `pressed_at`: when its press began (for `BothPressed`,
the first of the two), on the press logic's clock, which on the table is
`time.monotonic()`, a clock the kiosk can read too. `None` only in values
built by hand. See `press_logic.py` for when each event is decided.
"""

from __future__ import annotations

from dataclasses import dataclass

SEAT_A = 0
SEAT_B = 1
CONFIRM = 2


@dataclass(frozen=True)
class SeatPress:
    seat: int
    pressed_at: float | None = None


@dataclass(frozen=True)
class ConfirmPress:
    pressed_at: float | None = None


@dataclass(frozen=True)
class UndoHold:
    button: int  # SEAT_A, SEAT_B or CONFIRM
    pressed_at: float | None = None

    @property
    def seat(self) -> int | None:
        """The seat whose button is held, or None for the confirm button."""
        return self.button if self.button in (SEAT_A, SEAT_B) else None


@dataclass(frozen=True)
class BothPressed:
    pressed_at: float | None = None


ButtonEvent = SeatPress | ConfirmPress | UndoHold | BothPressed
