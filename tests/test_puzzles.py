"""The puzzles (``engine/features/puzzles.py``, ``engine/features/puzzles.json``): every
stored puzzle is what the solver proves, its theme and difficulty are what their rules give,
a changed puzzle is found, the generator is seeded, and the puzzle of the day depends on the
date alone.

The themes are checked against facts worked out here by replaying the solver's lines
through ``RoundState`` (not through the rules of ``engine.features.puzzles``): a ``double``
puzzle's answer is a double that some other move leaves in hand to the end, a ``block``
puzzle's winning line ends blocked and won by the mover's side, and so on.
"""

from __future__ import annotations

import datetime
import gzip
import itertools
import json
import subprocess
import sys
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from engine import RoundState, Rules
from engine.core.errors import DominoError
from engine.core.rules import PRESETS
from engine.core.state import Move
from engine.core.tiles import Tile
from engine.core.words import strings, text
from engine.features import puzzles as P
from engine.lang import LANGUAGES
from engine.players.solver import MoveValue, Play, solve
from engine.presentation import web
from engine.presentation.views import puzzles as view
from engine.presentation.views.rounds import tell_end

if TYPE_CHECKING:
    from conftest import Pyodide

ROOT = Path(__file__).resolve().parent.parent

PUZZLES = P.load_puzzles()
TEXT = P.DATA.read_text(encoding="utf-8")


def end_of(state: RoundState, line: tuple[Play, ...]) -> RoundState:
    """The round once a solver's line is played from ``state`` (a copy)."""
    state = state.clone()
    for play in line:
        assert state.current_player == play.seat
        state.apply(play.move)
    assert state.is_terminal
    return state


def solved(puzzle: P.Puzzle) -> tuple[RoundState, MoveValue, list[MoveValue]]:
    """The puzzle's position, its best move's value and the others'."""
    state = puzzle.state()
    solution = solve(state)
    best = [m for m in solution.moves if m.value == solution.value]
    assert len(best) == 1, puzzle.id
    return state, best[0], [m for m in solution.moves if m is not best[0]]


def of_theme(theme: str) -> list[P.Puzzle]:
    found = [p for p in PUZZLES if p.theme == theme]
    assert found, f"no puzzle of the theme {theme}"
    return found


# -- the stored puzzles ------------------------------------------------------------------


def test_at_least_500_puzzles_over_every_game_and_player_count_themes_balanced() -> None:
    assert len(PUZZLES) >= 500
    setups = Counter((p.preset, p.players) for p in PUZZLES)
    for preset in PRESETS:
        for players in (2, 3, 4):
            assert setups[(preset, players)] >= 40, (preset, players)
    # Every theme and every difficulty, each within a fifth of its fair share.
    for name, count in (("theme", P.THEMES), ("difficulty", P.DIFFICULTIES)):
        found = Counter(getattr(p, name) for p in PUZZLES)
        assert set(found) == set(count), name
        fair = len(PUZZLES) / len(count)
        assert all(0.8 * fair <= n <= 1.2 * fair for n in found.values()), found
    assert len({p.id for p in PUZZLES}) == len(PUZZLES)
    # What the engine's wheel carries to every reader stays small, gzipped.
    assert len(gzip.compress(TEXT.encode(), 9)) < 40_000, "the data file should stay small"


@pytest.mark.slow  # solves every stored puzzle; test_each_answer_... below solves them too
def test_every_stored_puzzle_is_what_the_solver_proves() -> None:
    """The build's check: no problem in the file as committed."""
    assert P.check_text(TEXT) == []


def test_each_answer_is_the_one_best_move_by_the_margin() -> None:
    for puzzle in PUZZLES:
        state, best, wrong = solved(puzzle)
        assert str(best.move) == puzzle.answer
        assert all(m.value <= best.value - P.MARGIN for m in wrong), puzzle.id
        assert {str(m.move) for m in (best, *wrong)} == set(puzzle.values)
        assert {str(m): puzzle.values[str(m)] for m in state.legal_moves()} == puzzle.values
        assert puzzle.points == best.points
        assert sum(len(h) for h in state.hands) <= P.MAX_TILES


def test_the_position_is_the_start_of_a_round_record() -> None:
    """A puzzle is a deal and the plays so far: the deal is a deal of its game (the hands
    and the boneyard hold every tile once) and the plays replay."""
    for puzzle in PUZZLES:
        rules = puzzle.rules
        dealt = [t for h in puzzle.hands for t in h] + list(puzzle.boneyard)
        assert len(set(dealt)) == len(dealt)
        assert all(len(h) == rules.hand_size(puzzle.players) for h in puzzle.hands)
        state = puzzle.state()
        assert not state.is_terminal
        assert state.current_player is not None


# -- the themes, from facts worked out here ---------------------------------------------


def test_double_the_answer_lays_a_double_another_move_leaves_in_hand() -> None:
    for puzzle in of_theme("double"):
        state, best, wrong = solved(puzzle)
        seat = state.current_player
        assert seat is not None
        tile = best.move.tile
        assert tile.is_double
        assert any(tile in end_of(state, m.line).hand(seat) for m in wrong), puzzle.id


def scored(state: RoundState, move: Move) -> int:
    """What a move scores in play (All Fives), from the layout it makes."""
    return state.layout.place(move.tile, move.end).fives_score()


def test_fives_the_answer_scores_in_play_more_than_any_other_move() -> None:
    for puzzle in of_theme("fives"):
        assert puzzle.preset == "all-fives"
        state = puzzle.state()
        answer = Move.parse(puzzle.answer)
        others = [m for m in state.legal_moves() if m != answer]
        assert scored(state, answer) > 0
        assert all(scored(state, m) < scored(state, answer) for m in others), puzzle.id


def test_block_out_and_losses_are_how_the_winning_line_ends() -> None:
    for theme in ("block", "out", "losses"):
        for puzzle in of_theme(theme):
            state, best, _ = solved(puzzle)
            seat = state.current_player
            assert seat is not None
            side = state.rules.side_of(seat)
            end = end_of(state, best.line)
            winner = end.result().winner
            if theme == "losses":
                assert winner != side, puzzle.id
                continue
            assert winner == side, puzzle.id
            if theme == "block":
                assert all(end.hand_sizes()), puzzle.id
            else:
                out = [s for s in range(end.players) if not end.hand_sizes()[s]]
                assert [end.rules.side_of(s) for s in out] == [side], puzzle.id


def test_pass_the_answer_shows_only_values_a_pass_revealed() -> None:
    """Replaying the plays one at a time: some seat of another side passed while the open
    ends took values it (still) holds none of, and the answer leaves only those open."""
    for puzzle in of_theme("pass"):
        rules = puzzle.rules
        state = RoundState(
            rules,
            puzzle.players,
            puzzle.leader,
            [[Tile.parse(c) for c in h] for h in puzzle.hands],
            [Tile.parse(c) for c in puzzle.boneyard],
        )
        lacked: dict[int, set[int]] = {}
        for play in puzzle.plays:
            seen = len(state.events)
            state.apply(play)
            for event in state.events[seen + 1 :]:
                if event.kind == "pass":
                    lacked.setdefault(event.seat, set()).update(state.layout.open_values())
        seat = state.current_player
        assert seat is not None
        after = state.clone()
        after.apply(puzzle.answer)
        shown = set(after.layout.open_values())
        holders = [
            s
            for s, values in lacked.items()
            if rules.side_of(s) != rules.side_of(seat)
            and shown <= values
            and not any(t.has(v) for t in state.hand(s) for v in values)
        ]
        assert holders, puzzle.id


def test_keep_an_open_end_takes_a_value_only_the_movers_side_holds() -> None:
    for puzzle in of_theme("keep"):
        state = puzzle.state()
        seat = state.current_player
        assert seat is not None
        after = state.clone()
        after.apply(puzzle.answer)
        side = state.rules.side_of(seat)
        ours = [t for s in range(state.players) if state.rules.side_of(s) == side
                for t in after.hand(s)]  # fmt: skip
        theirs = [t for s in range(state.players) if state.rules.side_of(s) != side
                  for t in after.hand(s)] + list(after.boneyard)  # fmt: skip
        kept = [
            v
            for v in after.layout.open_values()
            if any(t.has(v) for t in ours) and not any(t.has(v) for t in theirs)
        ]
        assert kept, puzzle.id


# -- difficulty and the tempting moves ---------------------------------------------------


def test_difficulty_rises_with_the_line_and_the_tempting_moves() -> None:
    assert P.difficulty_of(1, 0) == P.difficulty_of(3, 0) == "easy"
    assert P.difficulty_of(4, 0) == P.difficulty_of(2, 2) == "medium"
    assert P.difficulty_of(7, 0) == P.difficulty_of(1, 3) == "hard"
    for own in range(1, 10):
        for tempting in range(4):
            rank = P.DIFFICULTIES.index(P.difficulty_of(own, tempting))
            assert rank <= P.DIFFICULTIES.index(P.difficulty_of(own + 1, tempting))
            assert rank <= P.DIFFICULTIES.index(P.difficulty_of(own, tempting + 1))


def test_a_tempting_move_is_one_the_club_player_rates_as_high_as_the_answer() -> None:
    from engine.players import club_score, features, knowledge

    checked = 0
    for puzzle in PUZZLES[::5]:
        state = puzzle.state()
        finding = P.examine(state, node_limit=None)
        assert finding is not None
        seat = state.current_player
        assert seat is not None
        obs = state.observation(seat)
        know = knowledge(obs)
        rating = {m: club_score(features(obs, m, know), state.rules) for m in state.legal_moves()}
        bar = rating[finding.answer.move]
        wrong = [m for m in state.legal_moves() if str(m) != puzzle.answer]
        assert set(finding.tempting) == {m for m in wrong if rating[m] >= bar}
        side = finding.solution.side
        own = [p for p in finding.answer.line if state.rules.side_of(p.seat) == side]
        assert finding.own == len(own) >= 1
        assert puzzle.difficulty == P.difficulty_of(len(own), len(finding.tempting))
        checked += 1
    assert checked >= 30


# -- a changed puzzle fails the check -----------------------------------------------------


def changed(**fields: object) -> P.Puzzle:
    data = PUZZLES[0].to_dict()
    data.update(fields)
    return P.Puzzle.of(data)


def test_a_changed_answer_value_theme_difficulty_or_rating_is_found() -> None:
    first = PUZZLES[0]
    other = next(m for m in first.values if m != first.answer)
    assert P.puzzle_problems(first) == []
    said = " ".join(P.puzzle_problems(changed(answer=other)))
    assert f"the answer is {first.answer}, not {other}" in said
    values = {**first.values, other: first.values[other] + 1}
    assert "the moves' values are" in " ".join(P.puzzle_problems(changed(values=values)))
    points = [p + 5 for p in first.points]
    assert "the winning line ends with the points" in " ".join(
        P.puzzle_problems(changed(points=points))
    )
    theme = next(t for t in P.THEMES if t != first.theme)
    assert f"the theme is {first.theme}, not {theme}" in " ".join(
        P.puzzle_problems(changed(theme=theme))
    )
    level = next(d for d in P.DIFFICULTIES if d != first.difficulty)
    said = " ".join(P.puzzle_problems(changed(difficulty=level)))
    assert f"the difficulty is {first.difficulty}, not {level}" in said
    said = " ".join(P.puzzle_problems(changed(rating=first.rating + 1)))
    assert f"the rating is {first.rating} (deviation {first.deviation}), not" in said
    assert "the rating is" in " ".join(P.puzzle_problems(changed(deviation=1)))


# -- ratings --------------------------------------------------------------------------


def test_a_puzzle_rates_harder_the_more_it_takes_to_find() -> None:
    """More legal moves, more tempting ones, a longer line or a larger search never make
    a puzzle rate lower; one every probe finds rates lowest, one only the largest search
    finds rates highest."""
    for moves, tempting, own, nodes in itertools.product((2, 3, 5), (0, 1, 3), (1, 2, 3, 5),
                                                         (10, 500, 5000)):  # fmt: skip
        rated = P.rating_of(moves, tempting, own, nodes).rating
        assert rated <= P.rating_of(moves + 1, tempting, own, nodes).rating
        assert rated <= P.rating_of(moves, tempting + 1, own, nodes).rating
        assert rated <= P.rating_of(moves, tempting, own + 1, nodes).rating
        assert rated <= P.rating_of(moves, tempting, own, nodes * 10).rating
    easiest = P.rating_of(2, 0, 1, 10).rating
    hardest = P.rating_of(6, 2, 5, 12_000).rating
    assert 1050 < easiest < 1250 < 2000 < hardest < 2300
    assert P.rating_of(4, 1, 1, 10).rating < P.rating_of(4, 1, 4, 10).rating


def test_the_ratings_order_the_difficulty_levels() -> None:
    """The easy puzzles rate below the medium ones and those below the hard ones, on
    average and at the median (that each stored rating is the engine's is checked with
    the rest of the puzzle, above)."""
    by_level = {d: sorted(p.rating for p in PUZZLES if p.difficulty == d) for d in P.DIFFICULTIES}
    means = [sum(r) / len(r) for r in by_level.values()]
    medians = [r[len(r) // 2] for r in by_level.values()]
    assert means == sorted(means) and len(set(means)) == 3, means
    assert medians == sorted(medians) and len(set(medians)) == 3, medians


def test_a_changed_position_is_found() -> None:
    first = PUZZLES[0]
    assert "its position is not allowed" in " ".join(
        P.puzzle_problems(changed(plays=["6-6", "0-0"]))
    )
    # One play fewer: another position, which is not this puzzle (or no puzzle at all).
    if first.plays:
        assert P.puzzle_problems(changed(plays=list(first.plays[:-1])))
    swapped = [list(first.hands[1]), list(first.hands[0]), *map(list, first.hands[2:])]
    assert P.puzzle_problems(changed(hands=swapped))


@pytest.mark.slow  # solves every stored puzzle twice
def test_a_changed_file_is_found_with_the_puzzle_named() -> None:
    data = json.loads(TEXT)
    target = data["puzzles"][7]
    target["answer"] = next(m for m in target["values"] if m != target["answer"])
    said = P.check_text(json.dumps(data))
    assert said and all(line.startswith(f"puzzle {target['id']}: ") for line in said), said
    data["puzzles"][8]["id"] = data["puzzles"][9]["id"]
    assert "used twice" in P.check_text(json.dumps(data))[0]
    assert "cannot be read" in P.check_text('{"version": 1}')[0]
    assert "cannot be read" in P.check_text("{")[0]
    data = json.loads(TEXT)
    data["puzzles"][0]["mood"] = "cheerful"
    assert "unknown ['mood']" in P.check_text(json.dumps(data))[0]


def test_the_file_is_written_one_puzzle_a_line_and_reads_back() -> None:
    assert P.write(PUZZLES) == TEXT
    assert P.read(P.write(PUZZLES[:3])) == PUZZLES[:3]
    assert TEXT.count("\n") == len(PUZZLES) + 2


# -- the generator ---------------------------------------------------------------------


def test_the_generator_is_seeded_and_keeps_only_puzzles() -> None:
    setup = P.SETUPS[1]  # block with three players: quick to search
    first = [c.puzzle for c in P.candidates(setup, 3)]
    again = [c.puzzle for c in P.candidates(setup, 3)]
    assert first == again
    for seed in range(4):
        for c in P.candidates(setup, seed):
            state = c.puzzle.state()
            assert P.examine(state) == c.finding
            values = sorted(c.puzzle.values.values(), reverse=True)
            assert values[0] - values[1] >= P.MARGIN


def test_the_generator_spreads_themes_and_takes_one_puzzle_a_deal() -> None:
    made = P.generate(per_setup=4, deals=6, setups=[P.SETUPS[1]])
    assert [p.id for p in made] == [f"block-3-0{k}" for k in range(1, 5)]
    assert all(p.preset == "block" and p.players == 3 for p in made)
    # The choice among candidates: one a deal, the least picked theme first.
    some = PUZZLES[0]
    finding = P.examine(some.state(), node_limit=None)
    assert finding is not None

    def candidate(deal: int, theme: str, level: str = "easy") -> P.Candidate:
        return P.Candidate(deal, replace(some, theme=theme, difficulty=level), finding)

    found = [
        candidate(0, "double"),
        candidate(0, "double"),
        candidate(1, "double"),
        candidate(1, "keep"),
        candidate(2, "block"),
        candidate(3, "block", "hard"),
    ]
    themes = {"block": 5}
    chosen = P.choose(found, 3, themes)
    assert [(c.deal, c.puzzle.theme) for c in chosen] == [(0, "double"), (1, "keep"), (3, "block")]
    assert themes == {"block": 6, "double": 1, "keep": 1}
    assert len(P.choose(found, 10, {})) == 4  # one a deal, four deals


def test_the_generator_keeps_the_puzzles_it_is_given_and_adds_from_other_deals() -> None:
    setup = P.SETUPS[1]
    made = P.generate(per_setup=3, deals=6, setups=[setup])
    more = P.generate(per_setup=5, deals=8, setups=[setup], keep=made[:2])
    assert more[:2] == made[:2]
    assert [p.id for p in more] == [f"block-3-0{k}" for k in range(1, 6)]
    kept = {(p.hands, p.boneyard, p.leader) for p in made[:2]}
    added = [(p.hands, p.boneyard, p.leader) for p in more[2:]]
    assert not kept & set(added) and len(set(added)) == len(added)


def test_examine_refuses_positions_that_are_no_puzzle() -> None:
    state = RoundState.new(Rules.make("block"), 2, 0, rng=1)
    while len(state.legal_moves()) != 1:
        state.apply(state.legal_moves()[0])
    assert P.examine(state) is None  # one legal move
    # A position the solver cannot finish within its limit is no puzzle for the browser.
    fresh = RoundState.new(Rules.make("all-fives"), 2, 0, rng=1)
    assert P.examine(fresh, node_limit=50) is None


# -- the puzzle of the day ---------------------------------------------------------------


def test_the_puzzle_of_the_day_is_the_dates_alone() -> None:
    day = datetime.date(2026, 12, 3)
    assert P.daily(day) == P.daily("2026-12-03")
    run = [P.daily(P.EPOCH + datetime.timedelta(days=k)).id for k in range(len(PUZZLES))]
    assert sorted(run) == sorted(p.id for p in PUZZLES)
    assert P.daily(P.EPOCH + datetime.timedelta(days=len(PUZZLES))) == P.daily(P.EPOCH)
    assert P.daily(P.EPOCH - datetime.timedelta(days=1)) == P.daily_order(PUZZLES)[-1]
    # Two days running seldom share the game.
    games = [P.by_id(i).preset for i in run]
    assert sum(a == b for a, b in itertools.pairwise(games)) < len(run) / 3


@pytest.mark.parametrize("bad", ["2026-13-01", "3 Dec 2026", "", None, 20261203, "2026-12-3"])
def test_a_bad_date_is_an_error(bad: object) -> None:
    with pytest.raises(DominoError) as e:
        P.daily(bad)  # type: ignore[arg-type]
    assert e.value.code == "bad_date"


# -- the reader's streak ------------------------------------------------------------------


def days_back(today: str, *backs: int) -> list[str]:
    """The dates ``backs`` days before ``today``."""
    day = datetime.date.fromisoformat(today)
    return [(day - datetime.timedelta(days=k)).isoformat() for k in backs]


def test_the_streak_counts_back_from_today_or_else_from_yesterday() -> None:
    today = "2026-03-01"  # after February's last day: the count crosses a month
    assert P.streak(days_back(today, 0, 1, 2), today).count == 3
    assert P.streak(days_back(today, 1, 2), today).count == 2  # today's not solved yet
    assert P.streak(days_back(today, 0, 2, 3), today).count == 1  # yesterday missed
    assert P.streak(days_back(today, 2, 3, 4), today).count == 0  # reset: two days missed
    assert P.streak([], today).count == 0
    # Out of order, twice over, or with later dates: the same days.
    days = days_back(today, 2, 1, 1, -3)
    found = P.streak(days, today)
    assert found.count == 2 and found.counted is False
    assert found.days == tuple(sorted(set(days)))


def test_a_day_counts_when_its_own_puzzle_is_solved_that_day() -> None:
    today = "2026-12-31"
    found = P.streak(days_back(today, 4, 2, 1), today, solved=today)
    assert found.counted and found.count == 3
    assert found.days == (*days_back(today, 4, 2, 1), today)
    # Yesterday's puzzle solved today adds nothing; today's solved again changes nothing.
    late = P.streak(days_back(today, 2), today, solved=days_back(today, 1)[0])
    assert not late.counted and late.days == tuple(days_back(today, 2)) and late.count == 0
    again = P.streak([today], today, solved=today)
    assert again.counted and again.days == (today,) and again.count == 1


def test_the_latest_days_are_kept_and_texts_that_are_no_dates_are_not() -> None:
    today = "2027-06-30"
    many = days_back(today, *range(P.MAX_DAYS + 20))
    found = P.streak(many, today)
    assert found.days == tuple(sorted(many)[-P.MAX_DAYS :]) and found.count == P.MAX_DAYS
    kept = P.streak(["2026-02-30", "2026-W01-1", "later", *days_back(today, 0)], today)
    assert kept.days == (today,) and kept.count == 1


@pytest.mark.parametrize(
    ("days", "today", "solved", "code"),
    [
        ([], "2026-13-01", None, "bad_date"),
        ([], None, None, "bad_date"),
        ([], "2026-12-03", "yesterday", "bad_date"),
        ("2026-12-03", "2026-12-03", None, "bad_request"),
        ([20261203], "2026-12-03", None, "bad_request"),
    ],
)
def test_a_streak_of_bad_dates_is_an_error(
    days: object, today: object, solved: object, code: str
) -> None:
    with pytest.raises(DominoError) as e:
        P.streak(days, today, solved)
    assert e.value.code == code


def test_the_page_asks_the_streak_of_the_engine() -> None:
    today = "2026-12-03"
    args = {"days": days_back(today, 1), "today": today, "solved": today}
    for lang in LANGUAGES:
        reply = json.loads(
            web.call(json.dumps({"method": "puzzle_streak", "args": args, "lang": lang}))
        )
        assert reply == {
            "ok": True,
            "value": {
                "days": days_back(today, 1, 0),
                "count": 2,
                "counted": True,
                "text": text(lang, "page.puzzles.streak", count=2),
            },
        }
    bad = {"method": "puzzle_streak", "args": {"today": "soon"}, "lang": "fr"}
    reply = json.loads(web.call(json.dumps(bad)))
    assert reply["ok"] is False and reply["code"] == "bad_date"


def test_an_unknown_puzzle_is_an_error() -> None:
    assert P.by_id(PUZZLES[3].id) == PUZZLES[3]
    with pytest.raises(DominoError) as e:
        P.by_id("chess-1")
    assert e.value.code == "unknown_puzzle"


# -- the build's check ---------------------------------------------------------------------


@pytest.mark.site
def test_the_builds_check_is_remembered_only_when_it_finds_nothing(tmp_path: Path) -> None:
    from hooks import puzzles_page

    cache = tmp_path / "cache"
    good = tmp_path / "good.json"
    good.write_text(TEXT, encoding="utf-8")
    assert puzzles_page.check(good, cache) == []
    assert [p.name for p in cache.iterdir()] == [puzzles_page.check_key(TEXT)]
    start = time.process_time()
    assert puzzles_page.check(good, cache) == []
    assert time.process_time() - start < 0.5  # remembered: nothing solved again
    data = json.loads(TEXT)
    data["puzzles"][2]["theme"] = "block" if data["puzzles"][2]["theme"] != "block" else "out"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    found = puzzles_page.check(bad, cache)
    assert found == [f"{bad.as_posix()}: {line}" for line in P.check_text(bad.read_text())]
    assert found and f"puzzle {data['puzzles'][2]['id']}: the theme is" in found[0]
    assert len(list(cache.iterdir())) == 1  # a check that found a problem is not kept
    assert puzzles_page.check(bad, cache) == found
    assert "cannot be read" in puzzles_page.check(tmp_path / "missing.json", cache)[0]


@pytest.mark.site
@pytest.mark.parametrize("verbosity", ["-q", "-v"])
def test_a_changed_puzzle_fails_the_strict_build(tmp_path: Path, verbosity: str) -> None:
    """A small site (its home pages, in English and French) built with a data file whose
    puzzle is changed: the strict build fails with one error naming the file and the
    puzzle, quiet or verbose."""
    from small_site import ENV, small_site

    data = json.loads(TEXT)
    target = data["puzzles"][5]
    target["values"][target["answer"]] += 3
    changed_file = tmp_path / "puzzles.json"
    changed_file.write_text(json.dumps(data), encoding="utf-8")
    pages = {f"index{'' if lang == 'en' else '.' + lang}.md": "# Home\n" for lang in LANGUAGES}
    config = small_site(tmp_path / "site", pages, build=("en", "fr"))
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", verbosity, "-f", str(config)],
        cwd=config.parent,
        env={**ENV, "DOMINO_PUZZLES": str(changed_file)},
        capture_output=True,
        text=True,
        timeout=300,
    )
    out = proc.stdout + proc.stderr
    assert proc.returncode != 0, out
    assert "Aborted with a BuildError" in out and out.count("Aborted") == 1, out
    said = f"{changed_file.as_posix()}: puzzle {target['id']}: the moves' values are"
    assert said in out, out


# -- what the page shows, and the engine's judgement ---------------------------------------


def ask(args: dict[str, object], lang: str = "en") -> dict[str, Any]:
    """The worker's answer to the page's request ``puzzle``."""
    reply = json.loads(web.call(json.dumps({"method": "puzzle", "args": args, "lang": lang})))
    assert isinstance(reply, dict)
    return reply


def move_args(puzzle: P.Puzzle, move: str) -> dict[str, object]:
    tile, _, end = move.partition("@")
    return {"id": puzzle.id, "tile": tile, "end": end}


def test_the_view_shows_the_position_every_hand_and_the_ends() -> None:
    for number, puzzle in enumerate(PUZZLES, start=1):
        shown = view.puzzle_view(puzzle, "en")
        state = puzzle.state()
        seat = state.current_player
        assert seat is not None
        assert shown["id"] == puzzle.id and shown["number"] == number
        assert shown["title"] == text("en", "puzzle.title", n=number)
        assert shown["seat"] == seat + 1
        assert f"seat {seat + 1}" in shown["question"]
        assert [t["code"] for t in shown["tiles"]] == [t.code for t in state.hand(seat)]
        others = [h["seat"] for h in shown["hands"]]
        assert others == [s + 1 for s in range(state.players) if s != seat]
        for h in shown["hands"]:
            assert [t["code"] for t in h["tiles"]] == [t.code for t in state.hand(h["seat"] - 1)]
        if state.layout.tiles:
            assert {e["end"] for e in shown["ends"]} == {e.end.value for e in state.layout.ends}
            assert shown["svg"].startswith("<svg") and shown["svg_narrow"].startswith("<svg")
        else:
            assert [e["end"] for e in shown["ends"]] == [""]
            assert shown["svg"] == "" and shown["empty"]
        plays = sum(1 for e in state.events if e.kind == "play")
        assert len(shown["history"]) >= plays
        if state.rules.draw:
            tiles = [str(t) for t in state.boneyard]
            assert all(t in shown["stock"] for t in tiles)
        assert bool(shown["scores"]) == state.rules.fives


def test_a_hand_names_its_seat_once() -> None:
    """What a screen reader hears for another hand is its label, then its tiles: the seat is
    not said a second time ("Seat 2: Seat 2 holds [1|4]" was)."""
    for lang in LANGUAGES:
        for puzzle in PUZZLES:
            state = puzzle.state()
            for h in view.puzzle_view(puzzle, lang)["hands"]:
                assert str(h["seat"]) in h["label"]
                tiles = [str(t) for t in state.hand(h["seat"] - 1)]
                assert h["text"] == (", ".join(tiles) or strings(lang)["round.nothing"])


def test_a_puzzle_tells_the_readers_own_moves_in_the_second_person() -> None:
    """The question says "You are seat 1"; the line then said "Seat 1 lays [4|5] on the
    right end." and "Seat 1 wins the round": the reader's moves and result are theirs."""
    puzzle = P.by_id("block-2-01")
    seat = puzzle.state().current_player
    assert seat is not None
    steps = [s["caption"] for s in view.judge_move(puzzle, "4-5", "right", "en")["steps"]]
    assert steps[0] == "You lay [4|5] on the right end."
    assert steps[-1].endswith("You win the round and score 13.")
    for lang in LANGUAGES:
        said = " ".join(
            [
                *view.puzzle_view(puzzle, lang)["history"],
                *(s["caption"] for s in view.judge_move(puzzle, "4-5", "right", lang)["steps"]),
            ]
        )
        mine = text(lang, "round.plays", seat=seat + 1, tile="[4|5]", end="")
        assert mine.split("[")[0] not in said, (lang, said)


def test_a_right_move_steps_through_the_winning_line_and_says_why() -> None:
    for theme in P.THEMES:
        puzzle = of_theme(theme)[0]
        state, best, wrong = solved(puzzle)
        reply = ask(move_args(puzzle, puzzle.answer))
        assert reply["ok"], reply
        got = reply["value"]
        assert got["right"] is True and got["move"] == puzzle.answer
        assert got["verdict"] == text("en", "puzzle.right", move=view.move_label(best.move, "en"))
        runner = max(m.value for m in wrong)
        assert (
            view.signed_whole(best.value) in got["worth"]
            and view.signed_whole(runner) in got["worth"]
        )
        assert got["why"] and "{" not in got["why"]
        # One step a play of the line, then the end of the round with its score.
        assert len(got["steps"]) == len(best.line) + 1
        end = end_of(state, best.line)
        assert got["steps"][-1]["caption"].endswith(tell_end(end, "en", state.current_player))
        assert got["steps"][0]["count"] == text(
            "en", "stepper.count", n=1, total=len(best.line) + 1
        )
        assert got["values"][0]["move"] == puzzle.answer
        assert [v["best"] for v in got["values"]].count(True) == 1
        assert len(got["values"]) == len(puzzle.values)


def test_the_why_of_each_theme_names_its_facts() -> None:
    for puzzle in of_theme("pass"):
        lines = view.solved(puzzle)
        _, facts = P.theme_of(lines)
        said = view.judge_move(puzzle, *puzzle.answer.partition("@")[::2], "en")["why"]
        assert f"Seat {facts['seat'] + 1} passed" in said
    for puzzle in of_theme("double"):
        tile = str(Move.parse(puzzle.answer).tile)
        said = view.judge_move(puzzle, *puzzle.answer.partition("@")[::2], "en")["why"]
        assert said.startswith(tile), said
    for puzzle in of_theme("fives")[:3]:
        state = puzzle.state()
        after = state.clone()
        after.apply(puzzle.answer)
        said = view.judge_move(puzzle, *puzzle.answer.partition("@")[::2], "en")["why"]
        assert f"add up to {after.layout.count()}" in said


def test_a_wrong_move_shows_the_line_that_refutes_it() -> None:
    puzzle = next(p for p in PUZZLES if p.players == 3)
    state, best, wrong = solved(puzzle)
    worst = min(wrong, key=lambda m: m.value)
    got = ask(move_args(puzzle, str(worst.move)), "de")["value"]
    assert got["right"] is False
    assert "values" not in got  # the answer is not given away
    assert (
        view.signed_whole(worst.value) in got["worth"]
        and view.signed_whole(best.value) in got["worth"]
    )
    assert len(got["steps"]) == len(worst.line) + 1
    assert got["steps"][-1]["caption"].endswith(
        tell_end(end_of(state, worst.line), "de", state.current_player)
    )
    assert got["line"] == text("de", "puzzle.line.refutation")


def test_the_answer_can_be_shown_and_the_day_picks_the_puzzle() -> None:
    puzzle = P.daily("2026-12-03")
    shown = ask({"date": "2026-12-03"}, "pl")["value"]
    assert shown["id"] == puzzle.id
    revealed = ask({"id": puzzle.id, "reveal": True}, "pl")["value"]
    assert revealed["revealed"] is True and revealed["right"] is True
    assert revealed["move"] == puzzle.answer


@pytest.mark.parametrize(
    ("args", "code"),
    [
        ({"id": "chess-1"}, "unknown_puzzle"),
        ({"date": "2026-02-30"}, "bad_date"),
        ({"id": "block-2-01", "tile": "9-9", "end": "left"}, "bad_tile"),
        ({"id": "block-2-01", "tile": "6-6", "end": "left"}, "not_in_tray"),
        ({"id": "block-2-01", "tile": "0-3", "end": "right"}, "no_match"),
        ({"id": "block-2-01", "tile": "0-3", "end": "north"}, "bad_end"),
        ({"id": "block-2-01", "tile": "0-3", "end": 3}, "bad_end"),
    ],
)
def test_a_bad_request_is_the_engines_error_in_the_readers_language(
    args: dict[str, object], code: str
) -> None:
    reply = ask(args, "fr")
    assert reply["ok"] is False and reply["code"] == code, reply
    english = ask(args, "en")["error"]
    assert reply["error"] and "{" not in reply["error"] and reply["error"] != english


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_word_of_every_theme_is_there_and_no_seat_zero(lang: str) -> None:
    from test_language import seat_zero, texts_of

    said: list[str] = []
    for theme in P.THEMES:
        for puzzle in of_theme(theme)[:2]:
            said += texts_of(view.puzzle_view(puzzle, lang))
            _, best, wrong = solved(puzzle)
            for mv in (best, wrong[0]):
                said += texts_of(view.judge_move(puzzle, *str(mv.move).partition("@")[::2], lang))
    said = [t for t in said if not t.lstrip().startswith("<svg")]
    assert not [t for t in said if "{" in t]
    assert not [t for t in said if seat_zero(lang).search(t)]


def test_the_same_answers_in_pyodide(pyodide: Pyodide) -> None:
    ids = [of_theme(t)[-1].id for t in P.THEMES]
    program = f"IDS = {ids!r}\n" + PYODIDE_PROGRAM
    scope: dict[str, Any] = {}
    exec(program.strip().rsplit("\n", 1)[0], scope)
    here = json.loads(scope["json"].dumps(scope["out"]))
    assert json.loads(pyodide.run(program)) == here


PYODIDE_PROGRAM = """
import json
from engine.features import puzzles
from engine.presentation import web
out = []
for ident in IDS:
    puzzle = puzzles.by_id(ident)
    tile, _, end = puzzle.answer.partition("@")
    request = {"method": "puzzle", "args": {"id": ident, "tile": tile, "end": end}, "lang": "da"}
    reply = json.loads(web.call(json.dumps(request)))["value"]
    steps = [s["caption"] for s in reply["steps"]]
    out.append([reply["right"], reply["worth"], reply["why"], steps])
out.append(puzzles.daily("2027-03-01").id)
json.dumps(out)
"""
