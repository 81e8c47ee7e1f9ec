"""Tiles of the double-six set.

A tile is an unordered pair of values from 0 to 6, written ``[low|high]``. It is worth
the sum of its halves: ``[6|6]`` is 12, ``[0|0]`` is 0. A blank matches only a blank.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine.core.boundary import is_whole
from engine.core.errors import DominoError

MAX_VALUE = 6

# Matched against the stripped text, so no two runs of white space meet and the match
# takes time linear in the text's length; ASCII digits only (not "１-４").
_TILE_RE = re.compile(r"\[?\s*([0-6])\s*[-|]\s*([0-6])\s*\]?")


def _is_half(value: object) -> bool:
    return is_whole(value) and 0 <= value <= MAX_VALUE


@dataclass(frozen=True, order=True, slots=True)
class Tile:
    """An immutable domino tile; ``low <= high`` always holds."""

    low: int
    high: int
    index: int = field(init=False, repr=False, compare=False)
    """Position of the tile in :data:`ALL_TILES` (0 for [0|0], 27 for [6|6])."""

    def __post_init__(self) -> None:
        for half in (self.low, self.high):
            if not _is_half(half):
                raise DominoError("bad_half", value=half)
        if self.low > self.high:
            raise DominoError("tile_order", low=self.low, high=self.high)
        object.__setattr__(self, "index", _index(self.low, self.high))

    @classmethod
    def of(cls, a: int, b: int) -> Tile:
        """The tile with halves ``a`` and ``b``, in either order; each a whole number
        from 0 to 6 (not a bool, a float or a string)."""
        for half in (a, b):
            if not _is_half(half):
                raise DominoError("bad_half", value=half)
        return _BY_PAIR[(a, b) if a <= b else (b, a)]

    @classmethod
    def parse(cls, text: object) -> Tile:
        """Reads ``"a-b"`` (either order; ``[a|b]`` is accepted too), with ASCII digits
        from 0 to 6 and any white space around the parts."""
        if not isinstance(text, str):
            raise DominoError("bad_tile", tile=text)
        m = _TILE_RE.fullmatch(text.strip())
        if not m:
            raise DominoError("bad_tile", tile=text)
        return cls.of(int(m.group(1)), int(m.group(2)))

    @property
    def pips(self) -> int:
        """The tile's worth: the sum of both halves."""
        return self.low + self.high

    @property
    def is_double(self) -> bool:
        return self.low == self.high

    def has(self, value: int) -> bool:
        return self.low == value or self.high == value

    def other(self, value: int) -> int:
        """The half opposite a half of ``value``."""
        if value == self.low:
            return self.high
        if value == self.high:
            return self.low
        raise DominoError("no_half", tile=str(self), value=value)

    def __str__(self) -> str:
        return f"[{self.low}|{self.high}]"

    def __repr__(self) -> str:
        return f"Tile({self.low}, {self.high})"

    @property
    def code(self) -> str:
        """The record notation, ``"low-high"``."""
        return f"{self.low}-{self.high}"


def _index(low: int, high: int) -> int:
    """The tiles ascend by low half, then high half: 7 with a low 0, 6 with a low 1, …"""
    return low * (2 * MAX_VALUE + 3 - low) // 2 + high - low


def _make_set() -> tuple[Tile, ...]:
    tiles = []
    for low in range(MAX_VALUE + 1):
        for high in range(low, MAX_VALUE + 1):
            t = object.__new__(Tile)
            object.__setattr__(t, "low", low)
            object.__setattr__(t, "high", high)
            object.__setattr__(t, "index", _index(low, high))
            tiles.append(t)
    return tuple(tiles)


ALL_TILES: tuple[Tile, ...] = _make_set()
"""The 28 tiles of the double-six set, ascending from [0|0] to [6|6]."""

_BY_PAIR = {(t.low, t.high): t for t in ALL_TILES}
