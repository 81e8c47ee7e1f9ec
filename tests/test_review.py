"""The review of a round (engine.features.review): decisions, judgements, marks, summaries, the web
methods and the command line."""

from __future__ import annotations

import itertools
import json
import math
import random
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from engine_helpers import run_cli
from hypothesis import given
from hypothesis import strategies as st
from test_web_fuzz import FUZZ, check_reply, mutated, random_round, request_text

from engine import RoundState, Rules
from engine.core.boundary import MAX_DEPTH, MAX_LINE
from engine.core.errors import DominoError
from engine.core.records import round_record
from engine.core.state import Move
from engine.core.tiles import ALL_TILES, Tile
from engine.core.words import strings, text
from engine.features import practice
from engine.features import review as rv
from engine.lang import LANGUAGES
from engine.players import Club, play_round
from engine.players.knowledge import knowledge
from engine.players.levels import distinct_moves
from engine.players.solver import solve
from engine.presentation import web
from engine.presentation.views import review as review_views
from engine.presentation.views.review import review_text, review_view

if TYPE_CHECKING:
    from conftest import Pyodide


def call(method: str, args: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(
        web.call(json.dumps({"method": method, "args": args, "lang": lang}))
    )
    return reply


@pytest.mark.parametrize("preset", ["block", "draw", "all-fives"])
@pytest.mark.parametrize("players", [2, 4])
def test_forced_moves_are_never_judged(preset: str, players: int) -> None:
    for seed in range(4):
        state = random_round(preset, players, seed)
        for seat in range(players):
            found = rv.decisions(state, seat)
            # Every play of the seat is either a decision or forced, and each decision
            # had a choice of two distinct moves or more.
            plays = [(k, e) for k, e in enumerate(e for e in state.events if e.kind == "play")]
            mine = [k for k, e in plays if e.seat == seat]
            assert {d.ply for d in found} <= set(mine)
            for d in found:
                assert len(d.moves) > 1
                assert d.moves == tuple(distinct_moves(d.observation))
                assert d.moves[d.played].tile == d.move.tile
            replay = RoundState(
                state.rules, players, state.leader, state.dealt, rv.original_boneyard(state)
            )
            judged = {d.ply for d in found}
            for k, e in plays:
                if e.seat == seat and k not in judged:
                    assert len(distinct_moves(replay.observation(seat))) == 1
                assert e.tile is not None
                replay.apply(Move(e.tile, e.end))


def test_the_web_methods_list_judge_and_sum_up() -> None:
    record = round_record(random_round("block", 2, 1))
    listed = call("review_decisions", {"record": record, "seat": 0})
    assert listed["ok"], listed
    decisions = listed["value"]["decisions"]
    assert decisions and all(len(d["moves"]) > 1 for d in decisions)
    items = []
    for d in decisions:
        reply = call("review_judge", {"record": record, "seat": 0, "index": d["index"]})
        assert reply["ok"], reply
        value = reply["value"]
        assert value["move"] == d["move"]
        assert value["values"][0]["best"] and value["values"][0]["move"] == value["best"]
        assert value["mark"]["id"] == rv.mark_of(value["loss"])
        items.append(value["item"])
    summary = call("review_summary", {"items": items})["value"]
    assert summary["count"] == len(decisions)
    assert summary["good"] == sum(1 for x in items if x["mark"] in ("best", "good"))


def test_the_warm_up_judges_every_decision_of_its_rounds_then_says_it_is_over(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    judged: list[tuple[Any, ...]] = []
    real = review_views.judge_view

    def judge_view(*args: Any, **kwargs: Any) -> dict[str, Any]:
        judged.append((*args[:4], kwargs["budget"]))
        return real(*args, **kwargs)

    monkeypatch.setattr(review_views, "judge_view", judge_view)
    replies = []
    while not replies or replies[-1]["more"]:
        reply = call("warm_up", {"step": len(replies)})
        assert reply["ok"], reply
        replies.append(reply["value"])
    assert [r["step"] for r in replies] == list(range(len(replies)))
    # One step a decision of seat 1 in each of its rounds, judged as a review judges it,
    # with a quarter of the review's deals: a spinner game with play points and a line.
    expected = []
    for preset, players, seed in web.WARM_UP:
        state = RoundState.new(Rules.make(preset), players, seed % players, rng=seed)
        play_round(state, [Club() for _ in range(players)])
        record = round_record(state)
        expected += [
            (record, 1, None, i, web.WARM_UP_BUDGET) for i in range(len(rv.decisions(state, 1)))
        ]
    assert judged == expected and len(expected) >= 6
    assert web.WARM_UP_BUDGET < rv.BUDGET
    rules = [Rules.make(preset) for preset, _, _ in web.WARM_UP]
    assert any(r.fives and r.spinner for r in rules) and any(not r.spinner for r in rules)
    # A step that is not one is refused, in the request's language, naming the last.
    for lang in LANGUAGES:
        for bad in (-1, len(replies), "0", True, None, 1.0):
            reply = call("warm_up", {"step": bad}, lang)
            assert reply["code"] == "bad_request", reply
            assert str(len(replies) - 1) in reply["error"]
            assert lang == "en" or reply["error"] != call("warm_up", {"step": bad})["error"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_bad_seat_or_record_is_refused_in_the_readers_language(lang: str) -> None:
    record = round_record(random_round("block", 2, 1))
    kept = json.dumps(record)
    for args in (
        {"record": record, "seat": 2},
        {"record": record, "seat": "0"},
        {"record": {**record, "plays": record["plays"][:-1]}, "seat": 0},
        {"record": record, "seat": 0, "round": 1},
        {"seat": 0},
    ):
        reply = call("review_decisions", args, lang)
        assert not reply["ok"]
        english = call("review_decisions", args, "en")["error"]
        assert lang == "en" or reply["error"] != english
    assert json.dumps(record) == kept
    with pytest.raises(DominoError):
        rv.decisions(random_round("block", 2, 1), 3)


def broken_record_text() -> tuple[str, str, int, int]:
    """A good record as pretty-printed JSON, the same text broken (the colon after
    ``"players"`` taken out), and the line and column where the break is, counted from
    the text itself (not by the JSON reader)."""
    good = json.dumps(round_record(random_round("block", 2, 1)), indent=1)
    bad = good.replace('"players": ', '"players" ', 1)
    at = bad.index('"players" ') + len('"players" ')  # where the colon was wanted
    line = bad[:at].count("\n") + 1
    column = at - (bad.rfind("\n", 0, at) + 1) + 1
    assert line > 1 and column > 1
    return good, bad, line, column


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_record_sent_as_text_is_read_by_the_engine_and_a_bad_one_told_by_line_and_column(
    lang: str,
) -> None:
    good, bad, line, column = broken_record_text()
    record = json.loads(good)
    # The text reviewed is the record reviewed.
    for method, extra in (("review_decisions", {}), ("review_judge", {"index": 0, "budget": 8})):
        as_text = call(method, {"record_text": good, "seat": 0, **extra}, lang)
        assert as_text["ok"], as_text
        assert as_text == call(method, {"record": record, "seat": 0, **extra}, lang)
    # A break: its line and column, in the reader's language, the reader's words only.
    args = {"record_text": bad, "seat": 0}
    kept = json.dumps(args)
    reply = call("review_decisions", args, lang)
    assert reply == {
        "ok": False,
        "error": text(lang, "error.record_bad_json", at=line, column=column),
        "code": "record_bad_json",
    }
    assert f"{line}" in reply["error"] and f"{column}" in reply["error"]
    if lang != "en":
        assert "Expecting" not in reply["error"] and "delimiter" not in reply["error"]
        assert reply["error"] != call("review_decisions", args, "en")["error"]
    judged = call("review_judge", {**args, "index": 0}, lang)
    assert judged["error"] == reply["error"]
    # Too long, too deep: refused before they are parsed (the request itself is within
    # its bounds: handle() takes it parsed, as the worker's call() would past its bound).
    long = good + " " * (MAX_LINE + 1 - len(good))
    reply = web.handle({"method": "review_decisions", "args": {"record_text": long}, "lang": lang})
    assert reply["code"] == "record_too_long"
    assert reply["error"] == text(lang, "error.record_too_long", limit=MAX_LINE)
    assert web.handle(
        {"method": "review_decisions", "args": {"record_text": long[:-1], "seat": 0}}
    )["ok"]
    deep = "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)
    reply = call("review_decisions", {"record_text": deep, "seat": 0}, lang)
    assert reply["code"] == "record_too_deep"
    assert reply["error"] == text(lang, "error.record_too_deep", limit=MAX_DEPTH)
    shallow = "[" * MAX_DEPTH + "]" * MAX_DEPTH  # read, and then no record
    assert call("review_decisions", {"record_text": shallow, "seat": 0}, lang)["code"] == (
        "record_round_not_object"
    )
    reply = call("review_decisions", {"record_text": '{"players": 1' + "0" * 5000 + "}"}, lang)
    assert reply["code"] == "record_number_too_long"
    reply = call("review_decisions", {"record_text": record, "seat": 0}, lang)
    assert reply["code"] == "bad_request"
    # Nothing changed: the request as it was, and the good text reviewed as before.
    assert json.dumps(args) == kept
    assert call("review_decisions", {"record_text": good, "seat": 0}, lang)["ok"]


def test_the_command_line_reads_a_record_as_the_pages_do(tmp_path: Path) -> None:
    _, bad, line, column = broken_record_text()
    path = tmp_path / "bad.json"
    path.write_text(bad, "utf-8")
    for lang in ("en", "fr"):
        proc = run_cli("review", str(path), "--seat", "1", "--lang", lang)
        assert proc.returncode == 1 and not proc.stdout
        told = text(lang, "error.record_bad_json", at=line, column=column)
        assert proc.stderr.strip() == f"python -m engine review: {told}"
    path.write_text("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "utf-8")
    proc = run_cli("review", str(path), "--seat", "1", "--json")
    assert json.loads(proc.stdout)["error"] == text("en", "error.record_too_deep", limit=MAX_DEPTH)
    path.write_bytes(b" " * (4 * MAX_LINE + 1))
    proc = run_cli("review", str(path), "--seat", "1", "--json")
    assert json.loads(proc.stdout)["error"] == text("en", "error.record_too_long", limit=MAX_LINE)
    path.write_text("é" * (MAX_LINE - 1) + "\n", "utf-8")  # within the bound in characters
    proc = run_cli("review", str(path), "--seat", "1", "--json")
    assert json.loads(proc.stdout)["error"] == text("en", "error.record_bad_json", at=1, column=1)


# -- exact values against a plain enumeration -----------------------------------------


def plain_exact(state: RoundState, d: rv.Decision) -> tuple[int, list[float]]:
    """The exact value of each of ``d.moves``, computed plainly (no Knowledge, no
    Sampler): every way to deal the unseen tiles to the other hands is tried by dealing
    the whole round again (each other seat's dealt hand is what it holds now and what it
    played) and replaying it to the decision: a deal counts when the round replays to the
    same public events. Each is solved with the solver from the full RoundState, weighed
    as the Expert weighs a deal outside All Fives (half for each play that passed up a
    heavier tile the seat held that fitted). For games without a boneyard."""
    obs = d.observation
    rules, n, me = obs.rules, obs.players, obs.seat
    assert not rules.draw
    plays = [e for e in obs.events if e.kind == "play"]
    unseen = sorted(set(ALL_TILES) - set(obs.hand) - set(obs.layout.tiles))
    others = [p for p in range(n) if p != me]
    sizes = [obs.hand_sizes[p] for p in others]
    total = 0.0
    sums = [0.0] * len(d.moves)
    count = 0

    def splits(tiles: list[Tile], k: int) -> Any:
        if k == len(others):
            yield []
            return
        for combo in itertools.combinations(tiles, sizes[k]):
            rest = [t for t in tiles if t not in combo]
            for more in splits(rest, k + 1):
                yield [list(combo), *more]

    for hands in splits(unseen, 0):
        now = {p: h for p, h in zip(others, hands, strict=True)}
        dealt = []
        for p in range(n):
            if p == me:
                dealt.append(list(state.dealt[me]))
            else:
                dealt.append(now[p] + [e.tile for e in plays if e.seat == p])
        try:
            replay = RoundState(
                rules, n, state.leader, dealt, first_round=state.opening is not None
            )
        except DominoError:
            continue  # the first lead of block-dk would have been another seat's
        weight = 1.0
        for e in plays:
            if e.seat != me and not (rules.fives or (not replay.layout.tiles and replay.opening)):
                held = set(replay.hand(e.seat))
                fitting = {m.tile for m in replay.legal_moves()}
                if any(t.pips > e.tile.pips for t in held & fitting):
                    weight *= 0.5
            assert e.tile is not None
            try:
                replay.apply(Move(e.tile, e.end))
            except DominoError:
                break
        if tuple(replay.events) != obs.events[: len(replay.events)] or len(replay.events) != len(
            obs.events
        ):
            continue
        count += 1
        sol = solve(replay)
        total += weight
        for i, m in enumerate(d.moves):
            sums[i] += weight * sol.value_of(m)
    return count, [s / total for s in sums]


def exact_decisions(
    preset: str, players: int, seeds: range, most: int
) -> list[tuple[RoundState, rv.Decision]]:
    """Decisions of random rounds that the review values exactly (the first ``most``)."""
    found: list[tuple[RoundState, rv.Decision]] = []
    for seed in seeds:
        if len(found) >= most:
            return found[:most]
        state = random_round(preset, players, seed)
        for seat in range(players):
            for d in rv.decisions(state, seat):
                know = knowledge(d.observation)
                if rv.consistent_deals(know, rv.EXACT_DEALS) is not None:
                    found.append((state, d))
    return found


@pytest.mark.parametrize(
    ("preset", "players"),
    [
        ("block", 2),
        ("block", 3),
        pytest.param("block", 4, marks=pytest.mark.slow),  # seconds each: the full run's
        pytest.param("block-dk", 4, marks=pytest.mark.slow),
    ],
)
def test_exact_values_are_those_of_every_consistent_deal_solved(preset: str, players: int) -> None:
    most = 6 if players < 4 else 4
    cases = exact_decisions(preset, players, range(200), most)
    assert len(cases) == most
    for state, d in cases:
        count, values = plain_exact(state, d)
        j = rv.judge_decision(d)
        assert j.method == "exact" and j.deals == count
        assert [v.value for v in j.values] == pytest.approx(values, abs=1e-9)
        # The moves rank as the plain values rank, the best first.
        order = sorted(range(len(values)), key=lambda i: -values[i])
        assert values[j.best] == max(values)
        assert sorted(range(len(values)), key=lambda i: -j.values[i].value) == order


# -- sampling ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "players"),
    [
        ("block", 2),
        pytest.param("draw", 3, marks=pytest.mark.slow),  # seconds each: the full run's
        pytest.param("all-fives", 2, marks=pytest.mark.slow),
    ],
)
def test_marks_are_stable_between_two_seeds_within_the_sampling_error(
    preset: str, players: int
) -> None:
    """The loss of each move made, judged with two seeds, differs by at most four
    standard errors of the difference; its mark differs only where a loss lies within
    three standard errors of a threshold."""
    thresholds = [most for _, most in rv.MARKS[:-1]]
    judged = 0
    for seed in range(2):
        state = random_round(preset, players, seed)
        for d in rv.decisions(state, 0):
            a, b = rv.judge_decision(d, seed=0), rv.judge_decision(d, seed=1)
            if a.exact:
                assert b.exact and a.values == b.values
                continue
            judged += 1
            ea, eb = a.played.error, b.played.error
            assert abs(a.loss - b.loss) <= 4 * math.hypot(ea, eb) + 0.1, (a, b)
            near = any(
                abs(j.loss - t) <= 3 * j.played.error + 0.1 for j in (a, b) for t in thresholds
            )
            assert a.mark == b.mark or near, (a.loss, ea, b.loss, eb)
    assert judged >= 4


# -- the command line ----------------------------------------------------------------


def practice_record(preset: str, players: int, seed: int) -> dict[str, Any]:
    """The record of a finished practice round: the reader plays its last legal move."""
    save = practice.new_save(preset, {}, players, ["club"] * (players - 1), seed)
    while (game := practice.load_game(save)).phase == "play":
        if game.state.current_player == practice.YOU:
            save = practice.play(save, str(game.state.legal_moves()[-1]))
        else:
            save, _ = practice.computer_move(save)
    return practice.match_record(save)


def test_the_command_line_reviews_a_practice_record_as_text_and_json(tmp_path: Path) -> None:
    record = practice_record("block", 2, 4)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record, indent=2), "utf-8")
    proc = run_cli("review", str(path), "--seat", "1", "--json", "--budget", "16")
    assert proc.returncode == 0, proc.stderr
    found = json.loads(proc.stdout)
    assert found["ok"] and found["decisions"]["seat"] == 0
    expected = review_view(record, 0, 0, "en", budget=16)
    assert found["judged"] == json.loads(json.dumps(expected["judged"]))
    assert found["summary"]["count"] == len(found["judged"]) == found["decisions"]["count"]
    proc = run_cli("review", str(path), "--seat", "1", "--lang", "de", "--budget", "16")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("Analyse von Sitz 1\n")
    for j in review_view(record, 0, 0, "de", budget=16)["judged"]:
        assert j["verdict"] in proc.stdout and j["known"]["text"] in proc.stdout
    assert "Sitz 0" not in proc.stdout


# Nine processes each: English in the fast tier, French too in the full run.
@pytest.mark.parametrize("lang", ["en", pytest.param("fr", marks=pytest.mark.slow)])
def test_the_command_line_refuses_a_bad_seat_round_or_record(lang: str, tmp_path: Path) -> None:
    record = practice_record("block", 2, 4)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), "utf-8")
    for args, message in (
        (["--seat", "3"], DominoError("bad_seat", seat=3, players=2).message(lang)),
        (["--seat", "0"], DominoError("bad_seat", seat=0, players=2).message(lang)),
        (["--seat", "1", "--round", "2"], None),
    ):
        proc = run_cli("review", str(path), "--lang", lang, *args)
        assert proc.returncode == 1 and not proc.stdout
        assert message is None or message in proc.stderr
        proc = run_cli("review", str(path), "--lang", lang, "--json", *args)
        assert proc.returncode == 1
        assert json.loads(proc.stdout)["ok"] is False
    path.write_text(json.dumps({**record, "rounds": [{"leader": 0}]}), "utf-8")
    assert run_cli("review", str(path), "--seat", "1", "--lang", lang).returncode == 1
    path.write_bytes(b'{"a": "\xff"}')
    assert run_cli("review", str(path), "--seat", "1", "--lang", lang).returncode == 2
    assert run_cli("review", str(tmp_path / "none"), "--seat", "1").returncode == 2


# -- Pyodide -------------------------------------------------------------------------

PYODIDE_PROGRAM = """
import json, random
from engine import RoundState, Rules
from engine.features import review as rv
out = []
for preset, players, seed in CASES:
    state = RoundState.new(Rules.make(preset), players, 0, rng=seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_moves()))
    for d in rv.decisions(state, 0):
        j = rv.judge_decision(d, seed=2, budget=12)
        out.append([j.method, j.deals, [v.value for v in j.values], j.mark])
json.dumps(out)
"""
PYODIDE_CASES = [("block", 2, 3), ("all-fives", 2, 1)]
"""Rounds whose decisions are valued in each of the three ways (played out, solved,
exact), on a line and on a spinner layout."""


def test_pyodide_gives_the_same_answers(pyodide: Pyodide) -> None:
    code = f"CASES = {PYODIDE_CASES!r}\n" + PYODIDE_PROGRAM
    scope: dict[str, Any] = {}
    exec(code.strip().rsplit("\n", 1)[0], scope)
    here = json.loads(json.dumps(scope["out"]))
    assert {m for m, *_ in here} == {"exact", "solved", "played"}
    assert json.loads(pyodide.run(code)) == here


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_review_names_seats_as_readers_count_them(lang: str) -> None:
    """No word of a review names a seat 0; a partner is named as one."""
    state = RoundState.new(Rules.make("block-dk", partnerships=True), 4, 0, rng=3)
    rng = random.Random(3)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_moves()))
    record = round_record(state)
    before = json.dumps(record)
    seat = strings(lang)["round.seat"].replace("{seat}", "0")
    for me in range(4):
        found = review_view(record, me, None, lang, budget=4)
        said = review_text(found, lang)
        assert seat.lower() not in said.lower()
        partner = strings(lang)["review.partner"].format(seat=(me + 2) % 4 + 1)
        assert all(partner in j["known"]["text"] for j in found["judged"])
    assert json.dumps(record) == before


# -- the web methods fuzzed --------------------------------------------------------------

FUZZ_RECORD = round_record(random_round("block", 2, 1))
FUZZ_SEEDS: list[tuple[str, dict[str, Any]]] = [
    ("review_decisions", {"record": FUZZ_RECORD, "seat": 0, "round": 0}),
    ("review_judge", {"record": FUZZ_RECORD, "seat": 1, "index": 0, "seed": 3, "budget": 4}),
    ("review_decisions", {"record_text": json.dumps(FUZZ_RECORD, indent=1), "seat": 0}),
    (
        "review_summary",
        {"items": [{"round": 0, "index": 0, "move": "1-4@left", "best": "0-0", "loss": 2.5}]},
    ),
]


@pytest.mark.parametrize(("method", "args"), FUZZ_SEEDS, ids=[m for m, _ in FUZZ_SEEDS])
@FUZZ
@given(data=st.data(), lang=st.sampled_from(LANGUAGES))
def test_mutated_review_requests_are_answered_with_a_result_or_a_domino_error(
    method: str, args: dict[str, Any], data: st.DataObject, lang: str
) -> None:
    """As tests/test_web_fuzz.py fuzzes every method: a reply, or an error the tables
    tell, never an exception."""
    assert call(method, args)["ok"]
    mutated_args = data.draw(mutated(args))
    if isinstance(mutated_args, dict) and method == "review_judge":
        budget = mutated_args.get("budget")
        if isinstance(budget, int) and budget > 8:  # a valid budget: keep the test quick
            mutated_args["budget"] = 8
    check_reply(
        json.loads(web.call(request_text(method, mutated_args, lang))),
        lang,
    )


def test_a_refused_record_says_where_counting_from_one() -> None:
    """A review refusal said only « C’est au siège 0 de jouer, et il n’a pas [6|6]. »:
    no round, no play, and (then) seats from 0 (issue 38). It names the round and the
    play as readers count them."""
    record = round_record(random_round("block", 2, 3))
    seat = 1  # the second play is seat 2's, who does not hold the tile
    held = set(record["hands"][seat])
    record["plays"][1] = next(t.code for t in ALL_TILES if t.code not in held)
    tile = str(Tile.parse(record["plays"][1]))
    reply = call("review_decisions", {"record": record, "seat": 0}, "fr")
    assert reply["ok"] is False and reply["code"] == "review_play"
    assert reply["error"].startswith("Manche 1, coup 2\u00a0: ")
    assert f"siège 2 de jouer, et il n’a pas {tile}" in reply["error"]
    en = call("review_decisions", {"record": record, "seat": 0})["error"]
    assert en == f"Round 1, play 2: Seat 2 is to play and does not hold {tile}."


# ---------------------------------------------------------------------------------------
# Bounded work (issue 38): every request judged within a second of CPU, by counts
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("budget", [rv.BUDGET + 1, 2000])
def test_a_budget_above_the_default_is_refused(budget: int) -> None:
    args = {"record": round_record(random_round("block", 2, 1)), "seat": 0, "index": 0}
    reply = call("review_judge", {**args, "budget": budget}, "de")
    assert reply["code"] == "review_budget", reply
    assert str(rv.MAX_BUDGET) in reply["error"]


@pytest.mark.parametrize(
    ("players", "seed", "index"),
    # The decisions of Club rounds of All Fives whose deals are the biggest to solve.
    [(2, 0, 0), (2, 17, 1), (2, 29, 1), (3, 24, 0), (3, 24, 1)],
)
def test_a_decision_searches_at_most_its_positions(
    players: int, seed: int, index: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The exact attempt and the sampled deals share :data:`rv.DECISION_NODES`; the last
    deal searched may add its own limit, no more."""
    solvers: list[Any] = []

    class Counted(rv.Solver):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            solvers.append(self)

    monkeypatch.setattr(rv, "Solver", Counted)
    state = RoundState.new(Rules.make("all-fives"), players, seed % players, rng=seed)
    play_round(state, [Club() for _ in range(players)])
    judged = rv.judge_decision(rv.decisions(state, 0)[index])
    searched = sum(s.nodes for s in solvers)
    assert searched <= rv.DECISION_NODES + max(rv.NODE_LIMIT, rv.DECISION_NODES // 2)
    if judged.method == "solved":
        assert rv.MIN_SOLVED * rv.BUDGET <= judged.deals <= rv.BUDGET


def test_a_match_is_replayed_once_for_a_judgement(monkeypatch: pytest.MonkeyPatch) -> None:
    """A judgement of a match's last round replays each round of the record once."""
    from engine.core.match import Match

    rules, rounds = Rules.make("block"), 3
    match = Match(rules, 2, 0, rng=3)
    items = []
    for _ in range(rounds):
        state = match.start_round()
        play_round(state, [Club(), Club()])
        match.record(state)
        items.append({k: round_record(state)[k] for k in ("leader", "hands", "plays")})
    record = {**rules.to_record(), "players": 2, "first_leader": 0, "rounds": items}
    seat = next(seat for seat in (0, 1) if rv.decisions(state, seat))
    started: list[int] = []
    start_round = Match.start_round

    def counted(self: Match, *args: Any, **kwargs: Any) -> RoundState:
        started.append(1)
        return start_round(self, *args, **kwargs)

    monkeypatch.setattr(Match, "start_round", counted)
    args = {"record": record, "seat": seat, "round": rounds - 1, "index": 0, "budget": 4}
    reply = call("review_judge", args)
    assert reply["ok"], reply
    assert len(started) == rounds
