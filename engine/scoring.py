"""Scoring at the end of a round, and who leads the next one.

Going out ("domino"): the winner's side scores every pip left in the opponents' hands.
Blocked: hands are compared only now; the side with the strictly lowest pip sum wins and
scores the opponents' pips (``total``) or those minus its own (``difference``); a tie for
the lowest means nobody scores. Rounding to five and the double finish apply last.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.rules import Rules


@dataclass(frozen=True)
class RoundEnd:
    """How a round ended and what it was worth at the end (play points not included)."""

    winner: int | None
    """The winning side, or ``None`` when a blocked round had no unique lowest hand."""
    seat: int | None
    """The seat that went out, or that holds the winning lowest hand (leads next)."""
    points: int
    """What the winning side scores for the hands (after rounding and doubling)."""
    blocked: bool


def side_pips(rules: Rules, pips: Sequence[int]) -> list[int]:
    """Pip sums per side (per team in partnerships)."""
    sums = [0] * rules.sides(len(pips))
    for seat, p in enumerate(pips):
        sums[rules.side_of(seat)] += p
    return sums


def score_round_end(
    rules: Rules,
    pips: Sequence[int],
    went_out: int | None,
    *,
    last_double: bool = False,
    leader: int = 0,
) -> RoundEnd:
    """Score a finished round from the pips left per seat.

    ``went_out`` is the seat that played its last tile, or ``None`` for a blocked round;
    ``last_double`` says whether that last tile was a double; ``leader`` (the round's
    leader) breaks a tie between partners for the next lead.
    """
    players = len(pips)
    sums = side_pips(rules, pips)
    if went_out is not None:
        side = rules.side_of(went_out)
        raw = sum(s for i, s in enumerate(sums) if i != side)
        points = rules.round_score(raw)
        if rules.double_finish and last_double:
            points *= 2
        return RoundEnd(side, went_out, points, blocked=False)
    low = min(sums)
    if sums.count(low) > 1:
        return RoundEnd(None, None, 0, blocked=True)
    side = sums.index(low)
    others = sum(sums) - low
    raw = others if rules.blocked_scoring == "total" else others - low
    # The partner with fewer pips leads next; on equal pips, the first of the two
    # clockwise from the leader's left.
    order = [(leader + k) % players for k in range(1, players + 1)]
    members = [s for s in order if rules.side_of(s) == side]
    seat = min(members, key=lambda s: (pips[s], members.index(s)))
    return RoundEnd(side, seat, rules.round_score(raw), blocked=True)


def next_leader(rules: Rules, players: int, leader: int, end: RoundEnd) -> int:
    """Who leads the round after one led by ``leader`` that ended as ``end``."""
    if rules.lead == "winner" and end.seat is not None:
        return end.seat
    return (leader + 1) % players
