"""One start of the engine a visit (issue 41).

The engine runs in a shared worker with an extended lifetime (engine-client.js): it
outlives the page that started it, and the visit's next pages connect to it, already
started, instead of starting Python again. A visit of three pages, in two languages
(French, then German by the language menu), with the site's Content-Security-Policy, is
answered by one start: every page shows the same start mark (``<html
data-engine-boot>``), and the engine's worker script is asked for once. Online, and
offline (after one visit that cached the engine, the network gone and the old worker
ended, a new visit starts it once from the caches, restoring its snapshot); no policy
violation and no console error on the way.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from conftest import ENGINE_TIMEOUT_MS, Served
from test_csp import LISTEN, VIOLATIONS, _policy
from test_offline import CONTROLLED, engine_cached, engine_urls, start_practice

from scripts.bench_browser import PUZZLE_SHOWN, SNAPSHOT_KEPT
from scripts.site_server import end_engine, wait_until

BOOT = "() => document.documentElement.dataset.engineBoot ?? null"
# The try-it figure's move shown (its status says the engine's caption).
MOVED = """() => !!document.querySelector(".domino-try figure svg .domino-last[data-tile='4-4']")"""


@pytest.fixture
def served(site_dir: Path, tmp_path: Path) -> Iterator[Served]:
    copy = Served(site_dir, tmp_path / "site", policy=_policy(site_dir))
    yield copy
    copy.stop()


def worker_scripts(requests: list[Any]) -> list[str]:
    """The requests for the engine's worker script made by pages (a worker's start), not
    the service worker's precache."""
    return [
        r.url
        for r in requests
        if r.url.split("?")[0].endswith("/assets/js/engine-worker.js") and r.service_worker is None
    ]


@pytest.mark.parametrize("network", ["online", "offline"])
def test_three_pages_of_a_visit_in_two_languages_start_the_engine_once(
    browser: Any, served: Served, network: str
) -> None:
    context = browser.new_context()
    try:
        context.add_init_script(LISTEN)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(f"pageerror: {error}"))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        if network == "offline":
            # A first visit caches the site and the engine; then the network goes, and
            # the browser ends the worker (no page uses it any more).
            page.goto(served.url + "practice/")
            start_practice(page, "en")
            engine_cached(page, engine_urls(served))
            wait_until(page, SNAPSHOT_KEPT, None, ENGINE_TIMEOUT_MS)
            page.wait_for_function(f"() => {CONTROLLED}", timeout=ENGINE_TIMEOUT_MS)
            page.evaluate("localStorage.clear()")  # its match: the visit starts a new one
            end_engine(context, page)
            served.stop()
            context.set_offline(True)
        requests: list[Any] = []
        context.on("request", lambda request: requests.append(request))

        # The French Block page: the try-it figure's first move starts the engine.
        page.goto(served.url + "fr/block/")
        try_it = page.locator(".domino-try")
        try_it.get_by_role("button", name="[4|4]").click()
        try_it.locator('.domino-end[data-end="right"]').click()
        page.wait_for_function(MOVED, timeout=ENGINE_TIMEOUT_MS)
        start = page.evaluate(BOOT)
        assert start
        # Offline, a later visit: the engine restored from its snapshot (test_snapshot.py).
        started = "snapshot" if network == "offline" else "files"
        assert page.evaluate("document.documentElement.dataset.engineFrom") == started

        # The practice page, by the menu: a hand to play from the same start.
        page.locator('.md-nav__link[href$="/practice/"]').first.click()
        page.wait_for_url("**/fr/practice/")
        page.wait_for_load_state("load")
        start_practice(page, "fr")
        assert page.evaluate(BOOT) == start

        # In German, by the language menu; then the puzzles page, by the menu.
        page.hover(".md-select")
        with page.expect_navigation():
            page.click(".md-select__link[hreflang=de]")
        assert page.evaluate("document.documentElement.lang") == "de"
        assert urlsplit(page.url).path.endswith("/de/practice/")
        page.locator('.md-nav__link[href$="/puzzles/"]').first.click()
        page.wait_for_url("**/de/puzzles/")
        page.wait_for_load_state("load")
        page.wait_for_function(PUZZLE_SHOWN, timeout=ENGINE_TIMEOUT_MS)
        page.wait_for_function(BOOT, timeout=ENGINE_TIMEOUT_MS)
        assert page.evaluate(BOOT) == start
        assert page.evaluate("document.documentElement.lang") == "de"

        assert len(worker_scripts(requests)) == 1, worker_scripts(requests)
        assert page.evaluate(VIOLATIONS) == []
        assert errors == []
    finally:
        context.close()
