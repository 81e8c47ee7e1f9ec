#!/usr/bin/env python3
"""How fast the engine starts in the reader's browser, against stock Pyodide.

Usage: .venv/bin/python scripts/bench_browser.py [--runs N] [--page PATH] [--action NAME]
       [--network local 4g] [--site DIR] [--json] [--computer LEVEL [--moves N]
       [--preset NAME] [--players N [--partnerships]]] [--visits]
       .venv/bin/python scripts/bench_browser.py --fetches [--site DIR] [--json]
       .venv/bin/python scripts/bench_browser.py --tasks [--runs N] [--site DIR] [--json]
       .venv/bin/python scripts/bench_browser.py --pages [--runs N] [--site DIR] [--json]

  --page practice/ --action practice: the practice page, from Start until a hand is
  playable; --computer expert: also the Expert's moves there, in the worker (median, worst),
  in a match of --preset (default block) with --players seats (default 2; --partnerships:
  4 players in two teams), every seat but the reader's played by the computer.
  --visits: also the practice page's first and second visits, the second online and
  offline (the service worker, sw.js, serving the site and the engine's files).

The site is built (``mkdocs build --strict``, hooks included) into a temporary directory
(or ``--site DIR`` is used as it is), and a ``stock/`` folder is added beside its pages
for this run only: the npm package's own files (``python_stdlib.zip`` as shipped, from
source, and the whole lock file), the site's engine wheel, and a bare page. Both are
served on 127.0.0.1, gzip-compressed as a static host serves them (site_server.py's
``compress``: text and WebAssembly, not the zip archives), and loaded in Debian's
Chromium (headless, resolving no other host), alternately, each run in a fresh browser
context (empty HTTP and code caches), on each network of ``--network``: ``local`` (the
loopback as it is) and ``4g`` (Chromium's network emulation, NETWORKS: 10 Mbit/s down,
5 up, 40 ms latency, a phone on 4G; the page, its workers and the service worker are
throttled, the service worker with a budget of its own: ServiceWorkerThrottle):

- stock: the bare page boots Pyodide from the stock files on its main thread, unpacks
  the wheel and makes one first call into the engine (``ping``); timed from navigation
  to the answer.
- ours: a rules page (``--page``, default ``fr/block/``) is loaded; then the measured
  action (``--action``, see ACTIONS) is timed from the reader's first interaction to the
  engine's first answer: by default the try-it figure's first move (``ping``: a bare
  ``startEngine()`` and first ``callEngine("ping")``); its engine bytes from the
  server's log (each run its own port).
- then each side's returning visit, in the same context: stock, the bare page again
  (its HTTP and code caches filled); ours, once the engine's files and snapshot are
  kept and the service worker is active, the engine's worker ended (as the browser ends
  it a while after the last page), the page and its action again, which must restore
  the snapshot (``<html data-engine-from>``).

With ``--visits``, each run also serves the site on a port of its own (a fresh origin: no
service worker yet) and, in a fresh context, times the practice page from navigation to
a playable hand (Start clicked as soon as the page has loaded) and from the Start click:
a first visit with service workers blocked (the site as it was before sw.js); a first
visit, then, once the worker has cached the engine's files, a second visit; and on
another fresh origin a first visit, then the server stopped and the context offline, a
second (each second visit the second of its context, for the same browser caches).

With ``--fetches`` (and nothing else timed): what a cold first start of the engine
downloads. On a fresh origin, in a fresh context (service workers allowed), the practice
page is loaded and started at once (most likely before the service worker controls it),
until the engine's files are all in its cache; printed per URL: the requests that came
over the network (the server's log) and their bytes, those of the page and its workers
(and the service worker on their behalf) apart from the service worker's precache at
install, each URL fetched more than once flagged, and the totals; then a stock Pyodide
boot's (the bare page of stock/), both served compressed as a static host serves them.

With ``--tasks`` (and nothing else timed): the longest main-thread task from the reader's
first interaction on, per page (TASK_PAGES: a rules page's try-it figure, the practice
page, the lessons, the scorepad), each in a fresh context: the page loaded, its first
interaction (which starts the engine) and a few more (TASK_PAGES' follow-ups), every task
over 50 ms listed with its start after the interaction.

With ``--pages`` (and nothing else timed): one visit of three pages, as a reader moves
between them (issue 41). On a fresh origin, in a fresh context (service workers allowed):
the French Block page, its try-it figure's first answer timed from the first tap (the
engine's fresh start); then, by the menu's link, the practice page, timed from Start to a
playable hand; then, by its link, the puzzles page, timed from the click on the link
until the puzzle of the day is on screen. The engine's starts are counted (the distinct
start marks the pages were answered with) after each page. Then a later visit: once the
engine's snapshot is kept, its worker ended (as the browser ends it a while after its
last page), the practice page opened again, timed from its navigation until the saved
match is on screen, and until the engine's answer for it is in (the engine restored).
Printed: each median, the second page's as a ratio to the fresh start of the same run,
and the starts (aims: the second page's first answer at most 0.3 s and 0.15 of a fresh
start; one start a visit; the saved match on screen within 0.5 s).

Printed: each side's median (and range), their ratio, the bytes each first start took
over the network (the compressed bodies: ours, the engine's files by the server's log,
the page's other files and the service worker's precache by the browser's count; stock's
the bare page's), each side's returning visit and its ratio, and the longest main-thread
task on the rules page (PerformanceObserver ``longtask`` entries, registered before
navigation), over the whole visit and from the first interaction on. ``--json`` prints
one object per line. Aims: ours at most 0.4 × stock on the loopback and 0.5 × on 4G, the
returning visit at most 0.25 ×, the engine's files at most 4.5 MB; no main-thread task
over 50 ms after the first interaction.
"""

from __future__ import annotations

import argparse
import functools
import json
import re
import shutil
import statistics
import sys
import tempfile
import threading
import time
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # benchlog, when imported as scripts.*

import benchlog  # noqa: E402
from site_server import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    GZIP_SUFFIXES,
    HOST,
    SiteHandler,
    build_site,
    end_engine,
    gzipped,
    serve,
    wait_until,
)

from engine.core.rules import PRESETS  # noqa: E402
from hooks.kit import ENGINE_CACHE  # noqa: E402

PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
STOCK_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "pyodide-lock.json",
    "python_stdlib.zip",
)
TIMEOUT_MS = 180_000
ENGINE_PATHS = ("/assets/pyodide/", "/assets/engine/")

# Chromium's network emulation (DevTools' Network.emulateNetworkConditions): throughput in
# bytes per second, latency in ms added to each request. None: the loopback as it is.
NETWORKS: dict[str, dict[str, float] | None] = {
    "local": None,
    "4g": {"latency": 40, "downloadThroughput": 10e6 / 8, "uploadThroughput": 5e6 / 8},
}


def emulate(context: Any, page: Any, network: str) -> None:
    """Throttle ``page`` (and its dedicated workers) to ``network`` (see NETWORKS)."""
    conditions = NETWORKS[network]
    if conditions is None:
        return
    session = context.new_cdp_session(page)
    session.send("Network.enable")
    session.send("Network.emulateNetworkConditions", {"offline": False, **conditions})


class ServiceWorkerThrottle:
    """Throttles every service worker the browser starts to ``network`` too (its precache,
    and the page's requests once it controls the page): a page's emulation does not reach
    it. Each worker gets a budget of its own, beside the page's (DevTools emulates per
    target), from a moment after it starts."""

    def __init__(self, browser: Any) -> None:
        self.network = "local"
        self.session = browser.new_browser_cdp_session()
        self.session.on("Target.targetCreated", self._created)
        self.session.send("Target.setDiscoverTargets", {"discover": True})

    def _created(self, event: dict[str, Any]) -> None:
        info = event["targetInfo"]
        conditions = NETWORKS[self.network]
        if info["type"] != "service_worker" or conditions is None:
            return
        attached = self.session.send(
            "Target.attachToTarget", {"targetId": info["targetId"], "flatten": False}
        )
        for n, (method, params) in enumerate(
            (
                ("Network.enable", {}),
                ("Network.emulateNetworkConditions", {"offline": False, **conditions}),
            )
        ):
            message = json.dumps({"id": n + 1, "method": method, "params": params})
            self.session.send(
                "Target.sendMessageToTarget",
                {"sessionId": attached["sessionId"], "message": message},
            )


def warm_gzip(site: Path) -> None:
    """Compress every file the server compresses now, as a static host has them ready:
    the first request of a big file then does not wait for it."""
    for path in site.rglob("*"):
        if path.suffix.lower() in GZIP_SUFFIXES and path.is_file():
            gzipped(path)


class WireLog:
    """What came over the network in a context: per request its URL, the compressed
    body's bytes, and whether the service worker asked for it itself (its precache).
    Requests answered by the service worker or by the HTTP cache received nothing and
    are left out."""

    def __init__(self, context: Any) -> None:
        self.rows: list[tuple[str, int, bool]] = []
        context.on("requestfinished", self._finished)

    def _finished(self, request: Any) -> None:
        response = request.response()
        if response is None or response.from_service_worker:
            return
        sizes = request.sizes()
        if sizes["responseBodySize"] + sizes["responseHeadersSize"] <= 0:
            return
        by_worker = request.service_worker is not None
        self.rows.append((request.url, max(sizes["responseBodySize"], 0), by_worker))

    def split(self) -> dict[str, int]:
        """Bytes of the page's files and of the precache; the engine's files are left out
        (the engine's shared worker fetches them unseen: the server's log counts them)."""
        out = {"page_bytes": 0, "precache_bytes": 0}
        for url, size, by_worker in self.rows:
            path = urlsplit(url).path
            if path.startswith(ENGINE_PATHS):
                continue
            if by_worker:
                out["precache_bytes"] += size
            else:
                out["page_bytes"] += size
        return out


# Registered before any page script: the longest main-thread tasks, with their start.
LONGTASKS = """
window.__longtasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
}).observe({ type: "longtask", buffered: true });
"""

# The bare stock page: boots Pyodide as shipped, installs the engine's wheel, calls once.
STOCK_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>stock Pyodide</title></head><body>
<script type="module">
import { loadPyodide } from "./pyodide.mjs";
const manifest = await (await fetch("./manifest.json")).json();
const wheel = fetch(`./${manifest.wheel}`).then((r) => r.arrayBuffer());
const pyodide = await loadPyodide({ indexURL: new URL("./", import.meta.url).href });
const site = pyodide.runPython(
  "import sys; [p for p in sys.path if p.endswith('site-packages')][0]");
pyodide.unpackArchive(await wheel, "wheel", { extractDir: site });
const web = pyodide.pyimport("engine.presentation.web");
const reply = JSON.parse(web.call(JSON.stringify({ method: "ping", args: {}, lang: "en" })));
window.benchDone = { ms: performance.now(), ok: reply.ok };
</script></body></html>
"""

# What is timed on the rules page, from the reader's first interaction (t0) to the
# engine's first answer: a JS function of the client module's URL, resolving to
# {ok, t0, t1}. "try" is what a reader does: on the page's try-it figure, a first tile and
# then an open end it fits, until the figure shows the engine's answer.
ACTIONS = {
    # The practice page (--page practice/): from Start until the reader's hand is
    # playable (the computer's opening moves shown at once, not at the reading pace).
    "practice": """async (client) => {
      const root = document.querySelector(".practice");
      root.dataset.pace = "0";
      const ready = () => root.dataset.busy === "false" && root.dataset.phase === "play"
        && !!root.querySelector(".practice__tile.is-playable");
      const t0 = performance.now();
      root.querySelector(".practice__start").click();
      while (!ready()) await new Promise((r) => setTimeout(r, 5));
      return { ok: true, t0, t1: performance.now() };
    }""",
    "try": """async (client) => {
      const root = document.querySelector(".domino-try");
      const caption = () => root.querySelector("figure figcaption").textContent;
      const before = caption();
      const t0 = performance.now();
      root.querySelector('.domino-tile[data-tile="4-4"]').click();
      root.querySelector('.domino-end[data-end="right"]').click();
      while (caption() === before) await new Promise((r) => setTimeout(r, 5));
      const last = root.querySelector("figure .domino-last");
      return { ok: last?.dataset.tile === "4-4", t0, t1: performance.now() };
    }""",
    # The lessons (--page learn/): a first task's right answer, until the engine judged it.
    "lesson": """async (client) => {
      const task = document.getElementById("task-matching-first");
      const t0 = performance.now();
      task.querySelector('.domino-tile[data-tile="4-6"]').click();
      task.querySelector('.domino-end[data-end="right"]').click();
      while (!Number(task.dataset.answers || 0)) await new Promise((r) => setTimeout(r, 5));
      return { ok: task.dataset.state === "right", t0, t1: performance.now() };
    }""",
    # The scorepad (--page scorepad/): a new sheet (its settings as the page has them).
    "scorepad": """async (client) => {
      const root = document.querySelector(".scorepad");
      const t0 = performance.now();
      root.querySelector(".scorepad__start").click();
      const ready = () => root.dataset.busy === "false" && root.dataset.phase === "sheet";
      while (!ready()) await new Promise((r) => setTimeout(r, 5));
      return { ok: true, t0, t1: performance.now() };
    }""",
    "ping": """async (client) => {
      const engine = await import(client);   // loads no engine: timed from here
      const t0 = performance.now();
      engine.startEngine();
      const value = await engine.callEngine("ping", {}, document.documentElement.lang);
      return { ok: Array.isArray(value.languages), t0, t1: performance.now() };
    }""",
}


# The computer's moves in the browser: a match of the reader (first playable tile) against
# computer seats of LEVEL, each of the computer's moves timed around its call into the
# engine (the save replayed, the search, the new view), as the practice page makes it.
COMPUTER_MOVES = """async ([client, preset, options, players, level, seed, moves]) => {
  const engine = await import(client);
  await engine.startEngine();
  const lang = document.documentElement.lang;
  const levels = Array(players - 1).fill(level);
  let { save, view } = await engine.callEngine(
    "practice_new", { preset, options, players, levels, seed }, lang);
  const times = [];
  while (times.length < moves && view.phase !== "match-over") {
    if (view.phase === "round-over") {
      ({ save, view } = await engine.callEngine("practice_next_round", { save }, lang));
    } else if (view.your_turn) {
      const tile = view.hand.find((t) => t.playable);
      const move = tile.ends[0].move; // the view's own notation of its first placement
      ({ save, view } = await engine.callEngine("practice_play", { save, move }, lang));
    } else {
      const t0 = performance.now();
      ({ save, view } = await engine.callEngine("practice_computer", { save }, lang));
      times.push(performance.now() - t0);
    }
  }
  return times;
}"""


def run_computer(
    browser: Any, url: str, game: dict[str, Any], level: str, moves: int
) -> list[float]:
    """Times of the computer's moves on the practice page, in milliseconds, in a match
    of ``game`` (its ``preset``, ``options`` and ``players``)."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(url + "practice/")
        client = url + "assets/js/engine-client.js"
        args = [client, game["preset"], game["options"], game["players"], level, 7, moves]
        times: list[float] = page.evaluate(COMPUTER_MOVES, args)
        return times
    finally:
        context.close()


# The practice page, timed from navigation: Start clicked once the page has loaded; the
# reader's hand playable. {nav_ms: navigation to playable, ms: Start to playable}.
def time_practice_visit(page: Any, url: str) -> dict[str, float]:
    page.goto(url + "practice/", wait_until="load")
    timed = page.evaluate(ACTIONS["practice"], "")
    assert timed["ok"], timed
    return {"nav_ms": timed["t1"], "ms": timed["t1"] - timed["t0"]}


ENGINE_CACHED = f"""async () => {{
  const cache = await caches.open({json.dumps(ENGINE_CACHE)});
  // Pyodide's four runtime files, the standard library and the engine's bytecode.
  return navigator.serviceWorker.controller !== null && (await cache.keys()).length >= 6;
}}"""


SNAPSHOT_KEPT = f"""async () => {{
  const snapshots = await caches.open({json.dumps(ENGINE_CACHE + "-snapshot")});
  return (await snapshots.keys()).length === 1;
}}"""

# What a returning visit finds: the engine's files and its snapshot cached, the service
# worker active.
RETURN_READY = f"""async () => {{
  const files = await caches.open({json.dumps(ENGINE_CACHE)});
  const worker = (await navigator.serviceWorker.getRegistration())?.active;
  return (await files.keys()).length >= 6 && (await ({SNAPSHOT_KEPT})())
    && worker?.state === "activated";
}}"""


def _first_then_second(browser: Any, site: Path, offline: bool) -> tuple[dict, dict]:
    """In a fresh context on a fresh origin: a first visit, then (once the worker has
    cached the engine's files) a second, online or with the server stopped and the
    context offline."""
    server: Any
    server, url = serve(site, compress=True)
    context = browser.new_context()
    try:
        page = context.new_page()
        first = time_practice_visit(page, url)
        wait_until(page, ENGINE_CACHED, None, TIMEOUT_MS)
        page.evaluate("localStorage.clear()")  # a new match, not the saved one
        if offline:
            server.shutdown()
            server.server_close()
            server = None
            context.set_offline(True)
        return first, time_practice_visit(page, url)
    finally:
        context.close()
        if server is not None:
            server.shutdown()
            server.server_close()


def run_visits(browser: Any, site: Path) -> dict[str, dict[str, float]]:
    """The practice page's first visit (with service workers blocked, and with the site's),
    and its second, online and offline (see above)."""
    server, url = serve(site, compress=True)
    # Today's first visit, as before the service worker: the same page, workers blocked.
    context = browser.new_context(service_workers="block")
    try:
        no_worker = time_practice_visit(context.new_page(), url)
    finally:
        context.close()
        server.shutdown()
        server.server_close()
    first, second = _first_then_second(browser, site, offline=False)
    _, offline = _first_then_second(browser, site, offline=True)
    return {
        "first_no_worker": no_worker,
        "first": first,
        "second_online": second,
        "second_offline": offline,
    }


# The puzzle of the day is on screen: the engine's answer for the reader's date shown.
PUZZLE_SHOWN = """() => {
  const root = document.querySelector(".puzzles");
  const puzzle = document.querySelector(".puzzle");
  return !!root && root.dataset.busy === "false" && !!root.dataset.today
    && puzzle?.dataset.puzzle === root.dataset.today;
}"""


BOOT = "document.documentElement.dataset.engineBoot"
# The practice page's saved match is on screen (its table and hand), and, later, the
# engine's answer for it is in: each the time since the navigation began.
RESTORED_SHOWN = """() => {
  const root = document.querySelector(".practice");
  const game = root?.querySelector(".practice__game");
  return !!game && !game.hidden && !!root.querySelector(".practice__tile") && performance.now();
}"""
RESTORED_READY = """() => document.documentElement.dataset.engine === "ready"
  && document.querySelector(".practice")?.dataset.busy === "false" && performance.now()"""


def run_pages(browser: Any, site: Path) -> dict[str, float]:
    """One visit of three pages (see ``--pages``): each page's first answer (ms) and the
    engine's starts counted after it (the distinct start marks its pages were answered
    by, ``<html data-engine-boot>``)."""
    server, url = serve(site, compress=True)
    context = browser.new_context()
    starts: set[str] = set()
    try:
        page = context.new_page()
        page.goto(url + "fr/block/", wait_until="load")
        tried = page.evaluate(ACTIONS["try"], "")
        assert tried["ok"], tried
        starts.add(page.evaluate(BOOT))
        found = {"rules_ms": tried["t1"] - tried["t0"], "rules_starts": len(starts)}
        page.locator('.md-nav__link[href$="/practice/"]').first.click()
        page.wait_for_selector(".practice__start", state="visible", timeout=TIMEOUT_MS)
        played = page.evaluate(ACTIONS["practice"], "")
        starts.add(page.evaluate(BOOT))
        found |= {"practice_ms": played["t1"] - played["t0"], "practice_starts": len(starts)}
        clicked = time.monotonic()
        page.locator('.md-nav__link[href$="/puzzles/"]').first.click()
        page.wait_for_function(PUZZLE_SHOWN, polling=5, timeout=TIMEOUT_MS)
        puzzles_ms = (time.monotonic() - clicked) * 1000
        page.wait_for_function(BOOT, timeout=TIMEOUT_MS)
        starts.add(page.evaluate(BOOT))
        found |= {"puzzles_ms": puzzles_ms, "puzzles_starts": len(starts)}
        # A later visit (the engine's worker gone, its snapshot kept, as a while after
        # the last page): the saved match, before and after the engine's new start.
        wait_until(page, SNAPSHOT_KEPT, None, TIMEOUT_MS)
        end_engine(context, page)
        page.goto(url + "fr/practice/", wait_until="commit")
        shown = page.wait_for_function(RESTORED_SHOWN, polling=5, timeout=TIMEOUT_MS)
        ready = page.wait_for_function(RESTORED_READY, polling=5, timeout=TIMEOUT_MS)
        found |= {"restored_ms": shown.json_value(), "restored_ready_ms": ready.json_value()}
        assert page.evaluate("document.documentElement.dataset.engineFrom") == "snapshot"
        return found
    finally:
        context.close()
        server.shutdown()
        server.server_close()


class _LoggingHandler(SiteHandler):
    """The site's handler, compressing as a static host; appends ``(path?query, status,
    body bytes sent)`` to ``log``."""

    def __init__(self, *args: Any, log: list[list[Any]], **kwargs: Any) -> None:
        self.log = log
        super().__init__(*args, **kwargs)

    def send_response(self, code: int, message: str | None = None) -> None:
        self.log.append([self.path, int(code), 0])
        super().send_response(code, message)

    def send_header(self, keyword: str, value: str) -> None:
        if keyword.lower() == "content-length" and self.log:
            self.log[-1][2] = len(self.gzip_body) if self.gzip_body is not None else int(value)
        super().send_header(keyword, value)


def _serve_logged(site: Path) -> tuple[ThreadingHTTPServer, str, list[list[Any]]]:
    """The site on a fresh port, compressed, logging what it sends (_LoggingHandler)."""
    log: list[list[Any]] = []
    handler = functools.partial(_LoggingHandler, directory=str(site), log=log, compress=True)
    server = ThreadingHTTPServer((HOST, 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://{HOST}:{server.server_port}/", log


def _per_url(log: list[list[Any]]) -> dict[str, list[int]]:
    """The server's log as URL -> [requests, bytes, status]."""
    rows: dict[str, list[int]] = {}
    for path, status, size in log:
        row = rows.setdefault(path, [0, 0, status])
        row[0] += 1
        row[1] += size
    return rows


def run_fetches(browser: Any, site: Path) -> dict[str, Any]:
    """A cold first start of the engine: what came over the network, per URL (see above)."""
    server, url, log = _serve_logged(site)
    precached = {"/" + u for u in re.findall(r'\burl:"([^"]+)"', (site / "sw.js").read_text())}
    start: dict[str, list[int]] = {}  # URL -> [requests, bytes], apart from the precache
    context = browser.new_context()
    try:

        def finished(request: Any) -> None:
            response = request.response()
            if response is None or response.from_service_worker:
                return  # answered by the service worker, whose own request is seen apart
            sizes = request.sizes()  # the body: the bytes received less the headers
            if sizes["responseBodySize"] + sizes["responseHeadersSize"] <= 0:
                return  # answered by the browser's HTTP cache: nothing received
            path = urlsplit(request.url).path
            if request.service_worker is not None and path in precached:
                return
            row = start.setdefault(request.url[len(url) - 1 :], [0, 0])
            row[0] += 1
            row[1] += max(sizes["responseBodySize"], 0)

        context.on("requestfinished", finished)
        page = context.new_page()
        page.goto(url + "practice/", wait_until="domcontentloaded")
        controlled_at_start = page.evaluate("navigator.serviceWorker.controller !== null")
        timed = page.evaluate(ACTIONS["practice"], "")
        assert timed["ok"], timed
        wait_until(page, ENGINE_CACHED, None, TIMEOUT_MS)
        page.wait_for_timeout(500)  # the last events
    finally:
        context.close()
        server.shutdown()
        server.server_close()
    found = {"start": start, "network": _per_url(log), "controlled_at_start": controlled_at_start}
    return found | {"stock": run_stock_fetches(browser, site)}


def run_stock_fetches(browser: Any, site: Path) -> dict[str, list[int]]:
    """A cold stock Pyodide boot (the bare page of stock/): requests and bytes per URL."""
    server, url, log = _serve_logged(site)
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(url + "stock/")
        page.wait_for_function("window.benchDone", timeout=TIMEOUT_MS)
    finally:
        context.close()
        server.shutdown()
        server.server_close()
    return _per_url(log)


def print_fetches(found: dict[str, Any], out: Any) -> None:
    engine = ("/assets/pyodide/", "/assets/engine/")
    start, network = found["start"], found["network"]
    if out:
        for path, (n, size, status) in sorted(network.items()):
            out({"what": "network", "url": path, "requests": n, "bytes": size, "status": status})
        for path, (n, size) in sorted(start.items()):
            out({"what": "start", "url": path, "requests": n, "bytes": size})
    else:
        print(
            "a cold first start of the engine (the practice page, started at once; the service"
            f" worker {'already' if found['controlled_at_start'] else 'not yet'} in control):"
        )
        print("  the page, its workers and the service worker for them (not its precache):")
        for path, (n, size) in sorted(start.items(), key=lambda item: -item[1][1]):
            flag = f"  <- fetched {n} times" if n > 1 else ""
            print(f"  {n:3} × {size:10,} B  {path}{flag}")
        print("  the network, as the server saw it (precache included):")
        for path, (n, size, status) in sorted(network.items(), key=lambda item: -item[1][1]):
            flag = f"  <- fetched {n} times" if n > 1 else ""
            print(f"  {n:3} × {size:10,} B  {status}  {path}{flag}")
    stock = found["stock"]
    if out:
        for path, (n, size, _) in sorted(stock.items()):
            out({"what": "stock", "url": path, "requests": n, "bytes": size})
    else:
        print("  stock Pyodide, its bare page (the same server):")
        for path, (n, size, _) in sorted(stock.items(), key=lambda item: -item[1][1]):
            print(f"  {n:3} × {size:10,} B  {path}")
    twice = sorted(p for p, row in start.items() if row[0] > 1)
    # The engine's files, not its manifest.json (precached with the pages, and asked again
    # at every start: it names the build's files).
    engine_paths = [p for p in network if p.startswith(engine) and not p.endswith("/manifest.json")]
    engine_rows = [network[p] for p in engine_paths]
    summary = {
        "what": "fetches",
        "controlled_at_start": found["controlled_at_start"],
        "start_requests": sum(row[0] for row in start.values()),
        "start_bytes": sum(row[1] for row in start.values()),
        "start_fetched_twice": twice,
        "engine_requests": sum(row[0] for row in engine_rows),
        "engine_bytes": sum(row[1] for row in engine_rows),
        "engine_fetched_twice": sorted(p for p in engine_paths if network[p][0] > 1),
        "network_requests": sum(row[0] for row in network.values()),
        "network_bytes": sum(row[1] for row in network.values()),
        "network_fetched_twice": sorted(p for p, row in network.items() if row[0] > 1),
        "stock_requests": sum(row[0] for row in stock.values()),
        "stock_bytes": sum(row[1] for row in stock.values()),
    }
    if out:
        out(summary)
        return
    s = summary
    print(
        f"the start: {s['start_requests']} requests, {s['start_bytes']:,} B;"
        f" fetched more than once: {', '.join(s['start_fetched_twice']) or 'none'}\n"
        f"the engine's files (/assets/pyodide/, /assets/engine/, not manifest.json):"
        f" {s['engine_requests']}"
        f" requests, {s['engine_bytes']:,} B; more than once:"
        f" {', '.join(s['engine_fetched_twice']) or 'none'}\n"
        f"the whole visit over the network (the precache included): {s['network_requests']}"
        f" requests, {s['network_bytes']:,} B; more than once (the page's files the precache"
        f" fetches again): {len(s['network_fetched_twice'])}\n"
        f"stock Pyodide's boot: {s['stock_requests']} requests, {s['stock_bytes']:,} B"
        f" (ours, the engine's files: {s['engine_bytes'] / s['stock_bytes']:.2f} of it)"
    )


def add_stock(site: Path) -> None:
    """Put the stock Pyodide files, the engine's wheel and the bare page in site/stock/."""
    stock = site / "stock"
    stock.mkdir(exist_ok=True)
    for name in STOCK_FILES:
        shutil.copyfile(PYODIDE_DIR / name, stock / name)
    engine = site / "assets" / "engine"
    manifest = json.loads((engine / "manifest.json").read_text(encoding="utf-8"))
    shutil.copyfile(engine / manifest["wheel"], stock / manifest["wheel"])
    shutil.copyfile(engine / "manifest.json", stock / "manifest.json")
    (stock / "index.html").write_text(STOCK_PAGE, encoding="utf-8")


def run_stock(browser: Any, url: str, network: str = "local") -> dict[str, Any]:
    """The bare page's boot, then a returning visit's: the same page again in the same
    context (its HTTP and code caches filled)."""
    context = browser.new_context()
    try:
        wire = WireLog(context)
        page = context.new_page()
        emulate(context, page, network)

        def visit() -> tuple[float, int]:
            """The page loaded: its time to the answer, and the bytes it received."""
            sent = len(wire.rows)
            page.goto(url + "stock/")
            page.wait_for_function("window.benchDone", timeout=TIMEOUT_MS)
            done = page.evaluate("window.benchDone")
            assert done["ok"], done
            page.wait_for_timeout(100)  # the last requestfinished events
            return done["ms"], sum(size for _, size, _ in wire.rows[sent:])

        ms, sent = visit()
        page.goto("about:blank")
        returning_ms, returning = visit()
        return {"ms": ms, "bytes": sent, "returning_ms": returning_ms, "returning_bytes": returning}
    finally:
        context.close()


def run_ours(
    browser: Any, site: Path, path: str, action: str, network: str = "local"
) -> dict[str, Any]:
    """A first visit's start (the engine's bytes from the server's log: Playwright does
    not see a shared worker's fetches), then a returning visit's (see above)."""
    server, url, log = _serve_logged(site)
    context = browser.new_context()
    try:
        context.add_init_script(LONGTASKS)
        hosts: set[str] = set()
        context.on("request", lambda r: hosts.add(r.url.split("/")[2]))
        wire = WireLog(context)
        page = context.new_page()
        emulate(context, page, network)
        page.goto(url + path, wait_until="load")
        timed = page.evaluate(ACTIONS[action], url + "assets/js/engine-client.js")
        assert timed["ok"], timed
        assert page.evaluate("document.documentElement.dataset.engine") == "ready"
        page.wait_for_timeout(100)  # let the observer deliver the last entries
        tasks = page.evaluate("window.__longtasks")
        assert hosts == {url.split("/")[2]}, hosts
        after = [d for start, d in tasks if start + d >= timed["t0"]]
        engine_bytes = sum(size for p, _, size in log if p.startswith(ENGINE_PATHS))
        first = {
            "ms": timed["t1"] - timed["t0"],
            "longest_task_ms": max((d for _, d in tasks), default=0.0),
            "longest_task_after_interaction_ms": max(after, default=0.0),
            **wire.split(),
            "engine_bytes": engine_bytes,
        }
        # A returning visit, as a day later: the engine's files and snapshot kept, the
        # service worker installed, the engine's worker ended (as a while after the last
        # page); then the same page and action again.
        wait_until(page, RETURN_READY, None, TIMEOUT_MS)
        end_engine(context, page)
        sent = len(log)
        page.goto(url + path, wait_until="load")
        again = page.evaluate(ACTIONS[action], url + "assets/js/engine-client.js")
        assert again["ok"], again
        assert page.evaluate("document.documentElement.dataset.engineFrom") == "snapshot"
        page.wait_for_timeout(100)
        returning = sum(size for p, _, size in log[sent:] if p.startswith(ENGINE_PATHS))
        return first | {"returning_ms": again["t1"] - again["t0"], "returning_bytes": returning}
    finally:
        context.close()
        server.shutdown()
        server.server_close()


# In TASK_PAGES' follow-ups: waits until the app's root says the engine's answer is shown.
IDLE = """const idle = async () => {
            await new Promise((r) => setTimeout(r, 50));
            while (root.dataset.busy !== "false") await new Promise((r) => setTimeout(r, 5));
          };"""

# The pages whose main thread is watched (--tasks): the path, the first interaction (an
# ACTIONS key, which starts the engine), and what the reader does next, a JS function
# run after it (each step waiting for the engine's answer).
TASK_PAGES: dict[str, tuple[str, str, str]] = {
    "rules page": (
        "fr/block/",
        "try",
        """async () => {
          const root = document.querySelector(".domino-try");
          const idle = () => new Promise((r) => setTimeout(r, 300));
          root.querySelector(".domino-try__reset")?.click();
          await idle();
          root.querySelector('.domino-tile[data-tile="4-4"]')?.click();
          root.querySelector('.domino-end[data-end="right"]')?.click();
          await idle();
        }""",
    ),
    "practice": (
        "practice/",
        "practice",
        """async () => {
          const root = document.querySelector(".practice");
          IDLE
          for (let move = 0; move < 6 && root.dataset.phase === "play"; move++) {
            const tile = root.querySelector(".practice__tile.is-playable");
            if (!tile) break;
            tile.click();
            await new Promise((r) => setTimeout(r, 50));
            const end = root.querySelector(".practice__end-button");
            if (end && end.offsetParent !== null) end.click();
            await idle();
          }
        }""",
    ),
    "lessons": (
        "learn/",
        "lesson",
        """async () => {
          const task = document.querySelector('.lesson-task[data-kind="number"]')
            ?? document.querySelectorAll(".lesson-task")[1];
          const before = Number(task.dataset.answers || 0);
          const input = task.querySelector("input");
          if (input) {
            input.value = "99";
            input.form?.requestSubmit?.();
          }
          const deadline = performance.now() + 5000;
          while (Number(task.dataset.answers || 0) === before && performance.now() < deadline)
            await new Promise((r) => setTimeout(r, 5));
        }""",
    ),
    "scorepad": (
        "scorepad/",
        "scorepad",
        """async () => {
          const root = document.querySelector(".scorepad");
          IDLE
          for (const pips of [[0, 7, 8], [5, 0, 3]]) {
            const fields = root.querySelectorAll(".scorepad__hand-fields input");
            fields.forEach((field, i) => { field.value = String(pips[i] ?? 0); });
            root.querySelector(".scorepad__add").click();
            await idle();
          }
        }""",
    ),
}


def main_thread_cpu(trace: bytes, mark: str) -> list[tuple[float, float, float]]:
    """The page's main-thread tasks from the performance mark ``mark`` on, from a Chromium
    trace: (start after the mark, wall ms, CPU ms) each, of those over 50 ms wall."""
    events = json.loads(trace)["traceEvents"]
    marks = [e for e in events if e.get("name") == mark]
    if not marks:
        return []
    pid, t0 = marks[0]["pid"], marks[0]["ts"]
    main = {
        e["tid"]
        for e in events
        if e.get("name") == "thread_name"
        and e["pid"] == pid
        and e["args"].get("name") == "CrRendererMain"
    }
    return [
        ((e["ts"] - t0) / 1000, e["dur"] / 1000, e.get("tdur", 0) / 1000)
        for e in events
        if e.get("name") == "ThreadControllerImpl::RunTask"
        and e["pid"] == pid
        and e["tid"] in main
        and e.get("ph") == "X"
        and e["ts"] + e.get("dur", 0) >= t0
        and e.get("dur", 0) > 50_000
    ]


TASK_PAGES = {
    name: (path, action, more.replace("IDLE", IDLE))
    for name, (path, action, more) in TASK_PAGES.items()
}


def run_tasks(browser: Any, url: str, name: str) -> dict[str, Any]:
    """The longest main-thread task from the first interaction on, on one TASK_PAGES page:
    its wall time (what the reader waits, on this machine with its other jobs) and, from a
    Chromium trace, the main thread's own CPU time in the tasks over 50 ms."""
    path, action, more = TASK_PAGES[name]
    context = browser.new_context()
    try:
        context.add_init_script(LONGTASKS)
        page = context.new_page()
        page.goto(url + path, wait_until="load")
        page.wait_for_timeout(500)  # the page settled, as a reader's first look
        browser.start_tracing(page=page, categories=["toplevel", "blink.user_timing"])
        page.evaluate("performance.mark('bench-interaction')")
        timed = page.evaluate(ACTIONS[action], url + "assets/js/engine-client.js")
        assert timed["ok"], (name, timed)
        page.evaluate(more)
        page.wait_for_timeout(200)  # let the observer deliver the last entries
        cpu = main_thread_cpu(browser.stop_tracing(), "bench-interaction")
        tasks = page.evaluate("window.__longtasks")
        after = [(start - timed["t0"], d) for start, d in tasks if start + d >= timed["t0"]]
        return {
            "first_answer_ms": timed["t1"] - timed["t0"],
            "longest_task_ms": max((d for _, d in after), default=0.0),
            "longest_task_cpu_ms": max((c for _, _, c in cpu), default=0.0),
            "over_50": [[round(at), round(d)] for at, d in after if d > 50],
            "over_50_cpu": [[round(at), round(w), round(c)] for at, w, c in cpu],
        }
    finally:
        context.close()


def _median(values: list[float]) -> int:
    return round(statistics.median(values))


def summarize_starts(
    network: str, stock: list[dict[str, Any]], ours: list[dict[str, Any]]
) -> dict[str, Any]:
    """Medians, ranges and the ratio of the runs on one network."""
    stock_ms = [r["ms"] for r in stock]
    ours_ms = [r["ms"] for r in ours]
    return {
        "what": "summary",
        "network": network,
        "runs": len(ours),
        "stock_median_ms": _median(stock_ms),
        "stock_range_ms": [round(min(stock_ms)), round(max(stock_ms))],
        "ours_median_ms": _median(ours_ms),
        "ours_range_ms": [round(min(ours_ms)), round(max(ours_ms))],
        "ratio": round(statistics.median(ours_ms) / statistics.median(stock_ms), 3),
        "stock_returning_median_ms": _median([r["returning_ms"] for r in stock]),
        "ours_returning_median_ms": _median([r["returning_ms"] for r in ours]),
        "returning_ratio": round(
            statistics.median([r["returning_ms"] for r in ours])
            / statistics.median([r["returning_ms"] for r in stock]),
            3,
        ),
        "ours_returning_bytes": _median([r["returning_bytes"] for r in ours]),
        "stock_bytes": _median([r["bytes"] for r in stock]),
        **{k: _median([r[k] for r in ours]) for k in ("engine_bytes", "page_bytes")},
        "precache_bytes": _median([r["precache_bytes"] for r in ours]),
        "longest_task_ms": round(max(r["longest_task_ms"] for r in ours), 1),
        "longest_task_after_interaction_ms": round(
            max(r["longest_task_after_interaction_ms"] for r in ours), 1
        ),
    }


def print_start_summary(s: dict[str, Any], page: str, action: str) -> None:
    aim = 0.4 if s["network"] == "local" else 0.5
    mb = 1e6
    print(
        f"[{s['network']}] stock Pyodide, navigation to first engine answer:"
        f" median {s['stock_median_ms']} ms"
        f" (range {s['stock_range_ms'][0]}–{s['stock_range_ms'][1]})\n"
        f"[{s['network']}] ours ({page}, {action}), interaction to first answer:"
        f" median {s['ours_median_ms']} ms"
        f" (range {s['ours_range_ms'][0]}–{s['ours_range_ms'][1]})\n"
        f"[{s['network']}] ratio ours/stock: {s['ratio']:.2f} (aim ≤ {aim})\n"
        f"[{s['network']}] a returning visit (everything cached): stock"
        f" {s['stock_returning_median_ms']} ms, ours {s['ours_returning_median_ms']} ms"
        f" (from the engine's snapshot; {s['ours_returning_bytes']} bytes of engine files"
        f" over the network), ratio {s['returning_ratio']:.2f} (aim ≤ 0.25)\n"
        f"[{s['network']}] over the network (compressed): stock {s['stock_bytes'] / mb:.2f} MB;"
        f" ours: the engine's files {s['engine_bytes'] / mb:.2f} MB (aim ≤ 4.5),"
        f" the page {s['page_bytes'] / mb:.2f} MB,"
        f" the service worker's precache meanwhile {s['precache_bytes'] / mb:.2f} MB\n"
        f"[{s['network']}] longest main-thread task on the page: {s['longest_task_ms']} ms"
        f" ({s['longest_task_after_interaction_ms']} ms from the interaction on; aim ≤ 50)"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="fresh contexts per side")
    parser.add_argument("--page", default="fr/block/", help="the rules page, below the site")
    parser.add_argument("--action", default="try", choices=sorted(ACTIONS))
    parser.add_argument(
        "--network",
        nargs="+",
        default=["local"],
        choices=sorted(NETWORKS),
        help="the networks to time both sides on (4g: Chromium's emulation, see NETWORKS)",
    )
    parser.add_argument("--site", type=Path, help="an existing build (gets a stock/ folder)")
    parser.add_argument("--json", action="store_true", help="one JSON object per line")
    parser.add_argument(
        "--computer",
        metavar="LEVEL",
        choices=("beginner", "club", "expert"),
        help="also time this level's moves on the practice page (median and worst)",
    )
    parser.add_argument("--moves", type=int, default=60, help="computer moves timed")
    parser.add_argument(
        "--preset",
        default="block",
        choices=PRESETS,
        help="the preset of --computer's match",
    )
    parser.add_argument(
        "--players", type=int, default=2, choices=(2, 3, 4), help="seats in --computer's match"
    )
    parser.add_argument(
        "--partnerships",
        action="store_true",
        help="--computer's match in two teams (with --players 4)",
    )
    parser.add_argument(
        "--visits",
        action="store_true",
        help="also the practice page's first visit and second visit, online and offline",
    )
    parser.add_argument(
        "--fetches",
        action="store_true",
        help="only: the bytes and requests per URL of a cold first start of the engine",
    )
    parser.add_argument(
        "--tasks",
        action="store_true",
        help="only: the longest main-thread task after the first interaction, per page",
    )
    parser.add_argument(
        "--pages",
        action="store_true",
        help="only: one visit of three pages, each page's first answer and the engine's starts",
    )
    benchlog.add_flag(parser)
    args = parser.parse_args(argv)
    if args.partnerships and args.players != 4:
        parser.error("--partnerships needs --players 4")
    game = {
        "preset": args.preset,
        "options": {"partnerships": True} if args.partnerships else {},
        "players": args.players,
    }

    from playwright.sync_api import sync_playwright

    out = (lambda o: print(json.dumps(o))) if args.json else None
    logged: list[dict[str, Any]] = []  # the summaries, for the history (scripts/benchlog.py)
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        if site is None:
            site = Path(tmp) / "site"
            start = time.monotonic()
            strict_log = build_site(site)
            built = {"build_s": round(time.monotonic() - start, 2), "strict": strict_log is None}
            (out or (lambda o: print(f"site built in {o['build_s']} s, strict: {o['strict']}")))(
                {"what": "build", **built}
            )
        add_stock(site)
        warm_gzip(site)
        if args.fetches:
            try:
                with sync_playwright() as playwright:
                    browser = playwright.chromium.launch(
                        executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
                    )
                    print_fetches(run_fetches(browser, site), out)
                    browser.close()
            finally:
                if args.site is not None:
                    shutil.rmtree(site / "stock", ignore_errors=True)
            return 0
        server, url = serve(site, compress=True)
        starts: dict[str, tuple[list[dict[str, Any]], list[dict[str, Any]]]] = {
            network: ([], []) for network in args.network
        }
        tasks: dict[str, list[dict[str, Any]]] = {name: [] for name in TASK_PAGES}
        visits: list[dict[str, dict[str, float]]] = []
        pages: list[dict[str, float]] = []
        computer: list[float] = []
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
                )
                throttle = ServiceWorkerThrottle(browser)
                for run in range(args.runs):  # alternate, so a slow spell hits both
                    if args.pages:
                        pages.append(run_pages(browser, site))
                        r = pages[-1]
                        if out:
                            out(
                                {"what": "pages", "run": run, **{k: round(v) for k, v in r.items()}}
                            )
                        else:
                            print(
                                f"run {run}: rules page {r['rules_ms']:6.0f} ms"
                                f" ({r['rules_starts']:.0f} start), practice"
                                f" {r['practice_ms']:6.0f} ms ({r['practice_starts']:.0f}),"
                                f" puzzles {r['puzzles_ms']:6.0f} ms"
                                f" ({r['puzzles_starts']:.0f}), starts counted after each page;"
                                f" a saved match on screen {r['restored_ms']:.0f} ms after"
                                f" its page's navigation, the engine's answer for it"
                                f" {r['restored_ready_ms']:.0f} ms"
                            )
                        continue
                    if args.tasks:
                        for name in TASK_PAGES:
                            tasks[name].append(run_tasks(browser, url, name))
                            row = {"what": "tasks", "page": name, "run": run, **tasks[name][-1]}
                            if out:
                                out(row)
                            else:
                                r = tasks[name][-1]
                                print(
                                    f"run {run}: {name:10} longest task after the first"
                                    f" interaction {r['longest_task_ms']:5.0f} ms, its CPU"
                                    f" {r['longest_task_cpu_ms']:4.0f} ms; over 50 ms"
                                    f" [start after it, wall, CPU]: {r['over_50_cpu'] or 'none'}"
                                )
                        continue
                    for network, (stock, ours) in starts.items():
                        throttle.network = network
                        stock.append(run_stock(browser, url, network))
                        ours.append(run_ours(browser, site, args.page, args.action, network))
                        for what, r in (("stock", stock[-1]), ("ours", ours[-1])):
                            row = {"what": what, "network": network, "run": run}
                            row |= {k: round(v, 1) for k, v in r.items()}
                            if out:
                                out(row)
                            else:
                                print(
                                    f"run {run} [{network}]: {what:5} {r['ms']:7.0f} ms,"
                                    f" {(r.get('bytes') or r['engine_bytes']) / 1e6:5.2f} MB;"
                                    f" returning {r['returning_ms']:7.0f} ms"
                                )
                    throttle.network = "local"
                    if args.visits:
                        visits.append(run_visits(browser, site))
                        for what, r in visits[-1].items():
                            row = {"what": what, "run": run, **{k: round(v) for k, v in r.items()}}
                            if out:
                                out(row)
                            else:
                                print(
                                    f"run {run}: practice, {what.replace('_', ' '):14}"
                                    f" {r['nav_ms']:7.0f} ms from navigation,"
                                    f" {r['ms']:7.0f} ms from Start"
                                )
                if args.computer:
                    computer = run_computer(browser, url, game, args.computer, args.moves)
                browser.close()
        finally:
            server.shutdown()
            server.server_close()
            if args.site is not None:
                shutil.rmtree(site / "stock", ignore_errors=True)

    if args.pages:
        summary = {"what": "pages_summary", "runs": len(pages)}
        for name in ("rules", "practice", "puzzles", "restored", "restored_ready"):
            summary[f"{name}_median_ms"] = _median([r[f"{name}_ms"] for r in pages])
        ratios = [r["practice_ms"] / r["rules_ms"] for r in pages]
        summary["second_page_ratio"] = round(statistics.median(ratios), 2)
        summary["starts_max"] = max(int(r["puzzles_starts"]) for r in pages)
        logged.append(summary)
        if out:
            out(summary)
        else:
            print(
                f"one visit of three pages, median of {len(pages)}: the rules page's first"
                f" answer {summary['rules_median_ms']} ms (a fresh start), the practice"
                f" page's {summary['practice_median_ms']} ms (aim ≤ 300; "
                f"{summary['second_page_ratio']} of the fresh start, aim ≤ 0.15), the"
                f" puzzle of the day {summary['puzzles_median_ms']} ms after the link;"
                f" the engine started {summary['starts_max']} times at most (aim: once);"
                f" on a later visit, a saved match on screen"
                f" {summary['restored_median_ms']} ms after its page's navigation (aim ≤"
                f" 500), the engine's answer for it {summary['restored_ready_median_ms']} ms"
            )
        benchlog.log("bench_browser.py", logged, labels=("what",), args=args, python="pyodide")
        return 0
    if args.tasks:
        for name, rows in tasks.items():
            summary = {
                "what": "tasks_summary",
                "page": name,
                "runs": len(rows),
                "longest_task_ms": round(max(r["longest_task_ms"] for r in rows)),
                "longest_task_median_ms": _median([r["longest_task_ms"] for r in rows]),
                "longest_task_cpu_ms": round(max(r["longest_task_cpu_ms"] for r in rows)),
                "first_answer_median_ms": _median([r["first_answer_ms"] for r in rows]),
            }
            logged.append(summary)
            if out:
                out(summary)
            else:
                print(
                    f"{name}: longest main-thread task after the first interaction"
                    f" {summary['longest_task_ms']} ms over {len(rows)} runs (median"
                    f" {summary['longest_task_median_ms']} ms; aim ≤ 50), the main thread's"
                    f" own CPU time in a task at most {summary['longest_task_cpu_ms']} ms;"
                    f" first answer median {summary['first_answer_median_ms']} ms"
                )
        benchlog.log(
            "bench_browser.py", logged, labels=("what", "page"), args=args, python="pyodide"
        )
        return 0
    for network, (stock, ours) in starts.items():
        summary = summarize_starts(network, stock, ours) | {
            "page": args.page,
            "action": args.action,
        }
        logged.append(summary)
        if out:
            out(summary)
        else:
            print_start_summary(summary, args.page, args.action)
    if visits:
        visit_summary = {
            what: {
                "nav_median_ms": _median([v[what]["nav_ms"] for v in visits]),
                "start_median_ms": _median([v[what]["ms"] for v in visits]),
            }
            for what in ("first_no_worker", "first", "second_online", "second_offline")
        }
        logged.append({"what": "visits_summary", **visit_summary})
        if out:
            out({"what": "visits_summary", **visit_summary})
        else:
            for what, v in visit_summary.items():
                print(
                    f"practice page, {what.replace('_', ' ')} visit: median"
                    f" {v['nav_median_ms']} ms from navigation to a playable hand,"
                    f" {v['start_median_ms']} ms from Start"
                )
    if computer:
        c = {
            "what": "computer",
            "level": args.computer,
            "preset": args.preset,
            "players": args.players,
            "partnerships": args.partnerships,
            "moves": len(computer),
            "median_ms": round(statistics.median(computer), 1),
            "worst_ms": round(max(computer), 1),
        }
        logged.append(c)
        if out:
            out(c)
        else:
            teams = " in partnerships" if c["partnerships"] else ""
            print(
                f"the computer ({c['level']}) on the practice page, {c['players']}-player"
                f" {c['preset']}{teams}, {c['moves']} moves:"
                f" median {c['median_ms']} ms, worst {c['worst_ms']} ms"
            )
    benchlog.log(
        "bench_browser.py", logged, labels=("what", "network", "page"), args=args, python="pyodide"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
