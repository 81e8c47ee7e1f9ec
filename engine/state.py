"""A round in progress: deal, legal moves, apply, and the result.

The interface follows OpenSpiel: :attr:`RoundState.current_player`,
:meth:`RoundState.legal_moves`, :meth:`RoundState.apply`, :attr:`RoundState.is_terminal`,
:meth:`RoundState.result` and :meth:`RoundState.clone`. Draws and passes are forced, so
the state carries them out itself: after every play the turn moves to the next player who
can play, drawing from the boneyard on the way where the rules allow it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from engine.errors import DominoError
from engine.layout import End, Layout
from engine.rules import Rules, check_seat
from engine.scoring import RoundEnd, ScoreBreakdown, breakdown, next_leader
from engine.tiles import ALL_TILES, Tile


@dataclass(frozen=True, slots=True)
class Move:
    """Place ``tile`` at ``end`` (``None`` for the opening tile)."""

    tile: Tile
    end: End | None = None

    def __str__(self) -> str:
        return self.tile.code if self.end is None else f"{self.tile.code}@{self.end.value}"

    @classmethod
    def parse(cls, text: object) -> Move:
        """A move in record notation: ``"a-b"`` or ``"a-b@end"``."""
        from engine.layout import parse_play

        tile, end = parse_play(text)
        return cls(tile, end)


@dataclass(frozen=True, slots=True)
class Event:
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
    """Shuffle the 28 tiles and deal; returns the hands and the undealt tiles in order."""
    size = rules.hand_size(players)
    tiles = list(ALL_TILES)
    rng.shuffle(tiles)
    hands = [tiles[i * size : (i + 1) * size] for i in range(players)]
    return hands, tiles[players * size :]


def required_opening(rules: Rules, hands: Sequence[Iterable[Tile]]) -> tuple[int, Tile] | None:
    """First round of ``block-dk``: the seat and tile that must open, else ``None``.

    The highest double opens; if nobody holds a double, the heaviest tile (on equal
    weights, the one with the higher high half).
    """
    if rules.first_lead != "highest_double":
        return None
    best: tuple[tuple[int, int, int], int, Tile] | None = None
    for seat, hand in enumerate(hands):
        for t in hand:
            key = (1 if t.is_double else 0, t.pips, t.high)
            if best is None or key > best[0]:
                best = (key, seat, t)
    assert best is not None
    return best[1], best[2]


class RoundState:
    """One round: hands, boneyard, layout, whose turn, and what has happened."""

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
        rules.check_players(players)
        check_seat(leader, players)
        hand_lists = [list(h) for h in hands]
        stock = list(boneyard)
        if len(hand_lists) != players:
            raise DominoError("hand_count", count=len(hand_lists), players=players)
        size = rules.hand_size(players)
        seen: set[Tile] = set()
        for seat, hand in enumerate(hand_lists):
            if len(hand) != size:
                raise DominoError("hand_size", seat=seat, count=len(hand), expected=size)
            for t in hand:
                if t in seen:
                    raise DominoError("duplicate_tile", tile=str(t))
                seen.add(t)
        for t in stock:
            if t in seen:
                raise DominoError("duplicate_tile", tile=str(t))
            seen.add(t)
        if rules.draw:
            if len(stock) != rules.stock_size(players):
                raise DominoError(
                    "boneyard_size", count=len(stock), expected=rules.stock_size(players)
                )
        elif stock:
            raise DominoError("no_boneyard", count=len(stock))
        self.opening: Tile | None = None
        """The tile that must open this round, where the rules name one."""
        if first_round:
            required = required_opening(rules, hand_lists)
            if required is not None:
                seat, tile = required
                if seat != leader:
                    raise DominoError("wrong_leader", seat=leader, expected=seat)
                self.opening = tile
        self.rules = rules
        self.players = players
        self.leader = leader
        self._hands: list[set[Tile]] = [set(h) for h in hand_lists]
        self._dealt: tuple[tuple[Tile, ...], ...] = tuple(tuple(h) for h in hand_lists)
        self._boneyard = stock
        self.layout = Layout.empty(rules.spinner)
        self.events: list[Event] = []
        self.play_points = [0] * rules.sides(players)
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
        r = rng if isinstance(rng, random.Random) else random.Random(rng)
        hands, stock = deal(rules, players, r)
        if first_round and rules.first_lead == "highest_double":
            required = required_opening(rules, hands)
            assert required is not None
            leader = required[0]
        elif leader is None:
            leader = r.randrange(players)
        return cls(
            rules, players, leader, hands, stock if rules.draw else (), first_round=first_round
        )

    # -- what everybody can see -------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The seat to play, or ``None`` once the round is over."""
        return self._current

    @property
    def is_terminal(self) -> bool:
        return self._current is None

    @property
    def boneyard_size(self) -> int:
        return len(self._boneyard)

    def hand_sizes(self) -> list[int]:
        return [len(h) for h in self._hands]

    # -- what only the table (or a seat) can see -------------------------------------

    def hand(self, seat: int) -> list[Tile]:
        """The tiles ``seat`` holds, ascending."""
        return sorted(self._hands[seat])

    @property
    def hands(self) -> tuple[tuple[Tile, ...], ...]:
        """Every hand, each ascending."""
        return tuple(tuple(sorted(h)) for h in self._hands)

    @property
    def dealt(self) -> tuple[tuple[Tile, ...], ...]:
        """The hands as dealt, in deal order."""
        return self._dealt

    @property
    def boneyard(self) -> tuple[Tile, ...]:
        """The tiles left to draw, in drawing order."""
        return tuple(self._boneyard)

    def pips(self) -> list[int]:
        """Pips left in each seat's hand."""
        return [sum(t.pips for t in h) for h in self._hands]

    def observation(self, seat: int) -> Observation:
        """What ``seat`` can see; a player that only looks here cannot cheat."""
        return Observation(
            seat=seat,
            rules=self.rules,
            players=self.players,
            leader=self.leader,
            hand=tuple(sorted(self._hands[seat])),
            layout=self.layout,
            hand_sizes=tuple(len(h) for h in self._hands),
            boneyard_size=len(self._boneyard),
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
        hand = sorted(self._hands[seat])
        if not self.layout.tiles:
            if self.opening is not None:
                return [Move(self.opening)]
            return [Move(t) for t in hand]
        return [Move(t, e.end) for t in hand for e in self.layout.ends if t.has(e.value)]

    def _can_play(self, seat: int) -> bool:
        ends = self.layout.ends
        return any(t.has(e.value) for t in self._hands[seat] for e in ends)

    def check(self, move: Move) -> Move:
        """The move as it would be applied (its end filled in); raises if illegal."""
        seat = self._current
        tile = move.tile
        if seat is None:
            raise DominoError("round_over", tile=str(tile))
        if tile not in self._hands[seat]:
            raise DominoError("not_in_hand", seat=seat, tile=str(tile))
        layout = self.layout
        if not layout.tiles:
            if self.opening is not None and tile != self.opening:
                raise DominoError("must_lead_with", seat=seat, tile=str(self.opening))
            return Move(tile)
        if move.end is None:
            fitting = layout.fitting_ends(tile)
            if not fitting:
                ends = ", ".join(str(e.value) for e in layout.ends)
                raise DominoError("seat_no_fit", seat=seat, tile=str(tile), ends=ends)
            return Move(tile, fitting[0])
        target = layout.end(move.end)
        if target is None:
            raise DominoError("seat_end_closed", seat=seat, tile=str(tile), end=move.end.value)
        if not tile.has(target.value):
            raise DominoError(
                "seat_no_match", seat=seat, tile=str(tile), end=move.end.value, value=target.value
            )
        return move

    def apply(self, move: Move | str) -> None:
        """Play ``move`` for the player to move, then carry out forced draws and passes.

        An illegal move raises :class:`DominoError` and changes nothing.
        """
        if isinstance(move, str):
            move = Move.parse(move)
        move = self.check(move)
        seat = self._current
        assert seat is not None
        self.layout = self.layout.place(move.tile, move.end)
        self._hands[seat].discard(move.tile)
        score = 0
        if self.rules.fives:
            score = self.layout.fives_score()
            self.play_points[self.rules.side_of(seat)] += score
        self.events.append(Event("play", seat, move.tile, move.end, score))
        if not self._hands[seat]:
            self._went_out = seat
            self._current = None
            return
        self._advance(seat)

    def _advance(self, seat: int) -> None:
        """Pass the turn on from ``seat`` to the next player who can play."""
        n = self.players
        for k in range(1, n + 1):
            nxt = (seat + k) % n
            if self._can_play(nxt):
                self._current = nxt
                return
            while self.rules.draw and self._boneyard:
                tile = self._boneyard.pop(0)
                self._hands[nxt].add(tile)
                self.events.append(Event("draw", nxt, tile))
                if any(tile.has(e.value) for e in self.layout.ends):
                    self._current = nxt
                    return
            self.events.append(Event("pass", nxt))
        self._current = None

    def clone(self) -> RoundState:
        """An independent copy."""
        other = object.__new__(RoundState)
        other.__dict__.update(self.__dict__)
        other._hands = [set(h) for h in self._hands]
        other._boneyard = list(self._boneyard)
        other.events = list(self.events)
        other.play_points = list(self.play_points)
        return other

    # -- the end ---------------------------------------------------------------------

    def score_breakdown(self) -> ScoreBreakdown:
        """How the end of the round is scored, step by step; only for a finished round."""
        if self._current is not None:
            raise DominoError("record_incomplete", seat=self._current)
        last = self.events[-1] if self._went_out is not None else None
        return breakdown(
            self.rules,
            self.pips(),
            self._went_out,
            last_double=bool(last and last.tile and last.tile.is_double),
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
        points = list(self.play_points)
        if end.winner is not None:
            points[end.winner] += end.points
        return RoundResult(
            winner=end.winner,
            blocked=end.blocked,
            points=tuple(points),
            pips=tuple(pips),
            end=end,
            next_leader=next_leader(self.rules, self.players, self.leader, end),
        )

    def __repr__(self) -> str:
        return (
            f"<RoundState {self.rules.preset} players={self.players} "
            f"turn={self._current} layout={[str(t) for t in self.layout.tiles]}>"
        )
