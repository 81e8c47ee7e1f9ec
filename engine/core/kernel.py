"""The rules kernel: every rule of play and scoring, once, on bit masks.

Everything else asks the kernel: :class:`~engine.core.layout.Layout` and
:class:`~engine.core.state.RoundState` (the public API), the random playouts behind the
benchmarks, and the computer players, whose playouts are the kernel's own with a
move-choosing policy. Tiles are indices into :data:`engine.core.tiles.ALL_TILES`; a hand is a
bit mask (bit ``i`` is tile ``i``) and ``VALUE_MASK[v]`` holds the tiles with a half of
value ``v``, so the playable tiles of a hand are one ``&``. The open ends of a layout are
slots: 0 left, 1 right, 2 up, 3 down.

The rules, written once below:

- A tile joins an open end by a half of that end's value; its other half is the new open
  end (a double leaves the same value open). The opening tile opens both ends.
- With the spinner rule (All Fives) the first double laid is the spinner. Once tiles lie
  against both of its long sides, its short sides open too, with its value.
- The All Fives count: every open end adds its value, and a double at an open end both
  halves; a lone opening double adds one half on each side; an open spinner side with
  nothing on it adds nothing. A play scores the count when it is a multiple of five
  above zero.
- Play goes round the table (:func:`next_seat`). A seat that cannot play draws from the
  stock (in draw games) until it can, and passes when it cannot draw. The round ends
  when a seat lays its last tile, or when every seat in turn has passed (blocked). This
  turn order is :func:`turn`: the playout loops here call it whenever the next seat
  cannot play at once, and :class:`~engine.core.state.RoundState` always, recording every
  draw and pass it reports; ``tests/test_kernel.py`` replays every kind of playout
  through the round state. The solver asks :func:`packed_turn`, the same order on its
  packed hands, which ``tests/test_kernel.py`` checks against :func:`turn`.
- At the end of a round the side that went out scores every pip in the other sides'
  hands. A blocked round goes to the side with the strictly lowest pip sum, for the
  others' pips (``total``) or those less its own (``difference``); a tie for the lowest
  scores nothing. Then the score may be rounded to five, and doubled for going out with
  a double (:meth:`engine.core.policy.EndPolicy.points`). A side's points for the round are
  its play points and, for the winner, that end score (:func:`round_points`).
- The first lead of ``block-dk``: the highest double, else the heaviest tile, on equal
  weight the one with the higher high half.

Which of these rules a game plays (drawing, the spinner, scoring in play, blocked
scoring, rounding, the double finish, the lead) is its policy (:mod:`engine.core.policy`),
which the kernel reads once per rule set (:class:`FastRules`) and never by game name.

The fast paths read these rules rather than copy them: a line playout (:func:`play_line`)
looks each move up in tables that :meth:`Board.place` fills (:func:`_line_tables`),
asks :func:`turn` whenever the next seat cannot play, and is scored by
:meth:`FastRules.score` through :func:`end_terms`, the game's end policy and
:func:`round_points`. Its random policy, untraced (the benchmarks'), has a loop of its
own; ``tests/test_kernel.py`` checks that it plays exactly what the traced loop plays.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from itertools import repeat, starmap
from typing import TYPE_CHECKING, NamedTuple

from engine.core.tiles import ALL_TILES, Tile

if TYPE_CHECKING:
    from engine.core.rules import Rules

Trace = list[tuple[int, int, int]]
"""What a playout did: ``(seat, tile index, slot)``, slot -1 for the opening tile."""

LOW: tuple[int, ...] = tuple(t.low for t in ALL_TILES)
HIGH: tuple[int, ...] = tuple(t.high for t in ALL_TILES)
PIPS: tuple[int, ...] = tuple(t.pips for t in ALL_TILES)
DOUBLE: tuple[bool, ...] = tuple(t.is_double for t in ALL_TILES)
BIT: tuple[int, ...] = tuple(1 << i for i in range(len(ALL_TILES)))
FULL = (1 << len(ALL_TILES)) - 1
"""Every tile of the set."""
VALUE_MASK: tuple[int, ...] = tuple(
    sum(BIT[i] for i, t in enumerate(ALL_TILES) if t.has(v)) for v in range(7)
)
"""``VALUE_MASK[v]``: the tiles with a half of value ``v``."""

OPENING_RANK: tuple[int, ...] = tuple(
    (100 if t.is_double else 0) + 10 * t.pips + t.high for t in ALL_TILES
)
"""How strongly a tile claims the first lead of ``block-dk``: doubles first, then the
heaviest, then the higher high half. No two tiles rank alike."""

_CHUNK = 7
_PIP_TABLES = tuple(
    tuple(sum(PIPS[c * _CHUNK + j] for j in range(_CHUNK) if m >> j & 1) for m in range(128))
    for c in range(4)
)
_T0, _T1, _T2, _T3 = _PIP_TABLES
_LOW14: tuple[int, ...] = tuple([a + b for b in _T1 for a in _T0])
"""``_LOW14[m]``: the pips on tiles 0 to 13 of ``m`` (``m < 2**14``)."""
_HIGH14: tuple[int, ...] = tuple([a + b for b in _T3 for a in _T2])
"""``_HIGH14[m]``: the pips on tiles 14 to 27 of ``m << 14``."""


def mask_pips(mask: int) -> int:
    """Pips on the tiles of ``mask``."""
    return _LOW14[mask & 16383] + _HIGH14[mask >> 14]


def to_mask(tiles: Iterable[Tile]) -> int:
    """The mask of some tiles."""
    m = 0
    for t in tiles:
        m |= BIT[t.index]
    return m


def bits(mask: int) -> list[int]:
    """The tile indices of ``mask``, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def from_mask(mask: int) -> list[Tile]:
    """The tiles of ``mask``, ascending."""
    return [ALL_TILES[i] for i in bits(mask)]


def nth_bit(mask: int, k: int) -> int:
    """Index of the ``k``-th set bit of ``mask`` (from 0)."""
    for _ in range(k):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


# -- placement and the count ------------------------------------------------------------


def other_half(t: int, value: int) -> int:
    """The half of tile ``t`` left open when it joins an end of ``value``."""
    return HIGH[t] if LOW[t] == value else LOW[t]


def end_worth(t: int, value: int) -> int:
    """What an open end of ``value`` held by tile ``t`` adds to the count: a double
    counts both halves."""
    return 2 * value if DOUBLE[t] else value


def play_score(count: int) -> int:
    """What a play scores in All Fives: the count, when it is a multiple of five above
    zero."""
    return count if count > 0 and count % 5 == 0 else 0


_JOIN: tuple[tuple[int, int], ...] = tuple(
    (other_half(t, v), end_worth(t, other_half(t, v))) for t in range(28) for v in range(8)
)
"""``_JOIN[t << 3 | v]``: the value tile ``t`` leaves open on an end of ``v``, and what
that end then adds to the count (the two rules above, tabulated)."""
_JOIN_WORTH: tuple[int, ...] = tuple(worth for _, worth in _JOIN)


_PAIR_WANT: tuple[int, ...] = tuple(
    VALUE_MASK[i >> 3] | VALUE_MASK[i & 7] if i >> 3 < 7 and i & 7 < 7 else 0 for i in range(64)
)
"""``_PAIR_WANT[a << 3 | b]``: the tiles that fit an end of ``a`` or of ``b``."""
_PLAY_SCORE: tuple[int, ...] = tuple(play_score(count) for count in range(4 * 12 + 1))
"""``_PLAY_SCORE[count]``: :func:`play_score`, tabulated (four open ends of at most 12)."""


class Board:
    """The open ends of a layout, and what the count and the spinner rule need.

    A board changes in place (:meth:`place`); :meth:`copy` before changing a shared one.
    """

    __slots__ = (
        "at",
        "cont",
        "count",
        "down",
        "free",
        "last",
        "spinner",
        "spinner_rule",
        "spinner_value",
        "vals",
        "want",
    )

    def __init__(self, spinner_rule: bool = False) -> None:
        self.spinner_rule = spinner_rule
        self.vals: list[int] = []
        """The value of each open end, by slot."""
        self.cont: list[int] = []
        """What each open end adds to the count."""
        self.at: list[int] = []
        """The position (in the order placed) of the tile at each open end."""
        self.free: list[int] = []
        """The slots that are long sides of the spinner with nothing against them."""
        self.spinner = -1
        """The spinner's position, once one is down."""
        self.spinner_value = -1
        self.down = 0
        """Tiles on the table."""
        self.last = -1
        """The tile laid last."""
        self.count = 0
        """The sum of ``cont``: the All Fives count."""
        self.want = FULL
        """The tiles that fit an open end (any tile on an empty table)."""

    def copy(self) -> Board:
        other = Board.__new__(Board)
        other.spinner_rule = self.spinner_rule
        other.vals = self.vals[:]
        other.cont = self.cont[:]
        other.at = self.at[:]
        other.free = self.free[:]
        other.spinner = self.spinner
        other.spinner_value = self.spinner_value
        other.down = self.down
        other.last = self.last
        other.count = self.count
        other.want = self.want
        return other

    @classmethod
    def line(cls, a: int, b: int) -> Board:
        """A line of two or more tiles, no spinner, open on ``a`` (left) and ``b``."""
        board = cls()
        board.vals = [a, b]
        board.cont = [a, b]
        board.at = [0, 1]
        board.count = a + b
        board.down = 2
        board.want = VALUE_MASK[a] | VALUE_MASK[b]
        return board

    @property
    def opened(self) -> bool:
        """Whether the spinner's short sides are open."""
        return len(self.vals) == 4

    def fits(self, t: int, slot: int) -> bool:
        """Whether tile ``t`` fits open end ``slot``: it has a half of that end's value."""
        return bool(VALUE_MASK[self.vals[slot]] >> t & 1)

    def slots(self, t: int) -> list[int]:
        """The open ends tile ``t`` fits (see :meth:`fits`)."""
        return [i for i, v in enumerate(self.vals) if VALUE_MASK[v] >> t & 1]

    def fitting(self, hand: int) -> list[int]:
        """For each open end, the tiles of ``hand`` that fit it (see :meth:`fits`)."""
        return [hand & VALUE_MASK[v] for v in self.vals]

    def _lone_double(self) -> bool:
        """A lone opening double: its sides count one half each until a tile joins it."""
        return self.down == 1 and DOUBLE[self.last]

    def placements(self, mask: int) -> list[tuple[int, int, int]]:
        """Every tile of ``mask`` at every open end it fits, and the count once it is
        laid there: ``(tile, slot, count)``, end by end (slot -1 on an empty table)."""
        if not self.down:
            return [(t, -1, PIPS[t]) for t in bits(mask)]
        vals = self.vals
        if self._lone_double():
            count = 2 * self.count
            cont = [2 * v for v in vals]
        else:
            count = self.count
            cont = self.cont
        out = []
        join = _JOIN_WORTH
        for i, v in enumerate(vals):
            m = mask & VALUE_MASK[v]
            rest = count - cont[i]
            while m:
                low = m & -m
                m ^= low
                t = low.bit_length() - 1
                out.append((t, i, rest + join[t << 3 | v]))
        return out

    def count_after(self, t: int, slot: int) -> int:
        """The count once ``t`` is laid at ``slot`` (any slot on an empty table)."""
        return next(c for _, i, c in self.placements(BIT[t]) if i == slot or i < 0)

    def place(self, t: int, slot: int = -1) -> None:
        """Lay tile ``t`` at open end ``slot`` (the opening tile takes none). The caller
        has checked that it fits."""
        down = self.down
        if not down:
            lo = LOW[t]
            hi = HIGH[t]
            self.vals = [lo, hi]
            self.cont = [lo, hi]
            self.at = [0, 0]
            self.count = lo + hi
            self.want = VALUE_MASK[lo] | VALUE_MASK[hi]
            if self.spinner_rule and DOUBLE[t]:
                self.spinner = 0
                self.spinner_value = lo
                self.free = [0, 1]
        else:
            vals = self.vals
            cont = self.cont
            if self._lone_double():
                cont[0] = 2 * vals[0]
                cont[1] = 2 * vals[1]
                self.count *= 2
            value, worth = _JOIN[t << 3 | vals[slot]]
            self.count += worth - cont[slot]
            vals[slot] = value
            cont[slot] = worth
            self.at[slot] = down
            if self.spinner < 0:
                if self.spinner_rule and DOUBLE[t]:
                    self.spinner = down
                    self.spinner_value = value
                    self.free = [slot]
            elif slot in self.free:
                free = self.free
                free.remove(slot)
                if not free:
                    sv = self.spinner_value
                    vals += (sv, sv)
                    cont += (0, 0)
                    self.at += (self.spinner, self.spinner)
            pair = _PAIR_WANT
            want = pair[vals[0] << 3 | vals[1]]
            if len(vals) == 4:
                want |= pair[vals[2] << 3 | vals[3]]
            self.want = want
        self.down = down + 1
        self.last = t


# -- whose turn -----------------------------------------------------------------------


def next_seat(seat: int, players: int) -> int:
    """Play goes round the table: the seat after ``seat`` of ``players``."""
    return seat + 1 if seat + 1 < players else 0


_NEXT: tuple[tuple[int, ...], ...] = tuple(
    tuple(next_seat(s, n) for s in range(n)) for n in range(5)
)
"""``_NEXT[players][seat]``: :func:`next_seat`, tabulated."""
_ZEROS: tuple[tuple[int, ...], ...] = tuple((0,) * n for n in range(5))
_PREV: tuple[tuple[int, ...], ...] = tuple(
    tuple(next(p for p in range(n) if next_seat(p, n) == s) for s in range(n)) for n in range(5)
)
"""``_PREV[players][seat]``: the seat ``seat`` comes after."""


def _around(seat: int, players: int) -> tuple[int, ...]:
    """The seats after ``seat`` round the table, ``seat`` itself last."""
    seats = [next_seat(seat, players)]
    while seats[-1] != seat:
        seats.append(next_seat(seats[-1], players))
    return tuple(seats)


_AROUND: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_around(s, n) for s in range(n)) for n in range(5)
)
"""``_AROUND[players][seat]``: :func:`_around`, tabulated."""


def turn(
    hands: list[int],
    want: int,
    seat: int,
    stock: list[int],
    events: list[tuple[int, int]] | None = None,
) -> int:
    """Who plays after ``seat``: the next seat round the table that holds a tile of
    ``want`` (the tiles that fit an open end, :attr:`Board.want`). A seat that holds none
    draws from the end of ``stock`` until it does, and passes once ``stock`` is empty
    (it is empty where the rules do not draw). -1 when every seat in turn has passed:
    the round is blocked. ``hands`` take the tiles drawn; ``events`` collects ``(seat,
    tile)`` for each draw and ``(seat, -1)`` for each pass, in order."""
    for s in _AROUND[len(hands)][seat]:
        if hands[s] & want:
            return s
        if stock:
            h = hands[s]
            while stock:
                t = stock.pop()
                h |= 1 << t
                if events is not None:
                    events.append((s, t))
                if want >> t & 1:
                    hands[s] = h
                    return s
            hands[s] = h
        if events is not None:
            events.append((s, -1))
    return -1


def packed_turn(
    players: int, stock: Sequence[int]
) -> Callable[[int, int, int, int], tuple[int, int, int]]:
    """:func:`turn` on hands packed into one integer (seat ``s``'s tiles at bits ``28 s``
    to ``28 s + 27``, as the solver keeps them) and a boneyard that stays as it is:
    ``stock`` in drawing order, of which the first ``drawn`` are gone. It returns
    ``advance(hands, want, seat, drawn)``: the hands, the seat to play (-1: blocked) and
    the tiles drawn then, by the same turn order (``tests/test_kernel.py`` checks that
    the two agree)."""
    size = len(stock)
    order = tuple(tuple((s, 28 * s) for s in _AROUND[players][seat]) for seat in range(players))

    def advance(packed: int, want: int, seat: int, drawn: int) -> tuple[int, int, int]:
        for s, shift in order[seat]:
            if packed >> shift & want:
                return packed, s, drawn
            while drawn < size:
                t = stock[drawn]
                drawn += 1
                packed |= 1 << (t + shift)
                if want >> t & 1:
                    return packed, s, drawn
        return packed, -1, drawn

    return advance


def packed_opening(hands: Sequence[int]) -> tuple[int, int]:
    """The seat and tile that must open a first round of ``block-dk``."""
    rank = OPENING_RANK
    best = (-1, -1, -1)
    for seat, h in enumerate(hands):
        for t in bits(h):
            if rank[t] > best[0]:
                best = (rank[t], seat, t)
    return best[1], best[2]


# -- the end of a round -------------------------------------------------------------


def end_terms(
    sums: Sequence[int], out_side: int | None, difference: bool
) -> tuple[int | None, list[tuple[int, int]]]:
    """Who scores at the end of a round, and from which sides' pips: ``(side, sign)``
    pairs, the others' pips added and, for a blocked round scored by difference, the
    winner's own taken away. ``sums`` are pip sums per side; ``out_side`` went out, or
    ``None`` when the round was blocked. A tie for the lowest sum: ``(None, [])``."""
    if out_side is None:
        low = min(sums)
        if sums.count(low) > 1:
            return None, []
        out_side = sums.index(low)
        if difference:
            return out_side, [*_LESS_OWN[len(sums)][out_side]]
    return out_side, [*_OTHERS[len(sums)][out_side]]


_OTHERS: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] = tuple(
    tuple(tuple((i, 1) for i in range(n) if i != side) for side in range(n)) for n in range(5)
)
"""``_OTHERS[sides][side]``: the terms of the other sides' pips, added."""
_LESS_OWN: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] = tuple(
    tuple((*others, (side, -1)) for side, others in enumerate(by_side)) for by_side in _OTHERS
)
"""``_LESS_OWN[sides][side]``: :data:`_OTHERS`, and the side's own pips taken away."""


def round_points(play: Sequence[int], winner: int | None, end: int) -> list[int]:
    """What each side scores for a round: its points in play (All Fives; zeros
    elsewhere), and the winning side the end score ``end`` too. Every ledger of points
    (a round's result, a playout's score, the scorepad's rounds) is this sum."""
    points = [*play]
    if winner is not None:
        points[winner] += end
    return points


# -- playouts ---------------------------------------------------------------------------


class Playout(NamedTuple):
    """How a playout ended: ``went_out`` seat (or ``None`` if blocked), the hands left,
    the last tile laid and the points scored in play per seat."""

    went_out: int | None
    hands: list[int]
    last_tile: int
    play_points: list[int]


_MOD = 29
"""The bits of the 28 tiles leave the 28 remainders 1 to 28 modulo 29 (2 is a primitive
root of 29), so ``bit % 29`` names a tile without asking ``bit.bit_length()``."""
_TILE_OF: tuple[int, ...] = tuple(
    next((t for t in range(28) if BIT[t] % _MOD == r), -1) for r in range(_MOD)
)
"""``_TILE_OF[bit % 29]``: the tile of a one-bit mask; -1 for no tile (``0 % 29``)."""


_STATES: tuple[int, ...] = tuple(_MOD * i for i in range(49))
"""The states of a line (see :func:`_line_tables`), one object each, which the tables
share: what a playout reads from memory stays small."""

_new = tuple.__new__
"""``_new(Playout, (...))`` makes a playout's result without the named tuple's Python
``__new__`` (as its ``_make`` does)."""


def _line_tables() -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """:meth:`Board.place` on a line, tabulated for the line playouts.

    A line open on ``a`` (left) and ``b`` (right) is the state ``x = 29 * (7 * a + b)``,
    the start of its row in ``line``: ``line[x]`` is :attr:`Board.want`, the tiles that
    fit it. For the tile of bit ``bit``, at ``j = x + bit % 29``: ``left[j]``
    (``right[j]``) is the state once it is laid left (right), -2 where it does not fit;
    ``line[j]`` is the one state it can lead to, -1 when it fits both ends, -2 when
    neither. (CPython adds small integers fastest of all; a remainder costs less than a
    shift or ``bit_length``; and one row of one table is all a move reads.)"""
    size = _MOD * 49
    line = [-2] * size
    left = [-2] * size
    right = [-2] * size
    for a in range(7):
        for b in range(7):
            board = Board.line(a, b)
            x = _STATES[7 * a + b]
            line[x] = board.want
            for t in range(28):
                ways = [-2, -2]
                for slot in board.slots(t):
                    after = board.copy()
                    after.place(t, slot)
                    ways[slot] = _STATES[7 * after.vals[0] + after.vals[1]]
                j = x + BIT[t] % _MOD
                left[j], right[j] = ways
                line[j] = ways[0] if ways[1] < 0 else ways[1] if ways[0] < 0 else -1
    return tuple(line), tuple(left), tuple(right)


_LINE, _LEFT, _RIGHT = _line_tables()


def _opened(t: int) -> int:
    """The state of a line (see :func:`_line_tables`) opened with tile ``t``."""
    board = Board()
    board.place(t)
    return _STATES[7 * board.vals[0] + board.vals[1]]


_OPEN: tuple[int, ...] = tuple(_opened(t) if t >= 0 else -1 for t in _TILE_OF)
"""``_OPEN[bit % 29]``: the state of a line opened with the tile of ``bit``."""
_INDEX_OF_BIT = {bit: t for t, bit in enumerate(BIT)}
_PIPS_OF: tuple[int, ...] = tuple(PIPS[t] if t >= 0 else 0 for t in _TILE_OF)
"""``_PIPS_OF[bit % 29]``: the pips of a tile, named by its bit (see :data:`_MOD`)."""

HEAVY_FIRST: tuple[int, ...] = tuple(sorted(range(28), key=lambda i: (-PIPS[i], not DOUBLE[i], i)))
"""Tile indices, heaviest first (doubles before other tiles of equal weight)."""


def heaviest(mask: int) -> int:
    """The heaviest tile of ``mask`` (a double before another tile of equal weight)."""
    for t in HEAVY_FIRST:
        if mask >> t & 1:
            return t
    return -1


def play_line(
    hands: list[int],
    a: int,
    b: int,
    seat: int,
    stock: list[int],
    rnd: Callable[[], float],
    trace: Trace | None = None,
    *,
    eps: float = 1.0,
    look: bool = False,
) -> Playout:
    """Play a line out from open ends ``a`` and ``b`` (``a == -1``: an empty table),
    ``seat`` to move. ``stock`` is drawn from its end; ``hands`` is changed.

    The policy: with probability ``eps`` (1: always) a random legal tile, else with
    ``look`` a placement that leaves the next seat nothing to play in these hands, then
    the heaviest tile; else the heaviest tile. A tile that fits both ends goes to either
    at random. ``trace`` collects ``(seat, tile, slot)`` for each play."""
    n = len(hands)
    nxt = _NEXT[n]
    prev = _PREV[n]
    zeros = _ZEROS[n]
    line = _LINE
    tile_of = _TILE_OF
    random_only = eps >= 1.0
    if a < 0:
        h = hands[seat]
        if random_only:
            r = rnd() * h.bit_count()
            low = h
            while r >= 1.0:
                low &= low - 1
                r -= 1.0
            low &= -low
        else:
            low = BIT[heaviest(h)]
        x = _OPEN[low % 29]
        h -= low
        hands[seat] = h
        if trace is not None:
            trace.append((seat, tile_of[low % 29], -1))
        if not h:
            return _new(Playout, (seat, hands, tile_of[low % 29], [*zeros]))
    else:
        low = 0  # no tile laid yet: tile_of[0] is -1
        seat = prev[seat]
        x = _STATES[7 * a + b]  # the line's state, as _line_tables() packs it
    # Each move: ``seat`` played last; the next seat plays if it can, else turn() says
    # who plays (drawing, passing) or that the round is blocked. A move lays the tile of
    # one bit, ``low``, of the seat's legal tiles; the tables give the line's state
    # after it.
    left, right = _LEFT, _RIGHT
    if random_only and trace is None:
        # The random policy (eps 1) untraced, on its own: the benchmarks' playouts. It
        # draws as the loop below does with eps 1 (tests/test_kernel.py checks it).
        while True:
            seat = nxt[seat]
            h = hands[seat]
            legal = h & line[x]
            if not legal:
                seat = turn(hands, line[x], prev[seat], stock)
                if seat < 0:
                    return _new(Playout, (None, hands, tile_of[low % 29], [*zeros]))
                h = hands[seat]
                legal = h & line[x]
            # The k-th legal tile for k = int(rnd() * c): of two, the second when the
            # draw is at least 0.5; else r counts down to below one (subtracting 1.0
            # from r < 8 is exact).
            c = legal.bit_count()
            if c == 1:
                low = legal
            elif c == 2:
                low = legal & -legal
                if rnd() >= 0.5:
                    low = legal - low
            else:
                r = rnd() * c
                while r >= 1.0:
                    legal &= legal - 1
                    r -= 1.0
                low = legal & -legal
            j = x + low % 29
            x = line[j]
            if x < 0:
                x = left[j] if rnd() < 0.5 else right[j]
            h -= low
            hands[seat] = h
            if not h:
                return _new(Playout, (seat, hands, tile_of[low % 29], [*zeros]))
    pips = _PIPS_OF
    slot = j = 0
    while True:
        seat = nxt[seat]
        h = hands[seat]
        legal = h & line[x]
        if not legal:
            seat = turn(hands, line[x], prev[seat], stock)
            if seat < 0:
                return _new(Playout, (None, hands, tile_of[low % 29], [*zeros]))
            h = hands[seat]
            legal = h & line[x]
        y = -1
        c = legal.bit_count()
        if c == 1:
            low = legal
        elif random_only or rnd() < eps:
            # A random tile, drawn as in the loop above.
            if c == 2:
                low = legal & -legal
                if rnd() >= 0.5:
                    low = legal - low
            else:
                r = rnd() * c
                while r >= 1.0:
                    legal &= legal - 1
                    r -= 1.0
                low = legal & -legal
        elif look:
            # Shut the next seat out where possible, else shed the heaviest tile.
            follow = hands[nxt[seat]]
            best = -1
            m = legal
            while m:
                bit = m & -m
                m -= bit
                j = x + bit % 29
                z = left[j]
                if z >= 0:
                    key = pips[bit % 29] + (0 if follow & line[z] else 64)
                    if key > best:
                        best, low, y, slot = key, bit, z, 0
                z = right[j]
                if z >= 0:
                    key = pips[bit % 29] + (0 if follow & line[z] else 64)
                    if key > best:
                        best, low, y, slot = key, bit, z, 1
        else:
            low = BIT[heaviest(legal)]
        if y < 0:
            j = x + low % 29
            y = line[j]
            if y >= 0:
                slot = -1  # the one end it fits
            elif rnd() < 0.5:
                y, slot = left[j], 0
            else:
                y, slot = right[j], 1
        x = y
        if trace is not None:
            if slot < 0:
                slot = 0 if left[j] >= 0 else 1
            trace.append((seat, tile_of[low % 29], slot))
        h -= low
        hands[seat] = h
        if not h:
            return _new(Playout, (seat, hands, tile_of[low % 29], [*zeros]))


def play_spinner(
    hands: list[int],
    board: Board,
    seat: int,
    stock: list[int],
    rnd: Callable[[], float],
    points: list[int],
    trace: Trace | None = None,
    *,
    fives: bool = True,
    eps: float = 1.0,
) -> Playout:
    """Play a layout with the spinner rule out from ``board``, ``seat`` to move;
    ``board``, ``hands`` and ``points`` (play points per seat, with ``fives``) are
    changed, ``stock`` is drawn from its end.

    The policy: with probability ``eps`` (1: always) a random legal tile at a random
    end it fits, else the placement that scores most, then the heaviest tile."""
    n = len(hands)
    random_only = eps >= 1.0
    pips = PIPS
    score = _PLAY_SCORE
    place = board.place
    placements = board.placements
    slots_of = board.slots
    last = board.last
    after = seat - 1 if seat else n - 1
    while True:
        # The turn order is turn()'s; it is asked only when the next seat cannot play.
        want = board.want
        seat = after + 1 if after + 1 < n else 0
        legal = hands[seat] & want
        if not legal:
            seat = turn(hands, want, after, stock)
            if seat < 0:
                return Playout(None, hands, last, points)
            legal = hands[seat] & want
        h = hands[seat]
        if random_only or rnd() < eps:
            c = legal.bit_count()
            t = nth_bit(legal, int(rnd() * c)) if c > 1 else legal.bit_length() - 1
            if board.down:
                slots = slots_of(t)
                e = slots[int(rnd() * len(slots))] if len(slots) > 1 else slots[0]
            else:
                e = -1
        else:
            best = -1
            t = e = -1
            for c, i, count in placements(legal):
                key = (score[count] if fives else 0) * 16 + pips[c]
                if key > best:
                    best, t, e = key, c, i
        if trace is not None:
            trace.append((seat, t, e))
        place(t, e)
        last = t
        if fives:
            points[seat] += score[board.count]
        h ^= 1 << t
        hands[seat] = h
        if not h:
            return Playout(seat, hands, t, points)
        after = seat


class FastRules:
    """The constants of a :class:`Rules` for one player count, ready for playouts."""

    def __init__(self, rules: Rules, players: int) -> None:
        self.rules = rules
        self.players = players
        self.hand_size = rules.hand_size(players)
        self.dealt = players * self.hand_size
        policy = rules.policy
        self.draw = policy.deal.boneyard
        self.spinner = policy.layout.has_spinner
        self.fives = policy.play.scores
        self.sides = rules.sides(players)
        self.side_of = tuple(rules.side_of(s) for s in range(players))
        self.difference = policy.end.by_difference
        self.end_points = policy.end.points
        """The round's end score from its raw sum and whether a double went out."""
        self.solo = self.sides == players
        """Each seat scores for itself."""
        self.teams = tuple(rules.seats(side, players) for side in range(self.sides))
        """The seats of each side."""
        self.no_points = (0,) * self.sides
        self.out_terms = tuple(
            end_terms(self.no_points, side, self.difference)[1] for side in range(self.sides)
        )
        """end_terms() for each side going out: it asks nothing of the sums then."""
        self.ends = [-1] * (2 * (mask_pips(FULL) + 1))
        """:attr:`end_points` at ``2 * raw + double_out``, kept once asked (``raw`` is at most
        every pip of the set)."""
        size = self.hand_size
        self.cuts = tuple(slice(s * size, (s + 1) * size) for s in range(players))
        """Where each seat's hand lies in a dealt order."""

    def deal(self, rnd: Callable[[], float]) -> tuple[list[int], list[int]]:
        """Random hands (masks) and the stock (tile indices, drawn from the end; empty
        where the rules do not draw)."""
        # A uniformly random order: the tiles' bits sorted by random keys. The sort
        # asks for the keys tile by tile, from [0|0] up; next(draws, bit) draws one
        # (all in C: no Python call per tile).
        order = sorted(BIT, key=partial(next, starmap(rnd, repeat(()))))
        hands = [sum(order[cut]) for cut in self.cuts]
        return hands, (
            list(map(_INDEX_OF_BIT.__getitem__, order[self.dealt :])) if self.draw else []
        )

    def play(
        self,
        hands: list[int],
        seat: int,
        stock: list[int],
        rnd: Callable[[], float],
        trace: Trace | None = None,
        *,
        board: Board | None = None,
        points: list[int] | None = None,
        eps: float = 1.0,
        look: bool = False,
    ) -> Playout:
        """A playout of the round from ``board`` (``None``: the deal, an empty table),
        ``seat`` to move, by :func:`play_spinner` with the spinner rule, else by
        :func:`play_line`, with their policy (``eps``, ``look``: by default random
        legal moves). ``hands`` and ``points`` (play points per seat so far, ``None``:
        none) are changed, ``stock`` is drawn from its end; ``board`` is not changed."""
        if self.spinner:
            start = Board(True) if board is None else board.copy()
            if points is None:
                points = [0] * self.players
            return play_spinner(
                hands, start, seat, stock, rnd, points, trace, fives=self.fives, eps=eps
            )
        a, b = board.vals if board is not None and board.down else (-1, -1)
        return play_line(hands, a, b, seat, stock, rnd, trace, eps=eps, look=look)

    def score(self, out: Playout) -> tuple[int | None, list[int]]:
        """The winning side and each side's points for the round (play and end)."""
        went_out, hands, last, play_points = out
        if self.solo:
            sums = [mask_pips(h) for h in hands]
            play: Sequence[int] = play_points if self.fives else self.no_points
            out_side = went_out
        else:
            # Partners (two a side) hold different tiles: their pips are their union's.
            sums = [mask_pips(hands[a] | hands[b]) for a, b in self.teams]
            if self.fives:
                play = [sum(play_points[s] for s in seats) for seats in self.teams]
            else:
                play = self.no_points
            out_side = None if went_out is None else self.side_of[went_out]
        if out_side is None:
            side, terms = end_terms(sums, None, self.difference)
            if side is None:
                return None, [*play]
        else:
            side = out_side
            terms = self.out_terms[side]
        raw = 0
        for i, sign in terms:
            raw += sign * sums[i]
        double_out = went_out is not None and DOUBLE[last]
        k = raw + raw + double_out
        end = self.ends[k]
        if end < 0:
            end = self.ends[k] = self.end_points(raw, double_out)
        return side, round_points(play, side, end)


def random_round(
    rules: Rules, players: int, rng: random.Random, leader: int = 0
) -> tuple[int | None, list[int]]:
    """Deal and play one round with random legal moves; the winner side and points."""
    fast = FastRules(rules, players)
    rnd = rng.random
    hands, stock = fast.deal(rnd)
    return fast.score(fast.play(hands, leader, stock, rnd))


def random_rounds(rules: Rules, players: int, count: int, seed: int = 0) -> int:
    """Play ``count`` random rounds; returns the number of tiles played (for benchmarks)."""
    fast = FastRules(rules, players)
    rnd = random.Random(seed).random
    played = 0
    dealt = fast.dealt
    for _ in range(count):
        hands, stock = fast.deal(rnd)
        n_stock = len(stock)
        out = fast.play(hands, 0, stock, rnd)
        fast.score(out)
        held = sum(h.bit_count() for h in out.hands)
        played += dealt + (n_stock - len(stock)) - held
    return played
