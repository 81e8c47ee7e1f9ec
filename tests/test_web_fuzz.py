"""Fuzzing ``engine.presentation.web.call``, the one door the pages use (issue 18).

Valid requests of every method in :data:`engine.presentation.web.METHODS`, mutated (types, sizes,
nesting, numbers, strings, tampered saves, sheets and lesson tasks): every reply is
``{"ok": true, "value": ...}`` or ``{"ok": false, "error": ..., "code": ...}`` from a
:class:`DominoError` whose message the language tables tell, never an exception and never
the ``internal`` code. Then one deterministic test for each case the issue lists, and the
bounds the engine checks before it reads a request, a save or a sheet.
"""

from __future__ import annotations

import copy
import json
import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import RoundState, Rules
from engine.core.boundary import MAX_DEPTH, MAX_ITEMS, MAX_LINE, bounded, json_depth
from engine.core.errors import DominoError
from engine.core.records import round_record
from engine.core.words import strings
from engine.features import lessons, practice, progress, scorepad, yours
from engine.lang import LANGUAGES
from engine.presentation import web

# Modest counts: the suite runs on two cores shared by several people.
FUZZ = settings(
    max_examples=40,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

DEEP = "\u0000deep:"
"""A string that the request's text replaces by JSON nested as deep as it says: the test
cannot build such a value in Python and ``json.dumps`` it."""


def request_text(method: str, args: Any, lang: str = "en") -> str:
    text = json.dumps({"method": method, "args": args, "lang": lang}, ensure_ascii=False)

    def deep(match: re.Match[str]) -> str:
        n = int(match.group(1))
        return "[" * n + "1" + "]" * n

    return re.sub(r'"\\u0000deep:(\d+)"', deep, text)


def ask(method: str, args: Any, lang: str = "en") -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(web.call(request_text(method, args, lang)))
    return reply


ask_engine = ask


def check_reply(reply: dict[str, Any], lang: str) -> None:
    """A result, or an error the tables tell (not the ``code: {params}`` fallback)."""
    assert reply["ok"] in (True, False), reply
    if reply["ok"]:
        assert set(reply) == {"ok", "value"}, reply
        return
    code, error = reply["code"], reply["error"]
    assert code != "internal", reply
    assert f"error.{code}" in strings(lang), reply
    assert isinstance(error, str) and error and not error.startswith(f"{code}:"), reply
    assert not re.search(r"\{[a-z_]+\}", error), reply  # every placeholder filled


def _playing_save() -> dict[str, Any]:
    """A save a few moves into its first round (the reader's and the computer's)."""
    save = ask("practice_new", {"seed": 7, "levels": ["club"]})["value"]["save"]
    for _ in range(4):
        hint = ask("practice_hint", {"save": save})
        if hint["ok"]:
            save = ask("practice_play", {"save": save, "move": hint["value"]["move"]})["value"]
            save = save["save"]
        else:
            reply = ask("practice_computer", {"save": save})
            if not reply["ok"]:
                break
            save = reply["value"]["save"]
    while not ask("practice_hint", {"save": save})["ok"]:  # end on the reader's turn
        save = ask("practice_computer", {"save": save})["value"]["save"]
    return save


SAVE = _playing_save()


def _finished_save() -> dict[str, Any]:
    """A practice save whose first round is over (first legal move each turn)."""
    save = practice.new_save("block", {}, 2, ["club"], 3)
    state = practice.load_game(save).state
    moves = []
    while not state.is_terminal:
        move = state.legal_moves()[0]
        state.apply(move)
        moves.append(str(move))
    return {**save, "rounds": [moves]}


FINISHED = _finished_save()
SHEET = ask("scorepad_new", {"preset": "block", "players": 3, "names": ["Ann", "Bo", "Cy"]})[
    "value"
]["sheet"]
SHEET = ask("scorepad_add", {"sheet": SHEET, "entry": {"went_out": 0, "pips": [0, 7, 8]}})["value"][
    "sheet"
]
FORM = {"went_out": "1", "pips": ["5", "0", "1-2 3-4"]}
MOVE_TASK = {"id": "t", "kind": "move", "plays": ["2-6"], "hand": ["2-4", "1-6", "3-5"]}
PIPS_TASK = {
    "id": "p",
    "kind": "number",
    "ask": "pips 1",
    "players": 2,
    "hands": [
        ["0-0", "0-1", "0-2", "0-3", "0-4", "0-5", "0-6"],
        ["1-1", "1-2", "1-3", "1-4", "1-5", "1-6", "2-2"],
    ],
    "plays": ["0-0"],
    "seat": 1,
}


def _finished_round() -> dict[str, Any]:
    """A round record of 2-player Block played to its end (first legal move each turn)."""
    state = RoundState.new(Rules.make("block"), 2, 0, rng=3)
    while not state.is_terminal:
        state.apply(state.legal_moves()[0])
    return round_record(state)


def random_round(preset: str, players: int, seed: int) -> RoundState:
    """A finished round of random legal moves."""
    state = RoundState.new(Rules.make(preset), players, 0, rng=seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_moves()))
    return state


def finished_match(preset: str = "block", players: int = 2, seed: int = 7) -> dict[str, Any]:
    """A practice save played to the match's end: the reader's first legal move each
    turn, against Beginners."""
    save = practice.new_save(preset, {}, players, ["beginner"] * (players - 1), seed)
    while (game := practice.load_game(save)).phase != "match-over":
        if game.phase == "round-over":
            save = practice.next_round(save)
        elif game.state.current_player == practice.YOU:
            save = practice.play(save, str(game.state.legal_moves()[0]))
        else:
            save, _ = practice.computer_move(save)
    return save


ROUND = _finished_round()
ITEM = {"round": 0, "index": 0, "move": "1-4@left", "best": "0-0", "value": -3.5, "loss": 2.5}
MATCH = finished_match()
PROGRESS = progress.matches_data((progress.played(MATCH, "2026-12-04", (3, 4)),))
PUZZLES = {"version": 1, "solved": ["block-2-01"], "days": ["2026-12-03"]}
YOUR_ROUND = round_record(random_round("block", 2, 18))
YOURS = yours.yours_data((yours.make(YOUR_ROUND, None, 0, 5, "2026-12-04"),))
PROFILE = json.dumps(
    progress.profile_data(
        progress.load_matches(PROGRESS), PUZZLES, "2026-12-04", yours.load_yours(YOURS)
    )
)

SEEDS: dict[str, list[dict[str, Any]]] = {
    "ping": [{}],
    "try_move": [{"plays": ["1-4"], "hand": ["4-4", "2-3"], "tile": "4-4", "end": "right"}],
    "lesson_answer": [
        {"task": MOVE_TASK, "answer": "2-4@left"},
        {"task": PIPS_TASK, "answer": "10"},
        {"task": {**MOVE_TASK, "preset": "all-fives", "goal": "score"}, "answer": "1-6@right"},
    ],
    "puzzle": [
        {"date": "2026-12-03"},
        {"id": "block-2-01"},
        {"id": "block-2-01", "tile": "4-5", "end": "right"},
        {"id": "all-fives-2-01", "reveal": True},
        {"id": "block-2-01", "tile": "4-5", "end": "right", "rated": None, "today": "2026-12-04"},
    ],
    "puzzle_rated": [
        {"rated": None, "themes": ["fives", "out"]},
        {"rated": None, "start": 5},
    ],
    "puzzle_streak": [
        {"days": ["2026-12-01", "2026-12-02"], "today": "2026-12-03"},
        {"days": [], "today": "2026-12-03", "solved": "2026-12-03"},
    ],
    "progress_view": [{"progress": PROGRESS, "puzzles": PUZZLES}],
    "progress_match": [
        {"progress": PROGRESS, "save": MATCH, "date": "2026-12-04", "items": [ITEM]}
    ],
    "progress_export": [
        {"progress": PROGRESS, "puzzles": PUZZLES, "date": "2026-12-04", "yours": YOURS}
    ],
    "yours_add": [
        {"yours": None, "record": YOUR_ROUND, "seat": 0, "index": 5, "date": "2026-12-04"}
    ],
    "yours_list": [{"yours": YOURS}],
    "yours_play": [
        {"yours": YOURS, "id": YOURS["puzzles"][0]["id"]},
        {"yours": YOURS, "id": YOURS["puzzles"][0]["id"], "move": "0-0@left"},
        {"yours": YOURS, "id": YOURS["puzzles"][0]["id"], "action": "skip"},
    ],
    "progress_import": [{"text": PROFILE}],
    "review_decisions": [{"record": ROUND, "seat": 0}],
    "review_judge": [{"record": ROUND, "seat": 0, "index": 0, "budget": 4}],
    "review_face_up": [
        {"record": ROUND, "seat": 0, "index": 0},
        {"record": ROUND, "seat": 0, "index": 0, "step": 1, "found": [-11]},
    ],
    "review_retry": [
        {"record": ROUND, "seat": 0, "index": 0, "budget": 4},
        {"record": ROUND, "seat": 0, "index": 0, "budget": 4, "action": "show"},
        {"record": ROUND, "seat": 0, "index": 0, "budget": 4, "move": "4-4"},
    ],
    "review_summary": [{"items": [{**ITEM, "retry": "found"}]}],
    "review_kept": [{"kept": {"match": "m", "rounds": [[0, [ITEM]], [1, []]]}}],
    "warm_up": [{"step": 0}, {"step": 9}],
    "practice_new": [{"preset": "block", "players": 3, "levels": ["club", "expert"], "seed": 3}],
    "practice_settings": [{"query": "preset=block&players=2&seed=5&levels=expert"}],
    "practice_view": [{"save": SAVE}],
    "practice_play": [{"save": SAVE, "move": "0-0"}],
    "practice_computer": [{"save": SAVE}],
    "practice_hint": [{"save": SAVE}],
    "practice_undo": [{"save": SAVE}],
    "practice_next_round": [{"save": SAVE}],
    "practice_record": [{"save": SAVE}],
    "practice_steps": [{"save": FINISHED, "round": 0}],
    "scorepad_new": [{"preset": "block", "players": 3, "names": ["Ann", "Bo", "Cy"]}],
    "scorepad_view": [{"sheet": SHEET}],
    "scorepad_add": [
        {"sheet": SHEET, "form": FORM},
        {"sheet": SHEET, "entry": {"went_out": None, "pips": [3, 4, 5]}},
    ],
    "scorepad_set": [{"sheet": SHEET, "index": 0, "form": FORM}],
    "scorepad_remove_last": [{"sheet": SHEET}],
    "scorepad_export": [{"sheet": SHEET}],
    "scorepad_import": [{"text": json.dumps(SHEET)}],
}

SEED_CASES = [(m, k) for m, seeds in SEEDS.items() for k in range(len(seeds))]


def test_every_method_has_a_seed_request_and_it_is_answered() -> None:
    assert set(SEEDS) == set(web.METHODS)
    for method, k in SEED_CASES:
        reply = ask(method, SEEDS[method][k])
        check_reply(reply, "en")
        # The seeds are good requests; a few ask what this moment of the game refuses.
        refused = ("practice_play", "practice_computer", "practice_next_round", "practice_record")
        assert reply["ok"] or method in refused, (method, reply)


# --- Mutations --------------------------------------------------------------------------

JSON_LEAF = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
    | st.sampled_from(["²", "٣", "1" * 5000, "-1", "0-0", "6-6", "1-4@left", "@", "  ", "NaN"])
)
JSON_VALUE = st.recursive(
    JSON_LEAF,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=10,
)


@st.composite
def replacement(draw: st.DrawFn, old: Any) -> Any:
    """A value to put where ``old`` was: of another type, huge, deep, long or tampered."""
    kind = draw(
        st.sampled_from(
            ["json", "deep", "long", "repeat", "number", "string", "drop", "nest", "empty"]
        )
    )
    if kind == "json":
        return draw(JSON_VALUE)
    if kind == "deep":
        return DEEP + str(draw(st.sampled_from([MAX_DEPTH - 8, MAX_DEPTH + 1, 500, 990, 3000])))
    if kind == "long":
        item = old[0] if isinstance(old, list) and old else old
        count = draw(st.sampled_from([29, MAX_ITEMS, MAX_ITEMS + 1, 5000]))
        # A request over MAX_LINE characters is refused before it is read, whatever it
        # holds: copies of a long item past that bound (5000 of a 5000-digit string are
        # 25 MB) would cost only this test's own JSON encoding, tens of seconds.
        size = max(1, len(json.dumps(item, ensure_ascii=False)))
        return [item] * min(count, MAX_LINE // size + 2)
    if kind == "repeat" and isinstance(old, list) and old:
        return [*old, old[-1]]
    if kind == "number":
        return draw(st.sampled_from([-1, 0, 2**31, 2**64, 10**40, 1.5, -0.0, 1e308, True]))
    if kind == "string":
        texts = ["", "²", "x" * 3000, "9" * 5000, "\ud800", "1-2\n3-4", "2-4", "pips ²"]
        return draw(st.sampled_from([*texts, "pips " + "1" * 5000, "open up", "fits 9-9"]))
    if kind == "drop" and isinstance(old, dict) and old:
        key = draw(st.sampled_from(sorted(old)))
        return {k: v for k, v in old.items() if k != key}
    if kind == "nest":
        return [old]
    return type(old)() if isinstance(old, list | dict | str) else None


def pick_path(draw: st.DrawFn, value: Any) -> tuple[Any, ...]:
    """A place in ``value`` a mutation may go: itself or one of its parts, found by
    walking down from the top (a list of thousands costs no more than a short one)."""
    path: list[Any] = []
    while isinstance(value, dict | list) and value and draw(st.integers(0, 3)) > 0:
        keys = list(value) if isinstance(value, dict) else range(len(value))
        key = keys[draw(st.integers(0, len(keys) - 1))]
        path.append(key)
        value = value[key]
    return tuple(path)


@st.composite
def mutated(draw: st.DrawFn, args: dict[str, Any]) -> Any:
    """``args`` with one to three parts replaced."""
    value: Any = copy.deepcopy(args)
    for _ in range(draw(st.integers(1, 3))):
        path = pick_path(draw, value)
        if not path:
            value = draw(replacement(value))
            if not isinstance(value, dict):
                return value
            continue
        parent = value
        for step in path[:-1]:
            parent = parent[step]
        parent[path[-1]] = draw(replacement(parent[path[-1]]))
    return value


# Ten mutations of each seed request in the fast tier, thirty others in the full run
# (another test's name: hypothesis draws other examples for it).
@pytest.mark.parametrize(("method", "k"), SEED_CASES, ids=[f"{m}-{k}" for m, k in SEED_CASES])
@settings(FUZZ, max_examples=10)
@given(data=st.data(), lang=st.sampled_from(LANGUAGES))
def test_mutated_requests_are_answered_with_a_result_or_a_domino_error(
    method: str, k: int, data: st.DataObject, lang: str
) -> None:
    args = data.draw(mutated(SEEDS[method][k]))
    check_reply(ask(method, args, lang), lang)


@pytest.mark.slow
@pytest.mark.parametrize(("method", "k"), SEED_CASES, ids=[f"{m}-{k}" for m, k in SEED_CASES])
@settings(FUZZ, max_examples=30)
@given(data=st.data(), lang=st.sampled_from(LANGUAGES))
def test_more_mutated_requests_are_answered_with_a_result_or_a_domino_error(
    method: str, k: int, data: st.DataObject, lang: str
) -> None:
    args = data.draw(mutated(SEEDS[method][k]))
    check_reply(ask(method, args, lang), lang)


DIGITS = st.text(st.characters(categories=["Nd", "No"]), min_size=1, max_size=3)
ASK = st.just("pips") | st.sampled_from(lessons.NUMBER_ASKS + lessons.CHOICE_ASKS)
ARG = st.sampled_from(["²", "٣", "1" * 5000, "01", "-1"]) | DIGITS | st.text(max_size=4)
ANSWERS = {
    "number": st.sampled_from(["10", "0", "9999"]) | DIGITS,
    "move": st.sampled_from(["2-4", "2-4@up", "1-6@left", "4-2@left", "play"]) | DIGITS,
}


@FUZZ
@given(
    task=st.sampled_from([PIPS_TASK, MOVE_TASK]),
    ask=st.tuples(ASK, ARG).map(" ".join),
    data=st.data(),
    lang=st.sampled_from(LANGUAGES),
)
def test_a_lesson_question_and_answer_of_any_writing_is_answered(
    task: dict[str, Any], ask: str, data: st.DataObject, lang: str
) -> None:
    asked = {**task, "ask": ask} if "ask" in task else task
    answer = data.draw(ANSWERS[task["kind"]])
    check_reply(ask_engine("lesson_answer", {"task": asked, "answer": answer}, lang), lang)


@FUZZ
@given(
    method=st.sampled_from(sorted(web.METHODS)) | JSON_VALUE,
    args=JSON_VALUE,
    lang=st.sampled_from([*LANGUAGES, "xx"]) | JSON_VALUE,
)
def test_requests_of_any_shape_are_answered(method: Any, args: Any, lang: Any) -> None:
    reply = json.loads(web.call(json.dumps({"method": method, "args": args, "lang": lang})))
    check_reply(reply, lang if lang in LANGUAGES else "en")


@FUZZ
@given(text=st.text(max_size=40) | st.binary(max_size=20).map(lambda b: b.decode("latin-1")))
def test_any_text_is_answered(text: str) -> None:
    check_reply(json.loads(web.call(text)), "en")


# --- The cases of the issue, one by one -------------------------------------------------


def nested(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize(
    "method",
    [
        m
        for m in web.METHODS
        if m.startswith("practice_") and m not in ("practice_new", "practice_settings")
    ],
)
def test_a_save_with_rounds_nested_500_deep_is_an_error(method: str) -> None:
    reply = ask(method, {"save": {**SAVE, "rounds": DEEP + "500"}, "move": "0-0"}, "fr")
    check_reply(reply, "fr")
    assert reply["ok"] is False and reply["code"] == "bad_json", reply
    assert "64" in reply["error"], reply


def test_a_deep_save_read_by_the_engine_itself_is_a_bad_save() -> None:
    with pytest.raises(DominoError) as info:
        practice.load_game({**SAVE, "rounds": nested(500)})
    assert info.value.code == "bad_save"
    assert info.value.message("de") == (
        "Dieses gespeicherte Spiel ist nicht lesbar (es verschachtelt seine Daten über mehr "
        "als 64 Ebenen)."
    )
    deep_args = {"save": {**SAVE, "rounds": [[nested(MAX_DEPTH)]]}}
    reply = web.handle({"method": "practice_view", "args": deep_args, "lang": "pl"})
    assert reply["code"] == "bad_request", reply
    assert reply["error"].endswith("zagnieżdża dane na ponad 64 poziomach."), reply


@pytest.mark.parametrize(("answer", "key"), [("1-2", "end_needed"), ("1-2@left", "no_end")])
def test_a_move_task_without_a_goal_judges_an_answer_written_with_the_wrong_end(
    answer: str, key: str
) -> None:
    plays = ["1-1"] if key == "end_needed" else []
    task = {"id": "x", "kind": "move", "hand": ["1-2"], "plays": plays}
    reply = ask("lesson_answer", {"task": task, "answer": answer}, "da")
    assert reply["ok"] is True, reply
    expected = strings("da")[f"lesson.missed.{key}"].format(tile="[1|2]")
    assert reply["value"] == {"right": False, "answer": answer, "reason": expected}


@pytest.mark.parametrize("arg", ["²", "٣", "1" * 5000, "01", "-1", "2", "9"])
def test_a_lesson_seat_argument_that_is_no_seat_is_a_bad_task(arg: str) -> None:
    reply = ask("lesson_answer", {"task": {**PIPS_TASK, "ask": f"pips {arg}"}, "answer": "1"}, "en")
    assert reply == {
        "ok": False,
        "error": "This task cannot be read (the question pips takes a seat from 0 to 1).",
        "code": "bad_task",
    }


def test_a_lesson_seat_argument_that_is_a_seat_is_answered() -> None:
    reply = ask("lesson_answer", {"task": PIPS_TASK, "answer": "10"})
    assert reply["ok"] is True and reply["value"]["right"] is False, reply
    pips = sum(int(a) + int(b) for a, _, b in PIPS_TASK["hands"][1])
    assert ask("lesson_answer", {"task": PIPS_TASK, "answer": str(pips)})["value"]["right"]


def test_a_scorepad_went_out_nested_990_deep_is_an_error() -> None:
    sheet = {**SHEET, "rounds": [{"went_out": DEEP + "990", "pips": [0, 0, 0]}]}
    reply = ask("scorepad_view", {"sheet": sheet}, "en")
    assert reply["ok"] is False and reply["code"] == "bad_json", reply
    with pytest.raises(DominoError) as info:
        scorepad.check_sheet({**SHEET, "rounds": [{"went_out": nested(990), "pips": [0, 0, 0]}]})
    assert info.value.code == "sheet_too_deep"


def test_a_try_move_hand_of_a_million_copies_is_refused() -> None:
    move = {"plays": [], "tile": "1-2", "end": "left"}
    reply = ask("try_move", {**move, "hand": ["1-2"] * 1_000_000}, "en")
    assert reply["code"] == "bad_json" and "1048576 characters" in reply["error"], reply
    reply = ask("try_move", {**move, "hand": ["1-2"] * 1001}, "en")
    assert reply["code"] == "bad_request" and "1000 items" in reply["error"], reply
    reply = ask("try_move", {**move, "hand": ["1-2", "3-4", "2-1"]}, "fr")
    assert reply == {
        "ok": False,
        "error": "[1|2] figure plus d’une fois parmi vos dominos.",
        "code": "hand_repeats",
    }
    assert ask("try_move", {**move, "hand": ["1-2", "3-4"]})["value"]["hand"] == ["3-4"]


@pytest.mark.parametrize("went_out", ["²", "1" * 5000, "٣", " 1 "])
def test_a_scorepad_form_whose_seat_is_no_seat_number_is_an_error(went_out: str) -> None:
    form = {"went_out": went_out, "pips": ["5", "0", "1-2 3-4"]}
    reply = ask("scorepad_add", {"sheet": SHEET, "form": form}, "en")
    if went_out == " 1 ":
        assert reply["ok"] is True, reply
        return
    assert reply["ok"] is False and reply["code"] == "round_went_out", reply
    assert reply["error"].startswith("Round 2: went_out must be null for a blocked round"), reply


# --- Bounds -----------------------------------------------------------------------------


def test_json_depth_counts_brackets_outside_strings() -> None:
    assert json_depth("1") == 0
    assert json_depth('{"a": [1, [2]], "b": {}}') == 3
    assert json_depth('["[[[{", "\\"[["]') == 1
    assert json_depth("[" * 100) == 100


def test_bounded_finds_what_is_too_deep_or_too_long() -> None:
    assert bounded(nested(MAX_DEPTH)) is None  # as deep as json_depth counts it
    assert bounded(nested(MAX_DEPTH + 1)) == "depth"
    assert bounded({"a": [0] * MAX_ITEMS}) is None
    assert bounded({"a": [0] * (MAX_ITEMS + 1)}) == "items"
    assert bounded(nested(100_000)) == "depth"  # no recursion


def test_a_request_is_bounded_before_it_is_read() -> None:
    at_limit = request_text("ping", {"x": DEEP + str(MAX_DEPTH - 2)})
    assert json_depth(at_limit) == MAX_DEPTH
    assert json.loads(web.call(at_limit))["ok"] is True
    over = request_text("ping", {"x": DEEP + str(MAX_DEPTH - 1)})
    reply = json.loads(web.call(over))
    assert reply["code"] == "bad_json", reply
    long = request_text("ping", {"x": "a" * MAX_LINE})
    assert json.loads(web.call(long))["code"] == "bad_json"
    # Told in the language the request names, even when it cannot be read.
    reply = json.loads(web.call('{"lang": "pl", "args": ' + "[" * 4000 + "}"))
    assert (
        reply["error"]
        == "Ten wiersz nie jest poprawnym JSON-em: zagnieżdża dane na ponad 64 poziomach."
    )


def test_a_score_sheet_holds_at_most_max_rounds() -> None:
    blocked = {"went_out": None, "pips": [1, 1, 1]}  # a tie: nobody scores
    full = {**SHEET, "rounds": [blocked] * scorepad.MAX_ROUNDS}
    assert ask("scorepad_view", {"sheet": full})["ok"] is True
    reply = ask("scorepad_add", {"sheet": full, "entry": blocked}, "de")
    assert reply == {
        "ok": False,
        "error": "Ein Punktezettel fasst höchstens 500 Runden, dieser hätte 501: Fang einen "
        "neuen Zettel an.",
        "code": "sheet_round_limit",
    }
    over = {**SHEET, "rounds": [blocked] * (scorepad.MAX_ROUNDS + 1)}
    assert ask("scorepad_view", {"sheet": over})["code"] == "sheet_round_limit"
    assert ask("scorepad_import", {"text": json.dumps(over)})["code"] == "sheet_round_limit"


def test_an_imported_sheet_is_bounded_before_it_is_read() -> None:
    reply = ask("scorepad_import", {"text": "[" * 3000}, "fr")
    assert reply["code"] == "sheet_too_deep", reply
    with pytest.raises(DominoError) as info:  # a request is no longer than that
        scorepad.import_sheet(" " * (MAX_LINE + 1))
    assert info.value.code == "sheet_too_long"


# --- Messages wholly in the reader's language -------------------------------------------

ENGLISH_DETAIL = re.compile(r"\b(must|the|is|needs|holds|list of)\b")


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
@pytest.mark.parametrize(
    ("method", "args"),
    [
        ("nothing", {}),
        ("practice_view", {}),
        ("scorepad_view", {}),
        ("try_move", {"plays": "1-4"}),
        ("try_move", {"preset": 3}),
        ("practice_settings", {"query": 5}),
        ("lesson_answer", {"task": {"id": "x", "kind": "dance"}}),
        ("lesson_answer", {"task": {**MOVE_TASK, "colour": 1}}),
        ("lesson_answer", {"task": {**MOVE_TASK, "goal": "win"}}),
        ("lesson_answer", {"task": {**MOVE_TASK, "hand": []}, "answer": "2-4@left"}),
        ("lesson_answer", {"task": {**MOVE_TASK, "goal": "score"}, "answer": "2-4@left"}),
        (
            "lesson_answer",
            {
                "task": {**PIPS_TASK, "kind": "choice", "ask": "turn", "choices": ["play"]},
                "answer": "nap",
            },
        ),
    ],
)
def test_bad_request_and_bad_task_details_are_in_the_readers_language(
    lang: str, method: str, args: dict[str, Any]
) -> None:
    reply = ask(method, args, lang)
    assert reply["ok"] is False and reply["code"] in ("bad_request", "bad_task"), reply
    check_reply(reply, lang)
    english = ask(method, args, "en")["error"]
    assert reply["error"] != english
    detail = reply["error"].partition("(")[2] or reply["error"].rpartition(":")[2]
    assert not ENGLISH_DETAIL.search(detail), reply["error"]


@pytest.mark.parametrize("loss", [10**400, -(10**400), 1e300, -0.5, 10_001])
def test_a_summary_refuses_a_loss_no_round_can_have(loss: Any) -> None:
    """A 400-digit loss let an OverflowError out of engine.web.call (issue 38)."""
    reply = ask("review_summary", {"items": [{**ITEM, "loss": loss}]}, "de")
    assert reply["ok"] is False and reply["code"] == "bad_request", reply
    assert ask("review_summary", {"items": [{**ITEM, "loss": 10_000}]})["ok"] is True
