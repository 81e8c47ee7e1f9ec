"""Command line: ``python -m engine replay [FILE]`` and ``python -m engine describe``."""

from __future__ import annotations

import argparse
import json
import sys

from engine.description import describe
from engine.errors import DominoError
from engine.lang import LANGUAGES
from engine.layout import Layout
from engine.records import replay_lines
from engine.rules import PRESETS, Rules


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="replay JSON Lines game records, one result per line")
    rp.add_argument("file", nargs="?", help="records file (default: standard input)")
    rp.add_argument("--lang", choices=LANGUAGES, default="en", help="language of errors")
    dp = sub.add_parser("describe", help="describe the layout after some plays")
    dp.add_argument("plays", nargs="+", help='plays in record notation, e.g. 1-4 "1-1@left"')
    dp.add_argument("--lang", choices=LANGUAGES, default="en")
    dp.add_argument("--preset", choices=PRESETS, default="block")
    args = parser.parse_args(argv)

    if args.command == "replay":
        if args.file:
            with open(args.file, encoding="utf-8") as f:
                lines = f.readlines()
        else:
            lines = list(sys.stdin)
        for result in replay_lines(lines, args.lang):
            print(json.dumps(result, ensure_ascii=False), flush=True)
        return 0

    try:
        layout = Layout.from_plays(args.plays, spinner=Rules.make(args.preset).spinner)
    except DominoError as e:
        print(e.message(args.lang), file=sys.stderr)
        return 2
    print(describe(layout, args.lang))
    return 0


if __name__ == "__main__":
    sys.exit(main())
