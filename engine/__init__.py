"""A rules engine for domino Block, its Danish house rules, Draw and All Fives.

Pure Python, no dependencies: it runs under CPython 3.11+ and in the browser (Pyodide).

>>> from engine import Rules, RoundState
>>> state = RoundState.new(Rules.make("block"), players=2, rng=1)
>>> while not state.is_terminal:
...     state.apply(state.legal_moves()[0])
>>> state.result().winner in (0, 1, None)
True
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.core.errors import DominoError
    from engine.core.layout import END_ORDER, Connection, End, Layout, OpenEnd, TileSide
    from engine.core.match import Match, MatchOutcome, match_outcome
    from engine.core.rules import PRESETS, Rules, round_to_five
    from engine.core.scoring import RoundEnd, score_round_end
    from engine.core.state import Event, Move, Observation, RoundResult, RoundState, deal
    from engine.core.tiles import ALL_TILES, Tile
    from engine.lang import LANGUAGES
    from engine.presentation.description import describe, figure_description, title

_HOMES: dict[str, str] = {
    "ALL_TILES": "engine.core.tiles",
    "Connection": "engine.core.layout",
    "DominoError": "engine.core.errors",
    "END_ORDER": "engine.core.layout",
    "End": "engine.core.layout",
    "Event": "engine.core.state",
    "LANGUAGES": "engine.lang",
    "Layout": "engine.core.layout",
    "Match": "engine.core.match",
    "MatchOutcome": "engine.core.match",
    "Move": "engine.core.state",
    "Observation": "engine.core.state",
    "OpenEnd": "engine.core.layout",
    "PRESETS": "engine.core.rules",
    "RoundEnd": "engine.core.scoring",
    "RoundResult": "engine.core.state",
    "RoundState": "engine.core.state",
    "Rules": "engine.core.rules",
    "Tile": "engine.core.tiles",
    "TileSide": "engine.core.layout",
    "deal": "engine.core.state",
    "describe": "engine.presentation.description",
    "figure_description": "engine.presentation.description",
    "match_outcome": "engine.core.match",
    "round_to_five": "engine.core.rules",
    "score_round_end": "engine.core.scoring",
    "title": "engine.presentation.description",
}
"""Where each public name lives: it is imported from there on first use, so
``import engine.core.tiles`` loads the core alone, and ``from engine import Rules`` the
modules that ``Rules`` needs."""

__all__ = [
    "ALL_TILES",
    "END_ORDER",
    "LANGUAGES",
    "PRESETS",
    "Connection",
    "DominoError",
    "End",
    "Event",
    "Layout",
    "Match",
    "MatchOutcome",
    "Move",
    "Observation",
    "OpenEnd",
    "RoundEnd",
    "RoundResult",
    "RoundState",
    "Rules",
    "Tile",
    "TileSide",
    "deal",
    "describe",
    "figure_description",
    "match_outcome",
    "round_to_five",
    "score_round_end",
    "title",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
