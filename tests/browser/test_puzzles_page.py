"""The puzzles page in the browser: the puzzle of the day is the one the engine picks for
the reader's date; a wrong move is told in the page's language with the line that refutes
it, stepped through by keyboard; a right one counts, with the streak, in ``localStorage``
shared by every language and kept over a reload; a puzzle chosen from the list (a lead on
an empty table, too) opens at its address; a shown answer does not count; progress that
cannot be read is set aside with the page's message; keyboard and touch on a 360 px phone;
no axe-core violation or console error in light and dark mode, in all five languages.

What the page must show comes from the engine in CPython (``engine.features.puzzles``,
``engine.presentation.views.puzzles``) and its language tables.
"""

from __future__ import annotations

import datetime
import json
from typing import Any

import pytest
from conftest import (
    COLOUR_RULES,
    axe_violations,
    held_engine,
    only_this_host,
    wider_than,
)

from engine.core.words import strings, text
from engine.features import puzzles
from engine.lang import LANGUAGES
from engine.presentation.views import puzzles as view
from hooks import puzzles_page
from scripts.site_server import end_engine, wait_until

STORAGE = puzzles_page.STORAGE_KEY
ANSWER_MS = 90_000  # the first request waits for the engine's start
PUZZLES = puzzles.load_puzzles()


def url(site_url: str, lang: str, fragment: str = "") -> str:
    return site_url + ("" if lang == "en" else f"{lang}/") + "puzzles/" + fragment


def spaced(value: str | None) -> str:
    return " ".join((value or "").split())


def shown(page: Any, ident: str | None = None) -> str:
    """Wait until the page shows a puzzle (``ident``, if given) ready to play; its id."""
    page.wait_for_function(
        "(id) => { const p = document.querySelector('.puzzle');"
        " return !p.hidden && p.dataset.state === '' && (!id || p.dataset.puzzle === id)"
        " && document.querySelector('.puzzles').dataset.busy === 'false'; }",
        arg=ident,
        timeout=ANSWER_MS,
    )
    return str(page.locator(".puzzle").get_attribute("data-puzzle"))


def solved_shown(page: Any, ident: str) -> None:
    """Wait until the page shows puzzle ``ident`` as solved before (its answer judged)."""
    page.wait_for_function(
        "(id) => { const p = document.querySelector('.puzzle');"
        " return !p.hidden && p.dataset.state === 'right' && p.dataset.puzzle === id"
        " && document.querySelector('.puzzles').dataset.busy === 'false'; }",
        arg=ident,
        timeout=ANSWER_MS,
    )


def play(page: Any, move: str) -> str:
    """Lay ``move`` as a reader does (its tile, then its end or the lead button) and wait
    for the engine's verdict: the puzzle's new data-state."""
    tile, _, end = move.partition("@")
    page.locator(f'.puzzle__tray .domino-tile[data-tile="{tile}"]').click()
    page.locator(f'.puzzle__ends .domino-end[data-end="{end}"]').click()
    return wait_judged(page)


def wait_judged(page: Any) -> str:
    state: str = page.wait_for_function(
        "() => document.querySelector('.puzzle').dataset.state",
        timeout=ANSWER_MS,
    ).json_value()
    return state


def stored(page: Any) -> Any:
    raw = page.evaluate(f"localStorage.getItem({json.dumps(STORAGE)})")
    return None if raw is None else json.loads(raw)


def browser_day(page: Any, back: int = 0) -> str:
    """The reader's date in the browser, ``back`` days ago (as the page's script counts)."""
    day: str = page.evaluate(
        """(back) => { const d = new Date(); d.setDate(d.getDate() - back);
        const p = (n) => String(n).padStart(2, "0");
        return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`; }""",
        back,
    )
    return day


def a_wrong_move(puzzle: puzzles.Puzzle) -> str:
    return min((m for m in puzzle.values if m != puzzle.answer), key=puzzle.values.__getitem__)


# --- The puzzle of the day, wrong then right ------------------------------------------


def test_the_puzzle_of_the_day_wrong_then_right_with_progress_and_streak(
    page: Any, page_log: Any, site_url: str
) -> None:
    lang = "de"
    page.goto(url(site_url, lang))
    ident = shown(page)
    today = browser_day(page)
    puzzle = puzzles.daily(today)
    assert ident == puzzle.id
    expected = view.puzzle_view(puzzle, lang)
    assert spaced(page.locator(".puzzle__title").text_content()) == expected["title"]
    assert spaced(page.locator(".puzzle__question").text_content()) == spaced(expected["question"])
    meta = spaced(page.locator(".puzzle__meta").text_content())
    assert strings(lang)["page.puzzles.daily"] in meta and expected["game"] in meta
    tray = page.locator(".puzzle__tray .domino-tile")
    assert [tray.nth(k).get_attribute("data-tile") for k in range(tray.count())] == [
        t["code"] for t in expected["tiles"]
    ]
    assert page.locator(".puzzle__hands > li").count() == puzzle.players - 1
    solved = text(lang, "page.puzzles.solved", done=0, total=len(PUZZLES))
    assert spaced(page.locator(".puzzles__solved").text_content()) == spaced(solved)

    # Wrong: the verdict and the value against the best, in German, and the line that
    # refutes it, stepped through with the arrow keys.
    wrong = a_wrong_move(puzzle)
    assert play(page, wrong) == "wrong"
    judged = view.judge_move(puzzle, *wrong.partition("@")[::2], lang)
    assert spaced(page.locator(".puzzle__verdict").text_content()) == spaced(judged["verdict"])
    assert spaced(page.locator(".puzzle__worth").text_content()) == spaced(judged["worth"])
    assert page.evaluate("document.activeElement.classList.contains('puzzle__feedback')")
    live = spaced(page.locator(".puzzles__live").text_content())
    assert spaced(judged["verdict"]) in live and spaced(judged["worth"]) in live
    steps = page.locator(".puzzle__steps .domino-step")
    assert steps.count() == len(judged["steps"])
    assert page.locator(".puzzle__values").is_hidden()  # the answer is not given away
    page.locator('.puzzle__steps [data-go="next"]').focus()
    page.keyboard.press("End")
    last = steps.nth(steps.count() - 1)
    assert last.is_visible()
    assert spaced(judged["steps"][-1]["caption"]) in spaced(last.text_content())
    page.keyboard.press("Home")
    assert steps.nth(0).is_visible() and last.is_hidden()
    # A miss solves nothing and counts no day; as a first attempt it is rated (lost).
    kept = stored(page)
    assert (kept["solved"], kept["days"]) == ([], [])
    assert [a[:2] for a in kept["rated"]["attempts"]] == [[puzzle.id, 0]]
    assert page.locator(".puzzle__show").is_visible()

    # Try again, and right: it counts, with today's streak.
    page.locator(".puzzle__again").click()
    assert play(page, puzzle.answer) == "right"
    right = view.judge_move(puzzle, *puzzle.answer.partition("@")[::2], lang)
    assert spaced(page.locator(".puzzle__verdict").text_content()) == spaced(right["verdict"])
    assert spaced(page.locator(".puzzle__why").text_content()) == spaced(right["why"])
    assert page.locator(".puzzle__value-list li").count() == len(puzzle.values)
    assert strings(lang)["page.puzzles.today_done"] in page.locator(".puzzles__live").text_content()
    # Solved on the second try: progress and the day, the rating as the miss left it.
    progress = {"version": 1, "solved": [puzzle.id], "days": [today], "rated": kept["rated"]}
    assert stored(page) == progress
    streak = text(lang, "page.puzzles.streak", count=1)
    assert spaced(page.locator(".puzzles__streak").text_content()) == spaced(streak)
    item = page.locator(f'.puzzles__items > li[data-puzzle="{puzzle.id}"]')
    assert item.get_attribute("data-done") == "true"

    # The same progress on the French page, and after a reload; the puzzle of the day
    # shows as solved, with its line and the way on (it came back blank, issue 38).
    page.goto(url(site_url, "fr"))
    solved_shown(page, puzzle.id)
    right_fr = view.judge_move(puzzle, *puzzle.answer.partition("@")[::2], "fr")
    assert spaced(page.locator(".puzzle__verdict").text_content()) == spaced(right_fr["verdict"])
    assert page.locator(".puzzle__stepper .domino-step").count() == len(right_fr["steps"])
    assert page.locator(".puzzle__next").is_visible()
    assert stored(page) == progress
    solved = text("fr", "page.puzzles.solved", done=1, total=len(PUZZLES))
    assert spaced(page.locator(".puzzles__solved").text_content()) == spaced(solved)
    streak = text("fr", "page.puzzles.streak", count=1)
    assert spaced(page.locator(".puzzles__streak").text_content()) == spaced(streak)
    page.reload()
    solved_shown(page, puzzle.id)
    item = page.locator(f'.puzzles__items > li[data-puzzle="{puzzle.id}"]')
    assert item.get_attribute("data-done") == "true"
    assert item.locator(".puzzles__done").get_attribute("hidden") is None
    theme = page.locator(f'.puzzles__theme[data-theme="{puzzle.theme}"] .puzzles__count')
    total = sum(p.theme == puzzle.theme for p in PUZZLES)
    assert spaced(theme.text_content()) == spaced(
        text("fr", "page.puzzles.solved", done=1, total=total)
    )
    only_this_host(page_log, site_url)


def test_the_streak_counts_the_days_back_from_today_or_yesterday(
    page: Any, page_log: Any, site_url: str
) -> None:
    page.goto(url(site_url, "da"))
    days = [browser_day(page, back) for back in (4, 2, 1)]
    today = puzzles.daily(browser_day(page)).id
    other = next(p.id for p in PUZZLES if p.id != today)  # today's is still to solve
    kept = {"version": 1, "solved": [other], "days": days}
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [STORAGE, json.dumps(kept)])
    page.reload()
    ident = shown(page)
    streak = text("da", "page.puzzles.streak", count=2)  # yesterday and the day before
    assert spaced(page.locator(".puzzles__streak").text_content()) == spaced(streak)
    assert play(page, puzzles.by_id(ident).answer) == "right"
    streak = text("da", "page.puzzles.streak", count=3)
    assert spaced(page.locator(".puzzles__streak").text_content()) == spaced(streak)
    assert stored(page)["days"] == [*days, browser_day(page)]
    assert page_log.errors() == [], "\n".join(page_log.errors())


# --- A puzzle from the list, a lead, a shown answer ------------------------------------


def test_a_puzzle_from_the_list_opens_at_its_address_and_a_shown_answer_does_not_count(
    page: Any, page_log: Any, site_url: str
) -> None:
    lang = "pl"
    lead = next(p for p in PUZZLES if not p.plays)
    page.goto(url(site_url, lang))
    today = shown(page)
    theme = page.locator(f'.puzzles__theme[data-theme="{lead.theme}"]')
    theme.locator("summary").click()
    theme.locator(f'.puzzles__open[data-puzzle="{lead.id}"]').click()
    assert shown(page, lead.id) == lead.id
    assert page.evaluate("location.hash") == f"#{lead.id}"
    assert page.evaluate("document.activeElement.id") == "puzzle-title"
    # An empty table: no drawing, one choice, to lead.
    assert spaced(page.locator(".puzzle__figure").text_content()) == strings(lang)["empty_table"]
    assert page.locator(".puzzle__ends .domino-end").count() == 1
    assert play(page, lead.answer) == "right"
    assert stored(page)["solved"] == [lead.id] and stored(page)["days"] == []

    # The address opens that puzzle again; "Back to the puzzle of the day" leaves it.
    other = next(p for p in PUZZLES if p.id not in (lead.id, today))
    page.goto(url(site_url, lang, f"#{other.id}"))
    assert shown(page, other.id) == other.id
    assert play(page, a_wrong_move(other)) == "wrong"
    page.locator(".puzzle__show").click()
    page.wait_for_function("document.querySelector('.puzzle').dataset.state === 'shown'")
    revealed = view.judge_move(other, *other.answer.partition("@")[::2], lang)
    assert spaced(page.locator(".puzzle__verdict").text_content()) == spaced(revealed["verdict"])
    assert strings(lang)["page.puzzles.shown"] in page.locator(".puzzle__why").text_content()
    assert other.id not in stored(page)["solved"]
    page.locator(".puzzle__today").click()
    assert shown(page, today) == today
    assert page.evaluate("location.hash") == ""

    # The difficulty filter shows only the puzzles of that difficulty.
    page.select_option("#puzzles-level", "hard")
    visible = page.eval_on_selector_all(
        ".puzzles__items > li", "els => els.filter((e) => !e.hidden).map((e) => e.dataset.level)"
    )
    assert set(visible) == {"hard"}
    assert len(visible) == sum(p.difficulty == "hard" for p in PUZZLES)
    assert page_log.errors() == [], "\n".join(page_log.errors())


@pytest.mark.parametrize(("lang", "fragment"), [("en", "#%"), ("fr", "#%E0%A4%A")])
def test_a_malformed_fragment_shows_the_puzzle_of_the_day(
    page: Any, page_log: Any, site_url: str, lang: str, fragment: str
) -> None:
    """`decodeURIComponent` threw on `#%`: no puzzle ever showed, and a reload kept the
    fragment (issue 38)."""
    page.goto(url(site_url, lang, fragment))
    assert shown(page) == puzzles.daily(browser_day(page)).id
    assert page.evaluate("location.hash") == ""
    # A link on the page to such a fragment changes nothing either.
    page.evaluate("location.hash = '%'")
    page.wait_for_timeout(200)
    assert shown(page) == puzzles.daily(browser_day(page)).id
    assert page_log.errors() == []


# --- Progress that cannot be read -------------------------------------------------------


@pytest.mark.parametrize(
    ("saved", "key"),
    [
        ('{"version": 1, "solved": [', "page.puzzles.corrupt"),
        ('{"version": 1, "solved": [3], "days": []}', "page.puzzles.corrupt"),
        ('{"version": 1, "solved": [], "days": ["tomorrow"]}', "page.puzzles.corrupt"),
        ("[" * 3000 + "]" * 3000, "page.puzzles.store_depth"),
    ],
    ids=["not-json", "not-ids", "not-days", "too-deep"],
)
def test_progress_that_cannot_be_read_is_set_aside_with_a_message(
    page: Any, page_log: Any, site_url: str, saved: str, key: str
) -> None:
    page.goto(url(site_url, "fr"))
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [STORAGE, saved])
    page.reload()
    message = page.locator(".puzzles__message")
    message.wait_for(state="visible")
    assert spaced(message.text_content()) == spaced(strings("fr")[key])
    assert stored(page) is None
    refused = page.evaluate(f"localStorage.getItem({json.dumps(STORAGE + '-refused')})")
    assert refused == saved
    button = page.get_by_role("button", name=strings("fr")["page.puzzles.download_refused"])
    assert button.is_visible()
    # The page works on: a right answer is kept afresh.
    ident = shown(page)
    assert play(page, puzzles.by_id(ident).answer) == "right"
    assert stored(page)["solved"] == [ident]
    assert page_log.errors() == [], "\n".join(page_log.errors())


# --- Keyboard, touch, a phone -------------------------------------------------------------


def test_keyboard_and_touch_on_a_phone(browser: Any, site_url: str) -> None:
    context = browser.new_context(has_touch=True, viewport={"width": 360, "height": 740})
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        spinner = next(p for p in PUZZLES if p.preset == "all-fives" and len(p.plays) > 6)
        page.goto(url(site_url, "en", f"#{spinner.id}"))
        shown(page, spinner.id)
        assert wider_than(page, ".md-content", 360) == []
        # On a phone the table is the drawing that turns sooner.
        assert page.locator(".puzzle__figure .puzzle__narrow svg").is_visible()
        assert page.locator(".puzzle__figure .puzzle__wide svg").is_hidden()

        # Keyboard: a wrong tile and end by Enter and Space, then "Try again".
        wrong = a_wrong_move(spinner)
        tile, _, end = wrong.partition("@")
        page.locator(f'.puzzle__tray .domino-tile[data-tile="{tile}"]').focus()
        page.keyboard.press("Enter")
        button = page.locator(f'.puzzle__tray .domino-tile[data-tile="{tile}"]')
        assert button.get_attribute("aria-pressed") == "true"
        page.locator(f'.puzzle__ends .domino-end[data-end="{end}"]').focus()
        page.keyboard.press("Space")
        assert wait_judged(page) == "wrong"
        page.locator(".puzzle__again").focus()
        page.keyboard.press("Enter")
        shown(page, spinner.id)
        assert page.evaluate("document.activeElement.classList.contains('domino-tile')")

        # Touch: the right tile, then its end drawn in the table.
        tile, _, end = spinner.answer.partition("@")
        page.locator(f'.puzzle__tray .domino-tile[data-tile="{tile}"]').tap()
        page.locator(f'.puzzle__figure .puzzle__narrow .domino-markers [data-end="{end}"]').tap()
        assert wait_judged(page) == "right"
        # The line's steps by touch, and nothing sticks out.
        page.locator('.puzzle__steps [data-go="next"]').tap()
        assert page.locator('.puzzle__steps .domino-step[data-step="2"]').is_visible()
        assert wider_than(page, ".md-content", 360) == []
        # The list: a theme opened by keyboard, a puzzle by touch.
        summary = page.locator(".puzzles__theme summary").first
        summary.focus()
        page.keyboard.press("Enter")
        opener = page.locator(".puzzles__theme").first.locator(".puzzles__open").first
        ident = opener.get_attribute("data-puzzle")
        opener.tap()
        shown(page, ident)
        assert wider_than(page, ".md-content", 360) == []
        assert errors == []
    finally:
        context.close()


# --- Accessibility -----------------------------------------------------------------------


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_puzzles_pages_have_no_axe_violations(browser: Any, site_url: str, scheme: str) -> None:
    """Every rule in light mode, the colour rules in dark; on each language's page, with a
    wrong move's feedback and line, a theme of the list open and a progress message."""
    context = browser.new_context(color_scheme=scheme, viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        found = {}
        only = None if scheme == "light" else COLOUR_RULES
        for k, lang in enumerate(LANGUAGES):
            page.goto(url(site_url, lang))
            if k == 0:
                page.evaluate("k => localStorage.setItem(k, '[')", STORAGE)
                page.reload()
            ident = shown(page)
            violations = axe_violations(page, [".md-content"], only)
            if violations:
                found[f"{lang} to play"] = violations
            assert play(page, a_wrong_move(puzzles.by_id(ident))) == "wrong"
            page.locator(".puzzles__theme summary").first.click()
            violations = axe_violations(page, [".md-content"], only)
            if violations:
                found[f"{lang} judged"] = violations
        assert not found, json.dumps(found, indent=1, ensure_ascii=False)
        assert errors == []
    finally:
        context.close()


def test_the_puzzle_of_the_day_depends_on_the_date_alone() -> None:
    """The engine's pick, which the page asks with the reader's date (checked in the
    browser above): the same date, the same puzzle, and the next day another."""
    day = datetime.date(2027, 5, 17)
    assert puzzles.daily(day) == puzzles.daily(day.isoformat())
    assert puzzles.daily(day) != puzzles.daily(day + datetime.timedelta(days=1))


@pytest.mark.parametrize(
    ("viewport", "scheme"),
    [({"width": 360, "height": 740}, "light"), ({"width": 1280, "height": 800}, "dark")],
    ids=["phone-light", "desktop-dark"],
)
def test_a_puzzle_solved_before_says_so_at_its_top_on_every_screen(
    browser: Any, site_url: str, viewport: dict[str, int], scheme: str
) -> None:
    """After a reload, today's puzzle solved before says "Solved" in the line under its
    title, which is on screen as the page opens (its verdict lies below the board, out of
    sight on a phone); no axe violation (issue 38, item 10)."""
    lang = "pl"
    context = browser.new_context(viewport=viewport, color_scheme=scheme)
    try:
        page = context.new_page()
        page.goto(url(site_url, lang))
        ident = shown(page)
        meta = page.locator(".puzzle__meta")
        done = strings(lang)["page.puzzles.done"]
        assert done not in meta.text_content()
        kept = {"version": 1, "solved": [ident], "days": []}
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [STORAGE, json.dumps(kept)])
        page.reload()
        solved_shown(page, ident)
        assert meta.text_content().endswith(f" · {done}")
        box = meta.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"]
        assert page.locator(".puzzle__next").is_visible()
        page.wait_for_function("document.getAnimations().every((a) => a.playState !== 'running')")
        assert axe_violations(page, [".puzzles"]) == []
    finally:
        context.close()


def reload_engine_held(page: Any) -> Any:
    """The page loaded again as on a later visit: the engine's worker ended and its start
    held back (conftest.held_engine) until the returned ``release()``; waits until the
    page shows a puzzle and has asked for the engine's files."""
    end_engine(page.context, page)
    held, release = held_engine(page.context)
    page.reload()
    page.wait_for_function("() => !document.querySelector('.puzzle').hidden")
    page.wait_for_timeout(1000)  # the engine's files are asked for, and held
    assert held, "the page did not start the engine"
    return release


def test_the_days_first_visit_shows_its_puzzle_kept_on_a_day_before(
    browser: Any, site_url: str
) -> None:
    """Issue 41: once the puzzle of the day is shown, the next two days' are asked for in
    the background and kept; on the next day's first visit (the engine's worker gone,
    its start held back) that day's puzzle is on screen at once, and it is the one the
    engine then answers with. Two days later, the second one kept is."""
    context = browser.new_context(service_workers="block")
    try:
        context.clock.install(time=datetime.datetime(2026, 12, 5, 10, 0))
        page = context.new_page()
        page.goto(url(site_url, "da"))
        assert shown(page) == puzzles.daily(datetime.date(2026, 12, 5)).id
        keys = [f"domino-puzzle-of-the-day+{days}" for days in (1, 2)]
        kept = wait_until(
            page,
            "(keys) => keys.every((key) => localStorage.getItem(key)) &&"
            " keys.map((key) => JSON.parse(localStorage.getItem(key)).for)",
            keys,
            ANSWER_MS,
        )
        assert kept == ["2026-12-06", "2026-12-07"]
        for days, (day, key) in enumerate(zip(kept, keys, strict=True), start=1):
            expected = puzzles.daily(datetime.date.fromisoformat(day))
            context.clock.set_system_time(datetime.datetime(2026, 12, 5 + days, 8, 0))
            release = reload_engine_held(page)
            assert page.locator(".puzzle").get_attribute("data-puzzle") == expected.id, key
            title = page.locator(".puzzle__title").inner_text()
            assert page.locator(".puzzles").get_attribute("data-busy") == "true"
            release()
            assert shown(page, expected.id) == expected.id
            assert page.locator(".puzzle__title").inner_text() == title
    finally:
        context.close()


def test_the_puzzle_of_the_day_is_on_screen_before_the_engine_has_started(
    browser: Any, site_url: str
) -> None:
    """Issue 41: on a later visit the same day (the engine's worker gone), the puzzle of
    the day as last shown (the engine's view, kept for that date and language) is on
    screen at once, the engine held back; a move waits for the engine, whose answer is
    the same puzzle. In another language, the kept one is not shown."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.goto(url(site_url, "pl"))
        today = shown(page)
        day = browser_day(page)
        assert today == puzzles.daily(day).id
        title = page.locator(".puzzle__title").inner_text()
        figure = page.locator(".puzzle__figure").inner_html()
        release = reload_engine_held(page)
        assert page.locator(".puzzle").get_attribute("data-puzzle") == today
        assert page.locator(".puzzle__title").inner_text() == title
        assert page.locator(".puzzle__figure").inner_html() == figure
        assert page.locator(".puzzles").get_attribute("data-busy") == "true"
        # A move now waits: nothing is judged before the engine has started.
        move = a_wrong_move(next(p for p in PUZZLES if p.id == today))
        page.locator(f'.puzzle__tray .domino-tile[data-tile="{move.partition("@")[0]}"]').click()
        end = page.locator(".puzzle__ends .domino-end").first
        if end.is_visible():
            end.click()
        assert page.locator(".puzzle").get_attribute("data-state") == ""
        release()
        assert shown(page, today) == today
        assert page.locator(".puzzle__title").inner_text() == title

        # In German, the Polish puzzle kept is not shown: the engine's answer is awaited.
        end_engine(context, page)
        held, release = held_engine(context)
        page.goto(url(site_url, "de"))
        page.wait_for_timeout(1000)
        assert held
        assert page.locator(".puzzle").is_hidden()
        release()
        assert shown(page, today) == today
    finally:
        context.close()
