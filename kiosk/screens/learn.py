"""Learn: the rules guide on the kiosk, and the way back to where you were.

A presenter the session holds (Kivy-free). The words and numbers are the guide's
(`scorer.guide`, built from the engine, in the kiosk's language); this module
only lists its sections by part, shows one with its worked examples, and
keeps a trail of the places visited so that Back returns to where you were:
the list, a section you followed a "See also" from, the end of a deal or the
deal's lines whose score line you tapped, the calculator or a drill.

- `open_learn()`: the list of sections (Home's Learn), a fresh trail.
- `open_section(section_id)`: a section at its top.
- `open_rule(rule)`: a tapped score line: its section at a worked example
  showing such a line (`example_for_rule`), the example's lines of that rule
  marked.
- `learn_back()`: the place before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kiosk.screens import GUIDE_SECTION, HOME, LEARN, TEACHING
from scorer.frozen import frozen

if TYPE_CHECKING:
    from kiosk.session import Session

# the guide's parts, in its order (English message ids, French in piquet.po)
PART_TITLES = {
    "deal": "The deal",
    "declarations": "The declarations: point, sequences, sets",
    "play": "The play and the cards",
    "bonuses": "Pique, repique and the order of reckoning",
    "partie": "The partie: Rubicon, four deals, au Cent",
    "house rules": "House rules",
    "more players": "Three players or more",
}
SECTION_KEY = "section-"
RULE_KEY = "rule-"


def _guide() -> Any:
    """scorer.guide, imported when Learn is first opened (not at the kiosk's start)."""
    import scorer.guide
    import scorer.guide.model

    return scorer.guide


@frozen
class Place:
    """Where Back returns to: a screen, and on the guide, which section at which
    example (and the rule whose lines are marked)."""

    screen: str
    section: str = ""
    example: str = ""
    rule: str = ""


def _points(points: int) -> str:
    return str(points)


class Learning:
    """The Learn screens: `learn` (the list) and `guide_section`."""

    def __init__(self, session: Session) -> None:
        self.s = session
        session.screens.add(LEARN, self._view_learn)
        session.screens.add(GUIDE_SECTION, self._view_guide_section)
        self.learn_trail: list[Place] = []
        self.guide_place = Place(GUIDE_SECTION, "deal")
        self.guide_visit = 0  # bumped at each opening: the screen scrolls to its place

    # ----- navigation -----------------------------------------------------
    def teaching_back(self) -> bool:
        """Back on a teaching screen: to where you were (True), else False."""
        if self.s.screen in (LEARN, *TEACHING):
            self.learn_back()
            return True
        return False

    def here(self) -> Place:
        if self.s.screen == GUIDE_SECTION:
            return self.guide_place
        return Place(self.s.screen)

    def open_learn(self) -> None:
        """The guide's list of sections, from Home: a fresh trail back to Home."""
        self.learn_trail = [Place(HOME)]
        self.guide_visit += 1
        self.s.guided.guided_asking = False  # asked afresh at each tap on the guided deal
        self.s._show(LEARN)

    def _open(self, place: Place, remember: bool = True) -> None:
        if remember:
            self.learn_trail.append(self.here())
            del self.learn_trail[:-40]  # a long wander keeps the last places
        self.guide_place = place
        self.guide_visit += 1
        self.s._show(GUIDE_SECTION)

    def open_section(self, section_id: str) -> None:
        """A section at its top (from the list, or a See also)."""
        section_id = section_id.removeprefix(SECTION_KEY)
        try:
            _guide().section(section_id, self.s.lang)
        except KeyError:
            return
        self._open(Place(GUIDE_SECTION, section_id))

    def open_rule(self, rule: str) -> None:
        """A tapped score line: the section of its rule, at a worked example."""
        rule = rule.removeprefix(RULE_KEY)
        try:
            found, example = _guide().example_for_rule(rule, self.s.lang)
        except KeyError:
            return
        self._open(Place(GUIDE_SECTION, found.id, example.id if example else "", rule))

    def learn_back(self) -> None:
        place = self.learn_trail.pop() if self.learn_trail else Place(HOME)
        if place.screen == GUIDE_SECTION:
            self._open(place, remember=False)
        else:
            if place.screen == LEARN:
                self.guide_visit += 1
            self.s._show(place.screen)

    # ----- views ------------------------------------------------------------
    def _view_learn(self) -> dict[str, Any]:
        _ = self.s._
        parts = []
        for part in _guide().PARTS:
            items = [
                {"key": SECTION_KEY + s.id, "label": s.title}
                for s in _guide().guide(self.s.lang)
                if s.part == part
            ]
            if items:
                parts.append({"title": _(PART_TITLES.get(part, part)), "items": items})
        return {
            "parts": parts,
            "visit": self.guide_visit,
            "guided_question": self.s.guided.guided_question(),
            "start_here": _(
                "New to Piquet? Start with “{title}”.",
                title=_guide().section("deal", self.s.lang).title,
            ),
        }

    def _view_guide_section(self) -> dict[str, Any]:
        place = self.guide_place
        found = _guide().section(place.section, self.s.lang)
        words = _guide().words.small_words(self.s.lang)
        colon = self.s._(":")  # French: a narrow no-break space before it
        examples = []
        for example in found.examples:
            lines: list[dict[str, Any]] = []
            deals: list[str] = []
            if len(example.deals) > 1:  # a whole partie: each deal's scores
                for deal in example.deals:
                    scores = "  ·  ".join(f"{n} {p}" for n, p in deal["scores"].items())
                    deals.append(f"{words['deal'].format(number=deal['number'])}{colon} {scores}")
            else:
                lines = [
                    self.line_view(
                        line,
                        f"{example.id}-{i}",
                        marked=bool(place.rule)
                        and line["rule"] == place.rule
                        and example.id == place.example,
                    )
                    for i, line in enumerate(example.lines)
                ]
            examples.append(
                {
                    "key": f"example-{example.id}",
                    "title": f"{words['example']}{colon} {example.title}",
                    "text": example.text,
                    "deals": "\n".join(deals),
                    "lines": lines,
                    "settlement": "\n".join(example.settlement),
                }
            )
        return {
            "title": found.title,
            "source": f"{words['source']}{colon} {found.source}",
            "text": bulleted(found.text),
            "examples": examples,
            "see_also": [
                {"key": SECTION_KEY + s, "label": _guide().section(s, self.s.lang).title}
                for s in found.see_also
            ],
            "see_title": words["see"],
            "focus": f"example-{place.example}" if place.example else "",
            "visit": self.guide_visit,
        }

    def line_view(self, line: dict[str, Any], key: str, marked: bool = False) -> dict[str, Any]:
        """A score line as the sheet shows it (the points, who, why), tappable
        for its rule when it has one."""
        return {
            # An equal class is a 0-point note for both hands: no name beside it.
            "player": str(line.get("player") or "") if line["points"] else "",
            "points": _points(line["points"]),
            "why": line["why"],
            "rule": line.get("rule") or "",
            "key": RULE_KEY + key,
            "on": marked,
        }


def bulleted(text: str) -> str:
    """The guide's "- " list items as bullets."""
    return "\n".join(
        "•  " + line[2:] if line.startswith("- ") else line for line in text.split("\n")
    )
