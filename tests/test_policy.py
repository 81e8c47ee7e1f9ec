"""Each game's policies (engine.core.policy) state its rules with real values: the deal, the
layout, scoring in play and at the end, the lead and the end of a match; options change
a rule set's policy and never the table of games; and outside the rules, the policies
and the kernel, no engine module tests a game's flags."""

from __future__ import annotations

import random
import re

import pytest
from engine_helpers import ROOT

from engine.core.match import Match, match_outcome
from engine.core.policy import GAMES, GamePolicy, shuffle
from engine.core.rules import PRESETS, Rules
from engine.core.scoring import score_round_end
from engine.core.state import RoundState, deal
from engine.core.tiles import ALL_TILES, Tile


def tiles(*codes: str) -> list[Tile]:
    return [Tile.parse(c) for c in codes]


# -- the table ---------------------------------------------------------------------------


def test_every_preset_is_its_game_of_the_table_without_options() -> None:
    for preset in PRESETS:
        assert isinstance(GAMES[preset], GamePolicy)
        assert Rules.make(preset).policy == GAMES[preset]


def test_an_option_changes_the_rule_set_not_the_table() -> None:
    rules = Rules.make("block-dk", draw=True, hand_size=7, target=250, rounding=True)
    assert rules.policy.deal.boneyard and not GAMES["block-dk"].deal.boneyard
    assert [rules.hand_size(n) for n in (2, 3, 4)] == [7, 7, 7]
    assert [GAMES["block-dk"].deal.hand_size(n) for n in (2, 3, 4)] == [7, 5, 5]
    assert rules.target(3) == 250 and GAMES["block-dk"].match.target(3) == 100
    assert rules.policy.end.round_score(13) == 15
    assert GAMES["block-dk"].end.round_score(13) == 13
    # The flags a record's reader sees are the policy's.
    assert (rules.draw, rules.rounding, rules.spinner, rules.fives) == (True, True, False, False)


def test_only_block_dk_offers_options() -> None:
    assert {p for p in PRESETS if GAMES[p].options} == {"block-dk"}


# -- the deal ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "hands", "undealt"),
    [
        ("block", [7, 5, 5], [14, 13, 8]),
        ("block-dk", [7, 5, 5], [14, 13, 8]),
        ("draw", [7, 7, 6], [14, 7, 4]),
        ("all-fives", [7, 5, 5], [14, 13, 8]),
    ],
)
def test_hand_sizes_and_undealt_tiles(preset: str, hands: list[int], undealt: list[int]) -> None:
    policy = GAMES[preset].deal
    assert [policy.hand_size(n) for n in (2, 3, 4)] == hands
    assert [policy.stock_size(n) for n in (2, 3, 4)] == undealt


def test_the_undealt_tiles_are_a_boneyard_only_where_players_draw() -> None:
    undealt = tiles("0-0", "1-2", "6-6")
    assert GAMES["block"].deal.stock(undealt) == []
    assert GAMES["block-dk"].deal.stock(undealt) == []
    assert GAMES["draw"].deal.stock(undealt) == undealt
    assert GAMES["all-fives"].deal.stock(undealt) == undealt
    assert RoundState.new(Rules.make("block"), 2, rng=3).boneyard == ()
    assert len(RoundState.new(Rules.make("draw"), 2, rng=3).boneyard) == 14
    assert len(RoundState.new(Rules.make("draw"), 4, rng=3).boneyard) == 4


def test_the_deal_hands_out_a_shuffled_set_a_hand_at_a_time() -> None:
    order = list(ALL_TILES)
    random.Random(11).shuffle(order)
    hands, undealt = GAMES["draw"].deal.deal(3, random.Random(11))
    assert hands == [order[0:7], order[7:14], order[14:21]]
    assert undealt == order[21:]
    assert (hands, undealt) == deal(Rules.make("draw"), 3, random.Random(11))
    mine = list(ALL_TILES)
    shuffle(mine, random.Random(11))
    assert mine == order


# -- the layout --------------------------------------------------------------------------


def test_a_spinner_opens_four_ends_and_a_line_two() -> None:
    plays = ["5-5", "5-0@left", "5-1@right"]
    spun = GAMES["all-fives"].layout.from_plays(plays)
    line = GAMES["block"].layout.from_plays(plays)
    assert [e.end.value for e in spun.ends] == ["left", "right", "up", "down"]
    assert [e.end.value for e in line.ends] == ["left", "right"]
    assert spun.spinner == 0 and line.spinner is None
    assert GAMES["all-fives"].layout.board().spinner_rule
    assert not GAMES["draw"].layout.board().spinner_rule
    assert GAMES["all-fives"].layout.empty().uses_spinner
    assert not GAMES["block-dk"].layout.empty().uses_spinner


# -- scoring in play ---------------------------------------------------------------------


def test_ends_adding_up_to_ten_score_ten_in_all_fives_and_nothing_in_block() -> None:
    fives, block = GAMES["all-fives"].play, GAMES["block"].play
    opened = fives.layout_points(GAMES["all-fives"].layout.from_plays(["6-4"]))
    assert opened == 10
    assert block.layout_points(GAMES["block"].layout.from_plays(["6-4"])) == 0
    assert [fives.points(c) for c in (0, 5, 10, 12, 15, 20)] == [0, 5, 10, 0, 15, 20]
    assert [block.points(c) for c in (0, 5, 10, 12, 15, 20)] == [0] * 6
    for preset in ("block", "block-dk", "draw"):
        assert not GAMES[preset].play.scores


def test_the_round_state_scores_a_play_as_its_policy_says() -> None:
    # [6|4] opens the round: the open ends add up to 10.
    for preset, scored in (("all-fives", 10), ("draw", 0)):
        hands = [tiles("6-4", "0-1", "0-2", "0-3", "0-4", "0-5", "0-6")]
        hands.append(tiles("1-1", "1-2", "1-3", "1-4", "1-5", "1-6", "2-2"))
        rest = [t for t in ALL_TILES if t not in hands[0] + hands[1]]
        state = RoundState(Rules.make(preset), 2, 0, hands, rest)
        state.apply("6-4")
        assert state.play_points == [scored, 0]


# -- scoring at the end ------------------------------------------------------------------


def test_end_scoring_by_total_or_difference() -> None:
    assert GAMES["block"].end.by_difference and GAMES["draw"].end.by_difference
    assert not GAMES["block-dk"].end.by_difference
    assert not GAMES["all-fives"].end.by_difference
    # A blocked round: 3 against 9 pips; by difference the winner scores 9 - 3.
    assert Rules.make("block").round_score(6) == 6
    assert score_round_end(Rules.make("block"), [3, 9], None).points == 6
    assert score_round_end(Rules.make("block-dk"), [3, 9], None).points == 9


def test_rounding_then_the_double_finish() -> None:
    fives = GAMES["all-fives"].end
    assert [fives.round_score(r) for r in (12, 13, 18, 2, 3)] == [10, 15, 20, 0, 5]
    assert fives.rounded(12) == 10 and GAMES["block"].end.rounded(12) is None
    assert fives.points(13, True) == 15  # All Fives does not double
    both = Rules.make("block-dk", rounding=True, double_finish=True).policy.end
    assert both.points(13, True) == 30  # 13 → 15, doubled
    assert both.points(13, False) == 15
    assert both.doubled(15, True) == 30 and both.doubled(15, False) is None
    assert GAMES["block-dk"].end.points(13, True) == 13


# -- the lead ----------------------------------------------------------------------------


def test_the_next_leader_rotates_in_block_and_is_the_winner_elsewhere() -> None:
    assert GAMES["block"].lead.next_leader(3, 1, 0) == 2
    for preset in ("block-dk", "draw", "all-fives"):
        lead = GAMES[preset].lead
        assert lead.next_leader(3, 1, 0) == 0
        assert lead.next_leader(3, 2, None) == 0  # nobody won: one seat clockwise
        assert lead.next_leader(4, 3, None) == 0


def test_the_first_leader_by_lot_or_by_the_highest_double() -> None:
    assert [GAMES[p].lead.by_lot for p in PRESETS] == [True, False, True, True]
    hands = [tiles("1-2", "3-3", "0-6"), tiles("5-5", "4-6", "0-0")]
    assert GAMES["block-dk"].lead.required_opening(hands) == (1, Tile(5, 5))
    assert GAMES["block"].lead.required_opening(hands) is None
    no_double = [tiles("1-2", "5-6"), tiles("4-6", "0-3")]
    assert GAMES["block-dk"].lead.required_opening(no_double) == (0, Tile(5, 6))
    assert Match(Rules.make("block-dk"), 2, rng=1).first_leader is None
    assert Match(Rules.make("block"), 2, rng=1).first_leader in (0, 1)


def test_of_a_team_that_won_a_blocked_round_the_partner_with_fewer_pips_leads() -> None:
    lead = GAMES["block-dk"].lead
    assert lead.winning_seat([5, 9, 2, 4], (0, 2), 3) == 2
    # Equal pips: the first of the two clockwise from the leader's left.
    assert lead.winning_seat([3, 9, 3, 4], (0, 2), 0) == 2
    assert lead.winning_seat([3, 9, 3, 4], (0, 2), 2) == 0
    assert lead.winning_seat([3, 9, 3, 4], (1, 3), 1) == 3
    assert lead.winning_seat([4, 2, 7], (1,), 0) == 1  # a side of one seat: that seat
    rules = Rules.make("block-dk", partnerships=True)
    end = rules.policy.end
    assert end.by_difference is False
    assert score_round_end(rules, [3, 9, 3, 4], None, leader=2).seat == 0


# -- the end of a match ------------------------------------------------------------------


def test_targets_by_game_and_player_count() -> None:
    assert [GAMES["block"].match.target(n) for n in (2, 3, 4)] == [100, 61, 61]
    assert [GAMES["draw"].match.target(n) for n in (2, 3, 4)] == [100, 61, 61]
    assert [GAMES["block-dk"].match.target(n) for n in (2, 3, 4)] == [100, 100, 100]
    assert [GAMES["all-fives"].match.target(n) for n in (2, 3, 4)] == [150, 150, 150]


def test_a_match_ends_at_the_target_and_a_tie_at_the_top_is_drawn() -> None:
    block = GAMES["block"].match
    assert not block.outcome(3, [60, 60, 60]).over
    tie = block.outcome(3, [61, 61, 20])
    assert (tie.over, tie.winner, tie.drawn) == (True, None, True)
    over = block.outcome(3, [70, 61, 20])  # points over the target are kept
    assert (over.over, over.winner, over.drawn) == (True, 0, False)
    assert not block.outcome(2, [99, 61]).over  # two players play to 100
    fives = Rules.make("all-fives")
    assert match_outcome(fives, 2, [150, 155]) == fives.policy.match.outcome(2, [150, 155])
    assert match_outcome(fives, 2, [150, 155]).winner == 1
    assert not match_outcome(Rules.make("block-dk", target=250), 2, [200, 150]).over


# -- asked, not branched on --------------------------------------------------------------

_FLAGS = re.compile(
    r"\brules\.(?:fives|spinner|draw|blocked_scoring|rounding|double_finish|lead|first_lead)\b"
    r"|\.first_lead\b|\.lead =="
)
_ALLOWED = {"rules.py", "policy.py", "kernel.py"}


def test_no_engine_module_tests_a_game_flag_outside_the_policy() -> None:
    found = []
    for path in sorted((ROOT / "engine").rglob("*.py")):
        if path.parent.name == "lang" or (path.parent.name == "engine" and path.name in _ALLOWED):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if _FLAGS.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert found == []


def test_the_flag_check_can_fail() -> None:
    for line in ("if state.rules.fives:", "x = Board(rules.spinner)", "r.first_lead == 'lot'"):
        assert _FLAGS.search(line), line
    for line in ("rules.policy.play.scores", "layout.spinner is None", "game.match.first_leader"):
        assert not _FLAGS.search(line), line
