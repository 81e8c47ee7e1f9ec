"""The graph of a reviewed round: the expected points margin, from the reviewed seat's
side, after each of its decisions, drawn as standalone SVG.

Each decision is a point at its expected margin (the value of the move made, as the
review computes it: :attr:`engine.features.review.Valued.value`), joined by a line, over
a line at 0 (above it the seat's side expects to come out ahead). A point's shape and
class say its mark (``best`` and ``good`` a dot, ``inaccuracy`` a square, ``mistake`` and
``blunder`` a diamond, the larger the worse), so the marks do not rest on colour alone.
The *turning point* (:func:`turning_point`) is ringed.

The drawing is for the eye (``aria-hidden``): the page gives the same figures in a
table. Each point lies on a target as large as a fingertip, marked ``data-index`` with
its decision, for a page to open that decision on a tap. Colours are CSS custom
properties with fallbacks (``--review-graph-line``, ``--review-graph-axis`` and
``--review-graph-<mark>``), so a page can restyle the graph for a dark scheme.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from engine.presentation.charts import WIDTH, fmt, scale

HEIGHT = 180
PAD_LEFT = 34
"""Room for the margin's scale on the left."""
PAD = 12
BOTTOM = 12
"""Room under the graph for the decisions' numbers."""
TARGET = 26
"""A point's tap target, in units: at least 24 px on a phone (WCAG's least target)."""

SIZES = {"best": 4.0, "good": 4.0, "inaccuracy": 5.0, "mistake": 6.0, "blunder": 7.5}
"""Each mark's point size (its half-width), the worse the larger."""

COLOURS = {
    "best": "#2e7d32",
    "good": "#558b2f",
    "inaccuracy": "#f9a825",
    "mistake": "#ef6c00",
    "blunder": "#c62828",
}
"""Each mark's fallback colour (the page's custom properties come first)."""


@dataclass(frozen=True, slots=True)
class GraphPoint:
    """One decision: its ``index`` in the round's decisions, the expected margin after
    the move made (``value``), what the move made lost against the best (``loss``) and
    its ``mark``."""

    index: int
    value: float
    loss: float
    mark: str


def turning_point(points: Sequence[GraphPoint]) -> tuple[int, str] | None:
    """Where the round was won or lost, by the expected margin, and how: the last decision
    after which the margin changed sign (``"won"``: from 0 or below to above 0;
    ``"lost"``: from 0 or above to below), the margin before the first decision counting
    as 0; when it never did, the costliest mistake or blunder (``"costly"``, the earlier
    on a tie); else None. The decision is given by its position in ``points``."""
    before = 0.0
    found = None
    for k, p in enumerate(points):
        if before <= 0 < p.value:
            found = (k, "won")
        elif before >= 0 > p.value:
            found = (k, "lost")
        before = p.value
    if found is not None:
        return found
    bad = [k for k, p in enumerate(points) if p.mark in ("mistake", "blunder")]
    return (min(bad, key=lambda k: (-points[k].loss, k)), "costly") if bad else None


def _paint(mark: str) -> str:
    return f"var(--review-graph-{mark},{COLOURS[mark]})"


def _shape(mark: str, x: float, y: float) -> str:
    size = SIZES[mark]
    fill = _paint(mark)
    if mark in ("best", "good"):
        return f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="{fmt(size)}" fill="{fill}"/>'
    if mark == "inaccuracy":
        return (
            f'<rect x="{fmt(x - size)}" y="{fmt(y - size)}" width="{fmt(2 * size)}" '
            f'height="{fmt(2 * size)}" fill="{fill}"/>'
        )
    corners = " ".join(
        f"{fmt(cx)},{fmt(cy)}"
        for cx, cy in ((x, y - size), (x + size, y), (x, y + size), (x - size, y))
    )
    return f'<polygon points="{corners}" fill="{fill}"/>'


def graph_svg(points: Sequence[GraphPoint], signed: Sequence[str]) -> str:
    """The graph of ``points`` (in the round's order); ``signed`` the scale's labels,
    each tick's value written as the page writes a signed number (the caller's
    language), as :func:`ticks` lists them."""
    scale = ticks(points)
    if len(signed) != len(scale):
        raise ValueError("one label for each tick of the scale")
    top, bottom = scale[-1], scale[0]
    inner_w = WIDTH - PAD_LEFT - PAD
    inner_h = HEIGHT - 2 * PAD - BOTTOM
    count = max(len(points), 1)

    def x_of(k: int) -> float:
        return PAD_LEFT + (inner_w * (k + 0.5) / count)

    def y_of(v: float) -> float:
        return PAD + inner_h * (top - v) / (top - bottom)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="review-graph" viewBox="0 0 {WIDTH} '
        f'{HEIGHT}" width="{WIDTH}" height="{HEIGHT}" aria-hidden="true" focusable="false">'
    ]
    axis = "var(--review-graph-axis,#9e9e9e)"
    for value, label in zip(scale, signed, strict=True):
        y = y_of(value)
        dash = "" if value == 0 else ' stroke-dasharray="2 3"'
        parts.append(
            f'<line x1="{PAD_LEFT}" y1="{fmt(y)}" x2="{WIDTH - PAD}" y2="{fmt(y)}" '
            f'stroke="{axis}" stroke-width="{1.2 if value == 0 else 0.6}"{dash}/>'
            f'<text x="{PAD_LEFT - 4}" y="{fmt(y + 3.5)}" text-anchor="end" font-size="10" '
            f'font-family="sans-serif" fill="currentColor">{label}</text>'
        )
    if points:
        line = " ".join(f"{fmt(x_of(k))},{fmt(y_of(p.value))}" for k, p in enumerate(points))
        parts.append(
            f'<polyline points="{line}" fill="none" '
            'stroke="var(--review-graph-line,currentColor)" stroke-width="1.5"/>'
        )
    every = max(1, math.ceil(len(points) / 12))  # at most a dozen numbers along the foot
    for k, p in enumerate(points):
        if k % every == 0 or k == len(points) - 1:
            parts.append(
                f'<text x="{fmt(x_of(k))}" y="{HEIGHT - 3}" text-anchor="middle" font-size="10" '
                f'font-family="sans-serif" fill="currentColor">{p.index + 1}</text>'
            )
    turned = turning_point(points)
    turn = None if turned is None else turned[0]
    for k, p in enumerate(points):
        x, y = x_of(k), y_of(p.value)
        half = TARGET / 2
        parts.append(
            f'<g class="review-graph__point" data-index="{p.index}" data-mark="{p.mark}">'
            f'<rect x="{fmt(x - half)}" y="{fmt(y - half)}" width="{TARGET}" height="{TARGET}" '
            'fill="transparent"/>'
            + (
                f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="{fmt(SIZES[p.mark] + 4)}" fill="none" '
                'stroke="currentColor" stroke-width="1.5" class="review-graph__turn"/>'
                if k == turn
                else ""
            )
            + _shape(p.mark, x, y)
            + "</g>"
        )
    parts.append("</svg>")
    return "".join(parts)


def ticks(points: Sequence[GraphPoint]) -> list[float]:
    """The scale's values, lowest first: round steps covering every point and 0."""
    return scale([p.value for p in points] + [0.0])
