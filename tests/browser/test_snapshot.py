"""A later start restores a snapshot of the engine (issue 41: a returning visit starts
fast).

A start from the engine's files ends with Pyodide's memory snapshot of the engine just
imported, kept in the Cache Storage ``<engine cache>-snapshot`` under a URL naming the
build's files, with its SHA-256 (engine-worker.js). The next start, once the first
worker has ended, restores it (``<html data-engine-from="snapshot">``) and answers as a
start from the files does: in every language (whose tables the engine imports lazily,
from its archive) and for the puzzles (read lazily too). A damaged snapshot, or one of
another build, is dropped: that start goes on from the files, and keeps a good one.
Offline, a returning visit restores it, or, without one, starts from the files kept.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import ENGINE_TIMEOUT_MS, Served
from test_offline import CONTROLLED, engine_cached, engine_urls

from engine.presentation import web
from hooks.kit import ENGINE_CACHE
from scripts.site_server import end_engine, wait_until

SNAPSHOTS = f"{ENGINE_CACHE}-snapshot"

# The snapshot cache's URLs.
KEPT = f"""async () => {{
  const cache = await caches.open({json.dumps(SNAPSHOTS)});
  return (await cache.keys()).map((request) => request.url);
}}"""

# Starts the engine, then asks it each request: [[method, args, lang], ...] -> replies.
ASK = """async (requests) => {
  const engine = await import("/assets/js/engine-client.js");
  await engine.startEngine();
  const replies = [];
  for (const [method, args, lang] of requests) {
    try {
      replies.push({ ok: true, value: await engine.callEngine(method, args, lang) });
    } catch (error) {
      replies.push({ ok: false, code: error.code, error: error.message });
    }
  }
  return replies;
}"""

FROM = "() => document.documentElement.dataset.engineFrom ?? null"

# Requests that need what the engine reads lazily: a language's table (each its first
# use: a move, an illegal move's error), the puzzles (the day's puzzle of a fixed date).
REQUESTS = [
    ["try_move", {"plays": ["1-4"], "hand": ["4-6"], "tile": "4-6", "end": "right"}, "de"],
    ["try_move", {"plays": ["1-4"], "hand": ["4-6"], "tile": "4-5", "end": "right"}, "da"],
    ["puzzle", {"date": "2026-12-05"}, "pl"],
    ["no_such", {}, "fr"],
]


def cpython(requests: list[list[Any]]) -> list[dict[str, Any]]:
    """The replies of the engine in CPython, as the page sees them."""
    replies = []
    for method, args, lang in requests:
        reply = json.loads(web.call(json.dumps({"method": method, "args": args, "lang": lang})))
        if reply["ok"]:
            replies.append({"ok": True, "value": reply["value"]})
        else:
            replies.append({"ok": False, "code": reply["code"], "error": reply["error"]})
    return replies


def start(page: Any, url: str) -> list[dict[str, Any]]:
    """The page loaded, the engine started on it and asked REQUESTS."""
    page.goto(url, wait_until="load")
    replies: list[dict[str, Any]] = page.evaluate(ASK, REQUESTS)
    return replies


def kept(page: Any) -> list[str]:
    """The snapshot cache's URLs, once a snapshot is kept there."""
    urls: list[str] = wait_until(page, f"async () => ({KEPT})().then((u) => u.length && u)")
    return urls


def test_a_later_start_restores_the_snapshot_and_answers_as_a_start_from_the_files(
    page: Any, page_log: Any, site_url: str
) -> None:
    expected = cpython(REQUESTS)
    assert expected[2]["ok"] and expected[3]["code"] == "bad_request"
    assert expected[0]["ok"] and not expected[1]["ok"]  # an illegal move, told in Danish

    assert start(page, site_url + "fr/block/") == expected
    assert page.evaluate(FROM) == "files"
    first_boot = page.evaluate("document.documentElement.dataset.engineBoot")
    urls = kept(page)
    assert len(urls) == 1 and urls[0].startswith(site_url + "assets/engine/snapshot?v=")

    # A later visit: the worker ended, the next start restores the snapshot.
    end_engine(page.context, page)
    assert start(page, site_url + "de/block/") == expected
    assert page.evaluate(FROM) == "snapshot"
    assert page.evaluate("document.documentElement.dataset.engineBoot") != first_boot
    assert page.evaluate(KEPT) == urls  # kept, not made again
    assert page_log.errors() == []


# Damages the kept snapshot: "byte", one byte changed, its hash kept (the bytes are not the
# hash's); "cut", its first half kept with that half's own hash (the hash is right, the
# snapshot is not whole).
DAMAGE = """async ([name, url, how]) => {
  const cache = await caches.open(name);
  const found = await cache.match(url);
  let bytes = new Uint8Array(await found.arrayBuffer());
  const headers = new Headers(found.headers);
  if (how === "byte") {
    bytes[bytes.length >> 1] ^= 0xff;
  } else {
    bytes = bytes.slice(0, bytes.length >> 1);
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    headers.set("x-snapshot-sha256",
      Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join(""));
  }
  await cache.put(url, new Response(bytes, { headers }));
}"""


@pytest.mark.parametrize(
    ("how", "told"),
    [("byte", "snapshot is damaged"), ("cut", "snapshot could not be read")],
)
def test_a_damaged_snapshot_is_dropped_and_the_start_goes_on_from_the_files(
    page: Any, page_log: Any, site_url: str, how: str, told: str
) -> None:
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    start(page, site_url + "fr/block/")
    [url] = kept(page)
    page.evaluate(DAMAGE, [SNAPSHOTS, url, how])
    end_engine(page.context, page)
    assert start(page, site_url + "fr/block/") == cpython(REQUESTS)
    assert page.evaluate(FROM) == "files"
    assert any(told in text for text in warnings), warnings
    # A good one kept again, which the next start restores.
    assert kept(page) == [url]
    end_engine(page.context, page)
    assert start(page, site_url + "fr/block/") == cpython(REQUESTS)
    assert page.evaluate(FROM) == "snapshot"
    assert page_log.errors() == []


def test_a_snapshot_of_another_build_is_never_restored_and_is_dropped(
    page: Any, page_log: Any, site_url: str
) -> None:
    other = site_url + "assets/engine/snapshot?v=f1-another-build"
    page.goto(site_url + "fr/block/", wait_until="load")
    page.evaluate(
        """async ([name, url]) => {
          const cache = await caches.open(name);
          const headers = { "x-snapshot-sha256": "0" };
          await cache.put(url, new Response(new Uint8Array(64), { headers }));
        }""",
        [SNAPSHOTS, other],
    )
    assert start(page, site_url + "fr/block/") == cpython(REQUESTS)
    assert page.evaluate(FROM) == "files"
    urls = kept(page)
    assert other not in urls and len(urls) == 1
    assert page_log.errors() == []


@pytest.mark.parametrize("kept_snapshot", [True, False])
def test_offline_a_later_start_restores_the_snapshot_or_starts_from_the_kept_files(
    browser: Any, site_dir: Path, tmp_path: Path, kept_snapshot: bool
) -> None:
    """A returning visit with no network: the page from the service worker, the engine
    restored from its snapshot or, without one, started from the files kept."""
    served = Served(site_dir, tmp_path / "site")
    context = browser.new_context()
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        start(page, served.url + "fr/block/")
        kept(page)
        engine_cached(page, engine_urls(served))
        page.wait_for_function(f"() => {CONTROLLED}", timeout=ENGINE_TIMEOUT_MS)
        if not kept_snapshot:
            page.evaluate(f"() => caches.delete({json.dumps(SNAPSHOTS)})")
        end_engine(context, page)
        served.stop()
        context.set_offline(True)
        assert start(page, served.url + "pl/block/") == cpython(REQUESTS)
        assert page.evaluate(FROM) == ("snapshot" if kept_snapshot else "files")
        assert errors == []
    finally:
        context.close()
        served.stop()
