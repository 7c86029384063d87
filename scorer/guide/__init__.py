"""The rules guide: every rule the scorer applies, explained, in English and
French, built from the engine itself (issue 11).

Each section has a stable id (`"point"`, `"repique"`, `"variant-american"`...),
a title, a text, a source citation ("Cavendish, Law 67", "seed: Parlett") and
worked examples. Every number in a text is a fact of the engine
(`scorer.guide.facts`), and every example is a small record that the engine
scores when the guide is built, its figures read from that score; an example
whose story the engine does not bear out stops the build (`GuideError`).
Every score line's `rule` (`piquet score`, `Line.rule`) is a section id.

For the command line and the kiosk (no Kivy here):

- `guide(lang="en") -> tuple[Section, ...]`: all sections in reading order.
- `section(section_id, lang="en") -> Section`: one section; `KeyError` if unknown.
- `example_for_rule(rule, lang="en") -> (Section, Example | None)`: where a
  tapped score line leads: its section and a worked example showing that rule.
- `SECTION_IDS`: the ids in order; `LANGUAGES`: ("en", "fr").
- `guide_json(lang)`: `{"sections": [{"id", "title", "text", "source", "part",
  "see_also", "examples": [{"id", "title", "text", "record", "lines", ...}]}]}`.
- `render_section(section) -> str`: a section as plain text, its examples with
  their score lines.

A `Section` has `.id .part .title .text .source .examples .see_also`; an
`Example` has `.id .title .text .record .score .lines` (the lines of its last
deal, each with `player`, `category`, `points`, `why`, `rule`).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from scorer.guide.model import LANGUAGES, Example, GuideError, Section, build
from scorer.guide.plan import PARTS, SECTIONS

SECTION_IDS: tuple[str, ...] = tuple(plan.id for plan in SECTIONS)


@cache
def guide(lang: str = "en") -> tuple[Section, ...]:
    """Every section in `lang` ("en" or "fr"), built once and kept."""
    return build(lang)


def section(section_id: str, lang: str = "en") -> Section:
    """One section by id; raises KeyError for an id that is not a section."""
    for found in guide(lang):
        if found.id == section_id:
            return found
    raise KeyError(section_id)


def example_for_rule(rule: str, lang: str = "en") -> tuple[Section, Example | None]:
    """The section a score line's `rule` names, and its first worked example
    showing such a line (None if the section has none): what the kiosk opens
    when a line of a deal's summary is tapped. KeyError for an unknown rule."""
    found = section(rule, lang)
    example = next(
        (e for e in found.examples if any(ln["rule"] == rule for ln in e.lines)),
        found.examples[0] if found.examples else None,
    )
    return found, example


def guide_json(lang: str = "en") -> dict[str, Any]:
    return {"sections": [s.to_json() for s in guide(lang)]}


def render_section(found: Section, lang: str = "en", examples: bool = True) -> str:
    """A section as plain text for a terminal: title, source, text, examples."""
    from scorer.guide.words import word

    colon = word(lang, "colon")
    words = {key: word(lang, key) for key in ("source", "example", "see", "deal")}
    out = [
        found.title,
        "=" * len(found.title),
        f"{words['source']}{colon} {found.source}",
        "",
        found.text,
    ]
    if examples:
        for example in found.examples:
            out += ["", f"{words['example']}{colon} {example.title}", example.text]
            out += _example_lines(example, words, colon)
    if found.see_also:
        titles = [section(s, lang).title for s in found.see_also]
        out += ["", f"{words['see']}{colon} " + "; ".join(titles)]
    return "\n".join(out)


def _example_lines(example: Example, words: dict[str, Any], colon: str) -> list[str]:
    """An example's score: its lines for a deal, each deal and the settlement for
    a partie."""
    if len(example.deals) > 1:
        out = []
        for deal in example.deals:
            scores = ", ".join(f"{name} {points}" for name, points in deal["scores"].items())
            out.append(f"    {words['deal'].format(number=deal['number'])}{colon} {scores}")
        return out + [f"    {line}" for line in example.settlement]
    out = []
    for line in example.lines:
        # An equal class is a 0-point note for both hands: no name beside it.
        player = (line["player"] or line.get("side") or "") if line["points"] else ""
        points = f"+{line['points']}" if line["points"] else "0"
        out.append(f"    {player:<6} {points:>4}  {line['why']}  [{line['rule']}]")
    return out + [f"    {line}" for line in example.settlement]


__all__ = [
    "LANGUAGES",
    "PARTS",
    "SECTION_IDS",
    "Example",
    "GuideError",
    "Section",
    "example_for_rule",
    "guide",
    "guide_json",
    "render_section",
    "section",
]
