"""Accessible descriptions of a layout, in the site's languages.

The structured description has three parts, as in the seeds' figures::

    Tiles: [1|4], [1|1]. Connections: [1|4] (low-value end) – [1|1] (line side A).
    Open ends: [1|1] (line side B, 1); [1|4] (high-value end, 4).

Tiles are listed in the order placed; connections in the order made, as "placed tile
(its side) – new tile (its side)"; open ends sorted by tile, and for one
tile high end, low end, line side A, line side B, spinner top, spinner bottom, each with
the value it takes.
"""

from __future__ import annotations

from engine.core.layout import End, Layout
from engine.core.words import strings, text


def describe(layout: Layout, lang: str = "en") -> str:
    """The structured description of ``layout`` in ``lang``."""
    s = strings(lang)
    if not layout.tiles:
        return s["empty_table"]
    tiles = ", ".join(str(t) for t in layout.tiles)
    connections = "; ".join(
        f"{layout.tiles[c.parent]} ({s['side.' + c.parent_side.value]}) – "
        f"{layout.tiles[c.child]} ({s['side.' + c.child_side.value]})"
        for c in layout.connections
    )
    points = "; ".join(
        f"{layout.tiles[e.tile]} ({s['side.' + e.side.value]}, {e.value})"
        for e in layout.open_points()
    )
    return (
        f"{s['tiles']}: {tiles}. "
        f"{s['connections']}: {connections or s['none']}. "
        f"{s['open_points']}: {points or s['none']}."
    )


def title(layout: Layout, lang: str = "en") -> str:
    """A figure's title: the last tile placed ("Tile placed [1|4]")."""
    s = strings(lang)
    if not layout.tiles:
        return s["empty_table"]
    return s["title"].format(tile=layout.tiles[-1])


def figure_description(layout: Layout, caption: str, lang: str = "en") -> str:
    """The accessible description of a figure: its caption, then the structure."""
    structure = describe(layout, lang)
    return f"{caption.strip()} {structure}" if caption.strip() else structure


def end_label(end: End, value: int, lang: str = "en") -> str:
    """An open end named for a button: "left end, needs a 1"."""
    return text(lang, "try.end", end=strings(lang)[f"end.{end}"], value=value)


def place_label(place: str, value: int, lang: str = "en") -> str:
    """An open end named for a button by its place on the drawing (one of
    :data:`engine.presentation.places.PLACES`): "top-left end, needs a 1"."""
    return text(lang, "try.end", end=strings(lang)[f"place.{place}"], value=value)
