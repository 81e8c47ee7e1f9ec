"""Browser tests: the built site in Debian's Chromium, driven by Playwright (Python).

The site is built once per session (``mkdocs build --strict``, the hooks included, so
Pyodide's files and the engine's wheel are there) and served on 127.0.0.1 from a thread.
Chromium resolves no host but 127.0.0.1, so a request to anywhere else fails and shows in
the page's log.

Fixtures:

- ``site_dir``: the built site (a ``Path``); ``site_url``: its base URL, ending in ``/``.
- ``browser``: one headless Chromium for the session.
- ``page``: a page in a fresh browser context (empty cache) per test; ``page_log``: what
  that context did: ``.requests`` (every URL asked, dedicated workers' included; the
  engine's shared worker's own fetches are not seen, its script's is),
  ``.console_errors`` (console errors and uncaught exceptions, workers' included: the
  shared worker passes its warnings on to its pages), ``.errors()`` (the same, as a new
  list), ``.engine_requests()``.
- ``scripts.site_server.end_engine(context, page)`` (not here: the benchmarks use it
  too) ends the engine's shared worker, as the browser does a while after its last
  page; the next page starts the engine afresh.
- ``dedicated_engine(context)``: the context's pages start the engine in a dedicated
  worker (engine-client.js's fallback), whose fetches a route can see and change.
- ``settle(page)``: waits until the page loaded has done its work (what ``networkidle``
  would, which never comes once a page starts the engine's shared worker).
- ``wait_engine_ready(page)``: waits until ``<html data-engine>`` is ``"ready"``, and
  fails with the page's log if it becomes ``"failed"`` or the wait times out.

Every test here is marked ``browser`` (``pytest -m browser`` runs only these). Without
/usr/bin/chromium or Playwright they are skipped, except under CI (``CI`` set), where they
fail instead.
"""

from __future__ import annotations

import functools
import os
import shutil
import threading
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import pytest

from scripts.site_server import CHROMIUM, CHROMIUM_ARGS, HOST, SiteHandler, serve

if TYPE_CHECKING:
    from conftest import BuiltSite

ENGINE_FILES = ("/assets/pyodide/", "/assets/engine/", "/assets/js/engine-worker.js")
"""Where the engine's files are, its worker's script included (a shared worker's own
fetches are not seen; its script's is): a reading page asks none of them."""
ENGINE_TIMEOUT_MS = 120_000  # a cold Pyodide start takes seconds; CI's machine is shared
HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test below tests/browser ``browser``."""
    for item in items:
        if HERE in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.browser)


def _unavailable(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"browser tests cannot run under CI: {reason}")
    pytest.skip(reason)


# ---------------------------------------------------------------------------------------
# The site, built and served
# ---------------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def site_dir(built_site: BuiltSite) -> Path:
    """The site, built once per session with the hooks (Pyodide's files, engine wheel):
    tests/conftest.py's ``built_site``, which tests/test_site.py shares."""
    if not built_site.strict_passed:  # test_site.py reports it; these tests still get a site
        message = f"strict build failed, built without --strict:\n{built_site.log[-2000:]}"
        warnings.warn(message, stacklevel=1)
    return built_site.dir


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    """The base URL (``http://127.0.0.1:PORT/``) of the built site."""
    server, url = serve(site_dir)
    yield url
    server.shutdown()
    server.server_close()


class _CopyHandler(SiteHandler):
    """The site's handler, appending each answer's ``(path?query, status)`` to ``log`` and
    adding ``policy`` (a Content-Security-Policy), if any, to every answer."""

    def __init__(
        self, *args: Any, log: list[tuple[str, int]], policy: str | None, **kwargs: Any
    ) -> None:
        self.log = log
        self.policy = policy
        super().__init__(*args, **kwargs)

    def send_response(self, code: int, message: str | None = None) -> None:
        self.log.append((self.path, int(code)))
        super().send_response(code, message)

    def end_headers(self) -> None:
        if self.policy:
            self.send_header("Content-Security-Policy", self.policy)
        super().end_headers()


class Served:
    """A copy of the build at ``target``, served on its own port (its own origin) until
    ``stop()``, with ``policy`` as its Content-Security-Policy if given; ``fetched`` lists
    what the server answered, ``(path?query, status)``."""

    def __init__(self, source: Path, target: Path, policy: str | None = None) -> None:
        shutil.copytree(source, target)
        self.dir = target
        self.fetched: list[tuple[str, int]] = []
        handler = functools.partial(
            _CopyHandler, directory=str(target), log=self.fetched, policy=policy
        )
        self.server: ThreadingHTTPServer | None = ThreadingHTTPServer((HOST, 0), handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://{HOST}:{self.server.server_port}/"

    def stop(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
            self.server = None


# ---------------------------------------------------------------------------------------
# The browser
# ---------------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless, resolving no host but 127.0.0.1."""
    if not Path(CHROMIUM).is_file():
        _unavailable(f"{CHROMIUM} is missing (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("Playwright is not installed (scripts/setup.sh installs it)")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        yield chromium
        chromium.close()


@dataclass
class PageLog:
    """What one browser context did: the URLs it asked, and its console errors."""

    requests: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    by_service_worker: list[bool] = field(default_factory=list)
    """For each of ``requests``, whether the site's service worker asked it (its
    precache, at install, of the engine's manifest.json and worker script is not the
    engine starting)."""

    def watch(self, context: Any, page: Any) -> None:
        """Record ``context``'s requests and console errors and ``page``'s exceptions."""
        context.on("request", self._request)
        context.on("console", self._console)
        page.on("pageerror", lambda error: self.console_errors.append(f"pageerror: {error}"))
        page.on("worker", lambda worker: worker.on("console", self._console))

    def errors(self) -> list[str]:
        """The console errors. (Material's fetches of ``sitemap.xml`` beside every
        ``<link rel=alternate>`` once failed here; every page now has its sitemap:
        hooks/chrome.py.)"""
        return list(self.console_errors)

    def engine_requests(self) -> list[str]:
        """The requests for the engine's worker script or files made by the page or its
        workers (the service worker's own, such as its precache at install, are not the
        page starting the engine)."""
        return [
            u
            for u, by_service_worker in zip(self.requests, self.by_service_worker, strict=True)
            if urlsplit(u).path.startswith(ENGINE_FILES) and not by_service_worker
        ]

    def _request(self, request: Any) -> None:
        self.requests.append(request.url)
        self.by_service_worker.append(getattr(request, "service_worker", None) is not None)

    def _console(self, message: Any) -> None:
        if message.type == "error":
            text = f"{message.text} ({message.location.get('url', '')})"
            if text not in self.console_errors:  # a worker's line may come twice
                self.console_errors.append(text)


@pytest.fixture
def page_log() -> PageLog:
    """The log of the test's ``page``: ``.requests``, ``.console_errors``."""
    return PageLog()


@pytest.fixture
def page(browser: Any, page_log: PageLog) -> Iterator[Any]:
    """A page in a fresh browser context (nothing cached), watched by ``page_log``."""
    context = browser.new_context()
    new_page = context.new_page()
    page_log.watch(context, new_page)
    yield new_page
    context.close()


def wait_for_engine(
    page: Any, log: PageLog | None = None, timeout: float = ENGINE_TIMEOUT_MS
) -> None:
    """Wait until ``<html data-engine="ready">``; fail if it becomes ``"failed"``."""
    state = page.wait_for_function(
        "['ready', 'failed'].includes(document.documentElement.dataset.engine)"
        " && document.documentElement.dataset.engine",
        timeout=timeout,
    ).json_value()
    if state != "ready":
        detail = "" if log is None else f"; console errors: {log.console_errors}"
        pytest.fail(f"the engine did not start (data-engine={state!r}){detail}")


@pytest.fixture
def wait_engine_ready(page_log: PageLog) -> Callable[[Any], None]:
    """``wait_engine_ready(page)``: wait for ``data-engine="ready"`` (see ``wait_for_engine``)."""
    return functools.partial(wait_for_engine, log=page_log)


# ---------------------------------------------------------------------------------------
# Checks every page's tests share
# ---------------------------------------------------------------------------------------

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
"""axe-core from the npm package (package.json), injected into the page under test."""

_RUN_AXE = """async ([include, only]) => {
  const options = { resultTypes: ["violations"] };
  if (only) options.runOnly = { type: "rule", values: only };
  const result = await axe.run({ include }, options);
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.length} × ` +
    v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", "));
}"""

COLOUR_RULES = ["color-contrast", "link-in-text-block"]
"""The axe rules whose answer depends on the colour scheme: a page already checked with
every rule in one scheme needs only these in the other."""


def device(browser: Any, touch: bool, scheme: str) -> tuple[Any, Any, list[str]]:
    """A new context: a 360×740 touch phone (``touch``) or a 1280×800 screen, in the
    colour ``scheme``; its context, a page, and the console errors it will collect."""
    size = {"width": 360, "height": 740} if touch else {"width": 1280, "height": 800}
    context = browser.new_context(viewport=size, has_touch=touch, color_scheme=scheme)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return context, page, errors


def axe_violations(page: Any, include: list[str], only: list[str] | None = None) -> list[str]:
    """axe-core's violations inside the elements matching ``include`` (CSS selectors),
    by every rule axe runs by default, or ``only`` the rules named."""
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run scripts/setup.sh (npm ci)")
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found: list[str] = page.evaluate(_RUN_AXE, [include, only])
    return found


def wider_than(page: Any, root: str, width: int, inside: str = "") -> list[str]:
    """The classes of elements of ``root`` that reach past ``width`` px, except those
    inside an element matching ``inside`` (a box that scrolls on its own)."""
    found: list[str] = page.evaluate(
        """([root, width, inside]) => [...document.querySelectorAll(`${root}, ${root} *`)]
          .filter((el) => el.getBoundingClientRect().width > 0)
          .filter((el) => el.getBoundingClientRect().right > width + 0.5)
          .filter((el) => !(inside && el.closest(inside)))
          .map((el) => el.className.baseVal ?? el.className)""",
        [root, width, inside],
    )
    return found


def only_this_host(page_log: PageLog, site_url: str) -> None:
    """Every request went to the site itself, and no console error was logged."""
    hosts = {urlsplit(u).netloc for u in page_log.requests if u.startswith("http")}
    assert hosts == {urlsplit(site_url).netloc}
    assert page_log.errors() == [], "\n".join(page_log.errors())


# The page's work is done: nothing busy, the engine not still starting, and no resource
# loaded for half a second (at most 10 s).
_SETTLED = """() => !document.querySelector('[data-busy="true"]')
  && document.documentElement.dataset.engine !== 'loading'"""
_QUIET = """() => new Promise((resolve) => {
  let count = -1;
  let left = 20;
  const check = () => {
    const now = performance.getEntriesByType("resource").length;
    if (now === count || --left === 0) resolve(now);
    else {
      count = now;
      setTimeout(check, 500);
    }
  };
  check();
})"""


def settle(page: Any) -> None:
    """Waits until the page loaded has settled: its apps not busy, the engine started (if
    it starts), then no resource loaded for half a second. Playwright's ``networkidle``
    never comes on a page that starts the engine's shared worker (the worker script's
    request never finishes in the page's view: playwright#7107, crbug 851323)."""
    page.wait_for_load_state("load")
    page.wait_for_function(_SETTLED, timeout=ENGINE_TIMEOUT_MS)
    page.evaluate(_QUIET)


def held_engine(context: Any) -> tuple[list[Any], Any]:
    """Holds back every request for the engine's worker script and files (Pyodide's, the
    engine's) until ``release()``: the page waits on an engine that has not started."""
    held: list[Any] = []
    released: list[bool] = []

    def hold(route: Any) -> None:
        if released:
            route.continue_()
        else:
            held.append(route)

    context.route("**/assets/{pyodide,engine}/**", hold)
    context.route("**/assets/js/engine-worker.js", hold)

    def release() -> None:
        released.append(True)
        for route in held:
            route.continue_()

    return held, release


def dedicated_engine(context: Any) -> None:
    """The context's pages (those opened or loaded from now on) start the engine in a
    dedicated worker, engine-client.js's fallback where the browser has no shared
    workers: its fetches, unlike a shared worker's, are seen by ``context.route``."""
    context.add_init_script("globalThis.dominoEngineWorker = 'dedicated';")
