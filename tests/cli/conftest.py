"""Building `piquet`'s argument parser costs more than scoring a record (argparse
looks up its translations each time), so the in-process tests here build it once;
`piquet.cli.main` still parses every command line."""

from __future__ import annotations

import functools
from collections.abc import Iterator

import pytest

import piquet.cli


@pytest.fixture(autouse=True)
def parser_built_once(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(piquet.cli, "build_parser", functools.cache(piquet.cli.build_parser))
    yield
