"""Browser tests: the built site in Debian's Chromium, driven by Playwright (Python).

The site is built once per session (``mkdocs build --strict``, the hooks included, so
Pyodide's files and the engine's wheel are there) and served on 127.0.0.1 from a thread.
Chromium resolves no host but 127.0.0.1, so a request to anywhere else fails and shows in
the page's log.

Fixtures:

- ``site_dir``: the built site (a ``Path``); ``site_url``: its base URL, ending in ``/``.
- ``browser``: one headless Chromium for the session.
- ``page``: a page in a fresh browser context (empty cache) per test; ``page_log``: what
  that context did: ``.requests`` (every URL asked, workers' included),
  ``.console_errors`` (console errors and uncaught exceptions, workers' included).
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
import subprocess
import sys
import threading
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
HOST = "127.0.0.1"
CHROMIUM_ARGS = [
    f"--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE {HOST}",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
ENGINE_TIMEOUT_MS = 120_000  # a cold Pyodide start takes seconds; CI's machine is shared
HERE = Path(__file__).resolve().parent

# Content types by extension, not from the machine's MIME table (module scripts and
# WebAssembly's streaming compile need the right ones).
CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".wasm": "application/wasm",
    ".whl": "application/octet-stream",
    ".zip": "application/octet-stream",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".xml": "application/xml",
    ".txt": "text/plain; charset=utf-8",
    ".gz": "application/gzip",
}


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


def build_site(site_dir: Path) -> None:
    """Build the site into ``site_dir``: strict, or, if that fails, not strict with a warning.

    A strict failure is test_site.py's to report; the browser tests still get a site.
    """
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    command = [sys.executable, "-m", "mkdocs", "build", "-q", "-f", "mkdocs.yml"]
    command += ["-d", str(site_dir)]
    proc = subprocess.run(
        [*command, "--strict"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=900
    )
    if proc.returncode != 0:
        message = f"strict build failed, built without --strict:\n{proc.stderr[-2000:]}"
        warnings.warn(message, stacklevel=2)
        shutil.rmtree(site_dir, ignore_errors=True)
        proc = subprocess.run(
            command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=900
        )
        assert proc.returncode == 0, proc.stderr[-3000:]


class SiteHandler(SimpleHTTPRequestHandler):
    """Serves files with fixed content types and no log lines."""

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        return CONTENT_TYPES.get(Path(path).suffix.lower(), "application/octet-stream")

    def log_message(self, format: str, *args: Any) -> None:
        pass


def serve(directory: Path) -> tuple[ThreadingHTTPServer, str]:
    """Serve ``directory`` on 127.0.0.1 on a free port from a daemon thread.

    Returns the server (``shutdown()`` stops it) and its base URL, ending in ``/``.
    """
    handler = functools.partial(SiteHandler, directory=str(directory))
    server = ThreadingHTTPServer((HOST, 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://{HOST}:{server.server_port}/"


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built once per session with the hooks (Pyodide's files, engine wheel)."""
    directory = tmp_path_factory.mktemp("browser-site") / "site"
    build_site(directory)
    return directory


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    """The base URL (``http://127.0.0.1:PORT/``) of the built site."""
    server, url = serve(site_dir)
    yield url
    server.shutdown()
    server.server_close()


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

    def watch(self, context: Any, page: Any) -> None:
        """Record ``context``'s requests and console errors and ``page``'s exceptions."""
        context.on("request", lambda request: self.requests.append(request.url))
        context.on("console", self._console)
        page.on("pageerror", lambda error: self.console_errors.append(f"pageerror: {error}"))
        page.on("worker", lambda worker: worker.on("console", self._console))

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
