"""Line charts drawn as standalone SVG: the progress page's figures over time, and the
scale the review's graph of a round shares (:mod:`engine.presentation.graph`).

A chart is for the eye (``aria-hidden``): a page gives the same figures in a table. Its
scale has round steps (1, 2 or 5 times a power of ten, about a quarter of the span) and
its labels are the caller's, written in the reader's language. Colours are CSS custom
properties with fallbacks (``--chart-line``, ``--chart-axis``), so a page can restyle a
chart for a dark scheme; the text is ``currentColor``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

WIDTH = 280
"""The drawing's width in its own units: a little under a phone's column (about 300 px),
so that its 10-unit text is at least 10 px there."""
HEIGHT = 160
PAD_LEFT = 38
"""Room for the scale on the left."""
PAD = 12
BOTTOM = 14
"""Room under the chart for the labels along its foot."""
FOOT_LABELS = 8
"""The most labels along a chart's foot (the first and last always among them)."""


def step(span: float, least: float = 1.0) -> float:
    """A round step for a scale's ticks: 1, 2 or 5 times a power of ten, about a quarter
    of ``span``, at least ``least``."""
    raw = max(span / 4, least)
    power = 10.0 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if factor * power >= raw:
            return factor * power
    return 10.0 * power


def scale(values: Sequence[float], least: float = 1.0) -> list[float]:
    """The ticks of a scale covering ``values`` (at least one), lowest first, at round
    steps of at least ``least``."""
    low, high = min(values), max(values)
    size = step(high - low, least)
    bottom = math.floor(low / size) * size
    top = math.ceil(high / size) * size
    if top == bottom:
        top = bottom + size
    count = round((top - bottom) / size)
    return [bottom + k * size + 0.0 for k in range(count + 1)]


def fmt(v: float) -> str:
    """A coordinate as the drawing writes it: to a tenth, no trailing zeros."""
    return f"{v:.1f}".rstrip("0").rstrip(".")


def line_chart(
    values: Sequence[float],
    ticks: Sequence[float],
    tick_labels: Sequence[str],
    foot: Sequence[str],
    css: str,
) -> str:
    """A chart of ``values`` in order, joined by a line, each a dot, over the scale
    ``ticks`` (labelled ``tick_labels``), each value labelled ``foot`` along the bottom
    (at most :data:`FOOT_LABELS` of them shown); ``css`` the drawing's class."""
    if len(tick_labels) != len(ticks) or len(foot) != len(values) or len(ticks) < 2:
        raise ValueError("one label a tick and a foot label a value, two ticks at least")
    top, bottom = ticks[-1], ticks[0]
    inner_w = WIDTH - PAD_LEFT - PAD
    inner_h = HEIGHT - 2 * PAD - BOTTOM
    count = max(len(values), 1)

    def x_of(k: int) -> float:
        return PAD_LEFT + inner_w * (k + 0.5) / count

    def y_of(v: float) -> float:
        return PAD + inner_h * (top - v) / (top - bottom)

    axis = "var(--chart-axis,#9e9e9e)"
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{css}" viewBox="0 0 {WIDTH} '
        f'{HEIGHT}" width="{WIDTH}" height="{HEIGHT}" aria-hidden="true" focusable="false">'
    ]
    for value, label in zip(ticks, tick_labels, strict=True):
        y = y_of(value)
        dash = "" if value in (bottom, 0) else ' stroke-dasharray="2 3"'
        parts.append(
            f'<line x1="{PAD_LEFT}" y1="{fmt(y)}" x2="{WIDTH - PAD}" y2="{fmt(y)}" '
            f'stroke="{axis}" stroke-width="{1.2 if value in (bottom, 0) else 0.6}"{dash}/>'
            f'<text x="{PAD_LEFT - 4}" y="{fmt(y + 3.5)}" text-anchor="end" font-size="10" '
            f'font-family="sans-serif" fill="currentColor">{label}</text>'
        )
    line = "var(--chart-line,currentColor)"
    if len(values) > 1:
        drawn = " ".join(f"{fmt(x_of(k))},{fmt(y_of(v))}" for k, v in enumerate(values))
        parts.append(f'<polyline points="{drawn}" fill="none" stroke="{line}" stroke-width="1.5"/>')
    for k, v in enumerate(values):
        parts.append(f'<circle cx="{fmt(x_of(k))}" cy="{fmt(y_of(v))}" r="3" fill="{line}"/>')
    every = max(1, math.ceil(len(values) / FOOT_LABELS))
    last = len(values) - 1
    for k, label in enumerate(foot):
        # Every few, and the last unless it is too near the one before it.
        if k % every == 0 or (k == last and k % every >= every / 2):
            parts.append(
                f'<text x="{fmt(x_of(k))}" y="{HEIGHT - 3}" text-anchor="middle" font-size="10" '
                f'font-family="sans-serif" fill="currentColor">{label}</text>'
            )
    parts.append("</svg>")
    return "".join(parts)
