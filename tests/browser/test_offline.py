"""The site offline (issues 13 and 17): after one visit that starts the practice page,
the network goes (the context offline and the server stopped) and, in English and German,
a rules page, the practice page (a move played), the scorepad (a round scored) and search
all still work. Every page answers offline whatever its query string (a practice address
with its ``?seed=``, reloaded, or a shared one never opened before), and a missing page
gets the site's 404 page of its language. The engine's first start downloads each file
once and caches them all, whether the service worker controls the page by then or not
(the first page of a first visit, started at once). Then a second
build with a changed page and a new engine: the reader is told "a new version is ready"
in the page's language, the old version keeps serving until the reload (its engine's
manifest, not the new one's), and after it the new page and the new manifest come, never
a mix; offline, the practice page then boots the new engine (cached at the reload, the
reader having used the engine), not the old one.

Each test serves its own copy of the session's build on its own port (its own origin, so
its own service worker), and stops its server to go offline. The server logs what it
answered: the files that really came over the network.
"""

from __future__ import annotations

import json
import re
import shutil
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from conftest import ENGINE_TIMEOUT_MS, Served, wait_for_engine

from engine.core.words import strings
from hooks import kit
from hooks.offline import write_service_worker
from scripts.site_server import wait_until

LANGS = ("en", "de")
SEARCH = {"en": "spinner", "de": "dänischen"}
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")

CONTROLLED = "navigator.serviceWorker.controller !== null"

# The URLs in the worker's engine cache.
ENGINE_CACHE = f"""async () => {{
  const cache = await caches.open({json.dumps(kit.ENGINE_CACHE)});
  return (await cache.keys()).map((r) => r.url);
}}"""

READY = """() => {
  const root = document.querySelector('.practice');
  if (root.dataset.busy !== 'false' || root.dataset.phase === 'setup') return false;
  return root.dataset.phase !== 'play' || !!root.querySelector('.practice__tile.is-playable');
}"""


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
    # The engine's bytecode; its wheel (the sources) only if that could not be had.
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
    # The site's pages are precached when the service worker installs; it takes the page
    # over once active. (On a loaded machine that can come after the engine's files.)
    page.wait_for_function(CONTROLLED, timeout=ENGINE_TIMEOUT_MS)
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
    wait_until(
        page,
        f"(async () => {{ const got = await ({ENGINE_CACHE})();"
        f" return {json.dumps(sorted(urls))}.every((u) => got.includes(u)); }})()",
        None,
        ENGINE_TIMEOUT_MS,
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
    # bytecode file; the same bytes, so that its hash, which what is cached for offline
    # use is checked against, holds), and the worker generated again.
    html = served.dir / "fr/block/index.html"
    html.write_text(
        html.read_text("utf-8").replace("</article>", '<p id="build-2">2</p></article>', 1),
        "utf-8",
    )
    engine_dir = served.dir / "assets/engine"
    new_name = old["bytecode"].replace("-pyc-", "-pyc-2-")
    shutil.copyfile(engine_dir / old["bytecode"], engine_dir / new_name)
    new = {**old, "bytecode": new_name}
    (engine_dir / "manifest.json").write_text(json.dumps(new), "utf-8")
    write_service_worker(served.dir)
    new_urls = engine_urls(served)
    (new_engine,) = new_urls - old_urls
    (old_engine,) = old_urls - new_urls

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

    # Offline, the practice page boots the new engine, never the old one: with the old
    # engine put back in the cache, the engine's worker reads its files from the cache and
    # keeps there only those it used: the new build's.
    page.evaluate(
        """async ([name, old, now]) => {
          const cache = await caches.open(name);
          await cache.put(old, await cache.match(now));
        }""",
        [kit.ENGINE_CACHE, old_engine, new_engine],
    )
    assert old_engine in page.evaluate(ENGINE_CACHE)
    served.stop()
    context.set_offline(True)
    page.goto(served.url + lang_path(lang, "practice"))
    play_a_move(page, lang)
    wait_until(
        page,
        f"(async () => JSON.stringify((await ({ENGINE_CACHE})()).sort())"
        f" === {json.dumps(json.dumps(sorted(new_urls), separators=(',', ':')))})()",
        None,
        ENGINE_TIMEOUT_MS,
    )


def go_offline(context: Any, served: Served) -> None:
    served.stop()
    context.set_offline(True)


def shows_page(page: Any, response: Any, lang: str, selector: str) -> None:
    """The site's page answered (from the service worker), not the browser's error."""
    assert response is not None and response.status == 200, page.url
    assert response.from_service_worker
    assert page.evaluate("document.documentElement.lang") == lang
    page.locator(selector).first.wait_for(timeout=ENGINE_TIMEOUT_MS)


def console_errors(page: Any) -> list[str]:
    """The page's console errors and uncaught exceptions, as they come."""
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(f"pageerror: {error}"))
    return errors


def test_every_page_answers_offline_whatever_its_query_string(context: Any, served: Served) -> None:
    page = context.new_page()
    errors = console_errors(page)
    # A first visit reads one rules page; the worker precaches the whole site meanwhile.
    page.goto(served.url + lang_path("de", "block"))
    page.wait_for_function(CONTROLLED, timeout=ENGINE_TIMEOUT_MS)
    go_offline(context, served)

    # A practice address with a seed, reloaded; and a rules page with a query and a
    # fragment: the page itself, as the precache holds it.
    address = served.url + lang_path("de", "practice") + "?seed=817698539"
    shows_page(page, page.goto(address), "de", ".practice")
    shows_page(page, page.reload(), "de", ".practice")
    assert page.url == address
    shows_page(page, page.goto(served.url + "fr/block/?x=1#frag"), "fr", "article h1")
    assert urlsplit(page.url).fragment == "frag"
    # A shared link never opened before, in another language.
    shared = served.url + lang_path("pl", "practice") + "?seed=12&players=3"
    shows_page(page, page.goto(shared), "pl", ".practice")
    assert errors == []  # nothing the pages ask for is missing offline (their sitemaps)


def heading(html: Path) -> str:
    found = re.search(r"<h1[^>]*>(.*?)</h1>", html.read_text("utf-8"), re.S)
    assert found, html
    return found.group(1).strip()


def test_a_missing_page_offline_gets_the_404_page_of_its_language(
    context: Any, served: Served
) -> None:
    page = context.new_page()
    errors = console_errors(page)
    page.goto(served.url + lang_path("da", "glossary"))
    page.wait_for_function(CONTROLLED, timeout=ENGINE_TIMEOUT_MS)
    # Online, under the worker, the server's own answer: its 404 page of the language.
    response = page.goto(served.url + "de/nope/")
    assert response is not None and response.status == 404
    assert page.evaluate("document.documentElement.lang") == "de"
    go_offline(context, served)

    for path, lang, folder in (
        ("de/nope/", "de", "de/"),
        ("pl/block/nope/deeper/?x=1", "pl", "pl/"),
        ("nope/", "en", ""),
        ("nope.html", "en", ""),
    ):
        response = page.goto(served.url + path)
        assert response is not None and response.status == 404, path
        assert page.evaluate("document.documentElement.lang") == lang, path
        expected = heading(served.dir / f"{folder}404.html")
        assert page.locator("article h1").inner_text().strip() == expected, path
    # Only the browser's line for each 404 answer (the online one included).
    assert errors and all("status of 404" in error for error in errors), errors


def precached_paths(served: Served) -> set[str]:
    """The paths the build's worker precaches at install (its manifest, in sw.js)."""
    text = (served.dir / "sw.js").read_text("utf-8")
    return {"/" + url for url in re.findall(r'\burl:"([^"]+)"', text)}


@pytest.mark.parametrize("controlled", [False, True], ids=["at-once", "worker-first"])
def test_the_first_start_of_the_engine_fetches_each_file_once(
    context: Any, served: Served, controlled: bool
) -> None:
    precached = precached_paths(served)
    assert "/de/practice/index.html" in precached
    # What came over the network for the page, its workers, and the service worker on
    # their behalf; not the worker's precache at install (the site, saved for offline).
    fetched: list[str] = []

    def finished(request: Any) -> None:
        response = request.response()
        if response is None or response.from_service_worker:
            return  # answered by the service worker: its own request is seen on its own
        sizes = request.sizes()  # the body is the bytes received less the headers
        if sizes["responseBodySize"] + sizes["responseHeadersSize"] <= 0:
            return  # answered by the browser's HTTP cache: nothing received
        path = urlsplit(request.url).path
        if request.service_worker is not None and path in precached:
            return
        fetched.append(request.url)

    context.on("requestfinished", finished)
    page = context.new_page()
    if controlled:  # a rules page read first, until the service worker controls it
        page.goto(served.url + lang_path("de", "block"))
        page.wait_for_function(CONTROLLED, timeout=ENGINE_TIMEOUT_MS)
    # Started as soon as the page can be used: at once, most likely before the worker
    # controls the page (a first visit's first page), or with the worker in control.
    page.goto(served.url + lang_path("de", "practice"), wait_until="domcontentloaded")
    assert page.evaluate(CONTROLLED) or not controlled
    start_practice(page, "de")
    urls = engine_urls(served)
    engine_cached(page, urls)
    page.wait_for_function(CONTROLLED, timeout=ENGINE_TIMEOUT_MS)

    twice = {url: n for url, n in Counter(fetched).items() if n > 1}
    assert twice == {}
    # The server's own log: each of the engine's files was sent once, whole.
    sent = Counter(path for path, status in served.fetched if status == 200)
    paths = {
        urlsplit(u).path + (f"?{urlsplit(u).query}" if urlsplit(u).query else "") for u in urls
    }
    assert {p: sent[p] for p in paths} == dict.fromkeys(paths, 1)
    assert not [p for p, status in served.fetched if p in paths and status != 200]

    # The address now carries the game's seed: reloaded offline, it plays from the cache.
    address = page.url
    assert "seed=" in urlsplit(address).query
    page.evaluate("localStorage.clear()")
    go_offline(context, served)
    response = page.reload()
    assert response is not None and response.status == 200
    assert page.url == address
    play_a_move(page, "de")
    wait_for_engine(page)


def test_offline_before_the_engine_was_ever_fetched_says_so(context: Any, served: Served) -> None:
    """The pages came with the service worker, the engine never did: offline, its start
    said "Try again, or reload the page", which cannot help (issue 38). It says the
    engine is not on this device yet and must be fetched once online."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(served.url + lang_path("en", "block"))
    page.wait_for_function(CONTROLLED, timeout=ENGINE_TIMEOUT_MS)
    served.stop()
    context.set_offline(True)
    lang = "fr"
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(served.url + lang_path(lang, "practice"))
    root = page.locator(".practice")
    status = page.locator(".practice__status")
    start = root.get_by_role("button", name=words(lang, "practice")["start"])
    # On a phone, then on a laptop (the reader tries again): said in view each time.
    for size in ({"width": 360, "height": 740}, {"width": 1280, "height": 800}):
        page.set_viewport_size(size)
        page.evaluate("document.querySelector('.practice__status').textContent = ''")
        start.click()
        page.wait_for_function(
            "document.documentElement.dataset.engine === 'failed'"
            " && document.querySelector('.practice__status').textContent",
            timeout=ENGINE_TIMEOUT_MS,
        )
        assert status.inner_text() == strings(lang)["engine.offline"]
        assert root.get_attribute("data-phase") == "setup"
        box = status.bounding_box()
        assert box is not None and box["height"] > 0
        assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"], (size, box)
    assert errors == []
