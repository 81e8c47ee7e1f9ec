"""What differs between the games: one small policy per rule, and the table of games.

A game (a preset of :mod:`engine.core.rules`) is a :class:`GamePolicy`: how it deals
(:class:`DealPolicy`), lays its tiles out (:class:`LayoutPolicy`), scores in play
(:class:`PlayPolicy`) and at the end of a round (:class:`EndPolicy`), who leads
(:class:`LeadPolicy`) and when its match ends (:class:`MatchPolicy`). Each policy is a
frozen value with its rule as methods; a :class:`~engine.core.rules.Rules` value holds its
game's policy, options applied, as ``rules.policy``, and the engine asks it instead of
testing a game's flags. The rules of play they choose between are the kernel's
(:mod:`engine.core.kernel`). :data:`GAMES` is the one table of games.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, Literal

from engine.core import kernel
from engine.core.kernel import Board, next_seat, play_score, to_mask
from engine.core.layout import Layout
from engine.core.tiles import ALL_TILES, Tile

BlockedScoring = Literal["total", "difference"]
FirstLead = Literal["lot", "highest_double"]
NextLead = Literal["rotate", "winner"]


def round_to_five(points: int) -> int:
    """Nearest multiple of five; a last digit of 3, 4, 8 or 9 rounds up."""
    return 5 * ((points + 2) // 5)


def shuffle(items: list[Tile], rng: random.Random) -> None:
    """Shuffle ``items`` in place exactly as :meth:`random.Random.shuffle` does (the
    Fisher-Yates shuffle, each index drawn by rejection from ``getrandbits``), so a seed
    deals the same tiles on any Python; it is written out so that it runs without the
    method's own overhead."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def _frozen(mapping: Mapping[Any, Any]) -> Mapping[Any, Any]:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True)
class DealPolicy:
    """The deal: how many tiles each player gets, and what becomes of the rest."""

    hand_sizes: Mapping[int, int]
    """Tiles dealt to each player, by player count."""
    boneyard: bool
    """The undealt tiles are a boneyard that a player who cannot play draws from, until
    a tile fits; otherwise they are set aside unseen and a player who cannot play
    passes."""

    def hand_size(self, players: int) -> int:
        """Tiles dealt to each of ``players``."""
        return self.hand_sizes[players]

    def stock_size(self, players: int) -> int:
        """Tiles not dealt: the boneyard, or the tiles set aside."""
        return len(ALL_TILES) - players * self.hand_size(players)

    def deal(self, players: int, rng: random.Random) -> tuple[list[list[Tile]], list[Tile]]:
        """Shuffle the 28 tiles and deal them in turn from seat 0, a hand at a time: the
        hands and the undealt tiles in order."""
        size = self.hand_size(players)
        tiles = list(ALL_TILES)
        shuffle(tiles, rng)
        hands = [tiles[i * size : (i + 1) * size] for i in range(players)]
        return hands, tiles[players * size :]

    def stock(self, undealt: Iterable[Tile]) -> list[Tile]:
        """The round's boneyard from the undealt tiles: all of them, in drawing order,
        where players draw; none where they are set aside."""
        return list(undealt) if self.boneyard else []


@dataclass(frozen=True)
class LayoutPolicy:
    """The layout: a line with two open ends, or with a spinner that opens four."""

    has_spinner: bool
    """The first double laid is the spinner: once tiles lie against both of its long
    sides, its short sides open too."""

    def board(self) -> Board:
        """An empty table as the kernel keeps it."""
        return Board(self.has_spinner)

    def empty(self) -> Layout:
        """An empty table."""
        return Layout.empty(self.has_spinner)

    def from_plays(self, plays: list[str]) -> Layout:
        """The layout after plays in record notation (``"1-4"``, ``"1-1@left"``)."""
        return Layout.from_plays(plays, spinner=self.has_spinner)


@dataclass(frozen=True)
class PlayPolicy:
    """Scoring in play, as each tile is laid."""

    scores: bool
    """Open ends adding up to a multiple of five score that count for the player who
    laid the tile (All Fives); otherwise nothing scores before the round ends."""

    def points(self, count: int) -> int:
        """What a play scores, the open ends counting ``count`` once its tile is laid:
        :func:`~engine.core.kernel.play_score` where plays score, else nothing."""
        return play_score(count) if self.scores else 0

    def layout_points(self, layout: Layout) -> int:
        """What the tile just laid on ``layout`` scored."""
        return self.points(layout.count())


@dataclass(frozen=True)
class EndPolicy:
    """Scoring at the end of a round, after the kernel's :func:`~engine.core.kernel.end_terms`
    has named the winner and whose pips count."""

    blocked: BlockedScoring
    """A blocked round's winner scores the others' pips (``total``), or those less its
    own (``difference``)."""
    rounding: bool
    """The round's score goes to the nearest multiple of five (3, 4, 8, 9 round up)."""
    double_finish: bool
    """Going out with a double doubles the round's score (after rounding)."""

    @property
    def by_difference(self) -> bool:
        """A blocked round's winner has its own pips taken away."""
        return self.blocked == "difference"

    def round_score(self, raw: int) -> int:
        """The raw score rounded where the game rounds: 12 → 10, 13 → 15."""
        return round_to_five(raw) if self.rounding else raw

    def rounded(self, raw: int) -> int | None:
        """The rounding step: the raw score rounded, or ``None`` where nothing rounds."""
        return round_to_five(raw) if self.rounding else None

    def doubled(self, points: int, double_out: bool) -> int | None:
        """The doubling step: ``points`` doubled when the round was won by going out
        with a double and the game doubles that, else ``None``."""
        return 2 * points if double_out and self.double_finish else None

    def points(self, raw: int, double_out: bool) -> int:
        """The round's end score from its raw sum: rounded, then doubled."""
        points = self.round_score(raw)
        doubled = self.doubled(points, double_out)
        return points if doubled is None else doubled


@dataclass(frozen=True)
class LeadPolicy:
    """Who leads: the first round, and each round after."""

    first: FirstLead
    """The first round: the leader is drawn by lot (``lot``), or holds the highest
    double and opens with it (``highest_double``)."""
    next: NextLead
    """Later rounds: led one seat clockwise from the last leader (``rotate``), or by
    the last round's winner (``winner``; after a round nobody won, one seat
    clockwise)."""

    @property
    def by_lot(self) -> bool:
        """The first leader of a match is drawn by lot."""
        return self.first == "lot"

    def required_opening(self, hands: Sequence[Iterable[Tile]]) -> tuple[int, Tile] | None:
        """The seat and tile that must open a first round dealt ``hands``, else ``None``.

        With the highest double first: the highest double opens; if nobody holds a
        double, the heaviest tile (on equal weights, the one with the higher high half).
        """
        if self.first != "highest_double":
            return None
        seat, tile = kernel.packed_opening([to_mask(h) for h in hands])
        return seat, ALL_TILES[tile]

    @staticmethod
    def winning_seat(pips: Sequence[int], members: Sequence[int], leader: int) -> int:
        """The seat of a side that won a blocked round that leads next where the winner
        leads: of a team, the partner with fewer pips; on equal pips, the first of the
        two clockwise from the round leader's left. ``pips`` are per seat."""
        players = len(pips)
        order = [(leader + k) % players for k in range(1, players + 1)]
        seats = [s for s in order if s in members]
        return min(seats, key=lambda s: (pips[s], seats.index(s)))

    def next_leader(self, players: int, leader: int, winner: int | None) -> int:
        """Who leads the round after one led by ``leader``; ``winner`` is the seat that
        went out or won the block for its side (``None``: nobody won)."""
        if self.next == "winner" and winner is not None:
            return winner
        return next_seat(leader, players)


@dataclass(frozen=True)
class MatchOutcome:
    """Whether the match is over, and who won."""

    over: bool
    winner: int | None
    drawn: bool


@dataclass(frozen=True)
class MatchPolicy:
    """The end of a match: rounds are played until a side reaches the target."""

    targets: Mapping[int, int]
    """Points that end the match, by player count."""

    def target(self, players: int) -> int:
        """Points that end a match of ``players``."""
        return self.targets[players]

    def outcome(self, players: int, totals: Sequence[int]) -> MatchOutcome:
        """The match after a round fully scored, ``totals`` per side: not over while
        every side is below the target; then the highest total wins (points over the
        target are kept), and a tie for it ends the match drawn."""
        top = max(totals)
        if top < self.target(players):
            return MatchOutcome(False, None, False)
        if list(totals).count(top) > 1:
            return MatchOutcome(True, None, True)
        return MatchOutcome(True, list(totals).index(top), False)


@dataclass(frozen=True)
class GamePolicy:
    """A game: each of its rules that differs between games, and the house options it
    offers."""

    deal: DealPolicy
    layout: LayoutPolicy
    play: PlayPolicy
    end: EndPolicy
    lead: LeadPolicy
    match: MatchPolicy
    options: Mapping[str, tuple[Any, ...]] = field(default_factory=lambda: _frozen({}))
    """The options a record may set: option name, allowed values, the default first."""

    def with_options(self, chosen: Mapping[str, Any]) -> GamePolicy:
        """This game with ``chosen`` options (already checked against :attr:`options`)
        applied; ``partnerships`` is a seating, not a policy (:class:`~engine.core.rules.Rules`
        keeps it)."""
        deal, end, match = self.deal, self.end, self.match
        size = chosen.get("hand_size")
        if size is not None:
            deal = replace(deal, hand_sizes=_frozen({n: size for n in deal.hand_sizes}))
        if "draw" in chosen:
            deal = replace(deal, boneyard=chosen["draw"])
        end = EndPolicy(
            blocked=chosen.get("blocked_scoring", end.blocked),
            rounding=chosen.get("rounding", end.rounding),
            double_finish=chosen.get("double_finish", end.double_finish),
        )
        target = chosen.get("target")
        if target is not None:
            match = MatchPolicy(_frozen({n: target for n in match.targets}))
        return replace(self, deal=deal, end=end, match=match)


_DK_OPTIONS: dict[str, tuple[Any, ...]] = {
    # option name: allowed values, the default first
    "hand_size": (None, 7),
    "draw": (False, True),
    "blocked_scoring": ("total", "difference"),
    "partnerships": (False, True),
    "rounding": (False, True),
    "double_finish": (False, True),
    "target": (100, 150, 250, 61),
}

_LINE = LayoutPolicy(has_spinner=False)
_NO_PLAY_POINTS = PlayPolicy(scores=False)

GAMES: Mapping[str, GamePolicy] = _frozen(
    {
        "block": GamePolicy(
            deal=DealPolicy(_frozen({2: 7, 3: 5, 4: 5}), boneyard=False),
            layout=_LINE,
            play=_NO_PLAY_POINTS,
            end=EndPolicy(blocked="difference", rounding=False, double_finish=False),
            lead=LeadPolicy(first="lot", next="rotate"),
            match=MatchPolicy(_frozen({2: 100, 3: 61, 4: 61})),
        ),
        "block-dk": GamePolicy(
            deal=DealPolicy(_frozen({2: 7, 3: 5, 4: 5}), boneyard=False),
            layout=_LINE,
            play=_NO_PLAY_POINTS,
            end=EndPolicy(blocked="total", rounding=False, double_finish=False),
            lead=LeadPolicy(first="highest_double", next="winner"),
            match=MatchPolicy(_frozen({2: 100, 3: 100, 4: 100})),
            options=_frozen(_DK_OPTIONS),
        ),
        "draw": GamePolicy(
            deal=DealPolicy(_frozen({2: 7, 3: 7, 4: 6}), boneyard=True),
            layout=_LINE,
            play=_NO_PLAY_POINTS,
            end=EndPolicy(blocked="difference", rounding=False, double_finish=False),
            lead=LeadPolicy(first="lot", next="winner"),
            match=MatchPolicy(_frozen({2: 100, 3: 61, 4: 61})),
        ),
        "all-fives": GamePolicy(
            deal=DealPolicy(_frozen({2: 7, 3: 5, 4: 5}), boneyard=True),
            layout=LayoutPolicy(has_spinner=True),
            play=PlayPolicy(scores=True),
            end=EndPolicy(blocked="total", rounding=True, double_finish=False),
            lead=LeadPolicy(first="lot", next="winner"),
            match=MatchPolicy(_frozen({2: 150, 3: 150, 4: 150})),
        ),
    }
)
"""Every game by preset name: its policies as the presets table deals, lays out,
scores, leads and ends a match without options."""
