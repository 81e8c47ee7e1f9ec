"""Layouts drawn as standalone SVG.

:func:`render` draws a :class:`~engine.core.layout.Layout` as an inline ``<svg>`` string: no
scripts, no external references, no fonts but the generic ``sans-serif``. The same
layout always gives the same string.

How the table is laid out:

* The opening tile lies in the middle of a horizontal line, its low half (a double's
  line side A) facing left. The ``left`` and ``right`` arms grow from it.
* A non-double lies along its arm; a double lies crosswise. The half that joins the
  line touches the half it matches, so touching halves always show the same value.
* With a spinner, its ``up`` and ``down`` arms grow vertically from its short sides.
* A long line bends, as it may on the table. Without a spinner each arm snakes: the
  ``right`` arm turns down and runs back under the line, the ``left`` arm turns up and
  runs back over it. With a spinner each arm turns once, clockwise, like a pinwheel
  (nothing bends before the spinner is down).
* On a phone (``fit="narrow"``) the table turns and wraps as players lay a long line on
  a small real table, never wider than :data:`NARROW_WIDTH` units (so a tile's long
  side keeps 36 px in a 328 px box): every arm runs in rows and makes a U-turn as often
  as needed. Without a spinner the ``right`` arm snakes downwards and the ``left`` arm
  upwards across the whole width. With a spinner the table is drawn around the spinner
  (so the tiles laid before it move once, when it comes) and the arms turn like a
  pinwheel, each snaking in its own quarter: ``right`` down the right half, ``down``
  down the left half, ``left`` up the left half, ``up`` up the right half. Where a
  double leaves no room to turn beyond it, the line turns off the double's short side;
  a double across a U-turn lies flush with its outer edge.
* A dashed outline just beyond each open end shows the value a tile must have there
  (narrow: where the next tile would go, past a turn if the line turns there).

:func:`arrange` gives the positions without drawing them.

Colours are CSS custom properties with fallbacks, so a page can restyle the figures
(e.g. for a dark scheme): ``--domino-face``, ``--domino-edge``, ``--domino-pip`` and
``--domino-marker`` (which defaults to the text colour).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from typing import Literal

from engine.core.layout import Connection, End, Layout, TileSide
from engine.presentation.description import describe
from engine.presentation.description import title as layout_title

UNIT = 32
"""A tile's short side in SVG user units; a tile is ``UNIT`` by ``2 * UNIT``."""

GAP = 3
"""Space between touching tiles, in user units."""

ROW_REACH = 11 * UNIT
"""How far a horizontal arm may reach before it bends, from the centre of the opening
tile (of the spinner, with a spinner): some ten tiles to a row, about 750 units wide."""

COLUMN_REACH = 7 * UNIT
"""How far a spinner's vertical arm may reach from the spinner's centre before it bends."""

NARROW_REACH = 287
"""In a narrow drawing, how far left or right of the centre (the opening tile, or the
spinner once it is down) a tile or marker may lie, in user units."""

NARROW_WIDTH = 2 * NARROW_REACH + 8
"""The most a narrow drawing's viewBox is wide, margins included (582 units): shown 328
CSS pixels wide (a 360 px phone less the page's padding), a tile's long side keeps at
least 36 pixels."""

Fit = Literal["wide", "narrow"]
"""How a drawing is arranged: ``"wide"`` for a page, ``"narrow"`` for a phone."""

_HALF = UNIT // 2
_STEP = GAP + _HALF
_MARGIN = 4

Vec = tuple[int, int]
"""A direction on screen: x to the right, y downwards."""

_LEFT: Vec = (-1, 0)
_RIGHT: Vec = (1, 0)
_UP: Vec = (0, -1)
_DOWN: Vec = (0, 1)


@dataclass(frozen=True, slots=True)
class Half:
    """One half of a drawn tile: the centre of its square and the value it shows."""

    x: float
    y: float
    value: int


@dataclass(frozen=True, slots=True)
class PlacedTile:
    """A tile of the layout as drawn: its rectangle and its two halves.

    For every tile but the opening one, ``halves[0]`` is the half that touches the tile
    it was joined to. ``vertical`` tells whether the long side runs up and down.
    """

    index: int
    code: str
    x: float
    y: float
    width: float
    height: float
    halves: tuple[Half, Half]

    @property
    def vertical(self) -> bool:
        return self.height > self.width


@dataclass(frozen=True, slots=True)
class Marker:
    """An open attachment point as drawn: the centre of the square a tile would cover."""

    end: End
    x: float
    y: float
    value: int


@dataclass(frozen=True, slots=True)
class Arrangement:
    """Where every tile and open-end marker of a layout is drawn."""

    tiles: tuple[PlacedTile, ...]
    markers: tuple[Marker, ...]

    def bounds(self, markers: bool = True) -> tuple[float, float, float, float]:
        """The bounding box ``(x, y, width, height)`` of the tiles (and markers)."""
        boxes = [(t.x, t.y, t.x + t.width, t.y + t.height) for t in self.tiles]
        if markers:
            boxes += [(m.x - _HALF, m.y - _HALF, m.x + _HALF, m.y + _HALF) for m in self.markers]
        if not boxes:
            return (0.0, 0.0, float(UNIT), float(UNIT))
        x0 = min(b[0] for b in boxes)
        y0 = min(b[1] for b in boxes)
        x1 = max(b[2] for b in boxes)
        y1 = max(b[3] for b in boxes)
        return (x0, y0, x1 - x0, y1 - y0)


@dataclass(slots=True)
class _Arm:
    reach: int
    toward: Vec | None  # snake: the side the arm bends to; None: pinwheel
    pending: int = 0  # snake: the sense of the second turn of a U-bend still to come
    turns: int = 0


Box = tuple[float, float, float, float]


def _turn(d: Vec, sense: int) -> Vec:
    """``d`` turned a quarter clockwise on screen (``sense`` 1) or anticlockwise (-1)."""
    return (-d[1] * sense, d[0] * sense)


def _span(qx: float, qy: float, d: Vec) -> Box:
    """The box of a tile whose first half is centred at ``(qx, qy)``, the other at ``d``."""
    fx, fy = qx + d[0] * UNIT, qy + d[1] * UNIT
    return (min(qx, fx) - _HALF, min(qy, fy) - _HALF, UNIT + abs(fx - qx), UNIT + abs(fy - qy))


def _overlaps(r: Box, placed: list[PlacedTile]) -> bool:
    x, y, w, h = r
    return any(
        x < t.x + t.width - 1 and t.x < x + w - 1 and y < t.y + t.height - 1 and t.y < y + h - 1
        for t in placed
    )


def _reach(r: Box, d: Vec, base: tuple[float, float]) -> float:
    """How far the box ``r`` reaches from ``base`` in direction ``d``."""
    x, y, w, h = r
    if d[0]:
        return (x + w - base[0]) if d[0] > 0 else (base[0] - x)
    return (y + h - base[1]) if d[1] > 0 else (base[1] - y)


def arrange(layout: Layout, fit: Fit = "wide") -> Arrangement:
    """Place the tiles of ``layout`` on the drawing and find its open-end markers.

    ``fit`` is ``"wide"`` (a page's figure) or ``"narrow"`` (a phone: at most
    :data:`NARROW_WIDTH` units wide, see :func:`_arrange_narrow`).
    """
    if fit == "narrow":
        return _arrange_narrow(layout)
    if fit != "wide":
        raise ValueError(f"fit must be 'wide' or 'narrow', not {fit!r}")
    placed: list[PlacedTile] = []
    sides: dict[tuple[int, TileSide], tuple[float, float, Vec]] = {}
    arms: dict[End, _Arm] = {}
    joined = {c.child: c for c in layout.connections}
    snake = not layout.uses_spinner
    base: tuple[float, float] | None = (0, 0) if snake else None

    def double(i: int, cx: float, cy: float, d: Vec) -> None:
        v = layout.tiles[i].low
        w, h = (UNIT, 2 * UNIT) if d[1] == 0 else (2 * UNIT, UNIT)
        u = _UP if d[1] == 0 else _LEFT
        halves = (
            Half(cx + u[0] * _HALF, cy + u[1] * _HALF, v),
            Half(cx - u[0] * _HALF, cy - u[1] * _HALF, v),
        )
        placed.append(PlacedTile(i, layout.tiles[i].code, cx - w / 2, cy - h / 2, w, h, halves))
        sides[(i, TileSide.A)] = (cx - d[0] * _HALF, cy - d[1] * _HALF, (-d[0], -d[1]))
        sides[(i, TileSide.B)] = (cx + d[0] * _HALF, cy + d[1] * _HALF, d)
        sides[(i, TileSide.UP)] = (cx + u[0] * UNIT, cy + u[1] * UNIT, u)
        sides[(i, TileSide.DOWN)] = (cx - u[0] * UNIT, cy - u[1] * UNIT, (-u[0], -u[1]))

    for i, tile in enumerate(layout.tiles):
        if i == layout.spinner:
            # Every arm bends at its reach from the spinner, so the arms of the cross
            # bend away from each other; before the spinner is down, nothing bends.
            if i == 0:
                base = (0, 0)
            else:
                p = sides[(joined[i].parent, joined[i].parent_side)]
                base = (p[0] + p[2][0] * _STEP, p[1] + p[2][1] * _STEP)
        if i == 0:
            if tile.is_double:
                double(0, 0, 0, _RIGHT)
            else:
                halves = (Half(-_HALF, 0, tile.low), Half(_HALF, 0, tile.high))
                placed.append(PlacedTile(0, tile.code, -UNIT, -_HALF, 2 * UNIT, UNIT, halves))
                sides[(0, TileSide.LOW)] = (-UNIT, 0, _LEFT)
                sides[(0, TileSide.HIGH)] = (UNIT, 0, _RIGHT)
            continue
        c = joined[i]
        px, py, d = sides[(c.parent, c.parent_side)]
        qx, qy = px + d[0] * _STEP, py + d[1] * _STEP
        if tile.is_double:
            double(i, qx, qy, d)
            continue
        end = layout.arms[i]
        assert end is not None
        arm = arms.get(end)
        if arm is None:
            if snake:
                arm = _Arm(ROW_REACH, _UP if end is End.LEFT else _DOWN)
            else:
                arm = _Arm(COLUMN_REACH if end in (End.UP, End.DOWN) else ROW_REACH, None)
            arms[end] = arm
        sense = 0
        if arm.pending:
            sense, arm.pending = arm.pending, 0
        elif base is not None and _reach(_span(qx, qy, d), d, base) > arm.reach:
            if arm.toward is not None:
                if d[1] == 0:
                    sense = 1 if _turn(d, 1) == arm.toward else -1
                    arm.pending = sense
            elif arm.turns == 0:
                sense = 1
                arm.turns += 1
        nd = _turn(d, sense) if sense else d
        if _overlaps(_span(qx, qy, nd), placed):
            for alt in (d, _turn(d, 1), _turn(d, -1)):
                if not _overlaps(_span(qx, qy, alt), placed):
                    nd, arm.pending = alt, 0
                    break
        x, y, w, h = _span(qx, qy, nd)
        fx, fy = qx + nd[0] * UNIT, qy + nd[1] * UNIT
        near = tile.low if c.child_side is TileSide.LOW else tile.high
        halves = (Half(qx, qy, near), Half(fx, fy, tile.other(near)))
        placed.append(PlacedTile(i, tile.code, x, y, w, h, halves))
        far_side = TileSide.HIGH if c.child_side is TileSide.LOW else TileSide.LOW
        sides[(i, far_side)] = (fx + nd[0] * _HALF, fy + nd[1] * _HALF, nd)

    markers = []
    for e in layout.ends:
        px, py, d = sides[(e.tile, e.side)]
        markers.append(Marker(e.end, px + d[0] * _STEP, py + d[1] * _STEP, e.value))
    return Arrangement(tuple(placed), tuple(markers))


_TILE_STEP = 2 * UNIT + GAP
"""How far a head moves past a tile laid along the line."""
_DOUBLE_STEP = UNIT + GAP
"""How far a head moves past a double laid across the line."""


@dataclass(slots=True)
class _Run:
    """One arm of a narrow drawing as it grows from the centre.

    The head ``(x, y)`` is where the next tile's first half (or a double's middle) goes.
    ``phase`` is ``"row"`` (running left or right), ``"bend"`` (the one upright tile of a
    U-turn: the next tile runs ``back``) or ``"stem"`` (a spinner's up or down arm before
    it turns clockwise into its row). Tiles stay between ``lo`` and ``hi`` across the
    page; rows follow each other toward ``out``.
    """

    x: float
    y: float
    d: Vec
    phase: str
    lo: float
    hi: float
    out: Vec
    back: Vec = (0, 0)
    double_at: tuple[float, float] | None = None

    def room(self, x: float, d: Vec) -> bool:
        """Whether a turn at ``x``, running ``d``, keeps within the band."""
        return x + _HALF <= self.hi if d[0] > 0 else x - _HALF >= self.lo

    def advance(self, double: bool) -> tuple[float, float, Vec]:
        """Where the next tile goes, and move the head past it: a double's middle and
        the direction of the line it lies across; another tile's first half and the
        direction toward its second half."""
        x, y, d = self.x, self.y, self.d
        if double:
            self.x, self.y = x + d[0] * _DOUBLE_STEP, y + d[1] * _DOUBLE_STEP
            self.double_at = (x, y) if self.phase == "row" else None
            if self.phase == "bend":
                # Across the upright tile of a U-turn, a double lies toward the next
                # row, flush with the turn's outer edge.
                x += self.back[0] * _HALF
            return x, y, d
        nd = d
        if self.phase == "bend":
            nd, self.phase = self.back, "row"
        elif self.phase == "stem":
            if abs(y) >= _TILE_STEP:
                nd, self.phase = _turn(d, 1), "row"
        elif self.double_at is not None and not self.room(x, d):
            # No room for a turn beyond the double: the line turns off its short side.
            dx, dy = self.double_at
            x, y = dx + self.out[0] * (UNIT + _STEP), dy + self.out[1] * (UNIT + _STEP)
            nd, self.phase, self.back = self.out, "bend", (-d[0], -d[1])
        elif not self.room(x + d[0] * _TILE_STEP, d):
            nd, self.phase, self.back = self.out, "bend", (-d[0], -d[1])
        self.double_at = None
        self.d = nd
        self.x, self.y = x + nd[0] * _TILE_STEP, y + nd[1] * _TILE_STEP
        return x, y, nd


def _far(side: TileSide) -> TileSide:
    """The side of a line tile opposite ``side``."""
    return {
        TileSide.LOW: TileSide.HIGH,
        TileSide.HIGH: TileSide.LOW,
        TileSide.A: TileSide.B,
        TileSide.B: TileSide.A,
    }[side]


def _chains(layout: Layout) -> tuple[int, dict[End, list[tuple[int, TileSide, bool]]]]:
    """The centre tile (the spinner once it is down, else the opening tile) and, for each
    end, the tiles from the centre out to that end: each with its side that faces the
    centre and whether it was joined to the tile beyond it (laid before it)."""
    below: dict[tuple[int, TileSide], Connection] = {
        (c.parent, c.parent_side): c for c in layout.connections
    }
    joined = {c.child: c for c in layout.connections}

    def follow(t: int, side: TileSide) -> list[tuple[int, TileSide, bool]]:
        out = []
        while (c := below.get((t, side))) is not None:
            out.append((c.child, c.child_side, False))
            t, side = c.child, _far(c.child_side)
        return out

    double = bool(layout.tiles) and layout.tiles[0].is_double
    left, right = (TileSide.A, TileSide.B) if double else (TileSide.LOW, TileSide.HIGH)
    s = layout.spinner
    if s is None or s == 0:
        chains = {End.LEFT: follow(0, left), End.RIGHT: follow(0, right)}
    else:
        back: list[tuple[int, TileSide, bool]] = []
        t = s
        while t != 0:
            c = joined[t]
            back.append((c.parent, c.parent_side, True))
            t = c.parent
        back += follow(0, _far(back[-1][1]))
        on = follow(s, TileSide.B)
        if layout.arms[s] is End.LEFT:
            chains = {End.LEFT: on, End.RIGHT: back}
        else:
            chains = {End.LEFT: back, End.RIGHT: on}
    if s is not None:
        chains[End.UP] = follow(s, TileSide.UP)
        chains[End.DOWN] = follow(s, TileSide.DOWN)
    return (0 if s is None else s), chains


def _arrange_narrow(layout: Layout) -> Arrangement:
    """The layout arranged for a phone: never wider than :data:`NARROW_WIDTH`.

    The centre tile (the spinner once it is down, else the opening tile) lies in the
    middle. Each arm runs in rows and makes a U-turn whenever the next tile would leave
    no room to turn within the band, as often as needed: without a spinner the ``right``
    arm snakes downwards and the ``left`` arm upwards, each across the whole width. With
    a spinner the arms turn like a pinwheel, each into its own quarter: ``right`` down the
    right half, ``down`` (after one upright tile) down the left half, ``left`` up the left
    half, ``up`` up the right half. A line that meets a double where there is no room to
    turn beyond it turns off the double's short side (both halves show its value).
    """
    if not layout.tiles:
        return Arrangement((), ())
    root, chains = _chains(layout)
    r = NARROW_REACH
    spun = layout.spinner is not None
    centre = layout.tiles[root]
    placed: dict[int, PlacedTile] = {}
    if centre.is_double:
        halves = (Half(0, -_HALF, centre.low), Half(0, _HALF, centre.low))
        placed[root] = PlacedTile(root, centre.code, -_HALF, -UNIT, UNIT, 2 * UNIT, halves)
        reach = _HALF + _STEP
    else:
        halves = (Half(-_HALF, 0, centre.low), Half(_HALF, 0, centre.high))
        placed[root] = PlacedTile(root, centre.code, -UNIT, -_HALF, 2 * UNIT, UNIT, halves)
        reach = UNIT + _STEP
    inner = _DOUBLE_STEP if spun else -r
    runs = {
        End.LEFT: _Run(-reach, 0, _LEFT, "row", -r, -inner, _UP),
        End.RIGHT: _Run(reach, 0, _RIGHT, "row", inner, r, _DOWN),
    }
    if spun:
        # The quarters' rows stop short of the middle (the up and down arms' upright
        # first tiles lie there) and of each other by enough that open ends of
        # neighbouring quarters stay a row apart, as they do across rows.
        stem = UNIT + _STEP
        runs[End.UP] = _Run(0, -stem, _UP, "stem", 0, r, _UP)
        runs[End.DOWN] = _Run(0, stem, _DOWN, "stem", -r, 0, _DOWN)
    for end, chain in chains.items():
        run = runs[end]
        for i, facing, reversed_ in chain:
            tile = layout.tiles[i]
            x, y, d = run.advance(tile.is_double)
            if tile.is_double:
                u = _UP if d[1] == 0 else _LEFT
                w, h = (UNIT, 2 * UNIT) if d[1] == 0 else (2 * UNIT, UNIT)
                halves = (
                    Half(x + u[0] * _HALF, y + u[1] * _HALF, tile.low),
                    Half(x - u[0] * _HALF, y - u[1] * _HALF, tile.low),
                )
                placed[i] = PlacedTile(i, tile.code, x - w / 2, y - h / 2, w, h, halves)
                continue
            near = tile.low if facing is TileSide.LOW else tile.high
            first = Half(x, y, near)
            second = Half(x + d[0] * UNIT, y + d[1] * UNIT, tile.other(near))
            if i == 0:
                halves = (first, second) if near == tile.low else (second, first)
            else:
                halves = (second, first) if reversed_ else (first, second)
            bx, by, bw, bh = _span(x, y, d)
            placed[i] = PlacedTile(i, tile.code, bx, by, bw, bh, halves)
    markers = []
    for e in layout.ends:
        x, y, _ = replace(runs[e.end]).advance(False)
        markers.append(Marker(e.end, x, y, e.value))
    return Arrangement(tuple(placed[i] for i in sorted(placed)), tuple(markers))


# Pip positions in a half, in steps of a third of the half's width from its centre, for
# a half of a vertical tile; a horizontal tile's halves show them turned a quarter.
_PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    0: (),
    1: ((0, 0),),
    2: ((1, -1), (-1, 1)),
    3: ((1, -1), (0, 0), (-1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)),
}
_PIP_SPACING = UNIT * 0.27
_PIP_RADIUS = UNIT * 0.095


def _paint(**props: str) -> str:
    """Presentation attributes, each also set from a CSS custom property where the
    value is ``var(--name,fallback)``: renderers without custom properties keep the
    attributes, browsers use the properties."""
    attrs = []
    styles = []
    for name, value in props.items():
        prop = name.replace("_", "-")
        styles.append(f"{prop}:{value}")
        if value.startswith("var("):
            value = value[value.index(",") + 1 : -1]
        attrs.append(f'{prop}="{value}"')
    return " ".join(attrs) + ' style="' + ";".join(styles) + '"'


_FACE = _paint(
    fill="var(--domino-face,#fffdf6)", stroke="var(--domino-edge,#3d3d3d)", stroke_width="1.5"
)
_LAST = _paint(stroke="var(--domino-highlight,#d84315)", stroke_width="3")
_PIP = _paint(fill="var(--domino-pip,#1f1f1f)", stroke="none")
_MARKER = _paint(
    fill="none",
    stroke="var(--domino-marker,currentColor)",
    stroke_width="1.5",
    stroke_dasharray="4 3",
    opacity="0.75",
)
_FONT_SIZE = UNIT // 2
_MARKER_TEXT = _paint(
    fill="var(--domino-marker,currentColor)",
    stroke="none",
    font_family="sans-serif",
    font_size=f"{_FONT_SIZE}px",
    font_weight="bold",
)


def _n(v: float) -> str:
    r = round(v, 2)
    if r == int(r):
        return str(int(r))
    return f"{r:.2f}".rstrip("0")


def _esc(text: str) -> str:
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


def _figure_id(
    layout: Layout, title: str, desc: str, markers: bool, highlight: int | None, fit: Fit
) -> str:
    key = "\n".join(
        [
            " ".join(f"{t.code}@{a}" for t, a in zip(layout.tiles, layout.arms, strict=True)),
            str(layout.uses_spinner),
            title,
            desc,
            str(markers),
        ]
        + ([] if highlight is None else [f"last {highlight}"])
        + ([] if fit == "wide" else [fit])
    )
    return "domino-" + hashlib.blake2s(key.encode(), digest_size=5).hexdigest()


def render(
    layout: Layout,
    *,
    title: str | None = None,
    desc: str | None = None,
    markers: bool = True,
    size: float = UNIT,
    highlight: int | None = None,
    decorative: bool = False,
    fit: Fit = "wide",
    named: bool = False,
) -> str:
    """``layout`` as a standalone ``<svg>`` element.

    ``title`` and ``desc`` are the figure's accessible name and description (by default
    the English title and structured description of the layout). ``markers`` draws the
    open attachment points. ``size`` is the width in pixels of a tile's short side; the
    figure shrinks to fit narrower containers, keeping its proportions. ``highlight``
    marks the tile at that position of ``layout.tiles`` (the tile just played) with a
    thicker outline and the class ``domino-last``. A ``decorative`` drawing has no title
    or description and is hidden from assistive technology (the text around it names
    what it shows). ``fit`` arranges the layout for a page (``"wide"``) or a phone
    (``"narrow"``, at most :data:`NARROW_WIDTH` units wide); the two drawings of one
    layout have different element ids, so both can be in one page. A ``named`` drawing
    is named by its title alone, its description only describing it (a short name for a
    drawing read again and again); otherwise title and description together name it.
    """
    if title is None:
        title = layout_title(layout)
    if desc is None:
        desc = describe(layout)
    fid = _figure_id(layout, title, desc, markers, highlight, fit)
    arr = arrange(layout, fit)
    bx, by, bw, bh = arr.bounds(markers)
    bx, by, bw, bh = bx - _MARGIN, by - _MARGIN, bw + 2 * _MARGIN, bh + 2 * _MARGIN
    scale = size / UNIT
    labels = (
        f'aria-labelledby="{fid}-title" aria-describedby="{fid}-desc"'
        if named
        else f'aria-labelledby="{fid}-title {fid}-desc"'
    )
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="domino-layout" '
        f'viewBox="{_n(bx)} {_n(by)} {_n(bw)} {_n(bh)}" '
        f'width="{_n(bw * scale)}" height="{_n(bh * scale)}" '
        f'style="max-width:100%;height:auto" '
        + (
            'aria-hidden="true" focusable="false">'
            if decorative
            else f'role="img" {labels}>'
            f'<title id="{fid}-title">{_esc(title)}</title>'
            f'<desc id="{fid}-desc">{_esc(desc)}</desc>'
        ),
        f'<g class="domino-tiles" {_FACE}>',
    ]
    radius = _n(UNIT * 0.12)
    for t in arr.tiles:
        if t.vertical:
            mid = t.y + t.height / 2
            a, b = f"{_n(t.x + 4)} {_n(mid)}", f"{_n(t.x + t.width - 4)} {_n(mid)}"
        else:
            mid = t.x + t.width / 2
            a, b = f"{_n(mid)} {_n(t.y + 4)}", f"{_n(mid)} {_n(t.y + t.height - 4)}"
        last = f' class="domino-last" {_LAST}' if t.index == highlight else ""
        out.append(
            f'<g data-tile="{t.code}"{last}><rect x="{_n(t.x)}" y="{_n(t.y)}" '
            f'width="{_n(t.width)}" height="{_n(t.height)}" rx="{radius}"/>'
            f'<path d="M{a}L{b}"/></g>'
        )
    out.append("</g>")
    out.append(f'<g class="domino-pips" {_PIP}>')
    r = _n(_PIP_RADIUS)
    for t in arr.tiles:
        for h in t.halves:
            dots = "".join(
                f'<circle cx="{_n(h.x + (-dy if not t.vertical else dx) * _PIP_SPACING)}" '
                f'cy="{_n(h.y + (dx if not t.vertical else dy) * _PIP_SPACING)}" r="{r}"/>'
                for dx, dy in _PIPS[h.value]
            )
            out.append(f'<g data-value="{h.value}">{dots}</g>')
    out.append("</g>")
    if markers and arr.markers:
        side = UNIT - 6
        out.append(f'<g class="domino-markers" aria-hidden="true" {_MARKER}>')
        for m in arr.markers:
            out.append(
                f'<g data-end="{m.end.value}" data-value="{m.value}">'
                f'<rect x="{_n(m.x - side / 2)}" y="{_n(m.y - side / 2)}" width="{side}" '
                f'height="{side}" rx="{radius}"/>'
                f'<text x="{_n(m.x)}" y="{_n(m.y + _FONT_SIZE * 0.36)}" '
                f'text-anchor="middle" {_MARKER_TEXT}>{m.value}</text></g>'
            )
        out.append("</g>")
    out.append("</svg>")
    return "".join(out)
