"""Seeded matches between computer levels: win rates and time per move.

Each pairing "A vs B" plays whole matches with one seat (in partnerships, one team) of
level A and every other seat of level B; A's seat rotates from match to match. It prints
A's match win rate with a 95% Wilson interval, per preset and player count, and the time
per move of each level, wall-clock and CPU (median and worst). With ``--json``, one JSON
object per pairing.

    .venv/bin/python scripts/bench_players.py --matches 1000 --only block:2 --jobs 2

With ``--hands N``, single hands (rounds) instead, on duplicate deals: each of N seeded
deals is played once with A at each seat of one side (in partnerships: A's team on one
side, then on the other; with 3 or 4 players: A at each seat in turn), so luck of the
deal cancels. It prints the share of hands A's side won (a hand nobody wins counts half
to every side), the even share (with more than two sides not 1/n, as hands nobody wins
count half to each: what a seat of B gets on the same deals with B at every seat, each
deal played once more so) and A's share above it, and A's mean margin per hand (its
points less the others' average), each with a 95% interval over the deals. Levels:
``beginner``, ``club``, ``expert`` and ``playouts`` (the Expert as it played before the
solver and the model of how players choose: every deal played out, the deals weighed by
shedding alone).

    .venv/bin/python scripts/bench_players.py --hands 100 --pairing expert-playouts --jobs 2

With ``--dominoes N``, the Expert against PyPI ``dominoes``' ``probabilistic_alphabeta``
on that package's own game (four players in two teams, seven tiles each, the holder of
[6|6] opens with it; scored here by our ``block-dk`` rules with partnerships, which play
the same and agree on who wins a hand), N duplicate deals (each played twice, the teams
swapped); the package's player is kept in step through its own ``Game``.

    .venv/bin/python scripts/bench_players.py --dominoes 100 --jobs 2
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

import benchlog

from engine.core.layout import End
from engine.core.rules import Rules
from engine.core.state import Move, Observation, RoundResult, RoundState
from engine.core.tiles import Tile
from engine.players import Player, make_player, play_match, play_round

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
HAND_PAIRINGS: list[tuple[str, str]] = [("expert", "playouts")]
"""The default pairing of ``--hands``: the Expert with the solver against itself without."""


def level_player(level: str, seed: int) -> Player:
    """A player of a level this script knows (``playouts``: the Expert without the
    solver and without the model of choices)."""
    if level == "playouts":
        return make_player("expert", seed=seed, **PLAYOUTS_OPTIONS, **CLOCK)
    if level == "expert":
        return make_player(level, seed=seed, **{**CLOCK, **EXPERT_OPTIONS})
    return make_player(level, seed=seed)


EXPERT_OPTIONS: dict[str, Any] = {}
"""Options of the level ``expert`` (``--expert-options``)."""
PLAYOUTS_OPTIONS: dict[str, Any] = {"solve_nodes": 0, "choice_belief": 0.0}
"""The level ``playouts``: the Expert as it played before it had the solver and its
model of how players choose."""
CLOCK: dict[str, Any] = {}
"""``{"time_limit": None}`` with ``--no-clock``: both Experts' clock cap off."""


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
            seats.append(Timed(level_player(level, seed * 7 + s), times[level], cpu[level]))
        outcome = play_match(rules, seats, seed=seed).outcome
        if outcome.drawn:
            draws += 1
        elif outcome.winner == hero_side:
            wins += 1
    return {"wins": wins, "draws": draws, "matches": c.count, "times": times, "cpu": cpu}


@dataclass
class HandChunk:
    label: str
    preset: str
    options: dict[str, Any]
    players: int
    hero: str
    villain: str
    first: int
    count: int
    seed: int
    first_round: bool = False


def seatings(rules: Rules, players: int) -> list[tuple[int, set[int]]]:
    """A's side and seats in each playing of a duplicate deal."""
    if rules.sides(players) == players:
        return [(s, {s}) for s in range(players)]
    return [(side, {s for s in range(players) if rules.side_of(s) == side}) for side in (0, 1)]


def hand_outcome(rules: Rules, result: RoundResult, side: int) -> tuple[float, float]:
    """A side's share of a hand (1 won, 0.5 nobody won, 0 lost) and its margin: its
    points less the other sides' average."""
    sides = len(result.points)
    share = 0.5 if result.winner is None else float(result.winner == side)
    mine = result.points[side]
    return share, mine - (sum(result.points) - mine) / (sides - 1)


def run_hands(c: HandChunk) -> dict[str, Any]:
    """Duplicate deals: each deal of the chunk played once per seating of A."""
    rules = Rules.make(c.preset, **c.options)
    times: dict[str, list[float]] = {c.hero: [], c.villain: []}
    cpu: dict[str, list[float]] = {c.hero: [], c.villain: []}
    deals = []
    for k in range(c.first, c.first + c.count):
        seed = c.seed * 1_000_003 + k
        shares, margins = [], []
        for side, hero_seats in seatings(rules, c.players):
            seats: list[Player] = []
            for s in range(c.players):
                level = c.hero if s in hero_seats else c.villain
                seats.append(Timed(level_player(level, seed * 7 + s), times[level], cpu[level]))
            state = RoundState.new(rules, c.players, rng=seed, first_round=c.first_round)
            share, margin = hand_outcome(rules, play_round(state, seats), side)
            shares.append(share)
            margins.append(margin)
        even = 0.5
        if rules.sides(c.players) > 2:
            # An even share is not 1/n: a hand nobody wins counts half to every side.
            # It is what a seat of B gets on this deal with B at every seat.
            seats = [level_player(c.villain, seed * 7 + s) for s in range(c.players)]
            state = RoundState.new(rules, c.players, rng=seed, first_round=c.first_round)
            result = play_round(state, seats)
            even = statistics.mean(
                hand_outcome(rules, result, side)[0] for side in range(c.players)
            )
        deals.append((statistics.mean(shares), statistics.mean(margins), len(shares), even))
    return {"deals": deals, "times": times, "cpu": cpu}


def run_dominoes(c: HandChunk) -> dict[str, Any]:
    """Duplicate deals of PyPI ``dominoes``' game: the Expert's team against
    ``probabilistic_alphabeta``'s, each deal played with the teams both ways."""

    rules = Rules.make("block-dk", partnerships=True, hand_size=7)
    times: dict[str, list[float]] = {"expert": [], "dominoes": []}
    cpu: dict[str, list[float]] = {"expert": [], "dominoes": []}
    deals = []
    for k in range(c.first, c.first + c.count):
        seed = c.seed * 1_000_003 + k
        shares, margins = [], []
        for side in (0, 1):
            state = RoundState.new(rules, 4, rng=seed, first_round=True)
            theirs = DominoesPlayer(state, c.options)
            seats: list[Player] = []
            for s in range(4):
                if rules.side_of(s) == side:
                    seats.append(
                        Timed(level_player("expert", seed * 7 + s), times["expert"], cpu["expert"])
                    )
                else:
                    seats.append(Timed(theirs, times["dominoes"], cpu["dominoes"]))
            result = play_round(state, [Following(p, theirs) for p in seats])
            share, margin = hand_outcome(rules, result, side)
            shares.append(share)
            margins.append(margin)
        deals.append((statistics.mean(shares), statistics.mean(margins), len(shares), 0.5))
    return {"deals": deals, "times": times, "cpu": cpu}


class DominoesPlayer:
    """PyPI ``dominoes``' ``probabilistic_alphabeta`` at our table: its own ``Game`` is
    dealt our hands and told every move; on its turn the package orders the game's valid
    moves and the first is played. Before move ``start`` (counted as the package counts,
    passes included) its ``bota_gorda`` (the heaviest tile) plays instead, as its
    alpha-beta from the first moves of a 28-tile game takes minutes."""

    def __init__(self, state: RoundState, options: dict[str, Any]) -> None:
        import dominoes

        self.dominoes = dominoes
        hands = [dominoes.Hand([dominoes.Domino(t.low, t.high) for t in h]) for h in state.hands]
        assert state.opening is not None
        first = dominoes.Domino(state.opening.low, state.opening.high)
        leader = state.current_player
        self.game = dominoes.Game(
            dominoes.Board(), hands, [], leader, ((first, True),), leader, None
        )
        self.search = dominoes.players.probabilistic_alphabeta(
            start_move=options.get("start", 0), sample_size=options.get("samples", 10)
        )

    def __call__(self, obs: Observation) -> Move:
        game = self.game
        assert game.turn == obs.seat
        dominoes = self.dominoes
        dominoes.players.bota_gorda(game)
        self.search(game)
        d, left = game.valid_moves[0]
        tile = Tile.of(d.first, d.second)
        if not obs.layout.tiles:
            return Move(tile)
        return Move(tile, End.LEFT if left else End.RIGHT)

    def told(self, move: Move) -> None:
        """Carry ``move`` out in the package's game too."""
        d = self.dominoes.Domino(move.tile.low, move.tile.high)
        self.game.make_move(d, move.end is not End.RIGHT)


class Following:
    """A seat's player whose moves the package's game is told of."""

    def __init__(self, player: Player, theirs: DominoesPlayer) -> None:
        self.player = player
        self.theirs = theirs

    def __call__(self, obs: Observation) -> Move:
        move = self.player(obs)
        if move.end is None and obs.layout.tiles:
            move = Move(move.tile, obs.layout.fitting_ends(move.tile)[0])
        self.theirs.told(move)
        return move


def interval(values: list[float]) -> tuple[float, float, float]:
    """The mean of per-deal values and its 95% interval (normal approximation)."""
    m = statistics.mean(values)
    if len(values) < 2:
        return m, m, m
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return m, m - half, m + half


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def hands_main(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """``--hands`` and ``--dominoes``: duplicate deals of single hands."""
    groups: list[list[HandChunk]] = []
    if args.dominoes:
        options = {"samples": args.dominoes_samples, "start": args.dominoes_start}
        setups = [("dominoes:4", "block-dk", options, 4)]
        pairings = [("expert", "dominoes")]
        deals = args.dominoes
    else:
        setups = [s for s in SETUPS if not args.only or s[0] in args.only]
        wanted = [tuple(p.split("-", 1)) for p in args.pairing or []]
        pairings = [(a, b) for a, b in wanted] or HAND_PAIRINGS
        deals = args.hands
    if not setups:
        parser.error("nothing to run")
    per = max(1, math.ceil(deals / (4 * args.jobs)))
    for label, preset, options, players in setups:
        for hero, villain in pairings:
            groups.append(
                [
                    HandChunk(
                        label,
                        preset,
                        options,
                        players,
                        hero,
                        villain,
                        first,
                        min(per, deals - first),
                        args.seed,
                    )
                    for first in range(0, deals, per)
                ]
            )
    runner = run_dominoes if args.dominoes else run_hands
    flat = [c for g in groups for c in g]
    started = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(runner, flat))
    else:
        results = [runner(c) for c in flat]
    elapsed = time.perf_counter() - started
    rows = []
    i = 0
    for group in groups:
        part = results[i : i + len(group)]
        i += len(group)
        c = group[0]
        per_deal = [d for r in part for d in r["deals"]]
        share = interval([d[0] for d in per_deal])
        even = statistics.mean(d[3] for d in per_deal)
        above = interval([d[0] - d[3] for d in per_deal])
        margin = interval([d[1] for d in per_deal])
        timing = {}
        for level in (c.hero, c.villain):
            cs = [t for r in part for t in r["cpu"][level]]
            ws = [t for r in part for t in r["times"][level]]
            timing[level] = {
                "moves": len(cs),
                "cpu_median_ms": round(1000 * statistics.median(cs), 2) if cs else None,
                "cpu_mean_ms": round(1000 * statistics.mean(cs), 2) if cs else None,
                "cpu_worst_ms": round(1000 * max(cs), 2) if cs else None,
                "wall_worst_ms": round(1000 * max(ws), 2) if ws else None,
            }
        rows.append(
            {
                "setup": c.label,
                "pairing": f"{c.hero} vs {c.villain}",
                "deals": len(per_deal),
                "hands": sum(d[2] for d in per_deal),
                "share": [round(x, 4) for x in share],
                "even_share": round(even, 4),
                "above_even": [round(x, 4) for x in above],
                "margin": [round(x, 2) for x in margin],
                "time": timing,
            }
        )
    benchlog.log("bench_players.py", rows, labels=("setup", "pairing"), args=args)
    if args.json:
        for row in rows:
            print(json.dumps(row))
        return 0
    print(
        "| setup | pairing | deals | hands | first side's share of hands (95% CI) "
        "| even share | share above even (95% CI) "
        "| its margin per hand (95% CI) | CPU ms per move, median / mean / worst "
        "(wall-clock worst) |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for row in rows:
        s, slo, shi = row["share"]
        m, mlo, mhi = row["margin"]
        a, alo, ahi = row["above_even"]
        cpu = "; ".join(
            f"{level} {v['cpu_median_ms']} / {v['cpu_mean_ms']} / {v['cpu_worst_ms']} "
            f"({v['wall_worst_ms']})"
            for level, v in row["time"].items()
        )
        print(
            f"| {row['setup']} | {row['pairing']} | {row['deals']} | {row['hands']} "
            f"| {100 * s:.1f}% ({100 * slo:.1f}–{100 * shi:.1f}%) "
            f"| {100 * row['even_share']:.1f}% "
            f"| {100 * a:+.1f} ({100 * alo:+.1f} to {100 * ahi:+.1f}) "
            f"| {m:+.2f} ({mlo:+.2f} to {mhi:+.2f}) | {cpu} |"
        )
    print(f"\n{elapsed:.0f} s with {args.jobs} job(s)", file=sys.stderr)
    return 0


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
    parser.add_argument("--hands", type=int, default=0, help="duplicate deals of single hands")
    parser.add_argument(
        "--dominoes", type=int, default=0, help="duplicate deals against PyPI dominoes"
    )
    parser.add_argument(
        "--dominoes-samples", type=int, default=10, help="probabilistic_alphabeta's samples"
    )
    parser.add_argument(
        "--dominoes-start", type=int, default=6, help="its first searched move (0: all)"
    )
    parser.add_argument(
        "--expert-options", type=json.loads, default={}, help="e.g. '{\"solve_nodes\": 0}'"
    )
    parser.add_argument(
        "--no-clock",
        action="store_true",
        help="the Experts' clock cap off: their budgets count work only, so a loaded "
        "machine plays the same moves as a quiet one",
    )
    benchlog.add_flag(parser)
    args = parser.parse_args(argv)
    EXPERT_OPTIONS.update(args.expert_options)
    if args.no_clock:
        CLOCK["time_limit"] = None
    if args.hands or args.dominoes:
        return hands_main(args, parser)

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
    benchlog.log("bench_players.py", rows, labels=("setup", "pairing"), args=args)
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
