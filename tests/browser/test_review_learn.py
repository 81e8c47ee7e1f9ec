"""Learning from one's mistakes and face up, in the browser. After a round's review, a
decision turned face up: every hand shown and each move's value with every tile known,
equal to the exact solver's on that position (``engine.players.solver.solve``, the
spread of 40 points), with its words the engine's. Then each decision the engine marked
a mistake or a blunder is replayed from what was known then: a move within the "good"
tolerance is accepted and one outside it explained, "show me" and "skip" end a decision,
and the summary tallies how each ended, every word and verdict the engine's in CPython
(``engine.presentation.views.review.retry_view``, the page's seed and budget). By
keyboard in German at 1280×800 (light, every axe rule) and by touch in Polish on a
360×740 phone (dark, the colour rules); no console error.
"""

from __future__ import annotations

import json
from typing import Any

from conftest import COLOUR_RULES, axe_violations, wider_than
from review_helpers import REVIEW_MS, dumps, expected, spaced, wait_state
from test_review import random_round
from test_review_page import PANEL, url, wait_loaded

from engine.core.records import parse_record, replay_round, round_record
from engine.features import faceup
from engine.features import review as rv
from engine.players.solver import solve
from engine.presentation.views.faceup import face_up_view
from engine.presentation.views.review import retry_view

RECORD = round_record(random_round("block", 2, 4))
"""A round whose seat 1 made two mistakes (decisions 1 and 2), the first with one move
within the good tolerance that is not the best, and moves outside it."""


def engine(index: int, lang: str, **more: Any) -> dict[str, Any]:
    return retry_view(RECORD, 0, None, index, lang, **more)


def reviewed(page: Any, site_url: str, lang: str) -> dict[str, Any]:
    """The review page of ``lang`` with RECORD reviewed for seat 1, and what the engine
    says of it."""
    want = expected(RECORD, 0, None, lang)
    assert want["summary"]["learn"]["indices"] == [0, 1]
    page.goto(url(site_url, lang))
    page.fill("#review-text", json.dumps(RECORD))
    page.locator(".review-page__read").click()
    wait_loaded(page)
    page.locator(".review-page__start").click()
    wait_state(page, PANEL, "done")
    learn = want["summary"]["learn"]
    box = page.locator(f"{PANEL} .review__learn")
    assert box.is_visible()
    assert spaced(box.locator(".review__learn-title").text_content()) == learn["title"]
    assert spaced(box.locator(".review__learn-count").text_content()) == learn["count_text"]
    assert spaced(box.locator(".review__learn-about").text_content()) == spaced(learn["about"])
    assert not box.locator(".review__learn-tally").is_visible()
    return want


def wait_said(page: Any, said: str) -> None:
    page.wait_for_function(
        "([sel, said]) => { const p = document.querySelector(sel);"
        " return p.dataset.busy === 'false'"
        " && p.querySelector('.review__retry-said').textContent.split(/\\s+/).join(' ')"
        "    === said; }",
        arg=[PANEL, spaced(said)],
        timeout=REVIEW_MS,
    )


def wait_question(page: Any, index: int, n: int, total: int, lang: str) -> dict[str, Any]:
    """The replay of decision ``index`` shown, as the engine asks it."""
    asked = engine(index, lang)
    page.wait_for_function(
        "([sel, index]) => { const p = document.querySelector(sel);"
        " const r = p.querySelector('.review__retry');"
        " return p.dataset.busy === 'false' && !r.hidden && r.dataset.index === index"
        " && r.dataset.outcome === ''; }",
        arg=[PANEL, str(index)],
        timeout=REVIEW_MS,
    )
    retry = page.locator(f"{PANEL} .review__retry")
    assert spaced(retry.locator(".review__retry-prompt").text_content()) == asked["prompt"]
    labels = [spaced(t) for t in retry.locator(".review__choice").all_inner_texts()]
    assert labels == [c["label"] for c in asked["choices"]]
    where = spaced(retry.locator(".review__retry-where").text_content())
    assert str(n) in where and str(total) in where
    # Nothing tells the answer before a move is tried.
    assert retry.locator("[data-tried]").count() == 0
    assert spaced(retry.locator(".review__retry-said").text_content()) == ""
    return asked


def choice(page: Any, move: str) -> Any:
    return page.locator(f'{PANEL} .review__choice[data-move="{move}"]')


def tally(page: Any) -> str:
    page.wait_for_function(
        "(sel) => !document.querySelector(sel + ' .review__learn-tally').hidden", arg=PANEL
    )
    return spaced(page.locator(f"{PANEL} .review__learn-tally").text_content())


def learn_after(want: dict[str, Any], ended: dict[int, str], lang: str) -> dict[str, Any]:
    from engine.presentation.views.review import summary_view

    items = [
        {**x, **({"retry": ended[x["index"]]} if x["index"] in ended else {})}
        for x in want["items"]
    ]
    return summary_view(items, lang)["learn"]


def face_up_checked(page: Any, index: int, lang: str, touch: bool) -> None:
    """Decision ``index`` (shown) turned face up by touch or keyboard and solved to the
    end: every move's words the engine's, every exact value the solver's."""
    state = replay_round(parse_record(RECORD))
    d = rv.decisions(state, 0)[index]
    solved = solve(faceup.at_decision(state, d), spread=faceup.SPREAD)
    steps = faceup.solve_decision(state, d)
    for step in steps:
        if step.solved.exact:
            assert step.solved.value == solved.value_of(step.solved.move)
        else:
            assert solved.value_of(step.solved.move) <= solved.value - faceup.SPREAD
    found: list[int] = []
    texts = []
    for k in range(len(steps)):
        reply = face_up_view(RECORD, 0, None, index, k, found, lang)
        found = reply["found"]
        texts.append(reply["text"])
    box = page.locator(f'{PANEL} .review__faceup[data-index="{index}"]')
    opener = box.locator(".review__faceup-open")
    if touch:
        opener.tap()
    else:
        opener.focus()
        page.keyboard.press("Enter")
    page.wait_for_function(
        "(sel) => document.querySelector(sel)?.dataset.state === 'done'",
        arg=f'{PANEL} .review__faceup[data-index="{index}"]',
        timeout=REVIEW_MS,
    )
    shown = [spaced(t) for t in box.locator(".review__faceup-list li").all_inner_texts()]
    assert shown == [spaced(texts[k]) for k in reply["ranked"]]  # best first
    assert spaced(box.locator(".review__faceup-best").text_content()) == spaced(reply["best_text"])
    first = face_up_view(RECORD, 0, None, index, 0, [], lang)
    hands = [spaced(t) for t in box.locator(".review__faceup-hand").all_inner_texts()]
    assert hands == [spaced(h["text"]) for h in first["hands"]]
    assert spaced(box.locator(".review__faceup-about").text_content()) == spaced(first["about"])


def test_mistakes_replayed_by_keyboard(browser: Any, site_url: str) -> None:
    lang = "de"
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        want = reviewed(page, site_url, lang)
        j = want["judged"][0]
        face_up_checked(page, 0, lang, touch=False)
        page.locator(f"{PANEL} .review__learn-start").focus()
        page.keyboard.press("Enter")
        asked = wait_question(page, 0, 1, 2, lang)
        assert page.evaluate("document.activeElement.classList.contains('review__retry')")
        # A move outside the good tolerance: explained, the best not named, tried again.
        bad = next(v for v in j["values"] if v["mark"]["id"] in ("inaccuracy", "mistake"))
        told = engine(0, lang, move=bad["move"])
        assert told["accepted"] is False and told["outcome"] is None
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.classList.contains('review__choice')")
        choice(page, bad["move"]).focus()
        page.keyboard.press("Enter")
        wait_said(page, told["text"])
        assert choice(page, bad["move"]).get_attribute("aria-disabled") == "true"
        assert choice(page, bad["move"]).get_attribute("data-tried") == "bad"
        best_label = next(v["label"] for v in j["values"] if v["best"])
        said = page.locator(f"{PANEL} .review__retry-said").text_content()
        assert best_label not in said
        # A move within it, not the best: accepted.
        good = next(v for v in j["values"] if v["mark"]["id"] == "good")
        told = engine(0, lang, move=good["move"])
        assert told["accepted"] is True and told["outcome"] == "found"
        choice(page, good["move"]).focus()
        page.keyboard.press("Enter")
        wait_said(page, told["text"])
        assert page.evaluate("document.activeElement.classList.contains('review__retry-next')")
        assert all(b.is_disabled() for b in page.locator(f"{PANEL} .review__choice").all())
        assert tally(page) == learn_after(want, {0: "found"}, lang)["ended_text"]
        violations = axe_violations(page, [".md-content"])
        assert not violations, dumps(violations)
        # The next mistake, and the best move shown by keyboard.
        page.keyboard.press("Enter")
        wait_question(page, 1, 2, 2, lang)
        page.locator(f"{PANEL} .review__retry-show").focus()
        page.keyboard.press("Enter")
        shown = engine(1, lang, action="show")
        wait_said(page, shown["text"])
        assert page.locator(f"{PANEL} .review__retry .review__better svg").count() == 1
        # The last: the focus goes back to the summary's way out.
        assert page.evaluate("document.activeElement.classList.contains('review__retry-end')")
        assert tally(page) == learn_after(want, {0: "found", 1: "shown"}, lang)["ended_text"]
        page.keyboard.press("Enter")
        assert page.locator(f"{PANEL} .review__retry").is_hidden()
        assert page.evaluate("document.activeElement.classList.contains('review__learn-start')")
        assert asked["choices"]
        assert errors == [], errors
    finally:
        context.close()


def test_mistakes_replayed_by_touch_on_a_phone(browser: Any, site_url: str) -> None:
    lang = "pl"
    context = browser.new_context(
        has_touch=True, color_scheme="dark", viewport={"width": 360, "height": 740}
    )
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        want = reviewed(page, site_url, lang)
        page.locator(f"{PANEL} .review__next").tap()
        face_up_checked(page, 1, lang, touch=True)
        page.locator(f"{PANEL} .review__learn-start").tap()
        wait_question(page, 0, 1, 2, lang)
        # The move made again: explained.
        made = want["judged"][0]["move"]
        told = engine(0, lang, move=made)
        choice(page, made).tap()
        wait_said(page, told["text"])
        for b in page.locator(f"{PANEL} .review__retry button:visible").all():
            box = b.bounding_box()
            assert box["height"] >= 44 and box["width"] >= 44, b.inner_text()
        inside = ".review__drawing, .review__graph-table-wrap"
        assert wider_than(page, ".md-content", 360, inside=inside) == []
        violations = axe_violations(page, [".md-content"], COLOUR_RULES)
        assert not violations, dumps(violations)
        # Skipped: the next mistake comes at once.
        page.locator(f"{PANEL} .review__retry-skip").tap()
        wait_question(page, 1, 2, 2, lang)
        best = want["judged"][1]["best"]
        told = engine(1, lang, move=best)
        choice(page, best).tap()
        wait_said(page, told["text"])
        assert told["outcome"] == "found"
        assert tally(page) == learn_after(want, {0: "skipped", 1: "found"}, lang)["ended_text"]
        page.locator(f"{PANEL} .review__retry-end").tap()
        assert page.locator(f"{PANEL} .review__retry").is_hidden()
        assert errors == [], errors
    finally:
        context.close()
