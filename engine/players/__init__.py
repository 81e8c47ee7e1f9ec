"""Computer players in three levels, a hint, and whole rounds and matches between them.

A player is a plain callable: it is given an :class:`~engine.core.state.Observation` (what its
seat may know, never the full state) and returns one of the legal moves. Levels:

- :class:`Beginner`: a legal move chosen at random, seeded.
- :class:`Club`: a readable heuristic: shed heavy tiles, keep a variety of values and
  tiles that follow the open ends, leave ends the opponents have shown they lack, take
  points in All Fives, and in partnerships do not shut out the partner.
- :class:`Expert`: determinized Monte Carlo. It deals the tiles it cannot see in ways
  consistent with everything public (hand sizes, tiles played, the values a player lacked
  when they passed or drew), plays each deal out after each candidate move with fast
  bit-mask playouts, and plays the move with the best average round score for its side.

Every choice depends only on the observation and the player's seed, so a player makes
the same move in any two positions its seat cannot tell apart. :func:`hint` answers
"what should I play here?" with the Expert's move and a one-line reason in any of the
site's languages. :func:`play_round` and :func:`play_match` play between a list of
players, one per seat.

The package: :mod:`~engine.players.knowledge` (what a seat can infer, and deals
consistent with it), :mod:`~engine.players.levels` (the moves, Beginner and Club),
:mod:`~engine.players.beliefs` (how players choose: what a seat's past choices
tell of its tiles), :mod:`~engine.players.expert` (the search, on the kernel's playouts),
:mod:`~engine.players.hints` and :mod:`~engine.players.play` (rounds and matches).

>>> from engine import Rules
>>> match = play_match(Rules.make("block"), [Club(), Beginner(seed=1)], seed=7)
>>> match.is_over
True
"""

from engine.players.expert import Expert, Search
from engine.players.hints import Fact, Hint, hint, hint_facts, level_name
from engine.players.knowledge import Knowledge, Sampler, knowledge
from engine.players.levels import (
    LEVELS,
    Beginner,
    Club,
    Features,
    Player,
    club_score,
    distinct_moves,
    features,
)
from engine.players.play import make_player, play_match, play_round

__all__ = [
    "LEVELS",
    "Beginner",
    "Club",
    "Expert",
    "Fact",
    "Features",
    "Hint",
    "Knowledge",
    "Player",
    "Sampler",
    "Search",
    "club_score",
    "distinct_moves",
    "features",
    "hint",
    "hint_facts",
    "knowledge",
    "level_name",
    "make_player",
    "play_match",
    "play_round",
]
