"""MkDocs build hook: the lessons page (``docs/learn*.md``), its tasks checked by the
engine before the build renders them.

Fences
------

A lesson is a section of the page under a heading ``## Title {#lesson-id}``; its tasks
are fences of language ``lesson-task``, one per task, each a list of ``key: value``
lines. The data is the same in every language (the numbers check compares it fence by
fence); the texts are in the page's language::

    ```lesson-task
    id: matching-fit                      (the task's name: progress is kept by it)
    kind: move                            (move, choice or number)
    preset: block                         (optional; options: {"rounding": true})
    plays: 1-4                            (the position, see engine/features/lessons.py: a table
    hand: 2-5 4-6 0-3                      is plays + hand; a round is players, leader,
    goal: any                              hands "a-b c-d / e-f ...", boneyard, plays,
    accept: 4-6@right                      seat)
    question: Lay a tile that matches an open end.
    right: [4|6] has a 4, the value of the right end.
    wrong: A tile goes only against an end of the same value.
    wrong.2-5@left: …                     (optional: for one wrong answer)
    hint: Look for a 1 or a 4 among your tiles.
    ```

A ``choice`` task has ``ask`` and ``choices`` (``turn`` with ``play draw pass``,
``winner`` with ``seat-0 … nobody``, ``fits a-b`` with ``left right up down none``) and
a ``choice.NAME:`` line naming each choice; a ``number`` task has ``ask`` (``score``,
``pips N``, ``count``, ``play-score``, ``ends``, ``open END``, ``draws``). A fence
``lesson-map`` (empty) is the map of the page's lessons with the reader's progress, the
reset button and the page's live region; it loads ``assets/js/lessons.js``.

The checks
----------

Before anything is rendered, every page with lesson tasks is checked in every language,
and each problem names its file and task:

- the task is one the engine can read, its position is legal (the plays are legal, the deal
  is a deal of its game), and its accepted answers are exactly the engine's right answers
  (:func:`engine.features.lessons.task_problems`; for a move task, every legal move that
  meets the goal, and no other);
- its texts: a question, a right and a wrong explanation, a hint, a label for each
  choice and no other; a ``wrong.ANSWER`` explanation only for an answer that is wrong;
  a tile named only if it is in the position; written arithmetic that adds up, and in
  the question, the right explanation and the hint only the engine's own steps
  (``engine.features.lessons.task_steps``); a number task's right explanation states the number;
- the page: every task under a lesson heading with an ``{#id}``, three to six tasks a
  lesson, task ids unique on the site's page, one ``lesson-map`` before the lessons;
- across languages: the same lessons and tasks in the same order, with the same texts
  (``wrong.*`` and ``choice.*`` lines). The numbers of the texts are compared across
  languages by ``hooks/numbers.py`` like any prose.

Every problem goes to the build's one list (``hooks/kit.py``), so a strict build ends
with one error listing every problem, at any verbosity. A task fence that cannot be drawn
is a problem too; one the source check did not read is checked when it is drawn.
"""

from __future__ import annotations

import functools
import html
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # hooks.kit, engine

from engine.core.errors import DominoError
from engine.core.words import strings as _strings
from engine.core.words import text as _text
from engine.features import lessons as _lessons
from engine.lang import reader_seat
from engine.presentation.views.lessons import task_view as _task_view
from hooks import checks, kit
from hooks import numbers as _numbers
from hooks.app_forms import script_url
from hooks.kit import SEARCH_EXCLUDE

TASK_FENCE = "lesson-task"
MAP_FENCE = "lesson-map"
SCRIPT = "assets/js/lessons.js"
STORAGE_KEY = "domino-lessons-progress"
"""The ``localStorage`` key of the reader's progress, the same in every language."""
MIN_TASKS, MAX_TASKS = 3, 6

DATA_KEYS = (
    "id", "kind", "preset", "options", "plays", "hand", "players", "leader", "hands",
    "boneyard", "seat", "goal", "ask", "choices", "accept",
)  # fmt: skip
TEXT_KEYS = ("question", "right", "wrong", "hint")
PREFIXED = ("wrong.", "choice.")
REQUIRED = ("id", "kind", "accept", *TEXT_KEYS)

_HEADING = re.compile(r"^##\s+(.*?)\s*(?:\{([^}]*)\})?\s*$")
_ANCHOR = re.compile(r"#([\w-]+)")


# ---------------------------------------------------------------------------------------
# Reading a task fence
# ---------------------------------------------------------------------------------------


@dataclass
class TaskFence:
    """A ``lesson-task`` fence: the engine's task data, the accepted answers and the
    texts in the page's language."""

    data: dict[str, Any]
    accepted: list[str]
    texts: dict[str, str]

    @property
    def id(self) -> str:
        return str(self.data.get("id", "?"))


def _known(key: str) -> bool:
    return key in DATA_KEYS or key in TEXT_KEYS or key.startswith(PREFIXED)


def parse_task(body: str) -> TaskFence:
    """A task fence's lines read into the task's data, its accepted answers and its
    texts; an unknown, repeated or missing line is an error."""
    fields = kit.fence_fields(body, _known, REQUIRED, "the task")
    data: dict[str, Any] = {"id": fields["id"], "kind": fields["kind"]}
    for key in ("preset", "goal", "ask"):
        if key in fields:
            data[key] = fields[key]
    if "options" in fields:
        try:
            data["options"] = json.loads(fields["options"])
        except json.JSONDecodeError as e:
            raise ValueError(f"the options are not JSON: {e}") from None
    for key in ("plays", "hand", "boneyard", "choices"):
        if key in fields:
            data[key] = fields[key].split()
    if "hands" in fields:
        data["hands"] = [hand.split() for hand in fields["hands"].split("/")]
    for key in ("players", "leader", "seat"):
        if key in fields:
            if not fields[key].isdigit():
                raise ValueError(f"{key} must be a whole number")
            data[key] = int(fields[key])
    if "players" not in data and "hand" not in data:
        data["hand"] = []
    texts = {k: v for k, v in fields.items() if k in TEXT_KEYS or k.startswith(PREFIXED)}
    return TaskFence(data, fields["accept"].split(), texts)


def _adds_up(ident: str, text: str) -> list[str]:
    found = []
    for chain in _numbers.chains(text):
        try:
            _numbers.chain_steps(chain)
        except _numbers.ArithmeticError_ as e:
            found.append(f"{ident}: {e}")
    return found


def task_problems(body: str, lang: str) -> list[str]:
    """Everything wrong with one task fence in ``lang`` (see the module's docstring)."""
    try:
        fence = parse_task(body)
    except ValueError as e:
        return [f"cannot be read: {e}"]
    problems = list(_lessons.task_problems(fence.data, fence.accepted))
    if problems and problems[0].startswith("the task or its position"):
        return problems
    task = _lessons.Task.of(fence.data)
    texts = fence.texts
    ident = task.id
    # Labels: one per choice, and none for an answer that is not a choice.
    labels = {k.removeprefix("choice.") for k in texts if k.startswith("choice.")}
    if task.kind == "choice":
        problems += [f"the choice {c!r} has no line choice.{c}" for c in task.choices
                     if c not in labels]  # fmt: skip
    problems += [f"choice.{c} names no choice of the task" for c in sorted(labels)
                 if c not in task.choices]  # fmt: skip
    # A wrong answer's own explanation: for an answer that is wrong.
    right = set(_lessons.right_answers(task))
    for key in (k for k in texts if k.startswith("wrong.")):
        answer = key.removeprefix("wrong.")
        try:
            given = _lessons.normal(task, answer)
        except DominoError as e:
            problems.append(f"{key}: {answer!r} is no answer to this task ({e})")
            continue
        if given in right:
            problems.append(f"{key} explains a right answer as wrong")
    # Tiles and arithmetic of the texts.
    tiles = _lessons.tiles_of(task)
    steps = _lessons.task_steps(task)
    for key, text in texts.items():
        for tile in dict.fromkeys(checks.tile_refs(text)):
            if tile not in tiles:
                problems.append(
                    f"{key} names [{tile.replace('-', '|')}], which is not in the position"
                )
        if key in ("question", "right", "hint"):
            written = checks.arithmetic_problems(ident, text, steps, every_step=False)
            problems += [f"{key}: {p}" for p in written]
        else:
            problems += [f"{key}: {p}" for p in _adds_up(ident, text)]
    if task.kind == "number":
        number = int(fence.accepted[0]) if fence.accepted[0].isdigit() else None
        if number is not None and number not in _numbers.digits(texts["right"], lang):
            problems.append(f"the right explanation does not state the answer, {number}")
    return [p.replace(f"{ident}: ", "") for p in dict.fromkeys(problems)]


# ---------------------------------------------------------------------------------------
# A page of lessons
# ---------------------------------------------------------------------------------------


@dataclass
class Lesson:
    id: str
    title: str
    line: int
    tasks: list[str] = field(default_factory=list)


@dataclass
class LessonPage:
    """The lessons of a page, its task fences (id, body, line) and its map fences."""

    lessons: list[Lesson] = field(default_factory=list)
    tasks: list[tuple[str, str, int]] = field(default_factory=list)
    maps: list[int] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def where(self, task_id: str) -> tuple[Lesson, int] | None:
        """The lesson of a task and its number in it (from 1)."""
        for lesson in self.lessons:
            if task_id in lesson.tasks:
                return lesson, lesson.tasks.index(task_id) + 1
        return None


def _task_id(body: str) -> str:
    m = re.search(r"^\s*id:\s*(\S+)", body, re.M)
    return m.group(1) if m else "?"


def read_page(markdown: str) -> LessonPage:
    """The lessons, tasks and maps of a page, and what is wrong with their order."""
    page = LessonPage()
    lesson: Lesson | None = None
    for name, text, line in kit.page_blocks(markdown):
        if name == MAP_FENCE:
            page.maps.append(line)
            if page.lessons:
                page.problems.append(f"line {line}: the lesson map comes after a lesson")
        elif name == TASK_FENCE:
            ident = _task_id(text)
            page.tasks.append((ident, text, line))
            if lesson is None:
                page.problems.append(
                    f"line {line}, task {ident}: a task must be under a lesson heading "
                    "'## Title {#lesson-id}'"
                )
            else:
                lesson.tasks.append(ident)
        elif name is None:
            heading = _HEADING.match(text)
            if heading:
                anchor = _ANCHOR.search(heading.group(2) or "")
                lesson = Lesson(anchor.group(1), heading.group(1), line) if anchor else None
                if lesson is not None:
                    page.lessons.append(lesson)
    page.lessons = [x for x in page.lessons if x.tasks]
    if page.tasks and len(page.maps) != 1:
        page.problems.append(f"a page of lessons needs one {MAP_FENCE} fence, not {len(page.maps)}")
    seen: set[str] = set()
    for ident, _, line in page.tasks:
        if ident in seen:
            page.problems.append(f"line {line}: the task id {ident} is used twice")
        seen.add(ident)
    for x in page.lessons:
        if not MIN_TASKS <= len(x.tasks) <= MAX_TASKS:
            page.problems.append(
                f"line {x.line}, lesson {x.id}: {len(x.tasks)} tasks, "
                f"not {MIN_TASKS} to {MAX_TASKS}"
            )
    return page


def page_problems(markdown: str, lang: str) -> list[str]:
    """Everything wrong with one page of lessons in one language."""
    page = read_page(markdown)
    found = list(page.problems)
    for ident, body, line in page.tasks:
        found += [f"line {line}, task {ident}: {p}" for p in task_problems(body, lang)]
    return found


def _shape(markdown: str) -> list[tuple[str, list[tuple[str, list[str]]]]]:
    """A page's lessons and tasks with the names of their texts: the same in every
    language."""
    page = read_page(markdown)
    texts: dict[str, list[str]] = {}
    for ident, body, _ in page.tasks:
        keys = [line.partition(":")[0].strip() for line in body.splitlines() if ":" in line]
        texts[ident] = sorted(k for k in keys if k in TEXT_KEYS or k.startswith(PREFIXED))
    return [(x.id, [(t, texts.get(t, [])) for t in x.tasks]) for x in page.lessons]


def check_pages(pages: dict[str, str]) -> list[str]:
    """Every problem of the pages with lesson tasks (file name → Markdown), each as
    ``file: problem``: each page on its own, then its translations against each other."""
    found: list[str] = []
    groups: dict[str, dict[str, str]] = {}
    for path in sorted(pages):
        if f"```{TASK_FENCE}" not in pages[path] and f"```{MAP_FENCE}" not in pages[path]:
            continue
        base, lang = kit.page_language(path)
        groups.setdefault(base, {})[lang] = path
        found += [f"{path}: {p}" for p in page_problems(pages[path], lang)]
    for paths in groups.values():
        shapes = {lang: _shape(pages[path]) for lang, path in paths.items()}
        reference = shapes.get("en") or next(iter(shapes.values()))
        for lang, shape in shapes.items():
            if shape != reference:
                found.append(
                    f"{paths[lang]}: its lessons, tasks or task texts differ from the English "
                    f"page's (the same lessons and tasks, with the same lines, in every "
                    f"language): {_first_difference(shape, reference)}"
                )
    return found


def _first_difference(shape: Any, reference: Any) -> str:
    for k in range(max(len(shape), len(reference))):
        a = shape[k] if k < len(shape) else None
        b = reference[k] if k < len(reference) else None
        if a != b:
            return f"{a!r}, where English has {b!r}"
    return "?"


def check_docs(docs_dir: str | Path) -> list[str]:
    """:func:`check_pages` for every Markdown page of ``docs_dir``."""
    return check_pages(kit.read_docs(docs_dir))


# ---------------------------------------------------------------------------------------
# Rendering
# ---------------------------------------------------------------------------------------


def _e(value: object) -> str:
    return html.escape(str(value))


def _json_attr(value: Any) -> str:
    return _e(json.dumps(value, ensure_ascii=False, separators=(",", ":")))


def _tile_row(tiles: list[dict[str, str]], lang: str) -> str:
    """Tiles drawn in a row, named for assistive technology in one list."""
    if not tiles:
        return f'<span class="lesson-task__empty">{_e(_strings(lang)["lesson.hand_empty"])}</span>'
    names = ", ".join(t["name"] for t in tiles)
    pictures = "".join(t["svg"] for t in tiles)
    return (
        f'<span class="lesson-task__tiles" aria-hidden="true">{pictures}</span>'
        f'<span class="domino-sr-only">{_e(names)}</span>'
    )


def _round_info(view: dict[str, Any], lang: str) -> str:
    """A round's table talk: the undealt tiles, the other hands, or the hands left."""
    s = _strings(lang)
    parts = []
    undealt = view["undealt"]
    key = "lesson.boneyard" if undealt["draw"] else "lesson.set_aside"
    parts.append(f"<li>{_e(_text(lang, key, count=undealt['count']))}</li>")
    for seat, count in enumerate(view.get("sizes", [])):
        if seat != view["seat"]:
            told = _text(lang, "lesson.seat_tiles", seat=reader_seat(seat), count=count)
            parts.append(f"<li>{_e(told)}</li>")
    info = f'<ul class="lesson-task__info">{"".join(parts)}</ul>'
    if not view["finished"]:
        return info
    rows = "".join(
        f'<li><span class="lesson-task__seat">'
        f"{_e(_text(lang, 'round.seat', seat=reader_seat(h['seat'])))}</span> "
        f"{_tile_row(h['tiles'], lang)}</li>"
        for h in view["hands"]
    )
    out = view["went_out"]
    ended = (
        s["round.blocked"] if out is None else _text(lang, "round.went_out", seat=reader_seat(out))
    )
    return (
        info + f'<p class="lesson-task__ended">{_e(ended)}</p>'
        f'<p class="lesson-task__hands-title">{_e(s["lesson.hands_left"])}</p>'
        f'<ul class="lesson-task__hands">{rows}</ul>'
    )


def _hand_label(view: dict[str, Any], lang: str) -> str:
    """What the reader's tiles are called: a seat's tiles in a round, else the tray."""
    if view["seat"] is None:
        return _strings(lang)["try.tray"]
    return _text(lang, "lesson.your_tiles", seat=reader_seat(view["seat"]))


def _answer(task: Any, fence: TaskFence, view: dict[str, Any], lang: str, ident: str) -> str:
    """The controls of the answer: tiles and open ends, choices, or a number."""
    s = _strings(lang)
    if task.kind == "move":
        return (
            f'<p class="lesson-task__intro">{_e(s["try.intro"])}</p>'
            f'<div class="domino-try__tray lesson-task__tray" role="group" '
            f'aria-label="{_e(_hand_label(view, lang))}">'
            f"{kit.tile_buttons(view['tiles'], lang)}</div>"
            f'<div class="domino-try__ends lesson-task__ends" role="group" '
            f'aria-label="{_e(s["try.ends"])}">{kit.end_buttons(view["ends"])}</div>'
        )
    if task.kind == "choice":
        choices = "".join(
            kit.button("lesson-task__choice", fence.texts[f"choice.{c}"], data_choice=c)
            for c in task.choices
        )
        return (
            f'<div class="lesson-task__choices" role="group" '
            f'aria-labelledby="{ident}-question">{choices}</div>'
        )
    return (
        f'<form class="lesson-task__number" novalidate>'
        f'<label for="{ident}-number">{_e(s["lesson.answer"])}</label>'
        f'<input id="{ident}-number" type="text" inputmode="numeric" autocomplete="off" '
        f'spellcheck="false" aria-describedby="{ident}-question">'
        + kit.button("lesson-task__check", s["lesson.check"], primary=True, submit=True)
        + "</form>"
    )


def render_task(body: str, lang: str, where: tuple[Lesson, int] | None) -> str:
    """A ``lesson-task`` fence: the task's heading, question and figure, drawn by the
    engine; the answer's controls, the feedback and the hint, shown by the page's
    script. ``where`` is the task's lesson and number in it."""
    fence = parse_task(body)
    task = _lessons.Task.of(fence.data)
    s = _strings(lang)
    texts = fence.texts
    view = _task_view(task, lang, texts["question"])
    ident = f"task-{task.id}"
    lesson, n = where if where else (Lesson("", "", 0, [task.id]), 1)
    count = _text(lang, "lesson.task", n=n, total=len(lesson.tasks))
    # The search index keeps a task's question and the round it tells (hooks/search_fold.py
    # strips what carries SEARCH_EXCLUDE): not its heading ("Task 1 of 4 Done"), drawing,
    # answer controls, feedback, hint (which would give the answer away) and buttons.
    x = SEARCH_EXCLUDE
    figure = (
        f'<figure class="lesson-task__figure" {x}>{view["svg"]}</figure>' if view["svg"] else ""
    )
    shown = ""
    if task.kind != "move" and view["tiles"]:
        shown = (
            f'<p class="lesson-task__hand"><span class="lesson-task__seat">'
            f"{_e(_hand_label(view, lang))}</span> "
            f"{_tile_row(view['tiles'], lang)}</p>"
        )
    info = _round_info(view, lang) if "undealt" in view else ""
    words = {k: v for k, v in texts.items() if k != "question" and k != "hint"}
    return (
        # A plain block, not a labelled region: the tasks' headings repeat from lesson to
        # lesson ("Task 1 of 4"), and landmarks must not.
        f'<div class="lesson-task" id="{ident}" data-task-id="{_e(task.id)}" '
        f'data-lesson="{_e(lesson.id)}" data-kind="{task.kind}" '
        f'data-task="{_json_attr(task.to_data())}" data-texts="{_json_attr(words)}">'
        f'<h3 class="lesson-task__title" id="{ident}-title" tabindex="-1" {x}>{_e(count)}'
        f' <span class="lesson-task__done" hidden>{_e(s["lesson.done"])}</span></h3>'
        f'<p class="lesson-task__question" id="{ident}-question">{_e(texts["question"])}</p>'
        f"{figure}{shown}{info}"
        f'<div class="lesson-task__answer" hidden {x}>'
        f"{_answer(task, fence, view, lang, ident)}</div>"
        f'<div class="lesson-task__feedback" hidden {x}>'
        '<p class="lesson-task__verdict"></p><p class="lesson-task__why"></p></div>'
        f'<p class="lesson-task__hint" hidden {x}><strong>{_e(s["lesson.hint"])}</strong> '
        f"{_e(texts['hint'])}</p>"
        f'<p class="lesson-task__actions" hidden {x}>'
        + kit.button("lesson-task__next", s["lesson.next_task"], primary=True)
        + kit.button("lesson-task__again", s["lesson.again"])
        + "</p></div>"
    )


def page_words(lang: str) -> dict[str, str]:
    """The words the page's script shows: the lessons' and the try-it figures' own, and
    the page's (``page.lessons.*``: a refused store)."""
    s = _strings(lang)
    words = {k.removeprefix("lesson."): v for k, v in s.items() if k.startswith("lesson.")}
    for key, value in s.items():
        if key.startswith("page.lessons."):
            words[key.removeprefix("page.lessons.")] = value
    for key in ("try.loading", "try.failed", "try.pick_tile"):
        words[key.replace(".", "_")] = s[key]
    return words


def render_map(body: str, lang: str, page: LessonPage, page_url: str) -> str:
    """A ``lesson-map`` fence: the page's lessons with the reader's progress, the reset
    button and the dialog that asks before it resets, the page's live region and its
    script. None of it is prose: the search index leaves it out (``SEARCH_EXCLUDE``)."""
    if body.strip():
        raise ValueError("the lesson map takes no lines")
    s = _strings(lang)
    items = "".join(
        f'<li data-lesson="{_e(x.id)}" data-tasks="{_e(" ".join(x.tasks))}">'
        f'<a href="#{_e(x.id)}">{_e(x.title)}</a> '
        f'<span class="lessons__progress">'
        f"{_e(_text(lang, 'lesson.progress', done=0, total=len(x.tasks)))}</span></li>"
        for x in page.lessons
    )
    summary = _text(lang, "lesson.summary", done=0, total=len(page.lessons))
    return (
        f'<div class="lessons" {SEARCH_EXCLUDE} data-storage="{STORAGE_KEY}" '
        f'data-words="{_json_attr(page_words(lang))}">'
        f'<p class="lessons__noscript">{_e(s["lesson.needs_script"])}</p>'
        '<nav class="lessons__map" aria-labelledby="lessons-map-title">'
        f'<h2 id="lessons-map-title">{_e(s["lesson.map"])}</h2>'
        f'<ol class="lessons__list">{items}</ol>'
        f'<p class="lessons__summary">{_e(summary)}</p>'
        '<p class="lessons__message" hidden></p>'
        + kit.button("lessons__reset", s["lesson.reset"])
        + "</nav>"
        '<dialog class="lessons__confirm" aria-labelledby="lessons-confirm-text">'
        '<form method="dialog">'
        '<p class="lessons__confirm-text" id="lessons-confirm-text">'
        f'{_e(s["lesson.reset_confirm"])}</p><p class="lessons__confirm-actions">'
        '<button type="submit" value="no" class="domino-button lessons__confirm-no">'
        f"{_e(s['lesson.reset_no'])}</button>"
        '<button type="submit" value="yes" '
        'class="domino-button domino-button--primary lessons__confirm-yes">'
        f"{_e(s['lesson.reset_yes'])}</button></p></form></dialog>"
        '<p class="lessons__live domino-sr-only" role="status" aria-live="polite"></p>'
        "</div>"
        f'<script type="module" src="{script_url(page_url, SCRIPT)}"></script>'
    )


# ---------------------------------------------------------------------------------------
# The fences and the check
# ---------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=4)
def _lessons_of(markdown: str) -> LessonPage:
    """The lessons of a page being rendered (read once for all its fences)."""
    return read_page(markdown)


def _render_task(body: str, page: kit.Page) -> str:
    return render_task(body, page.lang, _lessons_of(page.markdown).where(_task_id(body)))


def _render_map(body: str, page: kit.Page) -> str:
    return render_map(body, page.lang, _lessons_of(page.markdown), page.url)


def _check_task(body: str, lang: str) -> list[str]:
    return [f"task {_task_id(body)}: {p}" for p in task_problems(body, lang)]


kit.fence(TASK_FENCE, "lesson task", _render_task, check=_check_task)
kit.fence(MAP_FENCE, "lesson map", _render_map)


def on_pre_build(config: MkDocsConfig) -> None:
    """Check every page of lessons in every language before any is rendered."""
    if kit.outer_build(config):
        for line in check_pages(kit.docs()):
            kit.report(line)
