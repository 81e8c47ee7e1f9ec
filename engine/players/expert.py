"""The Expert: determinized Monte Carlo search, each deal solved exactly when the solver
can (:mod:`engine.players.solver`), else played out with the kernel's playouts.

:class:`Valuer` values a seat's moves in deals of the tiles it cannot see, solved or
played out: the Expert's search and the review (:mod:`engine.features.review`) both value moves
with it."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from engine.core.kernel import BIT, Board, FastRules, Playout, next_seat
from engine.core.state import Move, Observation
from engine.players.beliefs import choice_weigher, model_for
from engine.players.knowledge import Knowledge, Sampler, knowledge, move_rng
from engine.players.levels import board_after, club_score, distinct_moves, features, moves_or_raise
from engine.players.solver import NodeLimit, Solver


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
    other side's under best play by every seat in that deal (see :mod:`engine.players.solver`),
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
        sampler = Sampler(know)
        weight = deal_weigher(obs, know, self.shed_belief, self.choice_belief)
        valuer = Valuer(obs, distinct, weight, eps=self.eps, look=self.look, average=True)
        club = [club_score(features(obs, m, know), obs.rules) for m in distinct]
        found = self._solved(valuer, club, sampler, rng, deadline)
        solved = found is not None
        if found is None:
            found = self._played_out(valuer, sampler, rng, deadline)
        totals = [0.0] * len(distinct)
        weights = 0.0
        for w, row in zip(found.weights, found.rows, strict=True):
            weights += w
            for i, v in enumerate(row):
                totals[i] += w * v
        means = tuple(t / weights for t in totals)
        best = max(range(len(distinct)), key=lambda i: (round(means[i], 9), club[i], -i))
        assert distinct[best] in moves
        result = Search(tuple(distinct), means, len(found.rows), best, solved)
        self.last_search = result
        return result

    def _solved(
        self,
        valuer: Valuer,
        club: list[float],
        sampler: Sampler,
        rng: random.Random,
        deadline: float | None,
    ) -> Values | None:
        """The deals solved exactly; ``None`` when a deal is too big to solve. (The
        deals come from a copy of ``rng``: where the solver is not used, the playouts
        see the deals they always did.)"""
        obs = valuer.obs
        if self.solve_nodes <= 0 or obs.rules.sides(obs.players) > 2:
            return None
        solver = Solver(obs.rules, obs.players, node_limit=self.solve_nodes // self.min_solved)
        # The moves the Club player likes best first: the best value found early makes
        # the others' quick to bound (``solve_spread``).
        order = sorted(range(len(club)), key=lambda i: -club[i])
        deals = _sampled(
            sampler, _copy(rng), self.samples, deadline, lambda: solver.nodes < self.solve_nodes
        )
        return valuer.solved(solver, deals, spread=self.solve_spread, order=order, weighted=True)

    def _played_out(
        self, valuer: Valuer, sampler: Sampler, rng: random.Random, deadline: float | None
    ) -> Values:
        """The deals played out, as many as ``work`` allows."""
        cost = len(valuer.moves) * _playout_cost(valuer.obs)
        budget = max(1, min(self.samples, self.work // cost))
        return valuer.played_out(_sampled(sampler, rng, budget, deadline), rng)


Deal = tuple[list[int], list[int]]
"""A deal of the tiles a seat cannot see: every hand as a mask, by seat (its own
included), and the boneyard's tile indices, drawn from the end (as the kernel's
playouts draw)."""


@dataclass(frozen=True)
class Values:
    """Moves valued in deals: ``rows[d][i]`` is deal ``d``'s value of move ``i``, and
    ``weights[d]`` the weight of deal ``d``."""

    rows: list[list[float]]
    weights: list[float]


class Valuer:
    """The value of each of one seat's ``moves`` in deals of the tiles it cannot see:
    the one way the Expert (:meth:`Expert.search`) and the review
    (:func:`engine.features.review.judge_decision`) value moves.

    A deal is solved exactly (:meth:`solved`: each move's value is its side's points
    minus the others' under best play by every seat in that deal,
    :meth:`engine.players.solver.Solver.values`), or played out (:meth:`played_out`): after the
    move every seat plays the kernel's playout (:meth:`FastRules.play`) with the
    policy ``eps``, ``look`` (see :class:`Expert`) to the end of the round, and the
    move's value is its side's points for the round (play points included) minus the
    other sides' average with ``average``, else their sum (as the solver counts them).
    Either way each deal weighs ``weight(hands)``.
    """

    def __init__(
        self,
        obs: Observation,
        moves: Sequence[Move],
        weight: Callable[[list[int]], float],
        *,
        eps: float,
        look: bool,
        average: bool,
    ) -> None:
        self.obs = obs
        self.moves = tuple(moves)
        self.weight = weight
        self.eps = eps
        self.look = look
        self.average = average
        self.fast = FastRules(obs.rules, obs.players)
        self._cands = [_candidate(obs, m) for m in moves]
        self._side = self.fast.side_of[obs.seat]
        self._next = next_seat(obs.seat, obs.players)

    def solved(
        self,
        solver: Solver,
        deals: Iterable[Deal],
        *,
        spread: int | None = None,
        order: Sequence[int] | None = None,
        weighted: bool = False,
        too_big: Callable[[int], bool] | None = None,
        enough: Callable[[int], bool] | None = None,
    ) -> Values | None:
        """Each of ``deals`` solved for every move, the moves searched in ``order``
        (indices into :attr:`moves`; ``None``: as they are), each guessed from the mean
        of the deals so far, weighted with ``weighted``; ``spread`` as
        :meth:`~engine.players.solver.Solver.values` takes it. ``None`` when a deal needs more
        than the solver's ``node_limit`` positions, or when ``too_big(deals solved)``,
        asked after each deal, says the deals are too big to solve; else, when
        ``enough(deals solved)``, asked next, says so, the deals solved so far (the deals
        are drawn independently: the first ones are a sample as good as all)."""
        obs = self.obs
        board = obs.layout.board
        order = range(len(self.moves)) if order is None else order
        moves = [self.moves[i] for i in order]
        rows: list[list[float]] = []
        weights: list[float] = []
        totals = [0.0] * len(moves)
        sums = [0] * len(moves)
        total_weight = 0.0
        for hands, stock in deals:
            guesses = None
            if rows and weighted:
                guesses = [round(totals[i] / total_weight) for i in order]
            elif rows:
                guesses = [round(sums[i] / len(rows)) for i in order]
            try:
                values = solver.values(hands, board, stock[::-1], obs.seat, moves, spread, guesses)
            except NodeLimit:
                return None
            w = self.weight(hands)
            row = [0.0] * len(moves)
            for i, v in zip(order, values, strict=True):
                row[i] = float(v)
                totals[i] += w * v
                sums[i] += v
            total_weight += w
            rows.append(row)
            weights.append(w)
            if too_big is not None and too_big(len(rows)):
                return None
            if enough is not None and enough(len(rows)):
                break
        return Values(rows, weights)

    def played_out(
        self, deals: Iterable[Deal], rng: random.Random, playouts: int = 1, common: bool = False
    ) -> Values:
        """Each of ``deals`` played out ``playouts`` times after each move, a move's
        value in the deal the mean. The playouts draw from ``rng`` in turn; with
        ``common``, each move's playouts in a deal draw the same numbers instead, from
        a seed drawn from ``rng`` for the deal, so that the difference between two
        moves owes less to chance."""
        rows: list[list[float]] = []
        weights: list[float] = []
        rnd = rng.random
        seed = 0
        for hands, stock in deals:
            if common:
                seed = rng.getrandbits(64)
            row = []
            for c in self._cands:
                if common:
                    rnd = random.Random(seed).random
                total: float = 0
                for _ in range(playouts):
                    total += self._margin(self._outcome(c, hands, stock, rnd))
                row.append(total / playouts)
            rows.append(row)
            weights.append(self.weight(hands))
        return Values(rows, weights)

    def _outcome(
        self, c: _Candidate, hands0: list[int], stock: list[int], rnd: Callable[[], float]
    ) -> list[int]:
        """Each side's points for the round when ``c`` is played in a deal and the
        round played out."""
        me = self.obs.seat
        hands = list(hands0)
        hands[me] ^= BIT[c.tile]
        points = [0] * self.obs.players
        points[me] = c.points
        if not hands[me]:
            out = Playout(me, hands, c.tile, points)
        else:
            out = self.fast.play(
                hands,
                self._next,
                list(stock),
                rnd,
                board=c.board,
                points=points,
                eps=self.eps,
                look=self.look,
            )
        return self.fast.score(out)[1]

    def _margin(self, points: list[int]) -> float:
        """The seat's side's points less the other sides' (their average with
        :attr:`average`)."""
        mine = points[self._side]
        if self.average:
            return mine - (sum(points) - mine) / (self.fast.sides - 1)
        return 2 * mine - sum(points)


def _sampled(
    sampler: Sampler,
    rng: random.Random,
    count: int,
    deadline: float | None,
    more: Callable[[], bool] | None = None,
) -> Iterator[Deal]:
    """Up to ``count`` deals from ``sampler``, while ``more()`` (asked before each deal)
    and until the clock passes ``deadline`` (looked at once each deal is valued)."""
    for _ in range(count):
        if more is not None and not more():
            return
        yield sampler.deal(rng)
        if deadline is not None and time.perf_counter() > deadline:
            return


def deal_weigher(
    obs: Observation, know: Knowledge, belief: float, choice: float = 0.0
) -> Callable[[list[int]], float]:
    """The weight of a sampled deal (its hands as masks, by seat). Outside All Fives
    players shed heavy tiles: a deal where a seat passed up a heavier tile that fitted,
    one it then held, weighs ``belief`` for each such play. With two sides, with
    ``choice`` above 0, it also weighs the chance that the other seats would
    have made their choices holding that deal's tiles (:mod:`engine.players.beliefs`),
    raised to ``choice``."""
    if obs.rules.policy.play.scores:
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
    return 3 * plays // 2 if obs.rules.policy.layout.has_spinner else plays


def _candidate(obs: Observation, move: Move) -> _Candidate:
    board = board_after(obs.layout.board, move)
    points = obs.rules.policy.play.points(board.count)
    return _Candidate(move, move.tile.index, board, points)


def _copy(rng: random.Random) -> random.Random:
    """An independent generator in the same state."""
    other = random.Random()
    other.setstate(rng.getstate())
    return other
