"""Glicko-2 ratings, for the reader and for the puzzles (Glickman, "Example of the
Glicko-2 system", 2012; Lichess rates its players and puzzles the same way).

A :class:`Rating` is a strength on the usual scale (a newcomer 1500), its ``deviation``
(how unsure it is: 350 for a newcomer, smaller as results come in) and its
``volatility`` (how erratic the results have been). Two ratings give each side's
chance to win (:meth:`Rating.expected`). :func:`rate` gives a rating after one rating
period: the scores (1 a win, 0 a loss, ½ a draw) against each opponent of the period,
taken as played at once; a period without games only makes the rating less sure.

Ratings are floats and the arithmetic is the same in CPython and in Pyodide (IEEE
doubles): the same results give the same rating in both.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

SCALE = 173.7178
"""Glicko-2's own scale: a rating ``r`` is ``(r - 1500) / SCALE`` there."""

TAU = 0.5
"""The system constant: how much the volatility may change in one period (Glickman
advises 0.3 to 1.2; a smaller value keeps it steadier)."""

EPSILON = 1e-6
"""How close the new volatility's equation is solved (step 5 of the algorithm)."""


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's (or a puzzle's) strength, how unsure it is and how erratic."""

    rating: float = 1500.0
    deviation: float = 350.0
    volatility: float = 0.06

    def __post_init__(self) -> None:
        values = (self.rating, self.deviation, self.volatility)
        if not all(isinstance(v, (int, float)) and math.isfinite(v) for v in values):
            raise ValueError(f"a rating's values must be finite numbers: {values}")
        if self.deviation <= 0 or self.volatility <= 0:
            raise ValueError(f"a deviation and a volatility are above 0: {values}")

    @property
    def mu(self) -> float:
        """The rating on Glicko-2's scale."""
        return (self.rating - 1500.0) / SCALE

    @property
    def phi(self) -> float:
        """The deviation on Glicko-2's scale."""
        return self.deviation / SCALE

    def expected(self, other: Rating) -> float:
        """The chance that this side beats ``other`` (counting a draw as half a win),
        ``other``'s uncertainty weighing its rating down."""
        return _expected(self.mu, other.mu, other.phi)


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def rate(player: Rating, results: Iterable[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """``player``'s rating after a rating period in which they scored ``score`` against
    each ``(opponent, score)`` of ``results``; with none, only its deviation grows."""
    games = list(results)
    for opponent, score in games:
        if not isinstance(opponent, Rating):
            raise ValueError(f"an opponent is a Rating, not {opponent!r}")
        if not isinstance(score, (int, float)) or not 0 <= score <= 1:
            raise ValueError(f"a score is from 0 to 1, not {score!r}")
    mu, phi, sigma = player.mu, player.phi, player.volatility
    if not games:
        return Rating(player.rating, math.sqrt(phi * phi + sigma * sigma) * SCALE, sigma)
    # Steps 3 and 4: the estimated variance from the games, and the improvement.
    v_inverse = 0.0
    gain = 0.0
    for opponent, score in games:
        g = _g(opponent.phi)
        e = _expected(mu, opponent.mu, opponent.phi)
        v_inverse += g * g * e * (1.0 - e)
        gain += g * (score - e)
    v = 1.0 / v_inverse
    delta = v * gain
    # Step 5: the new volatility, by the Illinois algorithm.
    sigma = _volatility(sigma, phi, v, delta, tau)
    # Steps 6 to 8: the new deviation and rating, back on the usual scale.
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu += phi * phi * gain
    return Rating(mu * SCALE + 1500.0, phi * SCALE, sigma)


def _volatility(sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        top = ex * (delta * delta - phi * phi - v - ex)
        return top / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    lo = a
    if delta * delta > phi * phi + v:
        hi = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        hi = a - k * tau
    f_lo, f_hi = f(lo), f(hi)
    while abs(hi - lo) > EPSILON:
        c = lo + (lo - hi) * f_lo / (f_hi - f_lo)
        f_c = f(c)
        if f_c * f_hi <= 0:
            lo, f_lo = hi, f_hi
        else:
            f_lo /= 2.0
        hi, f_hi = c, f_c
    return math.exp(lo / 2.0)
