"""How fast the engine plays: seeded random rounds per preset and player count.

Prints rounds and moves (tiles played) per second for the rules kernel's random
playouts (what the computer players search with, with another policy) and for the
public RoundState interface, and the share of the kernel's rate the public interface
keeps; then plays the PyPI package ``dominoes`` on its own game (4 players in
partnerships, 7 tiles each, no drawing: our ``block-dk`` with partnerships and 7 tiles)
and prints the ratio.
Each figure is the best of ``--repeat`` timed runs, to damp noise from other processes.

    python scripts/bench_engine.py [--seconds 1.0] [--repeat 3] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.kernel import random_rounds
from engine.rules import PRESETS, Rules
from engine.state import RoundState
from engine.tiles import ALL_TILES

Run = Callable[[int], int]


def batch_size(run: Run, seconds: float) -> int:
    """How many rounds take about ``seconds``."""
    n = 50
    while True:
        t = time.perf_counter()
        run(n)
        dt = time.perf_counter() - t
        if dt > seconds / 4:
            return max(1, int(n * seconds / dt))
        n *= 2


def best_rates(runs: list[Run], seconds: float, repeat: int) -> list[tuple[float, float]]:
    """(rounds per second, moves per second) of each run, the best of ``repeat`` passes.

    The passes go round all the runs in turn, so a slow spell of the machine (other
    processes, a noisy neighbour) hits every figure alike instead of one.
    """
    sizes = [batch_size(run, seconds) for run in runs]
    best = [(0.0, 0.0)] * len(runs)
    for _ in range(repeat):
        for i, (run, n) in enumerate(zip(runs, sizes, strict=True)):
            t = time.perf_counter()
            moves = run(n)
            dt = time.perf_counter() - t
            if n / dt > best[i][0]:
                best[i] = (n / dt, moves / dt)
    return best


def core(rules: Rules, players: int) -> Callable[[int], int]:
    seed = iter(range(10**9))
    return lambda n: random_rounds(rules, players, n, seed=next(seed))


def public_api(rules: Rules, players: int) -> Callable[[int], int]:
    rng = random.Random(1)

    def run(n: int) -> int:
        moves = 0
        for _ in range(n):
            state = RoundState.new(rules, players, 0, rng=rng)
            while not state.is_terminal:
                state.apply(rng.choice(state.legal_moves()))
                moves += 1
        return moves

    return run


def dominoes_package() -> Callable[[int], int]:
    import dominoes  # type: ignore[import-untyped]

    def run(n: int) -> int:
        random.seed(1)
        moves = 0
        for _ in range(n):
            game = dominoes.Game.new(starting_player=0)
            while game.result is None:
                dominoes.players.random(game)
                game.make_move(*game.valid_moves[0])
                moves += 1
        return moves

    return run


SVG_TILES = 28


def svg_render_ms() -> float:
    """Milliseconds to draw a layout of all 28 tiles (All Fives, spinner open), best of 20."""
    from engine.layout import Layout
    from engine.svg import render

    rng = random.Random(3)
    while True:
        layout = Layout.empty(spinner=True)
        for _ in range(SVG_TILES):
            free = [t for t in ALL_TILES if t not in layout.tiles]
            options = [(t, e) for t in free for e in (layout.fitting_ends(t) or [None])]
            if layout.tiles:
                options = [(t, e) for t, e in options if e is not None]
            if not options:
                break
            layout = layout.place(*rng.choice(options))
        if len(layout.tiles) == SVG_TILES:
            break
    best = float("inf")
    for _ in range(20):
        t = time.perf_counter()
        render(layout)
        best = min(best, time.perf_counter() - t)
    return best * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per figure")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", action="store_true", help="one JSON object per line")
    args = parser.parse_args()

    rows = []

    def emit(engine: str, preset: str, players: int, rate: tuple[float, float]) -> None:
        row = {
            "engine": engine,
            "preset": preset,
            "players": players,
            "rounds_per_s": round(rate[0]),
            "moves_per_s": round(rate[1]),
        }
        rows.append(row)
        if args.json:
            print(json.dumps(row), flush=True)
        else:
            print(
                f"{engine:<10} {preset:<10} {players}  "
                f"{row['rounds_per_s']:>9,} rounds/s  {row['moves_per_s']:>10,} moves/s",
                flush=True,
            )

    cases: list[tuple[str, str, int, Run]] = []
    for preset in PRESETS:
        for players in (2, 3, 4):
            cases.append(("core", preset, players, core(Rules.make(preset), players)))
    for preset in PRESETS:
        cases.append(("api", preset, 2, public_api(Rules.make(preset), 2)))
    partners = Rules.make("block-dk", partnerships=True, hand_size=7)
    cases.append(("core", "block-dk+partnerships+7", 4, core(partners, 4)))
    cases.append(("dominoes", "partnership-block-7", 4, dominoes_package()))
    rates = best_rates([c[3] for c in cases], args.seconds, args.repeat)
    for (engine, preset, players, _), rate in zip(cases, rates, strict=True):
        emit(engine, preset, players, rate)
    ours, theirs = rates[-2], rates[-1]
    ratio = ours[0] / theirs[0]
    block2 = next(
        r for r in rows if r["engine"] == "core" and r["preset"] == "block" and r["players"] == 2
    )
    slowest = min((r for r in rows if r["engine"] == "core"), key=lambda r: r["rounds_per_s"])
    summary = {
        "ratio_vs_dominoes": round(ratio, 1),
        "block_2p_rounds_per_s": block2["rounds_per_s"],
        "slowest_core": f"{slowest['preset']} {slowest['players']}p",
        "slowest_share_of_block": round(slowest["rounds_per_s"] / block2["rounds_per_s"], 2),
    }
    for preset in PRESETS:
        core2 = next(
            r for r in rows if r["engine"] == "core" and r["preset"] == preset and r["players"] == 2
        )
        api2 = next(r for r in rows if r["engine"] == "api" and r["preset"] == preset)
        summary[f"api_share_{preset}"] = round(api2["rounds_per_s"] / core2["rounds_per_s"], 2)
    summary["svg_ms_28_tiles"] = round(svg_render_ms(), 2)
    if args.json:
        print(json.dumps(summary))
    else:
        print(
            f"\nengine / dominoes on its own game: {ratio:.1f}x; slowest preset "
            f"{summary['slowest_core']} at {summary['slowest_share_of_block']:.0%} "
            "of 2-player block"
        )
        shares = ", ".join(f"{p} {summary[f'api_share_{p}']:.0%}" for p in PRESETS)
        print(f"public RoundState / kernel, 2 players: {shares}")
        print(f"SVG of a whole-round layout ({SVG_TILES} tiles): {summary['svg_ms_28_tiles']} ms")


if __name__ == "__main__":
    main()
