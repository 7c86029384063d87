"""Running `piquet` in the test's own process (fast), with its real output bytes."""

from __future__ import annotations

import contextlib
import io

from piquet.cli import main


def run_cli(*args: str) -> tuple[int, bytes, str]:
    """`piquet ARGS` in this process: exit status, standard output bytes, standard error."""
    out_bytes = io.BytesIO()
    out = io.TextIOWrapper(out_bytes, encoding="utf-8", write_through=True)
    err = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(list(args))
        except SystemExit as exit_:
            status = int(exit_.code or 0)
    out.flush()
    return status, out_bytes.getvalue(), err.getvalue()
