"""Seeded matches between computer levels: win rates and time per move.

Each pairing "A vs B" plays whole matches with one seat (in partnerships, one team) of
level A and every other seat of level B; A's seat rotates from match to match. It prints
A's match win rate with a 95% Wilson interval, per preset and player count, and the time
per move of each level, wall-clock and CPU (median and worst). With ``--json``, one JSON
object per pairing.

    .venv/bin/python scripts/bench_players.py --matches 1000 --only block:2 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.players import Player, make_player, play_match
from engine.rules import Rules
from engine.state import Move, Observation

# (label, preset, options, players)
SETUPS: list[tuple[str, str, dict[str, Any], int]] = [
    ("block:2", "block", {}, 2),
    ("block:3", "block", {}, 3),
    ("block:4", "block", {}, 4),
    ("block-dk:2", "block-dk", {}, 2),
    ("block-dk:3", "block-dk", {}, 3),
    ("block-dk-partners:4", "block-dk", {"partnerships": True}, 4),
    ("block-dk-draw:2", "block-dk", {"draw": True}, 2),
    ("draw:2", "draw", {}, 2),
    ("draw:3", "draw", {}, 3),
    ("draw:4", "draw", {}, 4),
    ("all-fives:2", "all-fives", {}, 2),
    ("all-fives:3", "all-fives", {}, 3),
    ("all-fives:4", "all-fives", {}, 4),
]
PAIRINGS: list[tuple[str, str]] = [("expert", "club"), ("club", "beginner")]


class Timed:
    """A player that records how long each of its moves took."""

    def __init__(self, player: Player, times: list[float], cpu: list[float]) -> None:
        self.player = player
        self.times = times
        self.cpu = cpu

    def __call__(self, obs: Observation) -> Move:
        start, start_cpu = time.perf_counter(), time.process_time()
        move = self.player(obs)
        self.times.append(time.perf_counter() - start)
        self.cpu.append(time.process_time() - start_cpu)
        return move


@dataclass
class Chunk:
    label: str
    preset: str
    options: dict[str, Any]
    players: int
    hero: str
    villain: str
    first: int
    count: int
    seed: int


def run_chunk(c: Chunk) -> dict[str, Any]:
    rules = Rules.make(c.preset, **c.options)
    wins = draws = 0
    times: dict[str, list[float]] = {c.hero: [], c.villain: []}
    cpu: dict[str, list[float]] = {c.hero: [], c.villain: []}
    for k in range(c.first, c.first + c.count):
        seed = c.seed * 1_000_003 + k
        if rules.partnerships:
            hero_side = k % 2
            hero_seats = {hero_side, hero_side + 2}
        else:
            hero_side = k % c.players
            hero_seats = {hero_side}
        seats: list[Player] = []
        for s in range(c.players):
            level = c.hero if s in hero_seats else c.villain
            seats.append(Timed(make_player(level, seed=seed * 7 + s), times[level], cpu[level]))
        outcome = play_match(rules, seats, seed=seed).outcome
        if outcome.drawn:
            draws += 1
        elif outcome.winner == hero_side:
            wins += 1
    return {"wins": wins, "draws": draws, "matches": c.count, "times": times, "cpu": cpu}


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100, help="matches per pairing")
    parser.add_argument(
        "--only", action="append", help="setups to run, e.g. block:2 (default: all)"
    )
    parser.add_argument(
        "--pairing", action="append", help="pairings to run, e.g. expert-club (default: all)"
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="one JSON object per pairing")
    args = parser.parse_args(argv)

    setups = [s for s in SETUPS if not args.only or s[0] in args.only]
    pairings = [p for p in PAIRINGS if not args.pairing or f"{p[0]}-{p[1]}" in args.pairing]
    if not setups or not pairings:
        parser.error("nothing to run")
    chunks: list[list[Chunk]] = []
    per = max(1, math.ceil(args.matches / (4 * args.jobs)))
    for label, preset, options, players in setups:
        for hero, villain in pairings:
            group = []
            for first in range(0, args.matches, per):
                count = min(per, args.matches - first)
                group.append(
                    Chunk(label, preset, options, players, hero, villain, first, count, args.seed)
                )
            chunks.append(group)
    flat = [c for g in chunks for c in g]
    started = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(run_chunk, flat))
    else:
        results = [run_chunk(c) for c in flat]
    elapsed = time.perf_counter() - started

    rows = []
    i = 0
    for group in chunks:
        part = results[i : i + len(group)]
        i += len(group)
        c = group[0]
        wins = sum(r["wins"] for r in part)
        draws = sum(r["draws"] for r in part)
        n = sum(r["matches"] for r in part)
        low, high = wilson(wins, n)
        timing = {}
        for level in (c.hero, c.villain):
            ts = [t for r in part for t in r["times"][level]]
            cs = [t for r in part for t in r["cpu"][level]]
            timing[level] = {
                "moves": len(ts),
                "median_ms": round(1000 * statistics.median(ts), 2) if ts else None,
                "worst_ms": round(1000 * max(ts), 2) if ts else None,
                "cpu_median_ms": round(1000 * statistics.median(cs), 2) if cs else None,
                "cpu_worst_ms": round(1000 * max(cs), 2) if cs else None,
            }
        sides = 2 if c.options.get("partnerships") else c.players
        rows.append(
            {
                "setup": c.label,
                "preset": c.preset,
                "options": c.options,
                "players": c.players,
                "pairing": f"{c.hero} vs {c.villain}",
                "matches": n,
                "wins": wins,
                "draws": draws,
                "win_rate": round(wins / n, 4),
                "ci95": [round(low, 4), round(high, 4)],
                "even_share": round(1 / sides, 4),
                "time": timing,
            }
        )
    if args.json:
        for row in rows:
            print(json.dumps(row))
        return 0
    print(
        "| setup | pairing | matches | first level wins | 95% CI | draws | even share "
        "| ms per move, median / worst (wall) | CPU ms, median / worst |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for row in rows:
        t = "; ".join(
            f"{level} {v['median_ms']} / {v['worst_ms']}" for level, v in row["time"].items()
        )
        cpu = "; ".join(
            f"{level} {v['cpu_median_ms']} / {v['cpu_worst_ms']}"
            for level, v in row["time"].items()
        )
        lo, hi = row["ci95"]
        print(
            f"| {row['setup']} | {row['pairing']} | {row['matches']} "
            f"| {100 * row['win_rate']:.1f}% | {100 * lo:.1f}–{100 * hi:.1f}% "
            f"| {row['draws']} | {100 * row['even_share']:.0f}% | {t} | {cpu} |"
        )
    print(f"\n{elapsed:.0f} s with {args.jobs} job(s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
