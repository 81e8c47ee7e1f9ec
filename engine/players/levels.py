"""The moves a seat can make, and the Beginner and Club levels."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from engine.core.errors import DominoError, Seat
from engine.core.kernel import VALUE_MASK, Board, mask_pips, to_mask
from engine.core.layout import slot_of
from engine.core.rules import Rules
from engine.core.state import Move, Observation
from engine.core.tiles import Tile
from engine.players.knowledge import Knowledge, knowledge, move_rng

LEVELS: tuple[str, ...] = ("beginner", "club", "expert")
"""The levels of computer player, weakest first (``level.<name>`` in the lang tables)."""


class Player(Protocol):
    """A computer (or any) player: picks a legal move from what its seat can see."""

    def __call__(self, obs: Observation) -> Move: ...


def board_after(board: Board, move: Move) -> Board:
    """The open ends once ``move`` is laid on ``board`` (which stays as it was)."""
    after = board.copy()
    after.place(move.tile.index, slot_of(move.end))
    return after


def distinct_moves(obs: Observation) -> list[Move]:
    """The legal moves, keeping one of any that leave the same position.

    On a line (no spinner) a tile that fits two ends of the same value leaves the same
    two open values either way; the first such move is kept.
    """
    moves = obs.legal_moves()
    if obs.rules.policy.layout.has_spinner or len(moves) < 2:
        return moves
    seen: set[tuple[Tile, tuple[int, ...]]] = set()
    out: list[Move] = []
    board = obs.layout.board
    for m in moves:
        key = (m.tile, tuple(sorted(board_after(board, m).vals)))
        if key not in seen:
            seen.add(key)
            out.append(m)
    return out


@dataclass
class Beginner:
    """A legal move chosen at random (seeded)."""

    seed: int = 0
    level: str = "beginner"

    def __call__(self, obs: Observation) -> Move:
        moves = moves_or_raise(obs)
        return move_rng(self.seed, obs).choice(moves)


def moves_or_raise(obs: Observation) -> list[Move]:
    """The legal moves of the seat to play; an error if it is not to play or cannot."""
    moves = obs.legal_moves()
    if not moves:
        if obs.current_player != obs.seat:
            raise DominoError("not_your_turn", seat=Seat(obs.current_player), other=Seat(obs.seat))
        raise DominoError("no_legal_move", seat=Seat(obs.seat))
    return moves


@dataclass(frozen=True)
class Features:
    """What a move does, as a club player sees it (and as a hint explains it)."""

    move: Move
    pips: int
    """Pips the tile takes out of the hand."""
    double: bool
    goes_out: bool
    points: int
    """Points the move scores in play (All Fives)."""
    ends: tuple[int, ...]
    """Open values after the move."""
    new_value: int | None
    """The value the tile leaves open (``None`` for an opening tile)."""
    follow: int
    """How many of the open values after the move the remaining hand can follow."""
    variety: int
    """Distinct values left in the hand."""
    shut_out: tuple[int, ...]
    """Opponents who have shown they lack every open value after the move."""
    lacking: tuple[tuple[int, int], ...]
    """``(seat, value)``: an opponent lacks a value the move leaves open."""
    partner_shut: bool
    """The partner has shown they lack every open value after the move."""
    blocks: int
    """+1 if the move blocks the round with the hand likely lightest, -1 if heavier."""


def features(obs: Observation, move: Move, know: Knowledge | None = None) -> Features:
    """The facts about ``move`` that the Club player weighs (and hints tell)."""
    know = know if know is not None else knowledge(obs)
    rules = obs.rules
    board = board_after(obs.layout.board, move)
    rest = [t for t in obs.hand if t != move.tile]
    ends = tuple(board.vals)
    points = rules.policy.play.points(board.count)
    new_value: int | None = None
    if obs.layout.tiles and move.end is not None:
        before = obs.layout.end(move.end)
        if before is not None:
            new_value = move.tile.other(before.value)
    open_set = set(ends)
    follow = sum(1 for v in open_set if any(t.has(v) for t in rest))
    variety = len({v for t in rest for v in (t.low, t.high)})
    me = obs.seat
    opponents = [p for p in range(obs.players) if rules.side_of(p) != rules.side_of(me)]
    shut_out = tuple(p for p in opponents if open_set <= know.void_values[p])
    lacking = tuple((p, v) for p in opponents for v in sorted(open_set) if v in know.void_values[p])
    partner_shut = False
    if rules.partnerships:
        partner = next(p for p in rules.seats(rules.side_of(me), obs.players) if p != me)
        partner_shut = bool(open_set) and open_set <= know.void_values[partner]
    blocks = 0
    stock_empty = not rules.policy.deal.boneyard or obs.boneyard_size == 0
    unseen_after = know.unseen
    if rest and stock_empty:
        wanted = 0
        for v in open_set:
            wanted |= VALUE_MASK[v]
        if not unseen_after & wanted and not to_mask(rest) & wanted:
            # Nobody can play again: the round is blocked now, hands are compared.
            mine = sum(t.pips for t in rest)
            hidden = mask_pips(unseen_after)
            others = [obs.hand_sizes[p] for p in opponents]
            count_unseen = unseen_after.bit_count()
            per_tile = hidden / count_unseen if count_unseen else 0.0
            lightest_other = min(s * per_tile for s in others) if others else 0.0
            blocks = 1 if mine < lightest_other else -1
    return Features(
        move=move,
        pips=move.tile.pips,
        double=move.tile.is_double,
        goes_out=not rest,
        points=points,
        ends=ends,
        new_value=new_value,
        follow=follow,
        variety=variety,
        shut_out=shut_out,
        lacking=lacking,
        partner_shut=partner_shut,
        blocks=blocks,
    )


def club_score(f: Features, rules: Rules) -> float:
    """How much the Club player likes a move: higher is better."""
    if f.goes_out:
        return 1000.0
    score = float(f.pips) * (0.5 if rules.policy.play.scores else 1.0)
    score += 3.0 * f.double
    score += 2.0 * f.follow + 0.5 * f.variety
    score += 5.0 * len(f.shut_out) + 1.5 * len(f.lacking)
    score -= 6.0 * f.partner_shut
    score += 2.0 * f.points
    score += 15.0 * f.blocks
    return score


@dataclass
class Club:
    """A readable heuristic player; ties go to the first legal move."""

    level: str = "club"

    def __call__(self, obs: Observation) -> Move:
        moves = moves_or_raise(obs)
        if len(moves) == 1:
            return moves[0]
        know = knowledge(obs)
        best = max(distinct_moves(obs), key=lambda m: club_score(features(obs, m, know), obs.rules))
        return best
