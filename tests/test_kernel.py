"""The rules kernel is the one rule book: every kind of playout the players and the
benchmarks run replays move by move through the public RoundState to the same end."""

from __future__ import annotations

import random

import pytest
from engine_helpers import RULE_CONFIGS, RULE_IDS

from engine import ALL_TILES, Layout, RoundState, Rules, Tile
from engine.core.kernel import (
    BIT,
    DOUBLE,
    PIPS,
    VALUE_MASK,
    Board,
    FastRules,
    Playout,
    Trace,
    end_terms,
    mask_pips,
    packed_turn,
    play_line,
    play_score,
    random_round,
    round_points,
    to_mask,
    turn,
)
from engine.core.state import kernel_round, trace_moves
from engine.players import Sampler, knowledge

CASES = RULE_CONFIGS

# The move-choosing policies of the playouts: random (the benchmarks, ``eps`` 1), and
# the Expert's: eps-greedy with and without looking at the next hand, and fully greedy.
POLICIES = {
    "random": {"eps": 1.0},
    "expert": {"eps": 0.1, "look": True},
    "greedy-look": {"eps": 0.0, "look": True},
    "greedy": {"eps": 0.0, "look": False},
}


def kernel_view(state: RoundState) -> tuple[list[int], Board, list[int], list[int]]:
    """The position of ``state`` as the kernel plays it: hands, board, stock (drawn from
    its end) and the points each seat has scored in play so far."""
    hands = [to_mask(h) for h in state.hands]
    stock = [t.index for t in reversed(state.boneyard)]
    points = [0] * state.players
    for e in state.events:
        points[e.seat] += e.score
    return hands, state.layout.board.copy(), stock, points


def playout(
    state: RoundState, rng: random.Random, policy: dict[str, float | bool], trace: Trace
) -> Playout:
    """A playout of the kernel from ``state`` (which stays as it is)."""
    hands, board, stock, points = kernel_view(state)
    seat = state.current_player
    assert seat is not None
    return FastRules(state.rules, state.players).play(
        hands,
        seat,
        stock,
        rng.random,
        trace,
        board=board,
        points=points,
        eps=float(policy["eps"]),
        look=bool(policy.get("look", False)),
    )


def mid_round(rules: Rules, players: int, rng: random.Random, most: int) -> RoundState | None:
    """A round dealt from ``rng`` after up to ``most`` random moves; ``None`` if it is
    over by then."""
    state = RoundState.new(rules, players, rng=rng)
    for _ in range(rng.randrange(0, most)):
        if state.is_terminal:
            return None
        state.apply(rng.choice(state.legal_moves()))
    return None if state.is_terminal else state


def replays_identically(state: RoundState, out: Playout, trace: Trace, fast: FastRules) -> None:
    for seat, move in trace_moves(trace):
        assert state.current_player == seat
        assert move in state.legal_moves()
        state.apply(move)
    assert state.is_terminal
    result = state.result()
    assert state.went_out == out.went_out
    assert [to_mask(h) for h in state.hands] == out.hands
    assert [mask_pips(h) for h in out.hands] == list(result.pips)
    assert fast.score(out) == (result.winner, list(result.points))


@pytest.mark.parametrize(("preset", "options", "players"), CASES, ids=RULE_IDS)
def test_random_rounds_from_the_deal_replay_through_round_state(preset, options, players):
    rules = Rules.make(preset, **options)
    fast = FastRules(rules, players)
    for seed in range(150):
        rng = random.Random(seed)
        hands, stock = fast.deal(rng.random)
        leader = seed % players
        state = kernel_round(fast, hands, stock, leader)
        trace: Trace = []
        out = fast.play(list(hands), leader, list(stock), rng.random, trace)
        replays_identically(state, out, trace, fast)


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize(("preset", "options", "players"), CASES, ids=RULE_IDS)
def test_every_playout_policy_replays_from_mid_round(preset, options, players, policy):
    rules = Rules.make(preset, **options)
    fast = FastRules(rules, players)
    checked = 0
    for seed in range(60):
        rng = random.Random(seed)
        state = mid_round(rules, players, rng, 9)
        if state is None:
            continue
        trace: Trace = []
        out = playout(state, rng, POLICIES[policy], trace)
        replays_identically(state.clone(), out, trace, fast)
        checked += 1
    assert checked >= 40


LINE_CASES = [c for c in CASES if not Rules.make(c[0], **c[1]).spinner]
LINE_IDS = [i for c, i in zip(CASES, RULE_IDS, strict=True) if c in LINE_CASES]


@pytest.mark.parametrize(("preset", "options", "players"), LINE_CASES, ids=LINE_IDS)
def test_untraced_random_line_playouts_play_what_the_traced_ones_replay(preset, options, players):
    """An untraced random line playout (the benchmarks') runs in a loop of its own: from
    the deal and from mid-round it ends exactly as the traced one, which the tests above
    replay through RoundState, having drawn the same random numbers."""
    rules = Rules.make(preset, **options)
    fast = FastRules(rules, players)
    checked = 0
    for seed in range(120):
        rng = random.Random(seed)
        hands, stock = fast.deal(rng.random)
        starts = [(hands, -1, -1, seed % players, stock)]
        state = mid_round(rules, players, rng, 12)
        if state is not None:
            mid_hands, board, mid_stock, _ = kernel_view(state)
            a, b = board.vals if board.down else (-1, -1)
            assert state.current_player is not None
            starts.append((mid_hands, a, b, state.current_player, mid_stock))
        for h, a, b, seat, st in starts:
            traced, untraced = random.Random(seed), random.Random(seed)
            trace: Trace = []
            out = play_line(list(h), a, b, seat, list(st), traced.random, trace)
            assert play_line(list(h), a, b, seat, list(st), untraced.random) == out
            assert untraced.random() == traced.random()
            checked += 1
    assert checked >= 200


def test_the_benchmarks_plain_loop_plays_the_kernels_2_player_block_games():
    """scripts/bench_engine.py measures the kernel against a plain loop written for
    2-player Block alone, which draws its random numbers as the kernel does: deal by
    deal, the two score alike, so the benchmark compares the same games."""
    from scripts.bench_engine import plain_block2

    fast = FastRules(Rules.make("block"), 2)
    rng = random.Random(21)
    deals = [(fast.deal(rng.random)[0], i % 2) for i in range(300)]
    ours, theirs = random.Random(5).random, random.Random(5).random
    won = [0, 0]
    for deal in deals:
        hands, leader = deal
        _, points = fast.score(fast.play(list(hands), leader, [], ours))
        assert plain_block2([deal], 1, theirs) == points
        won = [won[0] + points[0], won[1] + points[1]]
    assert min(won) > 0


def test_greedy_spinner_playouts_take_the_highest_score_on_offer():
    rules = Rules.make("all-fives")
    for seed in range(40):
        rng = random.Random(seed)
        state = RoundState.new(rules, 2, rng=rng)
        trace: Trace = []
        playout(state, rng, POLICIES["greedy"], trace)
        for seat, move in trace_moves(trace):
            offered = {}
            for m in state.legal_moves():
                after = state.clone()
                after.apply(m)
                offered[m] = after.events[len(state.events)].score
            best = max(offered.values())
            assert state.current_player == seat
            assert offered[move] == best
            heaviest = max(m.tile.pips for m, s in offered.items() if s == best)
            assert move.tile.pips == heaviest
            state.apply(move)


def test_the_look_policy_shuts_the_next_seat_out_when_it_can():
    rules = Rules.make("block")
    shut = 0
    for seed in range(80):
        rng = random.Random(seed)
        state = RoundState.new(rules, 2, rng=rng)
        trace: Trace = []
        playout(state, rng, POLICIES["greedy-look"], trace)
        for seat, move in trace_moves(trace):
            assert state.current_player == seat
            nxt = (seat + 1) % 2

            def shuts(m, before=state, nxt=nxt):
                after = before.clone()
                after.apply(m)
                want = after.layout.board.want
                return not to_mask(before.hand(nxt)) & want

            legal = state.legal_moves()
            choice = state.layout.tiles and len({m.tile for m in legal}) > 1
            if choice and any(shuts(m) for m in legal):
                assert shuts(move)
                shut += 1
            state.apply(move)
    assert shut > 10


@pytest.mark.parametrize(("preset", "options", "players"), CASES, ids=RULE_IDS)
def test_the_experts_deals_fit_what_its_seat_knows_and_draw_only_where_the_rules_do(
    preset, options, players
):
    rules = Rules.make(preset, **options)
    for seed in range(30):
        rng = random.Random(seed)
        state = mid_round(rules, players, rng, 12)
        if state is None:
            continue
        seat = state.current_player
        obs = state.observation(seat)
        know = knowledge(obs)
        sampler = Sampler(know)
        for _ in range(5):
            hands, stock = sampler.deal(rng)
            assert len(stock) == state.boneyard_size
            if not rules.draw:
                assert stock == []
            assert hands[seat] == to_mask(state.hand(seat))
            assert [h.bit_count() for h in hands] == state.hand_sizes()
            dealt = [BIT[t] for t in stock] + hands + [to_mask(state.layout.tiles)]
            union = 0
            for m in dealt:
                assert not union & m
                union |= m
            for p in range(players):
                if p != seat:
                    assert not hands[p] & know.void[p]


def test_block_playouts_of_the_expert_never_draw_the_tiles_set_aside():
    """A Block seat that cannot play passes: the Expert's search must not let it draw."""
    rules = Rules.make("block")
    state = RoundState.new(rules, 3, rng=5)
    obs = state.observation(state.current_player)
    hands, stock = Sampler(knowledge(obs)).deal(random.Random(1))
    assert stock == []
    assert sum(h.bit_count() for h in hands) == 3 * rules.hand_size(3) < 28


def test_random_round_is_seeded():
    rules = Rules.make("all-fives")
    a = [random_round(rules, 3, random.Random(7)) for _ in range(3)]
    b = [random_round(rules, 3, random.Random(7)) for _ in range(3)]
    assert a == b
    assert len({str(random_round(rules, 3, random.Random(s))) for s in range(20)}) > 5


# -- the rules, one at a time -------------------------------------------------------------


def test_a_tile_joins_by_a_matching_half_and_leaves_its_other_half_open():
    board = Board()
    board.place(Tile.parse("1-3").index)
    assert board.vals == [1, 3]
    four_one = Tile.parse("4-1").index
    assert board.slots(four_one) == [0]
    board.place(four_one, 0)
    assert board.vals == [4, 3]
    assert board.want == VALUE_MASK[4] | VALUE_MASK[3]


def test_the_spinner_opens_its_short_sides_once_both_long_sides_are_covered():
    layout = Layout.from_plays(["5-5", "5-2@left"], spinner=True)
    assert not layout.board.opened
    assert layout.open_values() == [2, 5]
    layout = layout.place(Tile.parse("3-5"))
    assert layout.board.opened
    assert layout.open_values() == [2, 3, 5, 5]
    # Its short sides count nothing until a tile lies on them.
    assert layout.count() == 5
    assert layout.fives_score() == 5


def test_the_count_of_a_lone_opening_double_and_of_a_double_at_an_end():
    five_five = Board(True)
    five_five.place(Tile.parse("5-5").index)
    assert five_five.count == 10
    five_two = Tile.parse("2-5").index
    assert five_five.count_after(five_two, 0) == 2 + 10
    five_five.place(five_two, 0)
    assert five_five.count == 12
    assert play_score(12) == 0 and play_score(15) == 15 and play_score(0) == 0


def test_count_after_agrees_with_placing():
    rng = random.Random(3)
    for _ in range(300):
        board = Board(True)
        free = list(range(28))
        rng.shuffle(free)
        for t in free:
            if board.down and not board.slots(t):
                continue
            slot = rng.choice(board.slots(t)) if board.down else -1
            expected = board.count_after(t, slot)
            board.place(t, slot)
            assert board.count == expected
            if board.down > 12:
                break


def test_end_terms_score_going_out_blocked_totals_and_differences():
    assert end_terms([3, 7, 8], 0, False) == (0, [(1, 1), (2, 1)])
    assert end_terms([3, 7, 8], None, False) == (0, [(1, 1), (2, 1)])
    assert end_terms([3, 7, 8], None, True) == (0, [(1, 1), (2, 1), (0, -1)])
    assert end_terms([7, 3, 3], None, False) == (None, [])
    assert DOUBLE[27] and PIPS[27] == 12


def test_the_deal_shuffles_exactly_as_random_shuffle_does():
    """Saved games and documented seeds replay only if a seed deals the same tiles."""
    from engine.core.policy import shuffle

    for seed in range(300):
        ours, theirs = list(ALL_TILES), list(ALL_TILES)
        a, b = random.Random(seed), random.Random(seed)
        shuffle(ours, a)
        b.shuffle(theirs)
        assert ours == theirs
        assert a.random() == b.random()


def test_the_turn_goes_round_the_table_drawing_until_a_tile_fits_or_passing():
    """kernel.turn is the turn order: the playouts and RoundState both ask it."""
    tile = {t.code: t.index for t in ALL_TILES}
    want = VALUE_MASK[6]  # the open ends take a 6
    hands = [0, BIT[tile["1-2"]], BIT[tile["3-6"]]]
    stock = [tile["6-6"], tile["0-1"]]  # drawn from its end: [0|1], then [6|6]
    told: list[tuple[int, int]] = []
    assert turn(hands, want, 0, stock, told) == 1  # seat 0 played; seat 1 draws twice
    assert told == [(1, tile["0-1"]), (1, tile["6-6"])] and stock == []
    assert hands[1] == BIT[tile["1-2"]] | BIT[tile["0-1"]] | BIT[tile["6-6"]]
    # With nothing to draw, a seat that cannot play passes; the turn goes on round.
    told = []
    assert turn([0, BIT[tile["0-3"]], BIT[tile["2-6"]]], want, 0, [], told) == 2
    assert told == [(1, -1)]
    # Every seat in turn passes, the one that played last too: the round is blocked.
    told = []
    assert turn([BIT[tile["1-2"]], BIT[tile["0-3"]]], want, 0, [], told) == -1
    assert told == [(1, -1), (0, -1)]


def test_the_solvers_packed_turn_is_the_kernels_turn():
    """packed_turn (the solver's: hands packed in one integer, the boneyard read from an
    index) passes the turn, draws and passes exactly as turn does."""
    rng = random.Random(3)
    checked = 0
    for players in (2, 3, 4):
        for _ in range(400):
            order = list(range(28))
            rng.shuffle(order)
            size = rng.choice((1, 5, 7))
            hands = [
                to_mask(ALL_TILES[t] for t in order[p * size : (p + 1) * size])
                for p in range(players)
            ]
            for p in range(players):
                if rng.random() < 0.3:
                    hands[p] = 0 if rng.random() < 0.2 else hands[p] & VALUE_MASK[rng.randrange(7)]
            boneyard = order[players * size :][: rng.choice((0, 2, 6, 14))]
            drawn = rng.randrange(len(boneyard) + 1)
            want = VALUE_MASK[rng.randrange(7)] | VALUE_MASK[rng.randrange(7)]
            seat = rng.randrange(players)
            stock = boneyard[drawn:][::-1]  # the kernel's playouts draw from the end
            expected = list(hands)
            nxt = turn(expected, want, seat, stock)
            packed = sum(h << 28 * p for p, h in enumerate(hands))
            after, moved, now = packed_turn(players, boneyard)(packed, want, seat, drawn)
            assert moved == nxt
            assert now == len(boneyard) - len(stock)
            assert after == sum(h << 28 * p for p, h in enumerate(expected))
            checked += nxt < 0
    assert checked > 50  # blocked rounds were met too


def test_a_rounds_points_are_the_play_points_and_the_end_score_to_the_winner():
    assert round_points([15, 5], 1, 12) == [15, 17]
    assert round_points((0, 0, 0), None, 0) == [0, 0, 0]  # a tie for the lowest hand
