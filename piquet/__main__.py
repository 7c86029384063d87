from piquet.cli import run

raise SystemExit(run())
