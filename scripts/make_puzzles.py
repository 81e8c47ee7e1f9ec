"""Make the site's puzzles, or check them: ``engine/features/puzzles.json``.

The generator (``engine.features.puzzles.generate``) deals seeded rounds of every game and player
count, plays them forward with the computer players and keeps, from each deal, at most one
position the exact solver proves has one best move by a clear margin; the same arguments
give the same file. The build checks every puzzle of the file again
(``hooks/puzzles_page.py``), so run this after a change to the rules, the solver or the
themes, and commit the file it writes.

    .venv/bin/python scripts/make_puzzles.py [--per-setup 42] [--deals 180] [--keep]
    .venv/bin/python scripts/make_puzzles.py --check      # check the file, as the build does

It prints the count of puzzles per game and player count, per theme and per difficulty,
and the CPU time it took.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.features import puzzles  # noqa: E402


def counts(found: list[puzzles.Puzzle]) -> str:
    """The puzzles counted by setup, theme and difficulty."""
    setups = Counter(p.id.rsplit("-", 1)[0] for p in found)
    themes = Counter(p.theme for p in found)
    levels = Counter(p.difficulty for p in found)
    lines = [f"{len(found)} puzzles"]
    lines.append("by game: " + ", ".join(f"{s.label} {setups[s.label]}" for s in puzzles.SETUPS))
    lines.append("by theme: " + ", ".join(f"{t} {themes[t]}" for t in puzzles.THEMES))
    lines.append("by difficulty: " + ", ".join(f"{d} {levels[d]}" for d in puzzles.DIFFICULTIES))
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--per-setup", type=int, default=42, help="puzzles per game and players")
    parser.add_argument("--deals", type=int, default=180, help="seeded deals per game and players")
    parser.add_argument("--out", type=Path, default=puzzles.DATA, help="the file to write")
    parser.add_argument("--check", action="store_true", help="check the file instead")
    parser.add_argument(
        "--keep", action="store_true", help="keep the file's puzzles, and add to them"
    )
    args = parser.parse_args()
    start = time.process_time()
    if args.check:
        text = args.out.read_text(encoding="utf-8")
        found = puzzles.check_text(text)
        for line in found:
            print(line)
        print(counts(list(puzzles.read(text))))
        print(f"checked in {time.process_time() - start:.2f} s of CPU time")
        return 1 if found else 0
    keep = list(puzzles.read(args.out.read_text(encoding="utf-8"))) if args.keep else []
    made = puzzles.generate(args.per_setup, args.deals, keep=keep, progress=print)
    args.out.write_text(puzzles.write(made), encoding="utf-8")
    print(counts(made))
    print(f"wrote {args.out} ({args.out.stat().st_size:,} bytes)")
    print(f"made in {time.process_time() - start:.1f} s of CPU time")
    return 0


if __name__ == "__main__":
    sys.exit(main())
