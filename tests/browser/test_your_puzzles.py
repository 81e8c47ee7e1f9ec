"""The reader's own puzzles in the browser, on the reader's whole path: a practice match's
last round reviewed on the practice page keeps the one decision the engine says can be
one of the reader's puzzles (a mistake, one move clearly best), as the engine writes it in
CPython (``engine.features.yours``); the puzzles page lists it and plays it (a wrong move
explained, the best accepted, every word the engine's: ``engine.presentation.views.
yours``), keeps how the try ended, and lists it as found; the progress page exports it
with the profile, and the file imported into a cleared browser brings it back; kept
puzzles edited by hand are refused in the page's language, and kept as they were. By
keyboard in German at 1280×800 (light, every axe rule) and by touch in Danish on a
360×740 phone (dark, the colour rules); no console error.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import COLOUR_RULES, axe_violations, device, wider_than
from review_helpers import spaced, wait_state
from test_practice_page import STORAGE_KEY, open_page, wait_ready
from test_progress_page import press, wait_drawn
from test_progress_page import url as progress_url
from test_puzzles_page import ANSWER_MS, browser_day
from test_puzzles_page import url as puzzles_url
from test_web_fuzz import finished_match

from engine.core.errors import DominoError
from engine.core.words import strings
from engine.features import practice, yours
from engine.features import review as rv
from engine.presentation.views.yours import add_view, list_view, play_view
from hooks import kit

KEY = kit.YOURS_STORE
PANEL = ".practice__end .review"
SECTION = ".puzzles__yours"
SAVE = finished_match("block", 2, 5)
"""A match over whose last round (17th) has one decision of the reader's that can be one
of their puzzles: the first."""
ROUND = 16


def kept(page: Any) -> Any:
    text = page.evaluate("(k) => localStorage.getItem(k)", KEY)
    return None if text is None else json.loads(text)


def said(page: Any, text: str) -> None:
    page.wait_for_function(
        "([sel, text]) => { const s = document.querySelector(sel);"
        " return s.dataset.busy === 'false'"
        " && s.querySelector('.puzzles__yours-said').textContent.split(/\\s+/).join(' ')"
        "    === text; }",
        arg=[SECTION, spaced(text)],
        timeout=ANSWER_MS,
    )


@pytest.mark.parametrize(
    ("lang", "touch", "scheme"), [("de", False, "light"), ("da", True, "dark")]
)
def test_a_decision_gone_wrong_becomes_a_puzzle_played_and_exported(
    browser: Any, site_url: str, lang: str, touch: bool, scheme: str, tmp_path: Path
) -> None:
    record = practice.match_record(SAVE)
    state = rv.load_round(record, ROUND)[0]
    found = [
        d.index
        for d in rv.decisions(state, practice.YOU)
        if rv.clearly_best(rv.judge_decision(d, seed=0))
    ]
    assert found == [0]
    context, page, errors = device(browser, touch, scheme)
    try:
        # The practice page: the match's last round reviewed keeps the decision.
        root = open_page(page, site_url, lang)
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [STORAGE_KEY, json.dumps(SAVE)])
        page.reload()
        root = open_page(page, site_url, lang)
        assert wait_ready(page) == "match-over"
        press(page, root.locator(".practice__review"), touch)
        wait_state(page, PANEL, "done")
        page.wait_for_function(
            "(k) => localStorage.getItem(k) !== null", arg=KEY, timeout=ANSWER_MS
        )
        day = browser_day(page)
        want = yours.yours_data((yours.make(record, ROUND, practice.YOU, 0, day),))
        assert kept(page) == want
        # Said, with the way to them.
        note = root.locator(".practice__yours")
        told = add_view(None, record, ROUND, practice.YOU, 0, day, lang)["said"]
        page.wait_for_function(
            "(t) => document.querySelector('.practice__yours-text').textContent === t",
            arg=told,
            timeout=ANSWER_MS,
        )
        assert note.is_visible()
        link = note.locator("a")
        assert link.inner_text() == strings(lang)["page.practice.yours_link"]
        ident = want["puzzles"][0]["id"]

        # The puzzles page, by the link: it lists the puzzle, as the engine does.
        press(page, link, touch)
        page.wait_for_url(puzzles_url(site_url, lang) + "#puzzles-yours-title")
        listed = list_view(want, lang)
        section = page.locator(SECTION)
        page.wait_for_function(
            "([sel, text]) => document.querySelector(sel + ' .puzzles__yours-count')"
            ".textContent === text",
            arg=[SECTION, listed["text"]],
            timeout=ANSWER_MS,
        )
        item = section.locator(".puzzles__yours-open")
        assert item.count() == 1
        assert spaced(item.inner_text()) == listed["items"][0]["label"]
        outcome = section.locator(".puzzles__yours-outcome")
        assert outcome.inner_text() == listed["items"][0]["outcome_text"]

        # Played: the question, a wrong move explained, the best accepted.
        press(page, item, touch)
        asked = play_view(want, ident, lang)
        page.wait_for_function(
            "(sel) => document.querySelector(sel).dataset.state === 'playing'"
            " && document.querySelector(sel).dataset.busy === 'false'",
            arg=SECTION,
            timeout=ANSWER_MS,
        )
        play = section.locator(".puzzles__yours-play")
        assert page.evaluate("document.activeElement.classList.contains('puzzles__yours-play')")
        assert spaced(play.locator(".review__retry-prompt").inner_text()) == spaced(asked["prompt"])
        assert spaced(play.locator(".review__known").inner_text()) == spaced(asked["known"])
        assert spaced(play.locator("figcaption").first.inner_text()) == spaced(asked["caption"])
        choices = play.locator(".review__choice")
        assert [spaced(c) for c in choices.all_inner_texts()] == [
            c["label"] for c in asked["choices"]
        ]
        d = rv.decision(rv.load_round(want["puzzles"][0]["record"])[0], practice.YOU, 0)
        judged = rv.judge_decision(d, seed=0)
        bad = next(
            str(m) for i, m in enumerate(d.moves) if judged.values[i].mark not in rv.GOOD_MARKS
        )
        best = str(judged.better.move)
        wrong = play_view(want, ident, lang, move=bad)
        press(page, play.locator(f'.review__choice[data-move="{bad}"]'), touch)
        said(page, wrong["text"])
        assert play.get_attribute("data-outcome") == ""
        assert kept(page) == want  # a wrong move: the try goes on, nothing kept yet
        right = play_view(want, ident, lang, move=best)
        assert right["accepted"] is True
        press(page, play.locator(f'.review__choice[data-move="{best}"]'), touch)
        said(page, right["text"])
        assert play.get_attribute("data-outcome") == "found"
        assert kept(page) == right["yours"]
        assert right["yours"]["puzzles"][0]["outcome"] == "found"
        if touch:
            assert wider_than(page, ".md-content", 360) == []
            for b in section.locator("button:visible").all():
                assert b.bounding_box()["height"] >= 44, b.inner_text()
        violations = axe_violations(page, [SECTION], COLOUR_RULES if touch else None)
        assert violations == [], violations

        # Back to the list: found, and the focus on the puzzle.
        press(page, section.locator(".puzzles__yours-back"), touch)
        now = list_view(right["yours"], lang)
        page.wait_for_function(
            "([sel, text]) => document.querySelector(sel + ' .puzzles__yours-count')"
            ".textContent === text && document.querySelector(sel).dataset.busy === 'false'",
            arg=[SECTION, now["text"]],
            timeout=ANSWER_MS,
        )
        assert outcome.inner_text() == now["items"][0]["outcome_text"]
        assert page.evaluate("document.activeElement.dataset.id") == ident

        # Exported with the profile, the browser cleared, imported: back as it was.
        page.goto(progress_url(site_url, lang))
        wait_drawn(page)
        with page.expect_download() as info:
            press(page, page.locator(".progress__export"), touch)
        path = tmp_path / info.value.suggested_filename
        info.value.save_as(path)
        assert json.loads(path.read_text(encoding="utf-8"))["yours"] == right["yours"]
        page.evaluate("() => localStorage.clear()")
        page.reload()
        wait_drawn(page, "empty")
        page.locator("#progress-file").set_input_files(str(path))
        page.wait_for_function(
            "(k) => localStorage.getItem(k) !== null", arg=KEY, timeout=ANSWER_MS
        )
        assert kept(page) == right["yours"]

        # Kept puzzles edited by hand: refused in the page's language, nothing changed.
        edited = json.loads(json.dumps(right["yours"]))
        edited["puzzles"][0]["index"] = 1
        text = json.dumps(edited)
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [KEY, text])
        page.goto(puzzles_url(site_url, lang))
        told = DominoError("bad_progress").message(lang)
        page.wait_for_function(
            "([sel, text]) => document.querySelector(sel + ' .puzzles__yours-count')"
            ".textContent === text",
            arg=[SECTION, told],
            timeout=ANSWER_MS,
        )
        assert page.locator(f"{SECTION} .puzzles__yours-open").count() == 0
        assert page.evaluate("(k) => localStorage.getItem(k)", KEY) == text
        assert errors == []
    finally:
        context.close()
