"""How fast the exact solver is: the median and worst time to solve positions drawn from
seeded deals, by tiles left in hands, per preset and player count, in CPython and (with
``--pyodide``) in Pyodide under Node, as the reader's browser runs it.

Each deal is played forward at random (seeded); the position solved for a row "k tiles"
is the first one with at most k tiles left in hands (the deal itself for the first row
where it holds at most 16), with the boneyard's order known in the draw games. A solve
gives the exact value of every legal move and a principal line (``engine.players.solver.solve``).
Times are CPU time (steadier on a shared machine than the clock): CPython's, and in
Pyodide the Node process's. With ``--spread N`` a move more than N points worse than the
best is only shown to be so (``solve(state, spread=N)``); each row counts the moves
whose value is then such a bound, not exact (none without a spread).

    .venv/bin/python scripts/bench_solver.py [--deals 20] [--spread N] [--pyodide] [--json]
"""

from __future__ import annotations

import argparse
import inspect
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import benchlog  # noqa: E402

from scripts.pyodide_node import run_in_pyodide  # noqa: E402

# (label, preset, options, players)
SETUPS: list[tuple[str, str, dict[str, Any], int]] = [
    ("block:2", "block", {}, 2),
    ("block:3", "block", {}, 3),
    ("block:4", "block", {}, 4),
    ("block-dk:2", "block-dk", {}, 2),
    ("block-dk:3", "block-dk", {}, 3),
    ("block-dk:4", "block-dk", {}, 4),
    ("block-dk-partners:4", "block-dk", {"partnerships": True}, 4),
    ("draw:2", "draw", {}, 2),
    ("draw:3", "draw", {}, 3),
    ("draw:4", "draw", {}, 4),
    ("all-fives:2", "all-fives", {}, 2),
    ("all-fives:3", "all-fives", {}, 3),
    ("all-fives:4", "all-fives", {}, 4),
]
TILES = (16, 12, 8, 4)
"""Rows: at most so many tiles left in hands (the deal where it holds no more)."""


def measure(
    setups: list[list[Any]], deals: int, tiles: list[int], spread: int | None = None
) -> list[dict[str, Any]]:
    """Solve the positions of ``deals`` seeded deals per setup (with ``spread``, if
    given); one row per setup and tile count with the median and worst milliseconds and
    positions searched, the seed of the slowest deal (``bench-solver/{setup}/{seed}``
    seeds its deal) and how many of the moves solved have a bound, not an exact value.
    (Run as it stands in CPython and, its source sent over, in Pyodide.)"""
    import random
    import statistics
    import sys
    import time

    from engine import RoundState, Rules
    from engine.players.solver import solve

    def clock() -> float:
        """CPU seconds: the process's own (Node's, in Pyodide)."""
        if sys.platform == "emscripten":
            import js  # type: ignore[import-not-found]

            used = js.process.cpuUsage()
            return float(used.user + used.system) / 1e6
        return time.process_time()

    rows = []
    for label, preset, options, players in setups:
        rules = Rules.make(preset, **options)
        dealt = players * rules.hand_size(players)
        counts = sorted({min(dealt, k) for k in tiles}, reverse=True)
        times: dict[int, list[float]] = {k: [] for k in counts}
        nodes: dict[int, list[int]] = {k: [] for k in counts}
        seeds: dict[int, list[int]] = {k: [] for k in counts}
        moves = {k: [0, 0] for k in counts}
        for seed in range(deals):
            rng = random.Random(f"bench-solver/{label}/{seed}")
            state = RoundState.new(rules, players, rng=rng)
            for k in counts:
                while not state.is_terminal and sum(state.hand_sizes()) > k:
                    state.apply(rng.choice(state.legal_moves()))
                if state.is_terminal:
                    break
                start = clock()
                sol = solve(state, spread)
                times[k].append(1000 * (clock() - start))
                moves[k][0] += len(sol.moves)
                moves[k][1] += sum(not m.exact for m in sol.moves)
                nodes[k].append(sol.nodes)
                seeds[k].append(seed)
        for k in counts:
            if times[k]:
                rows.append(
                    {
                        "setup": label,
                        "tiles": k,
                        "deal": k == dealt,
                        "positions": len(times[k]),
                        "median_ms": round(statistics.median(times[k]), 1),
                        "worst_ms": round(max(times[k]), 1),
                        "median_nodes": round(statistics.median(nodes[k])),
                        "worst_nodes": max(nodes[k]),
                        "worst_seed": seeds[k][times[k].index(max(times[k]))],
                        "moves": moves[k][0],
                        "bounds": moves[k][1],
                    }
                )
    return rows


def in_pyodide(
    setups: list[list[Any]], deals: int, tiles: list[int], spread: int | None = None
) -> list[dict[str, Any]]:
    """:func:`measure` run in Pyodide under Node (``tests/pyodide_run.mjs``)."""
    code = (
        inspect.getsource(measure)
        + f"\nimport json\njson.dumps(measure({setups!r}, {deals!r}, {tiles!r}, {spread!r}))\n"
    )
    rows: list[dict[str, Any]] = run_in_pyodide(code)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20, help="seeded deals per setup")
    parser.add_argument("--only", action="append", help="setups to run, e.g. draw:2")
    parser.add_argument(
        "--spread", type=int, help="show moves more than N points below the best only to be so"
    )
    parser.add_argument("--pyodide", action="store_true", help="also run in Pyodide")
    parser.add_argument("--json", action="store_true", help="one JSON object per row")
    benchlog.add_flag(parser)
    args = parser.parse_args(argv)
    setups = [list(s) for s in SETUPS if not args.only or s[0] in args.only]
    if not setups:
        parser.error("nothing to run")
    if args.spread is not None and args.spread < 0:
        parser.error("--spread must be 0 or more")
    runs = [("cpython", measure(setups, args.deals, list(TILES), args.spread))]
    if args.pyodide:
        runs.append(("pyodide", in_pyodide(setups, args.deals, list(TILES), args.spread)))
    rows = [{"engine": engine, **row} for engine, part in runs for row in part]
    benchlog.log("bench_solver.py", rows, labels=("setup", "tiles"), args=args)
    if args.json:
        for engine, rows in runs:
            for row in rows:
                print(json.dumps({"engine": engine, **row}))
        return 0
    print(
        "| engine | setup | tiles in hands | positions | median ms | worst ms "
        "| nodes, median / worst | worst deal | moves bounded |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for engine, rows in runs:
        for r in rows:
            tiles = f"{r['tiles']} (deal)" if r["deal"] else str(r["tiles"])
            print(
                f"| {engine} | {r['setup']} | {tiles} | {r['positions']} | {r['median_ms']} "
                f"| {r['worst_ms']} | {r['median_nodes']} / {r['worst_nodes']} "
                f"| {r['worst_seed']} | {r['bounds']} of {r['moves']} |"
            )
    print()
    for engine, rows in runs:
        worst = max(rows, key=lambda r: r["worst_ms"])
        deals2 = [r for r in rows if r["deal"] and r["setup"] in ("block:2", "draw:2")]
        line = (
            f"{engine}: worst of all {worst['worst_ms']} ms "
            f"({worst['setup']}, {worst['tiles']} tiles)"
        )
        if deals2:
            line += "; 2-player Block and Draw from the deal, worst " + ", ".join(
                f"{r['setup']} {r['worst_ms']} ms" for r in deals2
            )
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
