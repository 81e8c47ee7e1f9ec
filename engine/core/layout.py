"""The layout: the tiles on the table and their open ends.

Without a spinner the layout is one line with exactly two open ends, ``left`` and
``right``; the opening tile's low half (or a double's side A) faces left. Doubles are
laid crosswise and stay in the line. With a spinner (All Fives) the first double played
is the spinner; once tiles lie against both of its long sides (line sides A and B), its
short sides ``up`` and ``down`` open too, and the layout grows in four directions. The
rules themselves live in :mod:`engine.core.kernel`; a layout adds what a drawing needs: which
tile joined which, by which side. :func:`slot_for` is the one check of a placement (the
tile fits an open end, the end is open, the values match), for a layout and for
:class:`~engine.core.state.RoundState` alike.

A non-double has a high-value end and a low-value end; a double has line side A (the
side that joined the line, or the left side of an opening double) and line side B.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from engine.core.errors import DominoError
from engine.core.kernel import Board, play_score
from engine.core.tiles import Tile


class End(StrEnum):
    """An open end of the layout, named as in game records."""

    LEFT = "left"
    RIGHT = "right"
    UP = "up"
    DOWN = "down"

    def __str__(self) -> str:
        return self.value


END_ORDER: tuple[End, ...] = (End.LEFT, End.RIGHT, End.UP, End.DOWN)
"""The order in which ends are tried when a play names none; an end's place in it is
its slot in the rules kernel (:class:`~engine.core.kernel.Board`)."""
_END_NAMES = frozenset(e.value for e in End)
_SLOT = {e: i for i, e in enumerate(END_ORDER)}


def slot_of(end: End | None) -> int:
    """The kernel's slot of ``end``: its place in :data:`END_ORDER`; -1 for none (the
    opening tile takes no end)."""
    return -1 if end is None else _SLOT[end]


class TileSide(StrEnum):
    """A side of a placed tile where another tile can join."""

    HIGH = "high"
    LOW = "low"
    A = "A"
    B = "B"
    UP = "up"
    DOWN = "down"

    def __str__(self) -> str:
        return self.value


TILE_SIDE_ORDER: dict[TileSide, int] = {s: i for i, s in enumerate(TileSide)}
"""For one tile, open points are listed high end, low end, A, B, up, down."""


def slot_for(board: Board, tile: Tile, end: End | None) -> int:
    """The slot of ``board`` where ``tile`` goes: that of ``end``, or without one the
    first open end it fits (left, right, up, down); -1 for the opening tile, which takes
    no end. The one check of a placement: a tile that fits no open end (``no_fit``), an
    end that is not open (``end_closed``) or one whose value the tile lacks
    (``no_match``) is an error."""
    if not board.down:
        return -1
    t = tile.index
    if end is None:
        fitting = board.slots(t)
        if not fitting:
            raise DominoError("no_fit", tile=str(tile), ends=", ".join(map(str, board.vals)))
        return fitting[0]
    slot = slot_of(end)
    if slot >= len(board.vals):
        raise DominoError("end_closed", end=end.value, tile=str(tile))
    if not board.fits(t, slot):
        raise DominoError("no_match", tile=str(tile), end=end.value, value=board.vals[slot])
    return slot


def parse_end(text: object) -> End:
    """An end from its record name; anything else is an error."""
    if isinstance(text, str) and text in _END_NAMES:
        return End(text)
    raise DominoError("bad_end", end=text)


@dataclass(frozen=True, slots=True)
class Connection:
    """Tile ``child`` (by its ``child_side``) joined tile ``parent`` at ``parent_side``.

    Tiles are referred to by their position in :attr:`Layout.tiles`.
    """

    parent: int
    parent_side: TileSide
    child: int
    child_side: TileSide


@dataclass(frozen=True, slots=True)
class OpenEnd:
    """An open attachment point: the tile at ``end``, its free ``side`` and value."""

    end: End
    tile: int
    side: TileSide
    value: int


@dataclass(frozen=True, slots=True)
class Layout:
    """An immutable layout; :meth:`place` returns a new one."""

    tiles: tuple[Tile, ...] = ()
    """Tiles in the order placed."""
    arms: tuple[End | None, ...] = ()
    """For each tile, the end it was placed at (``None`` for the opening tile)."""
    connections: tuple[Connection, ...] = ()
    """Connections in the order made."""
    ends: tuple[OpenEnd, ...] = ()
    """Open ends, in the order left, right, up, down."""
    uses_spinner: bool = False
    """Whether the first double becomes a spinner (All Fives)."""
    spinner: int | None = None
    """Position of the spinner in :attr:`tiles`, once one is down."""
    board: Board = field(default_factory=Board, compare=False, repr=False)
    """The open ends as the rules kernel keeps them."""

    @classmethod
    def empty(cls, spinner: bool = False) -> Layout:
        """A table with nothing on it; ``spinner`` turns on the spinner rule."""
        return cls(uses_spinner=spinner, board=Board(spinner))

    @classmethod
    def from_plays(cls, plays: list[str], spinner: bool = False) -> Layout:
        """The layout after plays in record notation (``"1-4"``, ``"1-1@left"``)."""
        layout = cls.empty(spinner)
        for play in plays:
            tile, end = parse_play(play)
            layout = layout.place(tile, end)
        return layout

    def end(self, end: End) -> OpenEnd | None:
        """The open end named ``end``, or ``None`` where that end is not open."""
        for e in self.ends:
            if e.end is end:
                return e
        return None

    def fitting_ends(self, tile: Tile) -> list[End]:
        """Open ends ``tile`` can be placed at, in the order left, right, up, down."""
        return [END_ORDER[s] for s in self.board.slots(tile.index)]

    def place(self, tile: Tile, end: End | None = None) -> Layout:
        """The layout with ``tile`` placed at ``end`` (the first that fits if ``None``).

        The opening tile takes no end. A tile must match the value of the end it joins
        (checked by :func:`slot_for`; the rules themselves are the kernel's:
        :class:`engine.core.kernel.Board`).
        """
        if tile in self.tiles:
            raise DominoError("already_placed", tile=str(tile))
        slot = slot_for(self.board, tile, end)
        board = self.board.copy()
        if slot < 0:
            board.place(tile.index)
            return self._after(tile, None, (), board)
        target = self.ends[slot]
        if tile.is_double:
            own = TileSide.A
        elif tile.low == target.value:
            own = TileSide.LOW
        else:
            own = TileSide.HIGH
        board.place(tile.index, slot)
        joined = Connection(target.tile, target.side, len(self.tiles), own)
        return self._after(tile, END_ORDER[slot], (*self.connections, joined), board)

    def _after(
        self,
        tile: Tile,
        arm: End | None,
        connections: tuple[Connection, ...],
        board: Board,
    ) -> Layout:
        """The layout once ``tile`` is down at ``arm``, its open ends read off ``board``."""
        tiles = (*self.tiles, tile)
        ends = []
        for slot, (value, pos) in enumerate(zip(board.vals, board.at, strict=True)):
            held = tiles[pos]
            if slot >= 2 and pos == board.spinner:
                side = TileSide.UP if slot == 2 else TileSide.DOWN
            elif held.is_double:
                side = TileSide.A if pos == 0 and slot == 0 else TileSide.B
            else:
                side = TileSide.HIGH if value == held.high else TileSide.LOW
            ends.append(OpenEnd(END_ORDER[slot], pos, side, value))
        return Layout(
            tiles=tiles,
            arms=(*self.arms, arm),
            connections=connections,
            ends=tuple(ends),
            uses_spinner=self.uses_spinner,
            spinner=board.spinner if board.spinner >= 0 else None,
            board=board,
        )

    def end_count(self, end: OpenEnd) -> int:
        """What an open end adds to the All Fives count (see :mod:`engine.core.kernel`)."""
        return self.board.cont[slot_of(end.end)]

    def count(self) -> int:
        """The sum of the open ends, as counted in All Fives."""
        return self.board.count

    def fives_score(self) -> int:
        """What the tile just laid scores in All Fives: the count, when it is a multiple
        of five above zero; otherwise nothing."""
        return play_score(self.board.count)

    def open_points(self) -> list[OpenEnd]:
        """Open ends sorted by tile ([low|high] ascending), then by side."""
        return sorted(self.ends, key=lambda e: (self.tiles[e.tile], TILE_SIDE_ORDER[e.side]))

    def open_values(self) -> list[int]:
        """The values the open ends take, in the order left, right, up, down."""
        return [e.value for e in self.ends]


def parse_play(play: object) -> tuple[Tile, End | None]:
    """A play in record notation: ``"a-b"`` or ``"a-b@end"``."""
    if not isinstance(play, str):
        raise DominoError("bad_play", play=play)
    tile_text, sep, end_text = play.partition("@")
    tile = Tile.parse(tile_text)
    return tile, (parse_end(end_text.strip()) if sep else None)
