"""A try-it figure: a layout, the reader's tiles, and the moves laid on it.

The build draws the figure first (:func:`try_view`, from a ``try`` fence); the page then
sends each move the reader makes to :func:`try_move` (through :mod:`engine.presentation.web`), which
lays it, or refuses it with the engine's own error, and tells what it did.
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import DominoError
from engine.core.layout import parse_end
from engine.core.rules import Rules
from engine.core.tiles import Tile
from engine.core.words import check_lang, strings, text
from engine.presentation.figures import PAGE_SIZE, layout_svg
from engine.presentation.views import end_views, tile_view
from engine.presentation.views.rounds import join


def try_view(
    preset: str, plays: list[str], hand: list[str], lang: str, caption: str, *, last: bool = False
) -> dict[str, Any]:
    """What a try-it figure shows: the layout after ``plays`` with its accessible caption,
    the tiles still in the reader's ``hand`` and the open ends to lay one on.

    The hand may hold no tile that is already on the table. ``last`` marks the tile
    placed last as the move just made.
    """
    check_lang(lang)
    layout = Rules.make(preset).policy.layout.from_plays(plays)
    tiles = [Tile.parse(code) for code in hand]
    for tile in tiles:
        if tile in layout.tiles or tiles.count(tile) > 1:
            raise DominoError("already_placed", tile=str(tile))
    return {
        "preset": preset,
        "plays": list(plays),
        "hand": [t.code for t in tiles],
        "tiles": [tile_view(t) for t in tiles],
        "svg": layout_svg(layout, lang, caption, size=PAGE_SIZE, highlight_last=last),
        "caption": caption,
        "ends": end_views(layout, lang),
    }


def try_move(
    preset: str, plays: list[str], hand: list[str], tile: object, end: object, lang: str
) -> dict[str, Any]:
    """Lay ``tile`` from the reader's ``hand`` on ``end`` of the layout after ``plays``.

    Returns the new view (see :func:`try_view`), its caption telling the move, the open
    ends and, where plays score (All Fives), what this one scored. An illegal move raises
    the engine's own error.
    """
    rules = Rules.make(preset)
    laid = Tile.parse(tile)
    at = parse_end(end)
    held = [Tile.parse(h) for h in hand]
    twice = next((t for k, t in enumerate(held) if t in held[:k]), None)
    if twice is not None:
        raise DominoError("hand_repeats", tile=str(twice))
    if laid not in held:
        raise DominoError("not_in_tray", tile=str(laid))
    before = rules.policy.layout.from_plays(plays)
    layout = before.place(laid, at)
    s = strings(lang)
    told = [
        text(
            lang,
            "try.placed",
            tile=laid,
            end=s[f"end.to.{at}"],
            values=join([str(v) for v in layout.open_values()], lang),
        )
    ]
    if rules.policy.play.scores:
        scored = rules.policy.play.layout_points(layout)
        key = "try.scored" if scored else "try.no_score"
        told.append(text(lang, key, count=layout.count()))
    rest = [h for h in hand if Tile.parse(h) != laid]
    if not rest:
        told.append(s["try.empty"])
    return try_view(preset, [*plays, f"{laid.code}@{at}"], rest, lang, " ".join(told), last=True)
