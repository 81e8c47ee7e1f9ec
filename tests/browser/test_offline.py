"""The site offline (issue 13): after one visit that starts the practice page, the
network goes (the context offline and the server stopped) and, in English and German, a
rules page, the practice page (a move played), the scorepad (a round scored) and search
all still work. Then a second build with a changed page and a new engine: the reader is
told "a new version is ready" in the page's language, the old version keeps serving
until the reload (its engine's manifest, not the new one's), and after it the new page
and the new manifest come, never a mix; offline, the practice page then boots the new
engine (cached at the reload, the reader having used the engine), not the old one.

Each test serves its own copy of the session's build on its own port (its own origin, so
its own service worker), and stops its server to go offline.
"""

from __future__ import annotations

import json
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import ENGINE_TIMEOUT_MS, wait_for_engine

from engine.lang import strings
from hooks.offline import write_service_worker
from scripts.site_server import serve

LANGS = ("en", "de")
SEARCH = {"en": "spinner", "de": "dänischen"}
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")

CONTROLLED = "navigator.serviceWorker.controller !== null"

# The URLs in the worker's engine cache.
ENGINE_CACHE = """async () => {
  const cache = await caches.open("domino-block-engine");
  return (await cache.keys()).map((r) => r.url);
}"""

READY = """() => {
  const root = document.querySelector('.practice');
  if (root.dataset.busy !== 'false' || root.dataset.phase === 'setup') return false;
  return root.dataset.phase !== 'play' || !!root.querySelector('.practice__tile.is-playable');
}"""


class Served:
    """A copy of the build, served on its own port until ``stop()``."""

    def __init__(self, source: Path, target: Path) -> None:
        shutil.copytree(source, target)
        self.dir = target
        self.server, self.url = serve(target)

    def stop(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
            self.server = None


@pytest.fixture
def served(site_dir: Path, tmp_path: Path) -> Iterator[Served]:
    copy = Served(site_dir, tmp_path / "site")
    yield copy
    copy.stop()


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context()
    yield ctx
    ctx.close()


def lang_path(lang: str, slug: str) -> str:
    return ("" if lang == "en" else f"{lang}/") + (f"{slug}/" if slug else "")


def engine_urls(site: Served) -> set[str]:
    """The URLs of the engine's files that the build's worker fetches."""
    manifest = json.loads((site.dir / "assets/engine/manifest.json").read_text("utf-8"))
    pyodide = f"{site.url}assets/pyodide/{manifest['pyodide']}/"
    engine = f"{site.url}assets/engine/"
    urls = {pyodide + name for name in PYODIDE_FILES}
    urls.add(f"{pyodide}python_stdlib.zip?v={manifest['stdlib_sha256'][:16]}")
    urls.add(f"{engine}{manifest['wheel']}?v={manifest['sha256'][:16]}")
    urls.add(f"{engine}{manifest['bytecode']}?v={manifest['bytecode_sha256'][:16]}")
    return urls


def words(lang: str, page: str) -> dict[str, str]:
    prefix = f"page.{page}."
    return {k[len(prefix) :]: v for k, v in strings(lang).items() if k.startswith(prefix)}


def start_practice(page: Any, lang: str) -> Any:
    root = page.locator(".practice")
    root.evaluate("(el) => { el.dataset.pace = '0'; }")
    root.get_by_label(strings(lang)["game.label"], exact=True).select_option("block")
    root.get_by_label(strings(lang)["game.players"], exact=True).select_option("2")
    root.get_by_role("button", name=words(lang, "practice")["start"]).click()
    page.wait_for_function(READY, timeout=ENGINE_TIMEOUT_MS)
    return root


def play_a_move(page: Any, lang: str) -> None:
    root = start_practice(page, lang)
    assert root.get_attribute("data-phase") == "play"
    tiles = root.locator(".practice__tile").count()
    root.locator(".practice__tile.is-playable").first.click()
    if root.locator(".practice__ends").is_visible():
        root.locator(".practice__end-button").first.click()
    page.wait_for_function(
        f"document.querySelectorAll('.practice .practice__tile').length < {tiles}"
        f" || ({READY})() && document.querySelector('.practice').dataset.phase !== 'play'",
        timeout=ENGINE_TIMEOUT_MS,
    )


def score_a_round(page: Any, lang: str) -> None:
    root = page.locator(".scorepad")
    idle = "document.querySelector('.scorepad').dataset.busy === 'false'"
    root.get_by_label(strings(lang)["game.label"], exact=True).select_option("block")
    root.get_by_label(strings(lang)["game.players"], exact=True).select_option("3")
    root.get_by_role("button", name=words(lang, "scorepad")["start"]).click()
    page.wait_for_function(
        f"{idle} && document.querySelector('.scorepad').dataset.phase === 'sheet'",
        timeout=ENGINE_TIMEOUT_MS,
    )
    root.locator("#scorepad-went-out").select_option("")
    for seat, pips in enumerate(("3", "7", "8")):
        root.locator(f"#scorepad-pips-{seat}").fill(pips)
    root.locator(".scorepad__add").click()
    page.wait_for_function(idle, timeout=ENGINE_TIMEOUT_MS)
    assert "7 + 8 − 3 = 12" in root.locator(".scorepad__table tbody").inner_text()


def search(page: Any, query: str) -> list[str]:
    placeholder = page.evaluate(
        "JSON.parse(document.getElementById('__config').textContent)"
        ".translations['search.result.placeholder']"
    )
    box = page.locator(".md-search__input")
    box.click()
    # The placeholder shows once the index is built ("Initializing search" before).
    box.fill("")
    box.press("End")  # Material searches on a key's release
    page.wait_for_function(
        """(placeholder) => document.querySelector(".md-search-result__meta")
          ?.textContent.trim() === placeholder""",
        arg=placeholder,
        timeout=ENGINE_TIMEOUT_MS,
    )
    box.fill(query)
    box.press("End")
    page.wait_for_function(
        """(placeholder) => {
          const meta = document.querySelector(".md-search-result__meta");
          return Boolean(meta) && meta.textContent.trim() !== placeholder;
        }""",
        arg=placeholder,
        timeout=ENGINE_TIMEOUT_MS,  # the index is built in a worker: slow on a busy machine
    )
    links: list[str] = page.eval_on_selector_all(
        ".md-search-result__item > .md-search-result__link",
        "(links) => links.map((a) => new URL(a.href).pathname)",
    )
    return links


def test_after_one_visit_the_site_works_offline_in_two_languages(
    context: Any, served: Served
) -> None:
    started = time.monotonic()
    errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))

    # The first visit: the practice page, started at once, most likely before the service
    # worker took over the page; the engine's files are cached all the same.
    page.goto(served.url + "practice/")
    start_practice(page, "en")
    engine_cached(page, engine_urls(served))
    page.evaluate("localStorage.clear()")

    # No network: the server stopped, the context offline.
    served.stop()
    context.set_offline(True)
    for lang in LANGS:
        page.goto(served.url + lang_path(lang, "block"))
        page.evaluate("localStorage.clear()")  # the saved match and sheet: a new one each
        assert page.evaluate("document.documentElement.lang") == lang
        assert page.locator("article h1").count() == 1
        found = search(page, SEARCH[lang])
        assert found, f"{lang}: search found nothing offline"

        page.goto(served.url + lang_path(lang, "practice"))
        play_a_move(page, lang)
        wait_for_engine(page)

        page.goto(served.url + lang_path(lang, "scorepad"))
        score_a_round(page, lang)
    assert errors == []
    print(f"\noffline in {len(LANGS)} languages: {time.monotonic() - started:.0f} s")


def engine_cached(page: Any, urls: set[str]) -> None:
    """Waits until every URL of ``urls`` is in the worker's engine cache."""
    page.wait_for_function(
        f"(async () => {{ const got = await ({ENGINE_CACHE})();"
        f" return {json.dumps(sorted(urls))}.every((u) => got.includes(u)); }})()",
        timeout=ENGINE_TIMEOUT_MS,
    )


def test_a_new_build_is_offered_and_never_mixed_with_the_old(context: Any, served: Served) -> None:
    lang = "fr"
    page = context.new_page()
    page_url = served.url + lang_path(lang, "block")
    manifest_js = "async () => (await (await fetch('../../assets/engine/manifest.json')).json())"
    requests: list[str] = []
    context.on("request", lambda request: requests.append(request.url))
    page.goto(page_url)
    page.wait_for_function(CONTROLLED, timeout=ENGINE_TIMEOUT_MS)
    old = page.evaluate(manifest_js)
    # A reading page, its site precached: no file of the engine was fetched or cached.
    assert page.evaluate(ENGINE_CACHE) == []
    engine_files = [u for u in requests if "/assets/pyodide/" in u or u.endswith(".whl")]
    assert engine_files == []
    # The engine started once, under the worker: its files are cached.
    page.goto(served.url + lang_path(lang, "practice"))
    start_practice(page, lang)
    old_urls = engine_urls(served)
    engine_cached(page, old_urls)
    page.evaluate("localStorage.clear()")

    # The second build: a page changed, and a new engine (its manifest names another
    # wheel URL), and the worker generated again.
    html = served.dir / "fr/block/index.html"
    html.write_text(
        html.read_text("utf-8").replace("</article>", '<p id="build-2">2</p></article>', 1),
        "utf-8",
    )
    manifest_path = served.dir / "assets/engine/manifest.json"
    new = {**old, "sha256": "f" * 64}
    manifest_path.write_text(json.dumps(new), "utf-8")
    write_service_worker(served.dir)
    new_urls = engine_urls(served)
    (new_wheel,) = new_urls - old_urls
    (old_wheel,) = old_urls - new_urls

    # A navigation finds the new worker; it installs in the background, and the page
    # (still the old one) offers the reload in its language.
    page.goto(page_url)
    banner = page.locator("#offline-update")
    banner.wait_for(timeout=ENGINE_TIMEOUT_MS)
    assert strings(lang)["offline.update"] in banner.inner_text()
    assert page.locator("#build-2").count() == 0
    assert page.evaluate(manifest_js) == old  # the old version's engine, not the new one's

    # Reload: the new page and the new engine's manifest, together; and the new engine's
    # files are cached at once, for a reader who has used the engine.
    with page.expect_navigation():
        banner.get_by_role("button", name=strings(lang)["offline.reload"]).click()
    page.wait_for_function(CONTROLLED, timeout=ENGINE_TIMEOUT_MS)
    assert page.locator("#build-2").count() == 1
    assert page.evaluate(manifest_js) == new
    assert page.locator("#offline-update").count() == 0
    engine_cached(page, new_urls)

    # Offline, the practice page boots the new engine, never the old one.
    served.stop()
    context.set_offline(True)
    since = len(requests)
    page.goto(served.url + lang_path(lang, "practice"))
    play_a_move(page, lang)
    assert new_wheel in requests[since:]
    assert old_wheel not in requests[since:]
