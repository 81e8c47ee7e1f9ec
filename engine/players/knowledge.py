"""What a seat can infer about the tiles it cannot see, and deals consistent with it."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from engine.core.kernel import (
    BIT,
    FULL,
    OPENING_RANK,
    PIPS,
    VALUE_MASK,
    Board,
    bits,
    nth_bit,
    to_mask,
)
from engine.core.layout import slot_of
from engine.core.policy import PlayPolicy
from engine.core.state import Observation
from engine.core.tiles import ALL_TILES


@dataclass(frozen=True)
class SeenPlay:
    """A play by another seat onto the layout, as the seat to move saw it made."""

    seat: int
    later: int
    """The tiles it has played since (it held them then)."""
    ends: tuple[int, ...]
    """The open values before the play, end by end."""
    plays: Plays
    """Every play onto those ends, ``(tile, values left, points)``: see :func:`board_plays`."""
    tile: int
    after: tuple[int, ...]
    """The open values it left, the lowest first."""
    points: int
    """What it scored in play (All Fives; 0 elsewhere)."""
    lacking: int
    """The values (bit ``v``: value ``v``) the next seat had shown it lacked."""


@dataclass(frozen=True)
class Knowledge:
    """What one seat can infer from its observation about the tiles it cannot see.

    Tile sets are bit masks over :data:`engine.core.tiles.ALL_TILES`. A seat that passed or
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
    boneyard: int = 0
    """Tiles in the boneyard (none where the rules do not draw): the rest of the tiles
    in no hand are set aside and can never be drawn."""
    choices: tuple[tuple[int, int, int], ...] = ()
    """``(seat, later, heavier)`` for each play by another seat that has not drawn since:
    it held the tiles ``later`` it has played since, and played a lighter tile than any
    of ``heavier`` (the heavier tiles that fitted then) it may have held."""
    decisions: tuple[SeenPlay, ...] = ()
    """Each play by another seat that was a choice (not forced) and that it has not
    drawn since, to weigh deals by how players choose (:mod:`engine.players.beliefs`)."""

    @property
    def stock_size(self) -> int:
        """Tiles in no hand: the boneyard and the tiles set aside."""
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
    unseen = FULL & ~mine & ~played
    # Replay the public events: each pass, and each run of draws by one seat, shows the
    # open values that seat lacked at that moment.
    board = obs.rules.policy.layout.board()
    play = obs.rules.policy.play
    runs: list[list[Any]] = []  # [seat, values, draws, ended_in_play]
    open_run: list[Any] | None = None
    plays: list[tuple[int, int, int]] = []  # seat, tile, heavier tiles that fitted
    # Per play by another seat, unless forced: the board before (its plays are listed
    # only for the choices kept), what it left and scored, and what its next seat had
    # shown it lacked.
    made_plays: list[tuple[Board, tuple[int, ...], int, int] | None] = []
    lacked = [0] * n  # per seat, the values it has shown it lacks (bit v: value v)
    for e in obs.events:
        if e.kind == "draw":
            lacked[e.seat] = 0  # what it drew may hold them
            if open_run is None or open_run[0] != e.seat:
                open_run = [e.seat, frozenset(board.vals), 0, False]
                runs.append(open_run)
            open_run[2] += 1
            continue
        if e.kind == "pass":
            for v in board.vals:
                lacked[e.seat] |= 1 << v
            if open_run is not None and open_run[0] == e.seat:
                open_run = None
            else:
                runs.append([e.seat, frozenset(board.vals), 0, False])
            continue
        forced = (not board.down and obs.opening is not None) or (
            open_run is not None and open_run[0] == e.seat
        )
        if open_run is not None and open_run[0] == e.seat:
            open_run[3] = True  # the last tile drawn was the only one that fitted
        open_run = None
        assert e.tile is not None
        t = e.tile.index
        if e.seat != me:
            # A forced play (the named first lead, a tile just drawn) shows no choice.
            plays.append((e.seat, t, 0 if forced else board.want & _HEAVIER[t]))
        chose = board.down > 0 and not forced and e.seat != me
        before = board.copy() if chose else board
        board.place(t, slot_of(e.end))
        if e.seat != me:
            if chose:
                points = play.points(board.count)
                after = tuple(sorted(board.vals))
                made_plays.append((before, after, points, lacked[(e.seat + 1) % n]))
            else:
                made_plays.append(None)
    choices: list[tuple[int, int, int]] = []
    decisions: list[SeenPlay] = []
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
                seat, tile, heavier = plays[k]
                if not drew_since[seat] and heavier:
                    choices.append((seat, later[seat], heavier))
                made = made_plays[k]
                if not drew_since[seat] and made is not None:
                    before, after, points, lacking = made
                    ends, onto = tuple(before.vals), board_plays(before, play)
                    decisions.append(
                        SeenPlay(seat, later[seat], ends, onto, tile, after, points, lacking)
                    )
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
        rank = OPENING_RANK[obs.opening.index]
        above = sum(BIT[t] for t in range(len(ALL_TILES)) if OPENING_RANK[t] > rank)
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
        boneyard=obs.boneyard_size,
        choices=tuple(choices),
        decisions=tuple(decisions),
    )


Plays = tuple[tuple[int, tuple[int, ...], int], ...]

_LINE_PLAYS: dict[tuple[int, int], Plays] = {}


def board_plays(board: Board, play: PlayPolicy) -> Plays:
    """Every play onto the board's open ends, as the kernel places tiles: ``(tile,
    values left, points)`` (the values the lowest first; the points scored in play by
    the game's ``play`` policy), tile by tile and end by end, one per distinct triple,
    for every tile (those on the table too: no hand holds them). On a line without
    scoring in play they depend on the open values only: kept by those."""
    key = (board.vals[0], board.vals[1])
    line = not board.spinner_rule and not play.scores
    found = _LINE_PLAYS.get(key) if line else None
    if found is None:
        out: list[tuple[int, tuple[int, ...], int]] = []
        for t, slot, count in sorted(board.placements(FULL)):
            child = board.copy()
            child.place(t, slot)
            made = (t, tuple(sorted(child.vals)), play.points(count))
            if made not in out:
                out.append(made)
        found = tuple(out)
        if line:
            _LINE_PLAYS[key] = found
    return found


_HEAVIER: tuple[int, ...] = tuple(
    sum(BIT[j] for j in range(28) if PIPS[j] > PIPS[i]) for i in range(28)
)
"""``_HEAVIER[i]``: the tiles worth more pips than tile ``i``."""


class Sampler:
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
        """Hands (masks, the observer's own included) and the boneyard in random order
        (as many of the tiles in no hand as the boneyard holds; the rest are set aside).

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
                stock = bits(remaining)
                rng.shuffle(stock)
                return hands, stock[: know.boneyard]
        raise AssertionError("unreachable: the unseen tiles always fill the hands")


def move_rng(seed: int | str, obs: Observation) -> random.Random:
    """A generator seeded by ``seed`` and everything the seat knows, nothing else."""
    parts = [str(seed), str(obs.seat), " ".join(t.code for t in obs.hand)]
    for e in obs.events:
        parts.append(
            f"{e.kind[0]}{e.seat}{e.tile.code if e.tile else ''}{e.end.value if e.end else ''}"
        )
    return random.Random("/".join(parts))
