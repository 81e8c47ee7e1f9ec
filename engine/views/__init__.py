"""What the pages show: the engine's views, apart from its rules.

A view is plain JSON-able data in the reader's language, drawn as it is by a page's
script or a build hook: every word, number and drawing comes from here, and no rule is
decided here (the views ask :mod:`engine.state`, :mod:`engine.layout`,
:mod:`engine.scoring` and the modules of each page). The modules:

- :mod:`~engine.views.rounds`: a round told, its events one by one (the one narration,
  which the practice page's log and a round's steps both use), its end and its score,
  and a whole round step by step (the ``round`` fences);
- :mod:`~engine.views.tryit`: a try-it figure and the moves laid on it;
- :mod:`~engine.views.practice`: the practice page (:func:`engine.views.practice.view`);
- :mod:`~engine.views.scorepad`: the scorepad's sheet
  (:func:`engine.views.scorepad.score_sheet`);
- :mod:`~engine.views.lessons`: a lesson's task (:func:`engine.views.lessons.view`);
- :mod:`~engine.views.puzzles`: a puzzle drawn, and the reader's move judged by the
  solver (:func:`engine.views.puzzles.reply`);
- :mod:`~engine.views.review`: a round's review: each decision of one seat drawn, judged
  and told (:func:`engine.views.review.judge_view`), and the summary.

The helpers below are the pieces several views show alike: a tile, and the open ends of
a layout.
"""

from __future__ import annotations

from typing import Any

from engine.description import end_label
from engine.figures import TRAY_SIZE, tile_svg
from engine.layout import Layout
from engine.tiles import Tile


def tile_view(tile: Tile, size: float = TRAY_SIZE) -> dict[str, Any]:
    """A tile as a page shows one: its ``code`` (``"1-4"``), its ``name`` (``[1|4]``) and
    its drawing (``svg``), its short side ``size`` pixels wide."""
    return {"code": tile.code, "name": str(tile), "svg": tile_svg(tile, size)}


def end_views(layout: Layout, lang: str) -> list[dict[str, Any]]:
    """The open ends of ``layout`` as a page offers them to lay a tile on: each ``end``
    (``"left"``), the ``value`` it takes and its button's ``label`` in ``lang``."""
    return [
        {"end": e.end.value, "value": e.value, "label": end_label(e.end, e.value, lang)}
        for e in layout.ends
    ]
