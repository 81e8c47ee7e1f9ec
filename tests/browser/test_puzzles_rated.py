"""Rated puzzles in the browser: a puzzle near the reader's rating within the themes
ticked, solved, and the rating moved as Glicko-2 says (engine.features.rated, in CPython
here) and kept over a reload; a streak of rising rating begun, a puzzle skipped and the
streak ended by a wrong move, the best kept and the rating untouched; a stored rating
the engine cannot read said in the page's language and left as it was. By keyboard at
1280×800 and by touch on a 360 px phone, light and dark, axe-clean, no console error.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import axe_violations, device, only_this_host, wider_than
from test_puzzles_page import ANSWER_MS, STORAGE, browser_day, shown, url, wait_judged

from engine.core.errors import DominoError
from engine.core.words import strings, text
from engine.features import puzzles
from engine.features import rated as R
from engine.presentation.views.rated import rating_text

PUZZLES = puzzles.load_puzzles()


def stored(page: Any) -> dict[str, Any]:
    return json.loads(page.evaluate("k => localStorage.getItem(k)", STORAGE))


def ready(page: Any) -> None:
    """Wait until the engine has told the rating (the panel's buttons are live) and
    answered every request of the page's start (the page is not busy: a press while it
    is, as in the second the puzzle of the day kept from before is asked again, is
    ignored)."""
    page.wait_for_function(
        "() => !document.querySelector('.puzzles__streak-start').disabled"
        " && document.querySelector('.puzzles').dataset.busy === 'false'",
        timeout=ANSWER_MS,
    )


def opened(
    browser: Any, site_url: str, lang: str, touch: bool, scheme: str
) -> tuple[Any, Any, list[str]]:
    """The puzzles page in ``lang`` in a new context, a 360×740 touch phone or 1280×800,
    ready to rate; its context, page and the console errors it will collect."""
    context, page, errors = device(browser, touch, scheme)
    page.goto(url(site_url, lang))
    ready(page)
    return context, page, errors


def press(page: Any, selector: str, touch: bool) -> None:
    """A button pressed by touch, or focused and pressed with Enter."""
    button = page.locator(selector)
    if touch:
        button.tap()
    else:
        button.focus()
        page.keyboard.press("Enter")


def answer(page: Any, move: str, touch: bool) -> str:
    """Lay ``move`` by touch or by keyboard; the verdict's state."""
    tile, _, end = move.partition("@")
    press(page, f'.puzzle__tray .domino-tile[data-tile="{tile}"]', touch)
    press(page, f'.puzzle__ends .domino-end[data-end="{end}"]', touch)
    return wait_judged(page)


def wrong_move(puzzle: puzzles.Puzzle) -> str:
    return min((m for m in puzzle.values if m != puzzle.answer), key=puzzle.values.__getitem__)


def same_rated(data: dict[str, Any], expected: R.Rated) -> None:
    """The page's stored form is the engine's, its floats to the last few digits (the
    browser's libm may round the last bit otherwise)."""
    want = R.to_data(expected)
    assert data["rating"] == pytest.approx(want["rating"], rel=1e-12)
    assert {k: v for k, v in data.items() if k != "rating"} == {
        k: v for k, v in want.items() if k != "rating"
    }


@pytest.mark.parametrize(
    ("lang", "touch", "scheme"), [("de", False, "light"), ("pl", True, "dark")]
)
def test_a_puzzle_near_the_rating_is_solved_and_the_rating_moves(
    browser: Any, site_url: str, lang: str, touch: bool, scheme: str
) -> None:
    context, page, errors = opened(browser, site_url, lang, touch, scheme)
    try:
        newcomer = R.Rated()
        assert page.locator(".puzzles__rating").inner_text() == rating_text(newcomer, lang)
        # Only the fives, then a puzzle near the rating: the engine's choice.
        box = page.locator('.puzzles__themes-choice input[value="fives"]')
        if touch:
            box.tap()
        else:
            box.focus()
            page.keyboard.press("Space")
        assert box.is_checked()
        expected = R.next_puzzle(newcomer, PUZZLES, ["fives"])
        assert expected is not None
        press(page, ".puzzles__near", touch)
        shown(page, expected.id)
        meta = page.locator(".puzzle__meta").inner_text()
        assert text(lang, "puzzle.rating", rating=expected.rating) in meta
        assert answer(page, expected.answer, touch) == "right"
        after = R.attempt(newcomer, expected, True, browser_day(page))
        gained = round(after.rating.rating) - 1500
        told = text(lang, "rated.change.up", change=gained, rating=1500 + gained)
        assert page.locator(".puzzle__rated").inner_text() == told
        assert page.locator(".puzzles__rating").inner_text() == rating_text(after, lang)
        data = stored(page)
        same_rated(data["rated"], after)
        assert data["themes"] == ["fives"]
        assert axe_violations(page, [".md-content"]) == []
        if touch:
            assert wider_than(page, ".md-content", 360) == []
        # Kept over a reload: the rating, the theme ticked, and the next puzzle differs.
        page.reload()
        ready(page)
        assert page.locator(".puzzles__rating").inner_text() == rating_text(after, lang)
        assert page.locator('.puzzles__themes-choice input[value="fives"]').is_checked()
        following = R.next_puzzle(after, PUZZLES, ["fives"])
        assert following is not None and following.id != expected.id
        press(page, ".puzzles__near", touch)
        shown(page, following.id)
        assert errors == []
    finally:
        context.close()


@pytest.mark.parametrize(
    ("lang", "touch", "scheme"), [("fr", True, "light"), ("da", False, "dark")]
)
def test_a_streak_rises_skips_once_and_ends_on_a_wrong_move(
    browser: Any, site_url: str, lang: str, touch: bool, scheme: str
) -> None:
    context, page, errors = opened(browser, site_url, lang, touch, scheme)
    try:
        press(page, ".puzzles__streak-start", touch)
        skip = page.locator(".puzzles__streak-skip")
        skip.wait_for(timeout=ANSWER_MS)  # shown on the streak's puzzle only
        first = puzzles.by_id(shown(page))
        lowest = sorted(p.rating for p in PUZZLES)[R.RUN_CHOICE - 1]
        assert first.rating <= lowest
        assert answer(page, first.answer, touch) == "right"
        assert skip.is_hidden()
        line = text(lang, "rated.streak.score", count=1)
        assert page.locator(".puzzles__streak-line").inner_text().startswith(line)
        press(page, ".puzzle__next", touch)
        second = puzzles.by_id(shown(page))
        assert second.id != first.id and second.rating >= first.rating
        # The one skip, then no more.
        press(page, ".puzzles__streak-skip", touch)
        page.wait_for_function(
            "(id) => document.querySelector('.puzzle').dataset.puzzle !== id", arg=second.id
        )
        third = puzzles.by_id(shown(page))
        assert third.rating >= first.rating and third.id not in (first.id, second.id)
        assert skip.is_hidden()
        assert answer(page, wrong_move(third), touch) == "wrong"
        over = text(lang, "rated.streak.over", count=1)
        best = text(lang, "rated.streak.best", count=1)
        assert page.locator(".puzzles__streak-line").inner_text() == f"{over} {best}"
        data = stored(page)["rated"]
        assert data["best_streak"] == 1 and data["run"]["over"]
        assert data["run"]["solved"] == [first.id] and data["run"]["skipped"] == second.id
        assert data["attempts"] == [] and data["rating"] == [1500.0, 350.0, 0.06]
        page.wait_for_function(
            "w => document.querySelector('.puzzles__streak-start').textContent === w",
            arg=strings(lang)["page.puzzles.streak_start"],
        )
        assert axe_violations(page, [".md-content"]) == []
        assert errors == []
    finally:
        context.close()


def test_a_rating_the_engine_cannot_read_is_said_and_kept(page: Any, page_log: Any,
                                                            site_url: str) -> None:  # fmt: skip
    bad = {"rating": [1500, 350], "attempts": [], "best_streak": 0, "run": None}
    kept = json.dumps({"version": 1, "solved": [], "days": [], "rated": bad})
    page.goto(url(site_url, "fr"))
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [STORAGE, kept])
    page.reload()
    message = page.locator(".puzzles__message")
    said = DominoError("bad_rated").message("fr")
    page.wait_for_function(
        "w => document.querySelector('.puzzles__message').textContent === w",
        arg=said,
        timeout=ANSWER_MS,
    )
    assert message.is_visible()
    assert page.locator(".puzzles__near").is_disabled()
    # A move still gets its verdict, and the stored rating stays as it was.
    ident = shown(page)
    assert answer(page, puzzles.by_id(ident).answer, False) == "right"
    assert page.locator(".puzzle__rated").is_hidden()
    assert stored(page)["rated"] == bad
    only_this_host(page_log, site_url)
    assert page_log.errors() == []
