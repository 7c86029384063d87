"""Shared test helpers: where the worked examples are (in the repository)."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "tests" / "examples"  # the worked examples: see its README.md
LAWS = EXAMPLES / "cavendish-laws-of-piquet.md"  # Cavendish's laws, cited by number


def example_paths() -> list[Path]:
    """Every worked example, by name."""
    return sorted(EXAMPLES.glob("*.json"))


def _a_quiet_table() -> None:
    """The tests' kiosks read a config whose voice is off, so a developer's
    machine with a sound card stays quiet while the suite runs (a test that
    wants a config of its own sets XDG_CONFIG_HOME itself; the voice's tests
    use a fake speaker or their own settings)."""
    import os
    import tempfile

    if "XDG_CONFIG_HOME" in os.environ:
        return
    home = Path(tempfile.mkdtemp(prefix="piquet-tests-config-"))
    (home / "piquet-table").mkdir()
    (home / "piquet-table" / "config.toml").write_text('[voice]\nspeak = "off"\n', encoding="utf-8")
    os.environ["XDG_CONFIG_HOME"] = str(home)


_a_quiet_table()
