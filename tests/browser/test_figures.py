"""Live figures in the browser: steppers step by buttons and keys and read each step out,
show every step without script, and cost no Pyodide; try-it figures start the engine on
the first move and show its verdict, in the page's language.
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import urlsplit

import pytest
from conftest import ENGINE_TIMEOUT_MS, axe_violations, held_engine

from engine import DominoError
from engine.core.words import strings
from engine.lang import fill
from engine.presentation import web

RULES_PAGES = ("block", "house-rules", "draw-and-all-fives")
LANGS = ("en", "fr", "pl", "de", "da")


def url(site_url: str, page: str, lang: str) -> str:
    return site_url + ("" if lang == "en" else f"{lang}/") + f"{page}/"


def expected(method: str, args: dict[str, Any], lang: str) -> dict[str, Any]:
    """What the engine in CPython answers; the browser must show the same."""
    return json.loads(web.call(json.dumps({"method": method, "args": args, "lang": lang})))


def visible_steps(stepper: Any) -> list[int]:
    return stepper.evaluate(
        "el => [...el.querySelectorAll('.domino-step')]"
        ".filter(s => s.checkVisibility()).map(s => Number(s.dataset.step))"
    )


# --- Steppers --------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "de"])
def test_stepper_steps_by_buttons_and_keys(page: Any, page_log: Any, site_url: str, lang: str):
    s = strings(lang)
    page.goto(url(site_url, "block", lang))
    stepper = page.locator(".domino-stepper").first
    steps = stepper.locator(".domino-step")
    total = steps.count()
    assert total == 4
    assert visible_steps(stepper) == [1]
    prev = stepper.get_by_role("button", name=s["stepper.prev"])
    next_ = stepper.get_by_role("button", name=s["stepper.next"])
    assert prev.is_disabled() and next_.is_enabled()
    live = stepper.locator(".domino-stepper__live")
    assert live.get_attribute("aria-live") == "polite"

    def caption(n: int) -> str:
        return " ".join(steps.nth(n - 1).locator("figcaption").text_content().split())

    next_.click()
    assert visible_steps(stepper) == [2]
    assert " ".join(live.text_content().split()) == caption(2)
    assert caption(2).startswith(s["stepper.count"].format(n=2, total=total))
    # The tile just played stands out: [1|1], laid at step 2.
    last = steps.nth(1).locator("svg .domino-last")
    assert last.count() == 1 and last.get_attribute("data-tile") == "1-1"

    page.keyboard.press("ArrowRight")
    assert visible_steps(stepper) == [3]
    page.keyboard.press("ArrowLeft")
    assert visible_steps(stepper) == [2]
    page.keyboard.press("End")
    assert visible_steps(stepper) == [total]
    assert next_.is_disabled()
    # The focus left the disabled button for one that still works.
    assert page.evaluate("document.activeElement.dataset.go") == "prev"
    page.keyboard.press("Home")
    assert visible_steps(stepper) == [1]
    assert page.evaluate("document.activeElement.dataset.go") == "next"
    # Enter on "next" up to the last step: the focus never leaves the stepper.
    for _ in range(total - 1):
        page.keyboard.press("Enter")
    assert visible_steps(stepper) == [total]
    assert page.evaluate("document.activeElement.dataset.go") == "prev"
    page.keyboard.press("Home")
    assert " ".join(live.text_content().split()) == caption(1)
    # Stepping asks nothing of the engine.
    assert page_log.engine_requests() == []
    assert page_log.errors() == []


def test_stepper_without_script_shows_every_step(browser: Any, site_url: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(url(site_url, "block", "fr"))
        for stepper in page.locator(".domino-stepper").all():
            n = stepper.locator(".domino-step").count()
            assert n > 1
            assert visible_steps(stepper) == list(range(1, n + 1))
            assert not stepper.locator(".domino-stepper__controls").is_visible()
        # A try-it figure stays a still figure: no tray without script.
        try_it = page.locator(".domino-try")
        assert try_it.locator("figure svg").is_visible()
        assert not try_it.locator(".domino-try__tray").is_visible()
    finally:
        context.close()


def test_whole_round_runs_from_the_deal_to_the_score(page: Any, site_url: str) -> None:
    s = strings("pl")
    page.goto(url(site_url, "block", "pl"))
    rnd = page.locator(".domino-round")
    n = rnd.locator(".domino-step").count()
    assert n >= 10
    first = rnd.locator(".domino-step").first.locator("figcaption").text_content()
    assert s["round.deal"].split(".")[0] in first
    rnd.get_by_role("button", name=s["stepper.next"]).focus()
    page.keyboard.press("End")
    last = " ".join(
        rnd.locator(".domino-step").nth(n - 1).locator("figcaption").text_content().split()
    )
    assert "7 + 8 − 3 = 12" in last


# --- Try-it figures --------------------------------------------------------------------


def start_of(page: Any, selector: str = ".domino-try") -> dict[str, Any]:
    root = page.locator(selector).first
    return {
        "preset": root.get_attribute("data-preset"),
        "plays": root.get_attribute("data-plays").split(),
        "hand": root.get_attribute("data-hand").split(),
    }


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_try_it_explains_an_illegal_move_and_draws_a_legal_one(
    page: Any, page_log: Any, site_url: str, lang: str, wait_engine_ready: Any
) -> None:
    page.goto(url(site_url, "block", lang), wait_until="networkidle")
    assert page_log.engine_requests() == [], "a reading page loaded the engine"
    root = page.locator(".domino-try")
    start = start_of(page)
    status = root.locator(".domino-try__status")
    figure_before = root.locator("figure").inner_html()

    # [2|5] fits neither end: the engine's own message, in the page's language.
    root.get_by_role("button", name="[2|5]").click()
    assert root.get_by_role("button", name="[2|5]").get_attribute("aria-pressed") == "true"
    wait_engine_ready(page)
    root.locator('.domino-end[data-end="left"]').click()
    message = DominoError("no_match", tile="[2|5]", end="left", value=1).message(lang)
    page.wait_for_function(
        "([el, text]) => el.textContent === text", arg=[status.element_handle(), message]
    )
    assert root.locator("figure").inner_html() == figure_before  # nothing changed

    # [4|4] on the right end is legal: drawn as the engine draws it, the move told.
    root.get_by_role("button", name="[4|4]").click()
    root.locator('.domino-end[data-end="right"]').click()
    reply = expected("try_move", {**start, "tile": "4-4", "end": "right"}, lang)["value"]
    page.wait_for_function(
        "([el, text]) => el.textContent === text", arg=[status.element_handle(), reply["caption"]]
    )
    assert root.locator("figure svg .domino-last").get_attribute("data-tile") == "4-4"
    assert root.locator("figure figcaption").inner_text() == reply["caption"]
    assert root.get_by_role("button", name="[4|4]").count() == 0
    labels = [b.inner_text() for b in root.locator(".domino-end").all()]
    assert labels == [e["label"] for e in reply["ends"]]

    # Reset puts the figure back.
    root.get_by_role("button", name=strings(lang)["try.reset"]).click()
    assert root.locator("figure").inner_html() == figure_before
    assert root.get_by_role("button", name="[4|4]").count() == 1
    assert status.inner_text() == strings(lang)["try.reset_done"]

    hosts = {urlsplit(u).netloc for u in page_log.requests if u.startswith("http")}
    assert hosts == {urlsplit(site_url).netloc}
    assert any(u.endswith("/engine-worker.js") for u in page_log.engine_requests())
    assert page_log.errors() == []


@pytest.mark.parametrize("lang", ["de", "da"])
def test_try_it_scores_a_play_on_the_spinner(
    page: Any, page_log: Any, site_url: str, lang: str, wait_engine_ready: Any
) -> None:
    page.goto(url(site_url, "draw-and-all-fives", lang))
    root = page.locator(".domino-try")
    start = start_of(page)
    assert start["preset"] == "all-fives"
    root.get_by_role("button", name="[0|5]").click()
    wait_engine_ready(page)
    root.locator('.domino-end[data-end="up"]').click()
    reply = expected("try_move", {**start, "tile": "0-5", "end": "up"}, lang)["value"]
    status = root.locator(".domino-try__status")
    page.wait_for_function(
        "([el, text]) => el.textContent === text", arg=[status.element_handle(), reply["caption"]]
    )
    assert fill(lang, strings(lang)["try.scored"], count=5) in reply["caption"]
    assert page_log.errors() == []


def test_try_it_works_by_keyboard(
    page: Any, page_log: Any, site_url: str, wait_engine_ready: Any
) -> None:
    page.goto(url(site_url, "block", "pl"))
    root = page.locator(".domino-try")
    start = start_of(page)
    root.get_by_role("button", name="[1|6]").focus()
    page.keyboard.press("Enter")
    wait_engine_ready(page)
    root.locator('.domino-end[data-end="left"]').focus()
    page.keyboard.press("Space")
    reply = expected("try_move", {**start, "tile": "1-6", "end": "left"}, "pl")["value"]
    status = root.locator(".domino-try__status")
    page.wait_for_function(
        "([el, text]) => el.textContent === text", arg=[status.element_handle(), reply["caption"]]
    )
    assert page_log.errors() == []


# --- Every page this issue touches ----------------------------------------------------


@pytest.mark.parametrize("page_name", RULES_PAGES)
def test_rules_pages_load_cleanly_in_every_language(
    page: Any, page_log: Any, site_url: str, page_name: str
) -> None:
    for lang in LANGS:
        page.goto(url(site_url, page_name, lang), wait_until="networkidle")
        # Every stepper is live, and a whole round has its own stepper.
        steppers = page.locator(".domino-stepper")
        assert steppers.count() >= 1
        for stepper in steppers.all():
            assert stepper.locator(".domino-stepper__controls").is_visible()
            assert len(visible_steps(stepper)) == 1
        assert page.locator(".domino-round").count() == 1
        assert page.evaluate("document.documentElement.dataset.engine") is None
    assert page_log.engine_requests() == []
    others = [u for u in page_log.requests if not u.startswith((site_url, "data:", "blob:"))]
    assert others == []
    assert page_log.errors() == [], "\n".join(page_log.errors())
    assert not any(re.search(r"pyodide", u) for u in page_log.requests)


# --- Accessibility ---------------------------------------------------------------------

LIVE = [".domino-stepper", ".domino-try"]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_live_figures_have_no_axe_violations(browser: Any, site_url: str, scheme: str) -> None:
    context = browser.new_context(color_scheme=scheme, viewport={"width": 360, "height": 780})
    try:
        page = context.new_page()
        found = {}
        for page_name in RULES_PAGES:
            for lang in LANGS:
                page.goto(url(site_url, page_name, lang))
                # A stepper mid-way, a chosen tile and a refused move: every state shows.
                page.locator(".domino-stepper [data-go=next]").first.click()
                if page.locator(".domino-try").count():
                    page.locator(".domino-try .domino-tile").first.click()
                violations = axe_violations(page, [s for s in LIVE if page.locator(s).count()])
                if violations:
                    found[f"{lang}/{page_name}"] = violations
        assert not found, json.dumps(found, indent=1, ensure_ascii=False)
    finally:
        context.close()


def test_live_figures_fit_a_phone(browser: Any, site_url: str) -> None:
    """At 360 px nothing of a live figure sticks out sideways."""
    context = browser.new_context(viewport={"width": 360, "height": 780})
    try:
        page = context.new_page()
        for page_name in RULES_PAGES:
            for lang in LANGS:
                page.goto(url(site_url, page_name, lang))
                wide = page.evaluate(
                    """() => [...document.querySelectorAll('.domino-stepper, .domino-try')]
                      .flatMap((fig) => [fig, ...fig.querySelectorAll('*')])
                      .filter((el) => el.getBoundingClientRect().width > 0)
                      .filter((el) => el.getBoundingClientRect().right > 360 + 0.5)
                      .map((el) => el.className.baseVal ?? el.className)"""
                )
                assert wide == [], f"{lang}/{page_name}: {wide[:5]}"
    finally:
        context.close()


def test_home_pages_load_the_figure_script_cleanly(page: Any, page_log: Any, site_url: str) -> None:
    """Every page loads the figures' script; on a page without figures it does nothing."""
    for lang in LANGS:
        page.goto(site_url + ("" if lang == "en" else f"{lang}/"), wait_until="networkidle")
        assert page.locator(".domino-stepper, .domino-try").count() == 0
    assert any(u.endswith("/assets/js/figures.js") for u in page_log.requests)
    assert page_log.engine_requests() == []
    assert page_log.errors() == []


def test_try_it_takes_a_tap_on_a_drawn_open_end(
    browser: Any, site_url: str, wait_engine_ready: Any
) -> None:
    context = browser.new_context(has_touch=True, viewport={"width": 360, "height": 780})
    try:
        page = context.new_page()
        page.goto(url(site_url, "draw-and-all-fives", "fr"))
        root = page.locator(".domino-try")
        start = start_of(page)
        root.get_by_role("button", name="[1|5]").tap()
        wait_engine_ready(page)
        root.locator('figure .domino-markers [data-end="down"]').tap()
        reply = expected("try_move", {**start, "tile": "1-5", "end": "down"}, "fr")["value"]
        page.wait_for_function(
            "(text) => document.querySelector('.domino-try figcaption').textContent === text",
            arg=reply["caption"],
        )
        assert root.locator("figure svg .domino-last").get_attribute("data-tile") == "1-5"
    finally:
        context.close()


def test_try_it_never_goes_back_to_choose_an_end_once_an_end_is_chosen(
    page: Any, page_log: Any, site_url: str
) -> None:
    """A tile picked while the engine starts, then an end: the engine's arrival must not
    say "choose an end" again over the move on its way (issue 39)."""
    held, release = held_engine(page.context)
    page.goto(url(site_url, "block", "de"))
    root = page.locator(".domino-try")
    start = start_of(page)
    tile = root.get_by_role("button", name="[4|4]")
    tile.click()
    picked = tile.get_attribute("data-picked")
    for _ in range(200):  # until the engine's start has asked for its worker or files
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the engine's start never asked for its worker"
    root.locator('.domino-end[data-end="right"]').click()
    page.evaluate(
        """() => {
          const status = document.querySelector(".domino-try__status");
          window.__said = [];
          new MutationObserver(() => window.__said.push(status.textContent)).observe(
            status, { childList: true, characterData: true, subtree: true });
        }"""
    )
    release()
    reply = expected("try_move", {**start, "tile": "4-4", "end": "right"}, "de")["value"]
    status = root.locator(".domino-try__status")
    page.wait_for_function(
        "([el, text]) => el.textContent === text",
        arg=[status.element_handle(), reply["caption"]],
        timeout=ENGINE_TIMEOUT_MS,
    )
    said = page.evaluate("window.__said")
    assert picked not in said, said
    assert page_log.errors() == []
