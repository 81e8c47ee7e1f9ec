"""Bounded stores in the browser (docs/assets/js/store.js): on the practice, scorepad and
lessons pages, a store nested 3,000 deep and one over the size limit are refused before
they are parsed or sent to the engine: the page's message in its language, a fresh
start, the store moved to the ``KEY-refused`` key and offered for download byte for byte,
and the page works afterwards. A store within the bounds that cannot be read (a sheet the
engine refuses, progress that is not JSON) is set aside and offered the same way. A
scorepad file too large or too deep to import changes nothing. Every message is exactly
the page's words (no browser error text), with no console error and no axe violation.

Each page's test starts the engine after each refusal: seconds each, cold.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

from conftest import axe_violations, only_this_host

from engine import DominoError
from engine.core.boundary import MAX_DEPTH, MAX_STORE
from engine.core.words import strings
from engine.features import scorepad
from hooks import lessons as lesson_hook

MAX_CHARS = MAX_STORE  # store.js's MAX_CHARS, as the build hands it over
DEEP = 3000
ENGINE_MS = 120_000


def words(lang: str, prefix: str) -> dict[str, str]:
    return {k[len(prefix) :]: v for k, v in strings(lang).items() if k.startswith(prefix)}


def page_url(site_url: str, lang: str, path: str) -> str:
    return site_url + ("" if lang == "en" else f"{lang}/") + path


def oversized(text: str) -> str:
    """``text`` (a JSON object) with a string member that takes it over the limit."""
    return text[:-1] + ',"pad":"' + "x" * MAX_CHARS + '"}'


def nested(before: str, after: str) -> str:
    return before + "[" * DEEP + "1" + "]" * DEEP + after


def spaced(value: str | None) -> str:
    return " ".join((value or "").split())


def open_with_store(page: Any, url: str, key: str, text: str) -> None:
    """Opens ``url`` with ``text`` stored under ``key``: stored from the site's home page
    (the origin reached, no app on it to write its own store meanwhile, as a page whose
    engine is already started would), then ``url`` opened to read it."""
    page.goto(urljoin(url, "/"))
    page.evaluate("([k, v]) => { localStorage.clear(); localStorage.setItem(k, v); }", [key, text])
    page.goto(url)


def check_refused(page: Any, key: str, text: str, label: str, *, engine: bool = False) -> None:
    """The store is out of its key and set aside, the engine was not started for it
    (unless ``engine``: the engine read it and refused it), and the download button gives
    the exact text."""
    button = page.get_by_role("button", name=label, exact=True)
    button.wait_for(state="visible")
    stored = page.evaluate(
        "k => [localStorage.getItem(k), localStorage.getItem(k + '-refused')]", key
    )
    assert stored[0] is None
    assert stored[1] == text
    if not engine:
        assert page.evaluate("document.documentElement.dataset.engine") is None
    with page.expect_download() as info:
        button.click()
    download = info.value
    assert download.suggested_filename == f"{key}-refused.json"
    assert Path(download.path()).read_text(encoding="utf-8") == text


def test_the_pages_bounds_are_the_engines(page: Any, site_url: str) -> None:
    """store.js bounds by the engine's MAX_STORE and MAX_DEPTH, which the build writes on
    the page (tests/test_shared_constants.py checks that no script writes them)."""
    for lang, path in (("en", "scorepad/"), ("da", "")):
        page.goto(page_url(site_url, lang, path))
        found = page.evaluate(
            "async (url) => { const m = await import(url); return [m.MAX_CHARS, m.MAX_DEPTH]; }",
            site_url + "assets/js/store.js",
        )
        assert found == [MAX_STORE, MAX_DEPTH], path
        # Exactly at the bounds a text is kept; one character or one level more, refused.
        refused = page.evaluate(
            """async ([url, chars, depth]) => {
              const m = await import(url);
              const deep = (n) => "[".repeat(n) + "]".repeat(n);
              return [m.refusal("x".repeat(chars)), m.refusal("x".repeat(chars + 1)),
                      m.refusal(deep(depth)), m.refusal(deep(depth + 1))];
            }""",
            [site_url + "assets/js/store.js", MAX_STORE, MAX_DEPTH],
        )
        assert refused == [None, "size", None, "depth"]


# --- The practice page --------------------------------------------------------------------

PRACTICE_KEY = "domino-practice-save"
PRACTICE_READY = """() => {
  const root = document.querySelector('.practice');
  return root.dataset.busy === 'false' && root.dataset.phase === 'play';
}"""


def practice_starts(page: Any, lang: str) -> None:
    w = words(lang, "page.practice.")
    root = page.locator(".practice")
    root.get_by_role("button", name=w["start"]).click()
    page.wait_for_function(PRACTICE_READY, timeout=ENGINE_MS)
    assert json.loads(page.evaluate(f"localStorage.getItem('{PRACTICE_KEY}')"))["seed"] >= 0


def test_practice_refuses_a_deep_and_an_oversized_save(
    page: Any, page_log: Any, site_url: str
) -> None:
    save = '{"version":1,"preset":"block","seed":7,"players":2,"rounds":[]}'
    for lang, text, why in (
        ("fr", nested(save[:-3], "}"), "depth"),
        ("en", oversized(save), "size"),
    ):
        w = words(lang, "page.practice.")
        open_with_store(page, page_url(site_url, lang, "practice/"), PRACTICE_KEY, text)
        root = page.locator(".practice")
        status = root.locator(".practice__status")
        page.wait_for_function("document.querySelector('.practice__status').textContent.length > 0")
        assert spaced(status.text_content()) == spaced(f"{w[f'store_{why}']} {w['save_lost']}")
        assert root.get_attribute("data-phase") == "setup"
        assert root.locator(".practice__setup").is_visible()
        assert root.locator(".practice__back").is_hidden()
        check_refused(page, PRACTICE_KEY, text, w["download_refused"])
        if why == "depth":
            assert axe_violations(page, [".practice"]) == []
        practice_starts(page, lang)
    assert page_log.errors() == []
    only_this_host(page_log, site_url)


# --- The scorepad -------------------------------------------------------------------------

SCOREPAD_KEY = "domino-scorepad-sheet"
SCOREPAD_IDLE = "document.querySelector('.scorepad').dataset.busy === 'false'"
SHEET = '{"version":1,"preset":"block","options":{},"players":2,"names":["",""],"rounds":[]}'
# The example: a round whose went_out is nested 3,000 deep.
DEEP_SHEET = nested(
    '{"version":1,"preset":"block","options":{},"players":2,"names":["",""],"rounds":[{"went_out":',
    ',"pips":[0,0]}]}',
)


def scorepad_round(page: Any, lang: str) -> None:
    """A new sheet, and a round entered on it: the page works."""
    w = words(lang, "page.scorepad.")
    root = page.locator(".scorepad")
    root.get_by_role("button", name=w["start"]).click()
    page.wait_for_function(
        f"{SCOREPAD_IDLE} && document.querySelector('.scorepad').dataset.phase === 'sheet'",
        timeout=ENGINE_MS,
    )
    root.locator("#scorepad-went-out").select_option("0")
    root.locator("#scorepad-pips-1").fill("12")
    root.locator(".scorepad__add").click()
    page.wait_for_function(SCOREPAD_IDLE, timeout=ENGINE_MS)
    sheet = json.loads(page.evaluate(f"localStorage.getItem('{SCOREPAD_KEY}')"))
    assert len(sheet["rounds"]) == 1
    assert root.locator(".scorepad__table tbody").count() == 1


def test_scorepad_refuses_a_deep_and_an_oversized_sheet_and_such_files(
    page: Any, page_log: Any, site_url: str
) -> None:
    for lang, text, why in (("pl", DEEP_SHEET, "depth"), ("de", oversized(SHEET), "size")):
        w = words(lang, "page.scorepad.")
        open_with_store(page, page_url(site_url, lang, "scorepad/"), SCOREPAD_KEY, text)
        root = page.locator(".scorepad")
        status = root.locator(".scorepad__status")
        page.wait_for_function("document.querySelector('.scorepad__status').textContent.length > 0")
        assert status.text_content() == f"{w[f'store_{why}']} {w['save_lost']}"
        assert root.get_attribute("data-phase") == "setup"
        assert root.locator(".scorepad__setup").is_visible()
        check_refused(page, SCOREPAD_KEY, text, w["download_refused"])
        if why == "size":
            assert axe_violations(page, [".scorepad"]) == []
        scorepad_round(page, lang)
        kept = page.evaluate(f"localStorage.getItem('{SCOREPAD_KEY}')")

    # A sheet within the bounds that the engine refuses is set aside and offered too.
    corrupt = json.dumps(dict(json.loads(kept), players=5))
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [SCOREPAD_KEY, corrupt])
    page.reload()
    page.wait_for_function(
        f"{SCOREPAD_IDLE} && document.documentElement.dataset.engine === 'ready'"
        " && document.querySelector('.scorepad__status').textContent.length > 0",
        timeout=ENGINE_MS,
    )
    try:
        scorepad.check_sheet(json.loads(corrupt))
    except DominoError as e:
        message = e.message("de")
    assert status.text_content() == f"{message} {w['save_lost']}"
    check_refused(page, SCOREPAD_KEY, corrupt, w["download_refused"], engine=True)
    scorepad_round(page, "de")
    kept = page.evaluate(f"localStorage.getItem('{SCOREPAD_KEY}')")

    # Files too large or too deep to import change nothing (German, the page last open).
    for name, content, why in (
        ("big.json", oversized(SHEET), "size"),
        ("deep.json", DEEP_SHEET, "depth"),
    ):
        page.locator("#scorepad-import").set_input_files(
            {"name": name, "mimeType": "application/json", "buffer": content.encode()}
        )
        # Said at the import control, which takes the focus (issue 38, item 8).
        page.wait_for_function(
            "text => document.getElementById('scorepad-import-error')?.textContent === text",
            arg=f"{w[f'import_{why}']} {w['unchanged']}",
        )
        assert page.evaluate("document.activeElement.id") == "scorepad-import"
        assert root.locator("#scorepad-import").get_attribute("aria-invalid") == "true"
        assert page.evaluate(f"localStorage.getItem('{SCOREPAD_KEY}')") == kept
        assert root.locator(".scorepad__table tbody").count() == 1
        assert root.get_attribute("data-phase") == "sheet"
    assert page_log.errors() == []
    only_this_host(page_log, site_url)


# --- The lessons page ---------------------------------------------------------------------

LESSONS_KEY = lesson_hook.STORAGE_KEY


def test_lessons_refuse_deep_and_oversized_progress(
    page: Any, page_log: Any, site_url: str
) -> None:
    progress = '{"version":1,"done":["doubles-opening"]}'
    for lang, text, why in (
        ("fr", '{"version":1,"done":["doubles-opening"', "corrupt"),
        ("da", nested('{"version":1,"done":', "}"), "depth"),
        ("en", oversized(progress), "size"),
    ):
        w = words(lang, "page.lessons.")
        said = strings(lang)["lesson.corrupt"] if why == "corrupt" else w[f"store_{why}"]
        open_with_store(page, page_url(site_url, lang, "learn/"), LESSONS_KEY, text)
        page.wait_for_function("document.querySelector('.lessons').dataset.ready === 'true'")
        message = page.locator(".lessons__message")
        assert message.is_visible()
        assert spaced(message.text_content()) == spaced(said)
        assert said in page.locator(".lessons__live").text_content()
        # A fresh start: no task is done.
        assert page.locator(".lesson-task[data-done='true']").count() == 0
        check_refused(page, LESSONS_KEY, text, w["download_refused"])
        if why == "depth":
            assert axe_violations(page, [".lessons"]) == []
        if why == "corrupt":
            continue
        # The page works: an answer is judged by the engine and kept.
        task = page.locator("#task-matching-new-end")
        task.locator("input").fill("3")
        task.locator("input").press("Enter")
        page.wait_for_function(
            "document.getElementById('task-matching-new-end').dataset.state === 'right'",
            timeout=ENGINE_MS,
        )
        done = json.loads(page.evaluate(f"localStorage.getItem('{LESSONS_KEY}')"))["done"]
        assert done == ["matching-new-end"]
    assert page_log.errors() == []
    only_this_host(page_log, site_url)
