"""A rules engine for domino Block, its Danish house rules, Draw and All Fives.

Pure Python, no dependencies: it runs under CPython 3.11+ and in the browser (Pyodide).

>>> from engine import Rules, RoundState
>>> state = RoundState.new(Rules.make("block"), players=2, rng=1)
>>> while not state.is_terminal:
...     state.apply(state.legal_moves()[0])
>>> state.result().winner in (0, 1, None)
True
"""

from engine.core.errors import DominoError
from engine.core.layout import END_ORDER, Connection, End, Layout, OpenEnd, TileSide
from engine.core.match import Match, MatchOutcome, match_outcome
from engine.core.rules import PRESETS, Rules, round_to_five
from engine.core.scoring import RoundEnd, score_round_end
from engine.core.state import Event, Move, Observation, RoundResult, RoundState, deal
from engine.core.tiles import ALL_TILES, Tile
from engine.lang import LANGUAGES
from engine.presentation.description import describe, figure_description, title

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
