"""A round in progress: deal, legal moves, apply, and the result.

The interface follows OpenSpiel: :attr:`RoundState.current_player`,
:meth:`RoundState.legal_moves`, :meth:`RoundState.apply`, :attr:`RoundState.is_terminal`,
:meth:`RoundState.result` and :meth:`RoundState.clone`. Draws and passes are forced, so
the state carries them out itself: after every play the turn moves to the next player who
can play, drawing from the boneyard on the way where the rules allow it (the kernel's
:func:`~engine.core.kernel.turn`).

For the tests and scripts that check the kernel's playouts, :func:`kernel_round` and
:func:`trace_moves` replay one through this public interface (the kernel imports
nothing above it).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple

from engine.core.errors import DominoError, Seat
from engine.core.kernel import (
    BIT,
    DOUBLE,
    Board,
    FastRules,
    Trace,
    bits,
    from_mask,
    mask_pips,
    play_score,
    round_points,
    to_mask,
    turn,
)
from engine.core.layout import END_ORDER, End, Layout, parse_end, parse_play, slot_for, slot_of
from engine.core.policy import LayoutPolicy
from engine.core.rules import Rules, check_seat
from engine.core.scoring import RoundEnd, ScoreBreakdown, breakdown
from engine.core.tiles import ALL_TILES, Tile


@dataclass(frozen=True, slots=True)
class Move:
    """Place ``tile`` at ``end`` (``None`` for the opening tile)."""

    tile: Tile
    end: End | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.tile, Tile):
            raise DominoError("bad_move", move=self.tile)
        if self.end is not None and not isinstance(self.end, End):
            object.__setattr__(self, "end", parse_end(self.end))

    def __str__(self) -> str:
        return self.tile.code if self.end is None else f"{self.tile.code}@{self.end.value}"

    @classmethod
    def parse(cls, text: object) -> Move:
        """A move in record notation: ``"a-b"`` or ``"a-b@end"``."""
        tile, end = parse_play(text)
        return move_of(tile.index, slot_of(end))


_MOVES: tuple[tuple[Move, ...], ...] = tuple(
    tuple(Move(t, e) for e in (*END_ORDER, None)) for t in ALL_TILES
)
"""``_MOVES[t][slot]``: tile ``t`` at open end ``slot``; slot -1 (the last) names no end."""


def move_of(tile: int, slot: int) -> Move:
    """The move laying tile index ``tile`` at ``slot`` (-1: the opening tile)."""
    return _MOVES[tile][slot]


def legal_moves_of(hand: int, board: Board, opening: Tile | None) -> list[Move]:
    """Every legal placement of a hand (a mask) on ``board``: each playable tile
    (ascending) at each end it fits (left, right, up, down); on an empty table any tile,
    or only the tile the rules name for the first lead."""
    if not board.down:
        if opening is not None:
            return [_MOVES[opening.index][-1]] if hand >> opening.index & 1 else []
        return [_MOVES[t][-1] for t in bits(hand)]
    out: list[Move] = []
    fitting = board.fitting(hand)
    if len(fitting) == 2:  # a line: the common case, spelt out
        left, right = fitting
        m = left | right
        while m:
            low = m & -m
            m ^= low
            row = _MOVES[low.bit_length() - 1]
            if left & low:
                out.append(row[0])
            if right & low:
                out.append(row[1])
        return out
    slots = list(enumerate(fitting))
    for t in bits(hand & board.want):
        row = _MOVES[t]
        for slot, tiles in slots:
            if tiles >> t & 1:
                out.append(row[slot])
    return out


class Event(NamedTuple):
    """Something that happened at the table: a play, a draw or a pass.

    ``tile`` of a draw is known only to the drawer; :meth:`RoundState.observation`
    hides it from everyone else.
    """

    kind: Literal["play", "draw", "pass"]
    seat: int
    tile: Tile | None = None
    end: End | None = None
    score: int = 0
    """Points the play scored in play (All Fives)."""


@dataclass(frozen=True)
class Observation:
    """What one seat can know: its own hand and everything public.

    Other hands are only counted, the boneyard only sized, and the tiles others drew
    are hidden (their draw events carry no tile).
    """

    seat: int
    rules: Rules
    players: int
    leader: int
    hand: tuple[Tile, ...]
    layout: Layout
    hand_sizes: tuple[int, ...]
    boneyard_size: int
    events: tuple[Event, ...]
    play_points: tuple[int, ...]
    current_player: int | None
    opening: Tile | None

    def legal_moves(self) -> list[Move]:
        """The seat's legal moves when it is to play (else none): the same moves, in the
        same order, as :meth:`RoundState.legal_moves`."""
        if self.current_player != self.seat:
            return []
        return legal_moves_of(to_mask(self.hand), self.layout.board, self.opening)


@dataclass(frozen=True)
class RoundResult:
    """The outcome of a finished round."""

    winner: int | None
    """The winning side (a seat, or a team in partnerships), or ``None``."""
    blocked: bool
    points: tuple[int, ...]
    """What each side scored in this round: play and end of round together."""
    pips: tuple[int, ...]
    """Pips left in each seat's hand."""
    end: RoundEnd
    next_leader: int


def deal(rules: Rules, players: int, rng: random.Random) -> tuple[list[list[Tile]], list[Tile]]:
    """Shuffle the 28 tiles and deal by the rules' deal policy
    (:meth:`engine.core.policy.DealPolicy.deal`); returns the hands and the undealt tiles in
    order."""
    rules.check_players(players)
    return rules.policy.deal.deal(players, rng)


class RoundState:
    """One round: hands, boneyard, layout, whose turn, and what has happened.

    The rules are the kernel's (:mod:`engine.core.kernel`): the hands are kept as bit masks
    and the open ends as a :class:`~engine.core.kernel.Board`; the :attr:`layout` a drawing
    needs is built from the plays when asked for.
    """

    def __init__(
        self,
        rules: Rules,
        players: int,
        leader: int,
        hands: Sequence[Iterable[Tile]],
        boneyard: Iterable[Tile] = (),
        *,
        first_round: bool = False,
    ) -> None:
        """A round about to start. ``boneyard`` lists draw-game stock in drawing order.

        ``first_round`` applies the first-round lead of the rules (in ``block-dk`` the
        highest double opens). Raises :class:`DominoError` on a deal the rules forbid.
        """
        if not isinstance(rules, Rules):
            raise DominoError("bad_argument", name="rules", value=rules)
        rules.check_players(players)
        check_seat(leader, players)
        hand_lists = [_tiles(h) for h in _sequence(hands)]
        stock = _tiles(boneyard)
        if len(hand_lists) != players:
            raise DominoError("hand_count", count=len(hand_lists), players=players)
        size = rules.hand_size(players)
        for seat, hand in enumerate(hand_lists):
            if len(hand) != size:
                raise DominoError("hand_size", seat=Seat(seat), count=len(hand), expected=size)
        seen = 0
        for m in (*map(to_mask, hand_lists), to_mask(stock)):
            seen |= m
        if seen.bit_count() != size * players + len(stock):
            _duplicate([*(t for h in hand_lists for t in h), *stock])
        if rules.policy.deal.boneyard:
            if len(stock) != rules.stock_size(players):
                raise DominoError(
                    "boneyard_size", count=len(stock), expected=rules.stock_size(players)
                )
        elif stock:
            raise DominoError("no_boneyard", count=len(stock))
        opening = None
        if first_round:
            required = rules.policy.lead.required_opening(hand_lists)
            if required is not None:
                seat, opening = required
                if seat != leader:
                    raise DominoError("wrong_leader", seat=Seat(leader), expected=Seat(seat))
        self._start(rules, players, leader, hand_lists, stock, opening)

    def _start(
        self,
        rules: Rules,
        players: int,
        leader: int,
        hands: list[list[Tile]],
        stock: list[Tile],
        opening: Tile | None,
    ) -> None:
        """Set up a round from a deal already checked."""
        self.opening = opening
        """The tile that must open this round, where the rules name one."""
        self.rules = rules
        self.players = players
        self.leader = leader
        self._hands = [to_mask(h) for h in hands]
        self._dealt: tuple[tuple[Tile, ...], ...] = tuple(tuple(h) for h in hands)
        self._stock = [t.index for t in reversed(stock)]  # drawn from the end; [] if no draw
        policy = rules.policy
        self._board = policy.layout.board()
        self._layout = _EMPTY[policy.layout.has_spinner]
        self._layout_size = 0
        self.events: list[Event] = []
        self.play_points = [0] * rules.sides(players)
        self._fives = policy.play.scores
        self._side_of = tuple(rules.side_of(s) for s in range(players))
        self._current: int | None = leader
        self._went_out: int | None = None

    @classmethod
    def new(
        cls,
        rules: Rules,
        players: int,
        leader: int | None = None,
        *,
        rng: random.Random | int | None = None,
        first_round: bool = False,
    ) -> RoundState:
        """A freshly dealt round; with ``leader`` ``None`` the leader is drawn by lot.

        In a first round of ``block-dk`` the holder of the opening tile leads.
        """
        if not isinstance(rules, Rules):
            raise DominoError("bad_argument", name="rules", value=rules)
        rules.check_players(players)
        if leader is not None:
            check_seat(leader, players)
        r = rng if isinstance(rng, random.Random) else random.Random(rng)
        hands, stock = deal(rules, players, r)
        opening = None
        required = rules.policy.lead.required_opening(hands) if first_round else None
        if required is not None:
            leader, opening = required
        elif leader is None:
            leader = r.randrange(players)
        # The deal is the engine's own: nothing to check.
        state = cls.__new__(cls)
        state._start(rules, players, leader, hands, rules.policy.deal.stock(stock), opening)
        return state

    # -- what everybody can see -------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The seat to play, or ``None`` once the round is over."""
        return self._current

    @property
    def is_terminal(self) -> bool:
        return self._current is None

    @property
    def layout(self) -> Layout:
        """The tiles on the table, as placed (built from the plays when asked for)."""
        layout = self._layout
        events = self.events
        if self._layout_size < len(events):
            for e in events[self._layout_size :]:
                if e.kind == "play":
                    assert e.tile is not None
                    layout = layout.place(e.tile, e.end)
            self._layout = layout
            self._layout_size = len(events)
        return layout

    @property
    def boneyard_size(self) -> int:
        return len(self._stock)

    def hand_sizes(self) -> list[int]:
        return [h.bit_count() for h in self._hands]

    # -- what only the table (or a seat) can see -------------------------------------

    def hand(self, seat: int) -> list[Tile]:
        """The tiles ``seat`` holds, ascending."""
        return from_mask(self._hands[check_seat(seat, self.players)])

    @property
    def hands(self) -> tuple[tuple[Tile, ...], ...]:
        """Every hand, each ascending."""
        return tuple(tuple(from_mask(h)) for h in self._hands)

    @property
    def dealt(self) -> tuple[tuple[Tile, ...], ...]:
        """The hands as dealt, in deal order."""
        return self._dealt

    @property
    def boneyard(self) -> tuple[Tile, ...]:
        """The tiles left to draw, in drawing order."""
        return tuple(ALL_TILES[t] for t in reversed(self._stock))

    def pips(self) -> list[int]:
        """Pips left in each seat's hand."""
        return [mask_pips(h) for h in self._hands]

    def observation(self, seat: int) -> Observation:
        """What ``seat`` can see; a player that only looks here cannot cheat."""
        check_seat(seat, self.players)
        return Observation(
            seat=seat,
            rules=self.rules,
            players=self.players,
            leader=self.leader,
            hand=tuple(from_mask(self._hands[seat])),
            layout=self.layout,
            hand_sizes=tuple(h.bit_count() for h in self._hands),
            boneyard_size=len(self._stock),
            events=tuple(
                e if e.kind != "draw" or e.seat == seat else Event("draw", e.seat)
                for e in self.events
            ),
            play_points=tuple(self.play_points),
            current_player=self._current,
            opening=self.opening,
        )

    # -- moves -----------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every legal placement for the player to move: each playable tile at each
        matching open end (tiles ascending, ends left, right, up, down)."""
        seat = self._current
        if seat is None:
            return []
        return legal_moves_of(self._hands[seat], self._board, self.opening)

    def _slot(self, move: object) -> tuple[int, int]:
        """The tile index and open end of a legal ``move``; raises if it is not legal."""
        if not isinstance(move, Move):
            if not isinstance(move, str):
                raise DominoError("bad_move", move=move)
            move = Move.parse(move)
        seat = self._current
        tile = move.tile
        if seat is None:
            raise DominoError("round_over", tile=str(tile))
        t = tile.index
        if not self._hands[seat] >> t & 1:
            raise DominoError("not_in_hand", seat=Seat(seat), tile=str(tile))
        if not self._board.down and self.opening is not None and tile != self.opening:
            raise DominoError("must_lead_with", seat=Seat(seat), tile=str(self.opening))
        return t, slot_for(self._board, tile, move.end)

    def check(self, move: Move | str) -> Move:
        """The move as it would be applied (its end filled in); raises if illegal."""
        return move_of(*self._slot(move))

    def apply(self, move: Move | str) -> None:
        """Play ``move`` for the player to move, then carry out forced draws and passes.

        An illegal move raises :class:`DominoError` and changes nothing.
        """
        t, slot = self._slot(move)
        seat = self._current
        assert seat is not None
        board = self._board
        board.place(t, slot)
        h = self._hands[seat] ^ BIT[t]
        self._hands[seat] = h
        score = 0
        if self._fives:
            score = play_score(board.count)
            self.play_points[self._side_of[seat]] += score
        played = _MOVES[t][slot]
        events = self.events
        events.append(Event("play", seat, played.tile, played.end, score))
        if not h:
            self._went_out = seat
            self._current = None
            return
        # The turn passes on (engine.core.kernel.turn); its draws and passes are recorded.
        told: list[tuple[int, int]] = []
        nxt = turn(self._hands, board.want, seat, self._stock, told)
        for s, drawn in told:
            events.append(Event("draw", s, ALL_TILES[drawn]) if drawn >= 0 else Event("pass", s))
        self._current = None if nxt < 0 else nxt

    def clone(self) -> RoundState:
        """An independent copy."""
        other = object.__new__(RoundState)
        other.__dict__.update(self.__dict__)
        other._hands = list(self._hands)
        other._stock = list(self._stock)
        other._board = self._board.copy()
        other.events = list(self.events)
        other.play_points = list(self.play_points)
        return other

    # -- the end ---------------------------------------------------------------------

    def score_breakdown(self) -> ScoreBreakdown:
        """How the end of the round is scored, step by step; only for a finished round."""
        if self._current is not None:
            raise DominoError("record_incomplete", seat=Seat(self._current))
        return breakdown(
            self.rules,
            self.pips(),
            self._went_out,
            last_double=self._went_out is not None and DOUBLE[self._board.last],
            leader=self.leader,
        )

    @property
    def went_out(self) -> int | None:
        """The seat that laid its last tile, once one has."""
        return self._went_out

    def result(self) -> RoundResult:
        """The outcome; only for a finished round."""
        end = self.score_breakdown().end
        pips = self.pips()
        points = round_points(self.play_points, end.winner, end.points)
        return RoundResult(
            winner=end.winner,
            blocked=end.blocked,
            points=tuple(points),
            pips=tuple(pips),
            end=end,
            next_leader=self.rules.policy.lead.next_leader(self.players, self.leader, end.seat),
        )

    def __repr__(self) -> str:
        return (
            f"<RoundState {self.rules.preset} players={self.players} "
            f"turn={self._current} layout={[str(t) for t in self.layout.tiles]}>"
        )


def kernel_round(
    fast: FastRules, hands: Sequence[int], stock: Sequence[int], leader: int
) -> RoundState:
    """The :class:`RoundState` of a kernel deal (:meth:`engine.core.kernel.FastRules.deal`:
    hands as masks, the stock drawn from its end), for replaying a playout through the
    public interface (see :func:`trace_moves`)."""
    return RoundState(
        fast.rules,
        fast.players,
        leader,
        [from_mask(h) for h in hands],
        [ALL_TILES[t] for t in reversed(stock)],
    )


def trace_moves(trace: Trace) -> list[tuple[int, Move]]:
    """The seats and moves of a playout's trace, for :meth:`RoundState.apply`."""
    return [(seat, move_of(t, slot)) for seat, t, slot in trace]


_EMPTY: dict[bool, Layout] = {
    policy.has_spinner: policy.empty() for policy in (LayoutPolicy(False), LayoutPolicy(True))
}
"""Empty tables, with and without a spinner, shared (layouts never change)."""


def _duplicate(tiles: list[Tile]) -> None:
    """Raises for the first tile dealt twice."""
    seen: set[Tile] = set()
    for t in tiles:
        if t in seen:
            raise DominoError("duplicate_tile", tile=str(t))
        seen.add(t)


def _sequence(value: object) -> list[object]:
    """A list of the items of a list or tuple (hands, a boneyard); else an error."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise DominoError("bad_argument", name="tiles", value=value)
    return list(value)


def _tiles(value: object) -> list[Tile]:
    """The tiles of a hand or a boneyard given as an iterable of :class:`Tile`."""
    items = _sequence(value)
    if not all(isinstance(t, Tile) for t in items):
        bad = next(t for t in items if not isinstance(t, Tile))
        raise DominoError("bad_argument", name="tiles", value=bad)
    return items  # type: ignore[return-value]
