"""The Expert: determinized Monte Carlo search with the kernel's playouts."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from engine.kernel import BIT, Board, FastRules, Playout, play_line, play_score, play_spinner
from engine.players.knowledge import Sampler, knowledge, move_rng
from engine.players.levels import board_after, club_score, distinct_moves, features, moves_or_raise
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


@dataclass
class Expert:
    """Determinized Monte Carlo over the hidden tiles.

    For each of up to ``samples`` deals of the unseen tiles consistent with the seat's
    :class:`Knowledge`, each candidate move is played and the round played out. In the
    playouts every seat plays ``eps``-greedy: with probability ``eps`` a random legal
    tile, else on a line (with ``look``) a placement the next seat cannot follow in that
    deal, then the heaviest tile; on a spinner layout the placement scoring most, then
    the heaviest tile. Outside All Fives a deal in which a seat passed up a heavier
    tile that fitted counts ``shed_belief`` times as much for each such play (players
    shed heavy tiles). The move with the best average outcome wins: the side's round
    points (play points included) minus the average of the other sides' (a partner's
    points are the side's own). Ties go to the move the Club player prefers.

    The budget ``work`` counts the tile plays the playouts of one move may take,
    estimated from the position (a spinner layout's plays count more: they cost more).
    ``time_limit`` seconds (``None``: none) caps a move's wall-clock time, the only thing
    that can make a choice depend on more than the observation and ``seed``; the default
    budget stays well under it (about 50 ms a move at worst in CPython here).
    """

    seed: int = 0
    samples: int = 400
    work: int = 24000
    time_limit: float | None = 0.25
    eps: float = 0.1
    shed_belief: float = 0.5
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
        rules = obs.rules
        n = obs.players
        me = obs.seat
        fast = FastRules(rules, n)
        sides = fast.sides
        my_side = fast.side_of[me]
        cands = [_candidate(obs, m) for m in distinct]
        sampler = Sampler(know)
        budget = max(1, min(self.samples, self.work // (len(cands) * _playout_cost(obs))))
        totals = [0.0] * len(cands)
        rnd = rng.random
        eps = self.eps
        draws = 0
        weights = 0.0
        # Outside All Fives players shed heavy tiles: a deal where a seat passed up a
        # heavier tile that fitted is less likely.
        belief = 1.0 if rules.fives else self.shed_belief
        choices = know.choices if belief < 1.0 else ()
        nxt = (me + 1) % n
        for _ in range(budget):
            hands0, stock0 = sampler.deal(rng)
            draws += 1
            w = 1.0
            for p, later, heavier in choices:
                if (hands0[p] | later) & heavier:
                    w *= belief
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
                totals[i] += w * (mine - (sum(pts) - mine) / (sides - 1))
            if deadline is not None and time.perf_counter() > deadline:
                break
        means = tuple(t / weights for t in totals)
        club = [club_score(features(obs, c.move, know), rules) for c in cands]
        best = max(range(len(cands)), key=lambda i: (round(means[i], 9), club[i], -i))
        assert cands[best].move in moves
        result = Search(tuple(c.move for c in cands), means, draws, best)
        self.last_search = result
        return result


def _playout_cost(obs: Observation) -> int:
    """Roughly what one playout from ``obs`` costs, in line tile plays."""
    plays = sum(obs.hand_sizes) + obs.boneyard_size // 2 + 2
    return 3 * plays // 2 if obs.rules.spinner else plays


def _candidate(obs: Observation, move: Move) -> _Candidate:
    board = board_after(obs.layout.board, move)
    points = play_score(board.count) if obs.rules.fives else 0
    return _Candidate(move, move.tile.index, board, points)
