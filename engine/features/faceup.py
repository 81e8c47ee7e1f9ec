"""Face up: a decision of a finished round solved with every tile known.

Bridge players call this double-dummy analysis. At a decision of a reviewed round
(:func:`engine.features.review.decisions`), every hand is turned face up, and the
boneyard's order as it was dealt is known too; each distinct legal move of the decision
(:attr:`~engine.features.review.Decision.moves`) is then valued exactly by
:mod:`engine.players.solver`: the side's points for the round minus the other sides',
under best play from every seat (with three or four individual players the others play
as one team against the side: the solver's paranoid reading), with the best line to the
end of the round. This is what could be done with every tile known, not what the seat
could know then; the review's judgement (:func:`engine.features.review.judge_decision`)
is that.

**The contract.** A move within :data:`SPREAD` points of the best move is valued
exactly; a worse one may only be shown to be more than :data:`SPREAD` points below the
best, as :func:`engine.players.solver.solve` does with ``spread=SPREAD``: every value it
gives as exact is the one given here.

**Steps.** A decision is solved one move per step, so that a page can show progress and
stop between two steps (each step is one request, and the page keeps nothing but the
values found). The moves are solved in a fixed order (:func:`face_up`): the best quick
estimate first (:func:`estimate`: the round played out greedily, every hand known), so
that the first value found is likely the best and the floor it sets is high. Step ``k``
solves the ``k``-th move of that order given ``found``, the values of the steps before
it: with none, exactly; else with the floor ``max(found) - SPREAD``, exact if the move
is worth the floor or more, else the bound ``floor - 1`` (the move's true value is at
most that bound, so more than :data:`SPREAD` below the best; a search may prove a lower
bound, but which one depends on what the solver had searched before). The best value is
always exact, so with ``found`` as the steps gave it ``max(found)`` is a real move's
value and every floor is at most the best less :data:`SPREAD`. Everything is
deterministic: the same record, decision, step and ``found`` give the same answer, in
CPython as in Pyodide.

**One solver for a decision's steps.** The steps of a decision come one after another,
so a step's solver is kept (:data:`SOLVERS_KEPT`) until the decision's last step, and
the next step of the same decision searches on with its transposition table (``keep``
of :meth:`~engine.players.solver.Solver.move_value`); the solver also stops where the
pips left settle a position (``end_bounds``). Neither changes an answer: a step gives
what a fresh solver gives, whatever was asked before it.

>>> from engine import RoundState, Rules
>>> from engine.features.review import decisions
>>> state = RoundState.new(Rules.make("block"), 2, 0, rng=3)
>>> while not state.is_terminal:
...     state.apply(state.legal_moves()[0])
>>> d = decisions(state, 0)[0]
>>> steps = solve_decision(state, d)
>>> len(steps) == len(d.moves) and steps[-1].done
True
>>> steps[0].solved.exact
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from engine.core.boundary import is_whole
from engine.core.errors import DominoError
from engine.core.state import Move, RoundState
from engine.features.review import Decision, dealt_again, plays_of
from engine.players.levels import board_after
from engine.players.solver import MoveValue, Solver

SPREAD = 40
"""A move within so many points of the best is valued exactly; a worse one may only be
shown to be more than so many points below the best."""

MAX_FOUND = 10_000
"""More points than any round can score: a value passed back lies within this of 0."""

SOLVERS_KEPT = 1
"""The solvers kept between two steps, with their transposition tables: the last
decision's, until its last step (a page solves one decision at a time, step after
step)."""

_kept: dict[tuple[Any, ...], Solver] = {}


@dataclass(frozen=True)
class FaceUp:
    """A decision with every tile known, and the order its moves are solved in."""

    decision: Decision
    state: RoundState
    """The round as it stood at the decision: every hand, and the boneyard in drawing
    order (not to be changed)."""
    estimates: tuple[int, ...]
    """Each move's quick estimate (:func:`estimate`), in the order of the decision's
    moves."""
    order: tuple[int, ...]
    """The indices in the decision's moves, in the order they are solved."""

    @property
    def total(self) -> int:
        """The steps: one per distinct move."""
        return len(self.order)


@dataclass(frozen=True)
class FaceUpStep:
    """One step solved: one move of the decision, with every tile known."""

    step: int
    """The step, from 0."""
    total: int
    """The steps of the decision (its distinct moves)."""
    index: int
    """The move's index in the decision's moves."""
    solved: MoveValue
    """The move's value, exact or the bound ``floor - 1`` (see the module's docstring),
    its line and each side's points at the end of it."""
    floor: int | None
    """The floor it was solved with (``None``: none, at the first step)."""
    found: tuple[int, ...]
    """The values found so far, this step's last: what the next step is given."""
    best: tuple[int, ...]
    """At the last step, the indices in the decision's moves of the moves with the best
    value, in the order of the decision's moves; before it, empty."""

    @property
    def done(self) -> bool:
        """Whether this is the decision's last step."""
        return self.step + 1 == self.total


def at_decision(state: RoundState, decision: Decision) -> RoundState:
    """The finished round ``state`` (not changed) as it stood at ``decision``: dealt
    again with the boneyard as dealt, and played to the decision's ply."""
    replay = dealt_again(state)
    for _, move in plays_of(state)[: decision.ply]:
        replay.apply(move)
    return replay


def estimate(state: RoundState, move: Move) -> int:
    """A quick estimate of ``move``'s value in ``state`` (not changed), in the solver's
    terms: the round played out from it with every seat laying, of its legal moves, the
    one that scores most in play, then the heaviest tile, then the first in the order of
    the legal moves."""
    seat = state.current_player
    if seat is None:
        raise DominoError("solve_round_over")
    after = state.clone()
    after.apply(move)
    points = state.rules.policy.play.points
    while not after.is_terminal:
        board = after.layout.board
        moves = after.legal_moves()
        after.apply(max(moves, key=lambda m: (points(board_after(board, m).count), m.tile.pips)))
    result = after.result().points
    side = state.rules.side_of(seat)
    return 2 * result[side] - sum(result)


def face_up(state: RoundState, decision: Decision) -> FaceUp:
    """``decision`` of the finished round ``state`` with every tile known, and its moves'
    order: the best estimate first, ties in the order of the decision's moves."""
    at = at_decision(state, decision)
    estimates = tuple(estimate(at, m) for m in decision.moves)
    order = sorted(range(len(estimates)), key=lambda i: (-estimates[i], i))
    return FaceUp(decision, at, estimates, tuple(order))


def check_step(step: object, found: object, total: int) -> tuple[int, tuple[int, ...]]:
    """The ``step`` and ``found`` a page passes back for a decision of ``total`` moves,
    checked: ``step`` a whole number from 0 to ``total - 1`` (else a ``bad_request``
    error, ``face_up_step``); ``found`` a list of ``step`` whole numbers each from
    ``-MAX_FOUND`` to :data:`MAX_FOUND` (else ``face_up_found``)."""
    if not is_whole(step) or not 0 <= step < total:
        raise DominoError.about("bad_request", "face_up_step", last=total - 1)
    if not isinstance(found, list) or len(found) != step:
        raise DominoError.about("bad_request", "face_up_found", step=step, max=MAX_FOUND)
    for value in found:
        # Compared, not converted: a 400-digit whole number is refused, not an overflow.
        if not is_whole(value) or not -MAX_FOUND <= value <= MAX_FOUND:
            raise DominoError.about("bad_request", "face_up_found", step=step, max=MAX_FOUND)
    return step, tuple(found)


def solve_step(state: RoundState, decision: Decision, step: object, found: object) -> FaceUpStep:
    """Step ``step`` of ``decision`` of the finished round ``state`` (see the module's
    docstring), given ``found``, the values of the steps before it as earlier steps gave
    them. ``step`` and ``found`` are checked (:func:`check_step`) before anything is
    solved."""
    k, before = check_step(step, found, len(decision.moves))
    return _solve(face_up(state, decision), k, before)


def solve_decision(state: RoundState, decision: Decision) -> list[FaceUpStep]:
    """Every step of ``decision`` of the finished round ``state``, in order."""
    face = face_up(state, decision)
    steps: list[FaceUpStep] = []
    found: tuple[int, ...] = ()
    for k in range(face.total):
        steps.append(_solve(face, k, found))
        found = steps[-1].found
    return steps


def _solve(face: FaceUp, step: int, found: tuple[int, ...]) -> FaceUpStep:
    """Step ``step`` of ``face`` given the values ``found`` before it (checked)."""
    index = face.order[step]
    move = face.decision.moves[index]
    # The best value found so far is the search's first guess: a move solved later is
    # often near it (the order puts the likely best first), and a worse one is proved
    # below the floor from there.
    top = max(found) if found else None
    floor = None if top is None else top - SPREAD
    at = face.state
    key = _position(at)
    # Taken out while it searches: a step that fails, or a second caller at the same
    # time, leaves no solver half-way through a search behind.
    solver = _kept.pop(key, None) or Solver(at.rules, at.players, end_bounds=True)
    solved = solver.move_value(at, move, floor, top, keep=True)
    if step + 1 < face.total:
        _kept[key] = solver
        while len(_kept) > SOLVERS_KEPT:
            del _kept[next(iter(_kept))]
    if not solved.exact:
        assert floor is not None  # the first step is exact
        solved = replace(solved, value=floor - 1)
    now = (*found, solved.value)
    best: tuple[int, ...] = ()
    if step + 1 == face.total:
        most = max(now)
        best = tuple(sorted(face.order[k] for k, v in enumerate(now) if v == most))
    return FaceUpStep(step, face.total, index, solved, floor, now, best)


def _position(state: RoundState) -> tuple[Any, ...]:
    """What a decision's position is known by among the kept solvers: the rules, the
    deal (every hand and the boneyard in drawing order as the decision found them) and
    the plays that made the layout. (A kept solver checks the position itself too.)"""
    rules = json.dumps(state.rules.to_record(), sort_keys=True)
    hands = tuple(tuple(t.index for t in h) for h in state.hands)
    stock = tuple(t.index for t in state.boneyard)
    plays = tuple((seat, str(move)) for seat, move in plays_of(state))
    return (rules, state.players, hands, stock, plays, state.current_player)


__all__ = [
    "MAX_FOUND",
    "SOLVERS_KEPT",
    "SPREAD",
    "FaceUp",
    "FaceUpStep",
    "at_decision",
    "check_step",
    "estimate",
    "face_up",
    "solve_decision",
    "solve_step",
]
