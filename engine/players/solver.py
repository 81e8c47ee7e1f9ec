"""An exact solver for open-hand positions: every hand known, and the boneyard's order.

Bridge players call such a position "double dummy". For the seat to move, :func:`solve`
gives the value of the position, the value of every legal move and a principal line (the
best play of every seat from here to the end of the round), searched with alpha-beta
over the kernel's bit masks, a transposition table and move ordering. The rules are the
kernel's (:mod:`engine.core.kernel`): which tiles fit, what a placement leaves open, the All
Fives count, the end of a round and its score. Draws and passes are forced, so a
position's moves are its plays only; a seat that cannot play draws the boneyard's next
tile, as :class:`~engine.core.state.RoundState` does.

What a value is. The outcome of a round is each side's points in it (a side is a seat,
or a team in partnerships): in All Fives the play points, the ones already scored
included, and at the end the winner's points for the hands, rounded and doubled as the
rules say. The value of a position for the side to move is that side's points minus the
other sides' points added up, under best play:

- With two sides (two players, or two teams) this is the usual zero-sum margin: each
  side maximises its own points minus the other's, a partner plays for its team.
- With three or four individual players the other players are taken to play as one team
  against the side to move (the "paranoid" assumption of multi-player search): the value
  is what the side to move can guarantee of its points minus everyone else's, whatever
  the others play. This keeps the search a two-sided one, so alpha-beta prunes and the
  value is unique (max-n, where every seat plays for itself, has values that depend on
  how its ties are broken and prunes almost nothing). A value is a guarantee: against
  any other play the side to move does at least as well. Summing the others (rather than
  taking the best of them) keeps a value the sum of what each play adds, so a position
  reached by two paths has one value and the transposition table can hold it. Outside
  All Fives only the winner of a round scores, and the two readings agree.

A principal line is one best line (several may be equally good); the points of a
position or a move are those at the end of its line. Values are integers, so the answers
are the same in CPython and in Pyodide.

>>> from engine import Rules, RoundState
>>> state = RoundState.new(Rules.make("block"), 2, 0, rng=4)
>>> for _ in range(6):  # six plays in
...     state.apply(state.legal_moves()[0])
>>> state.is_terminal
False
>>> sol = solve(state)
>>> sol.value == max(m.value for m in sol.moves)
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.errors import DominoError
from engine.core.kernel import (
    BIT,
    DOUBLE,
    FULL,
    PIPS,
    Board,
    FastRules,
    Playout,
    mask_pips,
    next_seat,
    packed_turn,
    to_mask,
)
from engine.core.layout import slot_of
from engine.core.rules import Rules
from engine.core.state import Move, RoundState, legal_moves_of

INF = 1 << 20
"""Beyond any value a round can have."""

ETC_DOWN = 10
"""Enhanced transposition cutoffs are tried while at most so many tiles are on the
table: later a search is too small for the look-ups to pay."""

TOP = 1 << 40
"""Ahead of any other reason in the order of plays (the history counts stay below)."""

REPLIES = 1 << 30
"""The weight of each tile the next seat could play after a play, in the order of plays:
ahead of the history counts and scores, behind :data:`TOP`."""


@dataclass(frozen=True)
class Play:
    """One play of a line: ``seat`` lays ``move``."""

    seat: int
    move: Move

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "move": str(self.move)}


@dataclass(frozen=True)
class MoveValue:
    """A legal move and what it is worth to the side to move."""

    move: Move
    value: int
    """The side's points minus the others' at the end of the round, under best play."""
    points: tuple[int, ...]
    """Each side's points for the round at the end of :attr:`line`."""
    line: tuple[Play, ...]
    """The move, then best play to the end of the round."""
    exact: bool = True
    """False for a move solved with a ``spread`` that it falls short of: its true value
    is below :attr:`value` (the best less the spread), and :attr:`line` is the move
    alone, :attr:`points` empty. (:meth:`Solver.move_value` with a ``floor`` the move
    falls short of: its true value is at most :attr:`value`, itself below the floor.)"""

    def to_dict(self) -> dict[str, Any]:
        return {
            "move": str(self.move),
            "value": self.value,
            "exact": self.exact,
            "points": list(self.points),
            "line": [p.to_dict() for p in self.line],
        }


@dataclass(frozen=True)
class Solution:
    """A solved position: its value for the side to move and every legal move's."""

    seat: int
    """The seat to move."""
    side: int
    """Its side (its team in partnerships)."""
    value: int
    """The best of the moves' values."""
    points: tuple[int, ...]
    """Each side's points for the round at the end of :attr:`line`."""
    moves: tuple[MoveValue, ...]
    """Every legal move, in the order of :meth:`RoundState.legal_moves`."""
    line: tuple[Play, ...]
    """A principal line: the first best move, then best play to the end of the round."""
    nodes: int
    """Positions searched."""

    @property
    def best(self) -> tuple[Move, ...]:
        """The moves that reach the position's value."""
        return tuple(m.move for m in self.moves if m.value == self.value)

    def value_of(self, move: Move | str) -> int:
        """The value of one legal move (given as a :class:`Move` or ``"a-b@end"``)."""
        wanted = move if isinstance(move, Move) else Move.parse(move)
        for m in self.moves:
            if m.move == wanted:
                return m.value
        raise DominoError("bad_move", move=str(move))

    def to_dict(self) -> dict[str, Any]:
        """The solution as plain JSON values (moves in record notation)."""
        return {
            "seat": self.seat,
            "side": self.side,
            "value": self.value,
            "points": list(self.points),
            "best": [str(m) for m in self.best],
            "moves": [m.to_dict() for m in self.moves],
            "line": [p.to_dict() for p in self.line],
            "nodes": self.nodes,
        }


class NodeLimit(Exception):
    """A search went past its ``node_limit``."""


def solve(state: RoundState, spread: int | None = None) -> Solution:
    """Solve the position of ``state`` for the seat to move (see the module's docstring).

    Every move's value is exact; with ``spread``, a move worse than the best by more
    than ``spread`` is only shown to be so (quicker, and enough to tell that one move
    stands out): its value is given as the best less ``spread``, marked not exact.
    ``state`` is not changed. A finished round has nothing to solve: an error.
    """
    if not isinstance(state, RoundState):
        raise DominoError("bad_argument", name="state", value=state)
    return Solver(state.rules, state.players).solve(state, spread)


class Solver:
    """Alpha-beta search of open-hand positions for one set of rules and player count.

    Hands are packed into one integer, seat ``s``'s tiles at bits ``28 s`` to
    ``28 s + 27``. A layout is known by what the rest of the round depends on (see
    :meth:`_layout_key`), numbered as it is first met; the kernel's :class:`Board`
    places each tile once on each layout and the solver remembers where it leads. The
    transposition table lives for one solve. ``node_limit`` (``None``: none) stops a
    solve that searches more positions than that with :class:`NodeLimit`.

    With ``end_bounds``, in a game that scores only at the end of a round (not All
    Fives), a position is not searched when the pips still in play already settle it:
    the solved side can lose at most the end score of every pip it may still hold (with
    three or four individual players, of every pip left), and win at most that of every
    pip the others may still hold. Every exact value is the same; bounds below a floor,
    and the positions searched, may differ. (Off by default: the Expert's, the review's
    and the puzzles' budgets count positions as searched without it.)
    """

    def __init__(
        self,
        rules: Rules,
        players: int,
        *,
        node_limit: int | None = None,
        end_bounds: bool = False,
    ) -> None:
        rules.check_players(players)
        self.rules = rules
        self.players = players
        self.node_limit = node_limit
        self.end_bounds = end_bounds and not rules.policy.play.scores
        """Whether the search stops where the pips left settle a position (never where
        plays score)."""
        end = rules.policy.end
        most = range(169) if self.end_bounds else range(0)
        self._most = [max(end.points(raw, False), end.points(raw, True)) for raw in most]
        """With ``end_bounds``, the most a round's end can score from a raw sum of pips,
        by that sum (every pip of the set is 168)."""
        self.nodes = 0
        """Positions searched since the solver was made."""
        self._fast = FastRules(rules, players)
        self._side_of = self._fast.side_of
        policy = rules.policy
        self._play_points = policy.play.points
        """What a play scores, the open ends counting ``count`` once it is laid."""
        self._plain = not (policy.layout.has_spinner or policy.play.scores)
        self._shift = tuple(28 * s for s in range(players))
        self._next = tuple(next_seat(s, players) for s in range(players))
        self._keys: dict[int, int] = {}
        self._boards: list[Board] = []
        self._wants: list[int] = []
        self._downs: list[int] = []
        self._rows: list[list[tuple[tuple[int, int], ...] | None]] = []
        self._moves: dict[tuple[Any, ...], tuple[int, int]] = {}
        self._ends: dict[int, int] = {}
        self._kept: tuple[Any, ...] | None = None
        """The position of the last :meth:`move_value`, while the table is its own."""
        self._begin((), 0)

    # -- the public entry points ---------------------------------------------------

    def solve(self, state: RoundState, spread: int | None = None) -> Solution:
        """Solve the position of ``state`` for the seat to move (see :func:`solve`)."""
        seat = state.current_player
        if seat is None:
            raise DominoError("solve_round_over")
        hands = [to_mask(h) for h in state.hands]
        board = state.layout.board
        moves = legal_moves_of(hands[seat], board, state.opening)
        side = self._side_of[seat]
        past = list(state.play_points)
        stock = tuple(t.index for t in state.boneyard)
        try:
            found, floor = self._values(hands, board, stock, seat, moves, spread)
            offset = 2 * past[side] - sum(past)
            values = []
            for m, v in zip(moves, found, strict=True):
                if v < floor:
                    values.append(MoveValue(m, floor + offset, (), (Play(seat, m),), False))
                    continue
                plays, points = self._line_after(m, v)
                total = tuple(p + q for p, q in zip(past, points, strict=True))
                values.append(MoveValue(m, v + offset, total, plays))
        finally:
            searched = self._counted()
            self.nodes += searched
        best = max(values, key=lambda mv: mv.value)
        return Solution(
            seat=seat,
            side=side,
            value=best.value,
            points=best.points,
            moves=tuple(values),
            line=best.line,
            nodes=searched,
        )

    def move_value(
        self,
        state: RoundState,
        move: Move,
        floor: int | None = None,
        guess: int | None = None,
        *,
        keep: bool = False,
    ) -> MoveValue:
        """One legal ``move`` of the seat to move in ``state`` valued as :meth:`solve`
        values it (the points already scored counted), with its line and points. With
        ``floor``, a move worth less is only shown to be so: its value is then a bound
        strictly below ``floor`` (the true value is at most that bound), not exact, its
        line the move alone and its points empty; a move worth ``floor`` or more is
        exact. A good ``guess`` of the value makes the search quicker (never changes an
        exact value). ``state`` is not changed; a finished round, or a move that is not
        legal there, is an error.

        With ``keep``, a solver whose last search was a ``move_value`` of the same
        position (every hand, the layout, the boneyard and the seat to move) searches on
        with the transposition table of that search, which still holds there: every
        exact value, line and points are a fresh solver's; a bound below ``floor``, and
        the positions searched, may differ. (A ``node_limit`` then counts the positions
        since the table was started.)"""
        seat = state.current_player
        if seat is None:
            raise DominoError("solve_round_over")
        hands = [to_mask(h) for h in state.hands]
        board = state.layout.board
        if move not in legal_moves_of(hands[seat], board, state.opening):
            raise DominoError("bad_move", move=str(move))
        side = self._side_of[seat]
        past = list(state.play_points)
        offset = 2 * past[side] - sum(past)
        stock = tuple(t.index for t in state.boneyard)
        place = (tuple(hands), self._board_key(board), stock, seat)
        if keep and place == self._kept:
            packed = self._start[0]
        else:
            packed = self._set_up(hands, board, stock, seat)
            self._kept = place
        low = -INF if floor is None else floor - offset
        start = 0 if guess is None else guess - offset
        before = self._counted()
        try:
            child, score = self._move(board, move)
            v = self._exact(packed, seat, move.tile.index, child, score, start, low)
            if v < low:
                return MoveValue(move, v + offset, (), (Play(seat, move),), False)
            plays, points = self._line_after(move, v)
        finally:
            self.nodes += self._counted() - before
        total = tuple(p + q for p, q in zip(past, points, strict=True))
        return MoveValue(move, v + offset, total, plays)

    def values(
        self,
        hands: Sequence[int],
        board: Board,
        stock: Sequence[int],
        seat: int,
        moves: Sequence[Move],
        spread: int | None = None,
        guesses: Sequence[int] | None = None,
    ) -> list[int]:
        """The value of each of ``moves`` (legal plays of ``seat``) for ``seat``'s side,
        counting only the points scored from now on. ``hands`` are masks, ``board`` the
        open ends (not changed), ``stock`` the boneyard's tile indices in drawing
        order. With ``spread``, a value more than ``spread`` below the best is given as
        the best less ``spread`` (proving only that it is no more is quicker). Good
        ``guesses`` of the values (one per move) make the search quicker."""
        try:
            found, floor = self._values(
                list(hands), board, tuple(stock), seat, moves, spread, guesses
            )
        finally:
            self.nodes += self._counted()
        return [max(v, floor) for v in found]

    # -- layouts -----------------------------------------------------------------------

    def _layout_key(self, board: Board) -> int:
        """What of a layout the rest of the round depends on. On a line without play
        points: its two open values, in either order. With the spinner rule or play
        points: the open ends, each with its value, what it adds to the count and
        whether it is a bare long side of the spinner (in any order), whether the
        spinner is down, and whether an opening double lies alone (its halves then
        count once)."""
        if not board.down:
            return -1
        vals = board.vals
        if self._plain:
            a, b = vals
            return a << 3 | b if a <= b else b << 3 | a
        free = board.free
        arms = sorted(zip(vals, board.cont, [i in free for i in range(len(vals))], strict=True))
        k = len(arms)
        for v, c, bare in arms:
            k = ((k << 3 | v) << 4 | c) << 1 | bare
        k = k << 1 | (board.spinner >= 0)
        return k << 1 | (board.down == 1 and DOUBLE[board.last])

    def _intern(self, board: Board) -> int:
        """The number of a layout (``board`` is kept: the caller does not change it)."""
        key = self._layout_key(board)
        b = self._keys.get(key)
        if b is None:
            b = self._keys[key] = len(self._boards)
            self._boards.append(board)
            self._wants.append(board.want)
            self._downs.append(board.down)
            self._rows.append([None] * 28)
        return b

    def _placed(self, b: int, t: int) -> tuple[tuple[int, int], ...]:
        """Where tile ``t`` can go on layout ``b``: each distinct layout it makes, and
        what the play scores there."""
        row = self._rows[b]
        found = row[t]
        if found is None:
            board = self._boards[b]
            after: dict[int, int] = {}
            for _, slot, count in board.placements(BIT[t]):
                child = board.copy()
                child.place(t, slot)
                after.setdefault(self._intern(child), self._play_points(count))
            found = row[t] = tuple(after.items())
        return found

    # -- the search ------------------------------------------------------------------

    def _begin(self, stock: tuple[int, ...], side: int) -> None:
        """Start a solve: its boneyard and the side it is solved for."""
        self._stock = stock
        self._root = side
        self._maxing = tuple(s == side for s in self._side_of)
        self._tt: dict[int, tuple[int, int, int]] = {}
        self._start: tuple[int, Board, int] = (0, Board(), 0)
        self._kept = None
        self._advance = packed_turn(self.players, stock)
        self._search, self._counted = self._searcher()

    def _set_up(self, hands: list[int], board: Board, stock: tuple[int, ...], seat: int) -> int:
        """Start a solve of the position of ``hands`` (masks), ``board`` and ``stock``,
        ``seat`` to move, for ``seat``'s side; its hands packed."""
        self._begin(stock, self._side_of[seat])
        packed = 0
        for s, h in enumerate(hands):
            packed |= h << self._shift[s]
        self._start = (packed, board, seat)
        return packed

    def _values(
        self,
        hands: list[int],
        board: Board,
        stock: tuple[int, ...],
        seat: int,
        moves: Sequence[Move],
        spread: int | None = None,
        guesses: Sequence[int] | None = None,
    ) -> tuple[list[int], int]:
        """Each move's value (exact, or with ``spread`` a bound below the floor) and
        the floor: the best less ``spread`` (with no spread, lower than any value)."""
        self._begin(stock, self._side_of[seat])
        packed = 0
        for s, h in enumerate(hands):
            packed |= h << self._shift[s]
        self._start = (packed, board, seat)
        out = []
        guess = 0
        floor = -INF
        for i, m in enumerate(moves):
            child, score = self._move(board, m)
            if guesses is not None:
                guess = guesses[i]
            guess = self._exact(packed, seat, m.tile.index, child, score, guess, floor)
            out.append(guess)
            if spread is not None:
                floor = max(floor, guess - spread)
        return out, floor

    @staticmethod
    def _board_key(board: Board) -> tuple[int, ...]:
        """Everything of a real layout that the solver reads: two boards with the same
        key lead to the same layouts."""
        return (*board.vals, *board.cont, *board.free, board.spinner, board.down, board.last)

    def _move(self, board: Board, move: Move) -> tuple[int, int]:
        """The layout a move makes from the real ``board``, and what it scores (kept:
        the Expert asks again and again from one board)."""
        slot = slot_of(move.end)
        key = (move.tile.index, slot, *self._board_key(board))
        found = self._moves.get(key)
        if found is None:
            child = board.copy()
            child.place(move.tile.index, slot)
            score = self._play_points(child.count)
            found = self._moves[key] = (self._intern(child), score)
        return found

    def _exact(
        self, packed: int, seat: int, t: int, child: int, score: int, guess: int, floor: int
    ) -> int:
        """The exact value of a play from the solve's position, by null-window searches
        that close in on it from ``guess`` (MTD(f): each answers "at least ``beta``?",
        and the transposition table keeps what the earlier ones found); or, when it is
        below ``floor``, a bound below ``floor``."""
        lo, hi = -INF, INF
        g = max(guess, floor)
        while lo < hi and hi >= floor:
            beta = max(g + 1 if g == lo else g, floor)
            g = self._after(packed, seat, 0, t, child, score, beta - 1, beta)
            if g < beta:
                hi = g
            else:
                lo = g
        return g

    def _after(
        self,
        packed: int,
        seat: int,
        drawn: int,
        t: int,
        child: int,
        score: int,
        alpha: int,
        beta: int,
    ) -> int:
        """The value once ``seat`` lays ``t`` to make layout ``child``, scoring
        ``score``: that score for or against the solved side, then what follows."""
        shift = self._shift[seat]
        packed ^= 1 << (t + shift)
        gain = score if self._maxing[seat] else -score
        if not packed >> shift & FULL:
            return gain + self._end(packed, seat, t)
        packed, nxt, drawn = self._advance(packed, self._wants[child], seat, drawn)
        if nxt < 0:
            return gain + self._end(packed, None, t)
        return gain + self._search(packed, child, nxt, drawn, alpha - gain, beta - gain)

    def _searcher(self) -> tuple[Callable[[int, int, int, int, int, int], int], Callable[[], int]]:
        """The search of this solve, ``search(hands, layout, seat, drawn, alpha,
        beta)``, and a function that counts the positions it has searched. (The tables
        are bound to local names: a closure reads them faster than attributes.)"""
        tt = self._tt
        wants = self._wants
        downs = self._downs
        rows = self._rows
        placed = self._placed
        shifts = self._shift
        nexts = self._next
        maxing_of = self._maxing
        advance = self._advance
        end = self._end
        stock = self._stock
        size = len(stock)
        limit = -1 if self.node_limit is None else self.node_limit + 1
        count = 0
        bounded = self.end_bounds
        most = self._most
        # The boneyard's pips once d tiles are drawn, by d; the hands whose pips the
        # solved side can lose (its own with two sides, every hand with more), and the
        # hands whose pips it can win.
        left = [sum(PIPS[t] for t in stock[d:]) for d in range(size + 1)] if bounded else []
        two = self._fast.sides == 2
        losing = tuple(sh for sh, own in zip(shifts, maxing_of, strict=True) if own or not two)
        winning = tuple(sh for sh, own in zip(shifts, maxing_of, strict=True) if not own)
        # How often each seat's tile has cut a search off (the history heuristic): a
        # tile that refuted one position often refutes its neighbours.
        history = [[0] * 28 for _ in range(self.players)]

        def settle(packed: int, drawn: int, alpha: int, beta: int) -> int | None:
            """With ``end_bounds``: a bound beyond the window ``alpha``, ``beta`` that the
            pips left prove (only the end of the round scores from here: the solved side
            loses at most the end score of every pip it may still hold, the boneyard's
            included, and wins at most that of every pip the others may), else ``None``:
            the position is to be searched."""
            if beta <= 0:
                held = 0
                for sh in losing:
                    held |= packed >> sh
                worst = -most[mask_pips(held & FULL) + left[drawn]]
                if worst >= beta:
                    return worst
            elif alpha >= 0:
                held = 0
                for sh in winning:
                    held |= packed >> sh
                top = most[mask_pips(held & FULL) + left[drawn]]
                if top <= alpha:
                    return top
            return None

        def search(packed: int, b: int, seat: int, drawn: int, alpha: int, beta: int) -> int:
            """The value of the position, ``seat`` to move (it has a play): exact when
            it lies strictly between ``alpha`` and ``beta``, else a bound on that side."""
            nonlocal count
            count += 1
            if count == limit:
                raise NodeLimit
            key = ((packed << 5 | drawn) << 2 | seat) << 24 | b
            entry = tt.get(key)
            lo, hi, first = -INF, INF, -1
            if entry is not None:
                lo, hi, first = entry
                if lo >= beta or lo == hi:
                    return lo
                if hi <= alpha:
                    return hi
                alpha = max(alpha, lo)
                beta = min(beta, hi)
            if bounded:
                cut = settle(packed, drawn, alpha, beta)
                if cut is not None:
                    return cut
            a0, b0 = alpha, beta
            shift = shifts[seat]
            hand = packed >> shift & FULL
            row = rows[b]
            cuts = history[seat]
            # The plays, the most promising first: the best play found here before, one
            # that goes out, one that leaves the next seat the fewest tiles to play or
            # to draw (the most, if it plays for the same side: a small tree below a play
            # is quick to search, and proves its bound sooner), then by how often the
            # tile cut a search off, what it scores and its weight.
            children = []
            maxing = maxing_of[seat]
            nxt = nexts[seat]
            follow = shifts[nxt]
            them = packed >> follow & FULL
            replies = REPLIES if maxing_of[nxt] != maxing else -REPLIES
            m = hand & wants[b]
            while m:
                low = m & -m
                m ^= low
                t = low.bit_length() - 1
                order = (
                    PIPS[t] + cuts[t] + (TOP if hand == low else 0) + (2 * TOP if t == first else 0)
                )
                for child, score in row[t] or placed(b, t):
                    want = wants[child]
                    fit = (them & want).bit_count()
                    if not fit:
                        # It draws: each tile it draws counts twice (a bigger hand
                        # has more plays for the rest of the round).
                        d = drawn
                        while d < size:
                            d += 1
                            if want >> stock[d - 1] & 1:
                                break
                        fit = 2 * (d - drawn)
                    children.append((order + 4 * score - replies * fit, t, child, score))
            if len(children) > 1:
                children.sort(reverse=True)
            best = -INF if maxing else INF
            best_tile = -1
            # Early in the round, a play whose position the table already shows to be
            # good enough ends the search before any other play is searched (an
            # enhanced transposition cutoff; near the end a search is too small for the
            # look-ups to pay).
            if downs[b] <= ETC_DOWN and len(children) > 1:
                for _, t, child, score in children:
                    after = packed ^ BIT[t] << shift
                    last = after >> follow & FULL
                    if last & wants[child] and last & (last - 1) and after >> shift & FULL:
                        found = tt.get(((after << 5 | drawn) << 2 | nxt) << 24 | child)
                        if found is not None:
                            if maxing:
                                v = score + found[0]
                                if v >= beta:
                                    best, best_tile = v, t
                                    children.clear()
                                    break
                            else:
                                v = found[1] - score
                                if v <= alpha:
                                    best, best_tile = v, t
                                    children.clear()
                                    break
            for _, t, child, score in children:
                after = packed ^ BIT[t] << shift
                gain = score if maxing else -score
                want = wants[child]
                if not after >> shift & FULL:
                    v = gain + end(after, seat, t)
                    later = -2
                elif after >> follow & want:
                    # The next seat can play (else advance passes the turn on).
                    later, more = nxt, drawn
                else:
                    after, later, more = advance(after, want, seat, drawn)
                    if later < 0:
                        v = gain + end(after, None, t)
                if later >= 0:
                    last = after >> shifts[later] & FULL
                    if last & (last - 1):
                        v = gain + search(after, child, later, more, alpha - gain, beta - gain)
                    else:
                        # A seat whose last tile fits goes out with it, at the end that
                        # scores it most.
                        lt = last.bit_length() - 1
                        top = max(sc for _, sc in rows[child][lt] or placed(child, lt))
                        if not maxing_of[later]:
                            top = -top
                        v = gain + top + end(after ^ last << shifts[later], later, lt)
                if maxing:
                    if v > best:
                        best, best_tile = v, t
                        if v > alpha:
                            alpha = v
                elif v < best:
                    best, best_tile = v, t
                    if v < beta:
                        beta = v
                if alpha >= beta:
                    cuts[t] += 1
                    break
            if best <= a0:
                hi = best
            elif best >= b0:
                lo = best
            else:
                lo = hi = best
            tt[key] = (lo, hi, best_tile)
            return best

        def counted() -> int:
            return count

        return search, counted

    def _end(self, packed: int, went_out: int | None, last: int) -> int:
        """What the end of the round is worth to the solved side: its points for the
        hands minus the others'."""
        key = ((packed << 1 | (went_out is None)) << 1 | DOUBLE[last]) << 2 | self._root
        ends = self._ends
        value = ends.get(key)
        if value is None:
            hands = [packed >> sh & FULL for sh in self._shift]
            zeros = [0] * self.players
            _, points = self._fast.score(Playout(went_out, hands, last, zeros))
            value = ends[key] = 2 * points[self._root] - sum(points)
        return value

    # -- the principal line ----------------------------------------------------------

    def _line_after(self, move: Move, value: int) -> tuple[tuple[Play, ...], tuple[int, ...]]:
        """A best line starting with ``move`` from the solve's position, whose value is
        ``value``, and each side's points (from now on) at its end."""
        packed, board, seat = self._start
        drawn = 0
        plays = [Play(seat, move)]
        points = [0] * self._fast.sides
        root = self._root
        while True:
            t = move.tile.index
            board = board.copy()
            board.place(t, slot_of(move.end))
            points[self._side_of[seat]] += self._play_points(board.count)
            packed ^= 1 << (t + self._shift[seat])
            nxt = -1
            if packed >> self._shift[seat] & FULL:
                packed, nxt, drawn = self._advance(packed, board.want, seat, drawn)
            if nxt < 0:
                hands = [packed >> sh & FULL for sh in self._shift]
                went_out = seat if not hands[seat] else None
                _, end = self._fast.score(Playout(went_out, hands, t, [0] * self.players))
                return tuple(plays), tuple(p + q for p, q in zip(points, end, strict=True))
            seat = nxt
            # What the rest of the line is worth: its value less what is scored so far.
            target = value - (2 * points[root] - sum(points))
            hand = packed >> self._shift[seat] & FULL
            for move in legal_moves_of(hand, board, None):
                child, score = self._move(board, move)
                t = move.tile.index
                if (
                    self._after(packed, seat, drawn, t, child, score, target - 1, target + 1)
                    == target
                ):
                    break
            else:
                raise AssertionError("no play reaches the position's value")
            plays.append(Play(seat, move))
