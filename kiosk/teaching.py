"""Teaching the scoring on the kiosk (issue 11): the rules guide
(`kiosk/learn.py`), the hand calculator (`kiosk/calculator.py`), drills
(`kiosk/drill_practice.py`) and the guided deal (`kiosk/guided.py`), one
mixin of the Presenter. Every rule, number and word of the game comes from
the engine (`scorer.guide`, `scorer.calculator`, `scorer.drills`,
`scorer.hints`); these modules only show it and keep where you are.
"""

from __future__ import annotations

from kiosk.calculator import HandCalculator
from kiosk.drill_practice import DrillPractice


class Teaching(HandCalculator, DrillPractice):
    screen: str

    def _init_teaching(self) -> None:
        self._init_calculator()
        self._init_drills()
