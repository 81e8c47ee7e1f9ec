"""The engine behind the live figures: the score's arithmetic step by step, a whole round
told from the deal to the score, and the JSON requests a page's worker sends.
"""

from __future__ import annotations

import json
import random
import re

import pytest

from engine import DominoError, RoundState, Rules
from engine.core.records import round_record
from engine.core.scoring import breakdown
from engine.core.words import strings
from engine.lang import LANGUAGES, fill, join_words
from engine.presentation.views.rounds import round_steps
from engine.presentation.views.tryit import try_view
from engine.presentation.web import call

BLOCKED_3_7_8 = {
    "preset": "block", "players": 3, "leader": 1,
    "hands": [["3-6", "2-4", "4-6", "0-1", "1-1"], ["1-2", "0-3", "0-4", "4-5", "1-5"],
              ["1-4", "6-6", "1-3", "0-2", "3-3"]],
    "plays": ["1-5", "1-4@left", "4-6@left", "4-5@right", "6-6@left", "2-4@right", "1-2@right",
              "1-3@right", "3-6@right"],
}  # fmt: skip


# --- The score's arithmetic ------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "options", "pips", "went_out", "last_double", "arithmetic", "points"),
    [
        ("block", {}, [3, 7, 8], None, False, "7 + 8 − 3 = 12", 12),
        ("block", {}, [0, 5, 5], 0, False, "5 + 5 = 10", 10),
        ("block", {}, [0, 8], 0, False, "8", 8),
        ("block", {}, [3, 3, 8], None, False, "0", 0),
        ("block-dk", {}, [8, 15, 20], None, False, "15 + 20 = 35", 35),
        ("block-dk", {"partnerships": True}, [0, 6, 4, 5], 0, False, "(6 + 5) = 11", 11),
        ("block-dk", {"partnerships": True, "blocked_scoring": "difference"},
         [8, 13, 28, 14], None, False, "(8 + 28) − (13 + 14) = 9", 9),
        ("all-fives", {}, [4, 9, 9], None, False, "9 + 9 = 18", 20),
        ("block-dk", {"double_finish": True, "rounding": True}, [0, 9, 9], 0, True,
         "9 + 9 = 18", 40),
    ],
)  # fmt: skip
def test_breakdown_shows_every_step_and_agrees_with_the_score(
    preset, options, pips, went_out, last_double, arithmetic, points
):
    rules = Rules.make(preset, **options)
    score = breakdown(rules, pips, went_out, last_double=last_double)
    assert score.arithmetic() == arithmetic
    assert score.points == points
    # The steps end on the score: the last one computes it (or, with none, the raw sum is
    # the score as it stands).
    steps = score.steps()
    assert (steps[-1].result if steps else score.raw) == points


def test_breakdown_is_told_in_every_language():
    rules = Rules.make("block-dk", rounding=True, double_finish=True)
    score = breakdown(rules, [0, 9, 9], 0, last_double=True)
    assert score.raw == 18 and score.rounded == 20 and score.doubled == 40
    for lang in LANGUAGES:
        line = score.render(lang)
        assert line.startswith("9 + 9 = 18") and line.endswith("40"), line
        assert "20" in line
    assert (
        score.render("en")
        == "9 + 9 = 18, rounded to 20, doubled for going out with a double: 20 × 2 = 40"
    )
    tie = breakdown(Rules.make("block"), [3, 3, 8], None)
    assert tie.end.winner is None and tie.render("fr") == strings("fr")["score.tie"]


def test_breakdown_steps_hide_nothing():
    """Every step from the hands to the score is a step of the breakdown and of its
    one-line rendering: a blocked partnership round's team sums, the raw sum, the
    rounding and the doubling with its operand."""

    def steps(preset, options, pips, went_out, last_double=False):
        score = breakdown(Rules.make(preset, **options), pips, went_out, last_double=last_double)
        return [s.notation() for s in score.steps()], score.render("en")

    assert steps("block-dk", {}, [0, 14, 9, 3], 0) == (["14 + 9 + 3 = 26"], "14 + 9 + 3 = 26")
    assert steps("block-dk", {"rounding": True}, [0, 14, 9, 3], 0) == (
        ["14 + 9 + 3 = 26", "26 → 25"],
        "14 + 9 + 3 = 26, rounded to 25",
    )
    assert steps("block-dk", {"rounding": True, "double_finish": True}, [0, 12], 0, True) == (
        ["12 → 10", "10 × 2 = 20"],
        "12, rounded to 10, doubled for going out with a double: 10 × 2 = 20",
    )
    assert steps("all-fives", {}, [4, 9, 9], None) == (
        ["9 + 9 = 18", "18 → 20"],
        "9 + 9 = 18, rounded to 20",
    )
    assert steps("block-dk", {"partnerships": True}, [3, 10, 4, 2], None) == (
        ["3 + 4 = 7", "10 + 2 = 12"],
        "the winners' hands 3 + 4 = 7 against 10 + 2 = 12: 12",
    )
    diff = {"partnerships": True, "blocked_scoring": "difference"}
    assert steps("block-dk", diff, [8, 13, 28, 14], None) == (
        ["8 + 28 = 36", "13 + 14 = 27", "36 − 27 = 9"],
        "the winners' hands 13 + 14 = 27 against 8 + 28 = 36: 36 − 27 = 9",
    )
    # A tie between teams still shows both sums.
    assert steps("block-dk", {"partnerships": True}, [3, 10, 4, 1], None) == (
        ["3 + 4 = 7", "10 + 1 = 11"],
        "the winners' hands 3 + 4 = 7 against 10 + 1 = 11: 11",
    )
    tie = breakdown(Rules.make("block-dk", partnerships=True), [3, 5, 4, 2], None)
    assert [s.notation() for s in tie.steps()] == ["3 + 4 = 7", "5 + 2 = 7"]
    assert tie.render("en") == "teams 3 + 4 = 7 against 5 + 2 = 7: a tie for the lowest hand: 0"
    for lang in LANGUAGES:
        line = tie.render(lang)
        assert "3 + 4 = 7" in line and "5 + 2 = 7" in line, line


def test_breakdown_agrees_with_played_rounds():
    """Over random rounds of every preset, the breakdown names the winner the rules name
    (RULES.md: the seat that went out, else the strictly lowest side), adds the others'
    hands (less the winner's own, where a blocked round is scored by difference), and its
    arithmetic adds up. A team's hands are its two seats' (steps of their own)."""
    for preset in ("block", "block-dk", "draw", "all-fives"):
        for seed in range(60):
            rng = random.Random(seed)
            teams = preset == "block-dk" and seed % 6 == 5  # half of block-dk's fours
            rules = Rules.make(preset, partnerships=True) if teams else Rules.make(preset)
            state = RoundState.new(rules, players=2 + seed % 3, rng=seed)
            while not state.is_terminal:
                state.apply(rng.choice(state.legal_moves()))
            score = state.score_breakdown()
            pips = state.pips()
            sides = range(rules.sides(state.players))
            hands = [tuple(pips[s] for s in rules.seats(side, state.players)) for side in sides]
            sums = [sum(hand) for hand in hands]
            end = score.end
            assert end.blocked == (state.went_out is None)
            if state.went_out is not None:
                assert (end.seat, end.winner) == (state.went_out, rules.side_of(state.went_out))
            elif sums.count(min(sums)) > 1:
                assert (end.winner, end.seat, end.points, score.terms) == (None, None, 0, ())
            else:
                winners = rules.seats(sums.index(min(sums)), state.players)
                assert end.winner == sums.index(min(sums)) and end.seat in winners
                assert pips[end.seat] == min(pips[s] for s in winners)  # the partner to lead
            if end.winner is not None:
                others = [hand for side, hand in enumerate(hands) if side != end.winner]
                own = (
                    [hands[end.winner]]
                    if end.blocked and rules.blocked_scoring == "difference"
                    else []
                )
                assert sorted(t.pips for t in score.terms if t.sign > 0) == sorted(others)
                assert [t.pips for t in score.terms if t.sign < 0] == own
            assert score.raw == sum(t.sign * t.total for t in score.terms)
            if score.terms:
                assert eval(score.arithmetic().replace("−", "-").split("=")[0]) == score.raw


# --- A whole round, step by step -------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_round_steps_run_from_the_deal_to_the_score(lang):
    steps = round_steps(BLOCKED_3_7_8, lang)
    s = strings(lang)
    plays = BLOCKED_3_7_8["plays"]
    assert len(steps) == len(plays) + 2  # the deal, each play, the score
    assert not steps[0].layout.tiles and not steps[0].last
    assert "[0|1], [1|1], [2|4], [3|6], [4|6]" in steps[0].text
    assert fill(lang, s["round.set_aside"], count=13) in steps[0].text
    for i, step in enumerate(steps[1:-1]):
        assert step.last and len(step.layout.tiles) == i + 1
        assert str(step.layout.tiles[-1]) in step.text
    final = steps[-1].text
    assert s["round.blocked"] in final
    # Readers count seats from 1: the record's seat 0 wins. The block says nobody can
    # play; the three passes before it are not told again ("Seats 2, 3 and 1 cannot play
    # and pass. Nobody can play: …" was).
    assert final.startswith(s["round.blocked"])
    assert fill(lang, s["round.passes.many"], seats=join_words(lang, ["2", "3", "1"])) not in final
    assert s["round.wins.seat"].format(seat=1, score="7 + 8 − 3 = 12") in final
    assert s["round.passes"].format(seat=3) not in final
    assert steps[-1].layout == steps[-2].layout


def test_round_steps_tell_draws_and_scoring_plays():
    rules = Rules.make("all-fives")
    for seed in range(200):
        rng = random.Random(seed)
        state = RoundState.new(rules, players=2, rng=seed)
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_moves()))
        scored = [e for e in state.events if e.kind == "play" and e.score]
        drew = [e for e in state.events if e.kind == "draw"]
        if scored and drew:
            break
    text = " ".join(step.text for step in round_steps(round_record(state), "de"))
    for e in drew:  # a run of draws is told once, naming every tile drawn
        drawn = rf"Sitz {e.seat + 1} kann nicht legen und zieht [^.]*{re.escape(str(e.tile))}"
        assert re.search(drawn, text)
    assert text.count("erhält") >= len(scored)


def test_a_bad_round_record_is_an_error():
    with pytest.raises(DominoError):
        round_steps({**BLOCKED_3_7_8, "plays": BLOCKED_3_7_8["plays"][:-1]}, "en")
    with pytest.raises(DominoError):
        round_steps(BLOCKED_3_7_8, "xx")


# --- The worker's requests -------------------------------------------------------------


def ask(method: str, args: object, lang: str = "en") -> dict:
    return json.loads(call(json.dumps({"method": method, "args": args, "lang": lang})))


START = {"preset": "block", "plays": ["1-4", "1-1@left"], "hand": ["4-4", "2-5"]}


def test_try_move_lays_a_legal_tile_and_tells_it():
    reply = ask("try_move", {**START, "tile": "4-4", "end": "right"}, "fr")
    assert reply["ok"], reply
    view = reply["value"]
    assert view["plays"] == ["1-4", "1-1@left", "4-4@right"]
    assert view["hand"] == ["2-5"]
    assert [e["end"] for e in view["ends"]] == ["left", "right"]
    assert [e["value"] for e in view["ends"]] == [1, 4]
    assert view["caption"].startswith("Vous avez posé [4|4] à l’extrémité droite")
    assert 'class="domino-last"' in view["svg"] and view["caption"] in view["svg"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_illegal_try_move_is_the_engines_error_in_the_pages_language(lang):
    reply = ask("try_move", {**START, "tile": "2-5", "end": "left"}, lang)
    expected = DominoError("no_match", tile="[2|5]", end="left", value=1).message(lang)
    assert reply == {"ok": False, "error": expected, "code": "no_match"}


@pytest.mark.parametrize(
    ("args", "code"),
    [
        ({**START, "tile": "3-3", "end": "left"}, "not_in_tray"),
        ({**START, "tile": "4-4", "end": "middle"}, "bad_end"),
        ({**START, "tile": "4-9", "end": "left"}, "bad_tile"),
        ({**START, "plays": "1-4", "tile": "4-4", "end": "right"}, "bad_request"),
        ({**START, "preset": "chess", "tile": "4-4", "end": "right"}, "unknown_preset"),
        ({**START, "hand": ["1-4"], "tile": "1-4", "end": "right"}, "already_placed"),
        ({**START, "plays": ["1-4", "5-5@left"], "tile": "4-4", "end": "right"}, "no_match"),
    ],
)
def test_bad_try_requests_are_clear_errors(args, code):
    reply = ask("try_move", args, "pl")
    assert reply["ok"] is False and reply["code"] == code, reply
    assert reply["error"] and not reply["error"].startswith(code)


def test_requests_that_are_no_request():
    assert json.loads(call("not json"))["code"] == "bad_json"
    assert json.loads(call("[" * 100000))["code"] == "bad_json"
    assert json.loads(call("9" * 5000))["code"] == "bad_json"
    assert json.loads(call("[]"))["code"] == "bad_request"
    assert ask("nothing", {})["code"] == "bad_request"
    unknown = json.loads(call(json.dumps({"method": "ping", "lang": "xx"})))
    assert unknown["code"] == "unknown_language"
    assert ask("ping", {}, "da")["value"]["languages"] == list(LANGUAGES)


def test_all_fives_try_move_scores_a_multiple_of_five():
    start = {"preset": "all-fives", "plays": ["5-5", "3-5@left", "2-5@right"], "hand": ["0-5"]}
    view = ask("try_move", {**start, "tile": "0-5", "end": "up"}, "en")["value"]
    assert "They add up to 5, a multiple of five: the play scores 5." in view["caption"]
    assert "You have laid all your tiles." in view["caption"] and view["hand"] == []
    view = try_view("all-fives", ["5-5", "3-5@left", "2-5@right"], ["1-5"], "da", "x")
    assert view["ends"][0]["label"] == "den venstre ende, kræver 3"


def test_fives_score_is_a_positive_multiple_of_five():
    """One rule for what a play scores in All Fives, which the round, the worked examples
    and the try-it figures all ask."""
    from engine import Layout

    cases = {("0-0",): 0, ("5-5",): 10, ("3-2",): 5, ("1-4", "4-4@right"): 0, ("0-5",): 5}
    for plays, score in cases.items():
        assert Layout.from_plays(list(plays), spinner=True).fives_score() == score, plays
    from engine import ALL_TILES

    tiles = list(ALL_TILES)  # [0|0] first
    state = RoundState(Rules.make("all-fives"), 2, 0, [tiles[:7], tiles[7:14]], tiles[14:])
    state.apply("0-0")
    assert state.events[-1].score == 0 and state.play_points == [0, 0]
