"""The shapes of the guide's plan: a section and its worked examples
(`plan.py`, `plan_multi.py`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class ExamplePlan:
    id: str
    record: dict[str, Any]
    claims: dict[str, Any] = field(default_factory=dict)
    equals: dict[str, str | int] = field(default_factory=dict)


@dataclass(frozen=True)
class SectionPlan:
    id: str
    part: str
    examples: tuple[ExamplePlan, ...] = ()
    see_also: tuple[str, ...] = ()
