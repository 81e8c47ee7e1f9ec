"""Computer players in three levels, a hint, and whole rounds and matches between them.

A player is a plain callable: it is given an :class:`~engine.state.Observation` (what its
seat may know, never the full state) and returns one of the legal moves. Levels:

- :class:`Beginner`: a legal move chosen at random, seeded.
- :class:`Club`: a readable heuristic: shed heavy tiles, keep a variety of values and
  tiles that follow the open ends, leave ends the opponents have shown they lack, take
  points in All Fives, and in partnerships do not shut out the partner.
- :class:`Expert`: determinized Monte Carlo. It deals the tiles it cannot see in ways
  consistent with everything public (hand sizes, tiles played, the values a player lacked
  when they passed or drew), plays each deal out after each candidate move with fast
  bit-mask playouts, and plays the move with the best average round score for its side.

Every choice depends only on the observation and the player's seed, so a player makes
the same move in any two positions its seat cannot tell apart. :func:`hint` answers
"what should I play here?" with the Expert's move and a one-line reason in any of the
site's languages. :func:`play_round` and :func:`play_match` play between a list of
players, one per seat.

>>> from engine import Rules
>>> match = play_match(Rules.make("block"), [Club(), Beginner(seed=1)], seed=7)
>>> match.is_over
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.errors import DominoError
from engine.fast import (
    BIT,
    DOUBLE,
    HIGH,
    LOW,
    PIPS,
    VALUE_MASK,
    FastRules,
    Playout,
    mask_pips,
    nth_bit,
    to_mask,
)
from engine.lang import strings
from engine.layout import End, Layout, Side
from engine.match import Match
from engine.rules import Rules
from engine.state import Move, Observation, RoundResult, RoundState
from engine.tiles import ALL_TILES, Tile

__all__ = [
    "LEVELS",
    "Beginner",
    "Club",
    "Expert",
    "Fact",
    "Features",
    "Hint",
    "Knowledge",
    "Player",
    "Search",
    "club_score",
    "distinct_moves",
    "features",
    "hint",
    "knowledge",
    "legal_moves",
    "level_name",
    "make_player",
    "play_match",
    "play_round",
]

LEVELS: tuple[str, ...] = ("beginner", "club", "expert")
"""The levels of computer player, weakest first (``level.<name>`` in the lang tables)."""

_FULL = (1 << 28) - 1


class Player(Protocol):
    """A computer (or any) player: picks a legal move from what its seat can see."""

    def __call__(self, obs: Observation) -> Move: ...


# -- what a seat can do and know ------------------------------------------------------


def legal_moves(obs: Observation) -> list[Move]:
    """The legal moves of the observing seat when it is to play, else none.

    The same moves, in the same order, as :meth:`RoundState.legal_moves`: each playable
    tile (ascending) at each matching open end (left, right, up, down); on an empty
    table any tile, or only the tile the rules name for the first lead.
    """
    if obs.current_player != obs.seat:
        return []
    hand = sorted(obs.hand)
    ends = obs.layout.ends
    if not obs.layout.tiles:
        if obs.opening is not None:
            return [Move(obs.opening)] if obs.opening in hand else []
        return [Move(t) for t in hand]
    return [Move(t, e.end) for t in hand for e in ends if t.has(e.value)]


def distinct_moves(obs: Observation) -> list[Move]:
    """The legal moves, keeping one of any that leave the same position.

    On a line (no spinner) a tile that fits two ends of the same value leaves the same
    two open values either way; the first such move is kept.
    """
    moves = legal_moves(obs)
    if obs.rules.spinner or len(moves) < 2:
        return moves
    seen: set[tuple[Tile, tuple[int, int]]] = set()
    out: list[Move] = []
    ends = obs.layout.open_values()
    for m in moves:
        key = (m.tile, _line_after(ends, m))
        if key not in seen:
            seen.add(key)
            out.append(m)
    return out


def _line_after(ends: list[int], move: Move) -> tuple[int, int]:
    """The two open values of a line after ``move`` (sorted)."""
    t = move.tile
    if not ends:
        return (t.low, t.high)
    a, b = ends[0], ends[1]
    if move.end is End.LEFT:
        a = t.other(a)
    else:
        b = t.other(b)
    return (a, b) if a <= b else (b, a)


@dataclass(frozen=True)
class Knowledge:
    """What one seat can infer from its observation about the tiles it cannot see.

    Tile sets are bit masks over :data:`engine.tiles.ALL_TILES`. A seat that passed or
    drew lacked every open value at that moment; tiles it drew later may have them,
    so such a fact holds for "at most ``k`` tiles" where ``k`` counts the tiles drawn
    since. In the first round of ``block-dk`` the opening tile is the highest double (or
    heaviest tile) dealt, so nobody was dealt a tile that outranks it.
    """

    seat: int
    players: int
    mine: int
    """The seat's own hand."""
    played: int
    """The tiles on the table."""
    unseen: int
    """Every tile the seat cannot see: other hands, boneyard and set-aside tiles."""
    hand_sizes: tuple[int, ...]
    void: tuple[int, ...]
    """Per seat, the tiles it certainly does not hold (empty for the observing seat)."""
    limits: tuple[tuple[tuple[int, int], ...], ...]
    """Per seat, ``(tiles, k)``: it holds at most ``k`` of ``tiles`` (``k`` ≥ 1)."""
    void_values: tuple[frozenset[int], ...]
    """Per seat, the values it has shown it holds none of."""
    choices: tuple[tuple[int, int, int], ...] = ()
    """``(seat, later, heavier)`` for each play by another seat that has not drawn since:
    it held the tiles ``later`` it has played since, and played a lighter tile than any
    of ``heavier`` (the heavier tiles that fitted then) it may have held."""

    @property
    def stock_size(self) -> int:
        """Tiles in no hand: the boneyard, or the tiles set aside."""
        return self.unseen.bit_count() - sum(
            s for p, s in enumerate(self.hand_sizes) if p != self.seat
        )

    def dead_values(self) -> frozenset[int]:
        """Values no unseen tile has: nobody else can ever play on them."""
        return frozenset(v for v in range(7) if not self.unseen & VALUE_MASK[v])


def knowledge(obs: Observation) -> Knowledge:
    """What ``obs.seat`` can infer about the hidden tiles (see :class:`Knowledge`)."""
    n = obs.players
    me = obs.seat
    mine = to_mask(obs.hand)
    played = to_mask(obs.layout.tiles)
    unseen = _FULL & ~mine & ~played
    # Replay the public events: each pass, and each run of draws by one seat, shows the
    # open values that seat lacked at that moment.
    layout = Layout.empty(obs.rules.spinner)
    runs: list[list[Any]] = []  # [seat, values, draws, ended_in_play]
    open_run: list[Any] | None = None
    plays: list[tuple[int, int, int]] = []  # seat, tile, heavier tiles that fitted
    for e in obs.events:
        if e.kind == "draw":
            if open_run is None or open_run[0] != e.seat:
                open_run = [e.seat, frozenset(layout.open_values()), 0, False]
                runs.append(open_run)
            open_run[2] += 1
            continue
        if e.kind == "pass":
            if open_run is not None and open_run[0] == e.seat:
                open_run = None
            else:
                runs.append([e.seat, frozenset(layout.open_values()), 0, False])
            continue
        forced = (not layout.tiles and obs.opening is not None) or (
            open_run is not None and open_run[0] == e.seat
        )
        if open_run is not None and open_run[0] == e.seat:
            open_run[3] = True  # the last tile drawn was the only one that fitted
        open_run = None
        assert e.tile is not None
        if e.seat != me:
            want = _FULL
            if layout.tiles:
                want = 0
                for v in layout.open_values():
                    want |= VALUE_MASK[v]
            # A forced play (the named first lead, a tile just drawn) shows no choice.
            plays.append((e.seat, e.tile.index, 0 if forced else want & _HEAVIER[e.tile.index]))
        layout = layout.place(e.tile, e.end)
    choices: list[tuple[int, int, int]] = []
    later = [0] * n
    drew_since = [False] * n
    events_rev = list(reversed(obs.events))
    k = len(plays)
    for e in events_rev:
        if e.kind == "draw":
            drew_since[e.seat] = True
        elif e.kind == "play" and e.tile is not None:
            if e.seat != me:
                k -= 1
                seat, _, heavier = plays[k]
                if not drew_since[seat] and heavier:
                    choices.append((seat, later[seat], heavier))
            later[e.seat] |= BIT[e.tile.index]
    # Tiles a seat drew after a run and may still hold (the last tile of a run that ended
    # in a play was that play).
    kept_after: list[list[int]] = [[0] * (len(runs) + 1) for _ in range(n)]
    for i in range(len(runs) - 1, -1, -1):
        for p in range(n):
            kept_after[p][i] = kept_after[p][i + 1]
        s, _, draws, played_last = runs[i]
        kept_after[s][i] += draws - (1 if played_last and draws else 0)
    void = [0] * n
    limits: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    void_values: list[set[int]] = [set() for _ in range(n)]
    for i, (s, values, _, _) in enumerate(runs):
        if s == me:
            continue
        mask = 0
        for v in values:
            mask |= VALUE_MASK[v]
        k = kept_after[s][i + 1]
        if k == 0:
            void[s] |= mask
            void_values[s] |= values
        else:
            limits[s].append((mask, k))
    if obs.opening is not None:
        key = _opening_key(obs.opening)
        above = to_mask([t for t in ALL_TILES if _opening_key(t) > key])
        for p in range(n):
            if p == me:
                continue
            k = kept_after[p][0]
            if k == 0:
                void[p] |= above
            else:
                limits[p].append((above, k))
    return Knowledge(
        seat=me,
        players=n,
        mine=mine,
        played=played,
        unseen=unseen,
        hand_sizes=obs.hand_sizes,
        void=tuple(void),
        limits=tuple(tuple(x) for x in limits),
        void_values=tuple(frozenset(v) for v in void_values),
        choices=tuple(choices),
    )


_HEAVIER: tuple[int, ...] = tuple(
    sum(BIT[j] for j in range(28) if PIPS[j] > PIPS[i]) for i in range(28)
)
"""``_HEAVIER[i]``: the tiles worth more pips than tile ``i``."""


def _opening_key(t: Tile) -> tuple[int, int, int]:
    return (1 if t.is_double else 0, t.pips, t.high)


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class _Sampler:
    """Deals the unseen tiles consistently with a :class:`Knowledge`."""

    def __init__(self, know: Knowledge) -> None:
        self.know = know
        others = [p for p in range(know.players) if p != know.seat]
        # The most constrained seats are dealt first.
        self.order = sorted(
            others,
            key=lambda p: (know.unseen & ~know.void[p]).bit_count() - know.hand_sizes[p],
        )
        self.constrained = any(know.void[p] or know.limits[p] for p in others)

    def deal(self, rng: random.Random) -> tuple[list[int], list[int]]:
        """Hands (masks, the observer's own included) and the stock in random order.

        Each hand is drawn tile by tile from what its seat may hold; a seat dealt the
        last tile a limit allows gets no more of those. A dead end starts over; after
        many, the limits are dropped (never seen in practice: the real deal fits them).
        """
        know = self.know
        rnd = rng.random
        for attempt in range(40):
            strict = attempt < 30
            hands = [0] * know.players
            hands[know.seat] = know.mine
            remaining = know.unseen
            ok = True
            for p in self.order:
                allowed = remaining & ~know.void[p] if strict else remaining
                limits = [[m, k] for m, k in know.limits[p]] if strict else []
                h = 0
                for _ in range(know.hand_sizes[p]):
                    count = allowed.bit_count()
                    if not count:
                        ok = False
                        break
                    bit = 1 << nth_bit(allowed, int(rnd() * count))
                    h |= bit
                    allowed ^= bit
                    for lim in limits:
                        if bit & lim[0]:
                            lim[1] -= 1
                            if lim[1] == 0:
                                allowed &= ~lim[0]
                if not ok:
                    break
                hands[p] = h
                remaining &= ~h
            if ok:
                stock = _bits(remaining)
                rng.shuffle(stock)
                return hands, stock
        raise AssertionError("unreachable: the unseen tiles always fill the hands")


def _move_rng(seed: int | str, obs: Observation) -> random.Random:
    """A generator seeded by ``seed`` and everything the seat knows, nothing else."""
    parts = [str(seed), str(obs.seat), " ".join(t.code for t in obs.hand)]
    for e in obs.events:
        parts.append(
            f"{e.kind[0]}{e.seat}{e.tile.code if e.tile else ''}{e.end.value if e.end else ''}"
        )
    return random.Random("/".join(parts))


# -- Beginner ---------------------------------------------------------------------------


@dataclass
class Beginner:
    """A legal move chosen at random (seeded)."""

    seed: int = 0
    level: str = "beginner"

    def __call__(self, obs: Observation) -> Move:
        moves = _moves_or_raise(obs)
        return _move_rng(self.seed, obs).choice(moves)


def _moves_or_raise(obs: Observation) -> list[Move]:
    moves = legal_moves(obs)
    if not moves:
        if obs.current_player != obs.seat:
            raise DominoError("not_your_turn", seat=obs.current_player, other=obs.seat)
        raise DominoError("no_legal_move", seat=obs.seat)
    return moves


# -- Club -------------------------------------------------------------------------------


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
    layout = obs.layout.place(move.tile, move.end)
    rest = [t for t in obs.hand if t != move.tile]
    ends = tuple(layout.open_values())
    points = 0
    if rules.fives:
        count = layout.count()
        if count > 0 and count % 5 == 0:
            points = count
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
        partner = (me + 2) % 4
        partner_shut = bool(open_set) and open_set <= know.void_values[partner]
    blocks = 0
    stock_empty = not rules.draw or obs.boneyard_size == 0
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
    score = float(f.pips) * (0.5 if rules.fives else 1.0)
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
        moves = _moves_or_raise(obs)
        if len(moves) == 1:
            return moves[0]
        know = knowledge(obs)
        best = max(distinct_moves(obs), key=lambda m: club_score(features(obs, m, know), obs.rules))
        return best


# -- fast playouts from a position ---------------------------------------------------

_HEAVY: tuple[int, ...] = tuple(sorted(range(28), key=lambda i: (-PIPS[i], not DOUBLE[i], i)))
"""Tile indices, heaviest first (doubles before other tiles of equal weight)."""


def _heaviest(legal: int) -> int:
    for t in _HEAVY:
        if legal >> t & 1:
            return t
    return -1


def _line_playout(
    hands: list[int],
    a: int,
    b: int,
    seat: int,
    stock: list[int],
    rnd: Callable[[], float],
    eps: float,
    look: bool = False,
) -> tuple[int | None, int]:
    """Play a line out from open values ``a`` and ``b``, ``seat`` to move: with
    probability ``eps`` a random legal tile, else the heaviest. Returns the seat that
    went out (or ``None``: blocked) and the last tile played; ``hands`` is changed."""
    n = len(hands)
    vm = VALUE_MASK
    low, high = LOW, HIGH
    passes = 0
    last = -1
    while True:
        h = hands[seat]
        want = vm[a] | vm[b]
        legal = h & want
        while not legal and stock:
            t = stock.pop()
            h |= 1 << t
            legal = h & want
        if legal:
            passes = 0
            if not legal & (legal - 1):
                t = legal.bit_length() - 1
            elif rnd() < eps:
                t = nth_bit(legal, int(rnd() * legal.bit_count()))
            elif look:
                # Knowing the (sampled) hands: shut the next player out if possible,
                # else shed the heaviest tile.
                nxt = hands[seat + 1 if seat + 1 < n else 0]
                best = -1
                t = -1
                side = 0
                m = legal
                while m:
                    bit = m & -m
                    m ^= bit
                    c = bit.bit_length() - 1
                    lo = low[c]
                    hi = high[c]
                    p = PIPS[c]
                    if lo == a or hi == a:
                        na = hi if lo == a else lo
                        key = p + (64 if not nxt & (vm[na] | vm[b]) else 0)
                        if key > best:
                            best, t, side = key, c, 0
                    if lo == b or hi == b:
                        nb = hi if lo == b else lo
                        key = p + (64 if not nxt & (vm[a] | vm[nb]) else 0)
                        if key > best:
                            best, t, side = key, c, 1
                lo = low[t]
                hi = high[t]
                if side == 0:
                    a = hi if lo == a else lo
                else:
                    b = hi if lo == b else lo
                h ^= 1 << t
                hands[seat] = h
                last = t
                if not h:
                    return seat, t
                seat = seat + 1 if seat + 1 < n else 0
                continue
            else:
                t = _heaviest(legal)
            lo = low[t]
            hi = high[t]
            if (lo == a or hi == a) and ((lo != b and hi != b) or rnd() < 0.5):
                a = hi if lo == a else lo
            else:
                b = hi if lo == b else lo
            h ^= 1 << t
            hands[seat] = h
            last = t
            if not h:
                return seat, t
        else:
            hands[seat] = h
            passes += 1
            if passes == n:
                return None, last
        seat = seat + 1 if seat + 1 < n else 0


@dataclass
class _Spin:
    """A spinner layout in playout form (see :func:`engine.fast.play_spinner`)."""

    vals: list[int]
    cont: list[int]
    free: list[int]
    spinner_value: int
    opened: bool
    down: int
    last: int

    @classmethod
    def of(cls, layout: Layout) -> _Spin:
        order = {End.LEFT: 0, End.RIGHT: 1, End.UP: 2, End.DOWN: 3}
        s = layout.spinner
        return cls(
            vals=[e.value for e in layout.ends],
            cont=[layout.end_count(e) for e in layout.ends],
            free=[
                order[e.end]
                for e in layout.ends
                if s is not None and e.tile == s and e.side in (Side.A, Side.B)
            ],
            spinner_value=layout.tiles[s].low if s is not None else -1,
            opened=len(layout.ends) == 4,
            down=len(layout.tiles),
            last=layout.tiles[-1].index if layout.tiles else -1,
        )


def _spinner_playout(
    hands: list[int],
    sp: _Spin,
    seat: int,
    stock: list[int],
    rnd: Callable[[], float],
    eps: float,
    points: list[int],
    fives: bool,
) -> tuple[int | None, int]:
    """Play a spinner layout out, ``seat`` to move: with probability ``eps`` a random
    placement, else the one scoring most (then the heaviest tile). Points scored in play
    are added to ``points``; returns the seat that went out (or ``None``) and the last
    tile; ``hands`` is changed."""
    n = len(hands)
    vals = list(sp.vals)
    cont = list(sp.cont)
    free = list(sp.free)
    spinner_value = sp.spinner_value
    opened = sp.opened
    down = sp.down
    last = sp.last
    passes = 0
    vm = VALUE_MASK
    low, high, double, pips = LOW, HIGH, DOUBLE, PIPS
    while True:
        h = hands[seat]
        want = vm[vals[0]] | vm[vals[1]]
        if opened:
            want |= vm[vals[2]] | vm[vals[3]]
        legal = h & want
        while not legal and stock:
            t = stock.pop()
            h |= 1 << t
            legal = h & want
        if not legal:
            hands[seat] = h
            passes += 1
            if passes == n:
                return None, last
            seat = seat + 1 if seat + 1 < n else 0
            continue
        passes = 0
        lone_double = down == 1 and double[last]
        base = [2 * vals[0], 2 * vals[1]] if lone_double else cont
        total = sum(base)
        if rnd() < eps:
            t = nth_bit(legal, int(rnd() * legal.bit_count()))
            lo = low[t]
            hi = high[t]
            slots = [i for i, v in enumerate(vals) if v in (lo, hi)]
            e = slots[int(rnd() * len(slots))] if len(slots) > 1 else slots[0]
        else:
            best = -1
            t = e = -1
            m = legal
            while m:
                bit = m & -m
                m ^= bit
                c = bit.bit_length() - 1
                lo = low[c]
                hi = high[c]
                for i, v in enumerate(vals):
                    if v != lo and v != hi:
                        continue
                    nv = hi if lo == v else lo
                    after = total - base[i] + (2 * nv if double[c] else nv)
                    gain = after if fives and after % 5 == 0 else 0
                    key = gain * 16 + pips[c]
                    if key > best:
                        best, t, e = key, c, i
        lo = low[t]
        hi = high[t]
        dbl = double[t]
        if lone_double:
            cont = base
        v = vals[e]
        nv = hi if lo == v else lo
        vals[e] = nv
        cont[e] = 2 * nv if dbl else nv
        if dbl and spinner_value < 0:
            spinner_value = lo
            free = [e]
        elif e in free:
            free.remove(e)
            if not free and not opened:
                opened = True
                vals += [spinner_value, spinner_value]
                cont += [0, 0]
        down += 1
        last = t
        if fives:
            count = sum(cont)
            if count and count % 5 == 0:
                points[seat] += count
        h ^= 1 << t
        hands[seat] = h
        if not h:
            return seat, t
        seat = seat + 1 if seat + 1 < n else 0


# -- Expert -----------------------------------------------------------------------------


@dataclass(frozen=True)
class _Candidate:
    move: Move
    tile: int
    line: tuple[int, int]
    spin: _Spin | None
    points: int


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
        moves = _moves_or_raise(obs)
        distinct = distinct_moves(obs)
        know = knowledge(obs)
        if len(distinct) == 1:
            result = Search((distinct[0],), (0.0,), 0, 0)
            self.last_search = result
            return result
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        rng = _move_rng(self.seed, obs)
        rules = obs.rules
        n = obs.players
        me = obs.seat
        fr = FastRules(rules, n)
        sides = fr.sides
        my_side = fr.side_of[me]
        cands = [_candidate(obs, m) for m in distinct]
        sampler = _Sampler(know)
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
                stock = list(stock0)
                points = [0] * n
                points[me] = c.points
                if not hands[me]:
                    went_out: int | None = me
                    last = c.tile
                elif c.spin is not None:
                    went_out, last = _spinner_playout(
                        hands, c.spin, (me + 1) % n, stock, rnd, eps, points, rules.fives
                    )
                else:
                    a, b = c.line
                    went_out, last = _line_playout(
                        hands, a, b, (me + 1) % n, stock, rnd, eps, self.look
                    )
                if went_out is None and last < 0:
                    last = c.tile
                _, pts = fr.score(Playout(went_out, hands, last, points))
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
    tile = move.tile
    if obs.rules.spinner:
        layout = obs.layout.place(tile, move.end)
        points = 0
        if obs.rules.fives:
            count = layout.count()
            if count > 0 and count % 5 == 0:
                points = count
        return _Candidate(move, tile.index, (-1, -1), _Spin.of(layout), points)
    ends = obs.layout.open_values()
    if not ends:
        line = (tile.low, tile.high)
    else:
        a, b = ends[0], ends[1]
        if move.end is End.LEFT:
            a = tile.other(a)
        else:
            b = tile.other(b)
        line = (a, b)
    return _Candidate(move, tile.index, line, None, 0)


def make_player(level: str, seed: int = 0, **options: Any) -> Player:
    """A player of ``level`` (one of :data:`LEVELS`); ``options`` go to its class."""
    if level == "beginner":
        return Beginner(seed=seed, **options)
    if level == "club":
        return Club(**options)
    if level == "expert":
        return Expert(seed=seed, **options)
    raise ValueError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")


# -- rounds and matches -----------------------------------------------------------------


def play_round(state: RoundState, players: Sequence[Player]) -> RoundResult:
    """Play ``state`` to its end, each seat asking its player; returns the result.

    Each player sees only its seat's observation; a move it returns that is not legal
    raises :class:`DominoError`.
    """
    if len(players) != state.players:
        raise DominoError("hand_count", count=len(players), players=state.players)
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        obs = state.observation(seat)
        move = players[seat](obs)
        if move not in legal_moves(obs):
            # Let the state tell what is wrong (an end left out is filled in by it).
            state.check(move)
        state.apply(move)
    return state.result()


def play_match(
    rules: Rules,
    players: Sequence[Player],
    seed: int | random.Random | None = 0,
    *,
    max_rounds: int = 1000,
    on_round: Callable[[RoundState], None] | None = None,
) -> Match:
    """A whole match between ``players`` (one per seat), dealt from ``seed``."""
    match = Match(rules, len(players), rng=seed)
    while not match.is_over and len(match.results) < max_rounds:
        state = match.start_round()
        play_round(state, players)
        if on_round is not None:
            on_round(state)
        match.record(state)
    return match


# -- hints ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Fact:
    """One reason for a move: a ``hint.*`` key of the lang tables and its fields."""

    key: str
    params: Mapping[str, Any]


@dataclass(frozen=True)
class Hint:
    """The move the Expert would play for the seat to move, and why."""

    seat: int
    move: Move
    facts: tuple[Fact, ...]
    """The reasons, most relevant first (language-neutral)."""
    lang: str
    text: str
    """The one-line hint in ``lang``."""
    show_end: bool = True
    """Whether the tile fits elsewhere too, so the hint names the end."""

    def in_language(self, lang: str) -> str:
        """The hint told in ``lang``."""
        return _render(self.move, self.facts, lang, self.show_end)


def hint(
    state_or_observation: RoundState | Observation,
    lang: str = "en",
    *,
    expert: Expert | None = None,
) -> Hint:
    """What the player to move should play, with a one-line reason in ``lang``.

    From a :class:`RoundState` the hint is for the seat to move and uses only what that
    seat may know; an observation must be of the seat to move.
    """
    strings(lang)  # an unknown language is an error before any work
    if isinstance(state_or_observation, RoundState):
        seat = state_or_observation.current_player
        if seat is None:
            raise DominoError("round_over", tile="-")
        obs = state_or_observation.observation(seat)
    else:
        obs = state_or_observation
    player = expert if expert is not None else Expert()
    search = player.search(obs)
    move = search.moves[search.best]
    facts = _facts(obs, search)
    show_end = sum(1 for m in legal_moves(obs) if m.tile == move.tile) > 1
    return Hint(obs.seat, move, facts, lang, _render(move, facts, lang, show_end), show_end)


def _facts(obs: Observation, search: Search) -> tuple[Fact, ...]:
    know = knowledge(obs)
    move = search.moves[search.best]
    feats = {m: features(obs, m, know) for m in search.moves}
    f = feats[move]
    others = [g for m, g in feats.items() if m != move]
    rules = obs.rules
    out: list[Fact] = []
    if not others:
        out.append(Fact("hint.only", {}))
    if f.goes_out:
        out.append(Fact("hint.out", {}))
    if f.points:
        out.append(Fact("hint.points", {"points": f.points}))
    if f.blocks > 0:
        out.append(Fact("hint.block", {}))
    if f.shut_out:
        out.append(_who(obs, "hint.shut", f.shut_out[0], {}))
    elif f.lacking:
        # Prefer the value this move opens.
        seat, value = min(f.lacking, key=lambda sv: (sv[1] != f.new_value, sv[0]))
        out.append(_who(obs, "hint.lacks", seat, {"value": value}))
    if rules.partnerships and not f.partner_shut and any(g.partner_shut for g in others):
        out.append(Fact("hint.partner", {}))
    heaviest = max((g.pips for g in others), default=0)
    if f.pips >= heaviest and f.pips >= 6 and not f.goes_out:
        out.append(Fact("hint.sheds", {"pips": f.pips}))
    if f.double and not f.goes_out:
        out.append(Fact("hint.double", {}))
    full_follow = f.follow == len(set(f.ends)) and f.follow >= 2
    if not f.goes_out and full_follow and any(g.follow < f.follow for g in others):
        out.append(Fact("hint.follow", {}))
    if not f.goes_out and any(g.variety < f.variety for g in others):
        out.append(Fact("hint.variety", {"count": f.variety}))
    if search.samples:
        out.append(Fact("hint.search", {"deals": search.samples}))
    if not out:
        out.append(Fact("hint.sheds", {"pips": f.pips}))
    return tuple(out)


def _who(obs: Observation, key: str, seat: int, params: dict[str, Any]) -> Fact:
    if obs.players == 2:
        return Fact(key + ".opponent", params)
    return Fact(key + ".seat", {**params, "seat": seat})


def _render(move: Move, facts: Sequence[Fact], lang: str, show_end: bool) -> str:
    table = strings(lang)
    parts = [table[f.key].format(**f.params) for f in facts[:2]]
    reason = table["hint.and"].join(parts)
    if move.end is None or not show_end:
        return table["hint.play"].format(tile=str(move.tile), reason=reason)
    return table["hint.play_end"].format(
        tile=str(move.tile), end=table[f"end.{move.end.value}"], reason=reason
    )


def level_name(level: str, lang: str = "en") -> str:
    """The name of ``level`` in ``lang``."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}")
    return strings(lang)[f"level.{level}"]
