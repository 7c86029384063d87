"""`piquet rules [ID] [--lang en|fr] [--json]`: the rules guide (issue 11).

Without ID it prints the whole guide; with one, that section. `--json` prints
`{"sections": [{"id", "title", "text", "source", "part", "see_also",
"examples"}, ...]}` (one section in the list when ID is given). An unknown
ID exits 2 with a message listing the ids.
"""

from __future__ import annotations

import argparse
import json
import sys

from scorer.guide import SECTION_IDS, guide, render_section, section


def run_rules(args: argparse.Namespace) -> int:
    lang = args.lang or "en"
    if args.id is not None and args.id not in SECTION_IDS:
        sys.stderr.write(
            f"rules: no section {args.id!r}; the sections are: {', '.join(SECTION_IDS)}\n"
        )
        return 2
    chosen = [section(args.id, lang)] if args.id is not None else list(guide(lang))
    if args.json:
        json.dump(
            {"sections": [s.to_json() for s in chosen]}, sys.stdout, ensure_ascii=False, indent=1
        )
        sys.stdout.write("\n")
        return 0
    rule = "\n\n" + "-" * 72 + "\n\n"
    sys.stdout.write(rule.join(render_section(s, lang) for s in chosen) + "\n")
    return 0
