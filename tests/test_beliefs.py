"""The model of how players choose, and the weights it gives the Expert's deals."""

from __future__ import annotations

import math
import random

import pytest

from engine.core.kernel import BIT, VALUE_MASK, to_mask
from engine.core.rules import Rules
from engine.core.state import Move, RoundState
from engine.core.tiles import ALL_TILES, Tile
from engine.players import knowledge
from engine.players.beliefs import (
    BLOCK_MODEL,
    DRAW_MODEL,
    FIVES_MODEL,
    choice_weigher,
    model_for,
)
from engine.players.expert import deal_weigher
from engine.players.knowledge import board_plays


def t(a: int, b: int) -> Tile:
    return Tile(a, b)


def test_each_2_sided_game_has_a_model_and_the_others_none():
    assert model_for(Rules.make("block"), 2) is BLOCK_MODEL
    assert model_for(Rules.make("block-dk"), 2) is BLOCK_MODEL
    assert model_for(Rules.make("draw"), 2) is DRAW_MODEL
    assert model_for(Rules.make("block-dk", draw=True), 2) is DRAW_MODEL
    assert model_for(Rules.make("all-fives"), 2) is FIVES_MODEL
    assert model_for(Rules.make("block"), 3) is None
    assert model_for(Rules.make("block-dk"), 4) is None
    # Two teams read the 2-player model.
    assert model_for(Rules.make("block-dk", partnerships=True), 4) is BLOCK_MODEL
    assert model_for(Rules.make("block-dk", partnerships=True, draw=True), 4) is DRAW_MODEL


def light_tile_position(heavy_held: bool) -> tuple[RoundState, list[int]]:
    """2-player Block: seat 0 leads [3|4]; seat 1 lays [0|3] on the 3, where [4|6]
    (which it holds) fitted too. Returns the state, seat 0 to move, and seat 1's hand
    with [4|6] swapped for [2|6] unless ``heavy_held``."""
    mine = [t(3, 4), t(0, 0), t(1, 1), t(2, 2), t(5, 5), t(0, 1), t(0, 2)]
    theirs = [t(0, 3), t(4, 6), t(1, 2), t(1, 5), t(2, 5), t(0, 5), t(1, 6)]
    state = RoundState(Rules.make("block"), 2, 0, [mine, theirs])
    state.apply(Move.parse("3-4"))
    state.apply(Move.parse("0-3@left"))
    hand = to_mask(state.hands[1])
    if not heavy_held:
        hand = hand ^ BIT[t(4, 6).index] | BIT[t(2, 6).index]
    return state, [to_mask(state.hands[0]), hand]


def test_a_decision_records_the_choice_as_the_seat_to_move_saw_it():
    state, _ = light_tile_position(True)
    know = knowledge(state.observation(0))
    (d,) = know.decisions
    assert (d.seat, d.later, d.ends, d.tile, d.after, d.lacking) == (
        1,
        0,
        (3, 4),
        t(0, 3).index,
        (0, 4),
        0,
    )
    # The seat's own plays and forced ones are no evidence: seat 1 sees none.
    assert knowledge(state.observation(1)).decisions == ()


def test_a_light_tile_laid_where_a_heavy_one_fitted_makes_holding_the_heavy_one_less_likely():
    state, with_heavy = light_tile_position(True)
    _, without = light_tile_position(False)
    know = knowledge(state.observation(0))
    weigh = choice_weigher(know, BLOCK_MODEL, 1.0)
    assert weigh is not None
    held, not_held = weigh(with_heavy), weigh(without)
    assert 0 < held < not_held <= 1
    # The strength is an exponent: half the strength, the square root of the weight.
    half = choice_weigher(know, BLOCK_MODEL, 0.5)
    assert half is not None
    assert half(with_heavy) == pytest.approx(math.sqrt(held))


def test_no_strength_or_no_choice_weighs_nothing_and_leaves_the_shedding_weights():
    state, hands = light_tile_position(True)
    obs = state.observation(0)
    know = knowledge(obs)
    assert choice_weigher(know, BLOCK_MODEL, 0.0) is None
    assert choice_weigher(knowledge(state.observation(1)), BLOCK_MODEL, 1.0) is None
    # With the model off, a deal weighs what shedding alone gives: seat 1 passed up the
    # heavier [4|6] that it held.
    assert deal_weigher(obs, know, 0.5)(hands) == 0.5
    assert deal_weigher(obs, know, 0.5, 1.0)(hands) < 0.5


def test_the_lacking_values_are_values_the_next_seat_really_lacked():
    rules = Rules.make("block")
    seen = 0
    for seed in range(30):
        rng = random.Random(seed)
        state = RoundState.new(rules, 3, rng=rng)
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            know = knowledge(state.observation(seat))
            for d in know.decisions:
                assert d.seat != seat
                assert BIT[d.tile] & to_mask(state.layout.tiles)
                nxt = (d.seat + 1) % 3
                for v in range(7):
                    if d.lacking >> v & 1:
                        seen += 1
                        # No drawing in Block: a hand only loses tiles.
                        assert not to_mask(state.hands[nxt]) & VALUE_MASK[v]
            state.apply(rng.choice(state.legal_moves()))
    assert seen > 0


@pytest.mark.parametrize("preset", ["block", "draw", "all-fives"])
def test_the_plays_onto_a_layout_are_every_place_a_tile_fits_with_what_it_scores(preset):
    """Checked against the layout itself: each unplayed tile at each end it fits, the
    values it leaves and, in All Fives, the points it scores (spinner arms included)."""
    rules = Rules.make(preset)
    scored = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = RoundState.new(rules, 2, rng=rng)
        state.apply(rng.choice(state.legal_moves()))
        while not state.is_terminal:
            layout = state.layout
            want = set()
            for tile in ALL_TILES:
                if tile in layout.tiles:
                    continue
                for end in layout.fitting_ends(tile):
                    after = layout.place(tile, end)
                    points = after.fives_score() if rules.fives else 0
                    want.add((tile.index, tuple(sorted(after.open_values())), points))
                    scored += points > 0
            got = board_plays(layout.board, rules.policy.play)
            assert len(set(got)) == len(got)
            # Tiles on the table too (no hand holds them: they weigh nothing).
            assert {p for p in got if ALL_TILES[p[0]] not in layout.tiles} == want
            state.apply(rng.choice(state.legal_moves()))
    assert scored > 0 if rules.fives else scored == 0


# The model weighs the hands really held above deals sampled alike: a measure of its
# strength, in scripts/bench_strength.py (model-*), checked by tests/test_strength.py.
