"""Shared test helpers: where the worked examples are (in the repository)."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "tests" / "examples"  # the worked examples: see its README.md
LAWS = EXAMPLES / "cavendish-laws-of-piquet.md"  # Cavendish's laws, cited by number


def example_paths() -> list[Path]:
    """Every worked example, by name."""
    return sorted(EXAMPLES.glob("*.json"))
