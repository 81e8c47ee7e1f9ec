"""Rule presets: ``block``, ``block-dk``, ``draw`` and ``all-fives``.

A :class:`Rules` value is one preset with its options applied. Everything that differs
between presets is a field here; the round and match code reads these fields and knows
no preset by name.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal

from engine.boundary import is_whole
from engine.errors import DominoError, Seat

PRESETS: tuple[str, ...] = ("block", "block-dk", "draw", "all-fives")
"""Preset names, the default first."""

BlockedScoring = Literal["total", "difference"]
LeadPolicy = Literal["rotate", "winner"]
FirstLead = Literal["lot", "highest_double"]


@dataclass(frozen=True)
class _Preset:
    hand_sizes: Mapping[int, int]
    targets: Mapping[int, int]
    draw: bool
    spinner: bool
    fives: bool
    blocked_scoring: BlockedScoring
    rounding: bool
    lead: LeadPolicy
    first_lead: FirstLead
    options: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)


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

_PRESETS: dict[str, _Preset] = {
    "block": _Preset(
        hand_sizes={2: 7, 3: 5, 4: 5},
        targets={2: 100, 3: 61, 4: 61},
        draw=False,
        spinner=False,
        fives=False,
        blocked_scoring="difference",
        rounding=False,
        lead="rotate",
        first_lead="lot",
    ),
    "block-dk": _Preset(
        hand_sizes={2: 7, 3: 5, 4: 5},
        targets={2: 100, 3: 100, 4: 100},
        draw=False,
        spinner=False,
        fives=False,
        blocked_scoring="total",
        rounding=False,
        lead="winner",
        first_lead="highest_double",
        options=_DK_OPTIONS,
    ),
    "draw": _Preset(
        hand_sizes={2: 7, 3: 7, 4: 6},
        targets={2: 100, 3: 61, 4: 61},
        draw=True,
        spinner=False,
        fives=False,
        blocked_scoring="difference",
        rounding=False,
        lead="winner",
        first_lead="lot",
    ),
    "all-fives": _Preset(
        hand_sizes={2: 7, 3: 5, 4: 5},
        targets={2: 150, 3: 150, 4: 150},
        draw=True,
        spinner=True,
        fives=True,
        blocked_scoring="total",
        rounding=True,
        lead="winner",
        first_lead="lot",
    ),
}


@dataclass(frozen=True)
class Rules:
    """A preset with its options: what is dealt, drawn, laid out, scored and who leads.

    Build one with :meth:`Rules.make` (or :meth:`Rules.from_record`); the fields are
    read-only.
    """

    preset: str = "block"
    options: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    draw: bool = False
    """A player who cannot play draws from the boneyard until a tile fits."""
    spinner: bool = False
    """The first double played is a spinner that can open four arms."""
    fives: bool = False
    """Open ends adding up to a multiple of five score in play."""
    blocked_scoring: BlockedScoring = "difference"
    """Blocked round: the winner scores the others' pips (total) or others minus own."""
    rounding: bool = False
    """The round's score goes to the nearest multiple of five (3, 4, 8, 9 round up)."""
    double_finish: bool = False
    """Going out with a double doubles the round's score (after rounding)."""
    partnerships: bool = False
    """Four players in two teams: seats 0 and 2 against 1 and 3."""
    lead: LeadPolicy = "rotate"
    """Later rounds: led one seat clockwise (rotate) or by the last winner (winner)."""
    first_lead: FirstLead = "lot"
    """First round: the leader is drawn by lot, or holds the highest double."""
    hand_size_override: int | None = None
    target_override: int | None = None

    @classmethod
    def make(cls, preset: str = "block", **options: Any) -> Rules:
        """The rules of ``preset`` with ``options`` (the option names of RULES.md)."""
        return cls.from_record(preset, options)

    @classmethod
    def from_record(cls, preset: object, options: object = None) -> Rules:
        """Rules from a record's ``preset`` and ``options`` (an object, or ``None`` for
        none); an unknown name, or a value of the wrong type, is an error."""
        name, p = _preset(preset)
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise DominoError("bad_options", options=options)
        chosen: dict[str, Any] = {}
        for option, value in options.items():
            if not isinstance(option, str) or option not in p.options:
                raise DominoError("unknown_option", option=option, preset=name)
            allowed = p.options[option]
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
            draw=chosen.get("draw", p.draw),
            spinner=p.spinner,
            fives=p.fives,
            blocked_scoring=chosen.get("blocked_scoring", p.blocked_scoring),
            rounding=chosen.get("rounding", p.rounding),
            double_finish=chosen.get("double_finish", False),
            partnerships=chosen.get("partnerships", False),
            lead=p.lead,
            first_lead=p.first_lead,
            hand_size_override=chosen.get("hand_size"),
            target_override=chosen.get("target"),
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
        if self.hand_size_override is not None:
            return self.hand_size_override
        return _PRESETS[self.preset].hand_sizes[players]

    def stock_size(self, players: int) -> int:
        """Tiles not dealt: the boneyard in draw games, set aside otherwise."""
        return 28 - players * self.hand_size(players)

    def target(self, players: int) -> int:
        """Points that end the match."""
        self.check_players(players)
        if self.target_override is not None:
            return self.target_override
        return _PRESETS[self.preset].targets[players]

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
        return round_to_five(points) if self.rounding else points

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


def _preset(preset: object) -> tuple[str, _Preset]:
    if not isinstance(preset, str) or preset not in _PRESETS:
        raise DominoError("unknown_preset", preset=preset, presets=", ".join(PRESETS))
    return preset, _PRESETS[preset]


def round_to_five(points: int) -> int:
    """Nearest multiple of five; a last digit of 3, 4, 8 or 9 rounds up."""
    return 5 * ((points + 2) // 5)


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
