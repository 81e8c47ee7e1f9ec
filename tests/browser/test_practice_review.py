"""The practice page's review of a round in the browser: "Review this round" at a round's
end judges the reader's decisions as the engine does in CPython, by keyboard; the next
round closes it, and the match's summary then counts both rounds; any finished round is
chosen and reviewed, by keyboard and on a 360 px phone, and the match's summary outlives a
reload (a corrupt or oversized kept summary is dropped alone; a new match forgets it); a
4-player round of All Fives is stopped between two decisions and goes on, with its
progress bar; no axe-core violation in light and dark mode, in all five languages (the
round chooser shown, its words the engine's); no console error.

A finished round is put in the page as its save (``localStorage``), made by the engine in
CPython; the downloaded record's whole path to the review page is
``test_review_page.py``'s.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import COLOUR_RULES, axe_violations, wider_than
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
from test_practice_page import words as practice_words

from engine.core.boundary import MAX_STORE
from engine.core.words import strings
from engine.features import practice
from engine.lang import LANGUAGES, fill
from engine.presentation.views.review import summary_view

PANEL = ".practice__end .review"
REVIEW_KEY = "domino-practice-review"
CHOOSER = "#practice-review-round"


def kept_review(page: Any) -> Any:
    text = page.evaluate(f"localStorage.getItem('{REVIEW_KEY}')")
    return None if text is None else json.loads(text)


def chooser(page: Any) -> dict[str, Any]:
    """The round chooser as a reader meets it: shown or not, its label, its options,
    the round chosen and the review button's name."""
    root = page.locator(".practice")
    return {
        "shown": root.locator(".practice__review-choice").is_visible(),
        "label": spaced(root.locator(f"label[for='{CHOOSER[1:]}']").text_content()),
        "options": [spaced(t) for t in root.locator(f"{CHOOSER} option").all_text_contents()],
        "value": root.locator(CHOOSER).input_value(),
        "button": spaced(root.locator(".practice__review").text_content()),
    }


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


def test_any_finished_round_is_reviewed_and_the_match_summary_outlives_a_reload(
    page: Any, page_log: Any, site_url: str
) -> None:
    lang = "pl"
    w = words(lang)
    save = finished_match("block", 2, 31, rounds=2)
    record = practice.match_record(save)
    first = expected(record, practice.YOU, 0, lang)
    second = expected(record, practice.YOU, 1, lang)
    assert first["listed"]["count"] > 0 and second["listed"]["count"] > 0
    root = with_save(page, site_url, lang, save)
    assert chooser(page) == {
        "shown": True,
        "label": w["round"],
        "options": [fill(lang, w["round_option"], round=k) for k in (1, 2)],
        "value": "1",  # the round just finished
        "button": w["review_chosen"],
    }
    # By keyboard: the first round chosen, then reviewed.
    root.locator(CHOOSER).focus()
    page.keyboard.press("ArrowUp")
    assert root.locator(CHOOSER).input_value() == "0"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.classList.contains('practice__review')")
    page.keyboard.press("Enter")
    shown = read_review(page, PANEL)
    assert_same(shown, first, lang)
    assert shown["match_count"] == fill(lang, w["match_rounds"], done=1, total=2)
    assert [i["round"] for i in kept_review(page)["rounds"][0][1]] == [0] * len(first["items"])

    # The record of both rounds downloads under a name of its own (issue 39: after round 1
    # and after round 2 the two files had one name).
    root.locator(".practice__menu summary").click()
    with page.expect_download() as info:
        root.get_by_role("button", name=practice_words(lang)["download"]).click()
    assert info.value.suggested_filename == "domino-block-seed-31-rounds-1-2.json"
    root.locator(".practice__menu summary").click()

    # A reload: the game comes back, and the match's summary counts the first round still.
    page.reload()
    root = open_page(page, site_url, lang)
    assert wait_ready(page) == "round-over"
    assert root.locator(PANEL).is_hidden()
    assert chooser(page)["value"] == "1"
    root.locator(".practice__review").click()
    shown = read_review(page, PANEL)
    assert_same(shown, second, lang)
    match = summary_view(first["items"] + second["items"], lang)
    assert shown["match_count"] == fill(lang, w["match_rounds"], done=2, total=2)
    assert shown["match"] == spaced(match["share_text"])
    assert shown["match_rounds"] == [spaced(r["text"]) for r in match["rounds"]]

    # A kept summary over the bounds, or one the engine refuses (review_kept: not its
    # shape, or an item that is no judged decision), is dropped alone: the game stays.
    key = kept_review(page)["match"]
    negative = {**first["items"][0], "loss": -1}
    for bad in (
        " " * (MAX_STORE + 1),
        '{"version": 1, "match": 3, "rounds": []}',
        json.dumps({"version": 1, "match": key, "rounds": [[0, [negative]]]}),
    ):
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [REVIEW_KEY, bad])
        page.reload()
        root = open_page(page, site_url, lang)
        assert wait_ready(page) == "round-over"
        assert saved(page) == save
        root.locator(".practice__review").click()
        shown = read_review(page, PANEL, step=False)
        assert shown["match_count"] == fill(lang, w["match_rounds"], done=1, total=2)
        assert [r for r, _ in kept_review(page)["rounds"]] == [1]
    assert page.evaluate(f"localStorage.getItem('{STORAGE_KEY}-refused')") is None

    # A bad round beside a good one (review_kept) is dropped alone: the good one counts.
    mixed = {"version": 1, "match": key, "rounds": [[0, first["items"]], [1, [negative]]]}
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [REVIEW_KEY, json.dumps(mixed)])
    page.reload()
    root = open_page(page, site_url, lang)
    assert wait_ready(page) == "round-over"
    root.locator(".practice__review").click()
    shown = read_review(page, PANEL, step=False)
    assert shown["match_count"] == fill(lang, w["match_rounds"], done=2, total=2)
    assert [r for r, _ in kept_review(page)["rounds"]] == [0, 1]

    # A new match forgets the rounds reviewed (kept until it starts).
    root.locator(".practice__menu summary").click()
    root.locator(".practice__new").click()
    assert kept_review(page) is not None
    root.locator(".practice__start").click()
    # The match in progress is replaced only once the reader says so.
    page.get_by_role("button", name=strings(lang)["page.practice.confirm_replace_yes"]).click()
    assert wait_ready(page) == "play"
    assert kept_review(page) is None
    assert page_log.errors() == [], "\n".join(page_log.errors())


def test_the_round_chooser_on_a_phone(browser: Any, site_url: str) -> None:
    context = browser.new_context(has_touch=True, viewport={"width": 360, "height": 740})
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        lang = "fr"
        save = finished_match("block", 2, 31, rounds=2)
        root = with_save(page, site_url, lang, save)
        assert chooser(page)["shown"]
        assert wider_than(page, ".practice__end", 360) == []
        for selector in (CHOOSER, ".practice__review"):
            box = root.locator(selector).bounding_box()
            assert box is not None and box["height"] >= 44 and box["width"] >= 44, selector
            assert box["x"] >= 0 and box["x"] + box["width"] <= 360, selector
        root.locator(CHOOSER).select_option("0")
        root.locator(".practice__review").tap()
        want = expected(practice.match_record(save), practice.YOU, 0, lang)
        wait_state(page, PANEL, "done")
        title = spaced(root.locator(f"{PANEL} .review__title").text_content())
        assert title == spaced(want["listed"]["title"])
        inside = ".review__drawing, .review__graph-table-wrap"
        assert wider_than(page, ".practice__end", 360, inside=inside) == []
        assert errors == []
    finally:
        context.close()


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
    page at the end of a match's second round (the round chooser shown, its words the
    engine's), the round reviewed and a move's values open."""
    context = browser.new_context(color_scheme=scheme, viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        found = {}
        only = None if scheme == "light" else COLOUR_RULES
        save = finished_match("block", 2, 31, rounds=2)
        for lang in LANGUAGES:
            root = with_save(page, site_url, lang, save)
            w = words(lang)
            assert chooser(page) == {
                "shown": True,
                "label": w["round"],
                "options": [fill(lang, w["round_option"], round=k) for k in (1, 2)],
                "value": "1",
                "button": w["review_chosen"],
            }
            if scheme == "light":
                violations = axe_violations(page, [".practice__end"])
                if violations:
                    found[f"{lang} chooser"] = violations
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
