"""Where each open end lies on a drawing of the table, in words a reader can look for.

An end keeps its name from the rules (``left``, ``right``, ``up``, ``down``: the arm it
closes), but a drawn arm turns when it grows long, so the ``left`` end may lie at the
top of the drawing. :func:`end_places` names each open end by its place on one drawing
(:func:`engine.presentation.svg.arrange`, wide or narrow) instead:

* With a spinner down, the table is a cross around it: each end is named by its
  direction from the spinner, one of eight (``top_left``, ``top``, ``top_right``,
  ``left``, ``right``, ``bottom_left``, ``bottom``, ``bottom_right``).
* Without one, the table is a line that snakes: each end is named by the third of the
  drawing it lies in, across and down (the eight above and ``middle``).
* No two open ends of a drawing share a place. Where two would, the places are dealt
  out so that the ends lie, all told, as little outside their places as can be (in the
  cross, the least turn from each end's direction to its place's; in the line, the
  least distance, in thirds of the drawing, from each end to its place's third); among
  equal deals, the ends in :attr:`Layout.ends` order take the earlier places of
  :data:`PLACES`.
"""

from __future__ import annotations

import itertools
import math

from engine.core.layout import End, Layout
from engine.presentation.svg import Arrangement, Fit, arrange

PLACES: tuple[str, ...] = (
    "top_left",
    "top",
    "top_right",
    "left",
    "middle",
    "right",
    "bottom_left",
    "bottom",
    "bottom_right",
)
"""Every place an end can be named by, row by row; ``PLACES[3 * row + column]`` is the
third ``row`` down and ``column`` across (``middle`` is only a line's)."""

_DIRECTIONS: dict[str, float] = {
    "right": 0.0,
    "bottom_right": 45.0,
    "bottom": 90.0,
    "bottom_left": 135.0,
    "left": 180.0,
    "top_left": 225.0,
    "top": 270.0,
    "top_right": 315.0,
}
"""Each place of a cross as an angle on screen (y grows downward), in degrees."""


def end_places(layout: Layout, fit: Fit = "wide") -> dict[End, str]:
    """Each open end of ``layout`` and its place (one of :data:`PLACES`) on the drawing
    :func:`~engine.presentation.svg.arrange` makes with ``fit``."""
    return places_of(arrange(layout, fit), layout.spinner)


def places_of(arrangement: Arrangement, spinner: int | None) -> dict[End, str]:
    """The places of ``arrangement``'s open ends; ``spinner`` is the index of the
    spinner tile, once one is down (the cross is named around it)."""
    markers = arrangement.markers
    if not markers:
        return {}
    costs: list[list[float]]
    if spinner is not None:
        tile = next(t for t in arrangement.tiles if t.index == spinner)
        cx, cy = tile.x + tile.width / 2, tile.y + tile.height / 2
        names = [p for p in PLACES if p in _DIRECTIONS]
        costs = []
        for m in markers:
            angle = math.degrees(math.atan2(m.y - cy, m.x - cx)) % 360
            costs.append([_turn(angle, _DIRECTIONS[n]) for n in names])
    else:
        x0, y0, w, h = arrangement.bounds()
        names = list(PLACES)
        costs = []
        for m in markers:
            fx, fy = 3 * (m.x - x0) / w, 3 * (m.y - y0) / h  # in thirds of the drawing
            costs.append([_outside(fx, fy, k % 3, k // 3) for k in range(len(PLACES))])
    chosen = _deal(costs)
    return {m.end: names[k] for m, k in zip(markers, chosen, strict=True)}


def _turn(a: float, b: float) -> float:
    """The smaller angle between two directions, in degrees."""
    d = abs(a - b) % 360
    return min(d, 360 - d)


def _outside(fx: float, fy: float, column: int, row: int) -> float:
    """How far the point ``(fx, fy)`` lies outside the third ``column``, ``row``."""
    dx = max(column - fx, 0.0, fx - (column + 1))
    dy = max(row - fy, 0.0, fy - (row + 1))
    return math.hypot(dx, dy)


def _deal(costs: list[list[float]]) -> tuple[int, ...]:
    """One place for each end, no two the same, with the least total cost (the first
    such deal, trying places in order)."""
    best = tuple(min(range(len(row)), key=row.__getitem__) for row in costs)
    if len(set(best)) == len(best):
        return best
    places = range(len(costs[0]))
    return min(
        itertools.permutations(places, len(costs)),
        key=lambda deal: sum(row[k] for row, k in zip(costs, deal, strict=True)),
    )
