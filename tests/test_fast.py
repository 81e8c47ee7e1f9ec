"""The fast playout core follows the same rules as the public round state."""

import random

import pytest
from engine_helpers import RULE_CONFIGS, RULE_IDS

from engine.fast import FastRules, Trace, mask_pips, random_round, to_mask, trace_moves
from engine.rules import Rules

CASES = RULE_CONFIGS


@pytest.mark.parametrize(("preset", "options", "players"), CASES, ids=RULE_IDS)
def test_fast_playouts_replay_identically_through_round_state(preset, options, players):
    rules = Rules.make(preset, **options)
    fr = FastRules(rules, players)
    for seed in range(300):
        rng = random.Random(seed)
        hands, stock = fr.deal(rng.random)
        leader = seed % players
        state = fr.round_state(hands, stock, leader)
        trace: Trace = []
        out = fr.play(list(hands), leader, list(stock), rng.random, trace)
        for seat, move in trace_moves(trace):
            assert state.current_player == seat
            state.apply(move)
        assert state.is_terminal
        result = state.result()
        winner, points = fr.score(out, leader)
        assert (winner, points) == (result.winner, list(result.points))
        assert [mask_pips(h) for h in out.hands] == list(result.pips)
        assert [to_mask(h) for h in state.hands] == out.hands


def test_random_round_is_seeded():
    rules = Rules.make("all-fives")
    a = [random_round(rules, 3, random.Random(7)) for _ in range(3)]
    b = [random_round(rules, 3, random.Random(7)) for _ in range(3)]
    assert a == b
    assert len({str(random_round(rules, 3, random.Random(s))) for s in range(20)}) > 5
