"""Nothing a reader's browser downloads can break the site for good (issue 18).

- The engine's start can fail, and says why in the page's language: WebAssembly refused
  by a Content Security Policy without ``'wasm-unsafe-eval'`` (found at once, never a
  hang), or no start within the time-out; the next start begins afresh.
- The engine's worker keeps a file in its cache only when its bytes are the manifest's
  SHA-256: a truncated Pyodide file, served once, fails that start with the message, is
  not kept, and the next start, the server fixed, succeeds. The engine's bytecode served
  truncated is not kept either: that start imports the engine from its wheel, the next
  one uses the bytecode again; a damaged copy already in the cache is found when read and
  replaced. A truncated wheel, when the bytecode cannot be had, fails the start.
- The service worker precaches a file only when its bytes are the build's (Subresource
  Integrity in the precache manifest): a new build whose ``practice.js`` is served
  truncated does not install, is not offered, and the old pages keep working; once the
  file is fixed on the server the update installs and is offered. And what it serves from
  its precache is checked at every read, as the engine's files are: a damaged copy
  (``practice.js`` cut in half inside the cache) is replaced from the network on the next
  load, and, the network gone, is not served at all.

Each test that needs its own origin (its own caches and service worker) serves its own
copy of the session's build.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import ENGINE_TIMEOUT_MS, Served, dedicated_engine, wait_for_engine

from engine.core.words import strings
from hooks.kit import ENGINE_CACHE
from hooks.offline import write_service_worker
from scripts.site_server import wait_until

CLIENT = "assets/js/engine-client.js"

# A policy as strict as a site's could be, but without 'wasm-unsafe-eval'.
NO_WASM_POLICY = (
    "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline';"
    " img-src 'self' data:; worker-src 'self'; connect-src 'self'"
)

IMPORT = "async (url) => { window.engine = await import(url); }"
START = "() => window.engine.startEngine()"
STATE = """() => {
  const { engine, engineError } = document.documentElement.dataset;
  return [engine, engineError];
}"""
CALL_PING = """async () => {
  try {
    return { value: await window.engine.callEngine("ping", {}) };
  } catch (error) {
    return { code: error.code, message: error.message };
  }
}"""

# The SHA-256 (hex) of each entry of the engine's cache, by URL.
CACHE_HASHES = f"""async () => {{
  const cache = await caches.open("{ENGINE_CACHE}");
  const out = {{}};
  for (const request of await cache.keys()) {{
    const bytes = await (await cache.match(request)).arrayBuffer();
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    out[request.url] = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
  }}
  return out;
}}"""


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context()
    dedicated_engine(ctx)  # its fetches are routed; a reload starts the engine afresh
    yield ctx
    ctx.close()


def wait_failed(page: Any) -> list[str]:
    # A function, not an expression: Playwright polls an expression with eval, which the
    # refused-WebAssembly test's policy forbids once the first check has not settled it.
    page.wait_for_function(
        "() => document.documentElement.dataset.engine === 'failed'", timeout=ENGINE_TIMEOUT_MS
    )
    return list(page.evaluate(STATE))


def manifest(site: Path) -> dict[str, Any]:
    return dict(json.loads((site / "assets/engine/manifest.json").read_text("utf-8")))


def test_manifest_has_the_hash_of_every_engine_file(site_dir: Path) -> None:
    found = manifest(site_dir)
    pyodide = site_dir / "assets/pyodide" / found["pyodide"]
    names = {"pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json"}
    assert set(found["runtime_sha256"]) == names
    for name, digest in found["runtime_sha256"].items():
        assert hashlib.sha256((pyodide / name).read_bytes()).hexdigest() == digest


def test_refused_webassembly_fails_the_start_at_once_with_the_reason(
    context: Any, site_dir: Path, tmp_path: Path
) -> None:
    served = Served(site_dir, tmp_path / "site", policy=NO_WASM_POLICY)
    try:
        page = context.new_page()
        page.goto(served.url + "fr/block/")
        # The time-out is far away: only finding the refusal ends the start in time.
        page.evaluate("document.documentElement.dataset.engineTimeout = '3600000'")
        page.evaluate(IMPORT, served.url + CLIENT)
        page.evaluate("() => { window.engine.startEngine(); }")
        state, reason = wait_failed(page)
        assert state == "failed" and reason == strings("fr")["engine.wasm"]
        reply = page.evaluate(CALL_PING)
        assert reply == {"code": "engine_failed", "message": strings("fr")["engine.wasm"]}
        # Found before any of the engine's files was downloaded.
        assert page.evaluate(CACHE_HASHES) == {}
    finally:
        served.stop()


@pytest.mark.parametrize("worker", ["shared", "dedicated"])
def test_a_start_that_times_out_says_so_and_the_next_start_begins_afresh(
    page: Any, site_url: str, worker: str
) -> None:
    if worker == "dedicated":
        dedicated_engine(page.context)
    page.goto(site_url + "de/block/")
    page.evaluate("document.documentElement.dataset.engineTimeout = '1'")
    page.evaluate(IMPORT, site_url + CLIENT)
    assert page.evaluate(START) == "failed"
    assert page.evaluate(STATE) == ["failed", strings("de")["engine.timeout"]]
    page.evaluate("delete document.documentElement.dataset.engineTimeout")
    page.evaluate("() => { window.retry = window.engine.startEngine(); }")
    assert page.evaluate(STATE)[0] == "loading"
    wait_for_engine(page)
    assert page.evaluate("document.documentElement.dataset.engineError") is None
    assert page.evaluate(CALL_PING)["value"]["languages"][0] == "en"


def truncate_once(truncated: list[str], route: Any) -> None:
    """A route's handler: the first answer cut to half its bytes, the others whole."""
    if truncated:
        route.continue_()
        return
    response = route.fetch()
    body = response.body()
    truncated.append(route.request.url)
    route.fulfill(response=response, body=body[: len(body) // 2])


def start_on(page: Any, site_url: str, path: str) -> None:
    """Loads the page at ``path`` and starts the engine there, not waiting for it."""
    page.goto(site_url + path)
    page.evaluate(IMPORT, site_url + CLIENT)
    page.evaluate("() => { window.engine.startEngine(); }")


def wait_cached(page: Any, url: str, digest: str | None) -> None:
    """Waits until the engine's cache holds ``url`` with the SHA-256 ``digest`` (or, with
    None, holds no ``url``)."""
    check = (
        f"h[{json.dumps(url)}] === {json.dumps(digest)}" if digest else f"!({json.dumps(url)} in h)"
    )
    wait_until(
        page, f"(async () => ({CACHE_HASHES})())().then((h) => {check})", None, ENGINE_TIMEOUT_MS
    )


def test_a_truncated_bytecode_is_never_cached_the_wheel_stands_in_and_the_next_start_recovers(
    context: Any, site_dir: Path, tmp_path: Path
) -> None:
    served = Served(site_dir, tmp_path / "site")
    try:
        found = manifest(served.dir)
        engine = f"{served.url}assets/engine/"
        bytecode_url = f"{engine}{found['bytecode']}?v={found['bytecode_sha256'][:16]}"
        wheel_url = f"{engine}{found['wheel']}?v={found['sha256'][:16]}"
        truncated: list[str] = []
        context.route("**/assets/engine/*-pyc-*.zip*", functools.partial(truncate_once, truncated))
        page = context.new_page()
        page.goto(served.url + "pl/block/")
        page.evaluate(IMPORT, served.url + CLIENT)
        assert page.evaluate(START) == "ready"  # from the wheel, imported from source
        assert truncated == [bytecode_url]
        assert page.evaluate(CALL_PING)["value"]["bytecode"] is False
        wait_cached(page, wheel_url, found["sha256"])
        assert bytecode_url not in page.evaluate(CACHE_HASHES)

        # The next start: the bytecode, fetched again and kept; the wheel, unused, dropped.
        page.reload()
        page.evaluate(IMPORT, served.url + CLIENT)
        assert page.evaluate(START) == "ready"
        assert page.evaluate(CALL_PING)["value"]["bytecode"] is True
        wait_cached(page, bytecode_url, found["bytecode_sha256"])
        wait_cached(page, wheel_url, None)

        # A damaged copy in the cache (here: the bytecode's first half) is found when read,
        # and replaced by a good one.
        page.evaluate(
            """async ([name, url]) => {
              const cache = await caches.open(name);
              const bytes = await (await cache.match(url)).arrayBuffer();
              await cache.put(url, new Response(bytes.slice(0, bytes.byteLength >> 1)));
            }""",
            [ENGINE_CACHE, bytecode_url],
        )
        assert page.evaluate(CACHE_HASHES)[bytecode_url] != found["bytecode_sha256"]
        page.reload()
        page.evaluate(IMPORT, served.url + CLIENT)
        page.evaluate("() => { window.engine.startEngine(); }")
        wait_for_engine(page)
        assert page.evaluate(CALL_PING)["value"]["bytecode"] is True
        wait_cached(page, bytecode_url, found["bytecode_sha256"])

        # Offline, the engine starts from what was kept.
        page.wait_for_function(
            "navigator.serviceWorker.controller !== null", timeout=ENGINE_TIMEOUT_MS
        )
        served.stop()
        context.set_offline(True)
        served.fetched.clear()
        page.reload()
        page.evaluate(IMPORT, served.url + CLIENT)
        page.evaluate("() => { window.engine.startEngine(); }")
        wait_for_engine(page)
        assert page.evaluate(CALL_PING)["value"]["languages"][0] == "en"
    finally:
        served.stop()


def test_a_truncated_wheel_when_the_bytecode_cannot_be_had_fails_the_start(
    page: Any, site_url: str, site_dir: Path
) -> None:
    found = manifest(site_dir)
    wheel_url = f"{site_url}assets/engine/{found['wheel']}?v={found['sha256'][:16]}"
    dedicated_engine(page.context)
    page.context.route("**/assets/engine/*-pyc-*.zip*", lambda route: route.abort())
    truncated: list[str] = []
    page.context.route("**/assets/engine/*.whl*", functools.partial(truncate_once, truncated))
    start_on(page, site_url, "pl/block/")
    assert wait_failed(page) == ["failed", strings("pl")["engine.integrity"]]
    assert truncated == [wheel_url]
    assert wheel_url not in page.evaluate(CACHE_HASHES)
    reply = page.evaluate(CALL_PING)  # a call starts afresh: the wheel is fetched again
    assert reply["value"]["languages"] == ["en", "fr", "pl", "de", "da"]
    assert reply["value"]["bytecode"] is False
    wait_cached(page, wheel_url, found["sha256"])


@pytest.mark.parametrize("name", ["pyodide.mjs", "pyodide.asm.wasm"])
def test_a_truncated_pyodide_file_is_never_cached_and_the_next_start_recovers(
    page: Any, site_url: str, site_dir: Path, name: str
) -> None:
    found = manifest(site_dir)
    url = f"{site_url}assets/pyodide/{found['pyodide']}/{name}"
    truncated: list[str] = []
    dedicated_engine(page.context)
    page.context.route(url, functools.partial(truncate_once, truncated))
    start_on(page, site_url, "da/block/")
    assert wait_failed(page) == ["failed", strings("da")["engine.integrity"]]
    assert truncated == [url]
    assert url not in page.evaluate(CACHE_HASHES)
    assert page.evaluate(START) == "ready"
    wait_cached(page, url, found["runtime_sha256"][name])


# Asks the registration for an update and waits for the new worker's install to end;
# resolves to its state ("installed", or "redundant" if it failed), or "none".
UPDATE = """async () => {
  const registration = await navigator.serviceWorker.ready;
  await registration.update();
  const worker = registration.installing ?? registration.waiting;
  if (!worker) return "none";
  if (worker.state !== "installing") return worker.state;
  return new Promise((resolve) => worker.addEventListener("statechange", () => {
    if (worker.state !== "installing") resolve(worker.state);
  }));
}"""

# The URLs in the site's precache (Workbox's cache).
PRECACHED = """async () => {
  const names = (await caches.keys()).filter((n) => n.includes("precache"));
  const urls = [];
  for (const name of names) {
    for (const r of await (await caches.open(name)).keys()) urls.push(r.url);
  }
  return urls;
}"""


def test_a_new_build_with_a_truncated_script_is_not_installed_nor_offered(
    context: Any, site_dir: Path, tmp_path: Path
) -> None:
    served = Served(site_dir, tmp_path / "site")
    try:
        lang = "fr"
        page = context.new_page()
        page_url = served.url + "fr/block/"
        page.goto(page_url)
        page.wait_for_function(
            "navigator.serviceWorker.controller !== null", timeout=ENGINE_TIMEOUT_MS
        )
        old_scripts = [u for u in page.evaluate(PRECACHED) if "/assets/js/practice.js" in u]
        assert len(old_scripts) == 1

        # The second build: practice.js changed, the worker generated from its real bytes;
        # then the file on the server is cut short (an upload that broke off).
        script = served.dir / "assets/js/practice.js"
        good = script.read_bytes() + b"\n// build 2\n"
        script.write_bytes(good)
        write_service_worker(served.dir)
        script.write_bytes(good[: len(good) // 2])

        assert page.evaluate(UPDATE) == "redundant"
        precached = page.evaluate(PRECACHED)
        assert [u for u in precached if "/assets/js/practice.js" in u] == old_scripts
        nothing_waits = "navigator.serviceWorker.ready.then((r) => !r.waiting && !r.installing)"
        assert page.evaluate(nothing_waits) is True
        page.goto(page_url)  # offline.js offers a waiting worker as the page loads: none
        page.wait_for_function("navigator.serviceWorker.controller !== null")
        assert page.locator("#offline-update").count() == 0
        # The practice page still works, from the old build's verified files.
        page.goto(served.url + "fr/practice/")
        page.locator(".practice__app").wait_for(state="visible", timeout=ENGINE_TIMEOUT_MS)

        # Fixed on the server: the update installs, and is offered.
        script.write_bytes(good)
        assert page.evaluate(UPDATE) == "installed"
        page.goto(page_url)
        banner = page.locator("#offline-update")
        banner.wait_for(timeout=ENGINE_TIMEOUT_MS)
        assert strings(lang)["offline.update"] in banner.inner_text()
    finally:
        served.stop()


# The precache's key of a file (Workbox's cache key: its URL with its revision) and the
# SHA-256 (hex) of the bytes the precache holds under it, or null if it holds none.
PRECACHED_FILE = """async (path) => {
  const names = (await caches.keys()).filter((n) => n.includes("precache"));
  for (const name of names) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const url = new URL(request.url);
      if (url.pathname !== new URL(path, location.origin).pathname) continue;
      const response = await cache.match(request);
      const bytes = await response.arrayBuffer();
      const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
      const hex = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
      return { name, key: request.url, sha256: hex };
    }
  }
  return null;
}"""

# Cuts the precache's copy of a file to its first half, under the same key.
DAMAGE = """async ([name, key]) => {
  const cache = await caches.open(name);
  const response = await cache.match(key);
  const bytes = await response.arrayBuffer();
  await cache.put(key, new Response(bytes.slice(0, bytes.byteLength >> 1), {
    headers: response.headers,
  }));
}"""


def practice_runs(page: Any) -> None:
    """The practice page's script ran: its app shows, its no-script note is gone."""
    page.locator(".practice__app").wait_for(state="visible", timeout=20_000)
    assert page.locator(".practice__noscript").is_hidden()


def test_a_damaged_script_in_the_precache_is_replaced_on_the_next_load(
    context: Any, site_dir: Path, tmp_path: Path
) -> None:
    served = Served(site_dir, tmp_path / "site")
    try:
        script = "/assets/js/practice.js"
        good = hashlib.sha256((served.dir / script.lstrip("/")).read_bytes()).hexdigest()
        page = context.new_page()
        page.goto(served.url + "fr/practice/")
        page.wait_for_function(
            "navigator.serviceWorker.controller !== null", timeout=ENGINE_TIMEOUT_MS
        )
        practice_runs(page)
        found = page.evaluate(PRECACHED_FILE, script)
        assert found["sha256"] == good

        def reload(old: Any) -> Any:
            old.reload()
            return old

        def new_page(old: Any) -> Any:
            old.close()
            fresh = context.new_page()
            fresh.goto(served.url + "fr/practice/")
            return fresh

        # The reload after the damage, and a new page (the old one closed): each time the
        # script runs, fetched once more, and the precache holds the build's bytes again.
        for again in (reload, new_page):
            page.evaluate(DAMAGE, [found["name"], found["key"]])
            assert page.evaluate(PRECACHED_FILE, script)["sha256"] != good
            served.fetched.clear()
            page = again(page)
            practice_runs(page)
            assert page.evaluate(PRECACHED_FILE, script) == found
            assert [p for p, _ in served.fetched if p.startswith(script)] == [script]

        # The network gone, a damaged copy is not served: the service worker answers as the
        # network would (a failed fetch), drops the copy, and still serves the good ones.
        page.evaluate(DAMAGE, [found["name"], found["key"]])
        served.stop()
        context.set_offline(True)
        fetched = "(url) => fetch(url).then((r) => r.text().then(() => r.status), () => 'failed')"
        assert page.evaluate(fetched, script) == "failed"
        assert page.evaluate(PRECACHED_FILE, script) is None
        assert page.evaluate(fetched, "/assets/js/page-kit.js") == 200
    finally:
        served.stop()
