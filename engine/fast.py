"""Fast random playouts behind the public API.

Hands are bit masks over :data:`engine.tiles.ALL_TILES` (bit ``i`` is tile ``i``), and
the tiles matching a value ``v`` are the mask ``VALUE_MASK[v]``, so the playable tiles
of a hand are one ``&``. Computer players and benchmarks play thousands of rounds with
these functions; the rules they follow are those of :class:`engine.rules.Rules`, and the
property tests check them against :class:`engine.state.RoundState`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.layout import END_ORDER
from engine.rules import Rules
from engine.tiles import ALL_TILES, Tile

if TYPE_CHECKING:
    from engine.state import Move, RoundState

Trace = list[tuple[int, int, int]]
"""What a playout did: ``(seat, tile index, end)``, end -1 for the opening tile, else
0 to 3 for left, right, up, down."""

LOW: tuple[int, ...] = tuple(t.low for t in ALL_TILES)
HIGH: tuple[int, ...] = tuple(t.high for t in ALL_TILES)
PIPS: tuple[int, ...] = tuple(t.pips for t in ALL_TILES)
DOUBLE: tuple[bool, ...] = tuple(t.is_double for t in ALL_TILES)
BIT: tuple[int, ...] = tuple(1 << i for i in range(len(ALL_TILES)))
VALUE_MASK: tuple[int, ...] = tuple(
    sum(BIT[i] for i, t in enumerate(ALL_TILES) if t.has(v)) for v in range(7)
)
"""``VALUE_MASK[v]``: the tiles with a half of value ``v``."""

_CHUNK = 7
_PIP_TABLES = tuple(
    tuple(sum(PIPS[c * _CHUNK + j] for j in range(_CHUNK) if m >> j & 1) for m in range(128))
    for c in range(4)
)
_T0, _T1, _T2, _T3 = _PIP_TABLES


def mask_pips(mask: int) -> int:
    """Pips on the tiles of ``mask``."""
    return _T0[mask & 127] + _T1[mask >> 7 & 127] + _T2[mask >> 14 & 127] + _T3[mask >> 21]


def to_mask(tiles: Sequence[Tile] | set[Tile] | frozenset[Tile]) -> int:
    m = 0
    for t in tiles:
        m |= BIT[t.index]
    return m


def from_mask(mask: int) -> list[Tile]:
    return [ALL_TILES[i] for i in range(len(ALL_TILES)) if mask >> i & 1]


def nth_bit(mask: int, k: int) -> int:
    """Index of the ``k``-th set bit of ``mask`` (from 0)."""
    for _ in range(k):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


@dataclass(frozen=True)
class Playout:
    """How a playout ended: ``went_out`` seat (or ``None`` if blocked), the hands left,
    the last tile played and the points scored in play per seat."""

    went_out: int | None
    hands: list[int]
    last_tile: int
    play_points: list[int]


def _line_tables() -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Tables for a line whose ends ``a`` (left) and ``b`` (right) are packed as
    ``e = a << 3 | b``: the tiles that fit, and for tile ``t`` the packed ends after it
    is placed, as ``new_e << 1 | end`` (end 0 left, 1 right)."""
    want = [0] * 64
    step = [-2] * (28 << 6)
    left = [-2] * (28 << 6)
    right = [-2] * (28 << 6)
    for a in range(7):
        for b in range(7):
            e = a << 3 | b
            want[e] = VALUE_MASK[a] | VALUE_MASK[b]
            for t in range(28):
                lo, hi = LOW[t], HIGH[t]
                i = t << 6 | e
                if a in (lo, hi):
                    left[i] = ((hi if lo == a else lo) << 3 | b) << 1
                if b in (lo, hi):
                    right[i] = (a << 3 | (hi if lo == b else lo)) << 1 | 1
                # -1: the tile fits both ends, and a coin decides.
                step[i] = -1 if left[i] >= 0 and right[i] >= 0 else max(left[i], right[i])
    return tuple(want), tuple(step), tuple(left), tuple(right)


_WANT, _STEP, _LEFT, _RIGHT = _line_tables()
_TILE_RANGE = range(28)


def play_line(
    hands: list[int],
    a: int,
    b: int,
    seat: int,
    stock: list[int],
    rnd: Callable[[], float],
    trace: Trace | None = None,
) -> Playout:
    """Random play on a two-ended line from ends ``a`` and ``b`` (``a == -1``: empty
    table), ``seat`` to move. ``stock`` is drawn from its end; ``hands`` is changed.
    ``trace`` collects ``(seat, tile, end)`` for each play (end 0 left, 1 right, -1 the
    opening tile)."""
    n = len(hands)
    nxt = tuple((s + 1) % n for s in range(n))
    want, step, left, right = _WANT, _STEP, _LEFT, _RIGHT
    passes = 0
    last = -1
    if a < 0:
        h = hands[seat]
        t = nth_bit(h, int(rnd() * h.bit_count()))
        a, b = LOW[t], HIGH[t]
        h ^= 1 << t
        hands[seat] = h
        last = t
        if trace is not None:
            trace.append((seat, t, -1))
        if not h:
            return Playout(seat, hands, t, [0] * n)
        seat = nxt[seat]
    e = a << 3 | b
    while True:
        h = hands[seat]
        legal = h & want[e]
        while not legal and stock:
            t = stock.pop()
            h |= 1 << t
            legal = h & want[e]
        if legal:
            passes = 0
            c = legal.bit_count()
            if c > 1:
                k = int(rnd() * c)
                while k:
                    legal &= legal - 1
                    k -= 1
            t = (legal & -legal).bit_length() - 1
            x = step[t << 6 | e]
            if x < 0:
                x = left[t << 6 | e] if rnd() < 0.5 else right[t << 6 | e]
            e = x >> 1
            if trace is not None:
                trace.append((seat, t, x & 1))
            h ^= 1 << t
            hands[seat] = h
            last = t
            if not h:
                return Playout(seat, hands, t, [0] * n)
        else:
            hands[seat] = h
            passes += 1
            if passes == n:
                return Playout(None, hands, last, [0] * n)
        seat = nxt[seat]


def play_spinner(
    hands: list[int],
    seat: int,
    stock: list[int],
    rnd: Callable[[], float],
    *,
    fives: bool = True,
    trace: Trace | None = None,
) -> Playout:
    """Random play from an empty table with the spinner rule (and All Fives scoring).

    ``trace`` collects ``(seat, tile, end)``: end 0 to 3 for left, right, up, down."""
    n = len(hands)
    points = [0] * n
    vals: list[int] = []  # open end values: left, right, then up, down
    cont: list[int] = []  # what each open end adds to the count
    spinner_free: list[int] = []  # slots that are the spinner's free long sides
    spinner_value = -1
    opened = False
    tiles_down = 0
    count = 0  # the sum of cont
    passes = 0
    last = -1
    vm = VALUE_MASK
    low, high, double = LOW, HIGH, DOUBLE
    while True:
        h = hands[seat]
        if tiles_down:
            want = vm[vals[0]] | vm[vals[1]]
            if opened:
                want |= vm[vals[2]] | vm[vals[3]]
            legal = h & want
            while not legal and stock:
                t = stock.pop()
                h |= 1 << t
                legal = h & want
        else:
            legal = h
        if not legal:
            hands[seat] = h
            passes += 1
            if passes == n:
                return Playout(None, hands, last, points)
            seat = seat + 1 if seat + 1 < n else 0
            continue
        passes = 0
        c = legal.bit_count()
        if c > 1:
            k = int(rnd() * c)
            while k:
                legal &= legal - 1
                k -= 1
        t = (legal & -legal).bit_length() - 1
        lo = low[t]
        hi = high[t]
        dbl = double[t]
        if not tiles_down:
            vals = [lo, hi]
            cont = [lo, hi]
            count = lo + hi
            if dbl:
                spinner_value = lo
                spinner_free = [0, 1]
            if trace is not None:
                trace.append((seat, t, -1))
        else:
            if opened:
                v0, v1, v2, v3 = vals
                slots = []
                if v0 == lo or v0 == hi:
                    slots.append(0)
                if v1 == lo or v1 == hi:
                    slots.append(1)
                if v2 == lo or v2 == hi:
                    slots.append(2)
                if v3 == lo or v3 == hi:
                    slots.append(3)
                e = slots[int(rnd() * len(slots))] if len(slots) > 1 else slots[0]
            else:
                a = vals[0]
                b = vals[1]
                if a == lo or a == hi:
                    e = 1 if (b == lo or b == hi) and rnd() < 0.5 else 0
                else:
                    e = 1
            if tiles_down == 1 and double[last]:
                # A lone opening double counted one half per side; now both halves.
                cont = [2 * vals[0], 2 * vals[1]]
                count *= 2
            if trace is not None:
                trace.append((seat, t, e))
            v = vals[e]
            nv = hi if lo == v else lo
            vals[e] = nv
            c = 2 * nv if dbl else nv
            count += c - cont[e]
            cont[e] = c
            if dbl and spinner_value < 0:
                spinner_value = lo
                spinner_free = [e]
            elif e in spinner_free:
                spinner_free.remove(e)
                if not spinner_free and not opened:
                    opened = True
                    vals += [spinner_value, spinner_value]
                    cont += [0, 0]
        tiles_down += 1
        last = t
        if fives and count and count % 5 == 0:
            points[seat] += count
        h ^= 1 << t
        hands[seat] = h
        if not h:
            return Playout(seat, hands, t, points)
        seat = seat + 1 if seat + 1 < n else 0


class FastRules:
    """The constants of a :class:`Rules` for one player count, ready for playouts."""

    def __init__(self, rules: Rules, players: int) -> None:
        self.rules = rules
        self.players = players
        self.hand_size = rules.hand_size(players)
        self.dealt = players * self.hand_size
        self.draw = rules.draw
        self.spinner = rules.spinner
        self.sides = rules.sides(players)
        self.side_of = tuple(rules.side_of(s) for s in range(players))

    def deal(self, rnd: Callable[[], float]) -> tuple[list[int], list[int]]:
        """Random hands (masks) and the stock (tile indices; drawn from the end)."""
        # A uniformly random order: the tiles sorted by random keys (the sort runs in C).
        keys = [rnd() for _ in _TILE_RANGE]
        order = sorted(_TILE_RANGE, key=keys.__getitem__)
        size = self.hand_size
        bit = BIT.__getitem__
        hands = [sum(map(bit, order[s * size : (s + 1) * size])) for s in range(self.players)]
        return hands, (order[self.dealt :] if self.draw else [])

    def play(
        self,
        hands: list[int],
        seat: int,
        stock: list[int],
        rnd: Callable[[], float],
        trace: Trace | None = None,
    ) -> Playout:
        """A random playout of a whole round from the deal."""
        if self.spinner:
            return play_spinner(hands, seat, stock, rnd, fives=self.rules.fives, trace=trace)
        return play_line(hands, -1, -1, seat, stock, rnd, trace)

    def round_state(self, hands: list[int], stock: list[int], leader: int) -> RoundState:
        """The public :class:`RoundState` of a fast deal (whose stock is drawn from the
        end)."""
        from engine.state import RoundState

        return RoundState(
            self.rules,
            self.players,
            leader,
            [from_mask(h) for h in hands],
            [ALL_TILES[t] for t in reversed(stock)],
        )

    def score(self, out: Playout, leader: int = 0) -> tuple[int | None, list[int]]:
        """The winning side and each side's points for the round (play and end).

        The same rules as :func:`engine.scoring.score_round_end`, which the tests check.
        """
        rules = self.rules
        side_of = self.side_of
        points = [0] * self.sides
        sums = [0] * self.sides
        for seat, h in enumerate(out.hands):
            sums[side_of[seat]] += mask_pips(h)
            if out.play_points[seat]:
                points[side_of[seat]] += out.play_points[seat]
        total = sum(sums)
        if out.went_out is not None:
            side = side_of[out.went_out]
            raw = total - sums[side]
        else:
            low = min(sums)
            if sums.count(low) > 1:
                return None, points
            side = sums.index(low)
            raw = total - low if rules.blocked_scoring == "total" else total - 2 * low
        if rules.rounding:
            raw = 5 * ((raw + 2) // 5)
        if rules.double_finish and out.went_out is not None and DOUBLE[out.last_tile]:
            raw *= 2
        points[side] += raw
        return side, points


def trace_moves(trace: Trace) -> list[tuple[int, Move]]:
    """The seats and moves of a playout's trace, for :meth:`RoundState.apply`."""
    from engine.state import Move

    return [
        (seat, Move(ALL_TILES[t], None if end < 0 else END_ORDER[end])) for seat, t, end in trace
    ]


def random_round(
    rules: Rules, players: int, rng: random.Random, leader: int = 0
) -> tuple[int | None, list[int]]:
    """Deal and play one round with random legal moves; the winner side and points."""
    fr = FastRules(rules, players)
    rnd = rng.random
    hands, stock = fr.deal(rnd)
    return fr.score(fr.play(hands, leader, stock, rnd), leader)


def random_rounds(rules: Rules, players: int, count: int, seed: int = 0) -> int:
    """Play ``count`` random rounds; returns the number of tiles played (for benchmarks)."""
    fr = FastRules(rules, players)
    rnd = random.Random(seed).random
    played = 0
    dealt = fr.dealt
    for _ in range(count):
        hands, stock = fr.deal(rnd)
        n_stock = len(stock)
        out = fr.play(hands, 0, stock, rnd)
        fr.score(out)
        held = sum(h.bit_count() for h in out.hands)
        played += dealt + (n_stock - len(stock)) - held
    return played
