"""Property tests: thousands of random rounds per preset and player count.

Every round keeps the 28 tiles conserved, ends, scores consistently with the rules, and
replays from its record to the same result.
"""

from __future__ import annotations

import random

import pytest
from engine_helpers import RULE_CONFIGS, RULE_IDS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import ALL_TILES, Match, RoundState, Rules
from engine.records import replay, replay_match, round_record, round_result
from engine.scoring import side_pips

CONFIGS = RULE_CONFIGS
ROUNDS = settings(
    max_examples=1000,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def conserved(state: RoundState) -> None:
    on_table = list(state.layout.tiles)
    in_hands = [t for h in state.hands for t in h]
    stock = list(state.boneyard)
    dealt = {t for h in state.dealt for t in h}
    drawn = {e.tile for e in state.events if e.kind == "draw"}
    everything = on_table + in_hands + stock
    assert len(everything) == len(set(everything))
    if state.rules.draw:
        assert len(everything) == 28
    else:
        # Set-aside tiles are never seen: what is seen is exactly the deal.
        assert set(everything) == dealt and not drawn
    assert set(everything) <= set(ALL_TILES)


def play_random(state: RoundState, rng: random.Random) -> int:
    moves = 0
    while not state.is_terminal:
        legal = state.legal_moves()
        assert legal, "the player to move always has a legal move"
        state.apply(rng.choice(legal))
        moves += 1
        conserved(state)
        assert moves <= 28
    return moves


def check_scoring(state: RoundState) -> None:
    rules = state.rules
    result = state.result()
    pips = list(result.pips)
    sums = side_pips(rules, pips)
    hand_points = [p - q for p, q in zip(result.points, state.play_points, strict=True)]
    went_out = [s for s, h in enumerate(state.hands) if not h]
    assert len(went_out) <= 1
    assert result.blocked == (not went_out)
    if result.winner is None:
        assert result.blocked and sums.count(min(sums)) > 1
        assert not any(hand_points)
        return
    w = result.winner
    assert not any(p for side, p in enumerate(hand_points) if side != w)
    others = sum(sums) - sums[w]
    if went_out:
        assert rules.side_of(went_out[0]) == w
        raw = others
    else:
        assert sums[w] < min(s for side, s in enumerate(sums) if side != w)
        raw = others if rules.blocked_scoring == "total" else others - sums[w]
    expected = rules.round_score(raw)
    last = state.events[-1].tile
    if rules.double_finish and went_out and last is not None and last.is_double:
        expected *= 2
    assert hand_points[w] == expected
    if not rules.rounding:
        assert expected >= 0
    if not rules.fives:
        assert not any(state.play_points)
    else:
        assert all(p % 5 == 0 for p in state.play_points)


@pytest.mark.parametrize(("preset", "options", "players"), CONFIGS, ids=RULE_IDS)
def test_random_rounds(preset, options, players):
    rules = Rules.make(preset, **options)

    @ROUNDS
    @given(seed=st.integers(0, 2**32 - 1), first_round=st.booleans())
    def run(seed: int, first_round: bool) -> None:
        rng = random.Random(seed)
        state = RoundState.new(rules, players, rng=rng, first_round=first_round)
        conserved(state)
        play_random(state, rng)
        check_scoring(state)
        record = round_record(state)
        assert replay(record) == round_result(state)

    run()


@pytest.mark.parametrize(("preset", "options", "players"), CONFIGS[::2], ids=RULE_IDS[::2])
def test_random_matches_replay(preset, options, players):
    rules = Rules.make(preset, **options)
    for seed in range(15):
        rng = random.Random(seed)
        match = Match(rules, players, rng=rng)
        records = []
        while not match.is_over:
            state = match.start_round()
            play_random(state, rng)
            match.record(state)
            rec = round_record(state)
            records.append(
                {k: rec[k] for k in ("leader", "hands", "boneyard", "plays") if k in rec}
            )
        assert len(match.results) < 60
        record = {
            **rules.to_record(),
            "players": players,
            "first_leader": match.first_leader,
            "rounds": records,
        }
        again = replay_match(record)
        assert again.history == match.history and again.leaders == match.leaders
        assert again.outcome == match.outcome
        top = max(match.totals)
        assert top >= rules.target(players)
        assert match.outcome.drawn == (match.totals.count(top) > 1)
