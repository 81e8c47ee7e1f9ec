"""How fast the engine plays: seeded random rounds per preset and player count.

Prints rounds and moves (tiles played) per second for the rules kernel's random
playouts (what the computer players search with, with another policy) and for the
public RoundState interface, and the share of the kernel's rate the public interface
keeps. Then the two yardsticks of the kernel's random playouts (issue 21), in CPython
and, with Node and the npm package ``pyodide``, in Pyodide as the reader's browser runs
it: 2-player Block playouts against a plain bit-mask loop written for that game alone
(:func:`plain_block2`), and the PyPI package ``dominoes`` on its own game (4 players in
partnerships, 7 tiles each, no drawing: our ``block-dk`` with partnerships and 7 tiles).
Every figure is CPU time (steadier than the clock on a shared machine), the median of
``--repeat`` passes that go round all the runs in turn.

    python scripts/bench_engine.py [--seconds 1.0] [--repeat 5] [--yardsticks] [--json]
"""

from __future__ import annotations

import argparse
import gc
import inspect
import json
import random
import shutil
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # benchlog, when imported as scripts.*

import benchlog

from engine.core.kernel import random_rounds
from engine.core.rules import PRESETS, Rules
from engine.core.state import RoundState
from engine.core.tiles import ALL_TILES, Tile
from scripts.pyodide_node import run_in_pyodide

ROOT = Path(__file__).resolve().parent.parent
Run = Callable[[int], int]


def batch_size(run: Run, seconds: float) -> int:
    """How many rounds take about ``seconds`` of CPU time."""
    n = 50
    while True:
        t = time.process_time()
        run(n)
        dt = time.process_time() - t
        if dt > seconds / 4:
            return max(1, int(n * seconds / dt))
        n *= 2


def median_rates(runs: list[Run], seconds: float, repeat: int) -> list[tuple[float, float]]:
    """(rounds per second, moves per second) of each run, in CPU time, the median of
    ``repeat`` passes.

    The passes go round all the runs in turn, so a slow spell of the machine (other
    processes, a noisy neighbour) hits every figure alike instead of one; each pass
    starts one run further on, and each run with no garbage left by the one before.
    """
    sizes = [batch_size(run, seconds) for run in runs]
    rates: list[list[tuple[float, float]]] = [[] for _ in runs]
    for p in range(repeat):
        for k in range(len(runs)):
            i = (p + k) % len(runs)
            gc.collect()
            t = time.process_time()
            moves = runs[i](sizes[i])
            dt = time.process_time() - t
            rates[i].append((sizes[i] / dt, moves / dt))
    return [
        (statistics.median(r for r, _ in rs), statistics.median(m for _, m in rs)) for rs in rates
    ]


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


# -- the two yardsticks of issue 21, in CPython and in Pyodide ---------------------------


def plain_block2(deals: list[tuple[list[int], int]], n: int, rnd: Callable[[], float]) -> list[int]:
    """The yardstick: 2-player Block random playouts as a plain bit-mask loop, written
    for that game alone, knowing nothing of the engine but the tiles' order. A deal is
    the two hands (masks) and the leader; ``n`` playouts are played and scored, the deals
    in turn, and the points each seat won in all of them are returned.

    It draws its random numbers as the kernel does (a random opening tile, a random legal
    tile when there is more than one, a coin for the end when it fits both), so the same
    seed plays the same games: the two are checked to score alike."""
    from engine.core.tiles import ALL_TILES

    low = [t.low for t in ALL_TILES]
    high = [t.high for t in ALL_TILES]
    pips = [t.low + t.high for t in ALL_TILES]
    fits = [sum(1 << i for i, t in enumerate(ALL_TILES) if v in (t.low, t.high)) for v in range(7)]
    won = [0, 0]
    for i in range(n):
        deal, leader = deals[i % len(deals)]
        hands = [deal[0], deal[1]]
        seat = leader
        h = hands[seat]
        m = h
        for _ in range(int(rnd() * h.bit_count())):
            m &= m - 1
        t = (m & -m).bit_length() - 1
        hands[seat] = h ^ (1 << t)
        a, b = low[t], high[t]
        passed = False
        out = False
        while True:
            seat ^= 1
            h = hands[seat]
            legal = h & (fits[a] | fits[b])
            if not legal:
                if passed:
                    break
                passed = True
                continue
            passed = False
            if legal & (legal - 1):
                for _ in range(int(rnd() * legal.bit_count())):
                    legal &= legal - 1
            t = (legal & -legal).bit_length() - 1
            lo, hi = low[t], high[t]
            left = lo == a or hi == a
            if left and (lo == b or hi == b):
                left = rnd() < 0.5
            if left:
                a = hi if lo == a else lo
            else:
                b = hi if lo == b else lo
            h ^= 1 << t
            hands[seat] = h
            if not h:
                out = True
                break
        left_pips = [0, 0]
        for s in (0, 1):
            m = hands[s]
            while m:
                bit = m & -m
                left_pips[s] += pips[bit.bit_length() - 1]
                m ^= bit
        p0, p1 = left_pips
        if out:
            won[seat] += left_pips[seat ^ 1]
        elif p0 < p1:
            won[0] += p1 - p0
        elif p1 < p0:
            won[1] += p0 - p1
    return won


def yardsticks(
    seconds: float, repeat: int, dominoes_files: dict[str, str] | None
) -> dict[str, Any]:
    """The kernel's random playouts against the two yardsticks of issue 21, in CPU time
    (the process's own; Node's in Pyodide), the median of ``repeat`` passes, each of
    which times ours, theirs, theirs and ours again (about ``seconds`` a run):

    - 2-player Block, playouts (play and score) from the same seeded deals, the kernel's
      (``FastRules.play`` and ``score``) against :func:`plain_block2`; both score alike;
    - whole rounds (deal, play, score) of PyPI ``dominoes``' own game (4 players in
      partnerships, 7 tiles each, no draw, the first seat leads with any tile) against
      the kernel's rounds of ``block-dk`` with partnerships and 7 tiles.

    Each ratio is the median of the passes' ratios (the lower of the middle two), with
    the two rates of that pass: on a busy machine the passes' rates vary more than
    their ratios. ``dominoes_files`` (Pyodide, which lacks the package): its modules' sources,
    written out and imported. Runs as it stands in CPython and, its source sent over,
    in Pyodide."""
    import gc
    import os
    import random
    import sys
    import time

    if dominoes_files is not None:
        package = "/tmp/yardstick/dominoes"
        os.makedirs(package, exist_ok=True)
        for name, text in dominoes_files.items():
            with open(f"{package}/{name}", "w", encoding="utf-8") as f:
                f.write(text)
        sys.path.insert(0, "/tmp/yardstick")
    import dominoes  # type: ignore[import-untyped]

    from engine.core.kernel import FastRules
    from engine.core.rules import Rules

    def clock() -> float:
        if sys.platform == "emscripten":
            import js  # type: ignore[import-not-found]

            used = js.process.cpuUsage()
            return float(used.user + used.system) / 1e6
        return time.process_time()

    block = FastRules(Rules.make("block"), 2)
    deal_rnd = random.Random(21).random
    deals = [(block.deal(deal_rnd)[0], i % 2) for i in range(2000)]

    def ours_block(n: int, seed: int) -> list[int]:
        rnd = random.Random(seed).random
        play, score = block.play, block.score
        won = [0, 0]
        for i in range(n):
            hands, leader = deals[i % len(deals)]
            points = score(play(list(hands), leader, [], rnd))[1]
            won[0] += points[0]
            won[1] += points[1]
        return won

    def plain_block(n: int, seed: int) -> list[int]:
        rnd = random.Random(seed).random
        return plain_block2(deals, n, rnd)

    partners = FastRules(Rules.make("block-dk", partnerships=True, hand_size=7), 4)

    def ours_dominoes(n: int, seed: int) -> list[int]:
        rnd = random.Random(seed).random
        won = [0, 0]
        for _ in range(n):
            hands, stock = partners.deal(rnd)
            points = partners.score(partners.play(hands, 0, stock, rnd))[1]
            won[0] += points[0]
            won[1] += points[1]
        return won

    def their_dominoes(n: int, seed: int) -> list[int]:
        random.seed(seed)
        won = [0, 0]
        for _ in range(n):
            game = dominoes.Game.new(starting_player=0)
            while game.result is None:
                dominoes.players.random(game)
                game.make_move(*game.valid_moves[0])
            points = game.result.points
            won[0 if points > 0 else 1] += abs(points)
        return won

    def size(run: Callable[[int, int], list[int]]) -> int:
        """How many playouts (rounds) of ``run`` take about ``seconds``."""
        n = 20
        while True:
            start = clock()
            run(n, 0)
            used = clock() - start
            if used > seconds / 8:
                return max(1, int(n * seconds / used))
            n *= 2

    def pair_rates(
        ours: Callable[[int, int], list[int]],
        theirs: Callable[[int, int], list[int]],
        n: int,
        m: int,
        seed: int,
        same: bool,
    ) -> tuple[float, float]:
        """Both rates in one pass, run ours, theirs, theirs, ours: a machine that
        speeds up or slows down during the pass weighs on both alike."""
        used = [0.0, 0.0]
        scored = []
        for side, run, count in ((0, ours, n), (1, theirs, m), (1, theirs, m), (0, ours, n)):
            gc.collect()
            start = clock()
            scored.append(run(count, seed))
            used[side] += clock() - start
        if same and scored[0] != scored[1]:
            raise AssertionError(f"the yardstick scored {scored[1]}, the kernel {scored[0]}")
        return 2 * n / used[0], 2 * m / used[1]

    n_block = size(ours_block)  # the plain loop plays the same playouts, to compare scores
    n_ours, n_theirs = size(ours_dominoes), size(their_dominoes)
    rates: list[list[float]] = [[], [], [], []]
    for rep in range(repeat):
        for i, rate in enumerate(pair_rates(ours_block, plain_block, n_block, n_block, rep, True)):
            rates[i].append(rate)
        pair = pair_rates(ours_dominoes, their_dominoes, n_ours, n_theirs, rep, False)
        for i, rate in enumerate(pair, start=2):
            rates[i].append(rate)

    def middle(ours: list[float], theirs: list[float]) -> tuple[float, float, float]:
        """The pass whose ratio is the median (the lower of two): its two rates and
        their ratio."""
        ratios = [o / t for o, t in zip(ours, theirs, strict=True)]
        i = sorted(range(len(ratios)), key=ratios.__getitem__)[(len(ratios) - 1) // 2]
        return ours[i], theirs[i], ratios[i]

    block_rate, plain_rate, vs_plain = middle(rates[0], rates[1])
    game_rate, package_rate, vs_package = middle(rates[2], rates[3])
    return {
        "python": sys.platform,
        "block_2p_playouts_per_s": round(block_rate),
        "plain_block_2p_playouts_per_s": round(plain_rate),
        "ratio_vs_plain_block": round(vs_plain, 3),
        "dominoes_game_rounds_per_s": round(game_rate),
        "dominoes_package_rounds_per_s": round(package_rate),
        "ratio_vs_dominoes": round(vs_package, 2),
    }


def yardsticks_in_pyodide(seconds: float, repeat: int) -> dict[str, Any] | None:
    """:func:`yardsticks` run in Pyodide under Node (``tests/pyodide_run.mjs``), the
    ``dominoes`` package's sources sent along; ``None`` without Node or the npm
    package."""
    import dominoes

    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        return None
    package = Path(dominoes.__file__).parent
    files = {p.name: p.read_text(encoding="utf-8") for p in sorted(package.glob("*.py"))}
    code = (
        "from __future__ import annotations\n"
        "from collections.abc import Callable\n"
        "from typing import Any\n"
        + inspect.getsource(plain_block2)
        + inspect.getsource(yardsticks)
        + f"\nimport json\njson.dumps(yardsticks({seconds!r}, {repeat!r}, {files!r}))\n"
    )
    result: dict[str, Any] = run_in_pyodide(code)
    return result


SVG_TILES = 28


def svg_render_ms() -> float:
    """Milliseconds to draw a layout of all 28 tiles (All Fives, spinner open), best of 20."""
    from engine.core.layout import End, Layout
    from engine.presentation.svg import render

    rng = random.Random(3)
    while True:
        layout = Layout.empty(spinner=True)
        for _ in range(SVG_TILES):
            free = [t for t in ALL_TILES if t not in layout.tiles]
            options: list[tuple[Tile, End | None]] = []
            for t in free:
                if not layout.tiles:
                    options.append((t, None))
                options += [(t, e) for e in layout.fitting_ends(t)]
            if not options:
                break
            layout = layout.place(*rng.choice(options))
        if len(layout.tiles) == SVG_TILES:
            break
    best = float("inf")
    for _ in range(20):
        start = time.perf_counter()
        render(layout)
        best = min(best, time.perf_counter() - start)
    return best * 1000


def print_yardsticks(where: str, sticks: dict[str, Any], as_json: bool) -> None:
    if as_json:
        print(json.dumps({"yardsticks": where, **sticks}), flush=True)
        return
    print(
        f"{where:<8} 2-player block: kernel {sticks['block_2p_playouts_per_s']:,} playouts/s, "
        f"plain loop {sticks['plain_block_2p_playouts_per_s']:,}: "
        f"{sticks['ratio_vs_plain_block']:.2f}x the plain loop",
        flush=True,
    )
    print(
        f"{where:<8} dominoes' own game: kernel {sticks['dominoes_game_rounds_per_s']:,} "
        f"rounds/s, dominoes {sticks['dominoes_package_rounds_per_s']:,}: "
        f"{sticks['ratio_vs_dominoes']:.1f}x dominoes",
        flush=True,
    )


def run_yardsticks(
    seconds: float, repeat: int, pyodide: bool, as_json: bool
) -> list[dict[str, Any]]:
    """Prints :func:`yardsticks` in CPython, then (with ``pyodide``) in Pyodide, and
    returns them, one row per Python."""
    sticks = yardsticks(seconds, repeat, None)
    print_yardsticks("CPython", sticks, as_json)
    rows = [{"engine": "cpython", **sticks}]
    if pyodide:
        in_pyodide = yardsticks_in_pyodide(seconds, repeat)
        if in_pyodide is None:
            print("Pyodide: needs Node and the npm package pyodide (scripts/setup.sh)")
        else:
            print_yardsticks("Pyodide", in_pyodide, as_json)
            rows.append({"engine": "pyodide", **in_pyodide})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU time per figure")
    parser.add_argument("--repeat", type=int, default=5, help="passes (the median is kept)")
    parser.add_argument(
        "--yardsticks", action="store_true", help="only the two yardsticks of the playouts"
    )
    parser.add_argument(
        "--pyodide",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="the yardsticks in Pyodide too (with Node and the npm package)",
    )
    parser.add_argument("--json", action="store_true", help="one JSON object per line")
    benchlog.add_flag(parser)
    args = parser.parse_args()

    if args.yardsticks:
        sticks = run_yardsticks(args.seconds, args.repeat, args.pyodide, args.json)
        benchlog.log("bench_engine.py", sticks, args=args)
        return

    rows: list[dict[str, Any]] = []

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
    rates = median_rates([c[3] for c in cases], args.seconds, args.repeat)
    for (engine, preset, players, _), rate in zip(cases, rates, strict=True):
        emit(engine, preset, players, rate)
    block2 = next(
        r for r in rows if r["engine"] == "core" and r["preset"] == "block" and r["players"] == 2
    )
    slowest = min((r for r in rows if r["engine"] == "core"), key=lambda r: r["rounds_per_s"])
    summary: dict[str, Any] = {
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
            f"\nslowest preset {summary['slowest_core']} at "
            f"{summary['slowest_share_of_block']:.0%} of 2-player block"
        )
        shares = ", ".join(f"{p} {summary[f'api_share_{p}']:.0%}" for p in PRESETS)
        print(f"public RoundState / kernel, 2 players: {shares}")
        print(f"SVG of a whole-round layout ({SVG_TILES} tiles): {summary['svg_ms_28_tiles']} ms\n")
    sticks = run_yardsticks(args.seconds, args.repeat, args.pyodide, args.json)
    benchlog.log(
        "bench_engine.py", [*rows, summary], labels=("engine", "preset", "players"), args=args
    )
    benchlog.log("bench_engine.py", sticks, args=args)


if __name__ == "__main__":
    main()
