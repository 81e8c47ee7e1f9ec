"""The review page in the browser: the practice page's downloaded record reviewed with the
same words and numbers the practice page's own review showed (and the command line
accepts the same file); a record written by hand, pasted and reviewed by keyboard alone;
a match record's round chosen, and the match summed up; a bad record told in the page's
language, in all five, changing nothing; touch on a 360 px phone; no axe-core violation in
light and dark mode, in all five languages; no console error.

What the page must show comes from the engine in CPython (``engine.presentation.views.review``, the
same defaults as the page: seed 0 and the default budget) and its language tables.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import COLOUR_RULES, axe_violations, only_this_host, wider_than
from review_helpers import (
    REPO,
    REVIEW_MS,
    assert_same,
    dumps,
    expected,
    finished_match,
    page_record,
    read_review,
    shown_step,
    spaced,
    wait_state,
    words,
)
from test_practice_page import open_page, play_round, saved, start_game
from test_practice_page import words as practice_words

from engine.core.words import strings, text
from engine.features import practice
from engine.lang import LANGUAGES, fill
from engine.presentation import web
from engine.presentation.views.practice import game_view as practice_view

PANEL = "#review-panel"
PRACTICE_PANEL = ".practice__end .review"
BAD_PLAYS = ["4-5", "1-1"]  # [1|1] fits no open end of [4|5]


def url(site_url: str, lang: str) -> str:
    return site_url + ("" if lang == "en" else f"{lang}/") + "review/"


def engine_error(record: Any, lang: str) -> str:
    """The engine's message for a record it cannot review, sent as the page sends it: as
    text (``record`` given as data is sent as its JSON)."""
    record_text = record if isinstance(record, str) else json.dumps(record)
    args = {"record_text": record_text, "seat": 0}
    request = {"method": "review_decisions", "args": args, "lang": lang}
    reply = json.loads(web.call(json.dumps(request)))
    assert reply["ok"] is False, reply
    message: str = reply["error"]
    return message


def wait_loaded(page: Any) -> None:
    page.wait_for_function(
        "() => { const r = document.querySelector('.review-page');"
        " return r.dataset.loaded === 'true' && r.dataset.busy === 'false'; }",
        timeout=REVIEW_MS,
    )


def wait_idle(page: Any) -> None:
    page.wait_for_function(
        "() => document.querySelector('.review-page').dataset.busy === 'false'"
        " && (document.querySelector('.review-page__status').textContent !== ''"
        " || document.querySelector('.review-page__error') !== null)",
        timeout=REVIEW_MS,
    )


def status(page: Any) -> str:
    return spaced(page.locator(".review-page__status").text_content())


def paste(page: Any, record: str) -> None:
    page.fill("#review-text", record)
    page.locator(".review-page__read").click()


def broken(record: str) -> tuple[str, int, int]:
    """``record`` (JSON text) broken, the colon after ``"players"`` taken out, and the
    line and column of the break, counted from the text itself."""
    assert '"players": ' in record
    bad = record.replace('"players": ', '"players" ', 1)
    at = bad.index('"players" ') + len('"players" ')
    line = bad[:at].count("\n") + 1
    return bad, line, at - (bad.rfind("\n", 0, at) + 1) + 1


def said_at(page: Any, field: str, message: str) -> None:
    """``message`` is said once, next to ``field`` (an id), inside the viewport: the field
    is marked invalid, described by it and focused; the status line says nothing."""
    page.wait_for_function(
        "(id) => document.activeElement?.id === id"
        " && document.querySelector('.review-page').dataset.busy === 'false'",
        arg=field,
    )
    note = page.locator(f"#{field}-error")
    assert spaced(note.text_content()) == spaced(message)
    assert page.locator(f"#{field}").get_attribute("aria-invalid") == "true"
    assert f"{field}-error" in page.locator(f"#{field}").get_attribute("aria-describedby")
    assert status(page) == ""
    box, size = note.bounding_box(), page.viewport_size
    assert box is not None and box["height"] > 0
    assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"], box
    assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], box
    # The field and its message are seen together.
    field_box = page.locator(f"#{field}").bounding_box()
    assert abs(box["y"] - (field_box["y"] + field_box["height"])) < 80, (box, field_box)


def seat_options(page: Any) -> list[str]:
    return [spaced(t) for t in page.locator("#review-seat option").all_text_contents()]


# --- The whole path: practice page, download, review page, command line ----------------


def test_a_downloaded_practice_record_is_reviewed_as_the_practice_page_reviewed_it(
    page: Any, page_log: Any, site_url: str, tmp_path: Path
) -> None:
    lang = "da"
    w = words(lang)
    root = open_page(page, site_url, lang, "?seed=4242")
    start_game(root, lang, players=2)
    assert play_round(page, root) == "round-over"
    save = saved(page)
    pv = practice_view(save, lang)
    you = pv["you"]
    assert pv["seats"][you]["name"] == text(lang, "practice.you", seat=you + 1)

    # The practice page's review of the round, at its end.
    root.locator(".practice__review").click()
    on_practice = read_review(page, PRACTICE_PANEL)
    root.locator(".practice__menu summary").click()
    with page.expect_download() as info:
        root.get_by_role("button", name=practice_words(lang)["download"]).click()
    path = tmp_path / info.value.suggested_filename
    info.value.save_as(path)
    record = json.loads(path.read_text(encoding="utf-8"))
    want = expected(record, you, 0, lang)
    assert want["listed"]["count"] > 0, "the seed gives the reader no decision: choose another"
    assert_same(on_practice, want, lang)
    assert on_practice["match_shown"]
    assert on_practice["match_count"] == fill(lang, w["match_rounds"], done=1, total=1)
    assert on_practice["match"] == spaced(want["summary"]["share_text"])

    # The same file on the review page: the reader's seat is offered as the practice page
    # numbered it, and the review is the same, word for word and number for number.
    page.goto(url(site_url, lang))
    page.set_input_files("#review-file", str(path))
    wait_loaded(page)
    assert status(page) == spaced(fill(lang, w["read_done"], game=want["listed"]["game"]))
    assert seat_options(page) == [fill(lang, w["seat_option"], seat=k + 1) for k in range(2)]
    chosen = page.locator("#review-seat").evaluate("s => s.options[s.selectedIndex].text")
    assert chosen == fill(lang, w["seat_option"], seat=you + 1)
    assert page.locator(".review-page__round").is_hidden()  # one round: nothing to choose
    page.locator(".review-page__start").click()
    on_review = read_review(page, PANEL)
    assert_same(on_review, want, lang)
    same = ("title", "game", "intro", "count", "share", "marks", "key", "steps")
    assert {k: on_review[k] for k in same} == {k: on_practice[k] for k in same}
    assert not on_review["match_shown"]  # a record of one round: the round is the match

    # The command line accepts the same file, and says the same.
    command = [sys.executable, "-m", "engine", "review", str(path), "--seat", str(you + 1)]
    cli = subprocess.run(
        [*command, "--json", "--lang", lang],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert cli.returncode == 0, cli.stderr
    told = json.loads(cli.stdout)
    assert [j["verdict"] for j in told["judged"]] == [j["verdict"] for j in want["judged"]]
    assert told["summary"]["share_text"] == want["summary"]["share_text"]
    only_this_host(page_log, site_url)


def test_a_match_record_reviews_the_round_chosen_and_sums_up_the_match(
    page: Any, page_log: Any, site_url: str, tmp_path: Path
) -> None:
    lang = "en"
    w = words(lang)
    save = finished_match("block", 3, 21, rounds=2)
    record = practice.match_record(save)
    assert len(record["rounds"]) == 2
    path = tmp_path / "match.json"
    path.write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")  # pretty-printed
    page.goto(url(site_url, lang))
    page.set_input_files("#review-file", str(path))
    wait_loaded(page)
    assert page.locator(".review-page__round").is_visible()
    rounds = [spaced(t) for t in page.locator("#review-round option").all_text_contents()]
    assert rounds == [fill(lang, w["round_option"], round=k) for k in (1, 2)]
    assert seat_options(page) == [fill(lang, w["seat_option"], seat=k) for k in (1, 2, 3)]

    page.select_option("#review-round", "1")
    page.locator(".review-page__start").click()
    second = expected(record, 0, 1, lang)
    shown = read_review(page, PANEL)
    assert_same(shown, second, lang)
    assert shown["match_count"] == fill(lang, w["match_rounds"], done=1, total=2)

    page.select_option("#review-round", "0")
    page.locator(".review-page__start").click()
    first = expected(record, 0, 0, lang)
    page.wait_for_function(
        "(t) => document.querySelector('#review-panel .review__title').textContent === t",
        arg=first["listed"]["title"],
    )
    shown = read_review(page, PANEL)
    assert_same(shown, first, lang)
    # The match: both rounds reviewed, each counted once, round by round.
    from engine.presentation.views.review import summary_view

    match = summary_view(first["items"] + second["items"], lang)
    assert shown["match_count"] == fill(lang, w["match_rounds"], done=2, total=2)
    assert shown["match"] == spaced(match["share_text"])
    assert shown["match_rounds"] == [spaced(r["text"]) for r in match["rounds"]]

    # A bad paste is told by its line and column; the record, seat, round and review
    # on the page stay as they were.
    page.select_option("#review-seat", "2")
    page.select_option("#review-round", "1")
    no_json, line, column = broken(json.dumps(record, indent=2))
    paste(page, no_json)
    message = text(lang, "error.record_bad_json", at=line, column=column)
    said_at(page, "review-text", f"{message} {w['unchanged']}")
    assert page.locator("#review-round").input_value() == "1"
    assert page.locator("#review-seat").input_value() == "2"
    assert page.locator(".review-page__round").is_visible()
    assert seat_options(page) == [fill(lang, w["seat_option"], seat=k) for k in (1, 2, 3)]
    assert len(page.locator("#review-round option").all_text_contents()) == 2
    after = read_review(page, PANEL, step=False)
    kept = ("title", "intro", "count", "share", "key", "match", "match_rounds", "match_count")
    assert {k: after[k] for k in kept} == {k: shown[k] for k in kept}
    assert page_log.errors() == [], "\n".join(page_log.errors())


# --- A record written by hand, by keyboard alone -----------------------------------------


def test_a_hand_written_record_pasted_and_reviewed_by_keyboard_alone(
    page: Any, page_log: Any, site_url: str
) -> None:
    lang = "fr"
    w = words(lang)
    record = page_record(lang)
    want = expected(json.loads(record), 1, None, lang)
    page.goto(url(site_url, lang))
    page.locator("#review-file").focus()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "review-text"
    page.keyboard.insert_text(record)
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")  # "Read the pasted record"
    wait_loaded(page)
    assert page.evaluate("document.activeElement.id") == "review-seat"
    assert status(page) == spaced(fill(lang, w["read_done"], game=want["listed"]["game"]))
    page.keyboard.press("ArrowDown")  # seat 2
    assert page.locator("#review-seat").input_value() == "1"
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")  # "Review"
    wait_state(page, PANEL, "done")
    assert page.evaluate("document.activeElement.classList.contains('review__title')")
    # On a wide screen the move made and the engine's choice are drawn one above the
    # other, each as wide as the column (side by side, a long line was drawn half as big).
    page.set_viewport_size({"width": 1280, "height": 800})
    widths = page.evaluate(
        """(panel) => {
          const moves = document.querySelector(`${panel} .review__moves`);
          const figures = [...moves.querySelectorAll(":scope > .review__figure")];
          return [moves.clientWidth, ...figures.map((f) => f.getBoundingClientRect().width)];
        }""",
        PANEL,
    )
    assert len(widths) == 3 and min(widths[1:]) >= 0.95 * widths[0], widths

    # The decisions, one at a time, by Tab and the arrow keys; each as the engine said.
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.classList.contains('review__next')")
    count = want["listed"]["count"]
    assert count >= 2
    steps = []
    for k in range(count):
        steps.append(shown_step(page, PANEL))
        if k < count - 1:
            page.keyboard.press("ArrowRight")
    live = spaced(page.locator(f"{PANEL} .review__live").text_content())
    last = want["judged"][-1]
    assert live == spaced(f"{want['listed']['decisions'][-1]['label']}. {last['verdict']}")
    shown = read_review(page, PANEL, step=False)
    shown["steps"] = steps
    assert_same(shown, want, lang)
    page.keyboard.press("Home")
    assert page.locator(f"{PANEL} .review__decision").get_attribute("data-index") == "0"
    page.keyboard.press("End")
    assert page.locator(f"{PANEL} .review__decision").get_attribute("data-index") == str(count - 1)
    # At the last decision the focus left the disabled Next for Previous.
    assert page.evaluate("document.activeElement.classList.contains('review__prev')")
    page.keyboard.press("Enter")
    assert page.locator(f"{PANEL} .review__decision").get_attribute("data-index") == str(count - 2)

    # Every move's value opens by keyboard.
    details = page.locator(f"{PANEL} .review__values")
    details.locator("summary").focus()
    page.keyboard.press("Enter")
    assert details.get_attribute("open") is not None
    # A decision of the graph's table opens by keyboard.
    page.locator(f'{PANEL} .review__graph-table .review__goto[data-index="1"]').focus()
    page.keyboard.press("Enter")
    assert page.locator(f"{PANEL} .review__decision").get_attribute("data-index") == "1"
    # A key moment opens its decision.
    key = want["summary"]["key"]
    if key:
        page.locator(f"{PANEL} .review__goto").first.focus()
        page.keyboard.press("Enter")
        index = page.locator(f"{PANEL} .review__decision").get_attribute("data-index")
        assert index == str(key[0]["index"])
    assert page_log.errors() == [], "\n".join(page_log.errors())


# --- A bad record, in every language ------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_bad_record_gets_the_engines_message_and_changes_nothing(
    page: Any, page_log: Any, site_url: str, lang: str, tmp_path: Path
) -> None:
    w = words(lang)
    good = page_record(lang)
    page.set_viewport_size({"width": 1280, "height": 800})  # a laptop (a phone: below)
    page.goto(url(site_url, lang))
    paste(page, good)
    wait_loaded(page)
    page.select_option("#review-seat", "1")
    game = spaced(page.locator(".review-page__game").text_content())
    reviewed = None
    if lang == "en":  # a review on the page stays too
        page.locator(".review-page__start").click()
        reviewed = read_review(page, PANEL, step=False)

    def unchanged() -> None:
        assert spaced(page.locator(".review-page__game").text_content()) == game
        assert page.locator("#review-seat").input_value() == "1"
        assert len(seat_options(page)) == 2
        if reviewed is not None:
            assert read_review(page, PANEL, step=False) == reviewed

    # A tile that fits no open end: the engine's message, at the pasted text, once.
    bad = json.loads(good) | {"plays": BAD_PLAYS}
    paste(page, json.dumps(bad))
    message = engine_error(bad, lang)
    said_at(page, "review-text", f"{message} {w['unchanged']}")
    unchanged()

    # Text that is no JSON: the engine names the line and column where it breaks, in the
    # page's language (none of the JSON reader's English words).
    no_json, line, column = broken(good)
    assert line > 1
    paste(page, no_json)
    message = engine_error(no_json, lang)
    assert message == text(lang, "error.record_bad_json", at=line, column=column)
    said_at(page, "review-text", f"{message} {w['unchanged']}")
    unchanged()

    # Too deep, or a file too large: refused before it is read, at the paste or the file.
    paste(page, "[" * 100 + "]" * 100)
    said_at(page, "review-text", f"{w['paste_depth']} {w['unchanged']}")
    large = {"name": "big.json", "mimeType": "application/json", "buffer": b" " * 300_000}
    page.set_input_files("#review-file", files=[large])
    said_at(page, "review-file", f"{w['file_size']} {w['unchanged']}")
    # One field is marked at a time.
    assert page.locator("#review-text-error").count() == 0
    assert page.locator("#review-text").get_attribute("aria-invalid") is None
    unchanged()
    # A file with the bad record: the same message, at the file, nothing changed.
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    page.evaluate("document.querySelector('#review-file-error').textContent = ''")
    page.set_input_files("#review-file", str(path))
    page.wait_for_function("() => document.querySelector('#review-file-error').textContent")
    said_at(page, "review-file", f"{engine_error(bad, lang)} {w['unchanged']}")
    unchanged()

    # The good record again clears the mark at the pasted text.
    paste(page, good)
    page.wait_for_function(
        "() => !document.querySelector('#review-text').hasAttribute('aria-invalid')"
        " && document.querySelector('.review-page').dataset.busy === 'false'",
        timeout=REVIEW_MS,
    )
    assert page.locator("#review-text-error, #review-file-error").count() == 0
    assert page_log.errors() == [], "\n".join(page_log.errors())


# --- Touch on a phone ----------------------------------------------------------------------


def test_touch_on_a_phone(browser: Any, site_url: str) -> None:
    context = browser.new_context(has_touch=True, viewport={"width": 360, "height": 740})
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        lang = "pl"
        record = page_record(lang)
        want = expected(json.loads(record), 0, None, lang)
        page.goto(url(site_url, lang))
        # The record written by hand scrolls in its own box (a code block).
        assert wider_than(page, ".md-content", 360, inside="pre") == []
        # A refused record is told where the reader is, on a phone too.
        bad = json.loads(record) | {"plays": BAD_PLAYS}
        page.fill("#review-text", json.dumps(bad))
        page.locator(".review-page__read").tap()
        said_at(page, "review-text", f"{engine_error(bad, lang)} {words(lang)['unchanged']}")
        page.fill("#review-text", record)
        page.locator(".review-page__read").tap()
        wait_loaded(page)
        page.locator(".review-page__start").tap()
        wait_state(page, PANEL, "done")
        # On a phone the tables are the drawings that turn sooner.
        step = page.locator(f"{PANEL} .review__decision")
        drawn = step.locator(".review__played .review__drawing")
        assert drawn.get_attribute("data-fit") == "narrow"
        box = drawn.locator("svg").get_attribute("viewBox")
        assert box is not None and f'viewBox="{box}"' in want["judged"][0]["played_svg_narrow"]
        page.locator(f"{PANEL} .review__next").tap()
        assert step.get_attribute("data-index") == "1"
        assert shown_step(page, PANEL)["verdict"] == spaced(
            f"{want['judged'][1]['mark']['name']} {want['judged'][1]['verdict']}"
        )
        step.locator(".review__values summary").tap()
        assert step.locator(".review__value-list").is_visible()
        page.locator(f"{PANEL} .review__prev").tap()
        assert step.get_attribute("data-index") == "0"
        # The round's graph: a tap on its last point opens that decision; its text is
        # legible (10 px or more) and its points a fingertip's target.
        graph = page.locator(f"{PANEL} .review__graph-drawing svg")
        graph.scroll_into_view_if_needed()
        sizes = graph.evaluate(
            """(svg) => {
              const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
              return [...svg.querySelectorAll("text")].map((t) => 10 * scale)
                .concat([...svg.querySelectorAll(".review-graph__point rect")]
                .map((r) => r.getBoundingClientRect().width)); }"""
        )
        assert sizes and min(sizes[: -len(want["judged"])]) >= 10, sizes  # the text
        assert min(sizes[-len(want["judged"]) :]) >= 24, sizes  # the points' targets
        last = want["listed"]["count"] - 1
        point = page.locator(f'{PANEL} .review-graph__point[data-index="{last}"] rect')
        box = point.bounding_box()
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        assert step.get_attribute("data-index") == str(last)
        inside = "pre, .review__drawing, .review__graph-table-wrap"
        assert wider_than(page, ".md-content", 360, inside=inside) == []
        for selector in (".review-page__read", ".review-page__start", f"{PANEL} .review__next"):
            box = page.locator(selector).bounding_box()
            assert box["height"] >= 44 and box["width"] >= 44, selector
        assert errors == []
    finally:
        context.close()


# --- Accessibility -----------------------------------------------------------------------


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_review_pages_have_no_axe_violations(browser: Any, site_url: str, scheme: str) -> None:
    """Every rule in light mode, the colour rules in dark; on each language's page, with a
    round reviewed (a move's values open) and with a bad record's message."""
    context = browser.new_context(color_scheme=scheme, viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        found = {}
        only = None if scheme == "light" else COLOUR_RULES
        for lang in LANGUAGES:
            page.goto(url(site_url, lang))
            violations = axe_violations(page, [".md-content"], only)
            if violations:
                found[f"{lang} empty"] = violations
            record = page_record(lang)
            paste(page, record)
            wait_loaded(page)
            page.locator(".review-page__start").click()
            wait_state(page, PANEL, "done")
            page.locator(f"{PANEL} .review__values summary").click()
            violations = axe_violations(page, [".md-content"], only)
            if violations:
                found[f"{lang} reviewed"] = violations
            paste(page, json.dumps(json.loads(record) | {"plays": BAD_PLAYS}))
            wait_idle(page)
            violations = axe_violations(page, [".md-content"], only)
            if violations:
                found[f"{lang} refused"] = violations
        assert not found, dumps(found)
        assert errors == []
    finally:
        context.close()


def test_the_strings_the_page_fills_are_the_engines() -> None:
    """The page words the review's scripts fill are plain ``{name}`` fields, each filled
    by the names the scripts give (checked here, since the browser shows them only once
    something happened)."""
    filled = {
        "read_done": {"game"},
        "rounds": {"count"},
        "seat_option": {"seat"},
        "round_option": {"round"},
        "progress": {"done", "total"},
        "stopped": {"done", "total"},
        "mark_count": {"mark", "count"},
        "match_rounds": {"done", "total"},
    }
    for lang in LANGUAGES:
        w = words(lang)
        for key, names in filled.items():
            fields = {f[1:-1] for f in re.findall(r"\{\w+\}", w[key])}
            assert fields == names, (lang, key, w[key])
        assert strings(lang)["review_page.review_round"]
