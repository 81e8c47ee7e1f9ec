"""A reviewed decision turned face up (engine.features.faceup, the view and the web
method ``review_face_up``): every step's value is the solver's (``solve(state,
spread=40)`` for each move it gives exactly, plain ``solve`` for the rest), in rounds of
every preset and player count; the floor contract; a step searched on with the solver
kept from the step before gives what a fresh solver gives; the order is fixed; a bad
``step`` or ``found`` is refused in every language before anything is solved; the view
says every word in every language; the best line is legal and ends the round with its
points."""

from __future__ import annotations

import json
from functools import cache
from typing import TYPE_CHECKING, Any

import pytest
from test_web_fuzz import check_reply

from engine import RoundState, Rules
from engine.core.errors import DominoError
from engine.core.records import round_record
from engine.core.words import strings
from engine.features import faceup as fu
from engine.features import review as rv
from engine.lang import LANGUAGES, TABLES
from engine.players import Club, play_round
from engine.players.solver import Solver, solve
from engine.presentation import web

if TYPE_CHECKING:
    from conftest import Pyodide

SETUPS: list[tuple[str, dict[str, Any], int]] = [
    ("block", {}, 2),
    ("block", {}, 3),
    ("block", {}, 4),
    ("block-dk", {}, 2),
    ("block-dk", {}, 3),
    ("block-dk", {"partnerships": True}, 4),
    ("draw", {}, 2),
    ("draw", {}, 3),
    ("draw", {}, 4),
    ("all-fives", {}, 2),
    ("all-fives", {}, 3),
    ("all-fives", {}, 4),
]
"""Every preset at every player count (and Block-DK's partnerships)."""

LEFT = {2: 14, 3: 14, 4: 14}
"""A decision's every move is also solved without a spread (its true value) when at most
so many tiles are left to play (in hands and the boneyard), by player count."""


@cache
def finished(
    preset: str, options: tuple[tuple[str, Any], ...], players: int, seed: int
) -> RoundState:
    """A seeded round played to its end by Club players."""
    state = RoundState.new(Rules.make(preset, **dict(options)), players, seed % players, rng=seed)
    play_round(state, [Club() for _ in range(players)])
    return state


def left(state: RoundState, d: rv.Decision) -> int:
    """The tiles left to play at ``d`` (in hands and the boneyard)."""
    at = fu.at_decision(state, d)
    return sum(at.hand_sizes()) + at.boneyard_size


def call(method: str, args: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(
        web.call(json.dumps({"method": method, "args": args, "lang": lang}))
    )
    return reply


def check_steps(state: RoundState, d: rv.Decision, *, plain: bool) -> list[fu.FaceUpStep]:
    """Every step of ``d`` checked against the solver: ``solve(at, spread=40)`` gives the
    same value and points for every move it gives exactly; with ``plain``, ``solve(at)``
    the true value of every move (a bound is at least it, and below its floor)."""
    at = fu.at_decision(state, d)
    spread = {m.move: m for m in solve(at, fu.SPREAD).moves}
    true = {m.move: m.value for m in solve(at).moves} if plain else None
    steps = fu.solve_decision(state, d)
    assert [s.step for s in steps] == list(range(len(d.moves)))
    assert sorted(s.index for s in steps) == list(range(len(d.moves)))
    for s in steps:
        move = d.moves[s.index]
        assert s.solved.move == move
        ref = spread[move]
        if ref.exact:
            assert s.solved.exact, (move, s, ref)
            assert (s.solved.value, s.solved.points) == (ref.value, ref.points)
        if not s.solved.exact:
            assert s.floor is not None and s.solved.value < s.floor
            assert not ref.exact  # more than the spread below the best
        if true is not None:
            if s.solved.exact:
                assert s.solved.value == true[move]
            else:
                assert true[move] <= s.solved.value
    return steps


@pytest.mark.parametrize(("preset", "options", "players"), SETUPS)
def test_every_value_is_the_solvers(preset: str, options: dict[str, Any], players: int) -> None:
    # The last two decisions of seat 1 with at most 24 tiles left to play, in two rounds
    # (a round's first decisions can take the solver seconds: the Draw case below is
    # one of them).
    checked = 0
    for seed in range(2):
        state = finished(preset, tuple(options.items()), players, seed)
        for d in [d for d in rv.decisions(state, 0) if left(state, d) <= 24][-2:]:
            check_steps(state, d, plain=left(state, d) <= LEFT[players])
            checked += 1
    assert checked >= 2


def test_a_big_draw_decision_of_four_players_too() -> None:
    # The first decision of a 4-player Draw round, 27 tiles left to play (in hands and
    # the boneyard) and four moves: the costliest kind of decision the page asks for.
    state = finished("draw", (), 4, 3)
    d = rv.decisions(state, 0)[0]
    assert left(state, d) >= 27 and len(d.moves) >= 4
    steps = check_steps(state, d, plain=False)
    assert steps == fresh_steps(state, d)


def test_the_floor_contract() -> None:
    bounded = 0
    for preset, players in (("all-fives", 2), ("all-fives", 3), ("draw", 2)):
        state = finished(preset, (), players, 0)
        for d in rv.decisions(state, 0)[:3]:
            steps = fu.solve_decision(state, d)
            # The first step is solved exactly, without a floor; each next one with the
            # best found so far less the spread; the best value found is always exact.
            assert steps[0].floor is None and steps[0].solved.exact
            for k, s in enumerate(steps):
                assert s.found == tuple(x.solved.value for x in steps[: k + 1])
                if k:
                    assert s.floor == max(steps[k - 1].found) - fu.SPREAD
                assert s.solved.exact == (s.floor is None or s.solved.value >= s.floor)
                if not s.solved.exact:
                    assert s.floor is not None and s.solved.value == s.floor - 1
                assert s.done == (k == len(steps) - 1)
                bounded += not s.solved.exact
            top = max(steps[-1].found)
            best = [s for s in steps if s.solved.value == top]
            assert all(s.solved.exact for s in best)
            assert steps[-1].best == tuple(sorted(s.index for s in best))
            assert all(not s.best for s in steps[:-1])
    assert bounded  # the rounds above have moves shown only to be far below the best


def fresh_steps(state: RoundState, d: rv.Decision) -> list[fu.FaceUpStep]:
    """Every step of ``d``, each solved with no solver kept from an earlier step."""
    steps: list[fu.FaceUpStep] = []
    for k in range(len(d.moves)):
        fu._kept.clear()
        steps.append(fu.solve_step(state, d, k, list(steps[-1].found) if steps else []))
    return steps


@pytest.mark.parametrize(("preset", "options", "players"), SETUPS)
def test_a_kept_solver_answers_as_a_fresh_one(
    preset: str, options: dict[str, Any], players: int
) -> None:
    # The decisions of test_every_value_is_the_solvers: solved step after step, each
    # step searching on with the solver (table and history) of the step before; two
    # decisions asked in turn, which evicts the kept solver at every step; and steps
    # asked again, as a page reloaded asks them. Every answer, bounds included, is the
    # one a fresh solver gives.
    checked = 0
    for seed in range(2):
        state = finished(preset, tuple(options.items()), players, seed)
        chosen = [d for d in rv.decisions(state, 0) if left(state, d) <= 24][-2:]
        fresh = [fresh_steps(state, d) for d in chosen]
        for d, ref in zip(chosen, fresh, strict=True):
            fu._kept.clear()
            assert fu.solve_decision(state, d) == ref
            assert not fu._kept  # let go at the last step
            checked += len(ref) > 1
        fu._kept.clear()
        for k in range(max(len(d.moves) for d in chosen)):
            for d, ref in zip(chosen, fresh, strict=True):
                if k < len(ref):
                    found = list(ref[k - 1].found) if k else []
                    assert fu.solve_step(state, d, k, found) == ref[k]
                    assert len(fu._kept) <= fu.SOLVERS_KEPT
        d, ref = chosen[0], fresh[0]
        fu._kept.clear()
        for k in [*range(len(ref) - 1), 0, *range(len(ref))]:
            assert fu.solve_step(state, d, k, list(ref[k - 1].found) if k else []) == ref[k]
    assert checked >= 2  # decisions of more than one step


def test_a_kept_solver_gives_a_fresh_ones_bounds() -> None:
    # First decisions with moves shown only to be far below the best, where what a
    # search proves below the floor depends on what the solver had searched before (a
    # kept solver found other bounds here than a fresh one): the bound given is the
    # floor less one either way.
    for preset, players in (("all-fives", 2), ("draw", 2)):
        state = finished(preset, (), players, 0)
        d = rv.decisions(state, 0)[0]
        ref = fresh_steps(state, d)
        assert any(not s.solved.exact for s in ref)
        fu._kept.clear()
        assert fu.solve_decision(state, d) == ref


def test_a_floor_above_the_value_gives_a_bound_below_it() -> None:
    state = finished("all-fives", (), 2, 0)
    d = rv.decisions(state, 0)[0]
    at = fu.at_decision(state, d)
    for m in solve(at).moves:
        if m.move not in d.moves:
            continue
        solver = Solver(at.rules, at.players)
        above = solver.move_value(at, m.move, m.value + 1)
        assert not above.exact and above.value <= m.value and above.points == ()
        assert above.line[0].move == m.move and len(above.line) == 1
        on = solver.move_value(at, m.move, m.value, guess=m.value - 7)
        assert on.exact and on.value == m.value


def test_the_order_is_fixed_best_estimate_first() -> None:
    state = finished("draw", (), 3, 2)
    for d in rv.decisions(state, 0):
        face = fu.face_up(state, d)
        again = fu.face_up(state, d)
        assert (face.estimates, face.order) == (again.estimates, again.order)
        at = fu.at_decision(state, d)
        estimates = [fu.estimate(at, m) for m in d.moves]
        assert face.estimates == tuple(estimates)
        assert face.order == tuple(sorted(range(len(d.moves)), key=lambda i: (-estimates[i], i)))
        assert fu.solve_step(state, d, 0, []) == fu.solve_step(state, d, 0, [])


def test_the_best_line_is_legal_and_ends_the_round_with_its_points() -> None:
    lines = 0
    for preset, options, players in SETUPS:
        state = finished(preset, tuple(options.items()), players, 0)
        for d in rv.decisions(state, 0)[-1:]:
            for s in fu.solve_decision(state, d):
                if not s.solved.exact:
                    continue
                at = fu.at_decision(state, d)
                side = at.rules.side_of(d.seat)
                for play in s.solved.line:
                    assert at.current_player == play.seat
                    assert play.move in at.legal_moves()
                    at.apply(play.move)
                assert at.is_terminal
                points = at.result().points
                assert points == s.solved.points
                assert 2 * points[side] - sum(points) == s.solved.value
                lines += 1
    assert lines >= len(SETUPS)


# -- the view and the web method ---------------------------------------------------------


@cache
def record(preset: str, players: int, seed: int) -> dict[str, Any]:
    return round_record(finished(preset, (), players, seed))


def all_steps(rec: dict[str, Any], index: int, lang: str) -> list[dict[str, Any]]:
    """Every step of a decision through the web method, as the page asks for them."""
    out: list[dict[str, Any]] = []
    found: list[int] = []
    while not out or not out[-1]["done"]:
        args = {"record": rec, "seat": 0, "index": index, "step": len(out), "found": found}
        reply = call("review_face_up", args, lang)
        assert reply["ok"], reply
        out.append(reply["value"])
        found = reply["value"]["found"]
    return out


def test_every_language_has_every_face_up_word() -> None:
    keys = {k for k in TABLES["en"] if k.startswith(("face_up.", "error.face_up"))}
    assert len(keys) >= 10
    for lang in LANGUAGES:
        assert {k for k in TABLES[lang] if k.startswith(("face_up.", "error.face_up"))} == keys


def words(reply: dict[str, Any]) -> list[str]:
    """Every text of a reply (not the codes, tiles' drawings or numbers)."""
    out = [reply[k] for k in ("progress", "label", "text", "line_text", "points_text")]
    out += [p["name"] for p in reply["line"]] + [p["label"] for p in reply["line"]]
    for key in ("title", "about", "boneyard_text", "best_text"):
        if key in reply:
            out.append(reply[key])
    for hand in reply.get("hands", []):
        out += [hand["name"], hand["text"]]
    return out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_view_says_every_word_in_every_language(lang: str) -> None:
    # 2-player All Fives, seed 0, decision 0: a move shown only to be far below the
    # best; 4-player partnerships, where a seat is the reader's partner.
    steps = all_steps(record("all-fives", 2, 0), 0, lang)
    assert any(not s["exact"] for s in steps)
    rec = round_record(finished("block-dk", (("partnerships", True),), 4, 0))
    steps += all_steps(rec, 0, lang)
    english = {w for s in all_steps(record("all-fives", 2, 0), 0, "en") for w in words(s)}
    for s in steps:
        for said in words(s):
            assert "{" not in said and "}" not in said, said
            assert "face_up." not in said
        if s["exact"]:
            assert s["line_text"] and s["points_text"]
            assert s["points"] and len(s["line"]) >= 1
        else:
            assert s["line_text"] == s["points_text"] == "" and s["points"] == []
            assert str(fu.SPREAD) in s["text"]
    first = steps[0]
    assert first["title"] == strings(lang)["face_up.title"]
    assert first["about"] and len(first["hands"]) == 2
    if lang != "en":
        said = [w for s in steps[:3] for w in words(s) if "[" not in w]
        assert not set(said) & english - {""}, set(said) & english


def test_a_2_player_decision_step_by_step() -> None:
    rec = record("block", 2, 3)
    steps = all_steps(rec, 0, "en")
    state = finished("block", (), 2, 3)
    d = rv.decisions(state, 0)[0]
    assert [s["step"] for s in steps] == list(range(len(d.moves)))
    assert {s["move"] for s in steps} == {str(m) for m in d.moves}
    first, last = steps[0], steps[-1]
    assert set(first) >= {"title", "about", "hands", "boneyard", "boneyard_text"}
    assert first["boneyard"] is None  # Block has no boneyard: its tiles are set aside
    at = fu.at_decision(state, d)
    assert [[t["code"] for t in h["tiles"]] for h in first["hands"]] == [
        [t.code for t in at.hand(s)] for s in range(2)
    ]
    assert first["hands"][0]["name"] == "You (seat 1)"
    assert first["hands"][1]["name"] == "Seat 2"
    assert "title" not in steps[1] and "best" not in first
    assert last["done"] and last["found"] == [s["value"] for s in steps]
    top = max(last["found"])
    assert last["best"] == [str(m) for m in d.moves if str(m) in {
        s["move"] for s in steps if s["value"] == top}]  # fmt: skip
    assert last["best_text"].startswith("Best with every tile known: ")
    assert first["text"].endswith(" with every tile known")
    # Ranked best first, a tie in the order solved.
    values = [steps[k]["value"] for k in last["ranked"]]
    assert sorted(last["ranked"]) == list(range(len(steps))) and values == sorted(values)[::-1]
    assert [steps[k]["move"] for k in last["ranked"][: len(last["best"])]] == [
        s["move"] for s in steps if s["value"] == top
    ]


def test_a_draw_decision_shows_the_boneyard_in_drawing_order() -> None:
    state = finished("draw", (), 2, 0)
    d = next(d for d in rv.decisions(state, 0) if fu.at_decision(state, d).boneyard)
    reply = call("review_face_up", {"record": record("draw", 2, 0), "seat": 0, "index": d.index})
    assert reply["ok"], reply
    value = reply["value"]
    at = fu.at_decision(state, d)
    assert [t["code"] for t in value["boneyard"]] == [t.code for t in at.boneyard]
    assert value["boneyard_text"].startswith("The boneyard, in drawing order: ")
    assert value["step"] == 0 and value["found"] == [value["value"]]


BAD: list[tuple[Any, Any]] = [
    (-1, []),
    (99, [0] * 99),
    ("0", []),
    (True, []),
    (None, []),
    (1.0, [0]),
    (0, [5]),
    (1, []),
    (1, [0, 0]),
    (1, "12"),
    (1, {"0": 1}),
    (1, [1.5]),
    (1, [True]),
    (1, [None]),
    (1, [10_001]),
    (1, [-10_001]),
    (1, [10**400]),
]
"""Bad ``step`` and ``found`` pairs for a decision of three moves."""


def test_a_bad_step_or_found_is_refused_in_every_language_before_anything_is_solved(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def solved(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("solved")

    monkeypatch.setattr(fu, "face_up", solved)
    monkeypatch.setattr(fu, "estimate", solved)
    monkeypatch.setattr(Solver, "move_value", solved)
    rec = record("block", 2, 3)
    assert len(rv.decisions(finished("block", (), 2, 3), 0)[0].moves) == 3
    for step, found in BAD:
        for lang in LANGUAGES:
            args = {"record": rec, "seat": 0, "index": 0, "step": step, "found": found}
            reply = call("review_face_up", args, lang)
            check_reply(reply, lang)
            assert reply["code"] == "bad_request", (step, found, reply)
            detail = "face_up_step" if not (type(step) is int and 0 <= step < 3) else None
            key = detail or "face_up_found"
            said = DominoError.about("bad_request", key, last=2, step=step, max=fu.MAX_FOUND)
            assert reply["error"] == said.message(lang), reply
    with pytest.raises(DominoError) as refused:
        fu.check_step(1, [0.5], 3)
    assert refused.value.cause is not None and refused.value.cause.code == "face_up_found"


def test_a_good_step_passes_the_check() -> None:
    assert fu.check_step(0, [], 3) == (0, ())
    assert fu.check_step(2, [-10_000, 10_000], 3) == (2, (-10_000, 10_000))


def test_the_values_are_the_same_in_pyodide(pyodide: Pyodide) -> None:
    program = """
import json
from engine import RoundState, Rules
from engine.features import faceup, review
from engine.players import Club, play_round
out = []
for preset, players, seed, index in CASES:
    state = RoundState.new(Rules.make(preset), players, seed % players, rng=seed)
    play_round(state, [Club() for _ in range(players)])
    d = review.decisions(state, 0)[index]
    out.append([[s.index, s.solved.value, s.solved.exact] for s in faceup.solve_decision(state, d)])
json.dumps(out)
"""
    # Two decisions with moves shown only to be far below the best, and two without.
    cases = [
        ("all-fives", 2, 0, 0),
        ("all-fives", 3, 0, 0),
        ("draw", 2, 1, -1),
        ("block-dk", 2, 2, -1),
    ]
    code = f"CASES = {cases!r}\n" + program
    scope: dict[str, Any] = {}
    exec(code.strip().rsplit("\n", 1)[0], scope)
    assert json.loads(pyodide.run(code)) == json.loads(json.dumps(scope["out"]))
