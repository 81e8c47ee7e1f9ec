"""Glicko-2 ratings (engine/features/rating.py): Glickman's worked example, and a second
implementation (PyPI's glicko2-py) as the reference on random periods."""

from __future__ import annotations

import math

import pytest
from glicko2.math import update_rating
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.features.rating import SCALE, Rating, rate


def test_glickmans_worked_example():
    """ "Example of the Glicko-2 system" (2012): a 1500 player (deviation 200) beats a
    1400 (30), loses to a 1550 (100) and to a 1700 (300)."""
    after = rate(
        Rating(1500, 200, 0.06),
        [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)],
    )
    # The paper rounds each step on the way: 1464.06, 151.52 and 0.05999.
    assert after.rating == pytest.approx(1464.06, abs=0.02)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)


ratings = st.builds(
    Rating,
    st.floats(500, 3000),
    st.floats(30, 350),
    st.floats(0.03, 0.12),
)


@settings(max_examples=300, deadline=None)
@given(ratings, st.lists(st.tuples(ratings, st.sampled_from([0, 0.5, 1])), max_size=6))
def test_a_period_rates_as_the_reference_does(player, games):
    after = rate(player, games)
    mu, phi, sigma = update_rating(
        player.mu, player.phi, player.volatility, [(o.mu, o.phi, s) for o, s in games], 0.5
    )
    # Both stop the volatility's search within 1e-6 of its root (on the log scale),
    # one at each end of the last bracket.
    assert after.rating == pytest.approx(mu * SCALE + 1500, abs=1e-4)
    assert after.deviation == pytest.approx(phi * SCALE, rel=1e-6)
    assert after.volatility == pytest.approx(sigma, rel=1e-6)


def test_a_win_raises_a_loss_lowers_and_either_makes_the_rating_surer():
    reader = Rating()
    puzzle = Rating(1700, 80)
    won, lost = rate(reader, [(puzzle, 1)]), rate(reader, [(puzzle, 0)])
    assert lost.rating < reader.rating < won.rating
    assert won.deviation < reader.deviation and lost.deviation < reader.deviation
    # Beating a stronger puzzle gains more than beating a weaker one.
    assert rate(reader, [(Rating(1300, 80), 1)]).rating < won.rating


def test_a_period_without_games_only_makes_the_rating_less_sure():
    before = Rating(1620, 90, 0.06)
    after = rate(before, [])
    assert (after.rating, after.volatility) == (before.rating, before.volatility)
    assert after.deviation == pytest.approx(math.hypot(90 / SCALE, 0.06) * SCALE)


def test_the_chance_to_win():
    assert Rating().expected(Rating()) == pytest.approx(0.5)
    strong, weak = Rating(1900, 60), Rating(1500, 60)
    assert strong.expected(weak) > 0.9 and weak.expected(strong) < 0.1
    # An opponent one is unsure of is a coin nearer its toss.
    assert strong.expected(Rating(1500, 350)) < strong.expected(weak)


@pytest.mark.parametrize(
    "values",
    [(float("nan"), 350, 0.06), (1500, 0, 0.06), (1500, 350, -0.1), (1500, float("inf"), 0.06)],
)
def test_a_rating_out_of_bounds_is_refused(values):
    with pytest.raises(ValueError):
        Rating(*values)


@pytest.mark.parametrize("score", [-0.5, 1.5, "1", None])
def test_a_score_out_of_bounds_is_refused(score):
    with pytest.raises(ValueError):
        rate(Rating(), [(Rating(), score)])
    with pytest.raises(ValueError):
        rate(Rating(), [("1500", 1)])
