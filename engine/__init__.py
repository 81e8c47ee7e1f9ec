"""A rules engine for domino Block, its Danish house rules, Draw and All Fives.

Pure Python, no dependencies: it runs under CPython 3.11+ and in the browser (Pyodide).

>>> from engine import Rules, RoundState
>>> state = RoundState.new(Rules.make("block"), players=2, rng=1)
>>> while not state.is_terminal:
...     state.apply(state.legal_moves()[0])
>>> state.result().winner in (0, 1, None)
True
"""

from engine.description import describe, figure_description, title
from engine.errors import DominoError
from engine.lang import LANGUAGES
from engine.layout import END_ORDER, Connection, End, Layout, OpenEnd, TileSide
from engine.match import Match, MatchOutcome, match_outcome
from engine.rules import PRESETS, Rules, round_to_five
from engine.scoring import RoundEnd, score_round_end
from engine.state import Event, Move, Observation, RoundResult, RoundState, deal
from engine.tiles import ALL_TILES, Tile

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
