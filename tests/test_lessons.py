"""Lessons (issue 12): the engine judges each task (``engine.features.lessons``), the build checks
every task of the lessons pages (``hooks/lessons.py``), and a wrong task fails the quiet
strict build.

- The engine: right answers of each kind, asked of the rules engine (legal moves and
  goals, forced draws and passes, a round's winner and score); an answer judged right or
  wrong with the engine's reason in the page's language; bad tasks and answers are
  errors, through ``engine.presentation.web`` too.
- The checks: the pages as they are pass; a changed accepted answer, a right move left
  out, an illegal position, missing or stray texts, a tile not in the position, wrong
  arithmetic, and lessons that differ between languages are each a problem.
- End to end: ``mkdocs build --strict -q`` fails, naming the file and the task, when an
  accepted answer or a task's position is changed, on a small site of the lessons pages
  built for two languages (the checks read all five).
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from small_site import quiet_strict_build, run_all, small_site  # noqa: E402

from engine import DominoError  # noqa: E402
from engine.core.words import strings, text  # noqa: E402
from engine.features import lessons  # noqa: E402
from engine.lang import LANGUAGES  # noqa: E402
from engine.presentation import web  # noqa: E402
from hooks import lessons as hook  # noqa: E402

DOCS = ROOT / "docs"


def file_name(lang: str) -> str:
    return "learn.md" if lang == "en" else f"learn.{lang}.md"


def sources() -> dict[str, str]:
    return {file_name(lang): (DOCS / file_name(lang)).read_text("utf-8") for lang in LANGUAGES}


def table(plays: str, hand: str, **extra: Any) -> dict[str, Any]:
    """A move task on a table: ``plays`` and the reader's ``hand``."""
    task = {"id": "t", "kind": "move", "plays": plays.split(), "hand": hand.split()}
    return {**task, **extra}


# A round of Block for three (the pages' first blocked round): hands of 7, 3 and 8 pips.
BLOCKED = {
    "id": "blocked",
    "kind": "number",
    "preset": "block",
    "players": 3,
    "leader": 0,
    "hands": [
        ["5-6", "1-6", "0-1", "3-3", "4-6"],
        ["2-4", "0-0", "1-2", "0-2", "1-3"],
        ["0-5", "1-5", "0-4", "1-1", "6-6"],
    ],
    "plays": [
        "4-6",
        "2-4@left",
        "6-6@right",
        "5-6@right",
        "0-2@left",
        "0-4@left",
        "0-5@right",
        "0-1@right",
        "1-3@right",
        "3-3@right",
    ],
    "ask": "score",
}
# Two players of Block then Draw on the same deal: seat 1 cannot follow a 4 or a 0.
DEAL = [
    ["0-4", "4-6", "2-2", "0-2", "1-4", "1-3", "6-6"],
    ["5-5", "1-6", "2-6", "5-6", "0-6", "2-4", "3-3"],
]
BONEYARD = ["3-6", "0-3", "0-5", "0-1", "1-1", "2-3", "0-0", "2-5", "3-5", "4-4", "1-5", "4-5",
            "1-2", "3-4"]  # fmt: skip
PLAYS = ["0-4", "0-6@left", "4-6@left", "2-4@right", "0-2@right"]


def turn(preset: str, **extra: Any) -> dict[str, Any]:
    task = {"id": "turn", "kind": "choice", "preset": preset, "players": 2, "leader": 0,
            "hands": DEAL, "plays": PLAYS, "seat": 1, "ask": "turn",
            "choices": ["play", "draw", "pass"]}  # fmt: skip
    if preset == "draw":
        task["boneyard"] = BONEYARD
    return {**task, **extra}


# ---------------------------------------------------------------------------------------
# The engine
# ---------------------------------------------------------------------------------------


def test_move_tasks_accept_exactly_the_legal_moves_that_meet_the_goal() -> None:
    assert lessons.right_answers(table("1-4", "2-5 4-6 0-3")) == ["4-6@right"]
    # A tile that fits both ends: both moves are right.
    assert lessons.right_answers(table("1-4 4-6@right", "1-6 2-3")) == ["1-6@left", "1-6@right"]
    fives = table("2-6", "2-4 1-6 3-5", preset="all-fives", goal="score")
    assert lessons.right_answers(fives) == ["2-4@left"]  # 4 + 6 = 10
    most = table("4-6 6-6@right", "0-6 3-4 5-6 4-4", preset="all-fives", goal="most")
    assert lessons.right_answers(most) == ["4-4@left"]  # 20, where [3|4] makes 15
    spinner = table("5-5 2-5@left", "5-6 1-2 3-4", preset="all-fives", goal="spinner")
    assert lessons.right_answers(spinner) == ["5-6@right"]


def test_a_move_after_forced_draws_is_the_round_states() -> None:
    task = {**turn("draw"), "kind": "move", "goal": "any"}
    del task["ask"], task["choices"]
    pos = lessons.position(task)
    assert [str(t) for t in pos.hand][:1] == ["[0|3]"]  # drawn: [3|6], then [0|3]
    assert lessons.right_answers(task) == ["0-3@right"]


def test_choice_tasks_ask_the_rules_engine() -> None:
    assert lessons.right_answers(turn("block")) == ["pass"]
    assert lessons.right_answers(turn("draw")) == ["draw"]
    winner = {**BLOCKED, "kind": "choice", "ask": "winner", "choices": ["seat-0", "nobody"]}
    assert lessons.right_answers(winner) == ["seat-1"]
    fits = {"id": "f", "kind": "choice", "plays": ["1-4", "4-6@right"], "ask": "fits 1-3",
            "choices": ["left", "right", "none"]}  # fmt: skip
    assert lessons.right_answers(fits) == ["left"]
    assert lessons.right_answers({**fits, "ask": "fits 2-3"}) == ["none"]


def test_number_tasks_ask_the_rules_engine() -> None:
    assert lessons.right_answers(BLOCKED) == ["12"]  # 7 + 8 − 3
    assert lessons.right_answers({**BLOCKED, "preset": "block-dk"}) == ["15"]  # 7 + 8
    assert lessons.right_answers({**BLOCKED, "ask": "pips 1"}) == ["3"]
    draws = {k: v for k, v in turn("draw").items() if k != "choices"}
    assert lessons.right_answers({**draws, "kind": "number", "ask": "draws"}) == ["2"]
    layout = {"id": "n", "kind": "number", "preset": "all-fives", "plays": ["0-5", "5-5@right"]}
    assert lessons.right_answers({**layout, "ask": "count"}) == ["10"]
    assert lessons.right_answers({**layout, "ask": "play-score"}) == ["10"]
    assert lessons.right_answers({**layout, "ask": "ends"}) == ["2"]
    assert lessons.right_answers({**layout, "ask": "open right"}) == ["5"]
    steps = [s.notation() for s in lessons.task_steps(BLOCKED)]
    assert "7 + 8 − 3 = 12" in steps and "1 + 6 = 7" in steps


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_answer_is_judged_with_the_engines_reason_in_the_pages_language(lang: str) -> None:
    task = table("2-6", "2-4 1-6 3-5", preset="all-fives", goal="score")
    assert lessons.judge_answer(task, "4-2@left", lang) == {
        "right": True,
        "answer": "2-4@left",
        "reason": "",
    }
    # Illegal: the engine's own error. Legal but missing the goal: why.
    illegal = lessons.judge_answer(task, "3-5@left", lang)
    assert not illegal["right"]
    assert illegal["reason"] == DominoError("no_match", tile="[3|5]", end="left", value=2).message(
        lang
    )
    legal = lessons.judge_answer(task, "1-6@right", lang)
    end = strings(lang)["end.to.right"]
    assert legal["reason"] == text(lang, "lesson.missed.score", tile="[1|6]", end=end, count=3)
    assert lessons.judge_answer(turn("block"), "draw", lang) == {
        "right": False,
        "answer": "draw",
        "reason": "",
    }
    assert lessons.judge_answer(BLOCKED, " 12 ", lang)["right"]


def test_bad_tasks_and_answers_are_errors_through_the_web_call() -> None:
    def call(args: dict[str, Any], lang: str = "fr") -> dict[str, Any]:
        reply = web.call(json.dumps({"method": "lesson_answer", "args": args, "lang": lang}))
        result: dict[str, Any] = json.loads(reply)
        return result

    right = call({"task": table("1-4", "2-5 4-6"), "answer": "4-6@right"})["value"]
    assert right["right"] and right["view"]["plays"] == ["1-4", "4-6@right"]
    assert right["view"]["caption"].startswith(
        text("fr", "try.placed", tile="[4|6]", end="droite", values="1 et 6").split(".")[0]
    )
    words = call({"task": BLOCKED, "answer": "douze"})
    assert words == {"ok": False, "code": "bad_answer", "error": strings("fr")["error.bad_answer"]}
    assert call({"task": {"id": "x", "kind": "dance"}, "answer": "1"})["code"] == "bad_task"
    assert call({"task": turn("block"), "answer": "shout"})["code"] == "bad_request"
    assert call({"task": {**BLOCKED, "plays": ["6-6"]}, "answer": "1"})["code"] == "not_in_hand"


# ---------------------------------------------------------------------------------------
# The build's checks
# ---------------------------------------------------------------------------------------


def test_every_lessons_page_passes_every_check() -> None:
    assert hook.check_pages(sources()) == []


def test_every_lesson_has_three_to_six_tasks_with_the_same_ids_in_every_language() -> None:
    pages = {lang: hook.read_page(sources()[file_name(lang)]) for lang in LANGUAGES}
    shape = [(x.id, x.tasks) for x in pages["en"].lessons]
    assert len(shape) == 8
    assert all(3 <= len(tasks) <= 6 for _, tasks in shape)
    assert all([(x.id, x.tasks) for x in page.lessons] == shape for page in pages.values())
    kinds = {hook.parse_task(body).data["kind"] for _, body, _ in pages["en"].tasks}
    assert kinds == {"move", "choice", "number"}


TASK = """id: t
kind: move
plays: 1-4
hand: 2-5 4-6 0-3
goal: any
accept: 4-6@right
question: Lay [4|6] or another tile.
right: [4|6] has a 4.
wrong: A tile goes only against an end of its value.
hint: Look for a 1 or a 4."""


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (("accept: 4-6@right", "accept: 4-6@left"), "'4-6@left' is wrong"),
        (("accept: 4-6@right", "accept: 4-6@right 2-5@left"), "'2-5@left' is wrong"),
        (("hand: 2-5 4-6 0-3", "hand: 2-5 4-6 1-3"), "'1-3@left' is missing"),
        (("plays: 1-4", "plays: 1-4 2-5@left"), "not allowed"),
        (("plays: 1-4", "plays: 1-4 4-6@right"), "already on the table"),
        (("hint: Look for a 1 or a 4.", ""), "no hint"),
        (("right: [4|6] has a 4.", "right: [4|6] or [5|6] has a 4."), "names [5|6]"),
        (("right: [4|6] has a 4.", "right: 1 + 4 = 6."), "does not add up"),
        (("right: [4|6] has a 4.", "right: 1 + 3 = 4."), "not the engine's arithmetic"),
        (("goal: any", "goal: score"), "needs a game that scores in play"),
        (("hint:", "wrong.4-6@right: No.\nhint:"), "explains a right answer as wrong"),
        (("hint:", "colour: red\nhint:"), "unknown line"),
    ],
)
def test_a_wrong_task_is_a_problem(change: tuple[str, str], says: str) -> None:
    assert hook.task_problems(TASK, "en") == []
    problems = hook.task_problems(TASK.replace(*change), "en")
    assert any(says in p for p in problems), problems


def test_choice_and_number_tasks_are_checked_too() -> None:
    pages = sources()
    english = pages["learn.md"]
    # A choice without its label, a number task whose explanation does not state it.
    broken = english.replace("choice.none: Neither end\n", "", 1)
    broken = broken.replace(
        "right: The player who goes out scores the pips left in all the other hands: 7 + 8 = 15.",
        "right: The player who goes out scores the pips left in all the other hands.",
    )
    problems = hook.check_pages({**pages, "learn.md": broken})
    assert any("choice 'none' has no line choice.none" in p for p in problems), problems
    assert any("does not state the answer, 15" in p for p in problems), problems
    assert any(
        p.startswith("learn.fr.md: its lessons, tasks or task texts differ") for p in problems
    )


def test_the_page_structure_is_checked() -> None:
    pages = sources()
    english = pages["learn.md"]
    first = re.search(r"^## .*\{#matching\}$", english, re.M)
    assert first
    # A lesson heading without its id: its tasks belong to no lesson.
    nameless = english.replace(first.group(), "## Match an open end", 1)
    problems = hook.check_pages({**pages, "learn.md": nameless})
    assert any("a task must be under a lesson heading" in p for p in problems), problems
    # A lesson of two tasks.
    blocks = re.findall(
        r"```lesson-task\nid: matching-(?:both-ends|new-end)\n.*?```\n", english, re.S
    )
    short = english
    for block in blocks:
        short = short.replace(block, "", 1)
    problems = hook.check_pages({**pages, "learn.md": short})
    assert any("lesson matching: 2 tasks, not 3 to 6" in p for p in problems), problems


def test_a_number_changed_in_one_language_of_a_task_is_caught() -> None:
    pages = sources()
    name = file_name("pl")
    changed = pages[name].replace("7 + 8 − 3 = 12", "7 + 8 − 2 = 13", 1)
    assert changed != pages[name]
    from hooks import checks

    problems = checks.check_pages({**pages, name: changed})
    assert any(p.startswith(f"{name}: ") for p in problems), problems
    assert any("7 + 8 − 2" in p for p in hook.check_pages({**pages, name: changed}))


# ---------------------------------------------------------------------------------------
# End to end: the quiet strict build fails on a wrong task
# ---------------------------------------------------------------------------------------


@pytest.mark.site
def test_the_quiet_strict_build_fails_on_a_changed_answer_or_position(tmp_path: Path) -> None:
    """``mkdocs build --strict -q`` passes on the lessons as they are, and fails, naming
    the file and the task, when an accepted answer (German) or a task's position
    (Danish) is changed; -q hides warnings, so this holds only because the build ends
    with an error."""
    pages = sources()
    german, danish = file_name("de"), file_name("da")
    answer = pages[german].replace("accept: 4-6@right", "accept: 4-6@left", 1)
    position = pages[danish].replace("plays: 2-6\nhand: 2-4 1-6", "plays: 2-6\nhand: 3-4 1-6", 1)
    assert answer != pages[german] and position != pages[danish]
    cases = [
        ("clean", "de", pages, None),
        ("answer", "de", {**pages, german: answer}, (german, "matching-first")),
        ("position", "da", {**pages, danish: position}, (danish, "fives-score")),
    ]

    def job(k: int, lang: str, case: dict[str, str]) -> Callable[[], Any]:
        config = small_site(tmp_path / f"site{k}", case, build=("en", lang))
        return lambda: quiet_strict_build(config)

    results = run_all([job(k, c[1], c[2]) for k, c in enumerate(cases)])
    for (what, _, _, named), proc in zip(cases, results, strict=True):
        out = proc.stdout + proc.stderr
        if named is None:
            assert proc.returncode == 0, f"{what}:\n{out}"
            continue
        assert proc.returncode != 0, f"the build passed with a changed {what}"
        assert f"  {named[0]}: " in out and f"task {named[1]}" in out, out
        assert "Aborted with a BuildError" in out, out
