"""The site's figures: layouts drawn as accessible SVG, still, in steps, or live.

A figure is the layout after some plays; its title names the tile placed last, its
description is the caption followed by the structured description of the layout. On the
pages a tile's short side is :data:`PAGE_SIZE` pixels wide, on a tray's buttons
:data:`TRAY_SIZE`, in the practice hand :data:`HAND_SIZE`, in a round's listed hands
:data:`LIST_SIZE`.
"""

from __future__ import annotations

from engine.core.layout import Layout
from engine.core.rules import Rules
from engine.core.tiles import Tile
from engine.presentation import svg
from engine.presentation.description import figure_description, title

PAGE_SIZE = 48
"""Width in CSS pixels of a tile's short side in the pages' figures."""

TRAY_SIZE = 36
"""Width in CSS pixels of a tile's short side on a try-it figure's or a lesson's tile
buttons: large enough to tell [2|5] from [3|4] at a glance, while a tray of four still
fits two by two in a 360 px phone's try-it box."""

LIST_SIZE = 26
"""Width in CSS pixels of a tile's short side in the hands listed beside a round's
figures: read, not chosen, and up to four rows of seven or more tiles on a phone."""

HAND_SIZE = 40
"""Width in CSS pixels of a tile's short side in the reader's hand on the practice page:
larger than a table tile on a phone (where the narrow table keeps at least 18 px)."""


def layout_svg(
    layout: Layout,
    lang: str,
    caption: str,
    *,
    size: float = svg.UNIT,
    highlight_last: bool = False,
    fit: svg.Fit = "wide",
    name: str | None = None,
) -> str:
    """``layout`` drawn with its title and description in ``lang``; ``highlight_last``
    marks the tile placed last (the step's move); ``fit="narrow"`` arranges it for a
    phone (see :func:`engine.presentation.svg.render`). A ``name`` is the drawing's
    whole accessible name (its title), the description then only described by it."""
    last = len(layout.tiles) - 1 if highlight_last and layout.tiles else None
    return svg.render(
        layout,
        title=title(layout, lang) if name is None else name,
        desc=figure_description(layout, caption, lang),
        size=size,
        highlight=last,
        fit=fit,
        named=name is not None,
    )


def figure_svg(
    plays: list[str],
    lang: str,
    caption: str,
    preset: str = "block",
    *,
    size: float = svg.UNIT,
    highlight_last: bool = False,
    fit: svg.Fit = "wide",
) -> str:
    """The figure of the layout after ``plays`` under ``preset``, told in ``lang``.

    Bad plays, an unknown preset or language raise :class:`~engine.core.errors.DominoError`.
    """
    layout = Rules.make(preset).policy.layout.from_plays(plays)
    return layout_svg(layout, lang, caption, size=size, highlight_last=highlight_last, fit=fit)


def tile_svg(tile: Tile, size: float = TRAY_SIZE) -> str:
    """A single tile lying down, drawn as decoration: the button or text around it
    names the tile."""
    return svg.render(Layout.empty().place(tile), markers=False, size=size, decorative=True)
