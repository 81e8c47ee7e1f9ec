"""The strength tier: the players' strength on fixed seeds, each figure of
scripts/bench_strength.py above its threshold at the script's default sizes (a Club and
a small Expert outscore the Beginner by half again; the model of how players choose
weighs the hands really held above deals sampled alike). Seeded, nothing timed; tens of
seconds, so run by the full scripts/test.sh (``-m strength``) and not the fast tier. A
quick game of every level stays in the fast tier: tests/test_players.py
(``test_every_level_plays_only_legal_moves``)."""

from __future__ import annotations

import pytest

from scripts import bench_strength

pytestmark = pytest.mark.strength


@pytest.mark.parametrize("name", list(bench_strength.checks()))
def test_the_strength_figures_meet_their_thresholds(name: str) -> None:
    figures = bench_strength.checks()[name]()
    assert [f for f in figures if not f.ok] == [], "\n".join(f.line() for f in figures)
