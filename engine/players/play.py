"""Computer players at the table: make one by level, play rounds and matches."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from engine.core.errors import DominoError
from engine.core.match import Match
from engine.core.rules import Rules
from engine.core.state import RoundResult, RoundState
from engine.players.expert import Expert
from engine.players.levels import LEVELS, Beginner, Club, Player


def make_player(level: str, seed: int = 0, **options: Any) -> Player:
    """A player of ``level`` (one of :data:`LEVELS`); ``options`` go to its class."""
    if level == "beginner":
        return Beginner(seed=seed, **options)
    if level == "club":
        return Club(**options)
    if level == "expert":
        return Expert(seed=seed, **options)
    raise DominoError("unknown_level", level=level, levels=", ".join(LEVELS))


def play_round(state: RoundState, lineup: Sequence[Player]) -> RoundResult:
    """Play ``state`` to its end, each seat asking its player; returns the result.

    Each player sees only its seat's observation; a move it returns that is not legal
    raises :class:`DominoError`.
    """
    if len(lineup) != state.players:
        raise DominoError("hand_count", count=len(lineup), players=state.players)
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        obs = state.observation(seat)
        move = lineup[seat](obs)
        if move not in obs.legal_moves():
            # Let the state tell what is wrong (an end left out is filled in by it).
            state.check(move)
        state.apply(move)
    return state.result()


def play_match(
    rules: Rules,
    lineup: Sequence[Player],
    seed: int | random.Random | None = 0,
    *,
    max_rounds: int = 1000,
    on_round: Callable[[RoundState], None] | None = None,
) -> Match:
    """A whole match between the players of ``lineup`` (one per seat), dealt from ``seed``."""
    match = Match(rules, len(lineup), rng=seed)
    while not match.is_over and len(match.results) < max_rounds:
        state = match.start_round()
        play_round(state, lineup)
        if on_round is not None:
            on_round(state)
        match.record(state)
    return match
