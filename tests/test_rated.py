"""Rated puzzles (engine/features/rated.py): a first attempt rates as Glicko-2 says, the
next puzzle is the nearest untried one, a streak rises, and the stored form is checked."""

from __future__ import annotations

import json

import pytest

from engine.core.errors import DominoError
from engine.core.state import Move
from engine.core.words import text
from engine.features import rated as R
from engine.features.puzzles import load_puzzles
from engine.features.rating import Rating, rate
from engine.presentation.web import call

PUZZLES = load_puzzles()
DAY = "2026-12-04"


def test_a_first_attempt_rates_against_the_puzzle_and_a_second_changes_nothing():
    puzzle = PUZZLES[0]
    start = R.Rated()
    won = R.attempt(start, puzzle, True, DAY)
    expected = rate(Rating(), [(Rating(puzzle.rating, puzzle.deviation), 1.0)])
    assert won.rating == expected
    assert won.attempts == (R.Attempt(puzzle.id, True, DAY, round(expected.rating)),)
    assert R.attempt(won, puzzle, False, "2026-12-05") == won
    lost = R.attempt(start, puzzle, False, DAY)
    assert lost.rating.rating < start.rating.rating < won.rating.rating
    with pytest.raises(DominoError) as e:
        R.attempt(start, puzzle, True, "4 Dec")
    assert e.value.code == "bad_date"


def test_the_next_puzzle_is_the_untried_one_rated_nearest_the_reader():
    rated = R.Rated(Rating(1600, 120))
    first = R.next_puzzle(rated, PUZZLES)
    assert first is not None
    assert all(abs(first.rating - 1600) <= abs(p.rating - 1600) for p in PUZZLES)
    after = R.attempt(rated, first, True, DAY)
    second = R.next_puzzle(after, PUZZLES)
    assert second is not None and second.id != first.id
    # Within the themes picked only, and none once every one is tried.
    themed = R.next_puzzle(rated, PUZZLES, ["fives", "block"])
    assert themed is not None and themed.theme in ("fives", "block")
    fives = [p for p in PUZZLES if p.theme == "fives"]
    done = rated
    for p in fives:
        done = R.attempt(done, p, False, DAY)
    assert R.next_puzzle(done, PUZZLES, ["fives"]) is None


@pytest.mark.parametrize("strength", [1300, 1800])
def test_a_reader_who_solves_what_is_below_their_strength_is_rated_near_it(strength):
    """Played by the next-puzzle rule, a reader who finds every answer of a puzzle rated
    below ``strength`` and misses every one above it ends rated near ``strength``."""
    rated = R.Rated()
    for _ in range(40):
        puzzle = R.next_puzzle(rated, PUZZLES)
        assert puzzle is not None
        rated = R.attempt(rated, puzzle, puzzle.rating < strength, DAY)
    assert abs(rated.rating.rating - strength) < 150, rated.rating
    assert rated.rating.deviation < 100
    assert [a.rating for a in rated.attempts][-1] == round(rated.rating.rating)


def test_a_streak_rises_allows_one_skip_and_ends_on_a_wrong_move():
    rated = R.start_run(R.Rated(best_streak=2), seed=7)
    assert rated.run is not None
    seen = []
    while len(seen) < 6:
        puzzle = R.run_puzzle(rated.run, PUZZLES)
        assert puzzle is not None and puzzle.id not in seen
        if seen:
            assert puzzle.rating >= max(p.rating for p in seen if p.id in rated.run.solved)
        seen.append(puzzle)
        if len(seen) == 3:
            rated = R.run_skip(rated, puzzle)
            continue
        rated = R.run_answer(rated, puzzle, True)
    assert rated.run.score == 5 and rated.best_streak == 5
    with pytest.raises(DominoError) as e:
        R.run_skip(rated, R.run_puzzle(rated.run, PUZZLES))
    assert e.value.code == "streak_skip_used"
    with pytest.raises(DominoError) as e:
        R.run_answer(rated, seen[0], True)
    assert e.value.code == "streak_puzzle_done"
    wrong = R.run_answer(rated, R.run_puzzle(rated.run, PUZZLES), False)
    assert wrong.run.over and wrong.run.score == 5 and wrong.best_streak == 5
    assert R.run_puzzle(wrong.run, PUZZLES) is None
    with pytest.raises(DominoError) as e:
        R.run_answer(wrong, PUZZLES[-1], True)
    assert e.value.code == "streak_not_running"
    # The first puzzle is one of the lowest rated; the seed picks which.
    lowest = sorted(p.rating for p in PUZZLES)[R.RUN_CHOICE - 1]
    firsts = {R.run_puzzle(R.Run(seed), PUZZLES).id for seed in range(20)}
    assert len(firsts) > 1
    assert all(p.rating <= lowest for p in PUZZLES if p.id in firsts)
    assert R.run_puzzle(R.Run(3), PUZZLES) == R.run_puzzle(R.Run(3), PUZZLES)
    # A streak does not rate.
    assert wrong.rating == R.Rated().rating and wrong.attempts == ()


def test_the_stored_form_reads_back_and_anything_else_is_refused():
    rated = R.attempt(R.Rated(), PUZZLES[3], True, DAY)
    rated = R.run_answer(R.start_run(rated, 5), R.run_puzzle(R.Run(5), PUZZLES), True)
    data = R.to_data(rated)
    assert R.load(data) == rated
    assert R.load(None) == R.Rated()
    bad = [
        [],
        {**data, "extra": 1},
        {**data, "rating": [1500, 350]},
        {**data, "rating": [1500, 900, 0.06]},
        {**data, "rating": [1500, True, 0.06]},
        {**data, "attempts": [["x", 2, DAY, 1500]]},
        {**data, "attempts": [["x", 1, "yesterday", 1500]]},
        {**data, "attempts": [["", 1, DAY, 1500]]},
        {**data, "attempts": [["x", 1, DAY, 1500.5]]},
        {**data, "attempts": [["x", 1, DAY, 1500]] * (R.MAX_ATTEMPTS + 1)},
        {**data, "best_streak": -1},
        {**data, "run": {"seed": 1, "solved": "x", "skipped": None, "over": False}},
        {**data, "run": {"seed": 1, "solved": [], "skipped": 3, "over": False}},
    ]
    for data_bad in bad:
        with pytest.raises(DominoError) as e:
            R.load(data_bad)
        assert e.value.code == "bad_rated", data_bad


# -- what the page asks (engine/presentation/views/rated.py, through web.call) ------------


def ask(method: str, args: dict, lang: str = "de") -> dict:
    reply = json.loads(call(json.dumps({"method": method, "args": args, "lang": lang})))
    return reply


def test_the_page_gets_the_rating_the_next_puzzle_and_the_streak():
    reply = ask("puzzle_rated", {"rated": None, "themes": ["keep"]})["value"]
    assert reply["rating"] == 1500
    assert reply["rating_text"] == text("de", "rated.rating.provisional", rating=1500)
    assert reply["rated"] == R.to_data(R.Rated())
    puzzle = next(p for p in PUZZLES if p.id == reply["next"])
    assert puzzle == R.next_puzzle(R.Rated(), PUZZLES, ["keep"])
    assert reply["streak"] == {
        "running": False, "next": None, "score": 0, "skip": False,
        "text": text("de", "rated.streak.best", count=0),
    }  # fmt: skip
    started = ask("puzzle_rated", {"rated": reply["rated"], "start": 11})["value"]
    streak = started["streak"]
    assert streak["running"] and streak["skip"] and streak["score"] == 0
    assert streak["next"] == R.run_puzzle(R.Run(11), PUZZLES).id
    skipped = ask("puzzle_rated", {"rated": started["rated"], "skip": streak["next"]})["value"]
    assert not skipped["streak"]["skip"] and skipped["streak"]["next"] != streak["next"]
    again = ask("puzzle_rated", {"rated": skipped["rated"], "skip": skipped["streak"]["next"]})
    assert again["code"] == "streak_skip_used"
    assert again["error"] == DominoError("streak_skip_used").message("de")


def test_a_move_rates_once_and_a_streak_move_counts_in_the_streak():
    puzzle = PUZZLES[0]
    answer = Move.parse(puzzle.answer)
    right = {"id": puzzle.id, "tile": answer.tile.code, "end": answer.end.value}
    first = ask("puzzle", {**right, "rated": None, "today": DAY}, "pl")["value"]
    assert first["right"]
    after = R.attempt(R.Rated(), puzzle, True, DAY)
    assert first["rated"]["rated"] == R.to_data(after)
    gained = round(after.rating.rating) - 1500
    assert gained > 0
    assert first["rated"]["change"] == text(
        "pl", "rated.change.up", change=gained, rating=1500 + gained
    )
    second = ask("puzzle", {**right, "rated": first["rated"]["rated"], "today": DAY}, "pl")
    assert second["value"]["rated"]["rated"] == first["rated"]["rated"]
    assert second["value"]["rated"]["change"] == text(
        "pl", "rated.change.none", rating=1500 + gained
    )
    # The answer shown before any move is a first attempt lost.
    shown = ask("puzzle", {"id": puzzle.id, "reveal": True, "rated": None, "today": DAY})
    assert shown["value"]["rated"]["rating"] < 1500
    # In a streak, a wrong move ends it and rates nothing.
    run = R.start_run(R.Rated(), 2)
    streak_puzzle = R.run_puzzle(run.run, PUZZLES)
    wrong = next(m for m in streak_puzzle.values if m != streak_puzzle.answer)
    move = Move.parse(wrong)
    told = ask("puzzle", {"id": streak_puzzle.id, "tile": move.tile.code,
                          "end": move.end.value if move.end else "",
                          "rated": R.to_data(run), "streak": True})["value"]  # fmt: skip
    assert not told["right"]
    assert told["rated"]["streak"]["text"].startswith(text("de", "rated.streak.over", count=0))
    assert told["rated"]["rating"] == 1500


@pytest.mark.parametrize(
    ("args", "code"),
    [
        ({"rated": {"rating": "high"}}, "bad_rated"),
        ({"rated": None, "themes": ["fives", "luck"]}, "bad_request"),
        ({"rated": None, "start": -1}, "bad_request"),
        ({"rated": None, "skip": "block-2-01"}, "streak_not_running"),
    ],
)
def test_what_the_engine_cannot_use_is_its_error_in_the_readers_language(args, code):
    reply = ask("puzzle_rated", args, "fr")
    assert not reply["ok"] and reply["code"] == code
    assert reply["error"] and "{" not in reply["error"]
