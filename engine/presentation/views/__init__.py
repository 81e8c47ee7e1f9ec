"""What the pages show: the engine's views, apart from its rules.

A view is plain JSON-able data in the reader's language, drawn as it is by a page's
script or a build hook: every word, number and drawing comes from here, and no rule is
decided here (the views ask :mod:`engine.core.state`, :mod:`engine.core.layout`,
:mod:`engine.core.scoring` and the modules of each page). The modules:

- :mod:`~engine.presentation.views.rounds`: a round told, its events one by one (the one narration,
  which the practice page's log and a round's steps both use), its end and its score,
  and a whole round step by step (the ``round`` fences);
- :mod:`~engine.presentation.views.tryit`: a try-it figure and the moves laid on it;
- :mod:`~engine.presentation.views.practice`: the practice page
  (:func:`engine.presentation.views.practice.game_view`);
- :mod:`~engine.presentation.views.scorepad`: the scorepad's sheet
  (:func:`engine.presentation.views.scorepad.score_sheet`);
- :mod:`~engine.presentation.views.lessons`: a lesson's task
  (:func:`engine.presentation.views.lessons.task_view`);
- :mod:`~engine.presentation.views.puzzles`: a puzzle drawn, and the reader's move judged by the
  solver (:func:`engine.presentation.views.puzzles.reply`);
- :mod:`~engine.presentation.views.review`: a round's review: each decision of one seat
  drawn, judged and told (:func:`engine.presentation.views.review.judge_view`), and the
  summary.

The helpers below are the pieces several views show alike: a tile, and the open ends of
a layout.
"""

from __future__ import annotations

from typing import Any

from engine.core.layout import Layout
from engine.core.tiles import Tile
from engine.presentation.description import end_label
from engine.presentation.figures import TRAY_SIZE, tile_svg


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
