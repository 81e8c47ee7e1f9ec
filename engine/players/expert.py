"""The Expert: determinized Monte Carlo search, each deal solved exactly when the solver
can (:mod:`engine.solver`), else played out with the kernel's playouts."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.kernel import BIT, Board, FastRules, Playout, play_line, play_score, play_spinner
from engine.players.beliefs import choice_weigher, model_for
from engine.players.knowledge import Knowledge, Sampler, knowledge, move_rng
from engine.players.levels import board_after, club_score, distinct_moves, features, moves_or_raise
from engine.solver import NodeLimit, Solver
from engine.state import Move, Observation


@dataclass(frozen=True)
class _Candidate:
    move: Move
    tile: int
    board: Board
    """The open ends after the move."""
    points: int
    """What the move scores in play."""


@dataclass
class Search:
    """The Expert's evaluation of one position: moves and their mean round outcome."""

    moves: tuple[Move, ...]
    means: tuple[float, ...]
    samples: int
    best: int
    solved: bool = False
    """Whether each deal was solved exactly (else played out)."""


@dataclass
class Expert:
    """Determinized Monte Carlo over the hidden tiles.

    For each of up to ``samples`` deals of the unseen tiles consistent with the seat's
    :class:`Knowledge` (and, in the draw games, an order of the boneyard), each
    candidate move is valued in that deal, and the move with the best average wins. Ties
    go to the move the Club player prefers. Outside All Fives a deal in which a seat
    passed up a heavier tile that fitted counts ``shed_belief`` times as much for each
    such play (players shed heavy tiles). With two sides (two players, or two teams) a deal
    also counts the chance that the other seats would have made their choices holding its
    tiles, as :mod:`engine.players.beliefs` models how players choose, raised to
    ``choice_belief`` (0: not counted).

    With two sides (two players, or two teams), where the solver can, a deal is solved
    exactly (perfect-information Monte Carlo, as bridge programs and PyPI ``dominoes``'
    ``probabilistic_alphabeta`` do): each move's value is the side's points minus the
    other side's under best play by every seat in that deal (see :mod:`engine.solver`),
    a value more than ``solve_spread`` below the deal's best counted as the best less
    ``solve_spread``. The deals share a budget of ``solve_nodes`` positions searched,
    and the solver is used when every deal solves within ``solve_nodes // min_solved``
    of them. With three or four individual players it is not used: its values take the
    others for one team against the seat (the paranoid assumption), and playing so lost
    hands to the playouts-only Expert (``scripts/bench_players.py``). Where the solver
    is not used, or with ``solve_nodes`` 0, each
    move is played out: every seat plays ``eps``-greedy, with probability ``eps`` a
    random legal tile, else on a line (with ``look``) a placement the next seat cannot
    follow in that deal, then the heaviest tile; on a spinner layout the placement
    scoring most, then the heaviest tile. A move's value is then the side's round points
    (play points included) minus the average of the other sides' (a partner's points
    are the side's own), and the budget ``work`` counts the tile plays the playouts of
    one move may take, estimated from the position (a spinner layout's plays count more:
    they cost more).

    Both budgets count work, not time, so a choice depends only on the observation and
    ``seed``. ``time_limit`` seconds (``None``: none) caps a move's wall-clock time on
    a slow machine; the default budgets stay well under it.
    """

    seed: int = 0
    samples: int = 400
    work: int = 24000
    time_limit: float | None = 0.25
    solve_nodes: int = 12000
    min_solved: int = 8
    solve_spread: int | None = 20
    eps: float = 0.1
    shed_belief: float = 0.5
    choice_belief: float = 1.0
    look: bool = True
    level: str = "expert"
    last_search: Search | None = field(default=None, repr=False, compare=False)

    def __call__(self, obs: Observation) -> Move:
        found = self.search(obs)
        return found.moves[found.best]

    def search(self, obs: Observation) -> Search:
        """Evaluate the distinct legal moves of ``obs`` (also kept as ``last_search``)."""
        moves = moves_or_raise(obs)
        distinct = distinct_moves(obs)
        know = knowledge(obs)
        if len(distinct) == 1:
            result = Search((distinct[0],), (0.0,), 0, 0)
            self.last_search = result
            return result
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        rng = move_rng(self.seed, obs)
        cands = [_candidate(obs, m) for m in distinct]
        sampler = Sampler(know)
        weight = deal_weigher(obs, know, self.shed_belief, self.choice_belief)
        club = [club_score(features(obs, c.move, know), obs.rules) for c in cands]
        found = self._solved(obs, cands, club, sampler, rng, weight, deadline)
        solved = found is not None
        if found is None:
            found = self._played_out(obs, cands, sampler, rng, weight, deadline)
        totals, weights, draws = found
        means = tuple(t / weights for t in totals)
        best = max(range(len(cands)), key=lambda i: (round(means[i], 9), club[i], -i))
        assert cands[best].move in moves
        result = Search(tuple(c.move for c in cands), means, draws, best, solved)
        self.last_search = result
        return result

    def _solved(
        self,
        obs: Observation,
        cands: list[_Candidate],
        club: list[float],
        sampler: Sampler,
        rng: random.Random,
        weight: Callable[[list[int]], float],
        deadline: float | None,
    ) -> tuple[list[float], float, int] | None:
        """Each candidate's weighted total value over deals solved exactly, the total
        weight and the deals; ``None`` when a deal is too big to solve. (The
        deals come from a copy of ``rng``: where the solver is not used, the playouts
        see the deals they always did.)"""
        if self.solve_nodes <= 0 or obs.rules.sides(obs.players) > 2:
            return None
        rng = _copy(rng)
        solver = Solver(obs.rules, obs.players)
        # The moves the Club player likes best first: the best value found early makes
        # the others' quick to bound (``solve_spread``).
        order = sorted(range(len(cands)), key=lambda i: -club[i])
        moves = [cands[i].move for i in order]
        board = obs.layout.board
        totals = [0.0] * len(cands)
        weights = 0.0
        draws = 0
        solver.node_limit = self.solve_nodes // self.min_solved
        while draws < self.samples and solver.nodes < self.solve_nodes:
            hands, stock = sampler.deal(rng)
            try:
                # The deals so far guess each value (the searches close in from there).
                guesses = [round(totals[i] / weights) for i in order] if draws else None
                values = solver.values(
                    hands, board, stock[::-1], obs.seat, moves, self.solve_spread, guesses
                )
            except NodeLimit:
                return None
            w = weight(hands)
            weights += w
            draws += 1
            for i, v in zip(order, values, strict=True):
                totals[i] += w * v
            if deadline is not None and time.perf_counter() > deadline:
                break
        return totals, weights, draws

    def _played_out(
        self,
        obs: Observation,
        cands: list[_Candidate],
        sampler: Sampler,
        rng: random.Random,
        weight: Callable[[list[int]], float],
        deadline: float | None,
    ) -> tuple[list[float], float, int]:
        """Each candidate's weighted total outcome over deals played out, the total
        weight and the deals."""
        rules = obs.rules
        n = obs.players
        me = obs.seat
        fast = FastRules(rules, n)
        sides = fast.sides
        my_side = fast.side_of[me]
        budget = max(1, min(self.samples, self.work // (len(cands) * _playout_cost(obs))))
        totals = [0.0] * len(cands)
        rnd = rng.random
        eps = self.eps
        draws = 0
        weights = 0.0
        nxt = (me + 1) % n
        for _ in range(budget):
            hands0, stock0 = sampler.deal(rng)
            draws += 1
            w = weight(hands0)
            weights += w
            for i, c in enumerate(cands):
                hands = list(hands0)
                hands[me] ^= BIT[c.tile]
                points = [0] * n
                points[me] = c.points
                if not hands[me]:
                    out = Playout(me, hands, c.tile, points)
                elif rules.spinner:
                    out = play_spinner(
                        hands,
                        c.board.copy(),
                        nxt,
                        list(stock0),
                        rnd,
                        points,
                        fives=rules.fives,
                        eps=eps,
                    )
                else:
                    a, b = c.board.vals
                    out = play_line(hands, a, b, nxt, list(stock0), rnd, eps=eps, look=self.look)
                _, pts = fast.score(out)
                mine = pts[my_side]
                v = mine - (sum(pts) - mine) / (sides - 1)
                totals[i] += w * v
            if deadline is not None and time.perf_counter() > deadline:
                break
        return totals, weights, draws


def deal_weigher(
    obs: Observation, know: Knowledge, belief: float, choice: float = 0.0
) -> Callable[[list[int]], float]:
    """The weight of a sampled deal (its hands as masks, by seat). Outside All Fives
    players shed heavy tiles: a deal where a seat passed up a heavier tile that fitted,
    one it then held, weighs ``belief`` for each such play. With two sides, with
    ``choice`` above 0, it also weighs the chance that the other seats would
    have made their choices holding that deal's tiles (:mod:`engine.players.beliefs`),
    raised to ``choice``."""
    if obs.rules.fives:
        belief = 1.0
    choices = know.choices if belief < 1.0 else ()
    model = model_for(obs.rules, obs.players)
    by_choice = None if model is None else choice_weigher(know, model, choice)

    def weight(hands: list[int]) -> float:
        w = 1.0
        for p, later, heavier in choices:
            if (hands[p] | later) & heavier:
                w *= belief
        if by_choice is not None:
            w *= by_choice(hands)
        return w

    return weight


def _playout_cost(obs: Observation) -> int:
    """Roughly what one playout from ``obs`` costs, in line tile plays."""
    plays = sum(obs.hand_sizes) + obs.boneyard_size // 2 + 2
    return 3 * plays // 2 if obs.rules.spinner else plays


def _candidate(obs: Observation, move: Move) -> _Candidate:
    board = board_after(obs.layout.board, move)
    points = play_score(board.count) if obs.rules.fives else 0
    return _Candidate(move, move.tile.index, board, points)


def _copy(rng: random.Random) -> random.Random:
    """An independent generator in the same state."""
    other = random.Random()
    other.setstate(rng.getstate())
    return other
