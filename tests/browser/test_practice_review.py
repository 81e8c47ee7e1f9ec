"""The practice page's review of a round in the browser: "Review this round" at a round's
end judges the reader's decisions as the engine does in CPython, by keyboard; the next
round closes it, and the match's summary then counts both rounds; a 4-player round of
All Fives is stopped between two decisions and goes on, with its progress bar; no axe-core
violation in light and dark mode, in all five languages; no console error.

A finished round is put in the page as its save (``localStorage``), made by the engine in
CPython; the downloaded record's whole path to the review page is
``test_review_page.py``'s.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import COLOUR_RULES, axe_violations
from review_helpers import (
    REVIEW_MS,
    assert_same,
    dumps,
    expected,
    finished_match,
    read_review,
    spaced,
    wait_state,
    words,
)
from test_practice_page import STORAGE_KEY, open_page, play_round, saved, wait_ready

from engine import practice
from engine.lang import LANGUAGES, fill
from engine.views.review import summary_view

PANEL = ".practice__end .review"


def with_save(page: Any, site_url: str, lang: str, save: dict[str, Any]) -> Any:
    """The practice page of ``lang`` with ``save`` restored, the engine idle."""
    root = open_page(page, site_url, lang)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [STORAGE_KEY, json.dumps(save)])
    page.reload()
    root = open_page(page, site_url, lang)  # the pace set again after the reload
    assert wait_ready(page) in ("round-over", "match-over")
    return root


def test_review_this_round_by_keyboard_then_the_next_round_and_the_match(
    page: Any, page_log: Any, site_url: str
) -> None:
    lang = "de"
    w = words(lang)
    save = finished_match("block", 2, 31, rounds=1)
    root = with_save(page, site_url, lang, save)
    button = root.locator(".practice__review")
    assert spaced(button.text_content()) == w["review_round"]
    assert root.locator(PANEL).is_hidden()
    button.focus()
    page.keyboard.press("Enter")
    wait_state(page, PANEL, "done")
    assert page.evaluate("document.activeElement.classList.contains('review__title')")
    first = expected(practice.match_record(save), practice.YOU, 0, lang)
    assert first["listed"]["count"] > 0, "the seed gives the reader no decision"
    shown = read_review(page, PANEL)
    assert_same(shown, first, lang)
    bar = root.locator(f"{PANEL} .review__bar")
    assert bar.get_attribute("value") == bar.get_attribute("max") == str(shown["count"])
    assert shown["match_count"] == fill(lang, w["match_rounds"], done=1, total=1)

    # The next round closes the review; at its end, the match sums up both rounds.
    root.locator(".practice__next-round").click()
    assert wait_ready(page) == "play"
    assert root.locator(PANEL).is_hidden()
    assert root.locator(PANEL).get_attribute("data-state") == ""
    assert play_round(page, root) in ("round-over", "match-over")
    root.locator(".practice__review").click()
    record = practice.match_record(saved(page))
    second = expected(record, practice.YOU, 1, lang)
    shown = read_review(page, PANEL)
    assert_same(shown, second, lang)
    match = summary_view(first["items"] + second["items"], lang)
    assert shown["match_count"] == fill(lang, w["match_rounds"], done=2, total=2)
    assert shown["match"] == spaced(match["share_text"])
    assert shown["match_rounds"] == [spaced(r["text"]) for r in match["rounds"]]
    assert page_log.errors() == [], "\n".join(page_log.errors())


def test_a_four_player_all_fives_review_stops_and_goes_on(
    page: Any, page_log: Any, site_url: str
) -> None:
    lang = "en"
    w = words(lang)
    save = finished_match("all-fives", 4, 5, rounds=1)
    want = expected(practice.match_record(save), practice.YOU, 0, lang)
    count = want["listed"]["count"]
    assert count >= 3, "too few decisions to stop between two: choose another seed"
    root = with_save(page, site_url, lang, save)
    root.locator(".practice__review").click()
    wait_state(page, PANEL, "judging")
    panel = root.locator(PANEL)
    assert panel.locator(".review__progress").is_visible()
    panel.locator(".review__cancel").click()
    assert panel.get_attribute("data-state") == "stopped"
    assert page.evaluate("document.activeElement.classList.contains('review__resume')")
    # The judgement under way when the reader stopped is taken in; no other is asked.
    page.wait_for_function(
        "(s) => document.querySelector(s).dataset.busy === 'false'", arg=PANEL, timeout=REVIEW_MS
    )
    judged = int(panel.get_attribute("data-judged") or -1)
    assert 0 <= judged < count
    stopped = fill(lang, w["stopped"], done=judged, total=count)
    assert spaced(panel.locator(".review__stopped-text").text_content()) == spaced(stopped)
    assert panel.locator(".review__progress").is_hidden()
    assert panel.locator(".review__summary").is_hidden()
    assert int(panel.get_attribute("data-judged") or -1) == judged

    panel.locator(".review__resume").click()
    assert panel.get_attribute("data-state") in ("judging", "done")
    shown = read_review(page, PANEL)
    assert_same(shown, want, lang)
    progress = fill(lang, w["progress"], done=count, total=count)
    assert spaced(panel.locator(".review__count").text_content()) == spaced(progress)
    assert page_log.errors() == [], "\n".join(page_log.errors())


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_practice_review_has_no_axe_violations(
    browser: Any, site_url: str, scheme: str
) -> None:
    """Every rule in light mode, the colour rules in dark; on each language's practice
    page at a round's end, the round reviewed and a move's values open."""
    context = browser.new_context(color_scheme=scheme, viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        found = {}
        only = None if scheme == "light" else COLOUR_RULES
        save = finished_match("block", 2, 31, rounds=1)
        for lang in LANGUAGES:
            root = with_save(page, site_url, lang, save)
            root.locator(".practice__review").click()
            wait_state(page, PANEL, "done")
            root.locator(f"{PANEL} .review__values summary").click()
            violations = axe_violations(page, [".practice"], only)
            if violations:
                found[lang] = violations
        assert not found, dumps(found)
        assert errors == []
    finally:
        context.close()
