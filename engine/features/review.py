"""The review of a finished round: every decision one seat made, judged from what it knew.

A *decision* is a point of the round where the reviewed seat was to play and had more
than one distinct legal move (two placements that leave the same position, a tile that
fits two ends of one value on a line, count as one: :func:`engine.players.levels.
distinct_moves`). Forced moves are never judged. :func:`decisions` lists a round's
decisions for one seat; :func:`judge` values every distinct move of one of them, so a
page can show progress and stop between two decisions; :func:`review` does a whole
round, :func:`summarize` tells the key moments and the share of good decisions.

**What a value is.** A move's value is the expected outcome of the round for the
reviewed seat's side if it plays that move: its points for the round minus the other
sides' points added up (play points included in All Fives, those already scored too), as
:mod:`engine.players.solver` values a position, each seat playing its best from there on in the
deal considered (with three or four individual players the others are taken to play as
one team: the solver's paranoid reading). The expectation is over the hidden tiles: the
other hands and the boneyard, as the seat could know them at that moment, from its
observation only (:meth:`engine.core.state.RoundState.observation`; the inferences of
:class:`engine.players.knowledge.Knowledge`: voids from passes and draws, limits on what
a seat drew since, the first lead of ``block-dk``). Each deal weighs what the Expert
gives it (outside All Fives a deal in which a seat passed up a heavier tile that fitted
counts half as much for each such play: players shed heavy tiles).

**Exact or sampled.** When the hidden deals consistent with what the seat knew number at
most :data:`EXACT_DEALS` (hand splits times orders of the boneyard), every one of them
is enumerated and solved exactly, and the values are exact (``method`` ``"exact"``),
unless solving them all would take more than :data:`DECISION_NODES` positions. Else
``budget`` deals (:data:`BUDGET` unless told, at most :data:`MAX_BUDGET`) are sampled as
the Expert samples them (:class:`~engine.players.knowledge.Sampler`, seeded by ``seed``
and the observation only: :func:`~engine.players.knowledge.move_rng`) and each is solved
exactly (``"solved"``) when each solves within :data:`NODE_LIMIT` positions and all
within what the exact attempt left of :data:`DECISION_NODES`; if that runs out after
:data:`MIN_SOLVED` of them, those solved are the sample. Else each
move is played out :data:`PLAYOUTS` times in each deal with the Expert's playout policy
(``"played"``: an estimate of good play, not of best play; the early decisions of a
round, whose deals are too big to solve, are valued so). The solver's positions and the
playouts are so bounded that a decision is judged within a second of CPython's time.
Every budget is a count (of deals, of positions), never a time, so a review is
deterministic for a seed and the same in CPython and Pyodide.

**The boneyard.** In the draw games the boneyard's order is hidden too: a hidden deal is
the other hands *and* an order of the boneyard, every order equally likely (the shuffle
is uniform). Exact mode enumerates every order (a boneyard of ``b`` tiles has ``b!``);
the sampler shuffles it. Which of a seat's tiles it drew, and in what order, is not
counted as such: a deal is consistent when it respects the voids and the limits of
:class:`~engine.players.knowledge.Knowledge`, as the Expert's deals do.

**Marks.** A decision is marked by the expected loss of the move made against the best
move, in points of the round, the same thresholds for every preset (:data:`MARKS`):

- ``best``: at most 0.5 points: no worse than the best within the rounding of a sample
  (a tie with the best is always ``best``);
- ``good``: at most 2 points: the price of one light tile left in hand;
- ``inaccuracy``: at most 5 points: one All Fives score, or a tile of middling weight;
- ``mistake``: at most 10 points: about a quarter of what a typical Block round is worth
  (a hand of seven tiles holds 42 pips on average);
- ``blunder``: more than 10 points.

**Sampling error.** A sampled loss comes with its standard error (``error``): the
weighted standard deviation of the per-deal difference between the best move and the
move made, over the square root of the deals (each move is valued in the same deals, so
the difference is much steadier than either value; a best move made gives the
runner-up's). With the default budget of :data:`BUDGET` deals its median, over rounds
played by Club players (``scripts/bench_review.py``), is about 1 point in 2-player Block,
2 to 3 points with more players and in Draw, 2.5 to 3.5 points in All Fives: a mark is
sure where the loss lies more than two errors from a threshold, and the review says the
error beside each estimate. Two seeds' losses differ by less than four errors, and
their marks only where a loss lies within three errors of a threshold
(tests/test_review.py checks this). An exact value has no error.

>>> from engine import Rules, RoundState
>>> state = RoundState.new(Rules.make("block"), 2, 0, rng=3)
>>> while not state.is_terminal:
...     state.apply(state.legal_moves()[0])
>>> found = decisions(state, 0)
>>> all(len(d.moves) > 1 for d in found)
True
"""

from __future__ import annotations

import itertools
import json
import math
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from engine.core.boundary import check_seed as boundary_seed
from engine.core.boundary import excess, is_whole
from engine.core.errors import DominoError, Seat
from engine.core.kernel import BIT, bits
from engine.core.records import (
    MatchRecord,
    PlayError,
    RoundRecord,
    parse_record,
    replay_match_round,
    replay_round,
)
from engine.core.rules import check_seat
from engine.core.state import Move, Observation, RoundState
from engine.core.tiles import Tile
from engine.players.expert import Deal, Expert, Valuer, Values, deal_weigher
from engine.players.knowledge import Knowledge, Sampler, knowledge, move_rng
from engine.players.levels import board_after, distinct_moves
from engine.players.solver import Solver

BUDGET = 80
"""Deals sampled per decision by default (a decision whose consistent deals are few
enough is valued exactly instead)."""

MAX_BUDGET = BUDGET
"""The most deals a decision may be given: a budget can make a judgement quicker and
rougher, never longer than the default's (every request answers within a second of CPU
in CPython)."""

EXACT_DEALS = 500
"""At most this many consistent hidden deals (hand splits times boneyard orders): every
one is enumerated and solved, and the values are exact (unless solving them all takes
more than :data:`DECISION_NODES` positions)."""

DECISION_NODES = 24000
"""The most positions the solver may search for one decision, the exact attempt and the
sampled deals together (with the default budget; in proportion for a smaller one). The
last deal searched may add its own limit (:data:`NODE_LIMIT`, or half this in the exact
attempt): in All Fives, whose positions cost the most, about half a second of CPython.
Past it, the sampled deals solved stand for the sample when they are at least
:data:`MIN_SOLVED` of the budget; else the decision is played out."""

ENUMERATE = 20000
"""Deals are counted one by one only while the other hands could lie in at most so many
ways (their sizes alone counted); past that they are surely too many to enumerate."""

NODE_LIMIT = 6000
"""The most positions the solver may search for one sampled deal; a deal that needs
more sends the whole decision to playouts."""

MIN_SOLVED = 0.5
"""The share of a decision's sampled deals that must be solved for them to value it."""

PACE = 4
"""After so many sampled deals, a decision whose deals so far took more than their share
of :data:`DECISION_NODES` (for :data:`MIN_SOLVED` of the deals) is played out at once."""

PLAYOUTS = 4
"""Playouts of each move in each sampled deal when the deals are too big to solve."""


Mark = Literal["best", "good", "inaccuracy", "mistake", "blunder"]
Method = Literal["exact", "solved", "played"]

MARKS: tuple[tuple[Mark, float], ...] = (
    ("best", 0.5),
    ("good", 2.0),
    ("inaccuracy", 5.0),
    ("mistake", 10.0),
    ("blunder", math.inf),
)
"""Each mark and the largest expected loss, in points, that it takes (see the module's
docstring for why)."""

GOOD_MARKS: tuple[Mark, ...] = ("best", "good")
"""The marks a summary counts as well played."""


def mark_of(loss: float) -> Mark:
    """The mark of an expected loss in points against the best move (a judgement marks
    its losses as it shows them, to a tenth of a point: :func:`round_loss`)."""
    return next(name for name, most in MARKS if loss <= most)


# ---------------------------------------------------------------------------------------
# The input: a round record, a match record or a finished round
# ---------------------------------------------------------------------------------------


def load_round(record: object, round: object = None) -> tuple[RoundState, int, int]:
    """The finished round a record describes, its index (from 0) and how many rounds
    the record holds.

    ``record`` is a finished :class:`RoundState`, a
    :class:`~engine.core.records.RoundRecord` or :class:`~engine.core.records.MatchRecord`,
    or JSON data, read by :func:`review_record` (a bad record is the error reading or
    replaying it gives); of a match record ``round`` chooses the round (from 0; ``None``:
    the first), of a round record it may only be ``None`` or 0.
    """
    if isinstance(record, RoundState):
        if not record.is_terminal:
            raise DominoError("record_incomplete", seat=Seat(record.current_player))
        return record, _check_round(round, 1), 1
    if not isinstance(record, RoundRecord | MatchRecord):
        record = review_record(record)
    try:
        if isinstance(record, MatchRecord):
            # One replay a request: the match checked whole, the round asked for kept.
            match, state = replay_match_round(record, round if is_whole(round) else 0)
            count = len(match.results)
            k = _check_round(round, count)
            assert state is not None
            return state, k, count
        k = _check_round(round, 1)
        return replay_round(record), k, 1
    except PlayError as e:
        if e.index is None:
            raise
        # Where the record goes wrong, counted as readers count: its round and play.
        at = DominoError("review_play", round=(e.round_index or 0) + 1, play=e.index + 1)
        raise at.because(e) from None


def review_record(data: object) -> RoundRecord | MatchRecord:
    """The round or match record JSON ``data`` describes, read once for a review: data
    nested deeper than :data:`engine.core.boundary.MAX_DEPTH` (``review_too_deep``) or
    holding a list or object of more than :data:`engine.core.boundary.MAX_ITEMS` items
    (``review_too_many``) is refused before it is read; else it is read by
    :func:`engine.core.records.parse_record`, and raises as that does."""
    fault = excess(data)
    if fault is not None:
        raise DominoError(f"review_{fault[0]}", limit=fault[1])
    return parse_record(data)


def _check_round(round: object, count: int) -> int:
    if round is None:
        round = 0
    if not is_whole(round):
        raise DominoError("bad_argument", name="round", value=round)
    if not 0 <= round < count:
        raise DominoError("review_round", round=round, count=count)
    return round


# ---------------------------------------------------------------------------------------
# Decisions
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Decision:
    """One point where the reviewed seat had a choice."""

    index: int
    """Its number among the seat's decisions in the round, from 0."""
    ply: int
    """The index of the move made among the round's plays (the record's ``plays``)."""
    seat: int
    observation: Observation
    """What the seat could see then: its hand, the table, the events so far."""
    move: Move
    """The move made, as the record gives it (its end filled in)."""
    moves: tuple[Move, ...]
    """The distinct legal moves, in the order of the legal moves."""
    played: int
    """The index in :attr:`moves` of the move made (or of the move it equals)."""


def decisions(state: RoundState, seat: int) -> list[Decision]:
    """Every decision ``seat`` made in the finished round ``state`` (which is not
    changed), in order; forced moves are left out."""
    if not isinstance(state, RoundState):
        raise DominoError("bad_argument", name="state", value=state)
    if not state.is_terminal:
        raise DominoError("record_incomplete", seat=Seat(state.current_player))
    check_seat(seat, state.players)
    replay = dealt_again(state)
    out: list[Decision] = []
    for ply, (mover, move) in enumerate(plays_of(state)):
        if mover == seat:
            obs = replay.observation(seat)
            moves = tuple(distinct_moves(obs))
            if len(moves) > 1:
                played = _same_as(obs, moves, move)
                out.append(Decision(len(out), ply, seat, obs, move, moves, played))
        replay.apply(move)
    return out


def dealt_again(state: RoundState) -> RoundState:
    """The round ``state`` (not changed) dealt again: its hands and its boneyard as they
    were dealt, nothing played."""
    return RoundState(
        state.rules,
        state.players,
        state.leader,
        state.dealt,
        original_boneyard(state),
        first_round=state.opening is not None,
    )


def plays_of(state: RoundState) -> list[tuple[int, Move]]:
    """The seat and the move of each play of ``state``, in order (its end filled in)."""
    out = []
    for e in state.events:
        if e.kind == "play":
            assert e.tile is not None
            out.append((e.seat, Move(e.tile, e.end)))
    return out


def original_boneyard(state: RoundState) -> list[Tile]:
    """The boneyard as dealt, in drawing order: the tiles drawn, then those left."""
    drawn = [e.tile for e in state.events if e.kind == "draw" and e.tile is not None]
    return [*drawn, *state.boneyard]


def _same_as(obs: Observation, moves: Sequence[Move], move: Move) -> int:
    """The index in ``moves`` of ``move``, or of the distinct move that leaves the same
    position."""
    if move in moves:
        return moves.index(move)
    board = obs.layout.board
    after = sorted(board_after(board, move).vals)
    for i, m in enumerate(moves):
        if m.tile == move.tile and sorted(board_after(board, m).vals) == after:
            return i
    raise AssertionError("unreachable: every legal move has a distinct one")


def decision(state: RoundState, seat: int, index: object) -> Decision:
    """Decision number ``index`` (from 0) of ``seat`` in ``state``."""
    return pick(decisions(state, seat), seat, index)


def pick(found: Sequence[Decision], seat: int, index: object) -> Decision:
    """Decision number ``index`` (from 0) of those ``found`` for ``seat``
    (:func:`decisions`), checked."""
    if not is_whole(index):
        raise DominoError("bad_argument", name="index", value=index)
    if not 0 <= index < len(found):
        raise DominoError("review_index", index=index, seat=Seat(seat), count=len(found))
    return found[index]


# ---------------------------------------------------------------------------------------
# What was known
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatKnown:
    """What the reviewed seat could tell about another seat."""

    seat: int
    tiles: int
    """The tiles it held."""
    lacks: tuple[int, ...]
    """The numbers it could not hold, shown by its passes and draws (ascending)."""


@dataclass(frozen=True)
class Known:
    """What the reviewed seat knew at a decision."""

    unseen: int
    """Tiles it could not see: the other hands, the boneyard and any set aside."""
    boneyard: int
    """Tiles in the boneyard (none outside the draw games)."""
    seats: tuple[SeatKnown, ...]
    """Each other seat, in seat order."""


def known(obs: Observation, know: Knowledge | None = None) -> Known:
    """What ``obs.seat`` could infer about the others (see :class:`Known`)."""
    k = know if know is not None else knowledge(obs)
    seats = tuple(
        SeatKnown(p, k.hand_sizes[p], tuple(sorted(k.void_values[p])))
        for p in range(obs.players)
        if p != obs.seat
    )
    return Known(k.unseen.bit_count(), k.boneyard, seats)


# ---------------------------------------------------------------------------------------
# Judging a decision
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Valued:
    """A distinct legal move and its expected value."""

    move: Move
    value: float
    """The side's expected points minus the others' for the round (see the module's
    docstring)."""
    loss: float
    """The best move's value minus this one's (0 for the best)."""
    error: float
    """The standard error of :attr:`loss` (0 when exact)."""
    mark: Mark


@dataclass(frozen=True)
class Judgement:
    """A decision valued: every distinct move, the best, and the move made marked."""

    decision: Decision
    values: tuple[Valued, ...]
    """In the order of :attr:`Decision.moves`."""
    best: int
    """The index of the best move (on a tie, the move made)."""
    method: Method
    deals: int
    """Deals valued: all of them (exact), or those sampled."""
    known: Known
    seed: int
    budget: int

    @property
    def played(self) -> Valued:
        return self.values[self.decision.played]

    @property
    def better(self) -> Valued:
        return self.values[self.best]

    @property
    def loss(self) -> float:
        return self.played.loss

    @property
    def mark(self) -> Mark:
        return self.played.mark

    @property
    def error(self) -> float:
        """The standard error of the judgement: of the loss of the move made, or when it
        is the best, of the loss of the runner-up (how sure it is the best)."""
        if self.best != self.decision.played:
            return self.played.error
        others = [v for i, v in enumerate(self.values) if i != self.best]
        return min(others, key=lambda v: (v.loss, v.error)).error

    @property
    def exact(self) -> bool:
        return self.method == "exact"

    def item(self, round: int = 0) -> dict[str, Any]:
        """The judgement as a summary needs it (JSON): round, index, move, best, the
        move made's expected ``value`` (the round's graph), loss and mark."""
        return {
            "round": round,
            "index": self.decision.index,
            "move": str(self.decision.move),
            "best": str(self.better.move),
            "value": round_loss(self.played.value),
            "loss": round_loss(self.loss),
            "error": round_loss(self.error),
            "mark": self.mark,
        }


def round_loss(loss: float) -> float:
    """A loss as the review shows it: to a tenth of a point."""
    return round(loss + 0.0, 1) + 0.0


def check_budget(budget: object) -> int:
    if not is_whole(budget) or not 1 <= budget <= MAX_BUDGET:
        raise DominoError("review_budget", budget=budget, max=MAX_BUDGET)
    return budget


def review_seed(seed: object) -> int:
    """A review's seed, checked (:func:`engine.core.boundary.check_seed`)."""
    return boundary_seed(seed, "review_seed")


def judge_decision(
    state: RoundState | Decision,
    seat: int | None = None,
    index: object = None,
    *,
    seed: object = 0,
    budget: object = BUDGET,
) -> Judgement:
    """Every distinct move of one decision valued from the seat's knowledge only: the
    decision ``index`` of ``seat`` in the finished round ``state``, or a
    :class:`Decision` itself."""
    seed = review_seed(seed)
    budget = check_budget(budget)
    if isinstance(state, Decision):
        d = state
    else:
        if seat is None:
            raise DominoError("bad_argument", name="seat", value=seat)
        d = decision(state, seat, index)
    key = _judged_key(d, seed, budget)
    found = _judged.get(key)
    if found is None:
        found = _judge(d, seed, budget)
        _judged[key] = found
        if len(_judged) > JUDGED_KEPT:
            _judged.popitem(last=False)
    else:
        _judged.move_to_end(key)
    return found


JUDGED_KEPT = 64
"""The judgements last made that are kept in memory, so that replaying a decision
(:func:`retry`) asks no second judgement of it: a judgement depends only on the
decision, the seed and the budget, so one kept is the one that would be made."""

_judged: OrderedDict[tuple[Any, ...], Judgement] = OrderedDict()


def _judged_key(d: Decision, seed: int, budget: int) -> tuple[Any, ...]:
    """All a judgement depends on: the rules, what the seat saw, the move made (the
    best on a tie), the seed and the budget."""
    obs = d.observation
    rules = json.dumps(obs.rules.to_record(), sort_keys=True)
    seen = (obs.seat, obs.players, obs.leader, obs.hand, obs.events, obs.opening)
    return (rules, seen, d.index, d.ply, d.played, seed, budget)


def _judge(d: Decision, seed: int, budget: int) -> Judgement:
    obs = d.observation
    know = knowledge(obs)
    found = _evaluate(obs, know, d.moves, seed, budget)
    means, errors_of, method, deals = found
    top = max(means)
    # The move made is best on a tie; else the first of the best.
    best = d.played if means[d.played] >= top else means.index(top)
    values = []
    for i, m in enumerate(d.moves):
        loss = max(0.0, means[best] - means[i])
        values.append(Valued(m, means[i], loss, errors_of(best, i), mark_of(round_loss(loss))))
    return Judgement(d, tuple(values), best, method, deals, known(obs, know), seed, budget)


def _evaluate(
    obs: Observation, know: Knowledge, moves: Sequence[Move], seed: int, budget: int
) -> tuple[list[float], Callable[[int, int], float], Method, int]:
    """Each move's mean value, the standard error of a difference between two moves,
    the method and the number of deals."""
    expert = Expert()
    weight = deal_weigher(obs, know, expert.shed_belief)
    valuer = Valuer(obs, moves, weight, eps=expert.eps, look=expert.look, average=False)
    offset = _offset(obs)
    exact = consistent_deals(know, EXACT_DEALS)
    method: Method
    found = None
    spent = 0
    if exact is not None:
        found, spent = _solved(valuer, exact, DECISION_NODES // 2, DECISION_NODES)
    if found is not None:
        method = "exact"
    else:
        rng = move_rng(seed, obs)
        sampler = Sampler(know)
        deals = [sampler.deal(rng) for _ in range(budget)]
        allowance = DECISION_NODES * budget // BUDGET - spent
        found, _ = _solved(valuer, deals, NODE_LIMIT, allowance, math.ceil(MIN_SOLVED * budget))
        if found is not None:
            method = "solved"
        else:
            found = valuer.played_out(deals, rng, PLAYOUTS, common=True)
            method = "played"
    rows, weights = found.rows, found.weights
    total = sum(weights)
    means = [
        sum(w * r[i] for w, r in zip(weights, rows, strict=True)) / total + offset
        for i in range(len(moves))
    ]

    def error(best: int, i: int) -> float:
        if method == "exact" or best == i:
            return 0.0
        diffs = [r[best] - r[i] for r in rows]
        mean = sum(w * d for w, d in zip(weights, diffs, strict=True)) / total
        spread = sum(w * w * (d - mean) ** 2 for w, d in zip(weights, diffs, strict=True))
        return math.sqrt(spread) / total

    return means, error, method, len(rows)


def _offset(obs: Observation) -> int:
    """The play points already scored, as the seat's side's minus the others'."""
    past = obs.play_points
    side = obs.rules.side_of(obs.seat)
    return 2 * past[side] - sum(past)


def consistent_deals(know: Knowledge, limit: int) -> list[Deal] | None:
    """Every hidden deal consistent with ``know`` (hands as masks, the observer's own
    included, and the boneyard in drawing order), if there are at most ``limit``; else
    ``None``. Hands are dealt to the other seats in seat order; the tiles left over
    that the boneyard does not hold are set aside."""
    others = [p for p in range(know.players) if p != know.seat]
    left = know.unseen.bit_count()
    ways = 1
    for p in others:
        ways *= math.comb(left, know.hand_sizes[p])
        left -= know.hand_sizes[p]
    orders = math.perm(left, know.boneyard)
    if ways > ENUMERATE or ways * orders > limit * ENUMERATE:
        return None
    out: list[Deal] = []
    for hands in _splits(know, others):
        rest = know.unseen
        for p in others:
            rest &= ~hands[p]
        for order in itertools.permutations(bits(rest), know.boneyard):
            out.append((hands, list(order)))
            if len(out) > limit:
                return None
    return out


def _splits(know: Knowledge, others: list[int]) -> Iterator[list[int]]:
    """Every way to deal the unseen tiles to ``others`` within their voids and limits."""

    def deal(k: int, remaining: int, hands: list[int]) -> Iterator[list[int]]:
        if k == len(others):
            yield list(hands)
            return
        p = others[k]
        allowed = bits(remaining & ~know.void[p])
        for combo in itertools.combinations(allowed, know.hand_sizes[p]):
            h = sum(BIT[t] for t in combo)
            if any((h & mask).bit_count() > most for mask, most in know.limits[p]):
                continue
            hands[p] = h
            yield from deal(k + 1, remaining & ~h, hands)
        hands[p] = 0

    start = [0] * know.players
    start[know.seat] = know.mine
    yield from deal(0, know.unseen, start)


def _solved(
    valuer: Valuer, deals: Sequence[Deal], limit: int, total: int, least: int | None = None
) -> tuple[Values | None, int]:
    """Each deal's value of each move, solved exactly (from now on), and the positions
    searched. ``None`` if a deal needs more than ``limit`` positions, or the deals more
    than ``total`` before ``least`` of them (all of them unless told) are solved: past
    ``total`` with ``least`` solved, those solved are the values."""
    solver = Solver(valuer.obs.rules, valuer.obs.players, node_limit=limit)
    least = len(deals) if least is None else least

    def too_big(done: int) -> bool:
        # Past the total too early, or on the way there by the first deals' pace (the
        # later deals search less: the means so far guide them), the deals are too big.
        pace = done == PACE and solver.nodes * least > PACE * total
        return (solver.nodes > total and done < least) or pace

    def enough(done: int) -> bool:
        return solver.nodes > total

    if total <= 0:
        return None, 0
    return valuer.solved(solver, deals, too_big=too_big, enough=enough), solver.nodes


# ---------------------------------------------------------------------------------------
# Learning from one's mistakes: a decision replayed
# ---------------------------------------------------------------------------------------

REPLAYED: tuple[Mark, ...] = ("mistake", "blunder")
"""The marks of the decisions a reader is asked to replay."""

Outcome = Literal["found", "shown", "skipped"]
OUTCOMES: tuple[Outcome, ...] = ("found", "shown", "skipped")
"""How a replayed decision ended: a good move found (after any number of tries), the
best move shown, or the decision skipped. The first of them counts."""


CLEAR = 5.0
"""A decision is one of the reader's own puzzles when the best move beats every other
by more than this many points (the most an inaccuracy loses), beyond twice the
difference's sampling error: one move is clearly best."""


def clearly_best(j: Judgement) -> bool:
    """Whether the decision judged can be one of the reader's own puzzles: the move made
    was :data:`REPLAYED` (a mistake or a blunder) and one move is clearly best
    (:data:`CLEAR`)."""
    if j.mark not in REPLAYED:
        return False
    return all(v.loss > CLEAR + 2 * v.error for i, v in enumerate(j.values) if i != j.best)


def to_replay(items: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The items (:meth:`Judgement.item`) whose decisions are to be replayed: those
    whose loss marks them :data:`REPLAYED`, in the order of the round and decision."""
    marked = [x for x in items if mark_of(x["loss"]) in REPLAYED]
    return sorted(marked, key=lambda x: (x["round"], x["index"]))


@dataclass(frozen=True)
class Retry:
    """A move tried again at a decision, judged as the review judged the decision."""

    judgement: Judgement
    tried: int
    """The index in :attr:`Decision.moves` of the move tried (or of the move it
    equals)."""

    @property
    def valued(self) -> Valued:
        return self.judgement.values[self.tried]

    @property
    def accepted(self) -> bool:
        """A move within the "good" tolerance of the best (:data:`GOOD_MARKS`)."""
        return self.valued.mark in GOOD_MARKS


def retry(d: Decision, move: object, *, seed: object = 0, budget: object = BUDGET) -> Retry:
    """``move`` (a :class:`Move` or its record notation) tried at decision ``d``: any
    legal move, valued from what the seat knew then by the judgement of the review
    (the same seed and budget give the same judgement: :func:`judge_decision`). A move
    that is not legal there is an error (``review_retry_move``) and nothing is
    judged."""
    try:
        tried = move if isinstance(move, Move) else Move.parse(move)
    except DominoError:
        raise DominoError("review_retry_move", move=str(move)[:20]) from None
    obs = d.observation
    if tried not in obs.legal_moves():
        raise DominoError("review_retry_move", move=str(tried))
    j = judge_decision(d, seed=seed, budget=budget)
    return Retry(j, _same_as(obs, d.moves, tried))


# ---------------------------------------------------------------------------------------
# A whole round, and its summary
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Summary:
    """The key moments of judged decisions and the share well played."""

    count: int
    """Decisions judged."""
    good: int
    """Of them, marked best or good."""
    marks: dict[str, int]
    """How many got each mark."""
    key: tuple[dict[str, Any], ...]
    """The items (:meth:`Judgement.item`) losing the most first, those not best only,
    at most :data:`KEY_MOMENTS`."""

    @property
    def share(self) -> float:
        """The share marked best or good (1 with nothing to judge)."""
        return self.good / self.count if self.count else 1.0


KEY_MOMENTS = 3
"""The most key moments a summary names."""


def summarize(items: Sequence[dict[str, Any]]) -> Summary:
    """The summary of judged decisions, each an :meth:`Judgement.item` (its mark is
    taken again from its loss, so an item passed back by a page cannot lie about it)."""
    marks: dict[str, int] = {name: 0 for name, _ in MARKS}
    checked = []
    for item in items:
        loss = item["loss"]
        mark = mark_of(loss)
        marks[mark] += 1
        checked.append({**item, "mark": mark})
    key = sorted(
        (x for x in checked if x["mark"] != "best"),
        key=lambda x: (-x["loss"], x["round"], x["index"]),
    )[:KEY_MOMENTS]
    good = sum(marks[m] for m in GOOD_MARKS)
    return Summary(len(checked), good, marks, tuple(key))


@dataclass(frozen=True)
class Review:
    """A round reviewed for one seat."""

    state: RoundState
    seat: int
    round: int
    judgements: tuple[Judgement, ...]
    forced: int
    """The seat's moves that were forced (not judged)."""

    @property
    def summary(self) -> Summary:
        return summarize([j.item(self.round) for j in self.judgements])


def review(
    record: object,
    seat: int,
    *,
    round: object = None,
    seed: object = 0,
    budget: object = BUDGET,
    progress: Callable[[int, int], None] | None = None,
) -> Review:
    """Every decision of ``seat`` in a finished round judged (:func:`judge`): the round
    of a round record, of a match record (``round``, from 0) or a finished
    :class:`RoundState`. ``progress(done, total)`` is told after each decision."""
    seed = review_seed(seed)
    budget = check_budget(budget)
    state, k, _ = load_round(record, round)
    found = decisions(state, seat)
    out = []
    for d in found:
        out.append(judge_decision(d, seed=seed, budget=budget))
        if progress is not None:
            progress(len(out), len(found))
    moves = sum(1 for e in state.events if e.kind == "play" and e.seat == seat)
    return Review(state, seat, k, tuple(out), moves - len(found))


__all__ = [
    "BUDGET",
    "CLEAR",
    "EXACT_DEALS",
    "MARKS",
    "OUTCOMES",
    "REPLAYED",
    "Decision",
    "Judgement",
    "Known",
    "Retry",
    "Review",
    "SeatKnown",
    "Summary",
    "Valued",
    "clearly_best",
    "consistent_deals",
    "dealt_again",
    "decision",
    "decisions",
    "judge_decision",
    "known",
    "load_round",
    "mark_of",
    "original_boneyard",
    "pick",
    "plays_of",
    "retry",
    "review",
    "review_record",
    "summarize",
    "to_replay",
]
