"""Every worked example of RULES.md comes out of the engine unchanged.

Each example is checked through the public API and through game records (the replay
interface, in process and on the command line); the records in
``data/example_records.json`` are real rounds that end in the documented situation.
"""

from __future__ import annotations

import re

import pytest
from engine_helpers import SEED_FIGURE_PLAYS, SHARED, load, replay_cli, run_cli

from engine import Layout, RoundState, Rules, Tile, describe, match_outcome, score_round_end
from engine.core.records import RoundRecord, replay, replay_round
from engine.core.rules import round_to_five
from engine.core.scoring import RoundEnd, breakdown
from engine.features.examples import check, example_steps

RECORDS = load("example_records.json")


def replayed(example_id: str) -> dict:
    """The documented replay result, checked in process and on the command line."""
    entry = RECORDS[example_id]
    result = replay(entry["record"])
    assert result == entry["result"]
    assert replay_cli([entry["record"]]) == [entry["result"]]
    return result


def winner_points(result: dict) -> int:
    return result["points"][result["winner"]]


# -- tile values and placements ------------------------------------------------------


def test_tile_values():
    assert Tile.parse("6-6").pips == 12
    assert Tile.parse("0-0").pips == 0
    assert check({"id": "tile-values", "kind": "tile-value", "tile": "6-6", "value": 12}) == []
    result = replayed("tile-values")
    loser = 1 - result["winner"]
    assert result["pips"][loser] == 12  # the loser holds only [6|6]
    assert winner_points(result) == 12


def layout(*plays: str, preset: str = "block") -> Layout:
    return Layout.from_plays(list(plays), spinner=Rules.make(preset).spinner)


def test_place_1_4():
    lay = layout("1-4")
    assert lay.open_values() == [1, 4]
    assert describe(lay).endswith("[1|4] (high-value end, 4); [1|4] (low-value end, 1).")


def test_place_1_1():
    lay = layout("1-4", "1-1@left")
    assert lay.open_values() == [1, 4]
    assert lay.tiles[1].is_double and lay.connections[0].child_side.value == "A"


def test_place_6_6():
    assert layout("3-6", "6-6@right").open_values() == [3, 6]
    assert layout("3-6", "6-6").open_values() == [3, 6]  # the only end that fits


def test_place_0_0():
    assert layout("0-0").open_values() == [0, 0]
    with pytest.raises(Exception, match="fits no open end"):
        layout("0-0", "1-1")  # a blank matches only a blank


def test_place_4_4():
    assert layout("1-4", "1-1@left", "4-4@right").open_values() == [1, 4]


def test_place_3_4():
    lay = layout("1-4", "1-1@left", "4-4@right", "3-4@right")
    assert lay.open_values() == [1, 3]


def test_place_2_2():
    lay = layout("2-2")
    assert lay.open_values() == [2, 2]
    # No branches: the opening double keeps exactly two ends, whatever is played on it.
    assert len(layout("2-2", "2-5@left", "2-6@right").ends) == 2


FIGURES = SEED_FIGURE_PLAYS


def seed_figures() -> dict:
    """The seven figures of seeds 000–002; read from the seeds when they are at hand."""
    figures = load("seed_figures.json")
    seeds = SHARED / "seeds"
    if seeds.is_dir():
        text = "\n".join(p.read_text(encoding="utf-8") for p in sorted(seeds.glob("00[012]_*")))
        for lang in figures:
            for fig in figures[lang]:
                assert f"{fig['caption']} {fig['structure']}" in text
                assert fig["title"] in text
    return figures


@pytest.mark.parametrize("lang", ["fr", "pl", "de"])
@pytest.mark.parametrize("index", range(7))
def test_seed_figures_character_for_character(lang, index):
    fig = seed_figures()[lang][index]
    lay = layout(*FIGURES[index])
    assert describe(lay, lang) == fig["structure"]
    from engine import figure_description, title

    assert title(lay, lang) == fig["title"]
    assert figure_description(lay, fig["caption"], lang) == f"{fig['caption']} {fig['structure']}"


# A process each: French in the fast tier, every language in the full run.
@pytest.mark.parametrize(
    "lang",
    ["fr", pytest.param("pl", marks=pytest.mark.slow), pytest.param("de", marks=pytest.mark.slow)],
)
@pytest.mark.parametrize("index", range(7))
def test_seed_figures_on_the_command_line(lang, index):
    """The command line gives the same text."""
    fig = seed_figures()[lang][index]
    proc = run_cli("describe", "--lang", lang, *FIGURES[index])
    assert proc.returncode == 0 and proc.stdout == fig["structure"] + "\n"


def test_seed_figures_played_in_a_real_round():
    """The placements of the figures are legal moves of a Block round."""
    rules = Rules.make("block")
    hands = [
        [Tile.parse(t) for t in ("1-4", "4-4", "0-2", "0-3", "0-5", "0-6", "2-6")],
        [Tile.parse(t) for t in ("1-1", "3-4", "5-5", "5-6", "6-6", "2-2", "3-3")],
    ]
    state = RoundState(rules, 2, 0, hands)
    for play in ("1-4", "1-1@left", "4-4@right", "3-4@right"):
        state.apply(play)
    assert describe(state.layout, "de") == seed_figures()["de"][5]["structure"]


# -- going out -----------------------------------------------------------------------


def test_domino_0_8():
    end = score_round_end(Rules.make("block"), [0, 0, 8], went_out=0)
    assert (end.winner, end.points) == (0, 8)
    result = replayed("domino-0-8")
    w = result["winner"]
    assert sorted(p for s, p in enumerate(result["pips"]) if s != w) == [0, 8]
    assert winner_points(result) == 8


def test_domino_5_5():
    assert score_round_end(Rules.make("block"), [0, 5, 5], went_out=0).points == 10
    result = replayed("domino-5-5")
    assert sorted(result["pips"]) == [0, 5, 5] and winner_points(result) == 10


def test_domino_zero():
    end = score_round_end(Rules.make("block"), [0, 0], went_out=1)
    assert (end.winner, end.points) == (1, 0)
    result = replayed("domino-zero")
    assert result["winner"] is not None and result["points"] == [0, 0]
    assert result["pips"] == [0, 0]


# -- blocked rounds ------------------------------------------------------------------


def test_blocked_3_7_8():
    end = score_round_end(Rules.make("block"), [3, 7, 8], went_out=None)
    assert (end.winner, end.points, end.blocked) == (0, 7 + 8 - 3, True)
    assert end.points == 12
    result = replayed("blocked-3-7-8")
    assert result["blocked"] and result["pips"] == [3, 7, 8] and result["points"] == [12, 0, 0]


def test_a_winners_empty_hand_is_still_taken_away():
    """A blocked round won by a hand of no pips (only [0|0] left) reads as the rule
    is: the others' pips minus the winner's own, ``6 − 0``, not ``6 + 0``."""
    for preset in ("block", "draw"):
        score = breakdown(Rules.make(preset), [0, 6], went_out=None)
        assert (score.end.winner, score.points) == (0, 6)
        assert score.working("en") == score.arithmetic() == "6 − 0 = 6"
        assert "+ 0" not in score.working("fr")
    assert breakdown(Rules.make("block"), [3, 7, 8], None).working("en") == "7 + 8 − 3 = 12"


def test_blocked_3_3_8():
    end = score_round_end(Rules.make("block"), [3, 3, 8], went_out=None)
    assert (end.winner, end.points) == (None, 0)
    result = replayed("blocked-3-3-8")
    assert result["winner"] is None and result["points"] == [0, 0, 0]


# -- the Danish house rules ----------------------------------------------------------


def test_dk_domino_14_9_3():
    end = score_round_end(Rules.make("block-dk"), [0, 14, 9, 3], went_out=0)
    assert end.points == 26
    result = replayed("dk-domino-14-9-3")
    assert sorted(result["pips"]) == [0, 3, 9, 14] and winner_points(result) == 26


def test_dk_blocked_total():
    assert score_round_end(Rules.make("block-dk"), [8, 15, 20], None).points == 35
    result = replayed("dk-blocked-total")
    assert result["pips"] == [8, 15, 20] and result["points"] == [35, 0, 0]


def test_dk_blocked_diff():
    rules = Rules.make("block-dk", blocked_scoring="difference")
    assert score_round_end(rules, [8, 15, 20], None).points == 35 - 8 == 27
    result = replayed("dk-blocked-diff")
    assert result["pips"] == [8, 15, 20] and result["points"] == [27, 0, 0]


def test_dk_rounding():
    rules = Rules.make("block-dk", rounding=True)
    for raw, rounded in [(12, 10), (13, 15), (18, 20), (1, 0), (2, 0), (3, 5), (4, 5), (9, 10)]:
        assert rules.round_score(raw) == rounded
    # Scores ending in 3, 4, 8 or 9 round up, the others down.
    for raw in range(200):
        up = raw % 10 in (3, 4, 8, 9)
        assert (rules.round_score(raw) > raw) == up or raw % 5 == 0
    assert Rules.make("block-dk").round_score(13) == 13  # only with the option
    result = replayed("dk-rounding")
    assert sum(result["pips"]) == 13 and winner_points(result) == 15


# -- All Fives -----------------------------------------------------------------------


def test_fives_rounding():
    for raw, rounded in [(12, 10), (13, 15), (1, 0), (2, 0)]:
        assert round_to_five(raw) == rounded
        assert Rules.make("all-fives").round_score(raw) == rounded
    state = replay_round(RoundRecord.parse(RECORDS["fives-rounding"]["record"]))
    result = replayed("fives-rounding")
    w = result["winner"]
    assert sum(result["pips"]) == 12
    assert result["points"][w] == state.play_points[w] + 10


def test_fives_openers():
    for tile, score in [("4-6", 10), ("2-3", 5), ("5-5", 10)]:
        lay = layout(tile, preset="all-fives")
        assert lay.count() == score
        assert (
            check(
                {
                    "id": "x",
                    "kind": "layout",
                    "preset": "all-fives",
                    "plays": [tile],
                    "score": score,
                }
            )
            == []
        )
    state = replay_round(RoundRecord.parse(RECORDS["fives-openers"]["record"]))
    first = state.events[0]
    assert first.tile == Tile.parse("4-6") and first.score == 10
    replayed("fives-openers")


def test_fives_double_end():
    lay = layout("1-5", "5-5@right", preset="all-fives")
    assert [lay.end_count(e) for e in lay.ends] == [1, 10]
    lay = layout("0-3", "0-0@left", preset="all-fives")
    assert [lay.end_count(e) for e in lay.ends] == [0, 3]
    state = replay_round(RoundRecord.parse(RECORDS["fives-double-end"]["record"]))
    assert state.events[1].tile == Tile.parse("5-5")
    replayed("fives-double-end")


def test_fives_spinner_counts():
    # A lone spinner counts its halves once; with one side played on, both halves at
    # the other side; an empty arm adds nothing.
    assert layout("5-5", preset="all-fives").count() == 10
    assert layout("5-5", "5-3@left", preset="all-fives").count() == 3 + 10
    full = layout("5-5", "5-3@left", "5-2@right", preset="all-fives")
    assert [e.end.value for e in full.ends] == ["left", "right", "up", "down"]
    assert full.count() == 3 + 2
    assert layout("5-5", "5-3@left", "5-2@right", "5-1@up", preset="all-fives").count() == 6


# -- deal, target, leads -------------------------------------------------------------

DEALS = [
    ("block", 2, 7, 14, 100),
    ("block", 3, 5, 13, 61),
    ("block", 4, 5, 8, 61),
    ("draw", 2, 7, 14, 100),
    ("draw", 3, 7, 7, 61),
    ("draw", 4, 6, 4, 61),
    ("all-fives", 2, 7, 14, 150),
    ("all-fives", 3, 5, 13, 150),
    ("all-fives", 4, 5, 8, 150),
    ("block-dk", 2, 7, 14, 100),
    ("block-dk", 3, 5, 13, 100),
    ("block-dk", 4, 5, 8, 100),
]


@pytest.mark.parametrize(("preset", "players", "hand", "stock", "target"), DEALS)
def test_deal_sizes(preset, players, hand, stock, target):
    rules = Rules.make(preset)
    assert (rules.hand_size(players), rules.stock_size(players)) == (hand, stock)
    state = RoundState.new(rules, players, 0, rng=players)
    assert state.hand_sizes() == [hand] * players
    assert state.boneyard_size == (stock if rules.draw else 0)


def test_deal_sizes_dk_seven_at_any_count():
    rules = Rules.make("block-dk", hand_size=7)
    assert [rules.hand_size(n) for n in (2, 3, 4)] == [7, 7, 7]
    assert [rules.stock_size(n) for n in (2, 3, 4)] == [14, 7, 0]


def test_targets():
    assert [Rules.make("block").target(n) for n in (2, 3, 4)] == [100, 61, 61]
    assert [Rules.make("all-fives").target(n) for n in (2, 3, 4)] == [150] * 3
    assert [Rules.make("block-dk", target=t).target(3) for t in (100, 150, 250, 61)] == [
        100,
        150,
        250,
        61,
    ]
    block = Rules.make("block")
    assert match_outcome(block, 3, [61, 61, 20]).drawn  # a tie at the top: drawn
    assert match_outcome(block, 3, [70, 61, 20]).winner == 0  # points over are kept
    assert not match_outcome(block, 3, [60, 60, 60]).over
    assert match_outcome(Rules.make("all-fives"), 2, [150, 155]).winner == 1


def test_lead_rotation():
    rules = Rules.make("block")
    for leader in range(3):
        for winner in (0, 1, 2, None):
            end = RoundEnd(winner, winner, 0, blocked=winner is None)
            assert rules.policy.lead.next_leader(3, leader, end.seat) == (leader + 1) % 3


EXAMPLE_IDS = [
    "tile-values", "place-1-4", "place-1-1", "place-6-6", "place-0-0", "place-4-4",
    "place-3-4", "place-2-2", "domino-0-8", "domino-5-5", "domino-zero", "blocked-3-7-8",
    "blocked-3-3-8", "dk-domino-14-9-3", "dk-blocked-total", "dk-blocked-diff",
    "dk-rounding", "fives-rounding", "fives-openers", "fives-double-end", "deal-sizes",
    "targets", "lead-rotation",
]  # fmt: skip


def test_every_example_of_rules_md_has_a_test():
    ids = EXAMPLE_IDS
    rules_md = SHARED / "RULES.md"
    if rules_md.is_file():
        text = rules_md.read_text(encoding="utf-8")
        table = re.findall(r"^\| ([a-z][a-z0-9-]+) \| [0-9–, ]+ \|", text, re.M)
        assert table == ids
    names = {name for name in globals() if name.startswith("test_")}
    for example_id in ids:
        assert "test_" + example_id.replace("-", "_") in names


# -- malformed examples and the arithmetic an example may show -----------------------


@pytest.mark.parametrize(
    ("spec", "says"),
    [
        ({"kind": "round-end", "pips": 5, "points": 3}, "pips must be a list"),
        ({"kind": "round-end", "pips": [0, "5"], "points": 5}, "pips must be a list"),
        (
            {"kind": "round-end", "pips": [0, 5], "players": 3, "points": 5},
            "one number for each seat",
        ),
        (
            {"kind": "match-end", "players": 2, "totals": [], "over": True},
            "totals must give 2 totals",
        ),
        ({"kind": "rounding", "preset": "all-fives", "raw": "12", "rounded": 10}, "raw must"),
        ({"kind": "rounding", "preset": "all-fives", "raw": 12, "round": 10}, "has no field round"),
        ({"kind": "deal", "hand": 7}, "the field players is missing"),
        ({"kind": "deal", "players": True, "hand": 7}, "players must"),
        ({"kind": "shuffle"}, "there is no kind"),
    ],
)
def test_a_malformed_example_is_an_error_that_says_what_is_wrong(spec, says):
    problems = check({"id": "bad-one", **spec})
    assert len(problems) == 1 and problems[0].startswith("bad-one: "), problems
    assert says in problems[0], problems


def test_example_steps_are_the_engines_arithmetic():
    def notation(spec):
        return [s.notation() for s in example_steps({"id": "x", **spec})]

    rounding = {"kind": "round-end", "preset": "block-dk", "options": {"rounding": True}}
    assert notation({**rounding, "pips": [0, 14, 9, 3], "went_out": 0}) == [
        "14 + 9 + 3 = 26",
        "26 → 25",
    ]
    assert notation({"kind": "tile-value", "tile": "2-5"}) == ["2 + 5 = 7", "5 + 2 = 7"]
    assert notation({"kind": "rounding", "preset": "all-fives", "raw": 12}) == ["12 → 10"]
    assert notation({"kind": "rounding", "preset": "all-fives", "raw": 15}) == []
    spinner = {"kind": "layout", "preset": "all-fives"}
    assert notation({**spinner, "plays": ["5-5", "3-5@left", "2-5@right"]}) == ["3 + 2 = 5"]
    assert notation({**spinner, "plays": ["5-5", "0-5@left"]}) == ["5 + 5 = 10"]
    assert notation({"kind": "layout", "plays": ["1-4"]}) == []  # Block counts nothing
