"""The lessons page in the browser: every lesson done with right answers (English), a
wrong answer of each kind explained in the page's language with a hint after two misses
(German), progress kept across a reload and across languages, corrupt progress reset
with a message, the reset button (which asks first, in a dialog), keyboard and touch on
a 360 px phone, and no axe-core violation or console error in light and dark mode.

The right answers come from the engine in CPython (``engine.features.lessons``) and the expected
words from the engine's tables and the pages' Markdown; the page must show the same.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import COLOUR_RULES, axe_violations, only_this_host, wider_than

from engine import DominoError
from engine.core.words import strings, text
from engine.features import lessons
from hooks import lessons as lesson_hook

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("en", "fr", "pl", "de", "da")
STORAGE = lesson_hook.STORAGE_KEY
ANSWER_MS = 60_000  # the first answer waits for the engine's start


def url(site_url: str, lang: str) -> str:
    return site_url + ("" if lang == "en" else f"{lang}/") + "learn/"


def page_tasks(lang: str) -> dict[str, lesson_hook.TaskFence]:
    """The page's tasks as its Markdown writes them, by id, in order."""
    name = "learn.md" if lang == "en" else f"learn.{lang}.md"
    markdown = (ROOT / "docs" / name).read_text(encoding="utf-8")
    found = lesson_hook.read_page(markdown).tasks
    return {ident: lesson_hook.parse_task(body) for ident, body, _ in found}


def spaced(value: str | None) -> str:
    return " ".join((value or "").split())


def answer(page: Any, task_id: str, kind: str, value: str) -> None:
    """Give ``value`` as the answer to the task, as a reader does, and wait for the
    engine's verdict."""
    task = page.locator(f"#task-{task_id}")
    before = int(task.get_attribute("data-answers") or 0)
    if kind == "move":
        tile, end = value.split("@")
        task.locator(f'.domino-tile[data-tile="{tile}"]').click()
        task.locator(f'.domino-end[data-end="{end}"]').click()
    elif kind == "choice":
        task.locator(f'.lesson-task__choice[data-choice="{value}"]').click()
    else:
        task.locator("input").fill(value)
        task.locator("input").press("Enter")
    page.wait_for_function(
        "([id, n]) => Number(document.getElementById(id).dataset.answers || 0) > n",
        arg=[f"task-{task_id}", before],
        timeout=ANSWER_MS,
    )


def feedback(page: Any, task_id: str) -> tuple[str, str]:
    task = page.locator(f"#task-{task_id}")
    return (
        spaced(task.locator(".lesson-task__verdict").text_content()),
        spaced(task.locator(".lesson-task__why").text_content()),
    )


def stored(page: Any) -> Any:
    raw = page.evaluate(f"localStorage.getItem({json.dumps(STORAGE)})")
    return None if raw is None else json.loads(raw)


def summary(page: Any) -> str:
    return spaced(page.locator(".lessons__summary").text_content())


# --- Every lesson with right answers ------------------------------------------------


def test_every_lesson_is_done_with_right_answers_and_kept_over_a_reload(
    page: Any, page_log: Any, site_url: str
) -> None:
    words = strings("en")
    tasks = page_tasks("en")
    page.goto(url(site_url, "en"))
    lessons_on_page = page.locator(".lessons__list > li").count()
    assert lessons_on_page == 8
    assert summary(page) == text("en", "lesson.summary", done=0, total=8)
    for ident, fence in tasks.items():
        right = lessons.right_answers(fence.data)
        kind = fence.data["kind"]
        answer(page, ident, kind, right[-1])
        task = page.locator(f"#task-{ident}")
        assert task.get_attribute("data-state") == "right", (ident, feedback(page, ident))
        verdict, why = feedback(page, ident)
        assert verdict == words["lesson.right"]
        assert why.endswith(spaced(fence.texts["right"])), (ident, why)
        assert task.locator(".lesson-task__done").is_visible()
        assert task.locator(".lesson-task__hint").is_hidden()
    assert summary(page) == text("en", "lesson.summary", done=8, total=8)
    assert words["lesson.all_done"] in page.locator(".lessons__live").text_content()
    first = page.locator(".lessons__list > li").first
    assert spaced(first.locator(".lessons__progress").text_content()) == text(
        "en", "lesson.complete", total=4
    )
    assert sorted(stored(page)["done"]) == sorted(tasks)
    # A right move is drawn by the engine: the tile laid stands out.
    assert page.locator("#task-matching-first svg .domino-last").get_attribute("data-tile") == "4-6"

    page.reload()
    assert summary(page) == text("en", "lesson.summary", done=8, total=8)
    assert page.locator('.lesson-task[data-done="true"]').count() == len(tasks)
    assert page.locator(".lessons__message").is_hidden()
    only_this_host(page_log, site_url)


# --- Wrong answers, the hint, and progress shared by the languages ------------------


def test_a_wrong_answer_of_each_kind_is_explained_in_german_and_hinted_after_two(
    page: Any, page_log: Any, site_url: str
) -> None:
    lang = "de"
    words = strings(lang)
    tasks = page_tasks(lang)
    not_quite = f"{words['lesson.wrong']} {words['lesson.try_again']}"
    page.goto(url(site_url, lang))
    live = page.locator(".lessons__live")

    def miss(ident: str, value: str, own: str) -> None:
        fence = tasks[ident]
        answer(page, ident, fence.data["kind"], value)
        task = page.locator(f"#task-{ident}")
        assert task.get_attribute("data-state") == "wrong"
        reason = lessons.judge_answer(fence.data, value, lang)["reason"]
        verdict, why = feedback(page, ident)
        assert verdict == not_quite
        assert why == spaced(f"{reason} {own}"), (ident, why)
        assert spaced(why) in spaced(live.text_content())

    # A move: legal but scoring nothing, then one that does not fit; the engine says why.
    fives = tasks["fives-score"]
    missed = text(lang, "lesson.missed.score", tile="[1|6]", end=words["end.to.right"], count=3)
    assert lessons.judge_answer(fives.data, "1-6@right", lang)["reason"] == missed
    miss("fives-score", "1-6@right", fives.texts["wrong"])
    hint = page.locator("#task-fives-score .lesson-task__hint")
    assert hint.is_hidden()
    miss("fives-score", "3-5@left", fives.texts["wrong"])
    assert hint.is_visible()
    assert spaced(fives.texts["hint"]) in spaced(hint.text_content())
    assert spaced(fives.texts["hint"]) in spaced(live.text_content())

    # A choice: each wrong choice has its own explanation.
    turn = tasks["cannot-block-pass"]
    miss("cannot-block-pass", "draw", turn.texts["wrong.draw"])
    miss("cannot-block-pass", "play", turn.texts["wrong.play"])
    assert page.locator("#task-cannot-block-pass .lesson-task__hint").is_visible()

    # A number: words are not an answer (no miss), then two misses.
    score = tasks["counting-score"]
    task = page.locator("#task-counting-score")
    task.locator("input").fill("fünfzehn")
    task.locator("input").press("Enter")
    page.wait_for_function(
        "() => document.getElementById('task-counting-score').dataset.busy === 'false' && "
        "document.querySelector('#task-counting-score .lesson-task__verdict').textContent"
    )
    assert feedback(page, "counting-score")[0] == DominoError("bad_answer").message(lang)
    assert task.get_attribute("data-state") == ""
    miss("counting-score", "8", score.texts["wrong.8"])
    assert task.locator(".lesson-task__hint").is_hidden()
    miss("counting-score", "14", score.texts["wrong"])
    assert task.locator(".lesson-task__hint").is_visible()

    # Right at last: each says why.
    for ident in ("fives-score", "cannot-block-pass", "counting-score"):
        fence = tasks[ident]
        answer(page, ident, fence.data["kind"], lessons.right_answers(fence.data)[0])
        assert page.locator(f"#task-{ident}").get_attribute("data-state") == "right"
        assert feedback(page, ident)[1].endswith(spaced(fence.texts["right"]))
        # Answered, the hint has done its work and goes.
        assert page.locator(f"#task-{ident} .lesson-task__hint").is_hidden()
    done = {"fives-score", "cannot-block-pass", "counting-score"}
    assert set(stored(page)["done"]) == done

    # The progress is the same on the French page, and after a reload.
    page.goto(url(site_url, "fr"))
    shown = page.eval_on_selector_all(
        '.lesson-task[data-done="true"]', "els => els.map((e) => e.dataset.taskId)"
    )
    assert set(shown) == done
    item = page.locator('.lessons__list > li[data-lesson="counting"]')
    assert spaced(item.locator(".lessons__progress").text_content()) == spaced(
        text("fr", "lesson.progress", done=1, total=4)
    )
    assert page_log.errors() == [], "\n".join(page_log.errors())


# --- Corrupt progress, and the reset ---------------------------------------------------


@pytest.mark.parametrize(
    "saved",
    ['{"version": 1, "done": [', '{"version": 1, "done": [3]}', '["matching-first"]'],
    ids=["not-json", "not-ids", "not-an-object"],
)
def test_corrupt_progress_is_reset_with_a_message(
    page: Any, page_log: Any, site_url: str, saved: str
) -> None:
    page.goto(url(site_url, "pl"))
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [STORAGE, saved])
    page.reload()
    message = page.locator(".lessons__message")
    assert message.is_visible()
    assert spaced(message.text_content()) == strings("pl")["lesson.corrupt"]
    assert strings("pl")["lesson.corrupt"] in page.locator(".lessons__live").text_content()
    assert stored(page) is None
    assert summary(page) == text("pl", "lesson.summary", done=0, total=8)
    assert page_log.errors() == []


def test_reset_forgets_the_progress(page: Any, page_log: Any, site_url: str) -> None:
    page.goto(url(site_url, "da"))
    done = {"version": 1, "done": ["matching-first", "matching-which-end", "doubles-lay"]}
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [STORAGE, json.dumps(done)])
    page.reload()
    assert page.locator('.lesson-task[data-done="true"]').count() == 3
    da = strings("da")
    reset = page.get_by_role("button", name=da["lesson.reset"])
    dialog = page.locator(".lessons__confirm")
    # The reset asks first, in a modal dialog that opens on "keep": Escape keeps all.
    reset.click()
    dialog.wait_for(state="visible")
    assert page.evaluate("document.querySelector('.lessons__confirm').matches(':modal')")
    assert (
        spaced(dialog.locator(".lessons__confirm-text").text_content())
        == (da["lesson.reset_confirm"])
    )
    assert page.evaluate("document.activeElement.textContent") == da["lesson.reset_no"]
    page.keyboard.press("Escape")
    dialog.wait_for(state="hidden")
    assert stored(page) == done
    assert page.locator('.lesson-task[data-done="true"]').count() == 3
    assert page.evaluate("document.activeElement.classList.contains('lessons__reset')")
    # "Keep my progress" keeps it too.
    page.keyboard.press("Enter")
    dialog.wait_for(state="visible")
    page.keyboard.press("Enter")
    dialog.wait_for(state="hidden")
    assert stored(page) == done
    # By keyboard: Enter opens it, Tab goes to "Yes, reset", Enter resets.
    page.keyboard.press("Enter")
    dialog.wait_for(state="visible")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == da["lesson.reset_yes"]
    page.keyboard.press("Enter")
    dialog.wait_for(state="hidden")
    assert stored(page) is None
    assert page.locator('.lesson-task[data-done="true"]').count() == 0
    assert (
        spaced(page.locator(".lessons__message").text_content())
        == (strings("da")["lesson.reset_done"])
    )
    assert summary(page) == text("da", "lesson.summary", done=0, total=8)
    assert page_log.errors() == []


# --- Keyboard, touch, a phone ------------------------------------------------------------


def test_keyboard_and_touch_on_a_phone(browser: Any, site_url: str) -> None:
    context = browser.new_context(has_touch=True, viewport={"width": 360, "height": 740})
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.goto(url(site_url, "fr"))
        assert wider_than(page, ".md-content", 360) == []

        # Keyboard: a tile, then an end, by Enter and Space.
        task = page.locator("#task-doubles-opening")
        task.locator('.domino-tile[data-tile="3-6"]').focus()
        page.keyboard.press("Enter")
        assert task.locator('.domino-tile[data-tile="3-6"]').get_attribute("aria-pressed") == "true"
        page.keyboard.press("Tab")
        page.keyboard.press("Tab")
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.dataset.end") in ("left", "right")
        page.keyboard.press("Space")
        page.wait_for_function(
            "document.getElementById('task-doubles-opening').dataset.state === 'right'",
            timeout=ANSWER_MS,
        )
        # The focus goes on to "Next task", whose Enter leads to the next task.
        assert page.evaluate("document.activeElement.classList.contains('lesson-task__next')")
        page.keyboard.press("Enter")
        assert page.evaluate("document.activeElement.id") == "task-cannot-block-pass-title"

        # Keyboard: a number typed and sent with Enter.
        page.locator("#task-matching-new-end input").focus()
        page.keyboard.type("3")
        page.keyboard.press("Enter")
        page.wait_for_function(
            "document.getElementById('task-matching-new-end').dataset.state === 'right'",
            timeout=ANSWER_MS,
        )

        # Touch: a tile, then the open end drawn in the figure.
        task = page.locator("#task-spinner-side")
        task.locator('.domino-tile[data-tile="0-5"]').tap()
        task.locator('.lesson-task__figure .domino-markers [data-end="down"]').tap()
        page.wait_for_function(
            "document.getElementById('task-spinner-side').dataset.state === 'right'",
            timeout=ANSWER_MS,
        )
        assert task.locator("svg .domino-last").get_attribute("data-tile") == "0-5"
        # Touch: a choice.
        page.locator('#task-blocked-tie .lesson-task__choice[data-choice="nobody"]').tap()
        page.wait_for_function(
            "document.getElementById('task-blocked-tie').dataset.state === 'right'",
            timeout=ANSWER_MS,
        )
        # With feedback, hints and the right moves drawn, still nothing sticks out.
        assert wider_than(page, ".md-content", 360) == []
        assert errors == []
    finally:
        context.close()


# --- Accessibility -----------------------------------------------------------------------


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_lessons_pages_have_no_axe_violations(browser: Any, site_url: str, scheme: str) -> None:
    """Every rule in light mode, the colour rules in dark; on each language's page, with a
    task answered wrong twice (feedback and hint), one right, and a progress message."""
    context = browser.new_context(color_scheme=scheme, viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        found = {}
        only = None if scheme == "light" else COLOUR_RULES
        for k, lang in enumerate(LANGS):
            page.goto(url(site_url, lang))
            if k == 0:
                page.locator(".lessons__reset").click()
                violations = axe_violations(page, [".lessons__confirm"], only)
                if violations:
                    found["reset dialog"] = violations
                page.locator(".lessons__confirm-yes").click()
                answer(page, "matching-first", "move", "2-5@left")
                answer(page, "matching-first", "move", "0-3@right")
                answer(page, "matching-which-end", "choice", "left")
                answer(page, "doubles-end-value", "number", "2")
            violations = axe_violations(page, [".md-content"], only)
            if violations:
                found[lang] = violations
        assert not found, json.dumps(found, indent=1, ensure_ascii=False)
        assert errors == []
    finally:
        context.close()
