"""The solver's values are right: a deliberately plain search (full minimax over the
public RoundState, no pruning, no table) gives the same value for every legal move of
thousands of small seeded positions of every preset, option set and player count; every
principal line replays to the points it states; the end bounds and a kept table change
no value, line or points; and Pyodide gives the same answers."""

from __future__ import annotations

import json
import random
from typing import TYPE_CHECKING

import pytest
from engine_helpers import RULE_CASES

from engine import RoundState, Rules
from engine.core.errors import DominoError
from engine.core.kernel import to_mask
from engine.players.solver import NodeLimit, Play, Solution, Solver, solve

if TYPE_CHECKING:
    from conftest import Pyodide

POSITIONS = 120
"""Seeded positions per configuration (18 configurations)."""
LEFT = {2: 10, 3: 11, 4: 12}
"""At most so many tiles left to play (in hands and the boneyard), by player count."""


def margin(points: tuple[int, ...] | list[int], side: int) -> int:
    """A side's points minus the others' (the solver's value)."""
    return 2 * points[side] - sum(points)


def plain_value(state: RoundState, side: int) -> int:
    """Full minimax: ``side`` maximises its points minus the others', every other side
    minimises it; the round's points come from ``RoundState.result``."""
    if state.is_terminal:
        return margin(state.result().points, side)
    seat = state.current_player
    assert seat is not None
    values = []
    for move in state.legal_moves():
        child = state.clone()
        child.apply(move)
        values.append(plain_value(child, side))
    return max(values) if state.rules.side_of(seat) == side else min(values)


def small_position(preset: str, options: dict, players: int, seed: int) -> RoundState:
    """A seeded deal played forward at random until few tiles are left to play (in hands
    and the boneyard), so that the plain search stays quick; a round that ended before
    is dealt again."""
    rng = random.Random(f"{preset}/{options}/{players}/{seed}")
    rules = Rules.make(preset, **options)
    while True:
        first = rules.first_lead == "highest_double" and rng.random() < 0.3
        state = RoundState.new(rules, players, rng=rng, first_round=first)
        left = rng.randint(3, LEFT[players])
        while not state.is_terminal and sum(state.hand_sizes()) + state.boneyard_size > left:
            state.apply(rng.choice(state.legal_moves()))
        if not state.is_terminal:
            return state


def check_line(state: RoundState, sol: Solution) -> None:
    """Every move's line replays from ``state`` to the end of the round, seat by seat,
    and ends with the points the solution states, whose margin is the move's value."""
    for mv in sol.moves:
        assert mv.line[0].move == mv.move
        replay = state.clone()
        for play in mv.line:
            assert replay.current_player == play.seat
            replay.apply(play.move)
        assert replay.is_terminal
        assert replay.result().points == mv.points
        assert margin(mv.points, sol.side) == mv.value


# Every rule set in the full run; the fast tier plays FAST_RULE_CONFIGS (engine_helpers).
@pytest.mark.parametrize(("preset", "options", "players"), RULE_CASES)
def test_values_match_a_plain_search(preset, options, players):
    checked = choices = 0
    for seed in range(POSITIONS):
        state = small_position(preset, options, players, seed)
        before = state.hands, state.boneyard, len(state.events)
        sol = solve(state)
        assert (state.hands, state.boneyard, len(state.events)) == before
        assert [m.move for m in sol.moves] == state.legal_moves()
        for mv in sol.moves:
            child = state.clone()
            child.apply(mv.move)
            assert mv.value == plain_value(child, sol.side), (seed, str(mv.move))
            checked += 1
        choices += len({m.value for m in sol.moves}) > 1
        assert sol.value == max(m.value for m in sol.moves)
        assert sol.line == next(m.line for m in sol.moves if m.value == sol.value)
        check_line(state, sol)
    # Many positions offer moves of different values: the test can tell them apart.
    assert checked > POSITIONS and choices >= POSITIONS // 5


@pytest.mark.parametrize(("preset", "options", "players"), RULE_CASES)
def test_the_end_bounds_change_no_value(preset, options, players):
    # Every value, line and points of solve, exact and with a spread, are the same with
    # end_bounds; only the positions searched change (fewer or more: the searches of
    # MTD(f) close in by other bounds), and only where nothing scores in play (All Fives
    # is searched as without them).
    rules = Rules.make(preset, **options)
    assert Solver(rules, players, end_bounds=True).end_bounds == (not rules.policy.play.scores)
    searched = {False: 0, True: 0}
    for seed in range(POSITIONS // 3):
        state = small_position(preset, options, players, seed)
        for spread in (None, 5):
            sols = []
            for bounds in (False, True):
                solver = Solver(rules, players, end_bounds=bounds)
                sols.append(solver.solve(state, spread))
                searched[bounds] += solver.nodes
            plain, bounded = sols
            assert (bounded.value, bounded.moves, bounded.line) == (
                plain.value,
                plain.moves,
                plain.line,
            )
    if rules.policy.play.scores:
        assert searched[True] == searched[False]
    else:
        assert searched[True] != searched[False]


def test_the_end_bounds_change_no_value_from_the_deal():
    # Bigger searches: 2- and 3-player Draw, 4-player partnerships, a few plays in.
    for preset, options, players in (
        ("draw", {}, 2),
        ("draw", {}, 3),
        ("block-dk", {"partnerships": True, "rounding": True, "double_finish": True}, 4),
    ):
        rules = Rules.make(preset, **options)
        state = RoundState.new(rules, players, rng=3)
        for _ in range(players):
            state.apply(state.legal_moves()[0])
        plain = Solver(rules, players).solve(state)
        bounded = Solver(rules, players, end_bounds=True).solve(state)
        assert (bounded.value, bounded.moves) == (plain.value, plain.moves)


def test_a_kept_table_gives_a_fresh_solvers_values():
    # move_value with keep searches on with the table of the solver's last move_value
    # of the same position: each move, with and without a floor, in turn and again,
    # and a position between that starts the table again.
    for preset, players in (("draw", 2), ("all-fives", 3), ("block", 4)):
        rules = Rules.make(preset)
        for seed in range(6):
            state = small_position(preset, {}, players, seed)
            other = small_position(preset, {}, players, seed + 100)
            sol = solve(state)
            floor = sol.value - 3
            kept = Solver(rules, players, end_bounds=seed % 2 == 0)
            for m in [*sol.moves, *sol.moves[::-1]]:
                for low in (None, floor):
                    got = kept.move_value(state, m.move, low, sol.value, keep=True)
                    if low is None or m.value >= low:
                        assert got == m
                    else:
                        assert not got.exact and m.value <= got.value < low
                        assert got.line == (Play(sol.seat, m.move),) and got.points == ()
                    fresh = Solver(rules, players).move_value(state, m.move, low, sol.value)
                    assert got.exact == fresh.exact
                    if got.exact:
                        assert got == fresh
                    first = other.legal_moves()[0]
                    again = kept.move_value(other, first, keep=True)
                    assert again == solve(other).moves[0]


def test_a_deal_solves_whole_and_agrees_with_its_positions():
    """From the deal (every tile still in hand) each opening's value is the value, for
    the same side, of the position it leads to: 2-player Block, Draw and the Danish
    first round (only the highest double may open)."""
    for preset, first in (("block", False), ("draw", False), ("block-dk", True)):
        rules = Rules.make(preset)
        state = RoundState.new(rules, 2, rng=3, first_round=first)
        sol = solve(state)
        assert [m.move for m in sol.moves] == state.legal_moves()
        if first:
            assert len(sol.moves) == 1 and sol.moves[0].move.tile == state.opening
        check_line(state, sol)
        for mv in sol.moves[:3]:
            child = state.clone()
            child.apply(mv.move)
            if child.is_terminal:
                continue
            after = solve(child)
            sign = 1 if after.side == sol.side else -1
            assert sign * after.value == mv.value


def test_the_low_level_values_are_the_solution_less_the_points_already_scored():
    state = small_position("all-fives", {}, 3, 5)
    while sum(state.play_points) == 0 and not state.is_terminal:
        state = small_position("all-fives", {}, 3, 5 + len(state.events))
    assert not state.is_terminal
    sol = solve(state)
    seat = sol.seat
    solver = Solver(state.rules, state.players)
    found = solver.values(
        [to_mask(h) for h in state.hands],
        state.layout.board,
        [t.index for t in state.boneyard],
        seat,
        state.legal_moves(),
    )
    past = margin(state.play_points, sol.side)
    assert [v + past for v in found] == [m.value for m in sol.moves]


@pytest.mark.parametrize(("preset", "players"), [("block", 3), ("draw", 2), ("all-fives", 2)])
def test_a_spread_gives_values_far_below_the_best_as_the_best_less_the_spread(preset, players):
    rules = Rules.make(preset)
    for seed in range(30):
        state = small_position(preset, {}, players, seed)
        args = (
            [to_mask(h) for h in state.hands],
            state.layout.board,
            [t.index for t in state.boneyard],
            state.current_player,
            state.legal_moves(),
        )
        exact = Solver(rules, players).values(*args)
        for spread in (0, 5, 12):
            floor = max(exact) - spread
            assert Solver(rules, players).values(*args, spread=spread) == [
                max(v, floor) for v in exact
            ]


def test_solve_with_a_spread_shows_only_that_moves_far_below_the_best_are():
    for seed in range(20):
        state = small_position("all-fives", {}, 2, seed)
        exact = solve(state)
        quick = solve(state, spread=10)
        assert quick.value == exact.value and quick.best == exact.best
        for e, q in zip(exact.moves, quick.moves, strict=True):
            if e.value >= exact.value - 10:
                assert q == e
            else:
                assert not q.exact and q.value == exact.value - 10
                assert q.line == q.line[:1] and q.points == ()


def test_solution_as_json():
    state = small_position("draw", {}, 3, 2)
    sol = solve(state)
    data = json.loads(json.dumps(sol.to_dict()))
    assert data["seat"] == sol.seat and data["value"] == sol.value
    assert data["best"] == [str(m) for m in sol.best]
    assert [m["move"] for m in data["moves"]] == [str(m) for m in state.legal_moves()]
    assert data["line"][0]["move"] in data["best"]
    assert sol.value_of(data["best"][0]) == sol.value


def test_bad_input():
    state = RoundState.new(Rules.make("block"), 2, 0, rng=1)
    while not state.is_terminal:
        state.apply(state.legal_moves()[0])
    with pytest.raises(DominoError):
        solve(state)
    with pytest.raises(DominoError):
        solve("not a state")  # type: ignore[arg-type]
    live = RoundState.new(Rules.make("block"), 2, 0, rng=1)
    with pytest.raises(DominoError):
        solve(live).value_of("6-6@up")


def test_node_limit_stops_a_search():
    state = RoundState.new(Rules.make("draw"), 2, 0, rng=13)
    solver = Solver(state.rules, 2, node_limit=100)
    with pytest.raises(NodeLimit):
        solver.solve(state)


PYODIDE_PROGRAM = """
import json, random
from engine import Rules, RoundState
from engine.players.solver import solve

out = []
for preset, options, players, left, seed in CASES:
    rng = random.Random(seed)
    state = RoundState.new(Rules.make(preset, **options), players, rng=rng)
    while not state.is_terminal and sum(state.hand_sizes()) + state.boneyard_size > left:
        state.apply(rng.choice(state.legal_moves()))
    out.append(solve(state).to_dict() if not state.is_terminal else None)
json.dumps(out)
"""

PYODIDE_CASES = [
    ("block", {}, 2, 28, 1),
    ("draw", {}, 2, 18, 2),
    ("block-dk", {"partnerships": True}, 4, 14, 3),
    ("all-fives", {}, 3, 14, 7),
    ("all-fives", {}, 2, 14, 5),
]


def test_pyodide_gives_the_same_answers(pyodide: Pyodide) -> None:
    code = f"CASES = {PYODIDE_CASES!r}\n" + PYODIDE_PROGRAM
    scope: dict = {}
    exec(code.strip().rsplit("\n", 1)[0], scope)
    here = json.loads(json.dumps(scope["out"]))
    assert json.loads(pyodide.run(code)) == here
    assert None not in here
