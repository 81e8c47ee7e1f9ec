"""The layout: the tiles on the table and their open ends.

Without a spinner the layout is one line with exactly two open ends, ``left`` and
``right``; the opening tile's low half (or a double's side A) faces left. Doubles are
laid crosswise and stay in the line. With a spinner (All Fives) the first double played
is the spinner; once tiles lie against both of its long sides (line sides A and B), its
short sides ``up`` and ``down`` open too, and the layout grows in four directions.

A non-double has a high-value end and a low-value end; a double has line side A (the
side that joined the line, or the left side of an opening double) and line side B.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.errors import DominoError
from engine.tiles import Tile


class End(StrEnum):
    """An open end of the layout, named as in game records."""

    LEFT = "left"
    RIGHT = "right"
    UP = "up"
    DOWN = "down"

    def __str__(self) -> str:
        return self.value


END_ORDER: tuple[End, ...] = (End.LEFT, End.RIGHT, End.UP, End.DOWN)
_END_NAMES = frozenset(e.value for e in End)
"""The order in which ends are tried when a play names none."""


class Side(StrEnum):
    """A side of a placed tile where another tile can join."""

    HIGH = "high"
    LOW = "low"
    A = "A"
    B = "B"
    UP = "up"
    DOWN = "down"

    def __str__(self) -> str:
        return self.value


SIDE_ORDER: dict[Side, int] = {s: i for i, s in enumerate(Side)}
"""For one tile, open points are listed high end, low end, A, B, up, down."""


def parse_end(text: object) -> End:
    """An end from its record name; anything else is an error."""
    if isinstance(text, str) and text in _END_NAMES:
        return End(text)
    raise DominoError("bad_end", end=str(text))


@dataclass(frozen=True, slots=True)
class Connection:
    """Tile ``child`` (by its ``child_side``) joined tile ``parent`` at ``parent_side``.

    Tiles are referred to by their position in :attr:`Layout.tiles`.
    """

    parent: int
    parent_side: Side
    child: int
    child_side: Side


@dataclass(frozen=True, slots=True)
class OpenEnd:
    """An open attachment point: the tile at ``end``, its free ``side`` and value."""

    end: End
    tile: int
    side: Side
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

    @classmethod
    def empty(cls, spinner: bool = False) -> Layout:
        """A table with nothing on it; ``spinner`` turns on the spinner rule."""
        return cls(uses_spinner=spinner)

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
        return [e.end for e in self.ends if tile.has(e.value)]

    def place(self, tile: Tile, end: End | None = None) -> Layout:
        """The layout with ``tile`` placed at ``end`` (the first that fits if ``None``).

        The opening tile takes no end. A tile must match the value of the end it joins.
        """
        if tile in self.tiles:
            raise DominoError("already_placed", tile=str(tile))
        n = len(self.tiles)
        if n == 0:
            return self._open(tile)
        if end is None:
            fitting = self.fitting_ends(tile)
            if not fitting:
                raise DominoError(
                    "no_fit", tile=str(tile), ends=", ".join(str(e.value) for e in self.ends)
                )
            target = self.end(fitting[0])
        else:
            target = self.end(end)
            if target is None:
                raise DominoError("end_closed", end=end.value, tile=str(tile))
            if not tile.has(target.value):
                raise DominoError("no_match", tile=str(tile), end=end.value, value=target.value)
        assert target is not None
        v = target.value
        if tile.is_double:
            own, free, free_value = Side.A, Side.B, v
        elif tile.low == v:
            own, free, free_value = Side.LOW, Side.HIGH, tile.high
        else:
            own, free, free_value = Side.HIGH, Side.LOW, tile.low
        spinner = self.spinner
        becomes_spinner = self.uses_spinner and spinner is None and tile.is_double
        if becomes_spinner:
            spinner = n
        new_end = OpenEnd(target.end, n, free, free_value)
        ends = [new_end if e.end is target.end else e for e in self.ends]
        if spinner is not None and not becomes_spinner and self._opens_short_sides(target):
            sv = self.tiles[spinner].low
            ends += [
                OpenEnd(End.UP, spinner, Side.UP, sv),
                OpenEnd(End.DOWN, spinner, Side.DOWN, sv),
            ]
        return Layout(
            tiles=(*self.tiles, tile),
            arms=(*self.arms, target.end),
            connections=(*self.connections, Connection(target.tile, target.side, n, own)),
            ends=tuple(sorted(ends, key=lambda e: END_ORDER.index(e.end))),
            uses_spinner=self.uses_spinner,
            spinner=spinner,
        )

    def _open(self, tile: Tile) -> Layout:
        if tile.is_double:
            left = OpenEnd(End.LEFT, 0, Side.A, tile.low)
            right = OpenEnd(End.RIGHT, 0, Side.B, tile.high)
        else:
            left = OpenEnd(End.LEFT, 0, Side.LOW, tile.low)
            right = OpenEnd(End.RIGHT, 0, Side.HIGH, tile.high)
        return Layout(
            tiles=(tile,),
            arms=(None,),
            ends=(left, right),
            uses_spinner=self.uses_spinner,
            spinner=0 if self.uses_spinner and tile.is_double else None,
        )

    def _opens_short_sides(self, target: OpenEnd) -> bool:
        """A tile placed at ``target`` fills the spinner's last free long side."""
        s = self.spinner
        if s is None or target.tile != s or target.side not in (Side.A, Side.B):
            return False
        other = Side.B if target.side is Side.A else Side.A
        return not any(e.tile == s and e.side is other for e in self.ends)

    def end_count(self, end: OpenEnd) -> int:
        """What an open end adds to the All Fives count.

        A double at an open end counts both halves, except a lone opening double, whose
        two sides count one half each; an empty spinner arm adds nothing.
        """
        if end.side in (Side.UP, Side.DOWN):
            return 0
        if self.tiles[end.tile].is_double and len(self.tiles) > 1:
            return 2 * end.value
        return end.value

    def count(self) -> int:
        """The sum of the open ends, as counted in All Fives."""
        return sum(self.end_count(e) for e in self.ends)

    def fives_score(self) -> int:
        """What the tile just laid scores in All Fives: the count, when it is a multiple
        of five above zero; otherwise nothing."""
        count = self.count()
        return count if count > 0 and count % 5 == 0 else 0

    def open_points(self) -> list[OpenEnd]:
        """Open ends sorted by tile ([low|high] ascending), then by side."""
        return sorted(self.ends, key=lambda e: (self.tiles[e.tile], SIDE_ORDER[e.side]))

    def open_values(self) -> list[int]:
        """The values the open ends take, in the order left, right, up, down."""
        return [e.value for e in self.ends]


def parse_play(play: object) -> tuple[Tile, End | None]:
    """A play in record notation: ``"a-b"`` or ``"a-b@end"``."""
    if not isinstance(play, str):
        raise DominoError("bad_play", play=repr(play))
    tile_text, sep, end_text = play.partition("@")
    tile = Tile.parse(tile_text)
    return tile, (parse_end(end_text.strip()) if sep else None)
