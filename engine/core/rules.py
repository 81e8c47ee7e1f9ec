"""Rule presets: ``block``, ``block-dk``, ``draw`` and ``all-fives``.

A :class:`Rules` value is one preset with its options applied. What differs between
the presets is its :attr:`Rules.policy`, taken from the table of games in
:mod:`engine.core.policy`; the round and match code asks that policy and knows no preset by
name.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from engine.core.boundary import is_whole
from engine.core.errors import DominoError, Seat
from engine.core.policy import GAMES, BlockedScoring, FirstLead, GamePolicy, NextLead
from engine.core.policy import round_to_five as round_to_five

PRESETS: tuple[str, ...] = ("block", "block-dk", "draw", "all-fives")
"""Preset names, the default first; each has its policy in :data:`engine.core.policy.GAMES`."""


@dataclass(frozen=True)
class Rules:
    """A preset with its options: what is dealt, drawn, laid out, scored and who leads.

    Build one with :meth:`Rules.make` (or :meth:`Rules.from_record`); the fields are
    read-only.
    """

    preset: str = "block"
    options: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    partnerships: bool = False
    """Four players in two teams: seats 0 and 2 against 1 and 3."""
    policy: GamePolicy = field(default_factory=lambda: GAMES["block"])
    """The game's rules that differ between games, its options applied: the engine asks
    these (``rules.policy.deal``, ``.layout``, ``.play``, ``.end``, ``.lead``,
    ``.match``)."""

    # What the policy says, as flags, for readers of a rule set (tests, scripts); the
    # engine asks the policy instead.

    @property
    def draw(self) -> bool:
        """A player who cannot play draws from the boneyard until a tile fits."""
        return self.policy.deal.boneyard

    @property
    def spinner(self) -> bool:
        """The first double played is a spinner that can open four arms."""
        return self.policy.layout.has_spinner

    @property
    def fives(self) -> bool:
        """Open ends adding up to a multiple of five score in play."""
        return self.policy.play.scores

    @property
    def blocked_scoring(self) -> BlockedScoring:
        """Blocked round: the winner scores the others' pips (total) or others minus own."""
        return self.policy.end.blocked

    @property
    def rounding(self) -> bool:
        """The round's score goes to the nearest multiple of five."""
        return self.policy.end.rounding

    @property
    def double_finish(self) -> bool:
        """Going out with a double doubles the round's score (after rounding)."""
        return self.policy.end.double_finish

    @property
    def lead(self) -> NextLead:
        """Later rounds: led one seat clockwise (rotate) or by the last winner (winner)."""
        return self.policy.lead.next

    @property
    def first_lead(self) -> FirstLead:
        """First round: the leader is drawn by lot, or holds the highest double."""
        return self.policy.lead.first

    @classmethod
    def make(cls, preset: str = "block", **options: Any) -> Rules:
        """The rules of ``preset`` with ``options`` (the option names of RULES.md)."""
        return cls.from_record(preset, options)

    @classmethod
    def from_record(cls, preset: object, options: object = None) -> Rules:
        """Rules from a record's ``preset`` and ``options`` (an object, or ``None`` for
        none); an unknown name, or a value of the wrong type, is an error."""
        name, game = _preset(preset)
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise DominoError("bad_options", options=options)
        chosen: dict[str, Any] = {}
        for option, value in options.items():
            if not isinstance(option, str) or option not in game.options:
                raise DominoError("unknown_option", option=option, preset=name)
            allowed = game.options[option]
            # bool is an int in Python: compare types first, so 1 is not true (and a
            # caller's odd value is never asked whether it equals ours).
            if not any(type(value) is type(a) and value == a for a in allowed):
                raise DominoError(
                    "bad_option_value",
                    option=option,
                    value=value,
                    allowed=", ".join("null" if a is None else str(a).lower() for a in allowed),
                )
            chosen[option] = value
        return cls(
            preset=name,
            options=MappingProxyType(chosen),
            partnerships=chosen.get("partnerships", False),
            policy=game.with_options(chosen),
        )

    def check_players(self, players: object) -> int:
        """The player count, checked: 2 to 4, and exactly 4 in partnerships."""
        if not is_whole(players) or not 2 <= players <= 4:
            raise DominoError("bad_players", players=players)
        if self.partnerships and players != 4:
            raise DominoError("partnerships_need_four", players=players)
        return players

    def hand_size(self, players: int) -> int:
        """Tiles dealt to each player."""
        self.check_players(players)
        return self.policy.deal.hand_size(players)

    def stock_size(self, players: int) -> int:
        """Tiles not dealt: the boneyard in draw games, set aside otherwise."""
        self.check_players(players)
        return self.policy.deal.stock_size(players)

    def target(self, players: int) -> int:
        """Points that end the match."""
        self.check_players(players)
        return self.policy.match.target(players)

    def sides(self, players: int) -> int:
        """How many sides score: the teams in partnerships, else the players."""
        return 2 if self.partnerships else players

    def side_of(self, seat: int) -> int:
        """The side a seat scores for (team 0 is seats 0 and 2)."""
        return seat % 2 if self.partnerships else seat

    def seats(self, side: int, players: int) -> tuple[int, ...]:
        """The seats of ``players`` that score for ``side``: the side's one seat, or a
        team's two (seats 0 and 2 for team 0)."""
        return tuple(s for s in range(players) if self.side_of(s) == side)

    def round_score(self, points: int) -> int:
        """Rounds to the nearest multiple of five when the rules say so: 12 → 10, 13 → 15."""
        return self.policy.end.round_score(points)

    def to_record(self) -> dict[str, Any]:
        """The ``preset`` and ``options`` fields of a record for these rules."""
        return {"preset": self.preset, "options": dict(self.options)}


def check_seat(seat: object, players: int) -> int:
    """A seat number, checked: a whole number from 0 to ``players - 1``."""
    if not is_whole(players):
        raise DominoError("bad_players", players=players)
    if not is_whole(seat) or not 0 <= seat < players:
        # A seat is told from 1; a value that is no seat index at all (-1) as given.
        raise DominoError(
            "bad_seat", seat=Seat(seat) if is_whole(seat) and seat >= 0 else seat, players=players
        )
    return seat


def _preset(preset: object) -> tuple[str, GamePolicy]:
    if not isinstance(preset, str) or preset not in PRESETS:
        raise DominoError("unknown_preset", preset=preset, presets=", ".join(PRESETS))
    return preset, GAMES[preset]


OPTION_PLAYERS: Mapping[str, int] = MappingProxyType({"partnerships": 4})
"""Options whose other values than the default need one player count: partnerships are
played by exactly four."""


def needs_players(option: str) -> int | None:
    """The player count ``option`` needs once it is set to anything but its default
    (``needs_players("partnerships") == 4``), or ``None`` when any count will do."""
    return OPTION_PLAYERS.get(option)


def option_choices(preset: str) -> Mapping[str, tuple[Any, ...]]:
    """The options of ``preset`` and their allowed values, defaults first."""
    return MappingProxyType(dict(_preset(preset)[1].options))
