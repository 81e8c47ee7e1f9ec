"""The site's figures: a layout from record plays, drawn as an accessible SVG."""

from __future__ import annotations

from engine import svg
from engine.description import figure_description, title
from engine.layout import Layout
from engine.rules import Rules


def figure_svg(plays: list[str], lang: str, caption: str, preset: str = "block") -> str:
    """The figure of the layout after ``plays`` under ``preset``, told in ``lang``.

    Its title names the last tile placed; its description is ``caption`` followed by
    the structured description of the layout. Bad plays, an unknown preset or language
    raise :class:`~engine.errors.DominoError`.
    """
    layout = Layout.from_plays(plays, spinner=Rules.make(preset).spinner)
    return svg.render(
        layout,
        title=title(layout, lang),
        desc=figure_description(layout, caption, lang),
    )
