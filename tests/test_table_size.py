"""The longest tables any preset can produce stay legible on a phone.

Drawn with ``fit="narrow"``, a layout's viewBox is at most 583 units wide, so in a box
328 CSS pixels wide (a 360 px phone less the page's padding) no tile's long side is
drawn under 36 px. The layouts tried are the longest found by seeded random playouts of
every preset (some playing at random, some always lengthening the longest arm), and
constructed worst cases: the whole set on one arm, with a spinner and without, the
spinner anywhere in the line, doubles wherever they fall.
"""

from __future__ import annotations

import itertools
import math
import random
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.layout import End, Layout, TileSide
from engine.core.rules import Rules
from engine.core.state import Move, RoundState
from engine.core.tiles import ALL_TILES, Tile
from engine.presentation.figures import PAGE_SIZE, layout_svg
from engine.presentation.svg import (
    GAP,
    NARROW_WIDTH,
    UNIT,
    Arrangement,
    PlacedTile,
    arrange,
    render,
)

NS = "{http://www.w3.org/2000/svg}"
BOX = 328
"""The width in CSS pixels the practice table gets on a 360 px phone."""
MIN_LONG_SIDE = 36
"""The smallest a tile's long side may be drawn there, in CSS pixels."""
ROW = 2 * UNIT + GAP
"""The distance from one row of tiles to the next."""

CONFIGS: list[tuple[str, dict[str, Any], int]] = [
    ("block", {}, 2),
    ("block", {}, 3),
    ("block", {}, 4),
    ("block-dk", {}, 2),
    ("block-dk", {}, 4),
    ("block-dk", {"draw": True}, 2),
    ("block-dk", {"draw": True, "hand_size": 7, "partnerships": True}, 4),
    ("draw", {}, 2),
    ("draw", {}, 3),
    ("draw", {}, 4),
    ("all-fives", {}, 2),
    ("all-fives", {}, 3),
    ("all-fives", {}, 4),
]
CONFIG_IDS = [f"{p}-{n}" + "".join(f"-{k}={v}" for k, v in o.items()) for p, o, n in CONFIGS]


# -- what a drawing must keep ---------------------------------------------------------


def viewbox(svg: str) -> tuple[float, float, float, float]:
    match = re.search(r'viewBox="([-\d. ]+)"', svg)
    assert match is not None
    x, y, w, h = (float(v) for v in match.group(1).split())
    return x, y, w, h


def smallest_long_side(svg: str, box: float = BOX) -> float:
    """A tile's long side in CSS pixels once ``svg`` is shown in a ``box`` px wide box
    (the figure is ``max-width:100%``, so it shrinks to the box and never grows)."""
    _, _, w, _ = viewbox(svg)
    width = float(re.search(r' width="([\d.]+)"', svg).group(1))  # type: ignore[union-attr]
    return 2 * UNIT * min(width, box) / w


def boxes_overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]):
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def rect(t: PlacedTile) -> tuple[float, float, float, float]:
    return (t.x, t.y, t.width, t.height)


def to_box(t: PlacedTile, x: float, y: float) -> float:
    """How far the point ``(x, y)`` lies from the rectangle of ``t``."""
    dx = max(t.x - x, 0, x - (t.x + t.width))
    dy = max(t.y - y, 0, y - (t.y + t.height))
    return math.hypot(dx, dy)


def side_value(tile: Tile, side: TileSide) -> int:
    return tile.high if side is TileSide.HIGH else tile.low


def check_arrangement(layout: Layout, arr: Arrangement) -> None:
    """No tile overlaps another, every marker lies outside every tile and beyond its
    open end, and joined tiles touch by halves that show the same value."""
    tiles = arr.tiles
    assert [t.index for t in tiles] == list(range(len(layout.tiles)))
    assert [t.code for t in tiles] == [t.code for t in layout.tiles]
    for i, a in enumerate(tiles):
        assert (a.width, a.height) in ((UNIT, 2 * UNIT), (2 * UNIT, UNIT))
        for b in tiles[:i]:
            assert not boxes_overlap(rect(a), rect(b)), (a.code, b.code)
    squares = [(m.x - UNIT / 2, m.y - UNIT / 2, UNIT, UNIT) for m in arr.markers]
    for m, sq in zip(arr.markers, squares, strict=True):
        for t in tiles:
            assert not boxes_overlap(sq, rect(t)), (m.end, t.code)
    for i, a in enumerate(arr.markers):
        for b in arr.markers[:i]:
            # Open ends lie at least a row apart (67 units: 37 px in the narrowest
            # drawing at 328 px), so the page's targets over them barely touch.
            assert max(abs(a.x - b.x), abs(a.y - b.y)) >= ROW, (a, b)
    assert [(m.end, m.value) for m in arr.markers] == [(e.end, e.value) for e in layout.ends]
    for m, e in zip(arr.markers, layout.ends, strict=True):
        # The marker lies a gap beyond the end's tile, by the half that shows its value.
        t = tiles[e.tile]
        assert to_box(t, m.x, m.y) == pytest.approx(GAP + UNIT / 2)
        near = min(t.halves, key=lambda h: math.dist((h.x, h.y), (m.x, m.y)))
        assert near.value == e.value
    for c in layout.connections:
        parent, child = tiles[c.parent], tiles[c.child]
        # The two rectangles lie a gap apart along one axis and side by side on the other.
        gx = max(parent.x - child.x - child.width, child.x - parent.x - parent.width)
        gy = max(parent.y - child.y - child.height, child.y - parent.y - parent.height)
        assert sorted([gx, gy])[1] == pytest.approx(GAP), (parent.code, child.code)
        assert sorted([gx, gy])[0] < 0, (parent.code, child.code)
        # The halves that face each other show the same value: the one the rules joined.
        mine = min(child.halves, key=lambda h: to_box(parent, h.x, h.y))
        theirs = min(parent.halves, key=lambda h: to_box(child, h.x, h.y))
        value = side_value(layout.tiles[c.child], c.child_side)
        assert mine.value == theirs.value == value, (parent.code, child.code)
        assert value == side_value(layout.tiles[c.parent], c.parent_side)


def assert_legible(layout: Layout) -> tuple[float, float]:
    """``layout`` drawn narrow keeps every tile at least 36 px long in a 328 px box, and
    its arrangement is sound; returns the viewBox's width and height."""
    svg = layout_svg(layout, "en", "", size=PAGE_SIZE, fit="narrow")
    _, _, w, h = viewbox(svg)
    assert w <= NARROW_WIDTH <= 583
    assert smallest_long_side(svg) >= MIN_LONG_SIDE, (w, [t.code for t in layout.tiles])
    root = ET.fromstring(svg)
    drawn = [g.get("data-tile") for g in root.iter(f"{NS}g") if "data-tile" in g.attrib]
    assert drawn == [t.code for t in layout.tiles]
    ends = [(g.get("data-end"), g.get("data-value")) for g in root.iter(f"{NS}g")]
    assert [e for e in ends if e[0]] == [(e.end.value, str(e.value)) for e in layout.ends]
    check_arrangement(layout, arrange(layout, "narrow"))
    return w, h


# -- the longest rounds the engine plays ------------------------------------------------


def playout(rules: Rules, players: int, seed: int, greedy: bool) -> Layout:
    """A round played to its end by seeded random moves; a ``greedy`` player always
    lengthens the arm that already holds the most tiles."""
    rng = random.Random(seed)
    state = RoundState.new(rules, players, rng=rng, first_round=seed % 2 == 0)
    while not state.is_terminal:
        moves = state.legal_moves()
        if greedy:
            arms = state.layout.arms
            count = {e: arms.count(e) for e in End}
            best = max(count[m.end] if m.end else 0 for m in moves)
            moves = [m for m in moves if (count[m.end] if m.end else 0) == best]
        move: Move = rng.choice(moves)
        state.apply(move)
    return state.layout


def longest_arm(layout: Layout) -> int:
    return max((layout.arms.count(e) for e in End), default=0)


@pytest.mark.parametrize(("preset", "options", "players"), CONFIGS, ids=CONFIG_IDS)
def test_longest_rounds_of_each_preset_stay_legible(
    preset: str, options: dict[str, Any], players: int
) -> None:
    rules = Rules.make(preset, **options)
    layouts = [playout(rules, players, s, greedy=s % 3 == 0) for s in range(150)]
    most = sorted(layouts, key=lambda la: len(la.tiles))[-4:]
    longest = sorted(layouts, key=longest_arm)[-4:]
    for layout in most + longest:
        assert_legible(layout)
    # The search reaches the longest rounds: without a boneyard, the leader going out
    # after everyone else has played all tiles but one; with one, most of the set.
    n = rules.hand_size(players)
    biggest = len(most[-1].tiles)
    assert biggest == n + (players - 1) * (n - 1) if not rules.draw else biggest >= 24


# -- constructed worst cases --------------------------------------------------------------


def whole_set_line(rng: random.Random) -> list[int]:
    """The values along a closed line of all 28 tiles (each pair of neighbours is a
    tile, each tile once): an Euler circuit of the double-six set, in a random order."""
    left = {v: [w for w in range(7)] for v in range(7)}
    for v in left.values():
        rng.shuffle(v)
    used: set[Tile] = set()
    stack, circuit = [rng.randrange(7)], []
    while stack:
        v = stack[-1]
        while left[v] and Tile.of(v, left[v][-1]) in used:
            left[v].pop()
        if left[v]:
            w = left[v].pop()
            used.add(Tile.of(v, w))
            stack.append(w)
        else:
            circuit.append(stack.pop())
    assert len(circuit) == 29 and circuit[0] == circuit[-1]
    return circuit


def lay_line(values: list[int], spinner: bool, end: End = End.RIGHT) -> Layout:
    """The tiles between neighbouring ``values``, laid in that order on one arm (``end``
    where the opening tile leaves the choice)."""
    tiles = [Tile.of(a, b) for a, b in itertools.pairwise(values)]
    layout = Layout.empty(spinner).place(tiles[0])
    arm: End | None = None
    for tile in tiles[1:]:
        if arm is None:
            fitting = layout.fitting_ends(tile)
            arm = end if end in fitting else fitting[0]
        layout = layout.place(tile, arm)
    return layout


@pytest.mark.parametrize("spinner", [False, True])
@pytest.mark.parametrize("seed", range(6))
def test_the_whole_set_on_one_arm(seed: int, spinner: bool) -> None:
    values = whole_set_line(random.Random(seed))
    for shift in range(28):
        turned = values[shift:-1] + values[:shift] + [values[shift]]
        layout = lay_line(turned, spinner, End.LEFT if shift % 2 else End.RIGHT)
        assert len(layout.tiles) == 28
        assert longest_arm(layout) == 27
        assert_legible(layout)


@settings(max_examples=120, deadline=None, derandomize=True)
@given(
    seed=st.integers(0, 2**32 - 1),
    shift=st.integers(0, 27),
    spinner=st.booleans(),
    end=st.sampled_from([End.LEFT, End.RIGHT]),
)
def test_any_whole_set_line_stays_legible(seed: int, shift: int, spinner: bool, end: End) -> None:
    values = whole_set_line(random.Random(seed))
    turned = values[shift:-1] + values[:shift] + [values[shift]]
    assert_legible(lay_line(turned, spinner, end))


def test_a_spinner_after_every_other_tile() -> None:
    # All 21 non-doubles in one line before the first double: the spinner comes last,
    # at one end of a line that a drawing must still wrap.
    rng = random.Random(7)
    for _ in range(10):
        values = whole_set_line(rng)
        pairs = list(itertools.pairwise(values))
        no_doubles = [values[0]] + [b for a, b in pairs if a != b]
        assert len(no_doubles) == 22
        v = no_doubles[-1]
        layout = lay_line([*no_doubles, v], spinner=True)
        assert layout.spinner == 21 and len(layout.tiles) == 22
        assert_legible(layout)
        # And the same line with the spinner in its middle, then more on its far side.
        half = no_doubles[:12]
        layout = lay_line([*half, half[-1], *no_doubles[12:]], spinner=True)
        assert layout.spinner == 11
        assert_legible(layout)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(
    order=st.permutations(ALL_TILES),
    choices=st.lists(st.integers(0, 3), min_size=28, max_size=28),
    spinner=st.booleans(),
)
def test_any_layout_grown_by_legal_plays_stays_legible(
    order: list[Tile], choices: list[int], spinner: bool
) -> None:
    # Tiles are laid in ``order`` while any fits, each at the end ``choices`` picks
    # among those it fits: every arm of every shape, spinner arms included.
    tiles = list(order)
    layout = Layout.empty(spinner).place(tiles.pop(0))
    for pick in choices:
        for tile in tiles:
            ends = layout.fitting_ends(tile)
            if ends:
                layout = layout.place(tile, ends[pick % len(ends)])
                tiles.remove(tile)
                break
        else:
            break
    assert_legible(layout)


def test_a_spinner_cross_with_every_arm_long() -> None:
    # The spinner opens; tiles then go round its four arms in turn.
    rng = random.Random(3)
    for _ in range(60):
        tiles = list(ALL_TILES)
        rng.shuffle(tiles)
        layout = Layout.empty(True).place(Tile.of(5, 5))
        tiles.remove(Tile.of(5, 5))
        turn = 0
        progress = True
        while progress:
            progress = False
            for k in range(4):
                end = (End.LEFT, End.RIGHT, End.UP, End.DOWN)[(turn + k) % 4]
                tile = next((t for t in tiles if end in layout.fitting_ends(t)), None)
                if tile is not None:
                    layout = layout.place(tile, end)
                    tiles.remove(tile)
                    progress = True
                    break
            turn += 1
        assert all(layout.arms.count(e) >= 2 for e in End)
        assert_legible(layout)


# -- narrow and wide ----------------------------------------------------------------------


def test_narrow_is_not_wider_than_wide_and_short_tables_look_alike() -> None:
    # A short line is drawn the same either way; only where a wide row would run on
    # does the narrow drawing turn.
    short = Layout.from_plays(["1-4", "1-1@left", "4-4@right", "3-4@right"])
    assert [rect(t) for t in arrange(short, "narrow").tiles] == [
        rect(t) for t in arrange(short).tiles
    ]
    long = lay_line(whole_set_line(random.Random(1)), spinner=False)
    wide, narrow = render(long), render(long, fit="narrow")
    assert viewbox(narrow)[2] < viewbox(wide)[2] and viewbox(wide)[2] > 583
    assert smallest_long_side(render(long, size=PAGE_SIZE)) < MIN_LONG_SIDE


def grown(rng: random.Random, spinner: bool) -> Layout:
    """A layout grown by random legal plays at random ends until no tile left fits."""
    tiles = list(ALL_TILES)
    rng.shuffle(tiles)
    layout = Layout.empty(spinner).place(tiles.pop())
    while fitting := [(t, e) for t in tiles for e in layout.fitting_ends(t)]:
        tile, end = rng.choice(fitting)
        layout = layout.place(tile, end)
        tiles.remove(tile)
    return layout


def prefix(layout: Layout, k: int) -> Layout:
    """``layout`` as it stood after its first ``k`` tiles."""
    out = Layout.empty(layout.uses_spinner)
    for tile, end in zip(layout.tiles[:k], layout.arms[:k], strict=True):
        out = out.place(tile, end)
    return out


@pytest.mark.parametrize("spinner", [False, True])
def test_tiles_keep_their_place_from_move_to_move(spinner: bool) -> None:
    # Drawn narrow, a tile once down stays where it was as the table grows; with a
    # spinner, from the spinner on (the table is then drawn around it).
    rng = random.Random(11)
    for n in range(40):
        if n % 2:
            values = whole_set_line(rng)
            shift = rng.randrange(28)
            layout = lay_line(values[shift:-1] + values[:shift] + [values[shift]], spinner)
        else:
            layout = grown(rng, spinner)
        final = arrange(layout, "narrow").tiles
        first = 1 if layout.spinner is None else layout.spinner + 1
        for k in range(first, len(layout.tiles)):
            assert arrange(prefix(layout, k), "narrow").tiles == final[:k]


def test_ends_of_neighbouring_quarters_stay_a_row_apart() -> None:
    # The left arm's rows end where the up arm's begin: their open ends keep a row's
    # distance across the middle of the table.
    plays = [
        "3-3",
        "0-3@right",
        "3-4@left",
        "4-5@left",
        "0-5@left",
        "1-3@up",
        "0-6@left",
        "6-6@left",
        "1-2@up",
        "2-6@up",
        "3-6@left",
        "4-6@up",
        "2-4@up",
        "2-5@up",
        "1-5@up",
        "2-3@left",
        "1-1@up",
        "2-2@left",
        "1-4@up",
        "0-2@left",
        "4-4@up",
        "0-0@left",
        "0-4@up",
    ]
    layout = Layout.from_plays(plays, spinner=True)
    for k in range(1, len(plays) + 1):
        assert_legible(prefix(layout, k))
