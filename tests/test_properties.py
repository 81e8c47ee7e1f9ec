"""Property tests: hundreds of rounds per preset and player count, their deals and
every move drawn by hypothesis (so a failing round shrinks to a short one).

Every round keeps the 28 tiles conserved, ends, scores consistently with the rules, and
replays from its record to the same result.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from engine_helpers import RULE_CASES, RULE_CONFIGS, RULE_IDS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import ALL_TILES, Match, MatchOutcome, Move, RoundState, Rules, Tile
from engine.core.match import Ledger
from engine.core.records import MatchRecord, replay, replay_match, round_record, round_result
from engine.core.scoring import side_pips

CONFIGS = RULE_CONFIGS
MAX_EXAMPLES = 150
EVERY_TILE = frozenset(ALL_TILES)
ROUNDS = settings(
    max_examples=MAX_EXAMPLES,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def conserved(state: RoundState, stock: tuple[Tile, ...]) -> None:
    """The tiles of ``state`` are those dealt (hands and the stock ``stock``, in
    drawing order), each in one place: held by the seat dealt it or that drew it, on the
    table, or still in the boneyard, which is drawn from its front."""
    on_table = list(state.layout.tiles)
    hands = state.hands
    in_hands = [t for h in hands for t in h]
    everything = on_table + in_hands + list(state.boneyard)
    assert len(everything) == len(set(everything))
    drawn = [e for e in state.events if e.kind == "draw"]
    if state.rules.draw:
        assert set(everything) == EVERY_TILE
        assert [e.tile for e in drawn] + list(state.boneyard) == list(stock)
    else:
        # Set-aside tiles are never seen: what is seen is exactly the deal.
        assert set(everything) == {t for h in state.dealt for t in h} and not drawn
    for seat, hand in enumerate(hands):
        own = {*state.dealt[seat], *(e.tile for e in drawn if e.seat == seat)}
        assert set(hand) <= own, seat
    played = [e.tile for e in state.events if e.kind == "play"]
    assert len(played) == len(on_table) and set(played) == set(on_table)


def play_out(state: RoundState, choose: Callable[[list[Move]], Move]) -> None:
    """Play ``state`` to its end, ``choose`` picking each move among the legal ones."""
    stock = state.boneyard
    conserved(state, stock)
    plays = 0
    while not state.is_terminal:
        legal = state.legal_moves()
        assert legal, "the player to move always has a legal move"
        state.apply(choose(legal))
        plays += 1
        conserved(state, stock)
        assert plays <= 28, "every play lays a tile: a round ends within 28"


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


# Every rule set in the full run; the fast tier plays FAST_RULE_CONFIGS (engine_helpers).
@pytest.mark.parametrize(("preset", "options", "players"), RULE_CASES)
def test_random_rounds(preset, options, players):
    rules = Rules.make(preset, **options)

    @ROUNDS
    @given(deal=st.integers(0, 2**32 - 1), first_round=st.booleans(), data=st.data())
    def run(deal: int, first_round: bool, data: st.DataObject) -> None:
        state = RoundState.new(rules, players, rng=deal, first_round=first_round)
        play_out(state, lambda legal: data.draw(st.sampled_from(legal)))
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
            play_out(state, rng.choice)
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
        again = replay_match(MatchRecord.parse(record))
        assert again.history == match.history and again.leaders == match.leaders
        assert again.outcome == match.outcome
        top = max(match.totals)
        assert top >= rules.target(players)
        assert match.outcome.drawn == (match.totals.count(top) > 1)


def test_the_ledger_keeps_the_running_totals_and_when_the_match_was_over():
    ledger = Ledger(Rules.make("block"), 2)  # to 100
    assert ledger.outcome == MatchOutcome(False, None, False) and ledger.over_after is None
    assert ledger.after([10, 0]) == [10, 0] and ledger.totals == [0, 0]  # a round in play
    for points in ([60, 0], [0, 30], [45, 0], [0, 5]):
        ledger.add(points)
    assert ledger.history == [[60, 0], [60, 30], [105, 30], [105, 35]]
    assert ledger.over_after == 2 and ledger.outcome == MatchOutcome(True, 0, False)
