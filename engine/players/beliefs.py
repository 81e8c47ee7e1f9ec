"""How players choose a play, to weigh the deals the Expert samples.

A seat's past choices tell something of the tiles it held: a player who laid a light
tile where a heavy one fitted, who left both ends on one value, or who scored less than
it could, more likely did so with some hands than with others. :class:`ChoiceModel`
gives each play a seat could have made a score from what the play is and what the seat
held; the chance of a play is its share of ``exp(score)`` over the plays that seat had
(a logit model). A sampled deal weighs the product, over the choices seen, of the chance
that the seat would have made its choice holding that deal's tiles.

The weights were fitted (by maximum likelihood, ``scripts/fit_beliefs.py``) to the
choices of the Expert playing itself without this model, in 2-player Block for the
games without drawing, in 2-player Draw for the games that draw and in 2-player All
Fives for the game that scores in play. The
hands the other seat really holds then weigh more than the deals drawn without the
model (``tests/test_beliefs.py``); what the model does to the Expert's strength is
measured by ``scripts/bench_players.py`` (figures in dev/benchmarks.md).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.core.kernel import BIT, DOUBLE, HIGH, LOW, PIPS, VALUE_MASK
from engine.core.rules import Rules
from engine.players.knowledge import Knowledge, SeenPlay


@dataclass(frozen=True)
class ChoiceModel:
    """The weight of each fact about a play, in the play's score."""

    pips: float
    """The tile's pips (players shed heavy tiles)."""
    double: float
    """The tile is a double."""
    follow: float
    """Each tile the seat keeps that fits the ends it leaves."""
    same: float
    """Both ends left on one value."""
    keep: float
    """Each tile the seat keeps that shares a value with the one it lays."""
    shut: float
    """The ends left are all values the next seat has shown it lacks."""
    lacking: float
    """Each end left on a value the next seat has shown it lacks."""
    points: float = 0.0
    """Each five points the play scores (All Fives)."""


BLOCK_MODEL = ChoiceModel(
    pips=0.264, double=0.533, follow=0.741, same=2.492, keep=-0.162, shut=-1.995, lacking=2.573
)
"""Games without drawing (``scripts/fit_beliefs.py --preset block --rounds 1000``)."""

DRAW_MODEL = ChoiceModel(
    pips=0.097, double=0.902, follow=0.434, same=1.697, keep=-0.085, shut=-0.627, lacking=1.210
)
"""Games that draw (``scripts/fit_beliefs.py --preset draw --rounds 500``)."""


FIVES_MODEL = ChoiceModel(
    pips=0.024,
    double=0.817,
    follow=0.281,
    same=1.090,
    keep=-0.071,
    shut=0.691,
    lacking=0.216,
    points=1.065,
)
"""All Fives (``scripts/fit_beliefs.py --preset all-fives --rounds 1000``)."""


def model_for(rules: Rules, players: int) -> ChoiceModel | None:
    """The model of choices for a game (``None``: none). Only for two sides (two
    players, or two teams, which read the 2-player model); CHANGELOG.md says why three or
    four individual players get none."""
    if rules.sides(players) != 2:
        return None
    if rules.policy.play.scores:
        return FIVES_MODEL
    return DRAW_MODEL if rules.policy.deal.boneyard else BLOCK_MODEL


@dataclass(frozen=True)
class Option:
    """One play a seat could have made onto a decision's ends."""

    bit: int
    """The tile's bit."""
    fixed: float
    """The score of what does not depend on the rest of the hand."""
    follow: int
    """The tiles that fit the ends it leaves."""
    keep: int
    """The tiles that share a value with it."""


def plays_onto(d: SeenPlay, model: ChoiceModel) -> tuple[list[Option], int]:
    """Every play any tile could make onto the decision's ends (one per distinct tile,
    values left and points), and which of them was made."""
    options: list[Option] = []
    chosen = -1
    for t, after, points in d.plays:
        if t == d.tile and after == d.after and points == d.points:
            chosen = len(options)
        lacking = sum(d.lacking >> v & 1 for v in after)
        follow = 0
        for v in after:
            follow |= VALUE_MASK[v]
        fixed = (
            model.pips * PIPS[t]
            + model.double * DOUBLE[t]
            + model.same * (after[0] == after[-1])
            + model.lacking * lacking
            + model.shut * (lacking == len(after))
            + model.points * (points // 5)
        )
        options.append(Option(BIT[t], fixed, follow, VALUE_MASK[LOW[t]] | VALUE_MASK[HIGH[t]]))
    assert chosen >= 0, "the play made is one of the plays onto its ends"
    return options, chosen


def choice_weigher(
    know: Knowledge, model: ChoiceModel, strength: float
) -> Callable[[Sequence[int]], float] | None:
    """The weight of a deal (hands as masks, by seat) from the choices ``know`` holds:
    the product of each choice's chance, raised to ``strength`` (0: every deal alike).
    ``None`` where there is nothing to weigh."""
    if strength <= 0 or not know.decisions:
        return None
    follow_w, keep_w = model.follow, model.keep
    exp = math.exp
    table = []
    for d in know.decisions:
        options, chosen = plays_onto(d, model)
        rows = [(o.bit, o.fixed, o.follow, o.keep) for o in options]
        table.append((d.seat, d.later | BIT[d.tile], chosen, rows))

    def weight(hands: Sequence[int]) -> float:
        w = 1.0
        for seat, held_then, chosen, rows in table:
            held = hands[seat] | held_then
            total = mine = 0.0
            for i, (bit, fixed, follow, keep) in enumerate(rows):
                if held & bit:
                    rest = held ^ bit
                    x = exp(
                        fixed
                        + follow_w * (rest & follow).bit_count()
                        + keep_w * (rest & keep).bit_count()
                    )
                    total += x
                    if i == chosen:
                        mine = x
            w *= mine / total
        return w**strength if strength != 1.0 else w

    return weight
