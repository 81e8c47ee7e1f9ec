"""What a lesson's task shows: its position drawn, the reader's tiles and where they go.

The task and its judging are :mod:`engine.features.lessons`'; the build hook (``hooks/lessons.py``)
draws each task from :func:`view`.
"""

from __future__ import annotations

from typing import Any

from engine.features.lessons import Task, layout_plays, position
from engine.presentation.figures import PAGE_SIZE, layout_svg
from engine.presentation.views import end_views, tile_view


def task_view(task: Task | dict[str, Any], lang: str, caption: str) -> dict[str, Any]:
    """What a task shows, in ``lang``: the layout (its accessible description starts with
    ``caption``), the reader's tiles and the open ends to lay one on; in a round, the
    other hands (their sizes, or once the round is over their tiles), the undealt tiles
    and how the round ended."""
    task = Task.of(task)
    pos = position(task)
    out: dict[str, Any] = {
        "svg": layout_svg(pos.layout, lang, caption, size=PAGE_SIZE) if pos.layout.tiles else "",
        "tiles": [tile_view(t) for t in pos.hand],
        "hand": [t.code for t in pos.hand],
        "ends": end_views(pos.layout, lang),
        "seat": pos.seat,
    }
    state = pos.state
    if state is None:
        return out
    out["plays"] = layout_plays(pos.layout)
    # A turn or draws task shows the table before the draws that follow the last play.
    drawn = [e.seat for e in pos.forced if e.kind == "draw"] if task.kind != "move" else []
    boneyard = state.rules.policy.deal.boneyard
    undealt = len(state.boneyard) + len(drawn) if boneyard else 0
    if not boneyard:
        undealt = state.rules.stock_size(state.players)
    out["undealt"] = {"draw": boneyard, "count": undealt}
    out["finished"] = state.is_terminal
    if state.is_terminal:
        out["hands"] = [
            {"seat": seat, "tiles": [tile_view(t) for t in hand]}
            for seat, hand in enumerate(state.hands)
        ]
        out["went_out"] = state.went_out
    else:
        sizes = state.hand_sizes()
        for seat in drawn:
            sizes[seat] -= 1
        out["sizes"] = sizes
    return out
