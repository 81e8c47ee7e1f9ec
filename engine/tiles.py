"""Tiles of the double-six set.

A tile is an unordered pair of values from 0 to 6, written ``[low|high]``. It is worth
the sum of its halves: ``[6|6]`` is 12, ``[0|0]`` is 0. A blank matches only a blank.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from engine.errors import DominoError

MAX_VALUE = 6
SET_SIZE = 28

_TILE_RE = re.compile(r"^\s*\[?\s*(\d)\s*[-|]\s*(\d)\s*\]?\s*$")


@dataclass(frozen=True, order=True, slots=True)
class Tile:
    """An immutable domino tile; ``low <= high`` always holds."""

    low: int
    high: int

    def __post_init__(self) -> None:
        if not (0 <= self.low <= self.high <= MAX_VALUE):
            raise DominoError("bad_tile", tile=f"{self.low}-{self.high}")

    @classmethod
    def of(cls, a: int, b: int) -> Tile:
        """The tile with halves ``a`` and ``b``, in either order."""
        if not (0 <= a <= MAX_VALUE and 0 <= b <= MAX_VALUE):
            raise DominoError("bad_tile", tile=f"{a}-{b}")
        return _BY_PAIR[(a, b) if a <= b else (b, a)]

    @classmethod
    def parse(cls, text: object) -> Tile:
        """Reads ``"a-b"`` (either order; ``[a|b]`` is accepted too)."""
        if not isinstance(text, str):
            raise DominoError("bad_tile", tile=repr(text))
        m = _TILE_RE.match(text)
        if not m:
            raise DominoError("bad_tile", tile=text)
        a, b = int(m.group(1)), int(m.group(2))
        if a > MAX_VALUE or b > MAX_VALUE:
            raise DominoError("bad_tile", tile=text)
        return cls.of(a, b)

    @property
    def pips(self) -> int:
        """The tile's worth: the sum of both halves."""
        return self.low + self.high

    @property
    def is_double(self) -> bool:
        return self.low == self.high

    @property
    def index(self) -> int:
        """Position of the tile in :data:`ALL_TILES` (0 for [0|0], 27 for [6|6])."""
        return _INDEX[(self.low, self.high)]

    def has(self, value: int) -> bool:
        return self.low == value or self.high == value

    def other(self, value: int) -> int:
        """The half opposite a half of ``value``."""
        if value == self.low:
            return self.high
        if value == self.high:
            return self.low
        raise ValueError(f"{self} has no {value}")

    def __str__(self) -> str:
        return f"[{self.low}|{self.high}]"

    def __repr__(self) -> str:
        return f"Tile({self.low}, {self.high})"

    @property
    def code(self) -> str:
        """The record notation, ``"low-high"``."""
        return f"{self.low}-{self.high}"


def _make_set() -> tuple[Tile, ...]:
    tiles = []
    for low in range(MAX_VALUE + 1):
        for high in range(low, MAX_VALUE + 1):
            t = object.__new__(Tile)
            object.__setattr__(t, "low", low)
            object.__setattr__(t, "high", high)
            tiles.append(t)
    return tuple(tiles)


ALL_TILES: tuple[Tile, ...] = _make_set()
"""The 28 tiles of the double-six set, ascending from [0|0] to [6|6]."""

_INDEX = {(t.low, t.high): i for i, t in enumerate(ALL_TILES)}
_BY_PAIR = {(t.low, t.high): t for t in ALL_TILES}


def pip_sum(tiles: Iterable[Tile]) -> int:
    """Sum of the pips on ``tiles``."""
    return sum(t.low + t.high for t in tiles)
